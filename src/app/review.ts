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
import type { TaskFile } from '../io/taskFile';
import { extractRun } from './run';
import { openWorkspace, readTasks, type Workspace, type WorkspaceOptions } from './workspace';

export interface PendingItem {
  item: ReviewItem;
  messages: Message[];
}

/** What the task files the workspace reads say of each task: its title, and its discussion's messages (normalised when first asked for). */
interface TaskTexts {
  titleOf: (taskId: string) => string | null;
  messagesOf: (taskId: string) => Message[] | null;
}

/** The tasks' titles and discussions, from the task files the workspace reads (the first file that has a task wins). */
async function taskTexts(cwd: string, ws: Workspace): Promise<TaskTexts> {
  const { files } = await readTasks(cwd, ws.files);
  const tasks = new Map<string, TaskFile['tasks'][number]>();
  for (const f of files) for (const t of f.tasks) if (!tasks.has(t.id)) tasks.set(t.id, t);
  const messages = new Map<string, Message[]>();
  return {
    titleOf: (taskId) => tasks.get(taskId)?.title || null,
    messagesOf: (taskId) => {
      const task = tasks.get(taskId);
      if (!task) return null;
      let said = messages.get(taskId);
      if (!said) messages.set(taskId, (said = normalizeDiscussion(task.discussion, ws.engine.config)));
      return said;
    },
  };
}

export async function listPending(options: WorkspaceOptions): Promise<PendingItem[]> {
  const ws = await openWorkspace({ ...options, recorded: true });
  const memory = await readMemory(ws.memoryDir, ws.memoryDisplay);
  const pending = memory.registry.review.filter((r) => r.status === 'pending');
  const tasks = await taskTexts(options.cwd, ws);
  return pending.map((item) => ({ item, messages: (tasks.messagesOf(item.task_id) ?? []).filter((m) => item.messages.includes(m.index)) }));
}

export interface Resolution {
  item: ReviewItem;
  decision: Decision | null;
}

async function resolve(
  options: WorkspaceOptions & { now: string; lockTimeout?: number },
  id: string,
  apply: (registry: Registry, item: ReviewItem, engine: Engine, tasks: TaskTexts) => Resolution & { newPatterns: Pattern[] },
): Promise<Resolution> {
  const ws = await openWorkspace({ ...options, recorded: true });
  const tasks = await taskTexts(options.cwd, ws);
  const result = await withMemoryLock(ws.memoryDir, options.lockTimeout ?? 30, async () => {
    const memory = await readMemory(ws.memoryDir, ws.memoryDisplay);
    const registry = structuredClone(memory.registry);
    const item = registry.review.find((r) => r.id === id);
    if (!item) throw new NotFoundError(`no review item ${id} in ${ws.memoryDisplay}`);
    if (item.status !== 'pending') throw new UsageError(`${id} is already ${item.status}`);
    const { newPatterns, ...resolution } = apply(registry, item, ws.engine, tasks);
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
  return resolve(options, id, (registry, item, engine, tasks) => {
    const choice = { statement: overrides.statement?.trim() || item.candidate.statement, type: overrides.type ?? item.candidate.type };
    const { decision, newPatterns } = acceptReviewItem(registry, item, choice, engine, options.now, tasks.titleOf, tasks.messagesOf);
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
