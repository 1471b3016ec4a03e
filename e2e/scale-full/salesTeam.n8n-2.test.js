'use strict';
/** A sales team's day in queue mode at full size on n8n 2.41.1 (./salesTeam.js). */
const { salesTeamTests } = require('./salesTeam');

salesTeamTests('2.41.1');
