// The review queue: listing pending items, and the two commands that resolve one.
// Resolving takes the memory lock and writes atomically like `extract run`, then brings the
// task's extracted_state up to date.
import type { Registry } from '../core/evolve';
import { normalizeDiscussion } from '../core/normalize';
import { acceptReviewItem, type Engine } from '../core/pipeline';
import type { Decision, DecisionType, Message, Pattern, ReviewItem } from '../core/types';
import { NotFoundError, UsageError } from '../io/errors';
import { readMemory, writeMemory } from '../io/memory';
import { withMemoryLock } from '../io/lock';
import { extractRun } from './run';
import { openWorkspace, readTasks, type Workspace, type WorkspaceOptions } from './workspace';

export interface PendingItem {
  item: ReviewItem;
  messages: Message[];
}

/** Discussion messages of the given tasks, from the task files the workspace reads. */
async function taskMessages(cwd: string, ws: Workspace, taskIds: ReadonlySet<string>): Promise<Map<string, Message[]>> {
  const { files } = await readTasks(cwd, ws.files);
  const out = new Map<string, Message[]>();
  for (const f of files) {
    for (const t of f.tasks) if (taskIds.has(t.id) && !out.has(t.id)) out.set(t.id, normalizeDiscussion(t.discussion, ws.engine.config));
  }
  return out;
}

/** The titles of the tasks the workspace reads, by task id. */
async function taskTitles(cwd: string, ws: Workspace): Promise<Map<string, string>> {
  const { files } = await readTasks(cwd, ws.files);
  const out = new Map<string, string>();
  for (const f of files) for (const t of f.tasks) if (t.title && !out.has(t.id)) out.set(t.id, t.title);
  return out;
}

export async function listPending(options: WorkspaceOptions): Promise<PendingItem[]> {
  const ws = await openWorkspace({ ...options, recorded: true });
  const memory = await readMemory(ws.memoryDir, ws.memoryDisplay);
  const pending = memory.registry.review.filter((r) => r.status === 'pending');
  const messages = await taskMessages(options.cwd, ws, new Set(pending.map((r) => r.task_id)));
  return pending.map((item) => ({ item, messages: (messages.get(item.task_id) ?? []).filter((m) => item.messages.includes(m.index)) }));
}

export interface Resolution {
  item: ReviewItem;
  decision: Decision | null;
}

async function resolve(
  options: WorkspaceOptions & { now: string; lockTimeout?: number },
  id: string,
  apply: (registry: Registry, item: ReviewItem, engine: Engine, titles: ReadonlyMap<string, string>) => Resolution & { newPatterns: Pattern[] },
): Promise<Resolution> {
  const ws = await openWorkspace({ ...options, recorded: true });
  const titles = await taskTitles(options.cwd, ws);
  const result = await withMemoryLock(ws.memoryDir, options.lockTimeout ?? 30, async () => {
    const memory = await readMemory(ws.memoryDir, ws.memoryDisplay);
    const registry = structuredClone(memory.registry);
    const item = registry.review.find((r) => r.id === id);
    if (!item) throw new NotFoundError(`no review item ${id} in ${ws.memoryDisplay}`);
    if (item.status !== 'pending') throw new UsageError(`${id} is already ${item.status}`);
    const { newPatterns, ...resolution } = apply(registry, item, ws.engine, titles);
    await writeMemory(ws.memoryDir, memory, registry, newPatterns);
    return resolution;
  });
  // The task's extracted_state now lists the accepted decision.
  await extractRun({ ...options, files: ws.files, lockTimeout: options.lockTimeout });
  return result;
}

export function acceptReview(
  options: WorkspaceOptions & { now: string; lockTimeout?: number },
  id: string,
  overrides: { statement?: string; type?: DecisionType },
): Promise<Resolution> {
  return resolve(options, id, (registry, item, engine, titles) => {
    const choice = { statement: overrides.statement?.trim() || item.candidate.statement, type: overrides.type ?? item.candidate.type };
    const { decision, newPatterns } = acceptReviewItem(registry, item, choice, engine, options.now, (taskId) => titles.get(taskId) ?? null);
    return { item, decision, newPatterns };
  });
}

export function rejectReview(options: WorkspaceOptions & { now: string; lockTimeout?: number }, id: string, reason?: string): Promise<Resolution> {
  return resolve(options, id, (_registry, item) => {
    item.status = 'rejected';
    item.resolution = { at: options.now, ...(reason ? { reason } : {}) };
    return { item, decision: null, newPatterns: [] };
  });
}
