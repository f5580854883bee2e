// `extract --watch`: a daemon around the same batch entry point. It watches the folders that hold
// task files (an atomic rename replaces a file, so folders, not files), debounces per path, runs
// one extraction at a time, ignores events caused by its own writes (the file still has the inode,
// size and time, and the text, of what it renamed into place), and on SIGINT/SIGTERM finishes the
// write in progress, closes the watcher and returns.
// Between saves it keeps the engine and the memory folder as it last wrote them (app/warm.ts), so a
// save costs reading the task file and analysing what changed.
import { promises as fs } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { watch as chokidarWatch, type FSWatcher } from 'chokidar';
import fg from 'fast-glob';
import { isTempFile, readTextIfExists, signatureOf } from '../io/files';
import { extractRun, listTaskFiles, openWorkspace, type OwnWrite, type RunOptions, type RunResult } from '../app/run';
import { WarmState } from '../app/warm';

export interface WatchEvent {
  kind: 'ready' | 'extracted' | 'problem' | 'stopped';
  file?: string;
  result?: RunResult;
  ms?: number;
  message?: string;
}

export interface WatchOptions extends Omit<RunOptions, 'now'> {
  /** Called for the timestamp of each extraction (the daemon passes the clock). */
  now: () => string;
  /** Quiet time after a change written in place (an editor may still be writing). */
  debounceMs?: number;
  /**
   * Quiet time after a file was replaced by a rename. It cannot be seen half-written, so it is
   * handled on the next turn of the event loop (the events one rename raises still come together).
   */
  replacedDebounceMs?: number;
  log: (event: WatchEvent) => void;
  /** Resolves when the daemon should stop (e.g. on a signal). */
  stop: Promise<void>;
}

/** The folder a glob's files live under: its path up to the first segment with a wildcard. */
export function globBase(pattern: string, cwd: string): string {
  const forward = pattern.replace(/\\/g, '/');
  if (!fg.isDynamicPattern(forward)) return dirname(resolve(cwd, forward));
  const parts = forward.split('/');
  const stat: string[] = [];
  for (const p of parts) {
    if (fg.isDynamicPattern(p)) break;
    stat.push(p);
  }
  return resolve(cwd, stat.join('/') || '.');
}

/**
 * Whether a file is still the daemon's own write-back (nothing a person saved). A save changes the
 * signature, except a write in place of the same size within one tick of a coarse file-system
 * clock: when the signature is its own, the text decides (read only then; unreadable counts as own).
 */
export async function isOwnWrite(own: OwnWrite | undefined, signature: string, readText: () => Promise<string | null>): Promise<boolean> {
  if (own?.signature !== signature) return false;
  const text = await readText();
  return text === null || text === own.text;
}

export async function runWatch(options: WatchOptions): Promise<void> {
  const warm = new WarmState();
  const ws = await openWorkspace(options, warm);
  const patterns = options.globs && options.globs.length > 0 ? options.globs : ws.globs;
  const folders = [...new Set(patterns.map((p) => globBase(p, options.cwd)))].sort();
  const ownWrites = new Map<string, OwnWrite>();
  const reported = new Map<string, string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const queue = new Set<string>();
  let running: Promise<void> | null = null;
  let stopping = false;

  const extract = async (files: string[] | undefined) => {
    const started = Date.now();
    // Every watched file goes through the run (downstream links span files); tasks whose
    // discussion did not change are not analysed again.
    const result = await extractRun({ ...options, now: options.now(), warm });
    for (const [path, own] of result.ownWrites) ownWrites.set(resolve(path), own);
    const problems = result.diagnostics.filter((d) => d.severity === 'error');
    const key = problems.map((d) => `${d.file}:${d.line}:${d.column}:${d.message}`).join('\n');
    for (const f of files ?? ['*']) {
      // A broken file is reported once; the next change retries it.
      if (problems.length > 0 && reported.get(f) === key) continue;
      reported.set(f, key);
      options.log({ kind: problems.length > 0 ? 'problem' : 'extracted', file: files ? f : undefined, result, ms: Date.now() - started });
    }
  };

  const drain = async () => {
    while (queue.size > 0 && !stopping) {
      const queued = [...queue].sort();
      queue.clear();
      // The one look at whether a file is our own write-back: its own event, or a save queued
      // twice (its events were handled apart) that was extracted already. Looked at here, last,
      // not when the event came.
      const files: string[] = [];
      for (const f of queued) if (!(await isOwnWrite(ownWrites.get(f), await signatureOf(f), () => readTextIfExists(f).catch(() => null)))) files.push(f);
      if (files.length === 0) continue;
      await extract(files).catch((err: Error) => options.log({ kind: 'problem', message: err.message }));
    }
    running = null;
  };

  // The inode each file had when last looked at: a new one means the file was replaced whole.
  const inodes = new Map<string, number>();
  const schedule = async (path: string) => {
    const abs = resolve(path);
    const st = await fs.stat(abs).catch(() => null);
    const ino = st?.ino;
    // (An empty new file is being written, not renamed into place: it waits the full time.)
    const replaced = st !== null && ino !== undefined && st.size > 0 && inodes.has(abs) && inodes.get(abs) !== ino;
    if (ino !== undefined) inodes.set(abs, ino);
    clearTimeout(timers.get(abs));
    timers.set(
      abs,
      setTimeout(
        () => {
          timers.delete(abs);
          void onSettled(abs);
        },
        replaced ? (options.replacedDebounceMs ?? 0) : (options.debounceMs ?? 150),
      ),
    );
  };

  // chokidar drops a change that follows another on the same file within 50 ms (a save right
  // after our own write-back, say): each file is looked at once more after that window, and
  // scheduled again if it is no longer what was read last.
  const seen = new Map<string, string>();
  const rechecks = new Set<NodeJS.Timeout>();
  const recheck = (abs: string) => {
    const t = setTimeout(async () => {
      rechecks.delete(t);
      if (!stopping && (await signatureOf(abs)) !== seen.get(abs)) void schedule(abs);
    }, 60);
    rechecks.add(t);
  };

  const onSettled = async (abs: string) => {
    if (stopping) return;
    const current = await listTaskFiles(options).catch(() => null);
    if (!current || !current.files.includes(abs)) return;
    const now = await signatureOf(abs);
    seen.set(abs, now);
    recheck(abs);
    if (now === '-') return;
    queue.add(abs);
    running ??= drain();
  };

  await extract(undefined).catch((err: Error) => options.log({ kind: 'problem', message: err.message }));
  for (const f of ws.files) {
    const st = await fs.stat(f).catch(() => null);
    if (st) inodes.set(resolve(f), st.ino);
  }
  // Temp files (ours and the atomic savers' of this tool) come and go on every save: not watched.
  const watcher: FSWatcher = chokidarWatch(folders, { ignoreInitial: true, depth: patterns.some((p) => p.includes('**')) ? 20 : 0, ignored: (p) => /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(p) || isTempFile(p) });
  const onEvent = (path: string) => void schedule(path);
  // What the daemon holds per file goes with a file that is gone (a rename over it is not that).
  const forget = async (path: string) => {
    const abs = resolve(path);
    if ((await signatureOf(abs)) !== '-') return;
    for (const m of [inodes, seen, ownWrites, reported]) m.delete(abs);
  };
  watcher.on('add', onEvent).on('change', onEvent).on('unlink', (path) => void forget(path));
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  // Once watching: a save made meanwhile is queued, not missed.
  warm.warmUp(ws.engine);
  options.log({ kind: 'ready', message: `watching ${folders.join(', ')}` });

  await options.stop;
  stopping = true;
  for (const t of [...timers.values(), ...rechecks]) clearTimeout(t);
  await running;
  await watcher.close();
  options.log({ kind: 'stopped' });
}
