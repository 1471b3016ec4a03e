'use strict';
/**
 * The real-app projects' time limit per test and hook (jest's setupFilesAfterEnv), a hang catcher: a
 * trigger scenario waits for n8n's scheduled polls for minutes (one took 19 on two cores beside the
 * other line's poll files and `test:n8n-1`), and the first run on a machine installs n8n (about 4
 * minutes) in a beforeAll.
 */
jest.setTimeout(30 * 60_000);
