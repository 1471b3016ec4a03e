'use strict';
/**
 * Analytics events: deterministic generation, the sorted index, and range lookup.
 *
 * `state.events` is always sorted by (timestamp, eventId). Timestamps are stored as
 * `Date#toISOString()` strings, which sort lexicographically in time order, so a range lookup is two
 * binary searches on the strings themselves and a page is a slice: fast at 100,000 events.
 */
const { versionLinks } = require('./links');
const { parseIsoUtc } = require('./dates');

const SLIDE_COUNT = 5;
const CLICKS = [
	{ eventName: 'CTA click: Book a meeting', eventUrl: 'https://calendly.com/acme-sales/intro' },
	{ eventName: 'Link click: Case study', eventUrl: 'https://acme.test/case-studies' },
	{ eventName: 'CTA click: Download PDF', eventUrl: null },
];
/** Desktop twice: most visits come from desktops. */
const DEVICES = [
	['desktop', 'Mac'],
	['desktop', 'Mac'],
	['mobile', 'Mobile'],
	['tablet', 'Tablet'],
];
/** The last entry is a visitor whose location is unknown: every location field null. */
const LOCATIONS = [
	['New York', 40.7128, -74.006],
	['London', 51.5072, -0.1276],
	['Berlin', 52.52, 13.405],
	['Tel Aviv', 32.0853, 34.7818],
	['Toronto', 43.6532, -79.3832],
	[null, null, null],
];
/** The id forms of Storydoc's published reference: `evt_8a1c0a16d2b14e9c`, `vis_aa11bb22cc33dd44`. */
const eventId = (random) => `evt_${random.hex(16)}`;
const visitorId = (random) => `vis_${random.hex(16)}`;

const MAX_SESSION_EVENTS = 8;
/** Every this-many-th session's events carry no sessionId (the spec allows null): readers still read them as visits. */
const SESSIONLESS_EVERY = 25;
/** A session starts at least this long before its version's window ends, so all of it fits inside. */
const SESSION_ROOM_MS = 3_600_000;

/** @param {{ timestamp: string, eventId: string }} a @param {{ timestamp: string, eventId: string }} b */
function compareEvents(a, b) {
	if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
	if (a.eventId === b.eventId) return 0;
	return a.eventId < b.eventId ? -1 : 1;
}

/** The fields a version (and its story) give every event on it, in the spec's field order. */
function versionFields(version, story) {
	const data = version.data ?? {};
	const name = [data.first_name, data.last_name]
		.filter((part) => typeof part === 'string' && part)
		.join(' ');
	return {
		storyId: version.storyId,
		storyTitle: story?.title ?? null,
		versionId: version.id,
		versionTitle: typeof data.title === 'string' ? data.title : null,
		versionCreatedAt: version.createdAt ?? null,
		prospectName: name || null,
		prospectEmail: typeof data.email === 'string' ? data.email : null,
		prospectPosition: typeof data.position === 'string' ? data.position : null,
	};
}

/** @typedef {ReturnType<typeof buildEvent>} SandboxEvent an event as the API returns it */

/**
 * One event with every field of the spec's Analytics event table, in its order. Fields are written
 * out rather than spread: this runs 100,000 times when the sandbox starts with a large seed.
 */
function buildEvent(ids, timestampMs, fromVersion, action, device, location) {
	return {
		sessionId: ids.sessionId,
		eventId: ids.eventId,
		visitorId: ids.visitorId,
		timestamp: new Date(timestampMs).toISOString(),
		storyId: fromVersion.storyId,
		storyTitle: fromVersion.storyTitle,
		versionId: fromVersion.versionId,
		versionTitle: fromVersion.versionTitle,
		versionCreatedAt: fromVersion.versionCreatedAt,
		prospectName: fromVersion.prospectName,
		prospectEmail: fromVersion.prospectEmail,
		prospectPosition: fromVersion.prospectPosition,
		eventName: action.eventName,
		eventCategory: action.eventCategory,
		deviceType: device[0],
		deviceTypeName: device[1],
		eventUrl: action.eventUrl,
		locationCity: location[0],
		locationLatitude: location[1],
		locationLongitude: location[2],
	};
}

/**
 * Seeded events: visit sessions (the cover, then the next slides in order, each viewed after a dwell
 * of a few seconds to two minutes, with clicks on calls to action between) spread over the `spanMs`
 * before `now`, each inside its version's life (after creation, before expiry). Views are named as in
 * Storydoc's reference (`view_slide_3`). Each version has three readers, so the same reader comes back
 * days later and a second reader opens it; every 25th session has no sessionId. About one click in
 * five lands on the exact millisecond of the view before it, so ties in `timestamp` are common and
 * ordering falls back to `eventId`. `evenly`: over the whole span, whatever the version's life.
 */
function generateEvents({ random, versions, stories, count, now, spanMs, evenly = false }) {
	const storyById = new Map(stories.map((story) => [story.id, story]));
	const targets = versions.map((version) => {
		const start = evenly ? now - spanMs : Math.max(now - spanMs, Date.parse(version.createdAt));
		const end =
			(evenly ? now : Math.min(now, version.expireAt ? Date.parse(version.expireAt) : now)) -
			SESSION_ROOM_MS;
		return {
			start,
			end,
			fields: versionFields(version, storyById.get(version.storyId)),
			url: versionLinks(version).url,
			visitors: [visitorId(random), visitorId(random), visitorId(random)],
		};
	});
	const usable = targets.filter((target) => target.end > target.start);
	const events = [];
	let sessions = 0;
	while (usable.length && events.length < count) {
		const target = random.pick(usable);
		const uuid = random.uuid();
		const sessionId = ++sessions % SESSIONLESS_EVERY === 0 ? null : uuid;
		const visitorId = random.pick(target.visitors);
		const device = random.pick(DEVICES);
		const location = random.pick(LOCATIONS);
		const size = Math.min(random.int(1, MAX_SESSION_EVENTS), count - events.length);
		let time = target.start + Math.floor(random.next() * (target.end - target.start));
		let slide = 0;
		for (let index = 0; index < size; index++) {
			let action;
			if (index === 0 || random.next() < 0.7) {
				// The draw is kept (the seeded data stays as it was) but the slides go in order.
				if (index > 0) random.int(1, SLIDE_COUNT - 1);
				slide = index === 0 ? 0 : Math.min(slide + 1, SLIDE_COUNT - 1);
				action = {
					eventName: `view_slide_${slide + 1}`,
					eventCategory: 'view',
					eventUrl: `${target.url}#slide-${slide + 1}`,
				};
				if (index > 0) time += random.int(5_000, 120_000);
			} else {
				action = { ...random.pick(CLICKS), eventCategory: 'click' };
				if (random.next() >= 0.2) time += random.int(1_000, 30_000);
			}
			const ids = { sessionId, visitorId, eventId: eventId(random) };
			events.push(buildEvent(ids, time, target.fields, action, device, location));
		}
	}
	return events.sort(compareEvents);
}

/**
 * Completes partial events (admin `POST /__sandbox/events`, `sandbox.addEvents`): the version
 * named by `versionId` (or `defaultVersionId`) supplies the story, version and prospect fields, the
 * timestamp defaults to `now`, ids come from `random`; whatever the partial event gives wins.
 * @returns {SandboxEvent[]} complete events, in the given order
 */
function completeEvents(partials, { state, random, now, defaultVersionId }) {
	if (!Array.isArray(partials))
		throw new TypeError('events must be an array of (partial) event objects');
	return partials.map((partial, index) => {
		if (!partial || typeof partial !== 'object' || Array.isArray(partial)) {
			throw new TypeError(`event ${index} is not an object`);
		}
		const versionId = partial.versionId ?? defaultVersionId;
		const version = state.versions.find((candidate) => candidate.id === versionId);
		const story = state.stories.find(
			(candidate) => candidate.id === (partial.storyId ?? version?.storyId),
		);
		const fromVersion = versionFields(
			version ?? { id: versionId, storyId: story?.id ?? null },
			story,
		);
		const timestampMs = partial.timestamp === undefined ? now : parseIsoUtc(partial.timestamp);
		if (Number.isNaN(timestampMs))
			throw new TypeError(`event ${index} has an unparseable timestamp`);
		const ids = {
			sessionId: random.uuid(),
			visitorId: visitorId(random),
			eventId: eventId(random),
		};
		const action = {
			eventName: 'view_slide_1',
			eventCategory: 'view',
			eventUrl: version ? versionLinks(version).url : null,
		};
		const event = buildEvent(ids, timestampMs, fromVersion, action, DEVICES[0], LOCATIONS[0]);
		for (const key of Object.keys(event)) {
			if (key !== 'timestamp' && partial[key] !== undefined) event[key] = partial[key];
		}
		return event;
	});
}

/** Adds complete events to the sorted index, keeping it sorted. */
function insertEvents(events, added) {
	for (const event of added) events.push(event);
	// Array#sort (TimSort) is near linear on an array that is sorted but for a short tail.
	events.sort(compareEvents);
}

/** Index of the first event whose timestamp is >= iso (or > iso when `after` is set). */
function bound(events, iso, after) {
	let low = 0;
	let high = events.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		const timestamp = events[middle].timestamp;
		if (timestamp < iso || (after && timestamp === iso)) low = middle + 1;
		else high = middle;
	}
	return low;
}

/**
 * Events with fromMs <= timestamp <= toMs (both inclusive), in index order, without copying the rest.
 * @param {object[]} events sorted index
 */
function eventsBetween(events, fromMs, toMs) {
	if (toMs < fromMs) return [];
	const from = bound(events, new Date(fromMs).toISOString(), false);
	const to = bound(events, new Date(toMs).toISOString(), true);
	return events.slice(from, to);
}

module.exports = { generateEvents, completeEvents, insertEvents, eventsBetween };
