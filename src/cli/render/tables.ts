// `extract query` and `extract stats`: the decision table and the metrics, as terminal text.
import type { BridgeStats, Stats } from '../../core/read';
import type { Decision } from '../../core/types';
import { terminalSafe } from './safe';
import { excerpt as clip } from '../../core/text';

export function decisionTable(decisions: readonly Decision[]): string {
  const rows = terminalSafe(decisions).map((d) => [d.id, d.task_id, d.type, d.status, d.confidence, clip(d.statement, 80)]);
  const header = ['ID', 'TASK', 'TYPE', 'STATUS', 'CONF', 'STATEMENT'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return [fmt(header), ...rows.map(fmt)].join('\n');
}

export function renderBridgeStats(stats: BridgeStats): string[] {
  const b = terminalSafe(stats);
  return [
    'Most reused structures:',
    ...b.structures.slice(0, 10).map((s) => `  ${s.decisions.length}× ${s.structure}  (${s.decisions.join(', ')})`),
    'Most common functions:',
    ...b.functions.slice(0, 10).map((f) => `  ${f.decisions.length}× ${f.function}  (${f.decisions.join(', ')})`),
    `Structure without function: ${b.orphan_structures.join(', ') || 'none'}`,
    `Function without structure: ${b.orphan_functions.join(', ') || 'none'}`,
  ];
}

export function renderStats(stats: Stats): string[] {
  const s = terminalSafe(stats);
  const kv = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  return [
    `decisions: ${s.decisions.total} (${kv(s.decisions.by_type)})`,
    `  by status: ${kv(s.decisions.by_status)}; by origin: ${kv(s.decisions.by_origin)}`,
    `review queue: ${s.review.pending} pending, ${s.review.accepted} accepted, ${s.review.rejected} rejected`,
    `traceability: ${s.traceability_percent}% of decisions cite their source messages`,
    `corrections: ${s.corrections}, repeated: ${s.repeated_corrections} (repeat-correction rate ${s.repeat_correction_rate_percent}%)`,
    `patterns: ${kv(s.patterns_by_type)}`,
    `context tokens (cl100k_base): raw transcripts ${s.tokens.raw}, extracted context ${s.tokens.context} (${s.tokens.saving_percent}% saved)`,
  ];
}
