'use strict';
/**
 * Queue mode at full size on n8n 2.41.1: a sales team's day (./salesTeam.js), then the trigger's
 * execution lost with its worker (./triggerWorkerLost.js), one cluster after the other.
 */
const { salesTeamTests } = require('./salesTeam');
const { triggerWorkerLostTests } = require('./triggerWorkerLost');

describe("a sales team's day", () => salesTeamTests('2.41.1'));
describe("the trigger's execution lost with its worker", () => triggerWorkerLostTests('2.41.1'));
