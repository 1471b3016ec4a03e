/**
 * The Items in Parallel an operation sends by default is the one the editor shows for it: the
 * editor picks a Request Options collection by resource and operation (displayOptions), the router
 * takes the operation's `defaultItemsInParallel`. An operation added without it would send 50 while
 * the editor says 150 (or the other way round).
 */
import type { INodeProperties } from 'n8n-workflow';

import { resources } from '../../../../nodes/Storydoc/actions/router';
import { DEFAULT_ITEMS_IN_PARALLEL } from '../../../../nodes/Storydoc/constants';
import { Storydoc } from '../../../../nodes/Storydoc/Storydoc.node';

/** Whether n8n shows `property` for these parameter values (show: all listed match; hide: none). */
function shown(property: INodeProperties, values: Record<string, string>) {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	const matches = (name: string, listed: unknown) =>
		(listed as string[] | undefined)?.includes(values[name]) ?? false;
	return (
		Object.entries(show).every(([name, listed]) => matches(name, listed)) &&
		!Object.entries(hide).some(([name, listed]) => matches(name, listed))
	);
}

const operations = Object.entries(resources).flatMap(([resource, byName]) =>
	Object.entries(byName).map(([operation, module]) => ({ resource, operation, module })),
);

test.each(operations)(
	'$resource › $operation sends as many items at once by default as Request Options shows',
	({ resource, operation, module }) => {
		const collections = new Storydoc().description.properties.filter(
			(property) => property.name === 'requestOptions' && shown(property, { resource, operation }),
		);
		expect(collections).toHaveLength(1);
		const option = collections[0].options?.find(
			(candidate) => 'name' in candidate && candidate.name === 'itemsInParallel',
		) as INodeProperties;
		expect(module.defaultItemsInParallel ?? DEFAULT_ITEMS_IN_PARALLEL).toBe(option.default);
	},
);
