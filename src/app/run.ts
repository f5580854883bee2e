// The batch entry point behind `extract run`: find task files, analyse them (pure core), then,
// under a lock on the memory folder, merge with the registry and commit every write.
import { appendAll } from '../core/lists';
import { resolve } from 'node:path';
import { RegistryIndex, type Registry } from '../core/evolve';
import { MAX_MESSAGE_CHARS } from '../core/normalize';
import { discussionHashLike, isCurrent, mergeAnalyses, type AnalyzedFile, type Engine, type PipelineOutput, type RunSummary } from '../core/pipeline';
import type { AnalysisSettings, Diagnostic, StaleWindow } from '../core/types';
import { analyzeParallel, type Progress } from './analyzePool';
import { loadConfig } from '../io/config';
import { loadEngine, overrunDiagnostics } from './engine';
import { inStaleWindow } from '../core/relate';
import { ConflictError, throwIfStopped } from '../io/errors';
import { compareAndSwap, signatureOf } from '../io/files';
import { readLastRun, settledBefore, timeZone, writeLastRun, type LastRun } from '../io/lastRun';
import { withMemoryLock } from '../io/lock';
import { memoryChanges, memorySignature, readMemory, RegistryPrintMemo, signatureAfter, writeMemory } from '../io/memory';
import { displayPath, findTaskFiles } from '../io/paths';
import { readSources, recordSources, sourcesRecorded } from '../io/sources';
import { applyStates, readTaskFiles, type TaskFile } from '../io/taskFile';
import type { WarmState } from './warm';

/** Where the workspace is: the working folder, the task files, the memory folder, the config file. */
export interface WorkspaceOptions {
  cwd: string;
  globs?: string[];
  memory?: string;
  config?: string;
  /** Exactly these task files (absolute paths), instead of globs. */
  files?: string[];
  /**
   * Reading commands: without globs, read the task files the memory folder records it was built
   * from (memory/.sources.json), and the configured globs only when it records none.
   */
  recorded?: boolean;
}

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

export interface Workspace {
  engine: Engine;
  /** The config's task file globs (relative to baseDir), used when the command names none. */
  globs: readonly string[];
  /** Folder that the config's relative paths resolve against. */
  baseDir: string;
  memoryDir: string;
  memoryDisplay: string;
  files: string[];
  diagnostics: Diagnostic[];
}

/** The sorted task files that the globs (or the config's) name, without compiling any rules. */
export async function listTaskFiles(options: Pick<WorkspaceOptions, 'cwd' | 'globs' | 'config'>): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const { config, baseDir } = await loadConfig(options.cwd, options.config);
  return findTaskFiles(options, config.globs, baseDir);
}

/** Resolves config, engine, memory folder and the sorted list of task files (the engine from `warm` when it has it). */
export async function openWorkspace(options: WorkspaceOptions, warm?: WarmState): Promise<Workspace> {
  const { config, baseDir } = await loadConfig(options.cwd, options.config);
  // The config file holds both: where the workspace's files are, and how the analysis judges.
  const { globs, memory, ...settings } = config;
  const engine = await (warm ? warm.engineFor(settings satisfies AnalysisSettings, baseDir) : loadEngine(settings satisfies AnalysisSettings, baseDir));
  const memoryDir = options.memory ? resolve(options.cwd, options.memory) : resolve(baseDir, memory);
  const memoryDisplay = displayPath(options.cwd, memoryDir);
  const explicit = (options.globs?.length ?? 0) > 0;
  const ws = { engine, globs, baseDir, memoryDir, memoryDisplay };
  if (options.files) return { ...ws, files: [...options.files].sort(), diagnostics: [] };
  if (options.recorded && !explicit) {
    const sources = await readSources(memoryDir, memoryDisplay);
    if (sources.files) return { ...ws, files: sources.files, diagnostics: sources.diagnostics };
    const found = await findTaskFiles(options, globs, baseDir);
    return { ...ws, files: found.files, diagnostics: [...sources.diagnostics, ...found.diagnostics] };
  }
  const { files, diagnostics } = await findTaskFiles(options, globs, baseDir);
  return { ...ws, files, diagnostics };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A task whose discussion is exactly the one its extracted_state was computed from (it was valid
 * then). `earlier`: the same task's discussion as read last time, whose hash is known.
 */
function alreadyExtracted(task: unknown, earlier?: readonly unknown[]): boolean {
  if (!isObject(task) || !Array.isArray(task.discussion) || !isObject(task.extracted_state)) return false;
  const h = task.extracted_state.discussion_hash;
  return typeof h === 'string' && h === discussionHashLike(task.discussion, earlier);
}

/**
 * The workspace's task files, read and validated. `trustExtracted`: skip schema validation of tasks
 * whose discussion hashes to the discussion_hash of their own extracted_state; `extract check`
 * validates everything. `warm`: the discussions read last time, so that unchanged ones are not hashed again.
 */
export async function readTasks(cwd: string, paths: readonly string[], trustExtracted = false, warm?: WarmState): Promise<{ files: TaskFile[]; diagnostics: Diagnostic[] }> {
  const trusted = trustExtracted ? (task: unknown, id: string, path: string) => alreadyExtracted(task, warm?.earlierDiscussion(path, id)) : undefined;
  const read = await readTaskFiles(cwd, paths, { maxMessageChars: MAX_MESSAGE_CHARS, trusted, printMemo: warm ? (path) => warm.printMemoFor(path) : undefined });
  warm?.keepDiscussions(read.files);
  return read;
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
export function planAnalysis(ws: Workspace, files: readonly TaskFile[], index: RegistryIndex, signal?: AbortSignal, onProgress?: Progress): Promise<AnalyzedFile[]> {
  return analyzeParallel(files.map((f) => ({ path: f.path, tasks: f.tasks })), ws.engine, ws.baseDir, (t) => isCurrent(t, index, ws.engine.fingerprint), signal, onProgress);
}

export interface Settled {
  out: PipelineOutput;
  /** The text each task file would have afterwards, by absolute path. */
  texts: Map<string, string>;
}

/**
 * The second half: merge the analyses into `registry` (in place when the caller owns it) and
 * render every task file's next text. What `run` writes is exactly what `check` compares against.
 */
export function settle(ws: Workspace, analyzed: readonly AnalyzedFile[], files: readonly TaskFile[], registry: Registry, now: string, inPlace: boolean, warm?: WarmState, index?: RegistryIndex): Settled {
  const out = mergeAnalyses(analyzed, registry, now, ws.engine, inPlace, { ...warm?.memosFor(ws.engine), index });
  const texts = new Map<string, string>();
  for (const file of files) texts.set(file.path, applyStates(file.text, out.states.get(file.path) ?? new Map(), file.value, warm?.printMemoFor(file.path)));
  return { out, texts };
}

/**
 * What the last run found, when the workspace is exactly as that run found and left it (see
 * LastRun): the same engine, time zone and task files, every memory file and task file with the
 * signature it had then, the sources recorded, and `now` where stale flags are what they were.
 * That run changed nothing: neither would this one, and it reports what that one did.
 */
async function unchangedSinceLastRun(ws: Workspace, cwd: string, now: string): Promise<LastRun | null> {
  if (ws.diagnostics.length > 0) return null;
  const last = await readLastRun(ws.memoryDir);
  if (!last || last.engine !== ws.engine.fingerprint || last.zone !== timeZone() || !inStaleWindow(last.stale, now)) return null;
  // Its reports name files as seen from where it ran.
  if (last.diagnostics.length > 0 && last.cwd !== cwd) return null;
  if (last.taskFiles.length !== ws.files.length || last.taskFiles.some((f, k) => f.path !== ws.files[k])) return null;
  if ((await memorySignature(ws.memoryDir)) !== last.memory) return null;
  for (const f of last.taskFiles) if ((await signatureOf(f.path)) !== f.signature) return null;
  if (!(await sourcesRecorded(ws.memoryDir, ws.files))) return null;
  return last;
}

/**
 * What a run's first commit found, when it changed nothing, for the record of the next run (see
 * LastRun): the memory folder's signature when the lock was taken (the registry merged was read
 * at that signature, and any later edit changes it), and each task file's, taken before the look
 * that found it unchanged. A long-lived caller records nothing: it never stands on a record, and
 * its saves are never settled (see recordLastRun).
 */
interface Left {
  memory: string;
  stale: StaleWindow | null;
  files: Map<string, string>;
}

const countAnalysed = (analyzed: readonly AnalyzedFile[]) => analyzed.reduce((n, f) => n + f.tasks.filter((t) => t.analysis !== null).length, 0);

export async function extractRun(options: RunOptions): Promise<RunResult> {
  // The wall clock (not `now`, which is what the run records): the record of a run stands only for files modified well before it began.
  const startedAt = Date.now();
  const lap = phaseTimer(options.onPhase);
  // A dry run merges into a copy: it neither takes nor keeps the warm memory.
  const warm = options.dryRun ? undefined : options.warm;
  const ws = await openWorkspace(options, options.warm);
  lap('workspace (config, rules)');
  // A long-lived caller runs in full: what it keeps from the run is what makes its next save cheap.
  const last = options.dryRun || options.warm ? null : await unchangedSinceLastRun(ws, options.cwd, options.now);
  if (last) {
    lap('unchanged since the last run');
    const tasks = last.taskFiles.reduce((n, f) => n + f.tasks, 0);
    return { summary: { files: ws.files.length, tasks, decisions: 0, patterns: 0, review: 0, analysed: 0, conflicts: 0, written: [] }, diagnostics: [...last.diagnostics], ownWrites: new Map() };
  }
  warm?.retain(ws.files);
  const diagnostics: Diagnostic[] = [...ws.diagnostics];
  const read = await readTasks(options.cwd, ws.files, true, warm);
  appendAll(diagnostics, read.diagnostics);
  lap('read and validate task files');
  let pending = read.files;
  // An unlocked look at the registry decides which tasks are current; the commit re-checks under the lock.
  const hintSignature = await memorySignature(ws.memoryDir);
  // The registry files' pieces, as read or printed: a run that changes a few items prints only theirs.
  const prints = options.dryRun ? undefined : (warm?.registryPrint ?? new RegistryPrintMemo());
  const kept = warm?.takeMemory(ws.memoryDir, hintSignature);
  const hint = kept?.memory ?? (await readMemory(ws.memoryDir, ws.memoryDisplay, false, prints));
  // Indexed once: planning asks it about every task, and merging into the same registry keeps it up to date.
  const hintIndex = kept?.index ?? new RegistryIndex(hint.registry);
  lap('read memory');
  let analyzed = await planAnalysis(ws, pending, hintIndex, options.signal, options.onProgress);
  let analysed = countAnalysed(analyzed);
  lap(`analyse ${analysed} tasks`);
  const tasks = read.files.reduce((n, f) => n + f.tasks.length, 0);
  if (options.dryRun) {
    appendAll(diagnostics, hint.diagnostics);
    const { out, texts } = settle(ws, analyzed, pending, hint.registry, options.now, false);
    const wouldWrite = [
      ...memoryChanges(hint, out.registry, out.newPatterns).map((f) => `${ws.memoryDisplay}/${f}`),
      ...pending.filter((f) => texts.get(f.path) !== f.text).map((f) => f.display),
    ];
    diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
    return { summary: { ...out.summary, files: ws.files.length, tasks, analysed, conflicts: 0, written: wouldWrite }, diagnostics, ownWrites: new Map() };
  }
  const written: string[] = [];
  const ownWrites = new Map<string, OwnWrite>();
  let conflicts = 0;
  let summary: RunSummary = { files: 0, tasks: 0, decisions: 0, patterns: 0, review: 0 };
  let left: Left | null = null;

  for (let attempt = 0; pending.length > 0; attempt++) {
    const changed: TaskFile[] = [];
    if (options.beforeCommit) await options.beforeCommit(attempt);
    throwIfStopped(options.signal);
    const outcome = await withMemoryLock(ws.memoryDir, options.lockTimeout ?? 30, async () => {
      lap('lock');
      // Re-read only if another process wrote the memory folder since our unlocked read.
      const readSignature = await memorySignature(ws.memoryDir);
      const unchanged = attempt === 0 && readSignature === hintSignature;
      const memory = unchanged ? hint : await readMemory(ws.memoryDir, ws.memoryDisplay, false, prints);
      if (attempt === 0) appendAll(diagnostics, memory.diagnostics);
      lap('re-read memory under lock');
      // The registry just read is ours alone: merge into it without a copy.
      const { out, texts } = settle(ws, analyzed, pending, memory.registry, options.now, true, warm, hintIndex);
      lap('merge into registry and render task files');
      const wrote = await writeMemory(ws.memoryDir, memory, out.registry, out.newPatterns, prints);
      for (const f of wrote.written) written.push(`${ws.memoryDisplay}/${f}`);
      const sourcesWritten = attempt === 0 && (await recordSources(ws.memoryDir, ws.files));
      // Kept only if the folder is now exactly what was read plus our own writes: a person's edit
      // made meanwhile (people take no lock) is read next time, not written over from memory.
      const ours = signatureAfter(readSignature, wrote.signatures);
      if (warm && (await memorySignature(ws.memoryDir)) === ours) warm.keepMemory(ws.memoryDir, ours, wrote.after, out.index);
      // Each task file's signature, taken before the look that found it unchanged (see Left).
      const unchangedFiles = new Map<string, string>();
      lap('write memory');
      for (const file of pending) {
        // Each write is atomic; a stop between two leaves the rest as they were.
        throwIfStopped(options.signal);
        const next = texts.get(file.path) ?? file.text;
        const { outcome, signature } = await compareAndSwap(file.path, next, file);
        lap('write task file');
        if (outcome === 'written') {
          written.push(file.display);
          ownWrites.set(file.path, { signature: signature!, text: next });
        }
        if (outcome === 'unchanged') unchangedFiles.set(file.path, signature!);
        if (outcome === 'conflict') changed.push(file);
      }
      // A one-shot run's first commit that wrote nothing: what it found may stand for the next run.
      const wroteNothing = wrote.signatures.size === 0 && !sourcesWritten && unchangedFiles.size === pending.length;
      if (attempt === 0 && !warm && wroteNothing) left = { memory: readSignature, stale: out.stale, files: unchangedFiles };
      return out.summary;
    }, options.signal);
    summary = addSummaries(summary, outcome);
    if (changed.length === 0) break;
    // Someone edited a task file between our read and our write: start that file again from its new content.
    if (attempt >= MAX_CONFLICT_RETRIES) {
      for (const f of changed) {
        conflicts++;
        diagnostics.push({ code: 'conflict', severity: 'error', file: f.display, message: new ConflictError('file kept changing while being extracted; left as it is', f.path).message });
      }
      break;
    }
    const reread = await readTasks(options.cwd, changed.map((f) => f.path), true, warm);
    appendAll(diagnostics, reread.diagnostics);
    pending = reread.files;
    analyzed = await planAnalysis(ws, pending, hintIndex, options.signal);
    analysed += countAnalysed(analyzed);
  }
  diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
  // A later run on the same files reports again what reading them found, but only once nothing
  // needs analysing (a task analysed is validated, a current one is not), and only if the run
  // reported nothing else.
  const again = diagnostics.length === read.diagnostics.length && (read.diagnostics.length === 0 || analysed === 0);
  // Every task file read, and (at the first commit, so these are all of them) found unchanged.
  if (left && again && read.files.length === ws.files.length) await recordLastRun(ws, options.cwd, read.files, read.diagnostics, left, startedAt);
  return { summary: { ...summary, files: ws.files.length, tasks, analysed, conflicts, written }, diagnostics, ownWrites };
}

/**
 * Records the workspace as a run that changed nothing found it, for a later run to stand on, when
 * every task file was read and found unchanged and every file was last modified well before the
 * run began: a file system that keeps times to the second could otherwise see a same-sized edit
 * made in the same second keep the signature. `diagnostics`: what reading the task files
 * reported, which a later run reports again.
 */
async function recordLastRun(ws: Workspace, cwd: string, files: readonly TaskFile[], diagnostics: readonly Diagnostic[], left: Left, startedAt: number): Promise<void> {
  if (!left.stale) return;
  const taskFiles = files.map((f) => ({ path: f.path, signature: left.files.get(f.path)!, tasks: f.tasks.length }));
  if (![left.memory, ...taskFiles.map((f) => f.signature)].every((s) => settledBefore(s, startedAt))) return;
  await writeLastRun(ws.memoryDir, { engine: ws.engine.fingerprint, zone: timeZone(), cwd, memory: left.memory, taskFiles, stale: left.stale, diagnostics: [...diagnostics] });
}

function addSummaries(a: RunSummary, b: RunSummary): RunSummary {
  return { files: a.files + b.files, tasks: a.tasks + b.tasks, decisions: a.decisions + b.decisions, patterns: a.patterns + b.patterns, review: a.review + b.review };
}

export type { AnalyzedFile };
