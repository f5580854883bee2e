// Analysis on both cores for large inputs: tasks are independent and the core is pure, so they
// are split across worker threads, each with its own compiled engine, and put back in order.
// Small inputs stay in-process (a worker costs ~150 ms to start and compile the rules).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TaskAnalysis } from '../core/decide';
import { analyzeFiles, type AnalyzedFile, type Engine, type FileInput, type TaskInput } from '../core/pipeline';

/** Messages to analyse below which threads do not pay for themselves. */
export const PARALLEL_THRESHOLD = 20_000;

const WORKER_FILE = join(__dirname, 'analyzeWorker.js');

export async function analyzeParallel(
  files: readonly FileInput[],
  engine: Engine,
  baseDir: string,
  skip: (task: TaskInput) => boolean,
): Promise<AnalyzedFile[]> {
  const todo: Array<{ key: number; file: number; task: TaskInput }> = [];
  files.forEach((f, fi) => f.tasks.forEach((task) => !skip(task) && todo.push({ key: todo.length, file: fi, task })));
  const messages = todo.reduce((n, t) => n + t.task.discussion.length, 0);
  const threads = Math.min(availableParallelism(), 4);
  const disabled = process.env.EXTRACT_WORKERS === '0';
  // Compiled output only: under a TypeScript test runner the worker file does not exist.
  if (disabled || threads < 2 || messages < PARALLEL_THRESHOLD || !existsSync(WORKER_FILE)) return analyzeFiles(files, engine, skip);

  // Deal tasks out by message count so the shares finish together.
  const shares: Array<typeof todo> = Array.from({ length: threads }, () => []);
  const load = new Array<number>(threads).fill(0);
  for (const t of [...todo].sort((a, b) => b.task.discussion.length - a.task.discussion.length || a.key - b.key)) {
    const k = load.indexOf(Math.min(...load));
    shares[k].push(t);
    load[k] += t.task.discussion.length;
  }
  const knownTaskIds = files.flatMap((f) => f.tasks.map((t) => t.id));
  const results = new Map<number, TaskAnalysis>();
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(WORKER_FILE, {
            workerData: { config: engine.config, baseDir, knownTaskIds, tasks: share.map((t) => ({ key: t.key, id: t.task.id, discussion: t.task.discussion })) },
          });
          worker.once('message', (msg: { results?: Array<{ key: number; analysis: TaskAnalysis }>; error?: string }) => {
            if (msg.error) reject(new Error(msg.error));
            else for (const r of msg.results ?? []) results.set(r.key, r.analysis);
            void worker.terminate();
            resolve();
          });
          worker.once('error', reject);
        }),
    ),
  );
  const byTask = new Map(todo.map((t) => [t.task, results.get(t.key) ?? null]));
  return files.map((f) => ({ path: f.path, tasks: f.tasks.map((task) => ({ task, analysis: byTask.get(task) ?? null })) }));
}
