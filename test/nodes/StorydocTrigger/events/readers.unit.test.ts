/**
 * The readers' state as n8n stores it (JSON) and reads it back: a version whose look-back has not
 * folded a reader yet keeps its place (its `lastActive` must survive JSON).
 */
import type { IDataObject } from 'n8n-workflow';

import { noReaders } from '../../../../nodes/engagement/readers';
import { readReadersState } from '../../../../nodes/StorydocTrigger/events/readers';

test('a pending version without a reader yet, and a known one, survive a restart (a JSON round trip)', () => {
	const pending = { ...noReaders(), from: 1, page: 3, newFrom: 5, newAtFrom: ['id:evt_1'] };
	const known = {
		...noReaders(),
		readers: { vis_a: [1, 2, 1, { '': 2 }] },
		firstReadAt: 1,
		lastActive: 2,
	};
	const stored = JSON.parse(
		JSON.stringify({ readers: { known: { v2: known }, pending: { v1: pending } } }),
	) as IDataObject;
	const state = readReadersState(stored);
	expect(Object.keys(state.pending)).toEqual(['v1']);
	expect(state.pending.v1).toMatchObject({ from: 1, page: 3, newFrom: 5, newAtFrom: ['id:evt_1'] });
	expect(state.known.v2.readers).toEqual({ vis_a: [1, 2, 1, { '': 2 }] });
	expect(readReadersState({ readers: { pending: { v3: { from: 1 } } } }).pending).toEqual({});
});
