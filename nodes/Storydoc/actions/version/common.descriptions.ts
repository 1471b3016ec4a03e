import type { INodeProperties } from 'n8n-workflow';

type WriteOperation = 'create' | 'update';

/** On Update the story is the one the chosen version was made from. */
const storyDependency = (operation: WriteOperation) => [
	operation === 'create' ? 'storyId.value' : 'versionId.value',
];

export const senderEmailField: INodeProperties = {
	displayName: 'Sender Email',
	name: 'senderEmail',
	type: 'string',
	placeholder: 'name@email.com',
	required: true,
	default: '',
	description:
		'Email address of the Storydoc user the version comes from; must be a user of your organization',
};

export function versionDataFields(operation: WriteOperation): INodeProperties[] {
	const forUpdate = operation === 'update';
	const additionalFields: INodeProperties[] = [
		{
			displayName: 'Extra Data (JSON)',
			name: 'extraData',
			type: 'json',
			default: '{}',
			description:
				'More keys for the version data, merged in after everything else: for variables the story does not list, e.g. {"region": "EMEA"}',
		},
		{
			displayName: 'Gate Form',
			name: 'gateForm',
			type: 'fixedCollection',
			placeholder: 'Add Gate Form',
			default: {},
			description:
				'A form visitors fill in before they see the version. Replaces the whole gate configuration.',
			options: [
				{
					displayName: 'Settings',
					name: 'settings',
					values: [
						{
							displayName: 'Ask Name',
							name: 'askName',
							type: 'boolean',
							default: false,
							description: "Whether the form asks for the visitor's name",
						},
						{
							displayName: 'Enabled',
							name: 'enabled',
							type: 'boolean',
							default: true,
							description: 'Whether visitors must fill in the form before they see the version',
						},
						{
							displayName: 'Logo URL',
							name: 'logoUrl',
							type: 'string',
							default: '',
							placeholder: 'https://acme.com/logo.png',
							description: 'Image shown on the form',
						},
						{
							displayName: 'Message',
							name: 'message',
							type: 'string',
							default: '',
							description: 'Text shown on the form',
						},
						{
							displayName: 'Name Required',
							name: 'nameRequired',
							type: 'boolean',
							default: false,
							description: 'Whether the visitor must fill in the name',
						},
						{
							displayName: 'Show Logo',
							name: 'showLogo',
							type: 'boolean',
							default: false,
							description: 'Whether the form shows a logo',
						},
					],
				},
			],
		},
		{
			displayName: 'Optional Content (JSON)',
			name: 'optionalContent',
			type: 'json',
			default: '{}',
			description:
				"Sent as data._optionalContent. Storydoc does not document its shape; copy it from the story's optionalContent.",
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Password a visitor must enter to view the version',
		},
		{
			displayName: 'Preview Image URL',
			name: 'previewImageUrl',
			type: 'string',
			default: '',
			placeholder: 'https://acme.com/preview.png',
			description: 'Thumbnail shown when the link is shared (data.ogImage)',
		},
		{
			displayName: 'Products',
			name: 'products',
			type: 'fixedCollection',
			placeholder: 'Add Product',
			typeOptions: { multipleValues: true, sortable: true },
			default: {},
			description: 'Sent as data.products; replaces the whole list',
			options: [
				{
					displayName: 'Product',
					name: 'product',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '' },
						{
							displayName: 'Price',
							name: 'price',
							type: 'number',
							typeOptions: { numberPrecision: 2 },
							default: 0,
						},
						{
							displayName: 'Extra Keys (JSON)',
							name: 'extraKeys',
							type: 'json',
							default: '{}',
							description: 'More keys of this product, e.g. {"quantity": 3}',
						},
					],
				},
			],
		},
	];
	if (!forUpdate) {
		additionalFields.unshift({
			displayName: 'Days to Expire',
			name: 'daysToExpire',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 30,
			description:
				'Days until the link stops working. Without this field the version is permanent and public.',
		});
	}

	return [
		{
			displayName: 'Variables',
			name: 'variables',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			description: forUpdate
				? 'Variables to change; those not added here keep their current values'
				: 'Values for the variables of the story. A repeatable group also takes a whole list of rows as a JSON array.',
			typeOptions: {
				loadOptionsDependsOn: storyDependency(operation),
				resourceMapper: {
					resourceMapperMethod: 'getStoryVariables',
					mode: 'add',
					fieldWords: { singular: 'variable', plural: 'variables' },
					addAllFields: !forUpdate,
					multiKeyMatch: false,
					supportAutoMap: true,
				},
			},
		},
		{
			displayName: 'Repeatable Rows',
			name: 'repeatableRows',
			type: 'fixedCollection',
			placeholder: 'Add Row',
			typeOptions: { multipleValues: true, sortable: true },
			default: {},
			description:
				"Rows of the story's repeatable content (e.g. team members, pricing items), entered one by one and added after any rows given under Variables. A field's ID is its group key, any nested group keys and its own key, joined with dots: team_members.skills.skill.",
			options: [
				{
					displayName: 'Row',
					name: 'rows',
					values: [
						{
							displayName: 'Values',
							name: 'cells',
							type: 'fixedCollection',
							placeholder: 'Add Value',
							typeOptions: { multipleValues: true },
							default: {},
							options: [
								{
									displayName: 'Value',
									name: 'cell',
									values: [
										{
											displayName: 'Field Name or ID',
											name: 'field',
											type: 'options',
											typeOptions: {
												loadOptionsMethod: 'getRepeatableFields',
												loadOptionsDependsOn: storyDependency(operation),
											},
											default: '',
											description:
												'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
										},
										{ displayName: 'Value', name: 'value', type: 'string', default: '' },
									],
								},
							],
						},
						{
							displayName: 'Parent Row',
							name: 'parentRow',
							type: 'number',
							typeOptions: { minValue: 1, numberPrecision: 0 },
							default: 1,
							description:
								'For a row of a nested group only: the row of the parent group it goes into, counting the rows entered here for that group from 1',
						},
					],
				},
			],
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: additionalFields,
		},
	];
}
