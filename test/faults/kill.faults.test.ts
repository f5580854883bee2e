// kill -9 at every point a run changes the file system, and along a long seeded chain of kills:
// every file is always either as it was or whole, and the next run converges to a clean run.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, EXAMPLE, runCli, tempDir } from '../helpers';
import { NOW, exampleWithCleanRun, problemsAfterKill, recoverAndCompare, runWithKillPoint, seeded } from './harness';

const SEED = Number(process.env.FAULT_SEED ?? 20260305);

describe('kill -9 at every kill point of a run', () => {
  it('leaves every file old-or-new and whole, and the next run writes what a clean run writes', async () => {
    const { original, clean, ops, fresh } = await exampleWithCleanRun();
    // The operations come in the same order every time: the points below are the same on every machine.
    expect((await runWithKillPoint(fresh(), 0)).ops).toEqual(ops);
    const failures: string[] = [];
    for (let at = 1; at <= ops.length; at++) {
      for (const torn of /write/i.test(ops[at - 1]) ? [false, true] : [false]) {
        const dir = fresh();
        const r = await runWithKillPoint(dir, at, torn);
        const name = `kill point ${at}${torn ? ' (torn write)' : ''} before "${ops[at - 1]}"`;
        if (r.signal !== 'SIGKILL') failures.push(`${name}: the run was not killed (exit ${r.code})`);
        for (const p of problemsAfterKill(dir, original, clean, torn)) failures.push(`${name}: ${p}`);
        for (const p of await recoverAndCompare(dir, clean)) failures.push(`${name}, then a run: ${p}`);
      }
    }
    expect(failures).toEqual([]);
    // eslint-disable-next-line no-console
    console.log(`kill points: ${ops.length} operations, each killed once (and torn when it writes), 0 problems`);
  });
});

describe('a chain of killed runs', () => {
  const RUNS = Number(process.env.KILL_RUNS ?? 100);

  it(`keeps every file old-or-new and whole over ${RUNS} runs killed at seeded points, each starting where the last one died`, async () => {
    const { original, clean, ops, fresh } = await exampleWithCleanRun();
    const random = seeded(SEED);
    const dir = fresh();
    let killed = 0;
    let finished = 0;
    for (let i = 0; i < RUNS; i++) {
      // Points past the end of a run let some runs finish; a run that starts from a killed one's
      // state has other operations to do, so the same number lands on other moments.
      const at = 1 + Math.floor(random() * (ops.length + 4));
      const torn = random() < 0.25;
      const r = await runWithKillPoint(dir, at, torn);
      const name = `seed ${SEED}, run ${i}, kill point ${at}${torn ? ' (torn)' : ''}`;
      if (r.signal === 'SIGKILL') killed++;
      else {
        // Not killed: it finished cleanly before its kill point came.
        expect({ name, code: r.code, reachedKillPoint: r.ops!.length >= at }).toEqual({ name, code: 0, reachedKillPoint: false });
        finished++;
      }
      expect({ name, problems: problemsAfterKill(dir, original, clean, true) }).toEqual({ name, problems: [] });
      if (r.signal !== 'SIGKILL') {
        // Start over, so that the next run has every write to do again.
        expect({ name, tasks: readFileSync(join(dir, 'tasks.json'), 'utf8') === clean['tasks.json'] }).toEqual({ name, tasks: true });
        writeFileSync(join(dir, 'tasks.json'), original);
        rmSync(join(dir, 'memory'), { recursive: true, force: true });
      }
    }
    expect(killed + finished).toBe(RUNS);
    expect(await recoverAndCompare(dir, clean)).toEqual([]);
    // eslint-disable-next-line no-console
    console.log(`kill chain (seed ${SEED}): ${RUNS} runs, ${killed} killed, ${finished} finished, 0 corrupt files`);
  });
});

/** A larger task file: the example's tasks under many ids. */
function bigTaskFile(copies: number): string {
  const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (let k = 0; k < copies; k++) for (const [id, task] of Object.entries(example)) out[`${id}-${k}`] = task;
  return `${JSON.stringify(out, null, 2)}\n`;
}

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
