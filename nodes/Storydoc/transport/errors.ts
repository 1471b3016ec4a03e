import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** Never the request: it holds the token. */
export interface StorydocResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

interface BlockedVariable {
	name?: string;
	requiredPlan?: string;
}

const PLAN_NAMES: Record<string, string> = { pro: 'Pro', team: 'Team' };

const planName = (plan: unknown) =>
	typeof plan === 'string' ? (PLAN_NAMES[plan] ?? plan) : 'a higher';

/** Storydoc's JSON error body, or undefined for anything else (HTML from a proxy, empty). */
export function parseErrorBody(body: unknown): IDataObject | undefined {
	if (body && typeof body === 'object' && !Array.isArray(body)) return body as IDataObject;
	if (typeof body === 'string' && body.trim().startsWith('{')) {
		try {
			const parsed: unknown = JSON.parse(body);
			if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
				return parsed as IDataObject;
		} catch {
			return undefined;
		}
	}
	return undefined;
}

export function headerNumber(headers: Record<string, unknown>, name: string): number | undefined {
	const raw = headers[name];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return Number.isFinite(value) && raw !== undefined && raw !== '' ? value : undefined;
}

const BAD_REQUEST_ADVICE: Array<[RegExp, string]> = [
	[
		/has been edited/i,
		'Someone edited this version in Storydoc after it was created, and Storydoc keeps such edits unless told otherwise. Turn on "Force" to overwrite them with the values of this node, or leave it off to keep the edited version as it is.',
	],
	[
		/^senderEmail .* not found/i,
		'"Sender Email" must be the email address of a user of your Storydoc organization.',
	],
	[
		/status is not Live/i,
		'A version can only be created from a Live story. Open the story in Storydoc and click Share to set it Live, or choose a Live story.',
	],
	[/^Story .* not found/i, 'Check "Story": no story of this organization has that ID.'],
	[/Missing data\.title/i, 'Set "Title": every version needs one.'],
];

function describe(
	statusCode: number,
	body: IDataObject | undefined,
	headers: Record<string, unknown>,
) {
	if (statusCode === 400 && typeof body?.error === 'string') {
		const apiText = body.error;
		return BAD_REQUEST_ADVICE.find(([pattern]) => pattern.test(apiText))?.[1];
	}
	if (statusCode === 403 && body?.code === 'VARIABLES_PLAN_REQUIRED') {
		const variables = Array.isArray(body.variables) ? (body.variables as BlockedVariable[]) : [];
		const list = variables
			.map(
				(variable) => `${variable.name ?? '(unnamed)'} (${planName(variable.requiredPlan)} plan)`,
			)
			.join(', ');
		return (
			`This story uses variables that need the ${planName(body.requiredPlan)} plan` +
			(list ? `: ${list}` : '') +
			'. Upgrade the Storydoc plan, or remove these variables from the story.'
		);
	}
	if (statusCode === 403) {
		return 'Check the Access Token of the Storydoc credential: the key may be wrong, revoked, scoped to another story, or its creator may have left the organization.';
	}
	if (statusCode === 429) {
		const counter = headerNumber(headers, 'x-rate-limit-counter');
		const maximum = headerNumber(headers, 'x-rate-limit-maximum');
		const usage =
			counter !== undefined && maximum !== undefined
				? ` (${counter} of ${maximum} requests this minute)`
				: '';
		return `The Storydoc rate limit was hit${usage}. Nothing was processed; wait a minute and run again.`;
	}
	if (statusCode >= 500 && typeof body?.errorId === 'string') {
		return `Storydoc error ID: ${body.errorId}. Quote it to Storydoc support.`;
	}
	return undefined;
}

/** Only the parsed body reaches NodeApiError, so no request option (no token) can end up in it. */
export function storydocApiError(
	node: INode,
	response: StorydocResponse,
	itemIndex?: number,
): NodeApiError {
	const { statusCode, headers } = response;
	const body = parseErrorBody(response.body);
	const apiMessage = typeof body?.error === 'string' && body.error.trim() ? body.error : undefined;
	const contentType = String(headers['content-type'] ?? 'no content type');
	const message =
		apiMessage ??
		(response.body === undefined || response.body === null || response.body === ''
			? `Storydoc API answered HTTP ${statusCode} with an empty body`
			: `Storydoc API answered HTTP ${statusCode} with a body that is not Storydoc's JSON (${contentType.split(';')[0]})`);

	const details: JsonObject = { httpCode: statusCode };
	for (const key of ['code', 'requiredPlan', 'variables', 'errorId'] as const) {
		if (body?.[key] !== undefined) details[key] = body[key] as JsonObject[keyof JsonObject];
	}
	if (apiMessage) details.error = apiMessage;

	const error = new NodeApiError(node, details, {
		message,
		description: describe(statusCode, body, headers),
		httpCode: String(statusCode),
		itemIndex,
	});
	// NodeApiError swaps some messages for generic ones; the API's own text is what users search for.
	error.message = message;
	return error;
}
