// The reading side, as pure functions over the registry and the tasks: what a bot loads first
// (context), the decisions a query selects, traceability (why), what a snapshot says, and metrics.
// The command line renders them (src/cli/render/). Token counts come in as a function so the core
// stays free of the tokenizer's load cost.
import { plural } from './plural';
import { contentTokens, type Stems, type ContentWords, excerpt as excerptOf } from './text';
import { PorterStems } from './porter';
import type { Decision, ExtractedState, Message, Pattern, ReviewItem } from './types';

export interface TaskView {
  id: string;
  title: string | null;
  status: string | null;
  messages: Message[];
  state: ExtractedState | null;
}

export type CountTokens = (text: string) => number;


export function transcript(messages: readonly Message[]): string {
  return messages.map((m) => `[${m.index}] ${m.author || m.role}${m.ts ? ` (${m.ts})` : ''}: ${m.text}`).join('\n');
}

const isLive = (d: Decision) => d.status === 'active';

export function taskDecisions(taskId: string, decisions: readonly Decision[]): Decision[] {
  return decisions.filter((d) => d.task_id === taskId);
}

export interface TaskContext {
  task: string;
  title: string | null;
  decisions: Array<Pick<Decision, 'id' | 'type' | 'confidence' | 'statement'> & { flags: string[] }>;
  open_topics: Array<{ id: number; label: string; messages: Message[] }>;
  text: string;
  tokens: { raw: number; context: number; saving_percent: number };
}

/** Active decisions first, then open topics in full; concluded topics appear only as their decisions. */
export function taskContext(task: TaskView, decisions: readonly Decision[], count: CountTokens): TaskContext {
  const active = taskDecisions(task.id, decisions).filter(isLive);
  const open = (task.state?.topics ?? []).filter((t) => t.status === 'open');
  const byIndex = new Map(task.messages.map((m) => [m.index, m]));
  const openTopics = open.map((t) => ({ id: t.id, label: t.label, messages: t.messages.map((i) => byIndex.get(i)).filter((m): m is Message => m !== undefined) }));
  const lines: string[] = [`# ${task.id}${task.title ? ` — ${task.title}` : ''}`];
  lines.push(active.length > 0 ? 'Active decisions:' : 'Active decisions: none');
  for (const d of active) {
    const flags = d.quality_flags?.length ? ` {${d.quality_flags.join(', ')}}` : '';
    lines.push(`- ${d.id} [${d.type}, ${d.confidence}] ${d.statement}${flags}`);
  }
  lines.push(openTopics.length > 0 ? 'Open topics:' : 'Open topics: none');
  for (const t of openTopics) {
    lines.push(`## topic ${t.id} "${t.label}"`);
    lines.push(transcript(t.messages));
  }
  const text = lines.join('\n');
  const raw = count(transcript(task.messages));
  const context = count(text);
  return {
    task: task.id,
    title: task.title,
    decisions: active.map((d) => ({ id: d.id, type: d.type, confidence: d.confidence, statement: d.statement, flags: d.quality_flags ?? [] })),
    open_topics: openTopics,
    text,
    tokens: { raw, context, saving_percent: raw > 0 ? Math.round((1000 * (raw - context)) / raw) / 10 : 0 },
  };
}

export interface DecisionQuery {
  tasks?: readonly string[];
  types?: readonly string[];
  statuses?: readonly string[];
  text?: string;
  structure?: string;
  function?: string;
}

/**
 * Whether a field matches a term: every content word of the term occurs in it (stemmed), or the
 * field contains the term as it is. The term is tokenised once per query, not once per decision.
 */
function termMatcher(term: string | undefined, stems: Stems): ((field: string) => boolean) | null {
  if (!term) return null;
  const want = contentTokens(term, stems);
  const literal = term.toLowerCase().trim();
  return (field) => {
    if (want.length > 0) {
      const have = new Set(contentTokens(field, stems));
      if (want.every((t) => have.has(t))) return true;
    }
    return field.toLowerCase().includes(literal);
  };
}

/** The decisions that pass every filter of the query; `words`: the engine's, which tell the content words of a term. */
export function queryDecisions(decisions: readonly Decision[], q: DecisionQuery, words: ContentWords): Decision[] {
  const stems = new PorterStems(words);
  const text = termMatcher(q.text, stems);
  const structure = termMatcher(q.structure, stems);
  const purpose = termMatcher(q.function, stems);
  const tasks = q.tasks?.length ? new Set(q.tasks) : null;
  return decisions.filter(
    (d) =>
      (!tasks || tasks.has(d.task_id)) &&
      (!q.types?.length || q.types.includes(d.type)) &&
      (!q.statuses?.length || q.statuses.includes(d.status)) &&
      (!text || text(`${d.statement} ${d.topic ?? ''} ${d.context ?? ''}`)) &&
      (!structure || structure(d.bridge?.structure ?? '')) &&
      (!purpose || purpose(d.bridge?.function ?? '')),
  );
}

export interface WhyReport {
  decision: Decision;
  supersedes: Decision | null;
  superseded_by: Decision | null;
  sources: Message[];
  patterns: Pattern[];
}

export function why(id: string, decisions: readonly Decision[], patterns: readonly Pattern[], messagesOf: (taskId: string) => readonly Message[]): WhyReport | null {
  const d = decisions.find((x) => x.id === id);
  if (!d) return null;
  const find = (x: string | null | undefined) => (x ? decisions.find((y) => y.id === x) ?? null : null);
  const msgs = messagesOf(d.task_id);
  return {
    decision: d,
    supersedes: find(d.supersedes),
    superseded_by: find(d.superseded_by),
    sources: (d.source?.messages ?? []).map((i) => msgs.find((m) => m.index === i)).filter((m): m is Message => m !== undefined),
    patterns: patterns.filter((p) => p.extracted_decision === id || p.contradicts?.includes(id) || p.supersedes === id),
  };
}

export interface TaskSnapshot {
  /** The task's title, or its id when it has none. */
  title: string;
  /** Day (YYYY-MM-DD) of the last dated message, else of the last extraction; null when nothing is dated. */
  date: string | null;
  /** The task's own status field, when it has one. */
  status: string | null;
  /** Active decisions other than action items. */
  decided: Decision[];
  /** Open topics, each with the last question asked in it (null when none was asked). */
  open: Array<{ label: string; question: Message | null }>;
  /** Active action items. */
  next: Decision[];
}

/** What a one-paragraph snapshot of a task says: its state, key decisions, open questions, next actions. */
export function taskSnapshot(task: TaskView, decisions: readonly Decision[]): TaskSnapshot {
  const mine = taskDecisions(task.id, decisions).filter(isLive);
  const topics = task.state?.topics ?? [];
  const byIndex = new Map(task.messages.map((m) => [m.index, m]));
  const lastTs = [...task.messages].reverse().find((m) => m.ts && /^\d{4}-\d{2}-\d{2}/.test(m.ts))?.ts ?? task.state?.last_extracted ?? null;
  return {
    title: task.title ?? task.id,
    date: lastTs ? lastTs.slice(0, 10) : null,
    status: task.status,
    decided: mine.filter((d) => d.type !== 'action_item'),
    open: topics
      .filter((t) => t.status === 'open')
      .map((t) => ({ label: t.label, question: [...t.messages].reverse().map((i) => byIndex.get(i)).find((m): m is Message => m !== undefined && /\?\s*$/.test(m.text)) ?? null })),
    next: mine.filter((d) => d.type === 'action_item'),
  };
}

function sentence(s: string): string {
  return s.trim().replace(/[.;:,\s]+$/, '');
}

/** "{title} state {date}: {status}. {key decisions}. {open questions}. Next: {action items}." */
export function snapshotParagraph(s: TaskSnapshot): string {
  const status = s.status ?? (s.open.length > 0 ? plural(s.open.length, 'open topic') : 'all topics concluded');
  const parts = [`${s.title} state ${s.date ?? 'undated'}: ${status}`];
  parts.push(s.decided.length > 0 ? `Decided: ${s.decided.map((d) => sentence(d.statement)).join('; ')}` : 'No decisions yet');
  if (s.open.length > 0) parts.push(`Open: ${s.open.map((t) => (t.question ? `"${excerptOf(t.question.text, 120)}"` : `"${t.label}"`)).join('; ')}`);
  else parts.push('No open questions');
  parts.push(`Next: ${s.next.length > 0 ? s.next.map((d) => sentence(d.statement)).join('; ') : 'nothing recorded'}`);
  return `${parts.join('. ')}.`;
}

export interface Stats {
  decisions: { total: number; by_type: Record<string, number>; by_status: Record<string, number>; by_origin: Record<string, number> };
  review: { pending: number; accepted: number; rejected: number };
  traceability_percent: number;
  corrections: number;
  repeated_corrections: number;
  repeat_correction_rate_percent: number;
  patterns_by_type: Record<string, number>;
  tokens: { raw: number; context: number; saving_percent: number };
}

function tally<T>(items: readonly T[], key: (x: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of items) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function stats(decisions: readonly Decision[], review: readonly ReviewItem[], patterns: readonly Pattern[], contexts: readonly TaskContext[]): Stats {
  const corrections = decisions.filter((d) => d.corrects).length;
  const repeated = patterns.filter((p) => (p.repeats?.length ?? 0) > 0).length;
  const traced = decisions.filter((d) => (d.source?.messages?.length ?? 0) > 0).length;
  const raw = contexts.reduce((s, c) => s + c.tokens.raw, 0);
  const context = contexts.reduce((s, c) => s + c.tokens.context, 0);
  const pct = (a: number, b: number) => (b > 0 ? Math.round((1000 * a) / b) / 10 : 0);
  return {
    decisions: { total: decisions.length, by_type: tally(decisions, (d) => d.type), by_status: tally(decisions, (d) => d.status), by_origin: tally(decisions, (d) => d.origin) },
    review: { pending: review.filter((r) => r.status === 'pending').length, accepted: review.filter((r) => r.status === 'accepted').length, rejected: review.filter((r) => r.status === 'rejected').length },
    traceability_percent: pct(traced, decisions.length),
    corrections,
    repeated_corrections: repeated,
    repeat_correction_rate_percent: pct(repeated, corrections),
    patterns_by_type: tally(patterns, (p) => p.type),
    tokens: { raw, context, saving_percent: pct(raw - context, raw) },
  };
}

export interface BridgeStats {
  structures: Array<{ structure: string; decisions: string[] }>;
  functions: Array<{ function: string; decisions: string[] }>;
  orphan_structures: string[];
  orphan_functions: string[];
}

/** Most reused structures, most common functions, and decisions with only one side of the bridge. */
export function bridgeStats(decisions: readonly Decision[]): BridgeStats {
  const structures = new Map<string, string[]>();
  const functions = new Map<string, string[]>();
  const orphanStructures: string[] = [];
  const orphanFunctions: string[] = [];
  for (const d of decisions.filter(isLive)) {
    const s = (d.bridge?.structure ?? '').split(/,\s*/).filter(Boolean);
    const f = (d.bridge?.function ?? '').trim().toLowerCase();
    for (const x of s) structures.set(x, [...(structures.get(x) ?? []), d.id]);
    if (f) functions.set(f, [...(functions.get(f) ?? []), d.id]);
    if (s.length > 0 && !f) orphanStructures.push(d.id);
    if (f && s.length === 0) orphanFunctions.push(d.id);
  }
  const rank = <K extends string>(m: Map<string, string[]>, key: K) =>
    [...m.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).map(([k, ids]) => ({ [key]: k, decisions: ids }) as Record<K, string> & { decisions: string[] });
  return { structures: rank(structures, 'structure'), functions: rank(functions, 'function'), orphan_structures: orphanStructures, orphan_functions: orphanFunctions };
}
