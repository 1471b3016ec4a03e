'use strict';
/**
 * The real-app projects' time limit per test and hook (jest's setupFilesAfterEnv): a trigger
 * scenario waits for n8n's scheduled polls for minutes, and the first run on a machine installs n8n
 * (about 4 minutes) in a beforeAll.
 */
jest.setTimeout(20 * 60_000);
