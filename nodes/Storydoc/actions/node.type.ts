import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	account: 'get';
	analytics: 'getEvents';
	story: 'get' | 'getAll';
};

export type StorydocType = AllEntities<NodeMap>;
