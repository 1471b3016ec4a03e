import type { INodeProperties } from 'n8n-workflow';

/** The node's description, and n8n's default for a version-1 tool's manual description. */
export const NODE_DESCRIPTION =
	'Create personalized Storydoc versions, read stories and pull engagement analytics';

const FOR_A_MODEL: Array<{ resource: string; operation: string; output?: string; text: string }> = [
	{
		resource: 'account',
		operation: 'get',
		text: 'Get the Storydoc organization of this API key: its ID and name. Takes no arguments. Use it to check that Storydoc is reachable.',
	},
	{
		resource: 'analytics',
		operation: 'getEvents',
		output: 'events',
		text: 'Get the views and clicks of prospects on Storydoc versions between two dates (ISO 8601, e.g. 2026-11-01T00:00:00Z), oldest first, one result per event. Needs the Team plan.',
	},
	{
		resource: 'analytics',
		operation: 'getEvents',
		output: 'readingSessions',
		text: 'Summarize each visit of a reader to a Storydoc version between two dates (ISO 8601, e.g. 2026-11-01T00:00:00Z), oldest first: reading time in seconds (a lower bound), slides viewed, actions clicked, whether the reader came back, and an engagement level (hot, warm or cold). Needs the Team plan.',
	},
	{
		resource: 'analytics',
		operation: 'getEvents',
		output: 'versionSummary',
		text: 'Summarize who read which Storydoc version between two dates (ISO 8601, e.g. 2026-11-01T00:00:00Z): one result per version with its prospect, views, clicks, visitors, reading sessions, returning readers, reading time, deepest slide and an engagement level (hot, warm or cold). Needs the Team plan.',
	},
	{
		resource: 'analytics',
		operation: 'getEvents',
		output: 'storySummary',
		text: "Summarize how each Storydoc story was read between two dates (ISO 8601, e.g. 2026-11-01T00:00:00Z), as Storydoc's analytics page does: readers, sessions, engaged readers, average reading time, the funnel to the last slide, bounce, each slide's reach, devices, cities, each day, actions clicked. Needs the Team plan.",
	},
	{
		resource: 'story',
		operation: 'generate',
		text: "Generate a new Storydoc presentation (a Live story) with AI from a prompt, in the brand of a company's website. Takes up to 3 minutes and uses AI credits; each call makes a new story. Returns its ID as pageId, to create versions of it.",
	},
	{
		resource: 'story',
		operation: 'get',
		text: "Get one Storydoc story (a template) by its ID (24 hexadecimal characters) or its editor address (a version's editorUrl or versionUrl names its story too): its title, status, preview link and the variable keys a version of it can fill.",
	},
	{
		resource: 'story',
		operation: 'getAll',
		text: 'List the Storydoc stories (templates) of the organization: ID, title, status and variable keys. Versions can only be made of Live stories.',
	},
	{
		resource: 'version',
		operation: 'create',
		text: 'Create a personalized version of a Live Storydoc story for one prospect and return its link (url). Each call creates a new version and uses a credit: call it once per prospect.',
	},
	{
		resource: 'version',
		operation: 'get',
		text: 'Get one personalized Storydoc version by its version ID (24 hexadecimal characters), its editorUrl or its versionUrl: status, link, sender, expiry and acceptance. Public links (www.storydoc.com/…, view.storydoc.com/…) carry no version ID and are refused. Versions cannot be listed.',
	},
	{
		resource: 'version',
		operation: 'update',
		text: 'Change the variable values of an existing Storydoc version, found by its version ID (24 hexadecimal characters), its editorUrl or its versionUrl (public links carry no ID); its link stays the same.',
	},
];

/** Version 1 keeps what n8n would add itself: docs/development.md › Design notes (output modes). */
export const toolDescriptionProperties: INodeProperties[] = [
	{
		displayName: 'Tool Description',
		name: 'descriptionType',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Set Automatically',
				value: 'auto',
				description: 'Automatically set based on resource and operation',
			},
			{
				name: 'Set Manually',
				value: 'manual',
				description: 'Manually set the description',
			},
		],
		default: 'auto',
		displayOptions: { show: { '@version': [1], '@tool': [true] } },
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: NODE_DESCRIPTION,
		required: true,
		typeOptions: { rows: 2 },
		description:
			'Explain to the LLM what this tool does, a good, specific description would allow LLMs to produce expected results much more often',
		displayOptions: { show: { '@version': [1], '@tool': [true], descriptionType: ['manual'] } },
	},
	...FOR_A_MODEL.map(
		({ resource, operation, output, text }): INodeProperties => ({
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: text,
			required: true,
			typeOptions: { rows: 3 },
			description:
				'What the model reads about this tool: what it does, what it needs and what it returns',
			displayOptions: {
				show: {
					'@version': [{ _cnd: { gte: 2 } }],
					'@tool': [true],
					resource: [resource],
					operation: [operation],
					...(output ? { output: [output] } : {}),
				},
			},
		}),
	),
];
