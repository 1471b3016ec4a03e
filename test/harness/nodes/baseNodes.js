'use strict';
/**
 * Stand-ins for the n8n-nodes-base nodes the example workflows use (Edit Fields, Split Out, Schedule
 * Trigger, Sticky Note), so the in-process engine (tests, `npm run demo`) runs the examples unchanged.
 * n8n-nodes-base itself is not a devDependency: it pulls in ≈90 runtime dependencies (database
 * drivers, cloud SDKs) for a few small nodes.
 *
 * Each stand-in keeps the real node's type name, version and parameters, and follows its source in
 * n8n-nodes-base 2.41.1 for the part the examples use. The end-to-end run (`npm run test:e2e`) runs
 * the same example files in the real n8n app with the real nodes, which keeps these honest.
 */
const { NodeOperationError, validateFieldType } = require('n8n-workflow');

/** `a.b[0].c` → ['a', 'b', '0', 'c'], like lodash's path parsing for the simple cases. */
function pathSegments(key) {
	return key
		.replace(/\[(\w+)\]/g, '.$1')
		.split('.')
		.filter((segment) => segment !== '');
}

function setPath(target, key, value) {
	const segments = pathSegments(key);
	let cursor = target;
	segments.forEach((segment, index) => {
		if (index === segments.length - 1) {
			cursor[segment] = value;
			return;
		}
		if (cursor[segment] === null || typeof cursor[segment] !== 'object') {
			cursor[segment] = /^\d+$/.test(segments[index + 1]) ? [] : {};
		}
		cursor = cursor[segment];
	});
}

/**
 * Edit Fields (Set) v3.3–3.5, mode "Manual Mapping": `assignments`, `includeOtherFields` + `include`
 * (all / none / selected / except), options `dotNotation` and `ignoreConversionErrors`.
 * Source: packages/nodes-base/nodes/Set/v2/{SetV2.node.ts, manual.mode.ts, helpers/utils.ts}.
 */
class EditFields {
	constructor() {
		this.description = {
			displayName: 'Edit Fields (Set)',
			name: 'set',
			group: ['input'],
			version: [3.3, 3.4, 3.5],
			description: 'Modify, add, or remove item fields',
			defaults: { name: 'Edit Fields' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [
				{ displayName: 'Mode', name: 'mode', type: 'options', default: 'manual', options: [{ name: 'Manual Mapping', value: 'manual' }] },
				{ displayName: 'Fields to Set', name: 'assignments', type: 'assignmentCollection', default: {} },
				{ displayName: 'Include Other Input Fields', name: 'includeOtherFields', type: 'boolean', default: false },
				{ displayName: 'Input Fields to Include', name: 'include', type: 'options', default: 'all', options: [] },
				{ displayName: 'Fields to Include', name: 'includeFields', type: 'string', default: '' },
				{ displayName: 'Fields to Exclude', name: 'excludeFields', type: 'string', default: '' },
				{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
			],
		};
	}

	async execute() {
		const items = this.getInputData();
		const node = this.getNode();
		const mode = this.getNodeParameter('mode', 0, 'manual');
		if (mode !== 'manual') {
			throw new NodeOperationError(node, `The test stand-in of Edit Fields only supports mode "manual", not "${mode}"`);
		}
		const returnData = [];
		for (let i = 0; i < items.length; i++) {
			const includeOtherFields = this.getNodeParameter('includeOtherFields', i, false);
			const include = includeOtherFields ? this.getNodeParameter('include', i, 'all') : 'none';
			const options = this.getNodeParameter('options', i, {});
			const dotNotation = options.dotNotation !== false;
			const set = (target, key, value) => (dotNotation ? setPath(target, key, value) : (target[key] = value));

			const newItem = { json: {}, pairedItem: { item: i } };
			if (include === 'all') newItem.json = JSON.parse(JSON.stringify(items[i].json));
			else if (include === 'selected' || include === 'except') {
				const keys = this.getNodeParameter(include === 'selected' ? 'includeFields' : 'excludeFields', i, '')
					.split(',')
					.map((key) => key.trim())
					.filter(Boolean);
				if (include === 'selected') for (const key of keys) set(newItem.json, key.split('.').pop(), items[i].json[key]);
				else {
					newItem.json = JSON.parse(JSON.stringify(items[i].json));
					for (const key of keys) delete newItem.json[key];
				}
			}

			const assignments = this.getNodeParameter('assignments', i, {}).assignments ?? [];
			for (const assignment of assignments) {
				set(newItem.json, assignment.name, validateEntry(assignment, node, i, options.ignoreConversionErrors));
			}
			returnData.push(newItem);
		}
		return [returnData];
	}
}

/** helpers/utils.ts `validateEntry` for node version ≥ 3.3. */
function validateEntry({ name, type, value }, node, itemIndex, ignoreErrors) {
	if (value === undefined || value === null) return null;
	let input = value;
	if (type === 'string') input = typeof value === 'object' ? JSON.stringify(value) : String(value);
	const result = validateFieldType(name, input, type);
	if (!result.valid) {
		if (ignoreErrors) return input ?? null;
		throw new NodeOperationError(node, `${result.errorMessage ?? 'Error'} [item ${itemIndex}]`, { itemIndex });
	}
	const newValue = result.newValue;
	return newValue === undefined || newValue === null ? null : JSON.parse(JSON.stringify(newValue));
}

/**
 * Split Out v1, one field: each element of the array at `fieldToSplitOut` becomes an item (an object's
 * fields become the item's; any other value goes under the field's name), `include` noOtherFields or
 * allOtherFields. Source: packages/nodes-base/nodes/Transform/SplitOut/SplitOut.node.ts.
 */
class SplitOut {
	constructor() {
		this.description = {
			displayName: 'Split Out',
			name: 'splitOut',
			group: ['transform'],
			version: 1,
			description: 'Turn a list inside item(s) into separate items',
			defaults: { name: 'Split Out' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [
				{ displayName: 'Fields To Split Out', name: 'fieldToSplitOut', type: 'string', default: '' },
				{ displayName: 'Include', name: 'include', type: 'options', default: 'noOtherFields', options: [] },
				{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
			],
		};
	}

	async execute() {
		const items = this.getInputData();
		const returnData = [];
		for (let i = 0; i < items.length; i++) {
			const field = String(this.getNodeParameter('fieldToSplitOut', i)).trim().replace(/^\$json\./, '');
			const include = this.getNodeParameter('include', i);
			if (field.includes(',') || !['noOtherFields', 'allOtherFields'].includes(include)) {
				throw new NodeOperationError(this.getNode(), 'The test stand-in of Split Out takes one field and include noOtherFields or allOtherFields');
			}
			const item = { ...items[i].json };
			let elements = pathSegments(field).reduce((value, key) => (value == null ? undefined : value[key]), item);
			if (elements === undefined) elements = [];
			if (typeof elements !== 'object' || elements === null) elements = [elements];
			if (!Array.isArray(elements)) elements = Object.values(elements);
			for (const element of elements) {
				let json = typeof element === 'object' && element !== null && include === 'noOtherFields' ? { ...element } : { [field]: element };
				if (include === 'allOtherFields') {
					const rest = JSON.parse(JSON.stringify(item));
					delete rest[field];
					json = { ...rest, ...json };
				}
				returnData.push({ json, pairedItem: { item: i } });
			}
		}
		return [returnData];
	}
}

/** The fields of a moment in a time zone, as moment-timezone formats them for the Schedule Trigger. */
function scheduleFields(date, timeZone) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone,
			year: 'numeric',
			month: 'long',
			day: '2-digit',
			weekday: 'long',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
			timeZoneName: 'longOffset',
		})
			.formatToParts(date)
			.map((part) => [part.type, part.value]),
	);
	const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace('GMT', '');
	const monthNumber = String(new Date(`${parts.month} 1, 2000`).getMonth() + 1).padStart(2, '0');
	const hour12 = Number(parts.hour) % 12 || 12;
	const ampm = Number(parts.hour) < 12 ? 'am' : 'pm';
	const day = Number(parts.day);
	const suffix = [11, 12, 13].includes(day % 100) ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th');
	const time = `${hour12}:${parts.minute}:${parts.second} ${ampm}`;
	const millis = String(date.getUTCMilliseconds()).padStart(3, '0');
	return {
		timestamp: `${parts.year}-${monthNumber}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${millis}${offset}`,
		'Readable date': `${parts.month} ${day}${suffix} ${parts.year}, ${time}`,
		'Readable time': time,
		'Day of week': parts.weekday,
		Year: parts.year,
		Month: parts.month,
		'Day of month': parts.day,
		Hour: parts.hour,
		Minute: parts.minute,
		Second: parts.second,
		Timezone: `${timeZone} (UTC${offset})`,
	};
}

/**
 * Schedule Trigger v1–1.2. In the engine it only runs manually (a scheduled run needs n8n's cron
 * registry; the examples start from their Manual Trigger), emitting the real node's fields for now.
 * Source: packages/nodes-base/nodes/Schedule/ScheduleTrigger.node.ts.
 */
class ScheduleTrigger {
	constructor() {
		this.description = {
			displayName: 'Schedule Trigger',
			name: 'scheduleTrigger',
			group: ['trigger', 'schedule'],
			version: [1, 1.1, 1.2],
			description: 'Triggers the workflow on a given schedule',
			defaults: { name: 'Schedule Trigger' },
			inputs: [],
			outputs: ['main'],
			properties: [{ displayName: 'Trigger Rules', name: 'rule', type: 'fixedCollection', default: {}, options: [] }],
		};
	}

	async trigger() {
		const manualTriggerFunction = async () => {
			this.emit([this.helpers.returnJsonArray([scheduleFields(new Date(), this.getTimezone())])]);
		};
		return { manualTriggerFunction };
	}
}

/** Sticky Note: documentation on the canvas; never executed. */
class StickyNote {
	constructor() {
		this.description = {
			displayName: 'Sticky Note',
			name: 'stickyNote',
			group: ['input'],
			version: [1],
			description: 'Make your workflow easier to understand',
			defaults: { name: 'Sticky Note' },
			inputs: [],
			outputs: [],
			properties: [{ displayName: 'Content', name: 'content', type: 'string', default: '' }],
		};
	}
}

module.exports = { EditFields, ScheduleTrigger, SplitOut, StickyNote };
