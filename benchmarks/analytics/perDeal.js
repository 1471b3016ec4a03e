'use strict';
/**
 * bench:analytics' engagement per deal: Get Events › Summary for Each Item's Version over the deals'
 * versions (the sandbox's `dealVersions`, every tenth never opened), beside Summary per Version of
 * the same period in the same `n8n execute`. Its items must be the deals', in order, each with
 * Summary per Version's figures of its version, or opened false and zeros.
 */
const { dealVersionId, UNREAD_EVERY } = require('../../sandbox/data/dealVersions');

const DEALS = 500;
/** The deals' versions take turns on this many stories, as a real account's many stories (issue 61). */
const DEAL_STORIES = 12;
const dealVersionIds = Array.from({ length: DEALS }, (_, index) => dealVersionId(index));

const stable = (value) => JSON.stringify(value, Object.keys(value).sort());

/** Why the per-deal items are not what Summary per Version's items say; undefined when they are. */
function perDealMismatch(items, summaryItems) {
	if (items.length !== DEALS) return `${items.length} items, expected one per deal (${DEALS})`;
	const summaries = new Map(summaryItems.map((item) => [item.json.versionId, item.json]));
	for (let index = 0; index < DEALS; index++) {
		const { json, pairedItem } = items[index];
		const versionId = dealVersionIds[index];
		if (pairedItem?.item !== index) return `item ${index} is paired to ${pairedItem?.item}`;
		const summary = summaries.get(versionId);
		if (summary && stable(json) !== stable({ opened: true, ...summary }))
			return `item ${index} (${versionId}) differs from its Summary per Version item`;
		if (!summary && (json.opened !== false || json.views !== 0 || json.versionId !== versionId))
			return `item ${index} (${versionId}) was never opened, yet reads ${stable(json)}`;
	}
	const unread = items.filter((item) => item.json.opened === false).length;
	if (unread < DEALS / UNREAD_EVERY)
		return `${unread} deals never opened, expected at least ${DEALS / UNREAD_EVERY}`;
	return undefined;
}

const unreadOf = (items) => items.filter((item) => item.json.opened === false).length;

module.exports = { DEALS, DEAL_STORIES, dealVersionIds, perDealMismatch, unreadOf };
