'use strict';
/**
 * Queue mode at full size on n8n 1.123.81: a sales team's day (./salesTeam.js), the trigger's
 * execution lost with its worker (./triggerWorkerLost.js), then a worker that joins a long batch
 * (./workerJoins.js), one cluster after the other.
 */
const { salesTeamTests } = require('./salesTeam');
const { triggerWorkerLostTests } = require('./triggerWorkerLost');
const { workerJoinsTests } = require('./workerJoins');

describe("a sales team's day", () => salesTeamTests('1.123.81'));
describe("the trigger's execution lost with its worker", () => triggerWorkerLostTests('1.123.81'));
describe('a worker that joins a long batch', () => workerJoinsTests('1.123.81'));
