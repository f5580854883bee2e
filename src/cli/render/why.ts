// `extract why`: a decision, its neighbours in the supersession chain, and the messages it came from.
import type { WhyReport } from '../../core/read';
import { describeFeature } from '../../core/clauseFeatures';
import { terminalSafe } from './safe';
import { excerpt as clip } from '../../core/text';

export function renderWhy(report: WhyReport): string {
  const r = terminalSafe(report);
  const d = r.decision;
  const lines = [
    `${d.id} (${d.task_id}) ${d.type}, ${d.confidence} confidence, ${d.status}, origin ${d.origin}, created ${d.created_at}`,
    `  "${d.statement}"`,
  ];
  if (d.context) lines.push(`  context: ${clip(d.context, 200)}`);
  // What a correction corrected, when it is not the context itself: the wrong fact a later text is held against.
  if (d.corrects && d.corrects !== d.context) lines.push(`  corrects: ${clip(d.corrects, 200)}`);
  if (d.alternatives?.length) lines.push(`  instead of: ${d.alternatives.join('; ')}`);
  if (d.reasons?.length) lines.push(`  because: ${d.reasons.join('; ')}`);
  // (What the newer decision changes of the older is kept on the older: "a new weekday: monday →
  // thursday". It is this decision's only where the older names this one as what replaced it.)
  const replacedReason = r.supersedes?.superseded_by === d.id ? r.supersedes.superseded_reason : null;
  if (r.supersedes) lines.push(`  supersedes ${r.supersedes.id} (${r.supersedes.task_id}): "${r.supersedes.statement}"${replacedReason ? ` (${replacedReason})` : ''}`);
  if (r.superseded_by) lines.push(`  superseded by ${r.superseded_by.id} (${r.superseded_by.task_id}): "${r.superseded_by.statement}"${d.superseded_reason ? ` (${d.superseded_reason})` : ''}`);
  if (d.scorer) lines.push(`  weighed: ${d.scorer.weighed.map(describeFeature).join(', ') || 'nothing in particular'} (score ${d.scorer.score})`);
  if (d.quality_flags?.length) lines.push(`  flags: ${d.quality_flags.join(', ')}${d.duplicate_of ? ` (duplicate of ${d.duplicate_of})` : ''}`);
  lines.push(r.sources.length > 0 ? 'Said in:' : 'Said in: (no source messages)');
  for (const m of r.sources) lines.push(`  [${m.index}] ${m.author || m.role}${m.recorded_by ? ` (recorded by ${m.recorded_by})` : ''}${m.ts ? ` at ${m.ts}` : ''}: "${clip(m.text, 300)}"`);
  for (const p of r.patterns) lines.push(`  ${p.id} ${p.type}: ${clip(p.description, 200)}`);
  return lines.join('\n');
}
