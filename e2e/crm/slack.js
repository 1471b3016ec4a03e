'use strict';
/**
 * Slack's Web API method chat.postMessage as n8n's Slack node (v2.4) calls it, from Slack's public
 * reference: a JSON body with `channel` and `text`; the answer `{ ok, channel, ts, message }`, and
 * `{ ok: false, error }` for a channel that does not exist.
 */
const { createStandIn } = require('./standIn');

/** @param {{ token: string, channels: string[] }} options channel names without '#' */
function createSlack({ token, channels }) {
	const state = { messages: [] };
	const routes = [
		[
			'POST',
			/^\/api\/chat\.postMessage$/,
			({ body }) => {
				const channel = String(body?.channel ?? '').replace(/^#/, '');
				if (!channels.includes(channel)) return { ok: false, error: 'channel_not_found' };
				const ts = `${Math.floor(Date.now() / 1000)}.${String(state.messages.length + 1).padStart(6, '0')}`;
				const message = {
					type: 'message',
					text: body.text,
					ts,
					bot_id: 'B0STORYDOC',
					user: 'U0STORYDOC',
				};
				state.messages.push({ channel, text: body.text, ts });
				return {
					ok: true,
					channel: `C0${channel.toUpperCase().replace(/[^A-Z0-9]/g, '')}`,
					ts,
					message,
				};
			},
		],
	];
	const standIn = createStandIn({
		name: 'Slack',
		hosts: ['slack.com'],
		token,
		routes,
		unauthorized: { ok: false, error: 'invalid_auth' },
		faultBody: (status) =>
			status === 429 ? { ok: false, error: 'ratelimited' } : { ok: false, error: 'internal_error' },
	});
	return Object.assign(standIn, {
		state,
		reset() {
			state.messages = [];
		},
	});
}

module.exports = { createSlack };
