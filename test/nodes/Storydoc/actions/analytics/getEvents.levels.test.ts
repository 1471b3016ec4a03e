/**
 * Get Events › Engagement Level through n8n's engine against the sandbox: every reading session and
 * version of the seeded period graded as the rule of docs/analytics.md worked out by hand says
 * (scripts/examples/levels.js), with the defaults and with thresholds of the user's (Story's Last
 * Slide with the Story filter); Summary for Each Item's Version, a version nobody read cold; bad
 * thresholds refused, naming the item and the field, before any request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DAY_MS } from '../../../../../sandbox/dates';
import { SEED } from '../../../../../sandbox/seed';
import type { Json } from '../../../../harness/n8n';
import { runWorkflow, storydocWorkflow } from '../../../../harness/n8n';
import { useSandbox } from '../../../../harness/sandbox';
import {
	DEFAULT_RULES,
	sessionLevelByHand,
	versionLevelByHand,
} from '../../../../../scripts/examples/levels';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const api = useSandbox({ events: 3000, analyticsPageSize: 200, now: () => NOW });
beforeEach(() => api.sandbox.reset());

const iso = (ms: number) => new Date(ms).toISOString();
const PERIOD = { dateFrom: iso(NOW - 30 * DAY_MS), dateTo: iso(NOW) };
const STORY = SEED.versions.live.storyId;
const storyFilter = { filters: { storyId: { __rl: true, mode: 'id', value: STORY } } };

async function getEvents(parameters: INodeParameters, items?: IDataObject[]) {
	const { outputs, error } = await runWorkflow(
		storydocWorkflow(
			{ resource: 'analytics', operation: 'getEvents', ...PERIOD, ...parameters },
			{
				items,
			},
		),
		{ credentials: api.credentials() },
	);
	return { items: (outputs.Storydoc ?? []).map((item) => item.json as Json), error };
}

/** Sessions and versions of one run, each checked against the rule by hand; the levels seen. */
async function expectGraded(parameters: INodeParameters, rules: Json) {
	const sessions = await getEvents({ ...parameters, output: 'readingSessions' });
	const versions = await getEvents({ ...parameters, output: 'versionSummary' });
	expect(sessions.error).toBeUndefined();
	expect(versions.error).toBeUndefined();
	for (const session of sessions.items)
		expect(session).toMatchObject(sessionLevelByHand(session, rules));
	for (const version of versions.items) {
		const own = sessions.items.filter((session) => session.versionId === version.versionId);
		expect(version).toMatchObject(versionLevelByHand(own, rules));
	}
	return {
		sessions: new Set(sessions.items.map((session) => session.engagementLevel)),
		versions: versions.items.length,
	};
}

test('with the defaults: every reading session and version as the rule says, hot, warm and cold all met', async () => {
	const seen = await expectGraded({}, DEFAULT_RULES);
	expect([...seen.sessions].sort()).toEqual(['cold', 'hot', 'warm']);
	expect(seen.versions).toBeGreaterThan(1);
});

test("with the user's thresholds and Story's Last Slide (Story filter): the share of slides counts", async () => {
	// The story's length as deep as its readers went in the period, so that some reached it all.
	const read = await getEvents({ ...storyFilter, output: 'readingSessions' });
	const deepest = Math.max(...read.items.map((session) => session.deepestSlide ?? 0));
	expect(deepest).toBeGreaterThan(1);
	const rules = {
		hotReadingSeconds: 120,
		warmReadingSeconds: 30,
		lastSlide: deepest,
		hotSlidePercent: 100,
		warmSlidePercent: 50,
		signsForHot: 1,
		returningCounts: false,
		clickedCounts: true,
	};
	const seen = await expectGraded({ ...storyFilter, engagementLevel: rules }, rules);
	expect(seen.sessions.size).toBeGreaterThan(1);
	const { items } = await getEvents({
		...storyFilter,
		output: 'readingSessions',
		engagementLevel: rules,
	});
	expect(items.some((session) => session.engagementSigns.includes('slidesReached'))).toBe(true);
	expect(items.some((session) => session.engagementSigns.includes('returning'))).toBe(false);
});

test("Summary for Each Item's Version: the read version's level as Summary per Version's, a version nobody read cold", async () => {
	const versions = await getEvents({ output: 'versionSummary' });
	const read = versions.items.find((version) => version.versionId === SEED.versions.live.id)!;
	const { items, error } = await getEvents(
		{
			output: 'itemVersions',
			itemVersion: { __rl: true, mode: 'id', value: '={{ $json.version }}' },
		},
		[{ version: SEED.versions.live.id }, { version: '65e0000000000000000000a1' }],
	);
	expect(error).toBeUndefined();
	expect(items[0]).toMatchObject({
		engagementLevel: read.engagementLevel,
		engagementSigns: read.engagementSigns,
	});
	expect(items[1]).toMatchObject({ opened: false, engagementLevel: 'cold', engagementSigns: [] });
});

test.each<[string, Json, string]>([
	[
		'Warm Reading Time above Hot',
		{ hotReadingSeconds: 60, warmReadingSeconds: 61 },
		'Item 0: "Warm Reading Time (Seconds)" must not be above Hot Reading Time (60)',
	],
	[
		'Warm Share above Hot',
		{ hotSlidePercent: 50, warmSlidePercent: 70 },
		'Item 0: "Warm Share of Slides (%)" must not be above Hot Share of Slides (50)',
	],
	[
		"Story's Last Slide without the Story or Version filter",
		{ lastSlide: 8 },
		`Item 0: "Story's Last Slide" needs the Story or Version filter`,
	],
	[
		"Story's Last Slide 2.5",
		{ lastSlide: 2.5 },
		`Item 0: "Story's Last Slide" must be 0 (the share left out) or a whole number from 1 to 1000`,
	],
	[
		'Signs for Hot 5',
		{ signsForHot: 5 },
		'Item 0: "Signs for Hot" must be a whole number from 1 to 4',
	],
	[
		'a share of 0 %',
		{ hotSlidePercent: 0 },
		'Item 0: "Hot Share of Slides (%)" must be a whole number from 1 to 100',
	],
	[
		'Coming Back Counts "maybe"',
		{ returningCounts: '={{ "maybe" }}' },
		'Item 0: "Coming Back Counts" must be true or false',
	],
])(
	'%s is refused, naming the item and the field, before any request',
	async (_, engagementLevel, message) => {
		for (const output of ['readingSessions', 'versionSummary']) {
			const { error } = await getEvents({ output, engagementLevel });
			expect(error?.message).toContain(message);
		}
		expect(api.sandbox.log).toHaveLength(0);
	},
);

test("Summary for Each Item's Version: Story's Last Slide without the Story filter names only that filter (Version is refused there)", async () => {
	const { error } = await getEvents(
		{
			output: 'itemVersions',
			itemVersion: { __rl: true, mode: 'id', value: '={{ $json.version }}' },
			engagementLevel: { lastSlide: 8 },
		},
		[{ version: SEED.versions.live.id }],
	);
	expect(error?.message).toContain(`Item 0: "Story's Last Slide" needs the Story filter`);
	expect(api.sandbox.log).toHaveLength(0);
});
