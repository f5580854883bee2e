/** @type {import('jest').Config} */
// `npm run test:long`: the long system runs that `npm test` leaves out, each a loop or a whole
// system rather than one behaviour: kill -9 at every kill point and along a 100-run chain of kills
// (FAULT_SEED picks other kill points, KILL_RUNS sets the chain length), cron and daemon on one
// folder, SIGINT at many moments, fuzzed task files, the properties over generated workspaces, the
// package installed from its tarball, the report in a real browser, and inputs of hundreds of
// thousands of tasks or problems. `.ci/run` runs it after `npm test`.
const base = require('./jest.config');

module.exports = { ...base, testMatch: ['**/*.faults.test.ts', '**/*.long.test.ts'], testPathIgnorePatterns: ['/node_modules/'], testTimeout: 600000 };
