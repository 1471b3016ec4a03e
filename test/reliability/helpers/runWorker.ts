/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- the tests start worker processes */
/**
 * Runs createWorker.ts in a process of its own (TypeScript through ts-node's require hook), its
 * clock `scale` times faster (timeScale.ts): the node's waits (the rate limit's minute, sleeps,
 * timeouts) take 1/scale of their length, while the sandbox in the test's process keeps real time.
 * A sandbox window of 60 s / scale is then the API's minute as the worker sees it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import type { TestItem } from '../../harness/n8n';

const WORKER = path.join(__dirname, 'createWorker.ts');
const TIME_SCALE = path.join(__dirname, 'timeScale.ts');
const TS_NODE = require.resolve('ts-node/register');
/** The package's tsconfig.json, whose `ts-node` block makes ts-node only transpile. */
const TS_NODE_PROJECT = path.join(__dirname, '..', '..', '..', 'tsconfig.json');

export interface WorkerJob {
	baseUrl: string;
	token: string;
	storyId: string;
	/** The input items of one execution… */
	items?: IDataObject[];
	/** …or several executions at once in this process, sharing its pacer. */
	batches?: IDataObject[][];
	nodeSettings?: Partial<INode>;
	timeoutSeconds?: number;
	/** The node's parameters, when the worker runs something other than Create Version. */
	parameters?: INodeParameters;
}

export interface WorkerRun {
	seconds: number;
	error?: { message: string; description?: string; httpCode?: string; itemIndex?: number };
	outputs: Array<Pick<TestItem, 'json' | 'pairedItem'>>;
}

export type WorkerResult = Partial<WorkerRun> & { runs?: WorkerRun[] };

export interface WorkerOptions {
	/** How many times faster the worker's clock runs. */
	scale?: number;
	timeoutMs?: number;
}

export function runWorker(
	job: WorkerJob,
	{ scale = 1, timeoutMs = 90_000 }: WorkerOptions = {},
): Promise<WorkerResult> {
	return new Promise((resolve, reject) => {
		execFile(
			process.execPath,
			['-r', TS_NODE, '-r', TIME_SCALE, WORKER, JSON.stringify(job)],
			{
				timeout: timeoutMs,
				maxBuffer: 16 << 20,
				env: { ...process.env, TIME_SCALE: String(scale), TS_NODE_PROJECT },
			},
			(error, stdout, stderr) => {
				if (error) return reject(new Error(`worker failed: ${error.message}\n${stderr}`));
				const lines = stdout.trim().split('\n');
				resolve(JSON.parse(lines[lines.length - 1]) as WorkerResult);
			},
		);
	});
}
