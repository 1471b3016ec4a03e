import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class StorydocApi implements ICredentialType {
	name = 'storydocApi';

	displayName = 'Storydoc API';

	icon: Icon = { light: 'file:../icons/storydoc.svg', dark: 'file:../icons/storydoc.dark.svg' };

	documentationUrl =
		'https://github.com/storydoc/n8n-nodes-storydoc?tab=readme-ov-file#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				"API key from Storydoc: Automations in the workspace sidebar › Create an API key. Requests count against the workspace's monthly automation credits.",
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: 'https://api.storydoc.com',
			placeholder: 'https://api.storydoc.com',
			description:
				'Address of the Storydoc API (http or https). Keep the default unless you test against a local Storydoc sandbox.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/v2/account',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'Storydoc refused the Access Token (403 Access denied): check that the key is complete, not revoked, and that its creator is still in the organization',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Storydoc answered 404 for GET /v2/account: check the Base URL, and that the organization of the key still exists',
				},
			},
		],
	};
}
