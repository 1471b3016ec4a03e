/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- stand-ins of n8n's own nodes for the in-process engine, not nodes of this package */
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
import type {
	AssignmentCollectionValue,
	AssignmentValue,
	FieldType,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError, validateFieldType } from 'n8n-workflow';

/** `a.b[0].c` → ['a', 'b', '0', 'c'], like lodash's path parsing for the simple cases. */
function pathSegments(key: string): string[] {
	return key
		.replace(/\[(\w+)\]/g, '.$1')
		.split('.')
		.filter((segment) => segment !== '');
}

function setPath(target: IDataObject, key: string, value: unknown): void {
	const segments = pathSegments(key);
	let cursor: Record<string, unknown> = target;
	segments.forEach((segment, index) => {
		if (index === segments.length - 1) {
			cursor[segment] = value;
			return;
		}
		if (cursor[segment] === null || typeof cursor[segment] !== 'object') {
			cursor[segment] = /^\d+$/.test(segments[index + 1]) ? [] : {};
		}
		cursor = cursor[segment] as Record<string, unknown>;
	});
}

/**
 * Edit Fields (Set) v3.3–3.5, mode "Manual Mapping": `assignments`, `includeOtherFields` + `include`
 * (all / none / selected / except), options `dotNotation` and `ignoreConversionErrors`.
 * Source: packages/nodes-base/nodes/Set/v2/{SetV2.node.ts, manual.mode.ts, helpers/utils.ts}.
 */
export class EditFields implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Edit Fields (Set)',
		name: 'set',
		group: ['input'],
		version: [3.3, 3.4, 3.5],
		description: 'Modify, add, or remove item fields',
		defaults: { name: 'Edit Fields' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				default: 'manual',
				options: [{ name: 'Manual Mapping', value: 'manual' }],
			},
			{
				displayName: 'Fields to Set',
				name: 'assignments',
				type: 'assignmentCollection',
				default: {},
			},
			{
				displayName: 'Include Other Input Fields',
				name: 'includeOtherFields',
				type: 'boolean',
				default: false,
			},
			{
				displayName: 'Input Fields to Include',
				name: 'include',
				type: 'options',
				default: 'all',
				options: [],
			},
			{ displayName: 'Fields to Include', name: 'includeFields', type: 'string', default: '' },
			{ displayName: 'Fields to Exclude', name: 'excludeFields', type: 'string', default: '' },
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const node = this.getNode();
		const mode = this.getNodeParameter('mode', 0, 'manual');
		if (mode !== 'manual') {
			throw new NodeOperationError(
				node,
				`The test stand-in of Edit Fields only supports mode "manual", not "${mode}"`,
			);
		}
		const returnData: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			const includeOtherFields = this.getNodeParameter('includeOtherFields', i, false) as boolean;
			const include = includeOtherFields
				? (this.getNodeParameter('include', i, 'all') as string)
				: 'none';
			const options = this.getNodeParameter('options', i, {}) as IDataObject;
			const dotNotation = options.dotNotation !== false;
			const set = (target: IDataObject, key: string, value: unknown) =>
				dotNotation ? setPath(target, key, value) : (target[key] = value as IDataObject[string]);

			const newItem: INodeExecutionData = { json: {}, pairedItem: { item: i } };
			if (include === 'all')
				newItem.json = JSON.parse(JSON.stringify(items[i].json)) as IDataObject;
			else if (include === 'selected' || include === 'except') {
				const keys = (
					this.getNodeParameter(
						include === 'selected' ? 'includeFields' : 'excludeFields',
						i,
						'',
					) as string
				)
					.split(',')
					.map((key) => key.trim())
					.filter(Boolean);
				if (include === 'selected')
					for (const key of keys)
						set(newItem.json, key.split('.').pop() ?? key, items[i].json[key]);
				else {
					newItem.json = JSON.parse(JSON.stringify(items[i].json)) as IDataObject;
					for (const key of keys) delete newItem.json[key];
				}
			}

			const assignments =
				(this.getNodeParameter('assignments', i, {}) as AssignmentCollectionValue).assignments ??
				[];
			for (const assignment of assignments) {
				set(
					newItem.json,
					assignment.name,
					validateEntry(assignment, node, i, options.ignoreConversionErrors === true),
				);
			}
			returnData.push(newItem);
		}
		return [returnData];
	}
}

/** helpers/utils.ts `validateEntry` for node version ≥ 3.3. */
function validateEntry(
	{ name, type, value }: AssignmentValue,
	node: INode,
	itemIndex: number,
	ignoreErrors: boolean,
): unknown {
	if (value === undefined || value === null) return null;
	let input: unknown = value;
	if (type === 'string') input = typeof value === 'object' ? JSON.stringify(value) : String(value);
	const result = validateFieldType(name, input, (type ?? 'string') as FieldType);
	if (!result.valid) {
		if (ignoreErrors) return input ?? null;
		throw new NodeOperationError(node, `${result.errorMessage ?? 'Error'} [item ${itemIndex}]`, {
			itemIndex,
		});
	}
	const newValue = result.newValue;
	return newValue === undefined || newValue === null ? null : JSON.parse(JSON.stringify(newValue));
}

/**
 * Split Out v1, one field: each element of the array at `fieldToSplitOut` becomes an item (an object's
 * fields become the item's; any other value goes under the field's name), `include` noOtherFields or
 * allOtherFields. Source: packages/nodes-base/nodes/Transform/SplitOut/SplitOut.node.ts.
 */
export class SplitOut implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Split Out',
		name: 'splitOut',
		group: ['transform'],
		version: 1,
		description: 'Turn a list inside item(s) into separate items',
		defaults: { name: 'Split Out' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Fields To Split Out', name: 'fieldToSplitOut', type: 'string', default: '' },
			{
				displayName: 'Include',
				name: 'include',
				type: 'options',
				default: 'noOtherFields',
				options: [],
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const returnData: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			const field = String(this.getNodeParameter('fieldToSplitOut', i))
				.trim()
				.replace(/^\$json\./, '');
			const include = this.getNodeParameter('include', i) as string;
			if (field.includes(',') || !['noOtherFields', 'allOtherFields'].includes(include)) {
				throw new NodeOperationError(
					this.getNode(),
					'The test stand-in of Split Out takes one field and include noOtherFields or allOtherFields',
				);
			}
			const item = { ...items[i].json };
			const found = pathSegments(field).reduce<unknown>(
				(value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]),
				item,
			);
			let elements: unknown[];
			if (found === undefined) elements = [];
			else if (typeof found !== 'object' || found === null) elements = [found];
			else elements = Array.isArray(found) ? found : Object.values(found);
			for (const element of elements) {
				let json: IDataObject =
					typeof element === 'object' && element !== null && include === 'noOtherFields'
						? { ...(element as IDataObject) }
						: { [field]: element as IDataObject[string] };
				if (include === 'allOtherFields') {
					const rest = JSON.parse(JSON.stringify(item)) as IDataObject;
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
function scheduleFields(date: Date, timeZone: string): IDataObject {
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
	const suffix = [11, 12, 13].includes(day % 100)
		? 'th'
		: ({ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th');
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
export class ScheduleTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Schedule Trigger',
		name: 'scheduleTrigger',
		group: ['trigger', 'schedule'],
		version: [1, 1.1, 1.2],
		description: 'Triggers the workflow on a given schedule',
		defaults: { name: 'Schedule Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Trigger Rules',
				name: 'rule',
				type: 'fixedCollection',
				default: {},
				options: [],
			},
		],
	};

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		const manualTriggerFunction = async () => {
			this.emit([this.helpers.returnJsonArray([scheduleFields(new Date(), this.getTimezone())])]);
		};
		return { manualTriggerFunction };
	}
}

/** Sticky Note: documentation on the canvas; never executed. */
export class StickyNote implements INodeType {
	description: INodeTypeDescription = {
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
