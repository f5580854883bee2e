// The batch entry point behind `extract run`: find task files, analyse them (pure core), then,
// under a lock on the memory folder, merge with the registry and commit every write.
import { constants as fsConstants, promises as fs } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import fg from 'fast-glob';
import lockfile from 'proper-lockfile';
import { hostname } from 'node:os';
import type { Registry } from '../core/evolve';
import { isCurrent, mergeAnalyses, type AnalyzedFile, type Engine, type PipelineOutput, type RunSummary } from '../core/pipeline';
import type { Diagnostic } from '../core/types';
import { analyzeParallel } from './analyzePool';
import { loadConfig } from '../io/config';
import { loadEngine, overrunDiagnostics } from './engine';
import { ConflictError, fsProblem, InterruptedError, LockedError, throwIfStopped } from '../io/errors';
import { processAlive, readTextIfExists, realPath, writeIfUnmodified } from '../io/files';
import { memoryChanges, memorySignature, readMemory, writeMemory } from '../io/memory';
import { readSources, recordSources } from '../io/sources';
import { invalidUtf8Offset, locationOf } from '../io/jsonText';
import { applyStates, contentHash, parseTaskFile, type ParseOptions, type TaskFile } from '../io/taskFile';

export interface RunOptions {
  cwd: string;
  globs?: string[];
  memory?: string;
  config?: string;
  /** ISO timestamp used for every time the run records. */
  now: string;
  /** Seconds to wait for another run's lock before giving up. */
  lockTimeout?: number;
  /** Called after analysis, before each locked commit attempt (lets tests act as a person editing meanwhile). */
  beforeCommit?: (attempt: number) => Promise<void>;
  /** Exactly these task files (absolute paths), instead of globs. */
  files?: string[];
  /** Compute everything, write nothing: `summary.written` lists what a run would write. */
  dryRun?: boolean;
  /** Aborting it stops the run at the next safe point (between tasks or between file writes). */
  signal?: AbortSignal;
}

export interface RunResult {
  summary: RunSummary & { analysed: number; conflicts: number; written: string[] };
  diagnostics: Diagnostic[];
  /** Content hash of each task file this run wrote, by absolute path (the daemon ignores its own writes). */
  ownWrites: Map<string, string>;
}

export interface Workspace {
  engine: Engine;
  /** Folder that the config's relative paths resolve against. */
  baseDir: string;
  memoryDir: string;
  memoryDisplay: string;
  files: string[];
  diagnostics: Diagnostic[];
}

function display(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** Why a path the user named cannot be read as a task file, or null when it can. */
async function notATaskFile(path: string): Promise<{ code: string; message: string } | null> {
  try {
    const st = await fs.stat(path);
    if (st.isDirectory()) return { code: 'not-a-file', message: 'is a folder, not a task file (EISDIR)' };
    if (!st.isFile()) return { code: 'not-a-file', message: 'is not a regular file (a device, socket or pipe); left alone' };
    await fs.access(path, fsConstants.R_OK);
    return null;
  } catch (err) {
    const p = fsProblem(err);
    if (!p) throw err;
    return p.code === 'ENOENT' ? { code: 'not-found', message: 'no such task file' } : { code: 'unreadable', message: p.message };
  }
}

/** The sorted task files that the globs (or the config's) name, without compiling any rules. */
export async function listTaskFiles(options: Pick<RunOptions, 'cwd' | 'globs' | 'config'>): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const { config, baseDir } = await loadConfig(options.cwd, options.config);
  return findTaskFiles(options, config.globs, baseDir);
}

async function findTaskFiles(options: Pick<RunOptions, 'cwd' | 'globs'>, configGlobs: readonly string[], baseDir: string): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const explicit = options.globs && options.globs.length > 0;
  const globBase = explicit ? options.cwd : baseDir;
  const patterns = explicit ? options.globs! : configGlobs;
  const diagnostics: Diagnostic[] = [];
  const files = new Set<string>();
  for (const pattern of patterns) {
    const forward = pattern.replace(/\\/g, '/');
    if (!fg.isDynamicPattern(forward)) {
      const abs = resolve(globBase, pattern);
      const problem = await notATaskFile(abs);
      if (problem) diagnostics.push({ code: problem.code, severity: 'error', file: display(options.cwd, abs), message: problem.message });
      else files.add(abs);
      continue;
    }
    const found = await fg(forward, { cwd: globBase, absolute: true, onlyFiles: true, dot: false, ignore: ['**/node_modules/**'] });
    if (found.length === 0) diagnostics.push({ code: 'no-match', severity: 'warning', file: pattern, message: 'pattern matched no task file' });
    for (const f of found) files.add(resolve(f));
  }
  return { files: [...files].sort(), diagnostics };
}

export type WorkspaceOptions = Pick<RunOptions, 'cwd' | 'globs' | 'memory' | 'config' | 'files'> & {
  /**
   * Reading commands: without globs, read the task files the memory folder records it was built
   * from (memory/.sources.json), and the configured globs only when it records none.
   */
  recorded?: boolean;
};

/** Resolves config, engine, memory folder and the sorted list of task files. */
export async function openWorkspace(options: WorkspaceOptions): Promise<Workspace> {
  const { config, baseDir } = await loadConfig(options.cwd, options.config);
  const engine = await loadEngine(config, baseDir);
  const memoryDir = options.memory ? resolve(options.cwd, options.memory) : resolve(baseDir, config.memory);
  const memoryDisplay = display(options.cwd, memoryDir);
  const explicit = (options.globs?.length ?? 0) > 0;
  if (options.files) return { engine, baseDir, memoryDir, memoryDisplay, files: [...options.files].sort(), diagnostics: [] };
  if (options.recorded && !explicit) {
    const sources = await readSources(memoryDir, memoryDisplay);
    if (sources.files) return { engine, baseDir, memoryDir, memoryDisplay, files: sources.files, diagnostics: sources.diagnostics };
    const found = await findTaskFiles(options, config.globs, baseDir);
    return { engine, baseDir, memoryDir, memoryDisplay, files: found.files, diagnostics: [...sources.diagnostics, ...found.diagnostics] };
  }
  const { files, diagnostics } = await findTaskFiles(options, config.globs, baseDir);
  return { engine, baseDir, memoryDir, memoryDisplay, files, diagnostics };
}

export async function readTaskFiles(cwd: string, paths: readonly string[], options: ParseOptions = {}): Promise<{ files: TaskFile[]; diagnostics: Diagnostic[] }> {
  const files: TaskFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const path of paths) {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path);
    } catch (err) {
      const p = fsProblem(err);
      if (!p) throw err;
      diagnostics.push({ code: p.code === 'ENOENT' ? 'not-found' : 'unreadable', severity: 'error', file: display(cwd, path), message: p.message });
      continue;
    }
    const bad = invalidUtf8Offset(bytes);
    if (bad >= 0) {
      // Decoding would replace the bad bytes, and writing back would then change them: leave the file alone.
      const before = bytes.subarray(0, bad).toString('utf8');
      diagnostics.push({ code: 'invalid-utf8', severity: 'error', file: display(cwd, path), ...locationOf(before, before.length), message: `invalid UTF-8 byte 0x${bytes[bad].toString(16).padStart(2, '0')}; file left as it is` });
      continue;
    }
    const text = bytes.toString('utf8');
    const outcome = parseTaskFile(path, display(cwd, path), text, options);
    diagnostics.push(...outcome.diagnostics);
    if (outcome.ok) files.push(outcome.file);
  }
  return { files, diagnostics };
}

const OWNER_FILE = '.extract.owner';

function ownerLine(): string {
  return `pid ${process.pid} on ${hostname()} since ${new Date().toISOString()}`;
}

/**
 * A holder killed with SIGKILL cannot release its lock. When the owner file names a process on
 * this host that no longer exists, the lock is removed at once instead of waiting for it to go stale.
 */
async function breakLockOfDeadHolder(memoryDir: string): Promise<void> {
  const ownerPath = `${memoryDir}/${OWNER_FILE}`;
  const owner = await readTextIfExists(ownerPath);
  const m = owner ? /^pid (\d+) on (\S+) /.exec(owner) : null;
  if (!m || m[2] !== hostname() || Number(m[1]) === process.pid) return;
  if (processAlive(Number(m[1]))) return;
  // Only if nobody replaced the owner meanwhile.
  if ((await readTextIfExists(ownerPath)) !== owner) return;
  await fs.rm(`${memoryDir}/.extract.lock`, { recursive: true, force: true });
  await fs.rm(ownerPath, { force: true });
}

/**
 * Holds the memory folder's lock while `commit` runs; waits up to `timeoutSeconds` for it.
 * Beside the lock, a small owner file names the holder so a waiting process can say who it is.
 */
export async function withMemoryLock<T>(memoryFolder: string, timeoutSeconds: number, commit: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  await fs.mkdir(memoryFolder, { recursive: true });
  // A symlinked memory folder is locked at its real path, so every way to name it shares one lock.
  const memoryDir = await realPath(memoryFolder);
  let compromised: Error | null = null;
  const retries = Math.max(0, Math.ceil((timeoutSeconds * 1000) / 200));
  let release: () => Promise<void>;
  await breakLockOfDeadHolder(memoryDir);
  try {
    const locking = lockfile.lock(memoryDir, {
      realpath: false,
      lockfilePath: `${memoryDir}/.extract.lock`,
      // A live holder refreshes the lock every stale/2; one that stops refreshing is presumed dead.
      stale: 10_000,
      retries: { retries, factor: 1, minTimeout: 200, maxTimeout: 200 },
      onCompromised: (err) => {
        // Another process took the lock over (we stalled past `stale`): stop committing.
        compromised = err;
      },
    });
    release = await untilStopped(locking, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const holder = (await readTextIfExists(`${memoryDir}/${OWNER_FILE}`))?.trim() ?? null;
    throw new LockedError(`memory folder ${memoryDir} is locked by another extraction${holder ? ` (${holder})` : ''}; gave up after ${timeoutSeconds} s`, holder);
  }
  try {
    await fs.writeFile(`${memoryDir}/${OWNER_FILE}`, `${ownerLine()}\n`);
    const result = await commit();
    if (compromised) throw compromised;
    return result;
  } finally {
    await fs.rm(`${memoryDir}/${OWNER_FILE}`, { force: true }).catch(() => undefined);
    await release().catch(() => undefined);
  }
}

/** Waits for the lock unless asked to stop first; a lock obtained after the stop is let go at once. */
function untilStopped(locking: Promise<() => Promise<void>>, signal: AbortSignal | undefined): Promise<() => Promise<void>> {
  if (!signal) return locking;
  throwIfStopped(signal);
  return new Promise((resolvePromise, reject) => {
    const onAbort = () => {
      locking.then((release) => release().catch(() => undefined)).catch(() => undefined);
      reject(new InterruptedError(String(signal.reason ?? 'a signal')));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    locking.then(
      (release) => {
        signal.removeEventListener('abort', onAbort);
        resolvePromise(release);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

const MAX_CONFLICT_RETRIES = 3;

/** Phase timings on stderr when EXTRACT_TIMING is set (like ESLint's TIMING). */
function phaseTimer(): (phase: string) => void {
  if (!process.env.EXTRACT_TIMING) return () => undefined;
  let last = process.hrtime.bigint();
  return (phase) => {
    const now = process.hrtime.bigint();
    process.stderr.write(`extract timing: ${phase} ${(Number(now - last) / 1e6).toFixed(1)} ms\n`);
    last = now;
  };
}

/**
 * Stages 1–5 for the tasks whose stored state is not current against `registry`. The first half of
 * the one computation behind `extract run`, `run --dry-run` and `extract check`.
 */
export function planAnalysis(ws: Workspace, files: readonly TaskFile[], registry: Registry, signal?: AbortSignal): Promise<AnalyzedFile[]> {
  return analyzeParallel(files.map((f) => ({ path: f.path, tasks: f.tasks })), ws.engine, ws.baseDir, (t) => isCurrent(t, registry, ws.engine.fingerprint), signal);
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
export function settle(ws: Workspace, analyzed: readonly AnalyzedFile[], files: readonly TaskFile[], registry: Registry, now: string, inPlace: boolean): Settled {
  const out = mergeAnalyses(analyzed, registry, now, ws.engine, inPlace);
  const texts = new Map<string, string>();
  for (const file of files) texts.set(file.path, applyStates(file.text, out.states.get(file.path) ?? new Map(), file.value));
  return { out, texts };
}

const countAnalysed = (analyzed: readonly AnalyzedFile[]) => analyzed.reduce((n, f) => n + f.tasks.filter((t) => t.analysis !== null).length, 0);

export async function extractRun(options: RunOptions): Promise<RunResult> {
  const lap = phaseTimer();
  const ws = await openWorkspace(options);
  lap('workspace (config, rules)');
  const diagnostics: Diagnostic[] = [...ws.diagnostics];
  const read = await readTaskFiles(options.cwd, ws.files, { trustExtracted: true });
  diagnostics.push(...read.diagnostics);
  lap('read and validate task files');
  let pending = read.files;
  // An unlocked look at the registry decides which tasks are current; the commit re-checks under the lock.
  const hintSignature = await memorySignature(ws.memoryDir);
  const hint = await readMemory(ws.memoryDir, ws.memoryDisplay);
  lap('read memory');
  let analyzed = await planAnalysis(ws, pending, hint.registry, options.signal);
  let analysed = countAnalysed(analyzed);
  lap(`analyse ${analysed} tasks`);
  const tasks = read.files.reduce((n, f) => n + f.tasks.length, 0);
  if (options.dryRun) {
    diagnostics.push(...hint.diagnostics);
    const { out, texts } = settle(ws, analyzed, pending, hint.registry, options.now, false);
    const wouldWrite = [
      ...(await memoryChanges(ws.memoryDir, hint, out.registry, out.newPatterns)).map((f) => `${ws.memoryDisplay}/${f}`),
      ...pending.filter((f) => texts.get(f.path) !== f.text).map((f) => f.display),
    ];
    diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
    return { summary: { ...out.summary, files: ws.files.length, tasks, analysed, conflicts: 0, written: wouldWrite }, diagnostics, ownWrites: new Map() };
  }
  const written: string[] = [];
  const ownWrites = new Map<string, string>();
  let conflicts = 0;
  let summary: RunSummary = { files: 0, tasks: 0, decisions: 0, patterns: 0, review: 0 };

  for (let attempt = 0; pending.length > 0; attempt++) {
    const changed: TaskFile[] = [];
    if (options.beforeCommit) await options.beforeCommit(attempt);
    throwIfStopped(options.signal);
    const outcome = await withMemoryLock(ws.memoryDir, options.lockTimeout ?? 30, async () => {
      lap('lock');
      // Re-read only if another process wrote the memory folder since our unlocked read.
      const unchanged = attempt === 0 && (await memorySignature(ws.memoryDir)) === hintSignature;
      const memory = unchanged ? hint : await readMemory(ws.memoryDir, ws.memoryDisplay);
      if (attempt === 0) diagnostics.push(...memory.diagnostics);
      lap('re-read memory under lock');
      // The registry just read is ours alone: merge into it without a copy.
      const { out, texts } = settle(ws, analyzed, pending, memory.registry, options.now, true);
      lap('merge into registry and render task files');
      for (const f of await writeMemory(ws.memoryDir, memory, out.registry, out.newPatterns)) written.push(`${ws.memoryDisplay}/${f}`);
      if (attempt === 0) await recordSources(ws.memoryDir, ws.files);
      lap('write memory');
      for (const file of pending) {
        // Each write is atomic; a stop between two leaves the rest as they were.
        throwIfStopped(options.signal);
        const next = texts.get(file.path) ?? file.text;
        const result = await writeIfUnmodified(file.path, next, file.hash);
        lap('write task file');
        if (result === 'written') {
          written.push(file.display);
          ownWrites.set(file.path, contentHash(next));
        }
        if (result === 'conflict') changed.push(file);
      }
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
    const reread = await readTaskFiles(options.cwd, changed.map((f) => f.path), { trustExtracted: true });
    diagnostics.push(...reread.diagnostics);
    pending = reread.files;
    analyzed = await planAnalysis(ws, pending, hint.registry, options.signal);
    analysed += countAnalysed(analyzed);
  }
  diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
  return { summary: { ...summary, files: ws.files.length, tasks, analysed, conflicts, written }, diagnostics, ownWrites };
}

function addSummaries(a: RunSummary, b: RunSummary): RunSummary {
  return { files: a.files + b.files, tasks: a.tasks + b.tasks, decisions: a.decisions + b.decisions, patterns: a.patterns + b.patterns, review: a.review + b.review };
}

export type { AnalyzedFile };
