import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_TIMEOUT_SECONDS,
	GENERATE_TIMEOUT_SECONDS,
	MAX_TIMEOUT_SECONDS,
} from '../constants';

const timeoutOption = (defaultSeconds: number, description: string): INodeProperties => ({
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_TIMEOUT_SECONDS },
	default: defaultSeconds,
	description,
});

/** Node-wide: the transport reads it for the requests of every operation but Story › Generate. */
export const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { hide: { operation: ['generate'] } },
	options: [
		timeoutOption(
			DEFAULT_TIMEOUT_SECONDS,
			'How long to wait for Storydoc to answer one request. A read that times out is tried again; a create or update that times out is not resent, and its item fails saying the version may exist.',
		),
	],
};

export const generateRequestOptions: INodeProperties = {
	...requestOptions,
	default: { timeout: GENERATE_TIMEOUT_SECONDS },
	displayOptions: { show: { resource: ['story'], operation: ['generate'] } },
	options: [
		timeoutOption(
			GENERATE_TIMEOUT_SECONDS,
			'How long to wait for the generated story. Generation takes 30 to 90 seconds; Storydoc advises at least 180. A generation that times out is not resent, and its item fails saying a story may have been generated.',
		),
	],
};
