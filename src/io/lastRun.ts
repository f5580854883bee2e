// memory/.last-run: the workspace as the last run that changed nothing found it (the signature of
// each memory file and task file, the engine, the time zone, the stale window of its clock, what
// reading the task files reported). A run that finds all of it the same knows it would change
// nothing either: a heartbeat on an unchanged workspace then reads neither the task files nor the
// registry files (only this record, .sources.json, the config and the rules). Paths are relative
// to the memory folder, as in .sources.json.
import { join, relative, resolve, sep } from 'node:path';
import { formatJson } from '../core/json';
import type { Diagnostic, StaleWindow } from '../core/types';
import { fsProblem } from './errors';
import { modifiedAt, readOwnTextIfExists, writeIfChanged } from './files';
import { parseJson } from './jsonText';
import { schemaProblems } from './schemas';

export const LAST_RUN_FILE = '.last-run';

export interface LastRun {
  /** The engine's fingerprint (rules, settings, code). */
  engine: string;
  /** The time zone timestamps without an offset were read in. */
  zone: string;
  /** The working folder the run was given (its reports name files relative to it). */
  cwd: string;
  /** The memory folder's signature (see memorySignature). */
  memory: string;
  /** Each task file (absolute path), its signature, and how many tasks it holds. */
  taskFiles: Array<{ path: string; signature: string; tasks: number }>;
  stale: StaleWindow;
  /** What reading the task files reported: a run that stands on the record reports it again. */
  diagnostics: Diagnostic[];
}

/** How long after its modification a file's signature is taken as settled (file systems that keep times to the second or two). */
const SETTLE_MS = 2000;

/**
 * Whether every file a signature names (see fileSignature; '|' joins several, '-' is an absent
 * file) was last modified SETTLE_MS or more before `instant`. Only then does an edit made after
 * the signature was taken change it on every file system.
 */
export function settledBefore(signature: string, instant: number): boolean {
  return signature.split('|').every((s) => (modifiedAt(s) ?? -Infinity) <= instant - SETTLE_MS);
}

/** The time zone this process reads timestamps without an offset in. */
export function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The record, or null when there is none or it is not one (it is only a shortcut: a broken one is ignored). */
export async function readLastRun(memoryDir: string): Promise<LastRun | null> {
  // Any file-system problem is the run's to report, where it reads the folder itself.
  // A link planted in its place is refused like any other in the memory folder (see notALink).
  const text = await readOwnTextIfExists(join(memoryDir, LAST_RUN_FILE)).catch((err: unknown) => {
    if (fsProblem(err) && fsProblem(err)!.code !== 'ESYMLINK') return null;
    throw err;
  });
  if (text === null) return null;
  const parsed = parseJson(text);
  if (!parsed.ok || schemaProblems('last-run', parsed.value).length > 0) return null;
  const v = parsed.value as { engine: string; zone: string; cwd: string; memory: string; task_files: Array<{ path: string; signature: string; tasks: number }>; stale: StaleWindow; diagnostics: Diagnostic[] };
  return { engine: v.engine, zone: v.zone, cwd: resolve(memoryDir, v.cwd), memory: v.memory, taskFiles: v.task_files.map((f) => ({ ...f, path: resolve(memoryDir, f.path) })), stale: v.stale, diagnostics: v.diagnostics };
}

/**
 * Writes the record. A file-system problem is not the run's: its outputs are written, and a
 * record it could not replace still describes files whose signatures it names, or none.
 */
export async function writeLastRun(memoryDir: string, record: LastRun): Promise<void> {
  const taskFiles = record.taskFiles.map((f) => ({ path: relative(memoryDir, f.path).split(sep).join('/'), signature: f.signature, tasks: f.tasks }));
  const cwd = relative(memoryDir, record.cwd).split(sep).join('/') || '.';
  const text = formatJson({ version: 1, engine: record.engine, zone: record.zone, cwd, memory: record.memory, task_files: taskFiles, stale: record.stale, diagnostics: record.diagnostics });
  await writeIfChanged(join(memoryDir, LAST_RUN_FILE), text, undefined, false).catch((err: unknown) => {
    if (!fsProblem(err) || fsProblem(err)!.code === 'ESYMLINK') throw err;
  });
}
