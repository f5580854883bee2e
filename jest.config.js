/** @type {import('jest').Config} */
// `npm test`: every file below test/ but the long system runs (`*.long.test.ts`, `*.faults.test.ts`:
// jest.long.config.js, `npm run test:long`).
const { availableParallelism } = require('node:os');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '\\.faults\\.test\\.ts$', '\\.long\\.test\\.ts$'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  globalSetup: '<rootDir>/test/global/setup.js',
  // No test reads the repository's examples/ (the quick start rewrites it): see the file.
  setupFiles: ['<rootDir>/test/global/noExamples.ts'],
  globalTeardown: '<rootDir>/test/global/teardown.js',
  // A worker per core, and two at least (the main process only collects results): a test waiting
  // on a child process leaves its core to the other worker.
  maxWorkers: Math.max(2, availableParallelism()),
  // No test leaves a handle open: when the run ends, each worker holds only its channel to jest.
  // But the tests of large inputs (hundreds of thousands of messages, tasks or log lines; a 50 MB
  // message) leave a worker's heap near a gigabyte, mostly garbage not yet collected, and Node
  // takes 0.6 to 0.9 s to tear such a heap down on a loaded machine, past jest's default half
  // second, after which jest kills the worker and reports that it "failed to exit gracefully".
  // A worker kept alive by a leaked handle never exits: it is still reported, after 5 s.
  // (Replacing a worker that grew past a memory limit is no way out: jest can kill it while it
  // already runs the next test file, whose temp folders are then never removed.)
  workerGracefulExitTimeout: 5000,
  testTimeout: 60000,
};
