'use strict';
/**
 * The Storydoc credentials the scenarios import, by role: `account` on the sandbox's main key (team),
 * `secondKey` on a second key of the organization (admin: its requests are told apart in the
 * sandbox's log, and a fault rule can hit only them), `badToken` on a token the sandbox refuses.
 */
const CREDENTIALS = {
	account: { id: 'storydocAccount', name: 'Storydoc account' },
	secondKey: { id: 'storydocFirstView', name: 'Storydoc (second key)' },
	badToken: { id: 'storydocBadToken', name: 'Storydoc (bad token)' },
};

/** A credential as `n8n import:credentials` reads it; `tokens` maps each role to its access token. */
function storydocCredential(role, { url, tokens }) {
	const { id, name } = CREDENTIALS[role];
	return { id, name, type: 'storydocApi', data: { accessToken: tokens[role], baseUrl: url } };
}

/** How a workflow node names a credential. */
const credentialRef = (role) => ({ ...CREDENTIALS[role] });

module.exports = { CREDENTIALS, credentialRef, storydocCredential };
