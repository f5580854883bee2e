// A run that finds the workspace exactly as the last run that changed nothing found it
// (memory/.last-run) reads no task or memory file and writes nothing; any change runs in full.
// Either way the files are what a run without the record makes, and the run reports what that
// run reports.
import fc from 'fast-check';
import * as fs from 'node:fs';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRun, type RunResult } from '../src/app/run';
import { WarmState } from '../src/app/caches';
import { inStaleWindow, markStale } from '../src/core/relate';
import { SubjectMemo } from '../src/core/subject';
import { PorterStems } from '../src/core/porter';
import type { Decision } from '../src/core/types';
import { DEFAULT_TUNING } from '../src/core/tuning';
import { compareAndSwap, signatureOf } from '../src/io/files';
import { LAST_RUN_FILE } from '../src/io/lastRun';
import { FIXTURES, filesBelow, fixtureDir, runCli, shippedWords, tempDir } from './helpers';

const words = shippedWords();
const subjectMemo = () => new SubjectMemo(new PorterStems(words));

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

/** Every file below `dir` as if last modified `ago` ms before now. */
function modifiedAgo(dir: string, ago: number): void {
  const then = (Date.now() - ago) / 1000;
  for (const file of Object.keys(filesBelow(dir))) utimesSync(join(dir, file), then, then);
}

/**
 * Every file below `dir` as if last modified a minute ago: a run records what it found only for
 * files modified two seconds or more before it began (as minutes between heartbeats would leave them).
 */
const settle = (dir: string) => modifiedAgo(dir, 60_000);
/** Every file below `dir` as if just modified, however long the machine took to get here. */
const touch = (dir: string) => modifiedAgo(dir, 0);

type Run = RunResult & { phases: string[] };
type Options = Omit<Parameters<typeof extractRun>[0], 'cwd' | 'now' | 'onPhase'>;

/** A run in-process, with the phases it went through. */
async function run(dir: string, now = NOW, options: Options = {}): Promise<Run> {
  const phases: string[] = [];
  const r = await extractRun({ cwd: dir, now, ...options, onPhase: (p) => phases.push(p) });
  return { ...r, phases };
}

/** Runs until a run changes nothing, over settled files: that run writes the record. */
async function recorded(dir: string, now = NOW, options: Options = {}): Promise<Run> {
  await run(dir, now, options);
  settle(dir);
  const r = await run(dir, now, options);
  expect(fs.existsSync(RECORD(dir))).toBe(true);
  return r;
}

const STOOD = 'unchanged since the last run';
const RECORD = (dir: string) => join(dir, 'memory', LAST_RUN_FILE);

/** What a run reports, without what differs from run to run by nature (which files it wrote). */
const report = (r: RunResult) => ({ summary: { ...r.summary, written: [] }, diagnostics: r.diagnostics });

/** Every file below `dir` (bookkeeping files of the memory folder included), but the record itself and the lock's. */
const files = (dir: string) => filesBelow(dir, (file) => file === join('memory', LAST_RUN_FILE) || /(^|\/)\.extract\./.test(file));

/** The paths `fn` reads or opens through node:fs/promises (the io reads files through it). */
async function pathsReadBy(fn: () => Promise<unknown>): Promise<string[]> {
  const spies = [jest.spyOn(fs.promises, 'readFile'), jest.spyOn(fs.promises, 'open')];
  try {
    await fn();
    return spies.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('a run on a workspace exactly as the last run that changed nothing found it', () => {
  it('reads no task or memory file, writes nothing, and reports what that run reported', async () => {
    const dir = fixtureDir('basic');
    const before = await recorded(dir);
    expect(before.summary.analysed).toBe(0);
    // T101 has no discussion: a warning every run repeats.
    expect(before.diagnostics.map((d) => d.code)).toEqual(['no-discussion']);
    const kept = files(dir);
    const record = readFileSync(RECORD(dir), 'utf8');
    const data = ['tasks.json', 'memory/decisions.json', 'memory/patterns.jsonl', 'memory/review-queue.json'].map((name) => join(dir, name));

    let stood: Run | undefined;
    const read = await pathsReadBy(async () => (stood = await run(dir, '2026-03-01T00:00:00Z')));
    expect(stood!.phases).toContain(STOOD);
    expect(read.filter((p) => data.includes(p))).toEqual([]);
    expect(report(stood!)).toEqual(report(before));
    expect(stood!.summary.written).toEqual([]);
    expect(files(dir)).toEqual(kept);
    expect(readFileSync(RECORD(dir), 'utf8')).toBe(record);

    // Without the record the same run reads them all, and finds what the record said.
    rmSync(RECORD(dir));
    let full: Run | undefined;
    const readInFull = await pathsReadBy(async () => (full = await run(dir, '2026-03-01T00:00:00Z')));
    expect(full!.phases).not.toContain(STOOD);
    for (const path of data) expect(readInFull).toContain(path);
    expect(report(full!)).toEqual(report(stood!));
    expect(files(dir)).toEqual(kept);
  });

  it('is written only by a run that changed nothing, over files modified well before it began', async () => {
    const dir = workspace();
    expect((await run(dir)).summary.written).not.toEqual([]);
    expect(fs.existsSync(RECORD(dir))).toBe(false);
    // Nothing to change, but the files were written a moment ago: a second-grained clock could hide an edit made in that second.
    touch(dir);
    expect((await run(dir)).summary.written).toEqual([]);
    expect(fs.existsSync(RECORD(dir))).toBe(false);
    settle(dir);
    await run(dir);
    expect(fs.existsSync(RECORD(dir))).toBe(true);
    expect((await run(dir)).phases).toContain(STOOD);
  });

  it("is not what a long-lived caller stands on: the daemon's first run reads everything it keeps for the saves to come", async () => {
    const dir = workspace();
    await recorded(dir);
    const warm = new WarmState();
    expect((await run(dir, NOW, { warm })).phases).not.toContain(STOOD);
    expect(warm.earlierDiscussion(join(dir, 'tasks.json'), 'T20')).toBeDefined();
  });

  it('replays what it reported only in the folder it ran from (its reports name files from there)', async () => {
    const parent = tempDir();
    const dir = join(parent, 'project');
    mkdirSync(dir);
    writeFileSync(join(dir, 'tasks.json'), readFileSync(join(FIXTURES, 'basic', 'tasks.json')));
    const here = await recorded(dir);
    expect(here.diagnostics[0].file).toBe('tasks.json');
    const above = await run(parent, NOW, { globs: ['project/tasks.json'], memory: 'project/memory' });
    expect(above.phases).not.toContain(STOOD);
    expect(above.diagnostics.map((d) => d.file)).toEqual(['project/tasks.json']);
  });

  it('takes the signature of a file a compare-and-swap finds unchanged before the look that finds it so', async () => {
    const file = join(tempDir(), 'tasks.json');
    writeFileSync(file, '{}\n');
    const read = fs.promises.readFile;
    // Someone saves the same text again while the swap looks: the signature given is not the new file's.
    const spy = jest.spyOn(fs.promises, 'readFile').mockImplementationOnce(async (...args: Parameters<typeof read>) => {
      const text = await read(...args);
      writeFileSync(`${file}.new`, '{}\n');
      fs.renameSync(`${file}.new`, file);
      return text;
    });
    try {
      const { outcome, signature } = await compareAndSwap(file, '{}\n', { text: '{}\n' });
      expect(outcome).toBe('unchanged');
      expect(signature).not.toBe(await signatureOf(file));
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the pattern log', () => {
  const log = (dir: string) => join(dir, 'memory', 'patterns.jsonl');
  const codes = (r: RunResult) => r.diagnostics.map((d) => d.code);

  it('with a bad line, which every read reports, is never what a run stands on', async () => {
    const dir = workspace();
    await recorded(dir);
    appendFileSync(log(dir), 'not a pattern\n');
    // Settled once: a run that recorded what it found would be stood on by the next.
    settle(dir);
    for (let k = 0; k < 2; k++) {
      const r = await run(dir);
      expect(r.phases).not.toContain(STOOD);
      expect(codes(r)).toEqual(['bad-log-line']);
    }
  });

  it('with a torn last line: the run that cuts it reports it, and the next one that changes nothing is recorded', async () => {
    const dir = workspace();
    await recorded(dir);
    appendFileSync(log(dir), '{"id": "PAT-2026');
    const cutting = await run(dir);
    expect(cutting.phases).not.toContain(STOOD);
    expect(codes(cutting)).toEqual(['torn-log']);
    settle(dir);
    expect(codes(await run(dir))).toEqual([]);
    const next = await run(dir);
    expect(next.phases).toContain(STOOD);
    expect(codes(next)).toEqual([]);
  });
});

/** Changes a later run must see: each makes it run in full. */
interface Change {
  name: string;
  /** Before the runs that write the record. */
  prepare?: (dir: string) => Promise<void>;
  change?: (dir: string) => void;
  /** The globs of the runs that write the record, and of the run after the change. */
  globs?: string[];
  then?: { now?: string; globs?: string[] };
}

const CHANGES: Change[] = [
  {
    name: 'a message a person added to a task',
    change: (dir) => {
      const file = join(dir, 'tasks.json');
      const tasks = JSON.parse(readFileSync(file, 'utf8'));
      tasks.T21.discussion.push({ from: 'ida', role: 'human', content: 'Change of plan: the security team owns the audit log archive cold storage bucket.', timestamp: '2026-02-10T09:00:00Z' });
      writeFileSync(file, `${JSON.stringify(tasks, null, 2)}\n`);
    },
  },
  { name: 'the task file saved again as it was', change: (dir) => writeFileSync(join(dir, 'tasks.json'), readFileSync(join(dir, 'tasks.json'))) },
  {
    name: 'a decision a person archived in decisions.json',
    change: (dir) => {
      const file = join(dir, 'memory', 'decisions.json');
      const registry = JSON.parse(readFileSync(file, 'utf8')) as { decisions: Decision[] };
      registry.decisions[0].status = 'archived';
      writeFileSync(file, `${JSON.stringify(registry, null, 2)}\n`);
    },
  },
  { name: 'the checksums removed', change: (dir) => rmSync(join(dir, 'memory', '.checksums')) },
  { name: 'the clock past the day the older decision turns stale', then: { now: '2026-03-10T00:00:00Z' } },
  { name: 'settings that change the engine', change: (dir) => writeFileSync(join(dir, 'extract.config.json'), `${JSON.stringify({ ...CONFIG, staleAfterDays: 30 })}\n`) },
  { name: 'a second task file', change: (dir) => writeFileSync(join(dir, 'z.tasks.json'), `${JSON.stringify({ T30: AUDIT_LOG.T21 }, null, 2)}\n`) },
  {
    name: 'a task file the memory folder records, gone since',
    prepare: async (dir) => {
      writeFileSync(join(dir, 'other.json'), `${JSON.stringify({ T40: AUDIT_LOG.T20 }, null, 2)}\n`);
      await extractRun({ cwd: dir, now: NOW, globs: ['other.json'] });
    },
    change: (dir) => rmSync(join(dir, 'other.json')),
  },
  {
    name: 'globs that take in a task file the memory folder already records',
    prepare: async (dir) => {
      writeFileSync(join(dir, 'z.tasks.json'), `${JSON.stringify({ T30: AUDIT_LOG.T21 }, null, 2)}\n`);
      await extractRun({ cwd: dir, now: NOW, globs: ['*tasks.json'] });
    },
    globs: ['tasks.json'],
    then: { globs: ['*tasks.json'] },
  },
  { name: 'a glob that matches nothing', then: { globs: ['*tasks.json', 'missing-*.json'] } },
  { name: 'a record that is not one', change: (dir) => writeFileSync(RECORD(dir), '{"version": 1, "engine": ') },
];

describe('a run on a workspace changed since the last run that changed nothing', () => {
  it.each(CHANGES)('runs in full after $name, and writes and reports what a run without the record does', async ({ prepare, change, globs = ['*tasks.json'], then = {} }) => {
    const withRecord = workspace();
    const without = workspace();
    for (const dir of [withRecord, without]) {
      await prepare?.(dir);
      await recorded(dir, NOW, { globs });
      change?.(dir);
    }
    rmSync(RECORD(without));
    const next = { globs: then.globs ?? globs };
    const a = await run(withRecord, then.now ?? NOW, next);
    const b = await run(without, then.now ?? NOW, next);
    expect(a.phases).not.toContain(STOOD);
    expect(report(a)).toEqual(report(b));
    expect(files(withRecord)).toEqual(files(without));
  });

  it('runs in full in another time zone (a timestamp without an offset is read in the local one), as the real command', () => {
    // Zone-less timestamps: where T20 turns stale depends on the zone they are read in.
    const local = JSON.parse(JSON.stringify(AUDIT_LOG).replace(/:00Z"/g, ':00"'));
    const cli = (dir: string, zone: string) => runCli(['run', '--now', '2026-03-01T05:00:00Z', '--json'], dir, { TZ: zone, EXTRACT_TIMING: '1' });
    const withRecord = workspace(local);
    cli(withRecord, 'UTC');
    settle(withRecord);
    cli(withRecord, 'UTC');
    expect(fs.existsSync(RECORD(withRecord))).toBe(true);
    // The same workspace without the record: what a run that cannot stand on it writes.
    const without = tempDir();
    cpSync(withRecord, without, { recursive: true, preserveTimestamps: true });
    rmSync(RECORD(without));
    expect(cli(withRecord, 'UTC').stderr).toContain(STOOD);
    const a = cli(withRecord, 'Asia/Tokyo');
    const b = cli(without, 'Asia/Tokyo');
    expect(a.stderr).not.toContain(STOOD);
    expect(a.status).toBe(0);
    expect(JSON.parse(a.stdout).written).toEqual(['memory/decisions.json']);
    expect(JSON.parse(a.stdout).written).toEqual(JSON.parse(b.stdout).written);
    expect(files(withRecord)).toEqual(files(without));
  });

  it('flags the older decision stale once the clock passes the end of the recorded window, and not when it is set back', async () => {
    const dir = workspace();
    await recorded(dir);
    const window = JSON.parse(readFileSync(RECORD(dir), 'utf8')).stale;
    expect(window.until).toBe(Date.parse('2026-03-01T09:02:00Z'));
    const flags = () => (JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions as Decision[]).map((d) => [d.task_id, d.quality_flags.includes('stale')]);
    expect((await run(dir, '2026-03-01T09:02:00Z')).phases).toContain(STOOD);
    expect(flags()).toEqual([['T20', false], ['T21', false]]);
    expect((await run(dir, '2026-03-01T09:02:00.001Z')).phases).not.toContain(STOOD);
    expect(flags()).toEqual([['T20', true], ['T21', false]]);
    await recorded(dir, '2026-04-01T00:00:00Z');
    expect((await run(dir, '2026-04-01T00:00:00Z')).phases).toContain(STOOD);
    // A clock set back before that day: the flag goes again.
    expect((await run(dir, '2026-03-01T09:02:00Z')).phases).not.toContain(STOOD);
    expect(flags()).toEqual([['T20', false], ['T21', false]]);
  });
});

describe('the stale window markStale returns', () => {
  const instant = fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') });
  const status = fc.constantFrom<Decision['status']>('active', 'active', 'superseded', 'archived');
  const statements = ['We keep the audit log archive on cold storage.', 'The platform team owns the audit log archive bucket.', 'We print the newsletter in a serif font.', 'The audit log archive bucket moves to cold storage.'];
  const decisions = fc.array(fc.record({ created: instant, status, statement: fc.constantFrom(...statements) }), { maxLength: 8 });
  // Whole days and fractions of them (the config takes any number).
  const days = fc.oneof(fc.integer({ min: 1, max: 400 }), fc.double({ min: 0.01, max: 400, noNaN: true }));
  const iso = (ms: number) => new Date(ms).toISOString();
  type Drawn = { created: number; status: Decision['status']; statement: string };
  const registry = (ds: Drawn[]) => ds.map((d, k) => ({ id: `DEC-${k}`, task_id: `T${k}`, statement: d.statement, status: d.status, created_at: iso(d.created), quality_flags: [] as string[], corrects: null }) as unknown as Decision);

  it('holds exactly the instants at which the decisions taken for old are the same', () => {
    fc.assert(
      fc.property(decisions, instant, instant, days, (ds, now, later, staleAfterDays) => {
        const options = { ...DEFAULT_TUNING.relate, staleAfterDays };
        const maxAge = staleAfterDays * 86_400_000;
        // The stale check's test of age, written out.
        const old = (at: number) => JSON.stringify(ds.map((d) => d.status === 'active' && at - d.created > maxAge));
        const window = markStale(registry(ds), iso(now), options, subjectMemo())!;
        // At each turning point and a millisecond either side of it, where a mistake would show.
        const turning = ds.flatMap((d) => [Math.floor(d.created + maxAge) - 1, Math.floor(d.created + maxAge), Math.floor(d.created + maxAge) + 1]);
        for (const at of [later, ...turning]) expect(inStaleWindow(window, iso(at))).toBe(old(at) === old(now));
      }),
      { numRuns: 300 },
    );
  });

  it('holds only instants at which the stale check flags the same decisions', () => {
    fc.assert(
      fc.property(decisions, instant, instant, (ds, now, later) => {
        const flagged = (at: number) => {
          const marked = registry(ds);
          const window = markStale(marked, iso(at), DEFAULT_TUNING.relate, subjectMemo())!;
          return { window, flags: JSON.stringify(marked.map((d) => d.quality_flags)) };
        };
        if (inStaleWindow(flagged(now).window, iso(later))) expect(flagged(later).flags).toBe(flagged(now).flags);
      }),
      { numRuns: 300 },
    );
  });

  it('is none for a clock that is not an instant', () => {
    expect(markStale([], 'yesterday', DEFAULT_TUNING.relate, subjectMemo())).toBeNull();
    expect(inStaleWindow({ after: null, until: null }, 'yesterday')).toBe(false);
  });
});
