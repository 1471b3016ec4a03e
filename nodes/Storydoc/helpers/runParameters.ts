import type { IExecuteFunctions, IGetNodeParameterOptions, INode } from 'n8n-workflow';

interface RunParameters {
	/** n8n copies the node on every `getNode()`: one copy per run is enough to read and name it. */
	node: INode;
	dynamic: Map<string, boolean>;
	fixed: Map<string, unknown>;
}

const ofRun = new WeakMap<IExecuteFunctions, RunParameters>();

function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(hasExpression);
	if (value && typeof value === 'object') return Object.values(value).some(hasExpression);
	return false;
}

function runParameters(context: IExecuteFunctions): RunParameters {
	let run = ofRun.get(context);
	if (!run) {
		run = { node: context.getNode(), dynamic: new Map(), fixed: new Map() };
		ofRun.set(context, run);
	}
	return run;
}

export const runNode = (context: IExecuteFunctions): INode => runParameters(context).node;

function isDynamic(run: RunParameters, name: string): boolean {
	let dynamic = run.dynamic.get(name);
	if (dynamic === undefined) {
		let value: unknown = run.node.parameters;
		for (const part of name.split('.'))
			value = (value as Record<string, unknown> | undefined)?.[part];
		dynamic = hasExpression(value);
		run.dynamic.set(name, dynamic);
	}
	return dynamic;
}

/** Read once per run without an expression: for hundreds of items n8n's reading costs more than the requests. */
export function itemParameter(
	context: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback?: unknown,
	options?: IGetNodeParameterOptions,
): unknown {
	const run = runParameters(context);
	if (isDynamic(run, name)) return context.getNodeParameter(name, itemIndex, fallback, options);
	const key = `${name} ${options?.extractValue === false ? 'raw' : ''}`;
	if (!run.fixed.has(key))
		run.fixed.set(key, context.getNodeParameter(name, itemIndex, fallback, options));
	return run.fixed.get(key);
}
