// `extract review` and `extract guard`: pending items with their messages, a resolution, findings.
import type { GuardFinding, PendingReview, ReviewResolution } from '../../api';
import { plural } from '../../core/plural';
import { terminalSafe } from './safe';
import { excerpt } from '../../core/text';

export function renderPending(items: readonly PendingReview[]): string[] {
  const pending = terminalSafe(items);
  if (pending.length === 0) return ['extract review: no pending items'];
  const lines: string[] = [];
  for (const item of pending) {
    lines.push(`${item.id}  ${item.task_id}  importance ${item.importance}  ${item.candidate.type}  "${item.topic}"`);
    lines.push(`  candidate: ${item.candidate.statement}`);
    for (const m of item.discussion) lines.push(`  [${m.index}] ${m.author || m.role}: ${excerpt(m.text, 200)}`);
    lines.push('');
  }
  lines.push(`${plural(pending.length, 'item')} pending; resolve with "extract review accept ID [--statement …] [--type …]" or "extract review reject ID [--reason …]"`);
  return lines;
}

export function renderResolution(given: string, done: ReviewResolution): string {
  const [id, resolution] = [terminalSafe(given), terminalSafe(done)];
  if (resolution.decision) return `${id} accepted as ${resolution.decision.id} (${resolution.decision.type}): ${resolution.decision.statement}`;
  return `${id} rejected${resolution.item.resolution?.reason ? `: ${resolution.item.resolution.reason}` : ''}; it will not be queued again`;
}

export function renderGuard(findings: readonly GuardFinding[]): string[] {
  if (findings.length === 0) return ['extract guard: no active decision contradicts this'];
  return terminalSafe(findings).map((f) => f.question);
}
