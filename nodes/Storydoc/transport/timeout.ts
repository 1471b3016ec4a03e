import { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, TIMEOUT_PARAMETER } from '../constants';
import { fieldError, valueGiven } from '../helpers/fieldError';
import { numberValue } from '../helpers/values';
import type { StorydocContext } from './context';
import { isExecuteContext } from './context';

const FIELD = 'Timeout (Seconds)';

/** Request Options › Timeout in an execution; the default in list lookups and the trigger (no such option). */
export function timeoutFor(
	context: StorydocContext,
	itemIndex: number | undefined,
	defaultSeconds = DEFAULT_TIMEOUT_SECONDS,
): number {
	if (itemIndex === undefined || !isExecuteContext(context)) return defaultSeconds * 1000;
	const seconds = context.getNodeParameter(TIMEOUT_PARAMETER, itemIndex, defaultSeconds) as unknown;
	const value = numberValue(seconds);
	if (value === undefined || value <= 0) {
		throw fieldError(
			context.getNode(),
			itemIndex,
			FIELD,
			'must be a number greater than 0',
			valueGiven(seconds),
		);
	}
	if (value > MAX_TIMEOUT_SECONDS) {
		throw fieldError(
			context.getNode(),
			itemIndex,
			FIELD,
			`must be at most ${MAX_TIMEOUT_SECONDS}`,
			valueGiven(seconds),
		);
	}
	return Math.round(value * 1000);
}
