// Opening a workspace: the config, the engine, the memory folder and the task files, as every
// command finds them; and reading the task files. What a run does with them is in run.ts.
import { resolve } from 'node:path';
import { MAX_MESSAGE_CHARS } from '../core/normalize';
import { discussionHashLike, type Engine } from '../core/pipeline';
import type { AnalysisSettings, Diagnostic } from '../core/types';
import { loadConfig } from '../io/config';
import { displayPath, findTaskFiles } from '../io/paths';
import { readSources } from '../io/sources';
import { readTaskFiles, type PrintMemo, type TaskFile } from '../io/taskFile';
import { loadEngine } from './engine';

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

/** Where an engine comes from when not built afresh (the run caches: see caches.ts). */
export interface EngineSource {
  engine(settings: AnalysisSettings, baseDir: string): Promise<Engine>;
}

/** What reading task files may reuse from the reading before (the run caches: see caches.ts). */
export interface TaskFileMemo {
  /** The discussion of a task as read last time, whose hash is known. */
  earlierDiscussion(path: string, taskId: string): readonly unknown[] | undefined;
  /** A task file's last text known to be a plain JSON print. */
  printMemoFor(path: string): PrintMemo | undefined;
  /** Told the discussions just read. */
  keepDiscussions(files: readonly TaskFile[]): void;
}

/** The sorted task files that the globs (or the config's) name, without compiling any rules. */
export async function listTaskFiles(options: Pick<WorkspaceOptions, 'cwd' | 'globs' | 'config'>): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const { config, baseDir } = await loadConfig(options.cwd, options.config);
  return findTaskFiles(options, config.globs, baseDir);
}

/** Resolves config, engine, memory folder and the sorted list of task files (the engine from `engines` when given). */
export async function openWorkspace(options: WorkspaceOptions, engines?: EngineSource): Promise<Workspace> {
  const { config, baseDir } = await loadConfig(options.cwd, options.config);
  // The config file holds both: where the workspace's files are, and how the analysis judges.
  const { globs, memory, ...settings } = config;
  const engine = await (engines ? engines.engine(settings satisfies AnalysisSettings, baseDir) : loadEngine(settings satisfies AnalysisSettings, baseDir));
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
 * validates everything. `memo`: what the reading before left (the discussions read then, so that
 * unchanged ones are not hashed again, and the files' last plain prints).
 */
export async function readTasks(cwd: string, paths: readonly string[], trustExtracted = false, memo?: TaskFileMemo): Promise<{ files: TaskFile[]; diagnostics: Diagnostic[] }> {
  const trusted = trustExtracted ? (task: unknown, id: string, path: string) => alreadyExtracted(task, memo?.earlierDiscussion(path, id)) : undefined;
  const read = await readTaskFiles(cwd, paths, { maxMessageChars: MAX_MESSAGE_CHARS, trusted, printMemo: memo ? (path) => memo.printMemoFor(path) : undefined });
  memo?.keepDiscussions(read.files);
  return read;
}
