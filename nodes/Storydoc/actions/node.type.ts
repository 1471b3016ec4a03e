import type { AllEntities, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

type NodeMap = {
	account: 'get';
	analytics: 'getEvents';
	story: 'generate' | 'get' | 'getAll';
	version: 'create' | 'get' | 'update';
};

export type StorydocType = AllEntities<NodeMap>;

/** One item's requests, ready to send: its parameters were read and checked already. */
export type ItemRequest = () => Promise<INodeExecutionData[]>;

/** What an operation file exports, as the router uses it. */
export interface OperationModule {
	/** Reads and checks one item's parameters, sending nothing. */
	prepare(this: IExecuteFunctions, itemIndex: number): ItemRequest;
	/** Creates or changes something in Storydoc, so must never run twice for an item. */
	isWrite?: boolean;
	/** Items in parallel when Request Options sets none. */
	defaultItemsInParallel?: number;
	/** Called once after the last item, for what concerns the run as a whole (execution hints). */
	afterItems?(this: IExecuteFunctions): void;
}
