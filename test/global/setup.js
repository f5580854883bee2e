// Every test run gets one temp folder of its own: TMPDIR points there (os.tmpdir() reads it on
// each call, and child processes inherit it), and the teardown fails the run if a test left
// anything behind in it.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'extract-jest-'));
  process.env.EXTRACT_TEST_TMPDIR = dir;
  process.env.TMPDIR = dir;
  // Every Node process of the run (jest's workers, the CLI a test starts) refuses the repository's
  // examples/, which the README's quick start rewrites: see noExamples.js.
  const preload = `--require ${JSON.stringify(join(__dirname, 'noExamples.js'))}`;
  if (!(process.env.NODE_OPTIONS ?? '').includes(preload)) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim();
};
