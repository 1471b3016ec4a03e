/** Unit tests of the error mapping (pure): every error shape of the spec becomes a clear n8n error. */
import { NodeApiError } from 'n8n-workflow';

import { storydocApiError } from '../../../../nodes/Storydoc/transport/errors';
import { TEST_NODE as node } from '../../../harness/testNode';

const json = { 'content-type': 'application/json' };

function mapped(statusCode: number, body: unknown, headers: Record<string, string> = json) {
	return storydocApiError(node, { statusCode, headers, body }, 3);
}

describe('storydocApiError', () => {
	test('400: the API text is the message, the status is kept, the item is named', () => {
		const error = mapped(400, { error: 'Missing data.title in request body.' });
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Missing data.title in request body.');
		expect(error.httpCode).toBe('400');
		expect(error.context.itemIndex).toBe(3);
	});

	test('403 VARIABLES_PLAN_REQUIRED: required plan and each blocked variable in the description', () => {
		const error = mapped(403, {
			error: 'This story uses variables that are not included in your plan',
			code: 'VARIABLES_PLAN_REQUIRED',
			requiredPlan: 'team',
			variables: [
				{ name: 'calendar', requiredPlan: 'team' },
				{ name: 'video', requiredPlan: 'pro' },
			],
		});
		expect(error.message).toBe('This story uses variables that are not included in your plan');
		expect(error.description).toBe(
			'This story uses variables that need the Team plan: calendar (Team plan), video (Pro plan). Upgrade the Storydoc plan, or remove these variables from the story.',
		);
	});

	test('403 authentication failure points at the credential', () => {
		const error = mapped(403, { error: 'Access denied' });
		expect(error.message).toBe('Access denied');
		expect(error.description).toMatch(/Access Token of the Storydoc credential/);
	});

	test('404 keeps the API text', () => {
		expect(mapped(404, { error: 'Version not found' }).message).toBe('Version not found');
	});

	test('429 says the rate limit was hit, with the usage the headers reported', () => {
		const error = mapped(
			429,
			{ error: 'Too many requests' },
			{ ...json, 'x-rate-limit-counter': '151', 'x-rate-limit-maximum': '150' },
		);
		expect(error.message).toBe('Too many requests');
		expect(error.description).toBe(
			'The Storydoc rate limit was hit (151 of 150 requests this minute). Nothing was processed; wait a minute and run again.',
		);
	});

	test('500: the errorId is in the description', () => {
		const error = mapped(500, {
			error: 'Error occured',
			errorId: '3f0b6c1e-8d2a-4c55-9e0f-2b7a1d9c4e11',
		});
		expect(error.message).toBe('Error occured');
		expect(error.description).toBe(
			'Storydoc error ID: 3f0b6c1e-8d2a-4c55-9e0f-2b7a1d9c4e11. Quote it to Storydoc support.',
		);
	});

	test('a JSON error body that arrives as text is still read', () => {
		expect(mapped(400, '{"error":"Missing storyId"}').message).toBe('Missing storyId');
	});

	test('an HTML error page gives a clear message naming the status and content type', () => {
		const error = mapped(502, '<html><body>Bad Gateway</body></html>', {
			'content-type': 'text/html; charset=utf-8',
		});
		expect(error.message).toBe(
			"Storydoc API answered HTTP 502 with a body that is not Storydoc's JSON (text/html)",
		);
		expect(error.httpCode).toBe('502');
	});

	test('an empty error body gives a clear message', () => {
		expect(mapped(503, '', {}).message).toBe('Storydoc API answered HTTP 503 with an empty body');
	});
});
