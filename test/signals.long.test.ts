// SIGINT at many moments of a run on a large task file: each run ends with every file as it was
// or whole, and the next run writes what a clean run writes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, snapshotDir, tempDir } from './helpers';
import { bigTasks, runUntilSignal } from './signals';

const NOW = '2026-02-05T00:00:00Z';

describe('signals', () => {
  it('SIGINT at any moment leaves every file as it was or whole, and the next run converges', async () => {
    const dir = tempDir('extract-hang-');
    const text = bigTasks(300);
    writeFileSync(join(dir, 'tasks.json'), text);
    for (const at of [0, 400, 900]) {
      // Sent once the run is under way, the signal is the run's to handle: exit 130 (or 0 when it had finished).
      const r = await runUntilSignal(dir, 'SIGINT', at, NOW);
      expect([0, 130]).toContain(r.code);
      const now = readFileSync(join(dir, 'tasks.json'), 'utf8');
      expect(() => JSON.parse(now)).not.toThrow();
      if (existsSync(join(dir, 'memory', 'decisions.json'))) expect(() => JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8'))).not.toThrow();
    }
    const clean = tempDir('extract-hang-');
    writeFileSync(join(clean, 'tasks.json'), text);
    expect((await cli(['run', '--now', NOW], clean)).status).toBe(0);
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    expect(snapshotDir(dir)).toEqual(snapshotDir(clean));
  });
});
