import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	account: 'get';
	analytics: 'getEvents';
	story: 'generate' | 'get' | 'getAll';
	version: 'create' | 'get' | 'update';
};

export type StorydocType = AllEntities<NodeMap>;
