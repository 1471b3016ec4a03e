import type { IDataObject, ResourceMapperField } from 'n8n-workflow';

export interface VariablesParameter {
	mappingMode?: string;
	value?: Record<string, unknown> | null;
	schema?: ResourceMapperField[];
}

/** One entry of the Repeatable Rows parameter. */
export interface RowParameter {
	parentRow?: unknown;
	cells?: { cell?: Array<{ field?: unknown; value?: unknown }> };
}

export interface ProductParameter {
	name?: unknown;
	price?: unknown;
	extraKeys?: unknown;
}

export interface GateFormParameter {
	enabled?: boolean;
	askName?: boolean;
	nameRequired?: boolean;
	showLogo?: boolean;
	logoUrl?: string;
	message?: string;
}

/** The Additional Fields collection of Create and Update (Days to Expire is read separately). */
export interface AdditionalFields {
	extraData?: unknown;
	gateForm?: { settings?: GateFormParameter };
	optionalContent?: unknown;
	password?: string;
	previewImageUrl?: string;
	products?: { product?: ProductParameter[] };
}

export interface VersionDataInput {
	/** Empty on Update means: keep the current title (the operation reads it). */
	title: unknown;
	variables?: VariablesParameter;
	/** The input item's JSON, for auto-mapping. */
	inputJson: IDataObject;
	rows: RowParameter[];
	additionalFields: AdditionalFields;
	/** Create: the story's required variables must have a value. Update sends only what is set. */
	enforceRequired: boolean;
}
