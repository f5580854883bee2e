// `extract --watch`: a daemon around the same batch entry point. It watches the folders that hold
// task files (an atomic rename replaces a file, so folders, not files), debounces per path, runs
// one extraction at a time, ignores events caused by its own writes (the file still has the inode,
// size and time, and the text, of what it renamed into place), and on SIGINT/SIGTERM finishes the
// write in progress, closes the watcher and returns.
// Between saves it keeps the engine and the memory folder as it last wrote them (app/caches.ts), so a
// save costs reading the task file and analysing what changed.
import { promises as fs } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { watch as chokidarWatch, type FSWatcher } from 'chokidar';
import fg from 'fast-glob';
import { isTempFile, readTextIfExists, signatureOf } from '../io/files';
import { RunCaches, WarmState } from '../app/caches';
import { extractRun, type OwnWrite, type RunOptions, type RunResult } from '../app/run';
import { listTaskFiles, openWorkspace } from '../app/workspace';

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

/**
 * The daemon, in named steps: open the workspace and find the folders to watch, extract once,
 * watch, and on each settled change queue the file and extract what the queue holds, one run at a
 * time; on stop, finish the run in progress and close the watcher.
 */
export async function runWatch(options: WatchOptions): Promise<void> {
  const warm = new WarmState();
  const ws = await openWorkspace(options, new RunCaches({ warm }));
  const patterns = options.globs && options.globs.length > 0 ? options.globs : ws.globs;
  const folders = [...new Set(patterns.map((p) => globBase(p, options.cwd)))].sort();
  const daemon = new Daemon(options, warm, patterns);
  await daemon.extract(undefined).catch((err: Error) => options.log({ kind: 'problem', message: err.message }));
  await daemon.rememberInodes(ws.files);
  const watcher = await daemon.watch(folders);
  // Once watching: a save made meanwhile is queued, not missed.
  warm.warmUp(ws.engine);
  options.log({ kind: 'ready', message: `watching ${folders.join(', ')}` });
  await options.stop;
  await daemon.stop();
  await watcher.close();
  options.log({ kind: 'stopped' });
}

/** What the daemon holds between events, and what it does with each. */
class Daemon {
  /** Each task file this daemon wrote, with the signature and text it left (see isOwnWrite). */
  private readonly ownWrites = new Map<string, OwnWrite>();
  /** The problems last reported per file: a broken file is reported once. */
  private readonly reported = new Map<string, string>();
  /** The debounce timer of each file with a change not yet handled. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The timers of the second looks at files (see recheck). */
  private readonly rechecks = new Set<NodeJS.Timeout>();
  /** Files whose change has settled, waiting for the next run. */
  private readonly queue = new Set<string>();
  /** The inode each file had when last looked at: a new one means the file was replaced whole. */
  private readonly inodes = new Map<string, number>();
  /** Each file's signature when it was last queued (see recheck). */
  private readonly seen = new Map<string, string>();
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly options: WatchOptions,
    private readonly warm: WarmState,
    private readonly patterns: readonly string[],
  ) {}

  /** One run over every watched file (downstream links span files; tasks whose discussion did not change are not analysed again), reported for `files` (all: undefined). */
  async extract(files: string[] | undefined): Promise<void> {
    const started = Date.now();
    const result = await extractRun({ ...this.options, now: this.options.now(), warm: this.warm });
    for (const [path, own] of result.ownWrites) this.ownWrites.set(resolve(path), own);
    const problems = result.diagnostics.filter((d) => d.severity === 'error');
    const key = problems.map((d) => `${d.file}:${d.line}:${d.column}:${d.message}`).join('\n');
    for (const f of files ?? ['*']) {
      // A broken file is reported once; the next change retries it.
      if (problems.length > 0 && this.reported.get(f) === key) continue;
      this.reported.set(f, key);
      this.options.log({ kind: problems.length > 0 ? 'problem' : 'extracted', file: files ? f : undefined, result, ms: Date.now() - started });
    }
  }

  async rememberInodes(files: readonly string[]): Promise<void> {
    for (const f of files) {
      const st = await fs.stat(f).catch(() => null);
      if (st) this.inodes.set(resolve(f), st.ino);
    }
  }

  /** Starts watching the folders; resolves once the watcher is ready. */
  async watch(folders: readonly string[]): Promise<FSWatcher> {
    // Temp files (ours and the atomic savers' of this tool) come and go on every save: not watched.
    const watcher = chokidarWatch([...folders], { ignoreInitial: true, depth: this.patterns.some((p) => p.includes('**')) ? 20 : 0, ignored: (p) => /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(p) || isTempFile(p) });
    const onEvent = (path: string) => void this.schedule(path);
    watcher.on('add', onEvent).on('change', onEvent).on('unlink', (path) => void this.forget(path));
    await new Promise<void>((ready) => watcher.once('ready', () => ready()));
    return watcher;
  }

  /** Stops taking changes and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of [...this.timers.values(), ...this.rechecks]) clearTimeout(t);
    await this.running;
  }

  /** Extracts what the queue holds, one run at a time, until it is empty. */
  private async drain(): Promise<void> {
    while (this.queue.size > 0 && !this.stopping) {
      const queued = [...this.queue].sort();
      this.queue.clear();
      // The one look at whether a file is our own write-back: its own event, or a save queued
      // twice (its events were handled apart) that was extracted already. Looked at here, last,
      // not when the event came.
      const files: string[] = [];
      for (const f of queued) if (!(await isOwnWrite(this.ownWrites.get(f), await signatureOf(f), () => readTextIfExists(f).catch(() => null)))) files.push(f);
      if (files.length === 0) continue;
      await this.extract(files).catch((err: Error) => this.options.log({ kind: 'problem', message: err.message }));
    }
    this.running = null;
  }

  /** A change to `path`: handled once the file has been quiet for the debounce time. */
  private async schedule(path: string): Promise<void> {
    const abs = resolve(path);
    const st = await fs.stat(abs).catch(() => null);
    const ino = st?.ino;
    // (An empty new file is being written, not renamed into place: it waits the full time.)
    const replaced = st !== null && ino !== undefined && st.size > 0 && this.inodes.has(abs) && this.inodes.get(abs) !== ino;
    if (ino !== undefined) this.inodes.set(abs, ino);
    clearTimeout(this.timers.get(abs));
    const wait = replaced ? (this.options.replacedDebounceMs ?? 0) : (this.options.debounceMs ?? 150);
    this.timers.set(
      abs,
      setTimeout(() => {
        this.timers.delete(abs);
        void this.onSettled(abs);
      }, wait),
    );
  }

  /**
   * chokidar drops a change that follows another on the same file within 50 ms (a save right
   * after our own write-back, say): each file is looked at once more after that window, and
   * scheduled again if it is no longer what was read last.
   */
  private recheck(abs: string): void {
    const t = setTimeout(async () => {
      this.rechecks.delete(t);
      if (!this.stopping && (await signatureOf(abs)) !== this.seen.get(abs)) void this.schedule(abs);
    }, 60);
    this.rechecks.add(t);
  }

  /** A file quiet for the debounce time: queued for the next run if it is still a task file of the workspace. */
  private async onSettled(abs: string): Promise<void> {
    if (this.stopping) return;
    const current = await listTaskFiles(this.options).catch(() => null);
    if (!current || !current.files.includes(abs)) return;
    const now = await signatureOf(abs);
    this.seen.set(abs, now);
    this.recheck(abs);
    if (now === '-') return;
    this.queue.add(abs);
    this.running ??= this.drain();
  }

  /** What the daemon holds per file goes with a file that is gone (a rename over it is not that). */
  private async forget(path: string): Promise<void> {
    const abs = resolve(path);
    if ((await signatureOf(abs)) !== '-') return;
    for (const m of [this.inodes, this.seen, this.ownWrites, this.reported]) m.delete(abs);
  }
}
