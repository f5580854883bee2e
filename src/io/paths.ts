// Paths the user named: globs and file names resolved to the task files they stand for, and paths
// shown relative to the working folder.
import { constants as fsConstants, promises as fs } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import fg from 'fast-glob';
import type { Diagnostic } from '../core/types';
import { fsProblem } from './errors';

/** A path as shown to the user: relative to the working folder when it lies below it. */
export function displayPath(cwd: string, path: string): string {
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

/** The sorted task files the globs name (the config's globs, relative to its folder, when none are given). */
export async function findTaskFiles(options: { cwd: string; globs?: readonly string[] }, configGlobs: readonly string[], baseDir: string): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
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
      if (problem) diagnostics.push({ code: problem.code, severity: 'error', file: displayPath(options.cwd, abs), message: problem.message });
      else files.add(abs);
      continue;
    }
    const found = await fg(forward, { cwd: globBase, absolute: true, onlyFiles: true, dot: false, ignore: ['**/node_modules/**'] });
    if (found.length === 0) diagnostics.push({ code: 'no-match', severity: 'warning', file: pattern, message: 'pattern matched no task file' });
    for (const f of found) files.add(resolve(f));
  }
  return { files: [...files].sort(), diagnostics };
}
