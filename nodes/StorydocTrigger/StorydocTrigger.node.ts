import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { AnalyticsEvent } from '../engagement/events';
import { listSearch } from '../Storydoc/methods';
import { readCredentialAfresh } from '../Storydoc/transport';
import { analyticsEvents } from '../Storydoc/transport/analytics';
import { triggerProperties } from './parameters';
import { eventsOfPoll } from './events/eventsOfPoll';
import { quietLookBack } from './events/versionQuiet';
import { advance, readCursor, startCursor } from './poll/cursor';
import { pollDeadline, readNewEvents } from './poll/newEvents';
import { explainTriggerError, nothingToEmit, startedFromNow, versionItems } from './poll/results';
import { claimPoll } from './poll/siblingPolls';
import { readSettings } from './settings';
import { fetchTestEvent } from './testEvent/fetchTestEvent';

export class StorydocTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Storydoc Trigger',
		name: 'storydocTrigger',
		icon: { light: 'file:../../icons/storydoc.svg', dark: 'file:../../icons/storydoc.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"any": "Any engagement", "view": "Views", "click": "Clicks", "firstView": "First views", "sessionEnded": "Reading sessions", "returningReader": "Returning readers", "newReader": "New readers", "slideReached": "Slide reached", "versionQuiet": "Versions gone quiet"}[$parameter["event"]] }}',
		description:
			'Starts the workflow when a prospect views or clicks a Storydoc version (Team plan)',
		defaults: { name: 'Storydoc Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'storydocApi', required: true }],
		hints: [
			{
				message:
					'A poll emits every new event since the last one (or, with Output One Item per Version, every version with new events): make sure the workflow can handle many items at once.',
				type: 'info',
				location: 'outputPane',
				whenToDisplay: 'beforeExecution',
			},
		],
		properties: triggerProperties,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		readCredentialAfresh(this);
		const staticData = this.getWorkflowStaticData('node');
		const manual = this.getMode() === 'manual';
		const cursor = readCursor(staticData);
		const settings = readSettings(this);
		const now = Date.now();
		const deadline = pollDeadline(this, now);
		// Before any await: of polls started together from one saved state, only the first reads.
		const claim =
			!manual && cursor ? claimPoll(this, staticData, cursor, now, deadline - now) : undefined;
		if (!manual && cursor && !claim) {
			this.logger.info(
				`Storydoc Trigger "${this.getNode().name}": another poll of this trigger started from the same saved cursor (${cursor.timestamp}) is reading or has read it, so this one emits nothing`,
				{ node: this.getNode().name, workflowId: this.getWorkflow().id },
			);
			return null;
		}

		try {
			if (manual) return [this.helpers.returnJsonArray(await fetchTestEvent(this, settings, now))];

			if (!cursor && settings.eventType === 'versionQuiet') {
				// Versions read within Quiet For before activation go quiet after it: they are read once now.
				const lookBack = { ...settings.filters, from: now - settings.quietMs, to: now };
				const found = await quietLookBack(this, lookBack, deadline);
				staticData.quiet = { ...found.state };
				if (!found.complete)
					this.logger.info(
						`Storydoc Trigger "${this.getNode().name}": activation read only part of the last Quiet For days before its time ran out; versions read in the rest are watched once read again`,
						{ node: this.getNode().name, workflowId: this.getWorkflow().id },
					);
				const start = startCursor(now);
				staticData.cursor = { ...start };
				return await startedFromNow(this, start.timestamp);
			}
			if (!cursor) {
				// The first poll starts from now, not from history; one request checks the plan, key and filters.
				const probe = analyticsEvents.call(
					this,
					{ ...settings.filters, from: now, to: now },
					{ limit: 1 },
				);
				await probe.next();
				await probe.return();
				const start = startCursor(now);
				staticData.cursor = { ...start };
				return await startedFromNow(this, start.timestamp);
			}

			const from = Date.parse(cursor.timestamp);
			// `max`: a clock set back since the last poll must not turn the range inside out.
			const query = { ...settings.filters, from, to: Math.max(now, from) };
			const { read, complete } = await readNewEvents(this, query, deadline);

			// Only now that the pages have arrived: a poll that fails midway leaves the cursor where it was.
			const { fresh, next } = advance(cursor, read);
			const log = { node: this.getNode().name, workflowId: this.getWorkflow().id };
			// Every event up to `readUntil` has been read: what is idle or quiet for longer is so.
			const readUntil = complete ? query.to : Date.parse(next.timestamp);
			const emitted = await eventsOfPoll(this, staticData, settings, {
				fresh,
				pollFrom: from,
				readUntil,
				deadline,
			});
			staticData.cursor = { ...next };
			if (emitted.length) claim?.emitted(staticData);
			else claim?.release();
			if (!complete) {
				this.logger.info(
					`Storydoc Trigger "${log.node}": stopped reading when the poll's time ran out, after ${fresh.length} new events; the next poll reads on from ${next.timestamp}`,
					log,
				);
			}
			if (!emitted.length) return await nothingToEmit(this);
			const json =
				settings.output === 'versionSummary' ? versionItems(emitted as AnalyticsEvent[]) : emitted;
			return [this.helpers.returnJsonArray(json)];
		} catch (error) {
			claim?.release();
			if (manual || !cursor) throw explainTriggerError(error);
			// n8n reports the failed poll (and runs the error workflow); the next one reads from the same cursor.
			const node = this.getNode();
			this.logger.error(
				`Storydoc Trigger "${node.name}": the poll failed; the next poll reads from ${cursor.timestamp} again`,
				{
					node: node.name,
					workflowId: this.getWorkflow().id,
					error: (error as Error).message,
				},
			);
			throw explainTriggerError(error);
		}
	}
}
