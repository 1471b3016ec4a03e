'use strict';
/** A sales team's day in queue mode at full size on n8n 1.123.81 (./salesTeam.js). */
const { salesTeamTests } = require('./salesTeam');

salesTeamTests('1.123.81');
