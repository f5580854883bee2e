// The run caches, and the one door a run enters them by (docs/architecture.md, "Run caches").
// None of them changes a byte of what a run writes; each makes some part of it cheaper:
// - `.last-run` (io/lastRun.ts): a one-shot run that finds the workspace exactly as the last run
//   that changed nothing left it reads nothing and writes nothing (`RunCaches.lastRun`);
// - `WarmState`: what a long-lived caller (the watch daemon) keeps from one run to the next, so
//   that a save costs the work of that save: the engine while the config and the user's rule files
//   are unchanged, the memory folder as this process last wrote it while the files' sizes and
//   times say that nobody has written them since, the memos merging fills, each task file's last
//   print and discussions;
// - for one run: the registry files' printed pieces (`RegistryPrintMemo`) and the index of the
//   registry merged into (`RegistryIndex`).
// A run asks a `RunCaches` for each of these; which are kept depends on who runs (one-shot,
// daemon, dry run), and nothing else in a run knows.
import { resolve } from 'node:path';
import { canonicalJson } from '../core/json';
import { RegistryIndex } from '../core/evolve';
import { analyseTask, type Engine, type MergeMemos } from '../core/pipeline';
import { StaleMemo, inStaleWindow } from '../core/relate';
import { SubjectMemo } from '../core/subject';
import { PorterStems } from '../core/porter';
import type { AnalysisSettings, Diagnostic, StaleWindow } from '../core/types';
import { signatureOf } from '../io/files';
import { readLastRun, settledBefore, timeZone, writeLastRun, type LastRun } from '../io/lastRun';
import { memorySignature, readMemory, RegistryPrintMemo, signatureAfter, type MemoryState, type MemoryWrite } from '../io/memory';
import { rulePackSignatures } from '../io/rulePacks';
import { sourcesRecorded } from '../io/sources';
import type { PrintMemo, TaskFile } from '../io/taskFile';
import { loadEngine, takeRegexOverruns } from './engine';
import { rearmUserRules } from './regexBudget';
import type { EngineSource, TaskFileMemo, Workspace } from './workspace';

/** Texts a kept memo may hold before it is started afresh (a daemon must not grow without bound). */
const MAX_MEMO = 200_000;

interface KeptMemory {
  dir: string;
  signature: string;
  state: MemoryState;
  /** The index of `state.registry` as the run left it. */
  index: RegistryIndex;
}

/** The memory folder as a run left it, with the index of its registry. */
export interface TakenMemory {
  memory: MemoryState;
  index: RegistryIndex;
}

/** Messages of the task a daemon analyses once before its first save (see warmUp). */
const WARM_UP_MESSAGES = 12;

/** What the watch daemon keeps between runs (a run enters it through RunCaches only). */
export class WarmState {
  private engine: { key: string; engine: Promise<Engine> } | null = null;
  private memory: KeptMemory | null = null;
  private memos: { engine: Engine; subjects: SubjectMemo; stale: StaleMemo } | null = null;
  /** Each task file's discussions as last read, by task id: one unchanged since is not hashed again. */
  private discussions = new Map<string, Map<string, readonly unknown[]>>();
  /** The registry files' pieces as last printed, and their bytes: a save that changes one task reprints and encodes the pieces holding its items. */
  readonly registryPrint = new RegistryPrintMemo(true);

  /**
   * What merging worked out in earlier runs with this engine: views and tokens of texts (pure
   * functions of the text and the lexicons), and the stale check's answers for the registry as it
   * was with each decision's entry (relating shares them while the decision is unchanged).
   * Started afresh for another engine, and past MAX_MEMO texts.
   */
  memosFor(engine: Engine): Required<Pick<MergeMemos, 'subjects' | 'stale'>> {
    // The stale memo's entries hold the subject memo's tokens: they start afresh together.
    if (this.memos?.engine !== engine || this.memos.subjects.size > MAX_MEMO) this.memos = { engine, subjects: new SubjectMemo(new PorterStems(engine.words)), stale: new StaleMemo() };
    return this.memos;
  }

  /** Each task file's last text known to be a plain JSON print (see PrintMemo). */
  private readonly prints = new Map<string, PrintMemo>();

  printMemoFor(path: string): PrintMemo {
    let memo = this.prints.get(path);
    if (!memo) this.prints.set(path, (memo = {}));
    return memo;
  }

  earlierDiscussion(path: string, taskId: string): readonly unknown[] | undefined {
    return this.discussions.get(path)?.get(taskId);
  }

  /** Forgets what it keeps per task file for files no longer in the workspace (a daemon runs for days). */
  retain(files: readonly string[]): void {
    const keep = new Set(files);
    for (const m of [this.prints, this.discussions]) for (const path of [...m.keys()]) if (!keep.has(path)) m.delete(path);
  }

  /** The discussions just read, in place of those read before from the same files. */
  keepDiscussions(files: readonly TaskFile[]): void {
    for (const f of files) this.discussions.set(f.path, new Map(f.tasks.map((t) => [t.id, t.discussion])));
  }

  /**
   * Analyses one kept task and forgets the result. A daemon analyses each save's task on its own
   * thread, while its first run may have analysed everything in worker threads: without this the
   * first save pays for compiling the analysis code and the rules' regexes (about 100 ms). The
   * task is the first of at least WARM_UP_MESSAGES messages (else the longest), so that most
   * stages have something to do and the cost stays that of a save.
   */
  warmUp(engine: Engine): void {
    let chosen: [string, readonly unknown[]] | null = null;
    for (const tasks of this.discussions.values()) {
      for (const [id, discussion] of tasks) {
        if (!chosen || discussion.length > chosen[1].length) chosen = [id, discussion];
        if (discussion.length >= WARM_UP_MESSAGES) break;
      }
      if (chosen && chosen[1].length >= WARM_UP_MESSAGES) break;
    }
    if (!chosen) return;
    analyseTask(chosen[0], chosen[1], engine, new Set([chosen[0]]));
    // What the warm-up cost a user regex is no run's to report; the next run starts with every rule on.
    takeRegexOverruns(engine);
    rearmUserRules(engine.rules);
  }

  /** The engine for these settings: the one built last time when nothing it was built from changed. */
  async engineFor(settings: AnalysisSettings, baseDir: string): Promise<Engine> {
    const key = canonicalJson({ settings, baseDir, rules: await rulePackSignatures(settings.rules.map((d) => resolve(baseDir, d))) });
    if (this.engine?.key !== key) {
      const engine = loadEngine(settings, baseDir);
      this.engine = { key, engine };
      // A config that fails to load is read again next time, not remembered.
      engine.catch(() => {
        if (this.engine?.engine === engine) this.engine = null;
      });
    }
    const engine = await this.engine.engine;
    // A user regex switched off for overrunning its budget is off for that run only.
    rearmUserRules(engine.rules);
    return engine;
  }

  /**
   * The memory folder as last kept, when `signature` (taken now) says it is still what is on disk.
   * The caller owns what it takes (a run merges into it in place, and its index with it): it is
   * kept again only by `keepMemory`, so a run that fails midway leaves nothing half-merged behind.
   */
  takeMemory(dir: string, signature: string): TakenMemory | null {
    const kept = this.memory;
    this.memory = null;
    if (!kept || kept.dir !== dir || kept.signature !== signature) return null;
    return { memory: kept.state, index: kept.index };
  }

  /** The folder as a run just wrote it, with the signature taken right after, under the lock, and the index of its registry. */
  keepMemory(dir: string, signature: string, state: MemoryState, index: RegistryIndex): void {
    this.memory = { dir, signature, state, index };
  }
}


/**
 * What a run's first commit found, when it changed nothing, for the record of the next run (see
 * LastRun): the memory folder's signature when the lock was taken (the registry merged was read
 * at that signature, and any later edit changes it), and each task file's, taken before the look
 * that found it unchanged.
 */
export interface Left {
  memory: string;
  stale: StaleWindow | null;
  files: Map<string, string>;
}

/** Who runs: a one-shot run, the watch daemon (with what it keeps), or a dry run (keeps nothing, merges into a copy). */
type Keeper = { kind: 'once' } | { kind: 'daemon'; warm: WarmState } | { kind: 'dry' };

/**
 * The caches one run enters, and the only way a run enters them. A one-shot run stands on and
 * leaves the `.last-run` record and keeps its memos for itself; the daemon keeps everything in
 * its `WarmState` and never records (it never stands on a record, and its saves are never
 * settled); a dry run keeps and records nothing. The engine comes from the `WarmState` whenever
 * there is one (a dry run too).
 */
export class RunCaches implements EngineSource, TaskFileMemo {
  private readonly keeper: Keeper;
  /** Where the engine comes from: the WarmState, whoever runs. */
  private readonly engineFrom: WarmState | undefined;
  /** The registry files' pieces, as read or printed: a run that changes a few items prints only theirs (none for a dry run). */
  readonly prints: RegistryPrintMemo | undefined;

  constructor(options: { warm?: WarmState; dryRun?: boolean }) {
    this.engineFrom = options.warm;
    this.keeper = options.dryRun ? { kind: 'dry' } : options.warm ? { kind: 'daemon', warm: options.warm } : { kind: 'once' };
    this.prints = this.keeper.kind === 'dry' ? undefined : this.keeper.kind === 'daemon' ? this.keeper.warm.registryPrint : new RegistryPrintMemo();
  }

  private get warm(): WarmState | undefined {
    return this.keeper.kind === 'daemon' ? this.keeper.warm : undefined;
  }

  /** The compiled engine: the daemon's while nothing it was built from changed, else built now. */
  engine(settings: AnalysisSettings, baseDir: string): Promise<Engine> {
    return this.engineFrom ? this.engineFrom.engineFor(settings, baseDir) : loadEngine(settings, baseDir);
  }

  /**
   * What the last run found, when the workspace is exactly as that run found and left it (see
   * LastRun): the same engine, time zone and task files, every memory file and task file with the
   * signature it had then, the sources recorded, and `now` where stale flags are what they were.
   * That run changed nothing: neither would this one, and it reports what that one did. Only a
   * one-shot run stands on the record (a long-lived caller runs in full: what it keeps from the
   * run is what makes its next save cheap).
   */
  async lastRun(ws: Workspace, cwd: string, now: string): Promise<LastRun | null> {
    if (this.keeper.kind !== 'once' || ws.diagnostics.length > 0) return null;
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

  /** Whether a first commit that wrote nothing is left for `recordLastRun` (one-shot runs only). */
  get recordsLastRun(): boolean {
    return this.keeper.kind === 'once';
  }

  /**
   * Records the workspace as a run that changed nothing found it, for a later run to stand on,
   * when every file was last modified well before the run began (`startedAt`, the wall clock): a
   * file system that keeps times to the second could otherwise see a same-sized edit made in the
   * same second keep the signature. `diagnostics`: what reading the task files reported, which a
   * later run reports again.
   */
  async recordLastRun(ws: Workspace, cwd: string, files: readonly TaskFile[], diagnostics: readonly Diagnostic[], left: Left, startedAt: number): Promise<void> {
    if (!this.recordsLastRun || !left.stale) return;
    const taskFiles = files.map((f) => ({ path: f.path, signature: left.files.get(f.path)!, tasks: f.tasks.length }));
    if (![left.memory, ...taskFiles.map((f) => f.signature)].every((s) => settledBefore(s, startedAt))) return;
    await writeLastRun(ws.memoryDir, { engine: ws.engine.fingerprint, zone: timeZone(), cwd, memory: left.memory, taskFiles, stale: left.stale, diagnostics: [...diagnostics] });
  }

  /** The daemon forgets what it keeps per task file for files no longer in the workspace. */
  retain(files: readonly string[]): void {
    this.warm?.retain(files);
  }

  earlierDiscussion(path: string, taskId: string): readonly unknown[] | undefined {
    return this.warm?.earlierDiscussion(path, taskId);
  }

  printMemoFor(path: string): PrintMemo | undefined {
    return this.warm?.printMemoFor(path);
  }

  keepDiscussions(files: readonly TaskFile[]): void {
    this.warm?.keepDiscussions(files);
  }

  /**
   * The memory folder at `signature` (taken now) with the index of its registry: as the daemon
   * last kept it when that is still what is on disk, else read (the caller owns what it gets).
   */
  async memory(ws: Workspace, signature: string): Promise<{ memory: MemoryState; index: RegistryIndex }> {
    const kept = this.warm?.takeMemory(ws.memoryDir, signature);
    if (kept) return kept;
    const memory = await readMemory(ws.memoryDir, ws.memoryDisplay, false, this.prints);
    // Indexed once: planning asks it about every task, and merging into the same registry keeps it up to date.
    return { memory, index: new RegistryIndex(memory.registry) };
  }

  /** The memory folder read again (under the lock, after another process wrote it). */
  reread(ws: Workspace): Promise<MemoryState> {
    return readMemory(ws.memoryDir, ws.memoryDisplay, false, this.prints);
  }

  /** What merging may reuse: the daemon's memos, and the index of the registry merged into. */
  mergeMemos(engine: Engine, index?: RegistryIndex): MergeMemos {
    return { ...this.warm?.memosFor(engine), index };
  }

  /**
   * After a commit wrote `wrote` into a folder read at `readSignature`: the daemon keeps the folder
   * as written, but only if it is now exactly what was read plus its own writes (a person's edit
   * made meanwhile, people take no lock, is read next time, not written over from memory).
   */
  async keepMemory(ws: Workspace, readSignature: string, wrote: MemoryWrite, index: RegistryIndex): Promise<void> {
    const warm = this.warm;
    if (!warm) return;
    const ours = signatureAfter(readSignature, wrote.signatures);
    if ((await memorySignature(ws.memoryDir)) === ours) warm.keepMemory(ws.memoryDir, ours, wrote.after, index);
  }
}
