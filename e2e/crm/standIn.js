'use strict';
/**
 * What every CRM stand-in shares: a log of the requests it received (method, path, query, body,
 * answer), faults placed by the test (answer the next matching requests with a status instead), the
 * bearer token it accepts, and the routing of a request to the service's handler.
 */

class StandInError extends Error {
	constructor(status, body) {
		super(`HTTP ${status}`);
		Object.assign(this, { status, body });
	}
}

/** A handler's answer with a status other than 200 (Salesforce creates with 201). */
class Answer {
	constructor(status, body) {
		Object.assign(this, { status, body });
	}
}

/** A handler's answer that is not JSON (QuickChart's image): its bytes and content type. */
class RawAnswer {
	constructor(contentType, bytes) {
		Object.assign(this, { contentType, bytes });
	}
}

/** A handler's result as mockttp's answer: JSON (200 or an Answer's status) or a RawAnswer's bytes. */
function answerOf(result, entry, answer) {
	if (!(result instanceof RawAnswer))
		return result instanceof Answer ? answer(result.status, result.body) : answer(200, result);
	entry.status = 200;
	return {
		statusCode: 200,
		headers: { 'content-type': result.contentType },
		rawBody: result.bytes,
	};
}

const bearer = (token) => (request) => request.headers.authorization === `Bearer ${token}`;

/**
 * @param {{ name: string, hosts: string[], token: string, routes: Array<[string, RegExp, Function]>,
 *   unauthorized: object, faultBody: (status: number) => object,
 *   authorized?: (request, url: URL) => boolean }} service `authorized`: a bearer token by default
 */
function createStandIn({
	name,
	hosts,
	token,
	routes,
	unauthorized,
	faultBody,
	authorized = bearer(token),
}) {
	const log = [];
	const faults = [];

	async function handle(request) {
		const url = new URL(request.url);
		const raw = (await request.body.getDecodedBuffer()) ?? Buffer.alloc(0);
		const text = raw.toString('utf8');
		let body;
		try {
			body = text ? JSON.parse(text) : undefined;
		} catch {
			body = text;
		}
		const query = Object.fromEntries(url.searchParams);
		// The token, where a service takes it in the query (Pipedrive), is not kept in the log.
		delete query.api_token;
		const entry = { method: request.method, path: url.pathname, query, body };
		log.push(entry);
		const answer = (status, json) => {
			entry.status = status;
			return { statusCode: status, json };
		};
		if (!authorized(request, url)) return answer(401, unauthorized);
		const fault = faults.find((rule) => rule.times > 0 && rule.matches(entry));
		if (fault) {
			fault.times--;
			entry.fault = fault.status;
			return answer(fault.status, faultBody(fault.status));
		}
		for (const [method, pattern, handler] of routes) {
			const match = method === request.method && pattern.exec(url.pathname);
			if (!match) continue;
			try {
				const result = handler({
					params: match.slice(1),
					query: url.searchParams,
					body,
					raw,
					headers: request.headers,
					host: url.hostname,
				});
				return answerOf(result, entry, answer);
			} catch (error) {
				if (error instanceof StandInError) return answer(error.status, error.body);
				throw error;
			}
		}
		return answer(404, {
			message: `${name} stand-in: no route for ${request.method} ${url.pathname}`,
		});
	}

	return {
		name,
		hosts,
		token,
		log,
		handle,
		/** The next `times` requests for which `matches(entry)` holds are answered `status`. */
		failNext(status, matches, times = 1) {
			faults.push({ status, matches, times });
		},
		clearLog() {
			log.length = 0;
			faults.length = 0;
		},
	};
}

module.exports = { Answer, RawAnswer, StandInError, createStandIn };
