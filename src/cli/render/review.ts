// `extract review` and `extract guard`: pending items with their messages, a resolution, findings.
import type { GuardFinding } from '../../app/guard';
import type { PendingItem, Resolution } from '../../app/review';
import { excerpt } from '../../core/statement';

export function renderPending(pending: readonly PendingItem[]): string[] {
  if (pending.length === 0) return ['extract review: no pending items'];
  const lines: string[] = [];
  for (const { item, messages } of pending) {
    lines.push(`${item.id}  ${item.task_id}  importance ${item.importance}  ${item.candidate.type}  "${item.topic}"`);
    lines.push(`  candidate: ${item.candidate.statement}`);
    for (const m of messages) lines.push(`  [${m.index}] ${m.author || m.role}: ${excerpt(m.text, 200)}`);
    lines.push('');
  }
  lines.push(`${pending.length} pending; resolve with "extract review accept ID [--statement …] [--type …]" or "extract review reject ID [--reason …]"`);
  return lines;
}

export function renderResolution(id: string, resolution: Resolution): string {
  if (resolution.decision) return `${id} accepted as ${resolution.decision.id} (${resolution.decision.type}): ${resolution.decision.statement}`;
  return `${id} rejected${resolution.item.resolution?.reason ? `: ${resolution.item.resolution.reason}` : ''}; it will not be queued again`;
}

export function renderGuard(findings: readonly GuardFinding[]): string[] {
  if (findings.length === 0) return ['extract guard: no active decision contradicts this'];
  return findings.map((f) => `This seems to contradict ${f.decision.id} (${f.decision.task_id}, ${f.decision.type}): "${f.decision.statement}" — ${f.why}. Which is correct?`);
}
