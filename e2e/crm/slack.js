'use strict';
/**
 * Slack's Web API as n8n's Slack node (2.4) calls it, from Slack's public reference:
 * chat.postMessage (a JSON body with `channel` and `text`; the answer `{ ok, channel, ts, message }`)
 * and the file upload of 2024 (files.getUploadURLExternal with `filename` and `length` → a POST of
 * the bytes to the `upload_url` it gives, multipart, answered "OK - <bytes>" → files.completeUploadExternal
 * with the file IDs, `channel_id` and `initial_comment`). Errors as Slack's `{ ok: false, error }`
 * with HTTP 200: `channel_not_found`, `invalid_arguments`, `file_not_found`.
 */
const { RawAnswer, createStandIn } = require('./standIn');

/** The channel ID Slack would give a channel name here: C0 and the name in capitals. */
const channelIdOf = (name) => `C0${name.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;

/** The bytes of the part named `file` of a multipart/form-data body (n8n sends one part). */
function filePart(raw, contentType) {
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
	if (!boundary) return undefined;
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
	let at = raw.indexOf(delimiter);
	while (at !== -1) {
		const headersEnd = raw.indexOf('\r\n\r\n', at);
		if (headersEnd === -1) return undefined;
		const headers = raw.toString('utf8', at, headersEnd);
		const next = raw.indexOf(delimiter, headersEnd);
		if (/name="file"/.test(headers) && next !== -1) return raw.subarray(headersEnd + 4, next - 2); // the part ends with CRLF before the delimiter
		at = next;
	}
	return undefined;
}

/** Slack's file upload of 2024, in three calls; `pending` holds the upload URLs given, by file ID. */
function uploadRoutes(state, pending, channels) {
	const channelIds = () => channels.map(channelIdOf);
	return [
		[
			'GET',
			/^\/api\/files\.getUploadURLExternal$/,
			({ query }) => {
				const filename = query.get('filename');
				const length = Number(query.get('length'));
				if (!filename || !Number.isInteger(length) || length < 1)
					return { ok: false, error: 'invalid_arguments' };
				const fileId = `F0${String(state.files.length + pending.size + 1).padStart(8, '0')}`;
				pending.set(fileId, { filename, length, bytes: undefined });
				return {
					ok: true,
					upload_url: `https://files.slack.com/upload/v1/${fileId}`,
					file_id: fileId,
				};
			},
		],
		[
			'POST',
			/^\/upload\/v1\/(F0\d+)$/,
			({ params: [fileId], raw, headers, host }) => {
				const upload = pending.get(fileId);
				const bytes = filePart(raw, headers['content-type']);
				if (host !== 'files.slack.com' || !upload || !bytes)
					return new RawAnswer('text/plain', Buffer.from('Bad Request'));
				upload.bytes = bytes;
				return new RawAnswer('text/plain', Buffer.from(`OK - ${bytes.length}`));
			},
		],
		[
			'POST',
			/^\/api\/files\.completeUploadExternal$/,
			({ body }) => {
				const files = Array.isArray(body?.files) ? body.files : [];
				if (!files.length) return { ok: false, error: 'invalid_arguments' };
				if (files.some((file) => !pending.get(file.id)?.bytes))
					return { ok: false, error: 'file_not_found' };
				if (body.channel_id !== undefined && !channelIds().includes(body.channel_id))
					return { ok: false, error: 'channel_not_found' };
				const shared = files.map(({ id, title }) => {
					const { filename, length, bytes } = pending.get(id);
					pending.delete(id);
					const file = {
						id,
						title: title ?? filename,
						filename,
						length,
						channel: body.channel_id ?? null,
						initialComment: body.initial_comment ?? null,
						bytes: bytes.toString('base64'),
					};
					state.files.push(file);
					return { id, name: filename, title: file.title, size: bytes.length };
				});
				return { ok: true, files: shared };
			},
		],
	];
}

/**
 * @param {{ token: string, channels: string[], users?: string[] }} options channel names without
 *   '#'; `users`: member IDs, to which chat.postMessage sends a direct message (its channel a D…)
 */
function createSlack({ token, channels, users = [] }) {
	const state = { messages: [], files: [] };
	/** Upload URLs given and not yet completed, by file ID. */
	const pending = new Map();
	const routes = [
		[
			'POST',
			/^\/api\/chat\.postMessage$/,
			({ body }) => {
				const channel = String(body?.channel ?? '').replace(/^#/, '');
				const direct = users.includes(channel);
				if (!channels.includes(channel) && !direct)
					return { ok: false, error: 'channel_not_found' };
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
					channel: direct ? `D0${channel.slice(2)}` : channelIdOf(channel),
					ts,
					message,
				};
			},
		],
		...uploadRoutes(state, pending, channels),
	];
	const standIn = createStandIn({
		name: 'Slack',
		hosts: ['slack.com', 'files.slack.com'],
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
			state.files = [];
			pending.clear();
		},
	});
}

module.exports = { channelIdOf, createSlack };
