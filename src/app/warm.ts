// What a long-lived caller (the watch daemon) keeps from one run to the next, so that a save costs
// the work of that save: the engine while the config and the user's rule files are unchanged,
// and the memory folder as this process last wrote it while the files' sizes and times say that
// nobody has written them since. A one-shot `extract run` keeps nothing.
import { resolve } from 'node:path';
import { canonicalJson } from '../core/json';
import type { RegistryIndex } from '../core/evolve';
import { analyzeTask, type Engine, type MergeMemos } from '../core/pipeline';
import { StaleMemo } from '../core/relate';
import { SubjectMemo } from '../core/subject';
import type { AnalysisSettings } from '../core/types';
import { RegistryPrintMemo, type MemoryState } from '../io/memory';
import { rulePackSignatures } from '../io/rulePacks';
import type { PrintMemo, TaskFile } from '../io/taskFile';
import { loadEngine, takeRegexOverruns } from './engine';
import { rearmUserRules } from './regexBudget';

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
    if (this.memos?.engine !== engine || this.memos.subjects.size > MAX_MEMO) this.memos = { engine, subjects: new SubjectMemo(), stale: new StaleMemo() };
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
    analyzeTask(chosen[0], chosen[1], engine, new Set([chosen[0]]));
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

