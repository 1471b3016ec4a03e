'use strict';
/**
 * Reads an RFC 5322 message as a mail client would, enough to check what n8n's Gmail node put in
 * a draft: the headers (folded lines joined, RFC 2047 encoded words decoded) and the text of each
 * part (multipart bodies split at their boundary; base64 and quoted-printable decoded).
 */

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words of a header, decoded (RFC 2047). */
function decodeWords(value) {
	return value
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset, encoding, text) => {
			const bytes =
				encoding.toUpperCase() === 'B'
					? Buffer.from(text, 'base64')
					: Buffer.from(
							text
								.replace(/_/g, ' ')
								.replace(/=([0-9A-Fa-f]{2})/g, (__, hex) => String.fromCharCode(parseInt(hex, 16))),
							'latin1',
						);
			return bytes.toString(/utf-?8/i.test(charset) ? 'utf8' : 'latin1');
		});
}

/** The headers (names in lower case) and the body of one entity. */
function splitEntity(text) {
	const end = text.search(/\r?\n\r?\n/);
	const head = end === -1 ? text : text.slice(0, end);
	const body = end === -1 ? '' : text.slice(end).replace(/^\r?\n\r?\n/, '');
	const headers = {};
	for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(
				line.slice(colon + 1).trim(),
			);
	}
	return { headers, body };
}

function decodeBody(body, encoding = '') {
	if (/base64/i.test(encoding))
		return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (/quoted-printable/i.test(encoding))
		return Buffer.from(
			body
				.replace(/=\r?\n/g, '')
				.replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
			'latin1',
		).toString('utf8');
	return body;
}

/** The text parts of an entity, depth first: `[{ type, text }]`. */
function textParts({ headers, body }) {
	const type = headers['content-type'] ?? 'text/plain';
	const boundary = /boundary="?([^";]+)"?/i.exec(type);
	if (!/^multipart\//i.test(type) || !boundary)
		return [
			{
				type: type.split(';')[0].trim().toLowerCase(),
				text: decodeBody(body, headers['content-transfer-encoding']),
			},
		];
	return body
		.split(`--${boundary[1]}`)
		.slice(1)
		.filter((part) => !part.startsWith('--'))
		.flatMap((part) => textParts(splitEntity(part.replace(/^\r?\n/, ''))));
}

/** A message (its bytes as text): `{ headers, parts: [{ type, text }] }`. */
function parseMessage(text) {
	const entity = splitEntity(text);
	return { headers: entity.headers, parts: textParts(entity) };
}

module.exports = { parseMessage };
