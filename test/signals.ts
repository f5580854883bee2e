// Runs of the built CLI on a task file large enough to signal them mid-way (hangs.test.ts,
// signals.long.test.ts).
import { spawn } from 'node:child_process';
import { BIN } from './helpers';

/** A task file large enough that its analysis takes several seconds. */
export function bigTasks(tasks: number): string {
  const out: Record<string, unknown> = {};
  for (let t = 0; t < tasks; t++) {
    const discussion = [];
    for (let m = 0; m < 30; m++) {
      discussion.push({
        author: m % 2 ? 'bot' : 'ann',
        role: m % 2 ? 'assistant' : 'human',
        text: m % 3 === 0 ? `We decided that report ${t}-${m} goes to the discussion array, not Telegram, because people lose it.` : `No, that's wrong. Build ${t} must run before the deploy window on Thursday ${m}.`,
        ts: `2026-01-${String(1 + (t % 28)).padStart(2, '0')}T${String(8 + (m % 10)).padStart(2, '0')}:00:00Z`,
      });
    }
    out[`T${t}`] = { title: `task ${t}`, discussion };
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** Starts a run and sends `signal` `afterMs` after the run has read its input and begun analysing. */
export function runUntilSignal(dir: string, signal: NodeJS.Signals, afterMs: number, now: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stopMs: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'run', '--now', now], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, EXTRACT_WORKERS: '0', EXTRACT_TIMING: '1' } });
    let stderr = '';
    let sentAt = 0;
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (timer === undefined && stderr.includes('extract timing: read memory')) {
        timer = setTimeout(() => {
          sentAt = Date.now();
          child.kill(signal);
        }, afterMs);
      }
    });
    child.on('exit', (code, killedBy) => {
      clearTimeout(timer);
      const own = stderr.split('\n').filter((l) => l !== '' && !l.startsWith('extract timing: '));
      resolve({ code, signal: killedBy, stopMs: sentAt ? Date.now() - sentAt : -1, stderr: own.map((l) => `${l}\n`).join('') });
    });
  });
}
