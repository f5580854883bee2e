// `extract check`: validate task files, the registry and the pattern log against their schemas,
// and report every task whose extracted_state is stale (what `extract run` would change),
// computed in memory and compared by content. Writes nothing.
import { join } from 'node:path';
import { parseTree } from 'jsonc-parser';
import { canonicalJson } from '../core/json';
import type { Diagnostic } from '../core/types';
import { overrunDiagnostics } from './engine';
import { ConfigError } from '../io/errors';
import { readTextIfExists } from '../io/files';
import { locationOf, parseJson, pointerLocation } from '../io/jsonText';
import { DECISIONS_FILE, PATTERNS_FILE, readMemory, type MemoryState } from '../io/memory';
import { openWorkspace, planAnalysis, readTaskFiles, settle, type RunOptions } from './run';
import { schemaProblems } from '../io/schemas';
import { taskPointer } from '../io/taskFile';

export interface CheckResult {
  diagnostics: Diagnostic[];
  files: number;
  tasks: number;
  stale: number;
}

export async function extractCheck(options: Pick<RunOptions, 'cwd' | 'globs' | 'memory' | 'config' | 'now'>): Promise<CheckResult> {
  const ws = await openWorkspace(options);
  const diagnostics: Diagnostic[] = [...ws.diagnostics];
  const read = await readTaskFiles(options.cwd, ws.files);
  diagnostics.push(...read.diagnostics);

  let memory: MemoryState | null = null;
  try {
    memory = await readMemory(ws.memoryDir, ws.memoryDisplay, true);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    diagnostics.push({ code: 'invalid-registry', severity: 'error', file: err.file, message: err.message });
  }
  diagnostics.push(...(await patternLogProblems(ws.memoryDir, ws.memoryDisplay)));
  if (!memory) return { diagnostics, files: ws.files.length, tasks: 0, stale: 0 };

  // Exactly what `extract run` computes (the same incremental plan and merge), on a copy of the registry.
  const { out } = settle(ws, await planAnalysis(ws, read.files, memory.registry), read.files, memory.registry, options.now, false);
  diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
  let stale = 0;
  let tasks = 0;
  for (const file of read.files) {
    const tree = parseTree(file.text);
    const states = out.states.get(file.path) ?? new Map();
    for (const task of file.tasks) {
      tasks++;
      const next = states.get(task.id);
      if (!next) continue;
      if (task.previous && canonicalJson(task.previous) === canonicalJson(next)) continue;
      stale++;
      const pointer = task.previous ? `${taskPointer(task.id)}/extracted_state` : taskPointer(task.id);
      const loc = pointerLocation(file.text, pointer, tree);
      diagnostics.push({
        code: 'stale-state',
        severity: 'error',
        file: file.display,
        pointer,
        ...(loc ?? {}),
        message: task.previous
          ? `extracted_state of ${task.id} is out of date with its discussion; run "extract run"`
          : `task ${task.id} has a discussion but no extracted_state; run "extract run"`,
      });
    }
  }
  const registryChanged = canonicalJson(out.registry.decisions) !== canonicalJson(memory.registry.decisions) || canonicalJson(out.registry.review) !== canonicalJson(memory.registry.review);
  if (out.newPatterns.length > 0 || registryChanged) {
    diagnostics.push({
      code: 'stale-registry',
      severity: 'error',
      file: join(ws.memoryDisplay, DECISIONS_FILE),
      message: `the memory folder is out of date (${out.newPatterns.length} patterns and ${out.summary.decisions} decisions not recorded); run "extract run"`,
    });
  }
  return { diagnostics, files: ws.files.length, tasks, stale };
}

/** Each line of patterns.jsonl must parse and satisfy schemas/pattern.schema.json. */
async function patternLogProblems(dir: string, displayDir: string): Promise<Diagnostic[]> {
  const text = await readTextIfExists(join(dir, PATTERNS_FILE));
  if (text === null) return [];
  const file = join(displayDir, PATTERNS_FILE);
  const out: Diagnostic[] = [];
  const lines = text.split('\n');
  let offset = 0;
  lines.forEach((line, k) => {
    const start = offset;
    offset += line.length + 1;
    if (line.trim() === '') return;
    const parsed = parseJson(line);
    if (!parsed.ok) {
      out.push({ code: 'invalid-json', severity: 'error', file, line: k + 1, column: parsed.column, message: parsed.message });
      return;
    }
    for (const p of schemaProblems('pattern', parsed.value)) {
      const loc = pointerLocation(line, p.pointer);
      out.push({ code: 'schema', severity: 'error', file, pointer: p.pointer, line: k + 1, column: loc?.column ?? locationOf(text, start).column, message: p.message });
    }
  });
  return out;
}
