/**
 * The 400s of the version endpoints keep the API's text as the message and say what to do. Missing
 * data.title cannot come from the node (it checks Title first, and Update keeps the current title),
 * so it is covered here, with the others, at the level of the error mapping.
 */

import { storydocApiError } from '../../../../nodes/Storydoc/transport/errors';
import { TEST_NODE as node } from '../../../harness/testNode';

const mapped = (error: string) =>
	storydocApiError(
		node,
		{ statusCode: 400, headers: { 'content-type': 'application/json' }, body: { error } },
		0,
	);

test.each([
	[
		'The version has been edited. Use force=true to override the changes.',
		/Turn on "Force" to overwrite them/,
	],
	[
		'senderEmail lee@acme.test not found in this organization',
		/^"Sender Email" must be the email address of a user/,
	],
	[
		'Story status is not Live, click Share to set it to Live, https://app.storydoc.com/editor/65d0',
		/only be created from a Live story/,
	],
	['Story 65d0 not found.', /^Check "Story"/],
	['Missing data.title in request body.', /^Set "Title"/],
])('400 "%s": the API text, and what to do', (text, advice) => {
	const error = mapped(text);
	expect(error.message).toBe(text);
	expect(error.httpCode).toBe('400');
	expect(error.description).toMatch(advice);
});

test('a 400 the node has no advice for keeps the API text and adds nothing', () => {
	const error = mapped('daysToExpire must be an integer of at least 1');
	expect(error.message).toBe('daysToExpire must be an integer of at least 1');
	expect(error.description).toBeFalsy();
});
