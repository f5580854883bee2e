// Loads what the reading commands need: the registry and a view of every task (messages, state).
// The BPE tokenizer (cl100k_base ranks shipped inside gpt-tokenizer) loads only when counting.
import { normalizeDiscussion } from '../core/normalize';
import type { CountTokens, DecisionQuery, TaskView } from '../core/read';
import type { Registry } from '../core/evolve';
import type { Diagnostic, Words } from '../core/types';
import { readMemory } from '../io/memory';
import { NotFoundError } from '../io/errors';
import { bounded, boundedIds, BOUNDS } from './bounds';
import { openWorkspace, readTasks, type WorkspaceOptions } from './workspace';

export interface ReadModel {
  registry: Registry;
  tasks: TaskView[];
  diagnostics: Diagnostic[];
  /** The engine's word lists (a query's terms are matched by their content words). */
  words: Words;
}

export async function loadReadModel(options: WorkspaceOptions): Promise<ReadModel> {
  const ws = await openWorkspace({ ...options, recorded: true });
  const memory = await readMemory(ws.memoryDir, ws.memoryDisplay);
  const read = await readTasks(options.cwd, ws.files);
  const tasks: TaskView[] = [];
  const seen = new Set<string>();
  for (const f of read.files) {
    for (const t of f.tasks) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      tasks.push({ id: t.id, title: t.title ?? null, status: t.status ?? null, messages: normalizeDiscussion(t.discussion, ws.engine.config), state: t.previous });
    }
  }
  return { registry: memory.registry, tasks, diagnostics: [...ws.diagnostics, ...read.diagnostics, ...memory.diagnostics], words: ws.engine.words };
}

let encoder: CountTokens | null = null;
/** Token count by a real BPE tokenizer (cl100k_base), loaded on first use. */
export function countTokens(text: string): number {
  if (!encoder) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require('gpt-tokenizer/cjs/encoding/cl100k_base') as { countTokens: (t: string) => number };
    encoder = (t) => mod.countTokens(t);
  }
  return encoder(text);
}

/** The tasks named (each once, in the order first named); a usage error names those not read. */
export function pickTasks(all: readonly TaskView[], named: readonly string[]): TaskView[] {
  const ids = boundedIds('tasks', named);
  const byId = new Map(all.map((t) => [t.id, t]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new NotFoundError(`no task ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ` (and ${missing.length - 20} more)` : ''} in the task files read`);
  return ids.map((id) => byId.get(id)!);
}

/** A query whose words and ids are within bounds (see BOUNDS). */
export function boundedQuery(q: DecisionQuery): DecisionQuery {
  for (const key of ['text', 'structure', 'function'] as const) if (q[key] !== undefined) bounded(`the query's ${key}`, q[key], BOUNDS.search);
  return { ...q, tasks: q.tasks && boundedIds("the query's tasks", q.tasks) };
}
