import type { IDataObject } from 'n8n-workflow';

import type { ItemContext } from './fieldError';
import { valueGiven } from './fieldError';
import type { AdditionalFields, GateFormParameter, ProductParameter } from './interfaces';
import {
	booleanSetting,
	httpUrl,
	isEmpty,
	isPlainObject,
	jsonKind,
	jsonObject,
	numberOf,
} from './values';

function products(item: ItemContext, entries: ProductParameter[]): IDataObject[] {
	return entries.map((product, index) => {
		const label = `Products › Product ${index + 1}`;
		const extra = jsonObject(item, `${label} › Extra Keys (JSON)`, product.extraKeys) ?? {};
		return {
			...extra,
			name: String(product.name ?? ''),
			price: product.price as IDataObject[string],
		};
	});
}

/** `data.products` from any source: objects whose `price`, when given, is a number. */
export function checkedProducts(item: ItemContext, value: unknown): unknown {
	if (!Array.isArray(value)) return value;
	return value.map((product, index) => {
		const label = `Products › Product ${index + 1}`;
		if (!isPlainObject(product))
			throw item.error(label, 'must be an object with a name and a price', valueGiven(product));
		if (product.price === undefined) return product;
		return { ...product, price: numberOf(item, `${label} › Price`, product.price) };
	});
}

/** A number (a PIN from a CRM) is sent as its text; anything else is refused without echoing it. */
function passwordText(item: ItemContext, value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw item.error('Password', 'must be text', `It is ${jsonKind(value)}.`);
}

function gateForm(item: ItemContext, settings: GateFormParameter): IDataObject {
	const gate: IDataObject = {
		gatedContent: booleanSetting(item, 'Gate Form › Enabled', settings.enabled, true),
		name: booleanSetting(item, 'Gate Form › Ask Name', settings.askName, false),
		nameRequired: booleanSetting(item, 'Gate Form › Name Required', settings.nameRequired, false),
		logo: booleanSetting(item, 'Gate Form › Show Logo', settings.showLogo, false),
	};
	if (!isEmpty(settings.logoUrl))
		gate.logoSRC = httpUrl(item, 'Gate Form › Logo URL', settings.logoUrl);
	if (!isEmpty(settings.message)) gate.title = settings.message;
	return gate;
}

/** The `data` keys of Additional Fields but Extra Data, in the order they are set. */
export function additionalData(item: ItemContext, additional: AdditionalFields): IDataObject {
	const data: IDataObject = {};
	const gate = additional.gateForm?.settings;
	if (gate) data.gatedContent = gateForm(item, gate);
	if (!isEmpty(additional.password)) data.password = passwordText(item, additional.password);
	if (!isEmpty(additional.previewImageUrl)) {
		data.ogImage = httpUrl(item, 'Preview Image URL', additional.previewImageUrl);
	}
	const entries = additional.products?.product;
	if (entries?.length) data.products = products(item, entries);
	const optionalContent = jsonObject(item, 'Optional Content (JSON)', additional.optionalContent);
	if (optionalContent) data._optionalContent = optionalContent;
	return data;
}
