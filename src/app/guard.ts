// `extract guard`: the active decisions a text contradicts, among those that bind the named tasks.
import { guardFindings, type GuardFinding } from '../core/guard';
import { readMemory } from '../io/memory';
import { bounded, boundedIds, BOUNDS } from './bounds';
import { openWorkspace, type WorkspaceOptions } from './workspace';

export type { GuardFinding };

export async function guard(options: WorkspaceOptions, text: string, ids: readonly string[]): Promise<GuardFinding[]> {
  bounded('the text to guard', text, BOUNDS.text);
  const taskIds = boundedIds('the tasks to guard', ids);
  const ws = await openWorkspace(options);
  const memory = await readMemory(ws.memoryDir, ws.memoryDisplay);
  // A person's correction binds every task; other decisions bind their own task and the tasks they
  // name, together with the decisions they replaced (a restated old fact is found through them).
  const all = memory.registry.decisions;
  let scope = all;
  if (taskIds.length > 0) {
    const bound = new Set(all.filter((d) => d.corrects || taskIds.includes(d.task_id) || d.downstream?.some((t) => taskIds.includes(t))).map((d) => d.id));
    for (let grew = true; grew; ) {
      grew = false;
      for (const d of all) if (!bound.has(d.id) && d.superseded_by && bound.has(d.superseded_by)) grew = bound.add(d.id) !== undefined;
    }
    scope = all.filter((d) => bound.has(d.id));
  }
  return guardFindings(text, scope, ws.engine.lexicon);
}
