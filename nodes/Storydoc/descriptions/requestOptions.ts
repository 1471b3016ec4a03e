import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_ITEMS_IN_PARALLEL,
	DEFAULT_TIMEOUT_SECONDS,
	GENERATE_ITEMS_IN_PARALLEL,
	GENERATE_TIMEOUT_SECONDS,
	MAX_ITEMS_IN_PARALLEL,
	MAX_TIMEOUT_SECONDS,
	VERSION_ITEMS_IN_PARALLEL,
} from '../constants';

const timeoutOption = (defaultSeconds: number, description: string): INodeProperties => ({
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_TIMEOUT_SECONDS },
	default: defaultSeconds,
	description,
});

const itemsInParallelOption = (defaultItems: number, description: string): INodeProperties => ({
	displayName: 'Items in Parallel',
	name: 'itemsInParallel',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_ITEMS_IN_PARALLEL },
	default: defaultItems,
	noDataExpression: true,
	description,
});

const ITEMS_IN_PARALLEL_DESCRIPTION =
	"How many input items to send to Storydoc at the same time. The node keeps within Storydoc's rate limit (150 version requests a minute) however high this is, and the output keeps the input's order. The first item always goes alone, so settings that are wrong for every item fail after one request.";

const requestTimeoutOption = timeoutOption(
	DEFAULT_TIMEOUT_SECONDS,
	'How long to wait for Storydoc to answer one request. A read that times out is tried again; a create or update that times out is not resent, and its item fails saying the version may exist.',
);

/** The router and transport read it for every operation but Story › Generate. */
export const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { hide: { operation: ['generate'], resource: ['version'] } },
	options: [
		itemsInParallelOption(DEFAULT_ITEMS_IN_PARALLEL, ITEMS_IN_PARALLEL_DESCRIPTION),
		requestTimeoutOption,
	],
};

export const versionRequestOptions: INodeProperties = {
	...requestOptions,
	displayOptions: { show: { resource: ['version'] } },
	options: [
		itemsInParallelOption(
			VERSION_ITEMS_IN_PARALLEL,
			`${ITEMS_IN_PARALLEL_DESCRIPTION} The default, 150, is a whole minute of that limit at once.`,
		),
		requestTimeoutOption,
	],
};

export const generateRequestOptions: INodeProperties = {
	...requestOptions,
	default: { timeout: GENERATE_TIMEOUT_SECONDS },
	displayOptions: { show: { resource: ['story'], operation: ['generate'] } },
	options: [
		itemsInParallelOption(
			GENERATE_ITEMS_IN_PARALLEL,
			'How many stories to generate at the same time. Each takes 30 to 90 seconds and uses AI credits; the first item always goes alone, so a prompt or sender wrong for every item fails after one generation.',
		),
		timeoutOption(
			GENERATE_TIMEOUT_SECONDS,
			'How long to wait for the generated story. Generation takes 30 to 90 seconds; Storydoc advises at least 180. A generation that times out is not resent, and its item fails saying a story may have been generated.',
		),
	],
};
