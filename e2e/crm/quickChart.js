'use strict';
/**
 * QuickChart's chart API as n8n's QuickChart node (1) calls it, from QuickChart's public reference:
 * `GET /chart?chart=<Chart.js config as JSON>&width=&height=&format=png`, answered with a PNG. The
 * stand-in draws nothing: its PNG is a valid 1 × 1 image whose tEXt chunk holds the chart config
 * asked for, so a test can tell which chart reached Slack. No credentials, as QuickChart's free API.
 */
const zlib = require('node:zlib');

const { RawAnswer, StandInError, createStandIn } = require('./standIn');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes) {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/** A 1 × 1 white PNG carrying `text` under the keyword "chart". */
function pngWithText(text) {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(1, 0);
	header.writeUInt32BE(1, 4);
	header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('tEXt', Buffer.from(`chart\0${text}`, 'latin1')),
		chunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 255, 255]))),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/** The chart config a stand-in PNG carries (for the tests). */
function chartOfPng(bytes) {
	const buffer = Buffer.from(bytes);
	let at = 8;
	while (at < buffer.length) {
		const length = buffer.readUInt32BE(at);
		const type = buffer.toString('latin1', at + 4, at + 8);
		if (type === 'tEXt') {
			const text = buffer.toString('latin1', at + 8, at + 8 + length);
			return JSON.parse(text.slice(text.indexOf('\0') + 1));
		}
		at += 12 + length;
	}
	return undefined;
}

function createQuickChart() {
	const state = { charts: [] };
	const routes = [
		[
			'GET',
			/^\/chart$/,
			({ query }) => {
				const config = query.get('chart');
				let chart;
				try {
					chart = JSON.parse(config ?? '');
				} catch {
					throw new StandInError(400, { error: 'chart: not a Chart.js config' });
				}
				if ((query.get('format') ?? 'png') !== 'png')
					throw new StandInError(400, { error: 'the stand-in draws PNG only' });
				state.charts.push(chart);
				// tEXt is Latin-1: other characters travel as JSON escapes.
				const text = JSON.stringify(chart).replace(
					/[\u007f-\uffff]/g,
					(character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
				);
				return new RawAnswer('image/png', pngWithText(text));
			},
		],
	];
	const standIn = createStandIn({
		name: 'QuickChart',
		hosts: ['quickchart.io'],
		token: '',
		routes,
		authorized: () => true,
		unauthorized: {},
		faultBody: (status) => ({ error: `HTTP ${status}` }),
	});
	return Object.assign(standIn, {
		state,
		reset() {
			state.charts = [];
		},
	});
}

module.exports = { chartOfPng, createQuickChart, pngWithText };
