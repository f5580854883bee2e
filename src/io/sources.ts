// memory/.sources.json: which task files the memory folder was built from (paths relative to the
// folder), so that reading commands find the workspace wherever the run was pointed.
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { formatJson } from '../core/json';
import type { Diagnostic } from '../core/types';
import { readOwnTextIfExists, writeIfChanged } from './files';
import { parseJson } from './jsonText';
import { schemaProblems } from './schemas';

export const SOURCES_FILE = '.sources.json';

/**
 * The recorded task files as absolute paths (those that still exist), or null when the folder
 * records none. A broken bookkeeping file is reported and ignored.
 */
export async function readSources(memoryDir: string, memoryDisplay: string): Promise<{ files: string[] | null; diagnostics: Diagnostic[]; text: string | null }> {
  const text = await readOwnTextIfExists(join(memoryDir, SOURCES_FILE));
  if (text === null) return { files: null, diagnostics: [], text };
  const file = join(memoryDisplay, SOURCES_FILE);
  const parsed = parseJson(text);
  const problems = parsed.ok ? schemaProblems('sources', parsed.value) : [];
  if (!parsed.ok || problems.length > 0) {
    const message = parsed.ok ? `${problems[0].pointer || '/'} ${problems[0].message}` : parsed.message;
    return { files: null, diagnostics: [{ code: 'invalid-sources', severity: 'warning', file, message: `${message}; the recorded task files are ignored` }], text };
  }
  const recorded = (parsed.value as { task_files: string[] }).task_files.map((p) => resolve(memoryDir, p));
  const files = recorded.filter((p) => existsSync(p));
  return { files: files.length > 0 ? files.sort() : null, diagnostics: [], text };
}

/** The recorded text, and the text that records the task files of a run besides those (dropping files that no longer exist). */
async function sourcesWith(memoryDir: string, files: readonly string[]): Promise<{ text: string | null; next: string }> {
  const recorded = await readSources(memoryDir, memoryDir);
  const all = new Set([...(recorded.files ?? []), ...files].map((p) => relative(memoryDir, p).split(sep).join('/')));
  return { text: recorded.text, next: formatJson({ version: 1, task_files: [...all].sort() }) };
}

/** Adds the task files of a run to those recorded (dropping files that no longer exist). */
export async function recordSources(memoryDir: string, files: readonly string[]): Promise<boolean> {
  const { text, next } = await sourcesWith(memoryDir, files);
  // Compared with the text just read, not read again.
  return (await writeIfChanged(join(memoryDir, SOURCES_FILE), next, text, false)) !== null;
}

/** Whether recording these task files would leave .sources.json as it is. */
export async function sourcesRecorded(memoryDir: string, files: readonly string[]): Promise<boolean> {
  const { text, next } = await sourcesWith(memoryDir, files);
  return text === next;
}
