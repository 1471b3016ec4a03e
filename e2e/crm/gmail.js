'use strict';
/**
 * The Gmail API v1 as n8n's Gmail node (Draft › Create) calls it, from Google's public reference:
 * users.drafts.create (POST /gmail/v1/users/me/drafts with `{ message: { raw, threadId? } }`, `raw`
 * the RFC 5322 message in base64url; the answer `{ id, message: { id, threadId, labelIds } }`).
 * A message without a recipient is still a valid draft, as in Gmail. Errors in Google's shape
 * `{ error: { code, message, status, errors } }`.
 */
const { parseMessage } = require('./mime');
const { GOOGLE_UNAUTHORIZED, googleError } = require('./googleSheets');
const { createStandIn } = require('./standIn');

/** Gmail's IDs are 16 hexadecimal digits; a draft's begins with r. */
const hexId = (number) => number.toString(16).padStart(16, '0');

function createGmail({ token }) {
	const state = { drafts: [] };
	const routes = [
		[
			'POST',
			/^\/gmail\/v1\/users\/me\/drafts$/,
			({ body }) => {
				const raw = body?.message?.raw;
				if (typeof raw !== 'string' || !raw)
					throw googleError(400, 'INVALID_ARGUMENT', "Invalid value at 'draft.message.raw'");
				const number = 0x18c0000000000000 + state.drafts.length + 1;
				const messageId = hexId(number);
				const threadId = body.message.threadId ?? messageId;
				const { headers, parts } = parseMessage(Buffer.from(raw, 'base64url').toString('utf8'));
				state.drafts.push({
					id: `r${number}`,
					messageId,
					threadId,
					to: headers.to ?? null,
					cc: headers.cc ?? null,
					subject: headers.subject ?? null,
					from: headers.from ?? null,
					parts,
				});
				return {
					id: `r${number}`,
					message: { id: messageId, threadId, labelIds: ['DRAFT'] },
				};
			},
		],
	];
	const standIn = createStandIn({
		name: 'Gmail',
		hosts: ['www.googleapis.com'],
		token,
		routes,
		unauthorized: GOOGLE_UNAUTHORIZED,
		faultBody: (status) =>
			status === 429
				? {
						error: {
							code: 429,
							message: 'Too many concurrent requests for user.',
							status: 'RESOURCE_EXHAUSTED',
						},
					}
				: { error: { code: status, message: 'Backend Error', status: 'INTERNAL' } },
	});
	return Object.assign(standIn, {
		state,
		reset() {
			state.drafts = [];
		},
	});
}

module.exports = { createGmail };
