// Analysis on both cores for large inputs: tasks are independent and the core is pure, so they
// are split across worker threads, each with its own compiled engine, and put back in order.
// Small inputs stay in-process (a worker costs ~150 ms to start and compile the rules).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TaskAnalysis } from '../core/decide';
import { addRegexOverruns } from './engine';
import type { RegexOverrun } from './regexBudget';
import { analyseTask, newRunContext, type AnalysedFile, type Engine, type FileInput, type TaskInput } from '../core/pipeline';
import { InterruptedError, throwIfStopped } from '../io/errors';

/** Messages to analyse below which threads do not pay for themselves. */
export const PARALLEL_THRESHOLD = 20_000;
/** Messages per chunk handed to a thread: large enough that passing it costs little next to analysing it. */
const CHUNK_MESSAGES = 4_000;

const WORKER_FILE = join(__dirname, 'analyseWorker.js');

/** Told how many of the tasks to analyse are done, of how many, in how many task files, as analysis goes on. */
export type Progress = (done: number, total: number, files: number) => void;

export async function analyseParallel(
  files: readonly FileInput[],
  engine: Engine,
  baseDir: string,
  skip: (task: TaskInput) => boolean,
  signal?: AbortSignal,
  onProgress?: Progress,
): Promise<AnalysedFile[]> {
  throwIfStopped(signal);
  const todo: Todo[] = [];
  files.forEach((f, fi) => f.tasks.forEach((task) => !skip(task) && todo.push({ key: todo.length, file: fi, task })));
  onProgress?.(0, todo.length, files.length);
  const messages = todo.reduce((n, t) => n + t.task.discussion.length, 0);
  // EXTRACT_WORKERS=0 keeps analysis in this thread; EXTRACT_WORKERS=N (2 or more) uses N threads whatever the size.
  const requested = Number(process.env.EXTRACT_WORKERS ?? Number.NaN);
  const forced = Number.isInteger(requested) && requested >= 2;
  const threads = forced ? Math.min(requested, 16) : Math.min(availableParallelism(), 4);
  const disabled = process.env.EXTRACT_WORKERS === '0';
  // Compiled output only: under a TypeScript test runner the worker file does not exist.
  if (disabled || threads < 2 || (!forced && messages < PARALLEL_THRESHOLD) || !existsSync(WORKER_FILE)) return analyseInProcess(files, engine, skip, signal, onProgress, todo.length);

  const chunks = chunksOf(todo, Math.min(CHUNK_MESSAGES, Math.ceil(messages / (threads * 4))));
  const pool: Pool = { chunks, next: 0, failed: false, results: new Map(), total: todo.length, files: files.length, knownTaskIds: files.flatMap((f) => f.tasks.map((t) => t.id)) };
  await Promise.all(Array.from({ length: Math.min(threads, chunks.length) }, () => runThread(pool, engine, baseDir, signal, onProgress)));
  const byTask = new Map(todo.map((t) => [t.task, pool.results.get(t.key) ?? null]));
  return files.map((f) => ({ path: f.path, tasks: f.tasks.map((task) => ({ task, analysis: byTask.get(task) ?? null })) }));
}

type Todo = { key: number; file: number; task: TaskInput };

/**
 * Tasks in chunks of about `chunkMessages` messages, the next to whichever thread is free: the
 * threads finish together, and neither they nor this thread hold more than a few chunks of input
 * and results at a time beyond the task file itself. (The caller asks for at least four chunks
 * per thread, so that one slow chunk does not leave a thread idle at the end.)
 */
function chunksOf(todo: readonly Todo[], chunkMessages: number): Todo[][] {
  const chunks: Todo[][] = [];
  let chunk: Todo[] = [];
  let size = 0;
  for (const t of todo) {
    chunk.push(t);
    size += t.task.discussion.length;
    if (size >= chunkMessages) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** What the threads share: the chunks and the next to hand out, the results so far, and whether one failed. */
interface Pool {
  chunks: Todo[][];
  next: number;
  /** Once one thread fails, the others take no further chunk: the run is lost either way. */
  failed: boolean;
  results: Map<number, TaskAnalysis>;
  total: number;
  files: number;
  knownTaskIds: string[];
}

/** One worker thread: takes chunks until none is left, and ends (rejecting if it failed, or was asked to stop). */
function runThread(pool: Pool, engine: Engine, baseDir: string, signal?: AbortSignal, onProgress?: Progress): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: { config: engine.config, baseDir, knownTaskIds: pool.knownTaskIds } });
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      if (err) pool.failed = true;
      void worker.terminate();
      if (err) reject(err);
      else resolve();
    };
    const send = () => {
      const share = pool.chunks[pool.next];
      if (!share || pool.failed) {
        finish();
        return;
      }
      pool.chunks[pool.next++] = [];
      worker.postMessage(share.map((t) => ({ key: t.key, id: t.task.id, discussion: t.task.discussion })));
    };
    // Asked to stop: end the thread wherever it is (it writes nothing).
    const stop = () => finish(new InterruptedError(String(signal?.reason ?? 'a signal')));
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      // A thread that ends on its own before its work is done (out of memory, say) fails the run.
      finish(new Error(`an analysis thread stopped (exit code ${code}) before finishing its tasks`));
    });
    worker.on('message', (msg: { results?: Array<{ key: number; analysis: TaskAnalysis }>; overruns?: RegexOverrun[]; error?: string }) => {
      if (msg.error) {
        finish(new Error(msg.error));
        return;
      }
      for (const r of msg.results ?? []) pool.results.set(r.key, r.analysis);
      onProgress?.(pool.results.size, pool.total, pool.files);
      addRegexOverruns(engine, msg.overruns ?? []);
      if (!settled) send();
    });
    worker.once('error', (err) => finish(err));
    send();
  });
}

/** Longest stretch of analysis between two looks at the event loop (signals are handled there). */
const SLICE_MS = 50;

/**
 * Stages 1–5 in this thread, task by task, giving the event loop a turn every SLICE_MS so that
 * SIGINT/SIGTERM are heard within a fraction of a second (a user regex is bounded on its own).
 */
async function analyseInProcess(files: readonly FileInput[], engine: Engine, skip: (task: TaskInput) => boolean, signal?: AbortSignal, onProgress?: Progress, total = 0): Promise<AnalysedFile[]> {
  const knownTaskIds = new Set(files.flatMap((f) => f.tasks.map((t) => t.id)));
  const run = newRunContext(engine);
  const out: AnalysedFile[] = [];
  let sliceStart = Date.now();
  let done = 0;
  for (const file of files) {
    const tasks: AnalysedFile['tasks'] = [];
    for (const task of file.tasks) {
      if (Date.now() - sliceStart > SLICE_MS) {
        onProgress?.(done, total, files.length);
        await new Promise((resolve) => setImmediate(resolve));
        throwIfStopped(signal);
        sliceStart = Date.now();
      }
      const analysed = !skip(task);
      tasks.push({ task, analysis: analysed ? analyseTask(task.id, task.discussion, engine, knownTaskIds, run) : null });
      if (analysed) done++;
    }
    out.push({ path: file.path, tasks });
  }
  onProgress?.(done, total, files.length);
  return out;
}
