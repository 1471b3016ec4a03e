'use strict';

/** The middle value (the upper of the two middles for an even count); undefined for none. */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

module.exports = { median };
