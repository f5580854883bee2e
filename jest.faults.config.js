/** @type {import('jest').Config} */
// `npm run test:faults`: the long fault-injection runs (every kill point, a 100-run chain of kills,
// cron and daemon on one folder). FAULT_SEED picks other kill points; KILL_RUNS sets the chain length.
const base = require('./jest.config');

module.exports = { ...base, testMatch: ['**/*.faults.test.ts'], testPathIgnorePatterns: ['/node_modules/'], testTimeout: 600000 };
