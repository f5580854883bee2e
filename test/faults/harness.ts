// Kill points for the fault tests: the CLI runs as a child process with test/faults/killpoint.js
// preloaded, which kills it with SIGKILL just before its n-th file-system change. Kill points are
// numbers, not delays, so a failure names a point that fails again on any machine.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, EXAMPLE, filesBelow, tempDir } from '../helpers';

export const NOW = '2026-03-05T00:00:00Z';
const PRELOAD = join(__dirname, 'killpoint.js');

const { rng } = require(join(__dirname, '..', '..', 'scripts', 'corpus.js')) as { rng: (seed: number) => () => number };

/** A small deterministic generator (the corpus's mulberry32): the same seed gives the same kill points. */
export function seeded(seed: number): () => number {
  return rng(seed);
}

export interface KilledRun {
  /** 'SIGKILL' when the kill point was reached. */
  signal: NodeJS.Signals | null;
  code: number | null;
  /** The operations of a run that finished (it never reached the kill point). */
  ops: string[] | null;
}

/** `extract run` on `dir`, killed just before file-system change number `at` (0: never). */
export function runWithKillPoint(dir: string, at: number, torn = false): Promise<KilledRun> {
  // Beside the workspace (the temp folder removed with it), so the log is no file of the run.
  const log = join(dir, '..', `ops-${at}.log`);
  const env = { ...process.env, EXTRACT_WORKERS: '0', KILLPOINT_AT: String(at), KILLPOINT_TORN: torn ? '1' : '0', KILLPOINT_LOG: log };
  const child = spawn(process.execPath, ['--require', PRELOAD, BIN, 'run', '--now', NOW], { cwd: dir, stdio: 'ignore', env });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const ops = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : null;
      rmSync(log, { force: true });
      resolve({ code, signal, ops });
    });
  });
}

/**
 * A workspace with the example before any run, and what one clean run of the real CLI makes of
 * it, with the operations that run performed (kill point n is the moment before ops[n - 1]).
 */
export async function exampleWithCleanRun(): Promise<{ original: string; clean: Record<string, string>; ops: string[]; fresh: () => string }> {
  const original = readFileSync(EXAMPLE, 'utf8');
  const fresh = () => {
    const dir = join(tempDir(), 'project');
    mkdirSync(dir);
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    return dir;
  };
  const cleanDir = fresh();
  const r = await runWithKillPoint(cleanDir, 0);
  if (r.code !== 0 || !r.ops) throw new Error(`clean run exited ${r.code ?? r.signal}`);
  const clean = everyFile(cleanDir);
  delete clean['memory/.extract.owner'];
  return { original, clean, ops: r.ops, fresh };
}

/**
 * Every file below a folder, dot files included, as relative path → text; but the record of the
 * last run that changed nothing (memory/.last-run), which names inodes and times and is written
 * only by a run that changed nothing: a killed run's files are judged by themselves.
 */
export function everyFile(dir: string): Record<string, string> {
  return filesBelow(dir, (file) => file === 'memory/.last-run');
}

/**
 * What a killed run may leave: each file the run owns is absent, as it was, or exactly as a clean
 * run writes it; the pattern log holds only whole lines a clean run writes (a torn last line only
 * when the kill tore a write). Returns the problems found (none when the state is acceptable).
 */
export function problemsAfterKill(dir: string, original: string, clean: Record<string, string>, tornAllowed: boolean): string[] {
  const problems: string[] = [];
  const now = everyFile(dir);
  for (const [file, text] of Object.entries(now)) {
    if (file === 'tasks.json') {
      if (text !== original && text !== clean[file]) problems.push('tasks.json is neither as it was nor as a clean run writes it');
    } else if (file === 'memory/patterns.jsonl') {
      const lines = text.split('\n');
      const tail = lines.pop()!;
      const cleanLines = new Set(clean[file].split('\n').filter(Boolean));
      for (const l of lines) if (!cleanLines.has(l)) problems.push(`patterns.jsonl has a line a clean run does not write: ${l.slice(0, 80)}`);
      if (new Set(lines).size !== lines.length) problems.push('patterns.jsonl records a pattern twice');
      if (tail !== '' && !tornAllowed) problems.push('patterns.jsonl ends in a torn line without a torn write');
    } else if (file in clean) {
      if (text !== clean[file]) problems.push(`${file} is neither absent nor as a clean run writes it`);
    } else if (!/^memory\/\.extract\.(owner|lock)/.test(file) && !isTemp(file)) {
      problems.push(`unexpected file ${file}`);
    }
  }
  return problems;
}

/** After a kill, a normal run must finish and leave exactly what a clean run leaves (no temp files). */
export async function recoverAndCompare(dir: string, clean: Record<string, string>): Promise<string[]> {
  const r = await runWithKillPoint(dir, 0);
  const problems = r.code === 0 ? [] : [`the run after the kill exited ${r.code ?? r.signal}`];
  const after = everyFile(dir);
  for (const f of Object.keys(after)) if (!(f in clean)) problems.push(`left behind: ${f}`);
  for (const [f, text] of Object.entries(clean)) if (after[f] !== text) problems.push(`${f} differs from a clean run`);
  return problems;
}

/** The temp file of the atomic writer (.<name>.<pid>.<n>.tmp): a kill between its write and its rename leaves one. */
export const isTemp = (file: string): boolean => /^(memory\/)?\.[^/]+\.\d+\.\d+\.tmp$/.test(file);
