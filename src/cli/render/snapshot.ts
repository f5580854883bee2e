// `extract snapshot`: one self-contained paragraph of a task's state.
import type { TaskSnapshot } from '../../core/read';
import { excerpt as clip } from '../../core/statement';

function sentence(s: string): string {
  return s.trim().replace(/[.;:,\s]+$/, '');
}

/** "{title} state {date}: {status}. {key decisions}. {open questions}. Next: {action items}." */
export function renderSnapshot(s: TaskSnapshot): string {
  const status = s.status ?? (s.open.length > 0 ? `${s.open.length} open topic${s.open.length === 1 ? '' : 's'}` : 'all topics concluded');
  const parts = [`${s.title} state ${s.date ?? 'undated'}: ${status}`];
  parts.push(s.decided.length > 0 ? `Decided: ${s.decided.map((d) => sentence(d.statement)).join('; ')}` : 'No decisions yet');
  if (s.open.length > 0) parts.push(`Open: ${s.open.map((t) => (t.question ? `"${clip(t.question.text, 120)}"` : `"${t.label}"`)).join('; ')}`);
  else parts.push('No open questions');
  parts.push(`Next: ${s.next.length > 0 ? s.next.map((d) => sentence(d.statement)).join('; ') : 'nothing recorded'}`);
  return `${parts.join('. ')}.`;
}
