/** @type {import('jest').Config} */
// `npm test`: every file below test/ except the long fault-injection loop (jest.faults.config.js).
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '\\.faults\\.test\\.ts$'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  globalSetup: '<rootDir>/test/global/setup.js',
  // No test reads the repository's examples/ (the quick start rewrites it): see the file.
  setupFiles: ['<rootDir>/test/global/noExamples.ts'],
  globalTeardown: '<rootDir>/test/global/teardown.js',
  // Two cores: two workers keep both busy; the main process only collects results.
  maxWorkers: 2,
  testTimeout: 60000,
};
