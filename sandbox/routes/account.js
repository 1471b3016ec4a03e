'use strict';
/** GET /v2/account: the key's organization. (A key whose organization is gone never gets here: auth.js.) */

function getAccount({ caller }) {
	return { orgId: caller.org.id, title: caller.org.title };
}

module.exports = { getAccount };
