/**
 * What a failed write batch reports after n8n's Retry On Fail: every item as the run left it across
 * all its tries. An item written in the first try, in flight beside one whose outcome was lost, is
 * reported as written with its ID on the last try, never as "not sent" (a re-run would create it
 * twice). The property over many generated schedules: test/reliability/batchReport.property.test.ts.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import type { Json } from '../../../harness/n8n';
import { pairedIndex, runWorkflow, storydocWorkflow } from '../../../harness/n8n';
import { useSandbox } from '../../../harness/sandbox';
import {
	SEED,
	createParameters,
	locator,
	updateParameters,
} from '../../../harness/versionFixtures';

const INTRO = SEED.stories.intro.id;
// Answers take a while, as a real account's do, so that items 1 and 2 are in flight together.
const api = useSandbox({ rateLimit: { max: 100000 }, latencyMs: 150 });
beforeEach(() => api.sandbox.reset());

const RETRY: Partial<INode> = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
const deals = (count: number): IDataObject[] =>
	Array.from({ length: count }, (_, index) => ({ company: `Deal ${index}` }));

async function run(
	parameters: INodeParameters,
	items: IDataObject[],
	nodeSettings: Partial<INode>,
) {
	return await runWorkflow(storydocWorkflow(parameters, { items, nodeSettings }), {
		credentials: api.credentials(),
	});
}

const requestsFor = (title: string): Json[] =>
	api.sandbox.log.filter((entry: Json) => entry.body?.data?.title === title);
const versionsTitled = (title: string): Json[] =>
	api.sandbox.state.versions.filter((version: Json) => version.data?.title === title);

/**
 * The connection drops after Storydoc processed the write of the item titled `title`, once
 * `inFlight` requests are in progress: the items sent beside it are then in flight whatever the
 * machine's load, as the scenario needs.
 */
const dropAfterProcessing = (
	route: 'POST /v2/versions' | 'POST /v2/versions/:id',
	title: string,
	inFlight = 1,
) =>
	api.sandbox.setFault({
		route,
		type: 'resetAfter',
		bodyIncludes: `"${title}"`,
		holdUntil: inFlight,
	});

describe('Retry On Fail: the last try reports what every earlier try did', () => {
	test('Version › Create: item 2, written in the first try beside item 1, is reported written with its ID', async () => {
		dropAfterProcessing('POST /v2/versions', 'Deal 1', 2);
		const parameters = createParameters({ storyId: locator(INTRO), title: '={{ $json.company }}' });
		const { error } = await run(parameters, deals(3), RETRY);

		expect(error.message).toMatch(/^The version may exist \(connection reset\)/);
		expect(error.context.itemIndex).toBe(1);
		// Each item sent once over the three tries; item 2 was in flight beside item 1.
		for (const title of ['Deal 0', 'Deal 1', 'Deal 2']) {
			expect(requestsFor(title)).toHaveLength(1);
			expect(versionsTitled(title)).toHaveLength(1);
		}
		const [zero] = versionsTitled('Deal 0');
		const [two] = versionsTitled('Deal 2');
		expect(error.description).toContain(
			`The other items of this run: Written: item 0 (versionId ${zero.id}); item 2 (versionId ${two.id}).`,
		);
		expect(error.description).not.toContain('Not sent');
	});

	test('Version › Update: the same, with the updated versions named', async () => {
		const ids = [SEED.versions.live.id, SEED.versions.edited.id, SEED.versions.expired.id];
		dropAfterProcessing('POST /v2/versions/:id', 'Deal 1', 2);
		const parameters = updateParameters('={{ $json.id }}', {
			title: '={{ $json.company }}',
			force: true,
		});
		const items = deals(3).map((item, index) => ({ ...item, id: ids[index] }));
		const { error } = await run(parameters, items, RETRY);

		expect(error.message).toMatch(/^The update may have been applied \(connection reset\)/);
		expect(error.context.itemIndex).toBe(1);
		for (const title of ['Deal 0', 'Deal 1', 'Deal 2']) expect(requestsFor(title)).toHaveLength(1);
		expect(error.description).toContain(
			`Written: item 0 (versionId ${ids[0]}); item 2 (versionId ${ids[2]}).`,
		);
		expect(error.description).not.toContain('Not sent');
	});

	test('an item refused in an earlier try and not sent by the last is reported as failed, not as not sent', async () => {
		dropAfterProcessing('POST /v2/versions', 'Deal 1', 3);
		const parameters = createParameters({
			storyId: locator(INTRO),
			title: '={{ $json.company }}',
			senderEmail: '={{ $json.sender }}',
		});
		const items = deals(4).map((item, index) => ({
			...item,
			sender: index === 3 ? 'nobody@acme.test' : SEED.users.sam.email,
		}));
		const { error } = await run(parameters, items, { ...RETRY, maxTries: 2 });

		expect(error.context.itemIndex).toBe(1);
		// Item 3 went out beside 1 and 2 in the first try and was refused; the second try stopped at
		// item 1's unknown outcome before sending it again. Item 2 was written in the first try.
		expect(requestsFor('Deal 3').map((entry) => entry.status)).toEqual([400]);
		expect(versionsTitled('Deal 3')).toHaveLength(0);
		const [two] = versionsTitled('Deal 2');
		expect(error.description).toContain(`item 2 (versionId ${two.id}).`);
		expect(error.description).toContain(
			'Also failed: item 3 (senderEmail nobody@acme.test not found in this organization; in an earlier try).',
		);
		expect(error.description).not.toContain('Not sent');
	});

	test('Continue On Fail with Retry On Fail: every item its output or its error, each version created once', async () => {
		dropAfterProcessing('POST /v2/versions', 'Deal 0');
		const parameters = createParameters({ storyId: locator(INTRO), title: '={{ $json.company }}' });
		const { outputs, error } = await run(parameters, deals(4), {
			...RETRY,
			onError: 'continueRegularOutput',
		});

		expect(error).toBeUndefined();
		const output = outputs.Storydoc;
		expect(output.map((item) => pairedIndex(item))).toEqual([0, 1, 2, 3]);
		expect(output[0].json.error).toMatch(/^The version may exist \(connection reset\)/);
		for (const index of [1, 2, 3]) {
			const [version] = versionsTitled(`Deal ${index}`);
			expect(output[index].json.versionId).toBe(version.id);
		}
		for (let index = 0; index < 4; index++) {
			expect(requestsFor(`Deal ${index}`)).toHaveLength(1);
			expect(versionsTitled(`Deal ${index}`)).toHaveLength(1);
		}
	});
});
