// kill -9 at two seeded kill points of a run on the example, and a 50 MB message analysed in
// bounded time. (Every kill point, and a chain of kills: faults/kill.faults.test.ts.)
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleWithCleanRun, problemsAfterKill, recoverAndCompare, runWithKillPoint, seeded } from './faults/harness';
import { cli, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';
const SEED = Number(process.env.FAULT_SEED ?? 20260305);

describe('kill -9 at seeded kill points', () => {
  // Two moments among the run's data writes (write, fsync, rename), chosen by a fixed seed, the
  // second one tearing its write in half. `faults/kill.faults.test.ts` kills the run at every one of its
  // file-system changes (the lock's bookkeeping included) and along a 100-run chain of kills.
  it('leaves every file old-or-new and whole, and the next run writes what a clean run writes', async () => {
    const { original, clean, ops, fresh } = await exampleWithCleanRun();
    const random = seeded(SEED);
    const dataWrites = ops.flatMap((op, i) => (/^(write|writeFile|fsync|sync|rename) /.test(op) ? [i + 1] : []));
    expect(dataWrites.length).toBeGreaterThan(10);
    const points = [0, 1].map(() => dataWrites[Math.floor(random() * dataWrites.length)]);
    for (const [k, at] of points.entries()) {
      const torn = k === 1;
      const dir = fresh();
      const r = await runWithKillPoint(dir, at, torn);
      const name = `seed ${SEED}, kill point ${at}${torn ? ' (torn)' : ''} before "${ops[at - 1]}"`;
      expect({ name, signal: r.signal }).toEqual({ name, signal: 'SIGKILL' });
      expect({ name, problems: problemsAfterKill(dir, original, clean, torn) }).toEqual({ name, problems: [] });
      expect({ name, problems: await recoverAndCompare(dir, clean) }).toEqual({ name, problems: [] });
    }
  });
});

describe('hostile input', () => {
  it('analyses only the head of a 50 MB message, with a warning, in bounded time', async () => {
    const dir = tempDir();
    const huge = `${'We must keep the archive. '.repeat(2_000_000)}`;
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: ['hello', huge, 'ok'] } }));
    const started = Date.now();
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/tasks\.json: warning: message has 52000000 characters; only the first 20000 are analysed \(at \/T1\/discussion\/1\) \[long-message\]/);
    expect(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8')).T1.discussion[1]).toBe(huge);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('refuses 10 000-deep nesting with a location and leaves the file alone', async () => {
    const dir = tempDir();
    const deep = `{"T1": {"discussion": ["hi"], "meta": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    writeFileSync(join(dir, 'tasks.json'), deep);
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/tasks\.json:1:\d+: error: nesting deeper than 512 levels; file left as it is \[too-deep\]/);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(deep);
  });
});
