// The batch entry point behind `extract run`, in named steps: open the workspace, stand on the
// last run's record when nothing changed since (shortcut), read the task files and the memory
// folder, plan the analysis of the tasks that are not current, then, under a lock on the memory
// folder, merge with the registry and commit every write, retrying a task file a person edited
// meanwhile, and record what was found for the next run. Every cache the run enters is behind
// RunCaches (caches.ts).
import { appendAll } from '../core/lists';
import type { RegistryIndex, Registry } from '../core/evolve';
import { isCurrent, mergeAnalyses, type AnalysedFile, type PipelineOutput, type RunSummary } from '../core/pipeline';
import type { Diagnostic } from '../core/types';
import { analyseParallel, type Progress } from './analysePool';
import { overrunDiagnostics } from './engine';
import { ConflictError, throwIfStopped } from '../io/errors';
import { compareAndSwap } from '../io/files';
import type { LastRun } from '../io/lastRun';
import { withMemoryLock } from '../io/lock';
import { memoryChanges, memorySignature, writeMemory, type MemoryState } from '../io/memory';
import { recordSources } from '../io/sources';
import { applyStates, type TaskFile } from '../io/taskFile';
import { RunCaches, type Left, type WarmState } from './caches';
import { openWorkspace, readTasks, type Workspace, type WorkspaceOptions } from './workspace';

/** How one run goes, in a workspace: its clock, how long it waits for the lock, whether it writes. */
export interface RunOptions extends Omit<WorkspaceOptions, 'recorded'> {
  /** ISO timestamp used for every time the run records. */
  now: string;
  /** Seconds to wait for another run's lock before giving up. */
  lockTimeout?: number;
  /** Called after analysis, before each locked commit attempt (lets tests act as a person editing meanwhile). */
  beforeCommit?: (attempt: number) => Promise<void>;
  /** Compute everything, write nothing: `summary.written` lists what a run would write. */
  dryRun?: boolean;
  /** Aborting it stops the run at the next safe point (between tasks or between file writes). */
  signal?: AbortSignal;
  /** Receives the time each phase of the run took (the CLI prints them when EXTRACT_TIMING is set). */
  onPhase?: (phase: string, ms: number) => void;
  /** What a long-lived caller keeps between runs (the engine, the memory folder as last written). */
  warm?: WarmState;
  /** Told how many of the tasks to analyse are analysed, as the analysis goes on (the CLI's progress bar). */
  onProgress?: Progress;
}

export interface RunResult {
  summary: RunSummary & { analysed: number; conflicts: number; written: string[] };
  diagnostics: Diagnostic[];
  /**
   * Each task file this run wrote, by absolute path, with the signature (inode, size, time: see
   * fileSignature) of the file it renamed into place and the text: the daemon tells a person's save
   * from its own write by the signature alone, and reads the file only when the signature is its own.
   */
  ownWrites: Map<string, OwnWrite>;
}

export interface OwnWrite {
  signature: string;
  text: string;
}

const MAX_CONFLICT_RETRIES = 3;

/** Times each phase of a run for `onPhase` (nothing is measured without one). */
function phaseTimer(onPhase: RunOptions['onPhase']): (phase: string) => void {
  if (!onPhase) return () => undefined;
  let last = process.hrtime.bigint();
  return (phase) => {
    const now = process.hrtime.bigint();
    onPhase(phase, Number(now - last) / 1e6);
    last = now;
  };
}

/**
 * Stages 1–5 for the tasks whose stored state is not current against `registry`. The first half of
 * the one computation behind `extract run`, `run --dry-run` and `extract check`.
 */
export function planAnalysis(ws: Workspace, files: readonly TaskFile[], index: RegistryIndex, signal?: AbortSignal, onProgress?: Progress): Promise<AnalysedFile[]> {
  return analyseParallel(files.map((f) => ({ path: f.path, tasks: f.tasks })), ws.engine, ws.baseDir, (t) => isCurrent(t, index, ws.engine.fingerprint), signal, onProgress);
}

export interface Settled {
  out: PipelineOutput;
  /** The text each task file would have afterwards, by absolute path. */
  texts: Map<string, string>;
}

/**
 * The second half: merge the analyses into `registry` (in place when the caller owns it) and
 * render every task file's next text. What `run` writes is exactly what `check` compares against.
 * `caches`: the memos merging may reuse and each task file's last print; `index`: of `registry`.
 */
export function settle(ws: Workspace, analysedFiles: readonly AnalysedFile[], files: readonly TaskFile[], registry: Registry, now: string, inPlace: boolean, caches?: RunCaches, index?: RegistryIndex): Settled {
  const out = mergeAnalyses(analysedFiles, registry, now, ws.engine, inPlace, caches?.mergeMemos(ws.engine, index) ?? { index });
  const texts = new Map<string, string>();
  for (const file of files) texts.set(file.path, applyStates(file.text, out.states.get(file.path) ?? new Map(), file.value, caches?.printMemoFor(file.path)));
  return { out, texts };
}

const countAnalysed = (analysedFiles: readonly AnalysedFile[]) => analysedFiles.reduce((n, f) => n + f.tasks.filter((t) => t.analysis !== null).length, 0);

/** What a run read before taking the lock: the task files, and an unlocked look at the memory folder. */
interface RunInput {
  read: { files: TaskFile[]; diagnostics: Diagnostic[] };
  /** Tasks in the files read. */
  tasks: number;
  /** The memory folder as read without the lock, its signature then, and the index of its registry. */
  hint: MemoryState;
  hintSignature: string;
  index: RegistryIndex;
}

/** What the run's commits did, added up over the attempts. */
interface Committed {
  summary: RunSummary;
  written: string[];
  ownWrites: Map<string, OwnWrite>;
  conflicts: number;
  /** Tasks analysed, the first plan's and each retry's. */
  analysed: number;
  /** What the first commit found when it changed nothing (see Left). */
  left: Left | null;
}

/** The steps of one run (each below). */
interface Step {
  ws: Workspace;
  options: RunOptions;
  caches: RunCaches;
  /** Every problem the run reports, in order. */
  diagnostics: Diagnostic[];
  lap: (phase: string) => void;
}

export async function extractRun(options: RunOptions): Promise<RunResult> {
  // The wall clock (not `now`, which is what the run records): the record of a run stands only for files modified well before it began.
  const startedAt = Date.now();
  const lap = phaseTimer(options.onPhase);
  const caches = new RunCaches(options);
  const ws = await openWorkspace(options, caches);
  lap('workspace (config, rules)');
  const last = await caches.lastRun(ws, options.cwd, options.now);
  if (last) {
    lap('unchanged since the last run');
    return lastRunResult(ws, last);
  }
  const step: Step = { ws, options, caches, diagnostics: [...ws.diagnostics], lap };
  const input = await readInput(step);
  const analysedFiles = await planAnalysis(ws, input.read.files, input.index, options.signal, options.onProgress);
  const analysed = countAnalysed(analysedFiles);
  lap(`analyse ${analysed} tasks`);
  if (options.dryRun) return dryRunResult(step, input, analysedFiles, analysed);
  const committed = await commitWithRetries(step, input, analysedFiles, analysed);
  return record(step, input, committed, startedAt);
}

/** Shortcut: what the last run reported, for a workspace exactly as it found and left it. */
function lastRunResult(ws: Workspace, last: LastRun): RunResult {
  const tasks = last.taskFiles.reduce((n, f) => n + f.tasks, 0);
  return { summary: { files: ws.files.length, tasks, decisions: 0, patterns: 0, review: 0, analysed: 0, conflicts: 0, written: [] }, diagnostics: [...last.diagnostics], ownWrites: new Map() };
}

/** Read: the task files, validated, and an unlocked look at the registry, which decides which tasks are current (the commit re-checks under the lock). */
async function readInput({ ws, options, caches, diagnostics, lap }: Step): Promise<RunInput> {
  caches.retain(ws.files);
  const read = await readTasks(options.cwd, ws.files, true, caches);
  appendAll(diagnostics, read.diagnostics);
  lap('read and validate task files');
  const hintSignature = await memorySignature(ws.memoryDir);
  const { memory: hint, index } = await caches.memory(ws, hintSignature);
  lap('read memory');
  return { read, tasks: read.files.reduce((n, f) => n + f.tasks.length, 0), hint, hintSignature, index };
}

/** A dry run: merge into a copy of the registry read, and list what a run would write. */
function dryRunResult({ ws, options, diagnostics }: Step, input: RunInput, analysedFiles: AnalysedFile[], analysed: number): RunResult {
  const { hint, read } = input;
  appendAll(diagnostics, hint.diagnostics);
  const { out, texts } = settle(ws, analysedFiles, read.files, hint.registry, options.now, false);
  const wouldWrite = [
    ...memoryChanges(hint, out.registry, out.newPatterns).map((f) => `${ws.memoryDisplay}/${f}`),
    ...read.files.filter((f) => texts.get(f.path) !== f.text).map((f) => f.display),
  ];
  diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
  return { summary: { ...out.summary, files: ws.files.length, tasks: input.tasks, analysed, conflicts: 0, written: wouldWrite }, diagnostics, ownWrites: new Map() };
}

/**
 * Commit, and retry: each attempt commits under the lock; a task file a person edited between
 * our read and our write is read, planned and committed again from its new content, up to
 * MAX_CONFLICT_RETRIES times, and then reported as a conflict and left as it is.
 */
async function commitWithRetries(step: Step, input: RunInput, analysedFiles: AnalysedFile[], analysed: number): Promise<Committed> {
  const { ws, options, caches, diagnostics } = step;
  const done: Committed = { summary: { files: 0, tasks: 0, decisions: 0, patterns: 0, review: 0 }, written: [], ownWrites: new Map(), conflicts: 0, analysed, left: null };
  let pending = input.read.files;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (options.beforeCommit) await options.beforeCommit(attempt);
    throwIfStopped(options.signal);
    const changed = await withMemoryLock(ws.memoryDir, options.lockTimeout ?? 30, () => commit(step, input, attempt, pending, analysedFiles, done), options.signal);
    if (changed.length === 0) break;
    if (attempt >= MAX_CONFLICT_RETRIES) {
      for (const f of changed) {
        done.conflicts++;
        diagnostics.push({ code: 'conflict', severity: 'error', file: f.display, message: new ConflictError('file kept changing while being extracted; left as it is', f.path).message });
      }
      break;
    }
    const reread = await readTasks(options.cwd, changed.map((f) => f.path), true, caches);
    appendAll(diagnostics, reread.diagnostics);
    pending = reread.files;
    analysedFiles = await planAnalysis(ws, pending, input.index, options.signal);
    done.analysed += countAnalysed(analysedFiles);
  }
  return done;
}

/**
 * One commit, under the lock: read the memory folder again if another process wrote it since
 * our unlocked read, merge into it, write it, then write each task file unless it changed since
 * it was read. Adds to `done`; returns the task files that changed meanwhile.
 */
async function commit(step: Step, input: RunInput, attempt: number, pending: readonly TaskFile[], analysedFiles: readonly AnalysedFile[], done: Committed): Promise<TaskFile[]> {
  const { ws, options, caches, diagnostics, lap } = step;
  lap('lock');
  const readSignature = await memorySignature(ws.memoryDir);
  const memory = attempt === 0 && readSignature === input.hintSignature ? input.hint : await caches.reread(ws);
  if (attempt === 0) appendAll(diagnostics, memory.diagnostics);
  lap('re-read memory under lock');
  // The registry just read is ours alone: merge into it without a copy.
  const { out, texts } = settle(ws, analysedFiles, pending, memory.registry, options.now, true, caches, input.index);
  lap('merge into registry and render task files');
  const wrote = await writeMemory(ws.memoryDir, memory, out.registry, out.newPatterns, caches.prints);
  for (const f of wrote.written) done.written.push(`${ws.memoryDisplay}/${f}`);
  const sourcesWritten = attempt === 0 && (await recordSources(ws.memoryDir, ws.files));
  await caches.keepMemory(ws, readSignature, wrote, out.index);
  lap('write memory');
  const { unchanged, changed } = await writeTaskFiles(step, pending, texts, done);
  // A one-shot run's first commit that wrote nothing: what it found may stand for the next run.
  const wroteNothing = wrote.signatures.size === 0 && !sourcesWritten && unchanged.size === pending.length;
  if (attempt === 0 && caches.recordsLastRun && wroteNothing) done.left = { memory: readSignature, stale: out.stale, files: unchanged };
  done.summary = addSummaries(done.summary, out.summary);
  return changed;
}

/**
 * Writes each task file's next text unless it changed since it was read. Returns the signatures
 * of those found unchanged (each taken before the look that found it so: see Left) and the files
 * that changed meanwhile.
 */
async function writeTaskFiles({ options, lap }: Step, pending: readonly TaskFile[], texts: ReadonlyMap<string, string>, done: Committed): Promise<{ unchanged: Map<string, string>; changed: TaskFile[] }> {
  const unchanged = new Map<string, string>();
  const changed: TaskFile[] = [];
  for (const file of pending) {
    // Each write is atomic; a stop between two leaves the rest as they were.
    throwIfStopped(options.signal);
    const next = texts.get(file.path) ?? file.text;
    const { outcome, signature } = await compareAndSwap(file.path, next, file);
    lap('write task file');
    if (outcome === 'written') {
      done.written.push(file.display);
      done.ownWrites.set(file.path, { signature: signature!, text: next });
    }
    if (outcome === 'unchanged') unchanged.set(file.path, signature!);
    if (outcome === 'conflict') changed.push(file);
  }
  return { unchanged, changed };
}

/**
 * Record: the run's report, and the record of the workspace for the next run when the run changed
 * nothing. A later run on the same files reports again what reading them found, but only once
 * nothing needs analysing (a task analysed is validated, a current one is not), and only if the
 * run reported nothing else.
 */
async function record({ ws, options, caches, diagnostics }: Step, input: RunInput, done: Committed, startedAt: number): Promise<RunResult> {
  const { read } = input;
  diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
  const again = diagnostics.length === read.diagnostics.length && (read.diagnostics.length === 0 || done.analysed === 0);
  // Every task file read, and (at the first commit, so these are all of them) found unchanged.
  if (done.left && again && read.files.length === ws.files.length) await caches.recordLastRun(ws, options.cwd, read.files, read.diagnostics, done.left, startedAt);
  return { summary: { ...done.summary, files: ws.files.length, tasks: input.tasks, analysed: done.analysed, conflicts: done.conflicts, written: done.written }, diagnostics, ownWrites: done.ownWrites };
}

function addSummaries(a: RunSummary, b: RunSummary): RunSummary {
  return { files: a.files + b.files, tasks: a.tasks + b.tasks, decisions: a.decisions + b.decisions, patterns: a.patterns + b.patterns, review: a.review + b.review };
}

export type { AnalysedFile };
export type { Workspace, WorkspaceOptions } from './workspace';
