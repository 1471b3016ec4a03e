/**
 * Returning Reader and New Reader: the readers the trigger remembers are bounded; past the bound the
 * versions read longest ago are forgotten and read back again when next read (cost, not loss).
 */
import { useSandbox } from '../../../harness/sandbox';
import { MAX_REMEMBERED_READERS } from '../../../../nodes/StorydocTrigger/events/readers';
import { ACCEPTED, DAY_SECONDS, LIVE, readerTriggers } from '../helpers/readerTriggers';

const api = useSandbox({ events: 0, rateLimit: { max: 100000 }, now: () => Date.now() });
const { at, iso, read, lookBacks, readerTrigger } = readerTriggers(api);

describe('New Reader on a Version: the readers remembered', () => {
	test('past the readers it remembers, the versions read longest ago are forgotten and read back again when needed: nothing emitted twice', async () => {
		const many = Array.from({ length: MAX_REMEMBERED_READERS }, (_, index) => ({
			versionId: LIVE,
			visitorId: `vis_${index}`,
			eventCategory: 'view',
			timestamp: iso(-DAY_SECONDS + index),
		}));
		api.sandbox.addEvents(many);
		const trigger = readerTrigger('newReader');
		await trigger.poll();
		read('vis_0', [10]);
		at(60);
		expect(await trigger.poll()).toEqual([]);
		const afterLive = lookBacks().length;
		// A second version's readers push the total past the bound: the live version is forgotten.
		read('vis_x', [100], { versionId: ACCEPTED });
		read('vis_y', [110], { versionId: ACCEPTED });
		at(200);
		expect((await trigger.poll()).map((json) => json.visitorId)).toEqual(['vis_y']);
		read('vis_1', [300]);
		const [newcomer] = read('vis_new', [310]);
		at(400);
		const items = await trigger.poll();
		expect(items.map((json) => [json.eventId, json.versionReaders])).toEqual([
			[newcomer.eventId, MAX_REMEMBERED_READERS + 1],
		]);
		expect(lookBacks().length).toBeGreaterThan(afterLive + 1);
	});
});
