// `extract check`: validate task files, the registry and the pattern log against their schemas,
// and report every task whose extracted_state is stale (what `extract run` would change),
// computed in memory and compared by content. Writes nothing.
import { appendAll } from '../core/lists';
import { join } from 'node:path';
import { RegistryIndex } from '../core/evolve';
import { canonicalJson } from '../core/json';
import type { Decision, Diagnostic } from '../core/types';
import { plural } from '../core/plural';
import { overrunDiagnostics } from './engine';
import { ConfigError } from '../io/errors';
import { pointerLocator } from '../io/jsonText';
import { DECISIONS_FILE, patternLogProblems, readMemory, type MemoryState } from '../io/memory';
import { planAnalysis, settle, type RunOptions } from './run';
import { openWorkspace, readTasks } from './workspace';
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
  const read = await readTasks(options.cwd, ws.files);
  appendAll(diagnostics, read.diagnostics);

  let memory: MemoryState | null = null;
  try {
    memory = await readMemory(ws.memoryDir, ws.memoryDisplay, true);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    diagnostics.push({ code: 'invalid-registry', severity: 'error', file: err.file, message: err.message });
  }
  appendAll(diagnostics, await patternLogProblems(ws.memoryDir, ws.memoryDisplay));
  if (!memory) return { diagnostics, files: ws.files.length, tasks: 0, stale: 0 };

  // Exactly what `extract run` computes (the same incremental plan and merge), on a copy of the registry.
  const { out } = settle(ws, await planAnalysis(ws, read.files, new RegistryIndex(memory.registry)), read.files, memory.registry, options.now, false);
  diagnostics.push(...overrunDiagnostics(ws.engine, options.cwd));
  let stale = 0;
  let tasks = 0;
  for (const file of read.files) {
    const locate = pointerLocator(file.text);
    const states = out.states.get(file.path) ?? new Map();
    for (const task of file.tasks) {
      tasks++;
      const next = states.get(task.id);
      if (!next) continue;
      if (task.previous && canonicalJson(task.previous) === canonicalJson(next)) continue;
      stale++;
      const pointer = task.previous ? `${taskPointer(task.id)}/extracted_state` : taskPointer(task.id);
      const loc = locate(pointer);
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
  // The stale flag is what the clock says of a decision, not what the discussions say: a run at
  // another time sets it otherwise, so check (in CI, months after the run) leaves it out.
  const differing = countDiffering(memory.registry.decisions, out.registry.decisions, withoutClockFlags) + countDiffering(memory.registry.review, out.registry.review);
  if (out.newPatterns.length > 0 || differing > 0) {
    const parts = [...(out.newPatterns.length > 0 ? [`${plural(out.newPatterns.length, 'pattern')} not recorded`] : []), ...(differing > 0 ? [`${plural(differing, 'registry entry', 'registry entries')} not as a run would write ${differing === 1 ? 'it' : 'them'}`] : [])];
    diagnostics.push({
      code: 'stale-registry',
      severity: 'error',
      file: join(ws.memoryDisplay, DECISIONS_FILE),
      message: `the memory folder is out of date (${parts.join(', ')}); run "extract run"`,
    });
  }
  return { diagnostics, files: ws.files.length, tasks, stale };
}

/** A decision without the flags that depend on the clock alone (a decision added by hand may have none). */
function withoutClockFlags(d: Decision): unknown {
  return d.quality_flags?.includes('stale') ? { ...d, quality_flags: d.quality_flags.filter((f) => f !== 'stale') } : d;
}

/** How many items of `before` and `after` (matched by id) differ, counting those only one side has. */
function countDiffering<T extends { id: string }>(before: readonly T[], after: readonly T[], view: (item: T) => unknown = (item) => item): number {
  const was = new Map(before.map((item) => [item.id, canonicalJson(view(item))]));
  let n = 0;
  for (const item of after) {
    const text = was.get(item.id);
    if (text === undefined || text !== canonicalJson(view(item))) n++;
    was.delete(item.id);
  }
  return n + was.size;
}
