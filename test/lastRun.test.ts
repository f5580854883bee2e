// A run that finds the workspace exactly as the last run left it (memory/.last-run) reads no task
// or memory file and writes nothing; any change runs in full. Either way the files are what a
// run without the record makes, and the run reports what that run reports.
import fc from 'fast-check';
import * as fs from 'node:fs';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRun, type RunResult } from '../src/app/run';
import { WarmState } from '../src/app/warm';
import { inStaleWindow, staleWindow } from '../src/core/relate';
import type { Decision } from '../src/core/types';
import { DEFAULT_TUNING } from '../src/core/tuning';
import { fixtureDir, snapshotDir, tempDir } from './helpers';

type Message = [from: string, role: string, content: string, timestamp: string];
const task = (title: string, ...messages: Message[]) => ({ title, discussion: messages.map(([from, role, content, timestamp]) => ({ from, role, content, timestamp })) });

/**
 * Two tasks on one subject: the older decision (2025-12-01) turns stale once it is 90 days old
 * (2026-03-01T09:02), because the newer one (2026-02-01) speaks of the same subject.
 */
const AUDIT_LOG = {
  T20: task(
    'Audit log retention',
    ['hal', 'human', 'What retention do we keep for the audit log archive of the billing service?', '2025-12-01T09:00:00Z'],
    ['bot', 'bot', 'Retention for the audit log archive can be anything from thirty days to two years.', '2025-12-01T09:01:00Z'],
    ['hal', 'human', 'We decided to keep the audit log archive of the billing service on cold storage.', '2025-12-01T09:02:00Z'],
  ),
  T21: task(
    'Audit log owner',
    ['ida', 'human', 'The audit log archive of the billing service needs an owner for the cold storage bucket.', '2026-02-01T09:00:00Z'],
    ['bot', 'bot', 'Nobody owns the cold storage bucket of the audit log archive at the moment.', '2026-02-01T09:01:00Z'],
    ['ida', 'human', 'We decided that the platform team owns the audit log archive cold storage bucket.', '2026-02-01T09:02:00Z'],
  ),
};

const NOW = '2026-02-15T00:00:00Z';

/** Short discussions: low thresholds let each topic yield its decision. */
const CONFIG = { thresholds: { decision: 1, review: 0.5 } };

function workspace(tasks: object = AUDIT_LOG): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.json'), `${JSON.stringify(tasks, null, 2)}\n`);
  writeFileSync(join(dir, 'extract.config.json'), `${JSON.stringify(CONFIG)}\n`);
  return dir;
}

/** A run in-process, with the phases it went through. */
async function run(dir: string, now: string): Promise<RunResult & { phases: string[] }> {
  const phases: string[] = [];
  const r = await extractRun({ cwd: dir, now, onPhase: (p) => phases.push(p) });
  return { ...r, phases };
}

const STOOD = 'unchanged since the last run';
const RECORD = (dir: string) => join(dir, 'memory', '.last-run');

/** What a run reports, without what differs from run to run by nature (which files it wrote). */
const report = (r: RunResult) => ({ summary: { ...r.summary, written: [] }, diagnostics: r.diagnostics });

/** The paths `fn` opens or reads through node:fs while it runs. */
async function pathsReadBy(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  // The io reads files through node:fs/promises.
  const spies = [jest.spyOn(fs.promises, 'readFile'), jest.spyOn(fs.promises, 'open')];
  try {
    await fn();
    for (const spy of spies) for (const call of spy.mock.calls) seen.push(String(call[0]));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return seen;
}

describe('a run on a workspace exactly as the last run left it', () => {
  it('reads no task or memory file, writes nothing, and reports what the run before it reported', async () => {
    const dir = fixtureDir('basic');
    // The first run analyses (and validates) every task; the second finds them current.
    await run(dir, NOW);
    const second = await run(dir, NOW);
    expect(second.summary.analysed).toBe(0);
    // T101 has no discussion: a warning every run repeats.
    expect(second.diagnostics.map((d) => d.code)).toEqual(['no-discussion']);
    const before = snapshotDir(dir);
    const record = readFileSync(RECORD(dir), 'utf8');

    let third: Awaited<ReturnType<typeof run>> | undefined;
    const read = await pathsReadBy(async () => (third = await run(dir, '2026-03-01T00:00:00Z')));
    expect(third!.phases).toContain(STOOD);
    const data = ['tasks.json', 'memory/decisions.json', 'memory/patterns.jsonl', 'memory/review-queue.json'].map((name) => join(dir, name));
    expect(read.filter((p) => data.includes(p))).toEqual([]);
    expect(report(third!)).toEqual(report(second));
    expect(third!.summary.written).toEqual([]);
    expect(snapshotDir(dir)).toEqual(before);
    expect(readFileSync(RECORD(dir), 'utf8')).toBe(record);

    // Without the record the same run reads them all, and finds what the record said.
    rmSync(RECORD(dir));
    let full: Awaited<ReturnType<typeof run>> | undefined;
    const readInFull = await pathsReadBy(async () => (full = await run(dir, '2026-03-01T00:00:00Z')));
    expect(full!.phases).not.toContain(STOOD);
    for (const path of data) expect(readInFull).toContain(path);
    expect(report(full!)).toEqual(report(third!));
    expect(snapshotDir(dir)).toEqual(before);
  });

  it("is not what a long-lived caller stands on: the daemon's first run reads everything it keeps for the saves to come", async () => {
    const dir = workspace();
    await run(dir, NOW);
    await run(dir, NOW);
    const warm = new WarmState();
    const phases: string[] = [];
    await extractRun({ cwd: dir, now: NOW, warm, onPhase: (p) => phases.push(p) });
    expect(phases).not.toContain(STOOD);
    expect(warm.earlierDiscussion(join(dir, 'tasks.json'), 'T20')).toBeDefined();
  });

  it('is not written by a run that analysed a task and reported something (an analysed task is validated, a current one is not)', async () => {
    const dir = fixtureDir('basic');
    const first = await run(dir, NOW);
    expect(first.summary.analysed).toBeGreaterThan(0);
    expect(first.diagnostics).not.toEqual([]);
    expect(fs.existsSync(RECORD(dir))).toBe(false);
    // Nothing reported: the first run stands.
    const clean = workspace();
    await run(clean, NOW);
    expect((await run(clean, NOW)).phases).toContain(STOOD);
  });
});

describe('the pattern log', () => {
  const log = (dir: string) => join(dir, 'memory', 'patterns.jsonl');
  const codes = (r: RunResult) => r.diagnostics.map((d) => d.code);

  it('with a bad line, which every read reports, never lets a run stand on the record', async () => {
    const dir = workspace();
    await run(dir, NOW);
    await run(dir, NOW);
    appendFileSync(log(dir), 'not a pattern\n');
    for (let k = 0; k < 2; k++) {
      const r = await run(dir, NOW);
      expect(r.phases).not.toContain(STOOD);
      expect(codes(r)).toEqual(['bad-log-line']);
    }
  });

  it('with a torn last line: the run that cuts it reports it, and the next stands on the record', async () => {
    const dir = workspace();
    await run(dir, NOW);
    await run(dir, NOW);
    appendFileSync(log(dir), '{"id": "PAT-2026');
    const cutting = await run(dir, NOW);
    expect(cutting.phases).not.toContain(STOOD);
    expect(codes(cutting)).toEqual(['torn-log']);
    const next = await run(dir, NOW);
    expect(next.phases).toContain(STOOD);
    expect(codes(next)).toEqual([]);
  });
});

/** Changes a later run must see: each makes it run in full. `prepare`: before the runs that write the record. */
const CHANGES: Array<{ name: string; now?: string; prepare?: (dir: string) => Promise<void>; change: (dir: string) => void }> = [
  {
    name: 'a message a person added to a task',
    change: (dir) => {
      const file = join(dir, 'tasks.json');
      const tasks = JSON.parse(readFileSync(file, 'utf8'));
      tasks.T21.discussion.push({ from: 'ida', role: 'human', content: 'Change of plan: the security team owns the audit log archive cold storage bucket.', timestamp: '2026-02-10T09:00:00Z' });
      writeFileSync(file, `${JSON.stringify(tasks, null, 2)}\n`);
    },
  },
  {
    name: 'the task file saved again as it was',
    change: (dir) => writeFileSync(join(dir, 'tasks.json'), readFileSync(join(dir, 'tasks.json'))),
  },
  {
    name: 'a decision a person archived in decisions.json',
    change: (dir) => {
      const file = join(dir, 'memory', 'decisions.json');
      const registry = JSON.parse(readFileSync(file, 'utf8')) as { decisions: Decision[] };
      registry.decisions[0].status = 'archived';
      writeFileSync(file, `${JSON.stringify(registry, null, 2)}\n`);
    },
  },
  {
    name: 'the clock past the day the older decision turns stale',
    now: '2026-03-10T00:00:00Z',
    change: () => undefined,
  },
  {
    name: 'settings that change the engine',
    change: (dir) => writeFileSync(join(dir, 'extract.config.json'), `${JSON.stringify({ ...CONFIG, staleAfterDays: 30 })}\n`),
  },
  {
    name: 'a second task file',
    change: (dir) => writeFileSync(join(dir, 'z.tasks.json'), `${JSON.stringify({ T30: AUDIT_LOG.T21 }, null, 2)}\n`),
  },
  {
    name: 'a task file the memory folder records, gone since',
    prepare: async (dir) => {
      writeFileSync(join(dir, 'other.json'), `${JSON.stringify({ T40: AUDIT_LOG.T20 }, null, 2)}\n`);
      await extractRun({ cwd: dir, now: NOW, globs: ['other.json'] });
    },
    change: (dir) => rmSync(join(dir, 'other.json')),
  },
  {
    name: 'a record that is not one',
    change: (dir) => writeFileSync(RECORD(dir), '{"version": 1, "engine": '),
  },
];

describe('a run on a workspace changed since the last run', () => {
  it.each(CHANGES)('runs in full after $name, and writes and reports what a run without the record does', async ({ prepare, change, now }) => {
    const globs = ['*tasks.json'];
    const withRecord = workspace();
    const without = workspace();
    for (const dir of [withRecord, without]) {
      await prepare?.(dir);
      await extractRun({ cwd: dir, now: NOW, globs });
      await extractRun({ cwd: dir, now: NOW, globs });
    }
    expect(fs.existsSync(RECORD(withRecord))).toBe(true);
    rmSync(RECORD(without));
    change(withRecord);
    change(without);
    const phases: string[] = [];
    const a = await extractRun({ cwd: withRecord, now: now ?? NOW, globs, onPhase: (p) => phases.push(p) });
    const b = await extractRun({ cwd: without, now: now ?? NOW, globs });
    expect(phases).not.toContain(STOOD);
    expect(report(a)).toEqual(report(b));
    expect(snapshotDir(withRecord)).toEqual(snapshotDir(without));
  });

  it('flags the older decision stale once the clock passes the end of the recorded window', async () => {
    const dir = workspace();
    await run(dir, NOW);
    await run(dir, NOW);
    const window = JSON.parse(readFileSync(RECORD(dir), 'utf8')).stale;
    expect(window.until).toBe(Date.parse('2026-03-01T09:02:00Z'));
    const flags = () => (JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions as Decision[]).map((d) => [d.task_id, d.quality_flags.includes('stale')]);
    expect((await run(dir, '2026-03-01T09:02:00Z')).phases).toContain(STOOD);
    expect(flags()).toEqual([['T20', false], ['T21', false]]);
    expect((await run(dir, '2026-03-01T09:02:00.001Z')).phases).not.toContain(STOOD);
    expect(flags()).toEqual([['T20', true], ['T21', false]]);
    expect((await run(dir, '2026-04-01T00:00:00Z')).phases).toContain(STOOD);
    // A clock set back before that day: the flag goes again.
    expect((await run(dir, '2026-03-01T09:02:00Z')).phases).not.toContain(STOOD);
    expect(flags()).toEqual([['T20', false], ['T21', false]]);
  });
});

describe('the stale window', () => {
  const instant = fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') });
  const decision = fc.record({ created: instant, status: fc.constantFrom<Decision['status']>('active', 'active', 'superseded', 'archived') });
  const iso = (ms: number) => new Date(ms).toISOString();
  const maxAge = DEFAULT_TUNING.relate.staleAfterDays * 86_400_000;
  /** Which decisions the stale check takes for old at `now`. */
  const old = (ds: ReadonlyArray<{ created: number; status: string }>, now: number) => ds.map((d) => d.status === 'active' && now - d.created > maxAge);

  it('holds exactly the instants at which the stale check finds the same decisions old', () => {
    fc.assert(
      fc.property(fc.array(decision, { maxLength: 8 }), instant, instant, (ds, now, later) => {
        const decisions = ds.map((d) => ({ status: d.status, created_at: iso(d.created) }) as Decision);
        const window = staleWindow(decisions, iso(now), DEFAULT_TUNING.relate)!;
        // At a threshold and a millisecond either side of it, where a mistake would show.
        for (const at of [later, ...ds.flatMap((d) => [d.created + maxAge - 1, d.created + maxAge, d.created + maxAge + 1])]) {
          expect(inStaleWindow(window, iso(at))).toBe(JSON.stringify(old(ds, at)) === JSON.stringify(old(ds, now)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('has no window for a clock that is not an instant', () => {
    expect(staleWindow([], 'yesterday', DEFAULT_TUNING.relate)).toBeNull();
    expect(inStaleWindow({ after: null, until: null }, 'yesterday')).toBe(false);
  });
});
