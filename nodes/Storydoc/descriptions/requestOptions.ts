import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS } from '../constants';

/** Node-wide: the transport reads it for the requests of every operation. */
export const requestOptions: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_TIMEOUT_SECONDS },
			default: DEFAULT_TIMEOUT_SECONDS,
			description:
				'How long to wait for Storydoc to answer one request. A read that times out is tried again; a create or update that times out is not resent, and its item fails saying the version may exist.',
		},
	],
};
