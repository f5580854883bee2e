// Removes the run's temp folder; fails the run, naming what was left, if any test did not clean up.
const { readdirSync, rmSync } = require('node:fs');

module.exports = async () => {
  const dir = process.env.EXTRACT_TEST_TMPDIR;
  if (!dir) return;
  const left = readdirSync(dir);
  rmSync(dir, { recursive: true, force: true });
  if (left.length > 0) {
    throw new Error(`tests left ${left.length} entries in the temp dir (each test must remove what it creates): ${left.slice(0, 10).join(', ')}`);
  }
};
