// Faults and hostile input: nothing a person wrote is lost, every file stays whole, and bad input
// gets a clear error in bounded time.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRun } from '../src/store/run';
import { BIN, EXAMPLE, runCli, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';

/** A larger task file: the example's tasks under many ids, so a run spends time writing. */
function bigTaskFile(copies: number): string {
  const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (let k = 0; k < copies; k++) for (const [id, task] of Object.entries(example)) out[`${id}-${k}`] = task;
  return `${JSON.stringify(out, null, 2)}\n`;
}

function parseAll(dir: string): { tornTail: boolean; tasks: unknown; decisions: unknown; review: unknown; patternLines: string[] } {
  const read = (p: string) => readFileSync(join(dir, p), 'utf8');
  const opt = (p: string, fallback: string) => {
    try {
      return read(p);
    } catch {
      return fallback;
    }
  };
  const log = opt('memory/patterns.jsonl', '');
  const lines = log.split('\n');
  // Only the last line may be torn (no newline after it); every complete line must parse.
  const complete = log.endsWith('\n') ? lines.slice(0, -1) : lines.slice(0, -1);
  for (const l of complete) JSON.parse(l);
  return {
    tornTail: log.length > 0 && !log.endsWith('\n'),
    tasks: JSON.parse(read('tasks.json')),
    decisions: JSON.parse(opt('memory/decisions.json', '{"version":1,"decisions":[]}')),
    review: JSON.parse(opt('memory/review-queue.json', '{"version":1,"items":[]}')),
    patternLines: complete,
  };
}

describe('kill -9 at random moments', () => {
  const RUNS = Number(process.env.KILL_RUNS ?? 100);

  it(`leaves every file old-or-new and whole over ${RUNS} killed runs, then converges to a clean run`, async () => {
    const original = bigTaskFile(40);
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), original);
    const clean = tempDir();
    writeFileSync(join(clean, 'tasks.json'), original);
    expect(runCli(['run', '--now', NOW], clean).status).toBe(0);
    const cleanTasks = readFileSync(join(clean, 'tasks.json'), 'utf8');

    let killed = 0;
    let finished = 0;
    let torn = 0;
    let lastFinished = false;
    for (let i = 0; i < RUNS; i++) {
      if (i > 0 && finished > 0 && lastFinished) {
        // Start over so that the next run has every write to do again (and can be killed mid-way).
        writeFileSync(join(dir, 'tasks.json'), original);
        rmSync(join(dir, 'memory'), { recursive: true, force: true });
      }
      const child = spawn(process.execPath, [BIN, 'run', '--now', NOW, '--lock-timeout', '5'], { cwd: dir, stdio: 'ignore' });
      const delay = 100 + Math.floor(Math.random() * 1500);
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      clearTimeout(timer);
      lastFinished = code !== null;
      if (code === null) killed++;
      else finished++;
      const state = parseAll(dir);
      if (state.tornTail) torn++;
      const text = readFileSync(join(dir, 'tasks.json'), 'utf8');
      expect(text === original || text === cleanTasks).toBe(true);
      expect(state.tasks).toBeDefined();
      // A killed run can leave a stale lock; the next run must still get through (stale locks expire).
    }
    expect(killed).toBeGreaterThan(RUNS / 4);
    const final = runCli(['run', '--now', NOW, '--lock-timeout', '60'], dir);
    expect(final.status).toBe(0);
    for (const f of ['tasks.json', 'memory/decisions.json', 'memory/review-queue.json', 'memory/patterns.jsonl']) {
      expect(readFileSync(join(dir, f), 'utf8')).toBe(readFileSync(join(clean, f), 'utf8'));
    }
    // Temp files of killed writers are gone once a run has written the file again.
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // eslint-disable-next-line no-console
    console.log(`kill -9 loop: ${RUNS} runs, ${killed} killed, ${finished} finished, ${torn} torn log tails repaired, 0 corrupt files`);
  }, 600_000);
});

describe('a person editing while a run is in flight', () => {
  it('keeps their edit and extracts the new content', async () => {
    const dir = tempDir();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    await extractRun({
      cwd: dir,
      now: NOW,
      beforeCommit: async (attempt) => {
        if (attempt > 0) return;
        const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
        tasks.T046.status = 'done';
        tasks.T046.discussion.push({ author: 'sam', role: 'user', text: 'Migration merged, closing this.' });
        writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
      },
    });
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(after.T046.status).toBe('done');
    expect(after.T046.discussion).toHaveLength(8);
    expect(after.T046.extracted_state.topics.flatMap((t: { messages: number[] }) => t.messages)).toContain(7);
  });

  it('reports a conflict and leaves the file as the person left it when it keeps changing', async () => {
    const dir = tempDir();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    let n = 0;
    const result = await extractRun({
      cwd: dir,
      now: NOW,
      beforeCommit: async () => {
        const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
        tasks.T048.edits = ++n;
        writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
      },
    });
    expect(result.summary.conflicts).toBe(1);
    expect(result.diagnostics.map((d) => d.code)).toContain('conflict');
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(after.T048.edits).toBe(n);
    expect(after.T045.extracted_state).toBeUndefined();
  });
});

describe('cron and daemon against the same folder', () => {
  it('loses no update and records no pattern twice', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), bigTaskFile(5));
    const daemon = spawn(process.execPath, [BIN, '--watch', '--json', '--now', NOW], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    daemon.stdout.on('data', (c: Buffer) => (log += c.toString()));
    const until = Date.now() + 15_000;
    while (!log.includes('"ready"') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const cron = async () => {
      for (let i = 0; i < 8; i++) {
        await new Promise<void>((resolve) => spawn(process.execPath, [BIN, 'run', '--now', NOW], { cwd: dir, stdio: 'ignore' }).on('exit', () => resolve()));
      }
    };
    const person = async () => {
      for (let i = 0; i < 8; i++) {
        await new Promise((r) => setTimeout(r, 150));
        // Edit the way an editor saves: read, change one key, write the whole file.
        const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
        tasks['T047-0'].discussion.push({ author: 'lee', role: 'human', text: `note ${i}` });
        tasks['T047-0'][`seen_${i}`] = true;
        writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
      }
    };
    await Promise.all([cron(), person()]);
    await new Promise((r) => setTimeout(r, 1500));
    daemon.kill('SIGTERM');
    await new Promise((r) => daemon.on('exit', r));
    expect(runCli(['run', '--now', NOW], dir).status).toBe(0);

    const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    for (let i = 0; i < 8; i++) expect(tasks['T047-0'][`seen_${i}`]).toBe(true);
    expect(tasks['T047-0'].discussion.slice(-8).map((m: { text: string }) => m.text)).toEqual([...Array(8).keys()].map((i) => `note ${i}`));
    const lines = readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const keys = lines.map((p) => `${p.task_id}|${p.type}|${p.messages.join(',')}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(lines.map((p) => p.id)).size).toBe(lines.length);

    // The final state equals a clean single run over the final discussions.
    const fresh = tempDir();
    const stripped = Object.fromEntries(Object.entries(tasks).map(([id, t]) => [id, { ...(t as object), extracted_state: undefined }]));
    writeFileSync(join(fresh, 'tasks.json'), JSON.stringify(stripped, null, 2));
    runCli(['run', '--now', NOW], fresh);
    const freshTasks = JSON.parse(readFileSync(join(fresh, 'tasks.json'), 'utf8'));
    for (const id of Object.keys(tasks)) expect(tasks[id].extracted_state.topics).toEqual(freshTasks[id].extracted_state.topics);
    const active = (d: { decisions: Array<{ status: string; statement: string; task_id: string }> }) =>
      d.decisions.filter((x) => x.status === 'active').map((x) => `${x.task_id}|${x.statement}`).sort();
    expect(active(JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')))).toEqual(active(JSON.parse(readFileSync(join(fresh, 'memory', 'decisions.json'), 'utf8'))));
  }, 120_000);
});

describe('hostile input', () => {
  it('never pollutes prototypes through __proto__ or constructor keys', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'tasks.json'),
      '{"__proto__": {"polluted": true, "discussion": ["No, that is wrong. Results must go in the task."]}, "constructor": {"prototype": {"polluted": true}, "discussion": [{"__proto__": {"text": "x"}, "text": "hello", "constructor": "y"}]}}',
    );
    const r = runCli(['run', '--now', NOW], dir);
    expect(r.status).toBe(0);
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(Object.keys(after)).toEqual(['__proto__', 'constructor']);
    expect(Object.prototype.hasOwnProperty.call(after, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const decisions = JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions;
    expect(decisions.map((d: { task_id: string }) => d.task_id)).toEqual([]);
  });

  it('analyses only the head of a 50 MB message, with a warning, in bounded time', () => {
    const dir = tempDir();
    const huge = `${'We must keep the archive. '.repeat(2_000_000)}`;
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: ['hello', huge, 'ok'] } }));
    const started = Date.now();
    const r = runCli(['run', '--now', NOW], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/tasks\.json: warning: message has 52000000 characters; only the first 20000 are analysed \(at \/T1\/discussion\/1\) \[long-message\]/);
    expect(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8')).T1.discussion[1]).toBe(huge);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('refuses 10 000-deep nesting with a location and leaves the file alone', () => {
    const dir = tempDir();
    const deep = `{"T1": {"discussion": ["hi"], "meta": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    writeFileSync(join(dir, 'tasks.json'), deep);
    const r = runCli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/tasks\.json:1:\d+: error: nesting deeper than 512 levels; file left as it is \[too-deep\]/);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(deep);
  });

  it('refuses invalid UTF-8 with its line and column and writes nothing to the file', () => {
    const dir = tempDir();
    const bytes = Buffer.concat([Buffer.from('{\n  "T1": {"discussion": ["caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"]}\n}\n')]);
    writeFileSync(join(dir, 'tasks.json'), bytes);
    const r = runCli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/tasks\.json:2:29: error: invalid UTF-8 byte 0xc3; file left as it is \[invalid-utf8\]/);
    expect(readFileSync(join(dir, 'tasks.json')).equals(bytes)).toBe(true);
  });

  it('refuses a user rule pack with a catastrophic regex at load, and one whose examples fail', () => {
    const dir = tempDir();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    mkdirSync(join(dir, 'team-rules'));
    const pack = (regex: string, match: string) => ({
      pack: 'team',
      rules: [{ id: 'team/evil', kind: 'correction', regex, examples: { match: [match], nomatch: ['fine'] } }],
    });
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ rules: ['team-rules'] }));
    writeFileSync(join(dir, 'team-rules', 'team.json'), JSON.stringify(pack('(a+)+$', 'aaaa')));
    const r = runCli(['run', '--now', NOW], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/team\.json: rule team\/evil: regex refused \(nested quantifier.*\); it could take exponential time/);
    writeFileSync(join(dir, 'team-rules', 'team.json'), JSON.stringify(pack('\\bwrong\\b', 'this is right')));
    const r2 = runCli(['run', '--now', NOW], dir);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/rule team\/evil: example "this is right" should match/);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(readFileSync(EXAMPLE, 'utf8'));
  });
});
