// Memory that commits, on a generated 300-task file: what a run writes passes `check` at any later
// time, a second run writes nothing, and a copy at another path (a clone on another machine)
// passes as where it was written.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, tempDir } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { corpus } = require(join(ROOT, 'scripts', 'corpus.js')) as { corpus: (tasks: number, messages: number, seed: number) => string };

describe('a generated 300-task file', () => {
  // Its discussions are from February 2026: run in November, most decisions are old enough to be stale.
  const RUN = '2026-11-27T07:00:00Z';
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), corpus(300, 20, 7));
    const run = await cli(['run', '--now', RUN], dir);
    expect(run.status).toBe(0);
  });

  it('passes check right after the run, at the run\'s time and at others', async () => {
    for (const now of [RUN, '2026-05-01T00:00:00Z', '2030-01-01T00:00:00Z']) {
      const r = await cli(['check', '--now', now], dir);
      expect({ now, status: r.status, stderr: r.stderr }).toEqual({ now, status: 0, stderr: '' });
    }
  });

  it('a second run at the same time writes nothing (the stale flags are those a run over the registry read back gives)', async () => {
    const r = await cli(['run', '--now', RUN, '--json'], dir);
    expect(JSON.parse(r.stdout)).toMatchObject({ analysed: 0, written: [] });
  });

  it('passes check when copied to another path', async () => {
    const clone = join(tempDir(), 'elsewhere', 'project');
    cpSync(dir, clone, { recursive: true });
    const r = await cli(['check'], clone, { now: '2027-02-01T00:00:00Z' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
