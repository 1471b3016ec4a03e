'use strict';
/**
 * Deterministic randomness for the seed and for generated ids. Everything random in the sandbox comes
 * from one of these generators, so the same `seed` (and the same clock) always gives the same data.
 */

/**
 * mulberry32: a tiny 32-bit PRNG, good enough for test data and far faster than anything crypto.
 * @param {number} seed
 * @returns {() => number} uniform numbers in [0, 1)
 */
function mulberry32(seed) {
	let a = seed >>> 0;
	return function next() {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Byte → two hex digits; a table lookup is several times faster than Number#toString(16). */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * Convenience draws on top of a generator.
 * @param {number} seed
 */
function createRandom(seed) {
	const next = mulberry32(seed);
	/** @param {number} length */
	const hex = (length) => {
		let out = '';
		while (out.length < length) {
			const word = (next() * 0x100000000) >>> 0;
			out +=
				HEX_BYTES[word >>> 24] +
				HEX_BYTES[(word >>> 16) & 255] +
				HEX_BYTES[(word >>> 8) & 255] +
				HEX_BYTES[word & 255];
		}
		return out.length === length ? out : out.slice(0, length);
	};
	return {
		next,
		/** Integer in [min, max]. */
		int: (/** @type {number} */ min, /** @type {number} */ max) =>
			min + Math.floor(next() * (max - min + 1)),
		/** @template T @param {T[]} items @returns {T} */
		pick: (items) => items[Math.floor(next() * items.length)],
		hex,
		/** A Storydoc-style id: 24 lowercase hex characters (a MongoDB ObjectId). */
		objectId: () => hex(24),
		/** A UUID-shaped string (version 4 layout), as the API uses for `errorId`. */
		uuid: () => {
			const h = hex(32);
			return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
		},
	};
}

module.exports = { createRandom, mulberry32 };
