import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	account: 'get';
};

export type StorydocType = AllEntities<NodeMap>;
