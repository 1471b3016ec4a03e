/**
 * Shared pieces of the version tests: the seed's ids, Storydoc node parameters as the n8n editor
 * stores them (resource locators, the resource mapper with the schema the editor loaded), and small
 * readers of what the sandbox received.
 */
import type {
	INodeParameterResourceLocator,
	INodeParameters,
	ResourceMapperValue,
} from 'n8n-workflow';

import { SEED } from '../../sandbox/seed';
import type { Json, TestCredentials } from './n8n';
import { callMethod } from './n8n';
import type { Sandbox } from './sandbox';

export { SEED };

export const locator = (value: string, mode = 'id'): INodeParameterResourceLocator => ({
	__rl: true,
	mode,
	value,
});

export const PROPOSAL_ID = SEED.stories.proposal.id;
export const SENDER = SEED.users.sam.email;

/**
 * The Variables value the editor stores once the story's fields have loaded: the schema comes from
 * the node's own resource mapper method, called the way the editor calls it.
 */
export async function loadedVariables(
	credentials: TestCredentials,
	parameters: INodeParameters,
	value: ResourceMapperValue['value'],
	mappingMode: ResourceMapperValue['mappingMode'] = 'defineBelow',
): Promise<ResourceMapperValue> {
	const { fields } = await callMethod('resourceMapping', 'getStoryVariables', {
		credentials,
		parameters,
	});
	return {
		mappingMode,
		value,
		matchingColumns: [],
		schema: fields,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

export function createParameters(overrides: INodeParameters = {}): INodeParameters {
	return {
		resource: 'version',
		operation: 'create',
		storyId: locator(PROPOSAL_ID, 'list'),
		senderEmail: SENDER,
		title: 'Proposal for Globex',
		...overrides,
	};
}

export function updateParameters(
	versionId: string,
	overrides: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'version',
		operation: 'update',
		versionId: locator(versionId),
		senderEmail: SENDER,
		...overrides,
	};
}

/** Requests the sandbox received, as "METHOD /path". */
export const requestLines = (sandbox: Sandbox): string[] =>
	sandbox.log.map((entry: Json) => `${entry.method} ${entry.path}`);

/** The stored version (internal state, password included) by id. */
export const storedVersion = (sandbox: Sandbox, id: string): Json =>
	sandbox.state.versions.find((version: Json) => version.id === id);
