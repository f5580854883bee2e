// Large inputs (or any, with EXTRACT_WORKERS=N) are analysed on worker threads, in chunks handed
// to whichever thread is free.
// Where a task was analysed must never show: the run writes byte for byte what the same run
// in one thread writes.
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, snapshotDir, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';
const LINES = [
  'Please publish the build report in the task discussion.',
  'I posted the report to Telegram.',
  "No, that's wrong. Reports must go in the discussion array.",
  'Would you like me to move it?',
  'Yes please.',
  "Let's go with the Postgres queue.",
  'We decided to keep the old API until June because clients still use it.',
  'ok',
];

/** 150 tasks, each its own mix of lines (EXTRACT_WORKERS=2 sends them to threads in eight chunks). */
function taskFile(): string {
  const tasks: Record<string, unknown> = {};
  const perTask = 20;
  for (let t = 0; t < 150; t++) {
    const discussion = Array.from({ length: perTask }, (_, m) => ({
      author: m % 2 === 0 ? 'ana' : 'bot',
      role: m % 2 === 0 ? 'human' : 'assistant',
      text: `${LINES[(t * 7 + m * 3) % LINES.length]}${m === 4 ? ` (item ${t})` : ''}`,
      ts: `2026-03-0${1 + (t % 4)}T${String(8 + (m % 10)).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`,
    }));
    tasks[`T${String(t).padStart(5, '0')}`] = { title: `Task ${t}`, discussion };
  }
  return `${JSON.stringify(tasks, null, 2)}\n`;
}

describe('analysis on worker threads', () => {
  it('writes byte for byte what the same run in one thread writes', () => {
    const text = taskFile();
    const run = (workers: boolean) => {
      const dir = tempDir();
      writeFileSync(join(dir, 'tasks.json'), text);
      // Every thread writes a CPU profile of its own: their number shows how many threads ran.
      const profiles = tempDir();
      const env = { ...process.env, EXTRACT_WORKERS: workers ? '2' : '0' };
      const r = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, BIN, 'run', '--now', NOW], { cwd: dir, encoding: 'utf8', env, timeout: 120_000 });
      expect(r.status).toBe(0);
      return { files: snapshotDir(dir), threads: readdirSync(profiles).length };
    };
    const threads = run(true);
    const one = run(false);
    expect([threads.threads, one.threads]).toEqual([3, 1]);
    expect(threads.files).toEqual(one.files);
    // Not a comparison of two empty outputs.
    expect(JSON.parse(threads.files['memory/decisions.json']).decisions.length).toBeGreaterThan(20);
  });
});
