// Merge stage 1: one task's candidates into the registry. Ids are stable: a decision found again
// keeps its id (matched on a fingerprint of task, statement message and normalized statement);
// new ids are numbered per day of their source message and never reused. Fields a person may
// edit (statement, type, status) are never overwritten once written.
import { bridgeOf, type CompiledBridgeLexicon } from './bridge';
import { dateKey } from './normalize';
import { normalizeStatement, sha256 } from './text';
import type { AutoValues, Decision, DecisionCandidate, ExtractedState, Pattern, PatternCandidate, Registry, ReviewCandidate, ReviewItem, TaskAnalysis } from './types';

export type { Registry };

export interface TaskMerge {
  decisionIds: string[];
  patternIds: string[];
  reviewIds: string[];
  newPatterns: Pattern[];
  newDecisions: number;
  newReview: number;
  /** Decisions created by this merge, in order. */
  created: Decision[];
  /** Every decision the task's analysis yielded (created or found again). */
  produced: Decision[];
}

/** What one task owns in the registry: its extracted_state may name only these ids. */
export interface TaskIds {
  /** Its decisions, in the order they were indexed (their ids are `decisions`). */
  decisionList: Decision[];
  decisions: Set<string>;
  patterns: Set<string>;
  review: Set<string>;
}

/** The ids of the decisions a person added or accepted for the task: the pipeline never drops them from its state. */
export function addedByPeople(owned: Readonly<TaskIds>): string[] {
  return owned.decisionList.filter((d) => d.origin !== 'auto').map((d) => d.id);
}

/**
 * Lookups over one registry, kept up to date as the merge adds items: per-task merges must not
 * rescan the whole registry (that would be quadratic in tasks). Items are only ever added to a
 * registry's lists while it is indexed (merging appends, and changes items by new field values),
 * so an index that is kept with its registry (a daemon's, between saves) stays exact; one whose
 * lists someone else changed is told by their lengths (see `indexes`).
 */
export class RegistryIndex {
  readonly decisionByFingerprint = new Map<string, Decision>();
  readonly patternByKey = new Map<string, Pattern>();
  readonly reviewByFingerprint = new Map<string, ReviewItem>();
  /** Ids for new items, above every id of the registry. */
  readonly ids = new IdAllocator();
  /** The lists indexed (a registry whose lists were replaced is another registry). */
  private readonly lists: readonly [Decision[], Pattern[], ReviewItem[]];
  private readonly owned = new Map<string, TaskIds>();
  private items = 0;
  /**
   * States found to name only ids their task owns, with how many ids it owned then: ids are only
   * added, so while that number stands the answer does (a daemon asks about every task on every
   * save, and a thousand tasks' ids scattered over the heap cost more to look up than the save's own work).
   */
  private readonly held = new WeakMap<ExtractedState, { taskId: string; owned: number }>();

  constructor(readonly registry: Registry) {
    this.lists = [registry.decisions, registry.patterns, registry.review];
    for (const d of registry.decisions) this.addDecision(d);
    for (const p of registry.patterns) this.addPattern(p);
    for (const r of registry.review) this.addReview(r);
  }

  /** Whether this is the index of `registry` as it is now. */
  indexes(registry: Registry): boolean {
    const [decisions, patterns, review] = this.lists;
    return this.registry === registry && registry.decisions === decisions && registry.patterns === patterns && registry.review === review && this.items === decisions.length + patterns.length + review.length;
  }

  /** The ids `taskId` owns (undefined: none). */
  ownedBy(taskId: string): Readonly<TaskIds> | undefined {
    return this.owned.get(taskId);
  }

  /**
   * Whether `state`, the extracted_state stored with task `taskId`, is one this registry still
   * holds: every id it names is one the task owns, and it names every decision a person added or
   * accepted for the task.
   */
  holdsStateOf(taskId: string, state: ExtractedState): boolean {
    const { decisions, patterns, review, topics } = state;
    if (!Array.isArray(decisions) || !Array.isArray(patterns) || !Array.isArray(review) || !Array.isArray(topics)) return false;
    const mine = this.owned.get(taskId);
    if (!mine) return decisions.length + patterns.length + review.length === 0;
    const owned = mine.decisions.size + mine.patterns.size + mine.review.size;
    const known = this.held.get(state);
    if (known && known.taskId === taskId && known.owned === owned) return true;
    const holds = addedByPeople(mine).every((id) => decisions.includes(id)) && allIn(decisions, mine.decisions) && allIn(patterns, mine.patterns) && allIn(review, mine.review);
    if (holds) this.held.set(state, { taskId, owned });
    return holds;
  }

  private ownerOf(taskId: string): TaskIds {
    let e = this.owned.get(taskId);
    if (!e) this.owned.set(taskId, (e = { decisionList: [], decisions: new Set(), patterns: new Set(), review: new Set() }));
    return e;
  }

  /** Indexes a decision just added to the registry's list (or found there). */
  addDecision(d: Decision): void {
    this.items++;
    this.ids.see(d.id);
    const owner = this.ownerOf(d.task_id);
    owner.decisionList.push(d);
    owner.decisions.add(d.id);
    if (d.fingerprint) this.decisionByFingerprint.set(d.fingerprint, d);
  }

  addPattern(p: Pattern): void {
    this.items++;
    this.ids.see(p.id);
    this.ownerOf(p.task_id).patterns.add(p.id);
    const key = patternKey(p);
    if (!this.patternByKey.has(key)) this.patternByKey.set(key, p);
  }

  addReview(r: ReviewItem): void {
    this.items++;
    this.ids.see(r.id);
    this.ownerOf(r.task_id).review.add(r.id);
    if (r.fingerprint) this.reviewByFingerprint.set(r.fingerprint, r);
  }
}

/** Whether every id of the list is in the set. */
function allIn(ids: readonly string[], have: ReadonlySet<string>): boolean {
  for (let i = 0; i < ids.length; i++) if (!have.has(ids[i])) return false;
  return true;
}

const ID_SHAPE = /^([A-Z]+-\d{8})-(\d+)$/;

/** Allocates `PREFIX-YYYYMMDD-NNN` ids: one counter per prefix and day, above every id already used. */
export class IdAllocator {
  private readonly next = new Map<string, number>();

  /** Takes note of an id in use: later ids of its prefix and day are numbered above it. */
  see(id: string): void {
    const m = ID_SHAPE.exec(id);
    if (!m) return;
    const n = Number(m[2]) + 1;
    if (n > (this.next.get(m[1]) ?? 1)) this.next.set(m[1], n);
  }

  allocate(prefix: string, day: string): string {
    const key = `${prefix}-${day}`;
    const n = this.next.get(key) ?? 1;
    this.next.set(key, n + 1);
    return `${key}-${String(n).padStart(3, '0')}`;
  }
}

export function decisionFingerprint(taskId: string, messageIndex: number, statement: string): string {
  return `sha256:${sha256(`${taskId}\u0000${messageIndex}\u0000${normalizeStatement(statement)}`)}`;
}

/** What makes a pattern the same one again. Registry-level patterns also carry their rule. */
export function patternKey(p: Pick<Pattern, 'task_id' | 'type' | 'messages' | 'rule'>): string {
  const scope = p.rule.startsWith('evolve/') ? `\u0000${p.rule}` : '';
  return `${p.task_id}\u0000${p.type}\u0000${p.messages.join(',')}${scope}`;
}

function dayOf(ts: string | null, now: string): string {
  return dateKey(ts) ?? dateKey(now) ?? '19700101';
}

function createdAt(ts: string | null, now: string): string {
  return ts && dateKey(ts) && /T\d/.test(ts) ? ts : now;
}

/** Where a decision came from: the analysis (a summary of its candidate) or a person resolving a review item. */
interface Provenance {
  origin: Decision['origin'];
  summary: string;
}

/** The one way a decision record is made from a candidate, by the pipeline and by a review's acceptance. */
function newDecision(taskId: string, c: DecisionCandidate, id: string, fingerprint: string | undefined, now: string, bridgeLexicon: CompiledBridgeLexicon, from: Provenance = { origin: 'auto', summary: summaryOf(c) }): Decision {
  const bridge = bridgeOf(c.statement, c.reasons, c.type === 'constraint' || c.type === 'preference', bridgeLexicon);
  return {
    id,
    task_id: taskId,
    statement: c.statement,
    type: c.type,
    confidence: c.confidence,
    source: { messages: c.sourceMessages, summary: from.summary },
    topic: c.topic,
    importance: c.importance,
    context: c.context,
    alternatives: c.alternatives,
    reasons: c.reasons,
    bridge,
    bridge_auto: bridge.structure !== '' || bridge.function !== '' || bridge.enforcement.length + bridge.prevention.length + bridge.tolerance.length > 0,
    downstream: c.downstream,
    quality_flags: [],
    origin: from.origin,
    created_at: createdAt(c.ts, now),
    supersedes: null,
    superseded_by: null,
    status: 'active',
    corrects: c.correction ? c.corrects : null,
    duplicate_of: null,
    fingerprint,
    auto: { statement: c.statement, type: c.type, status: 'active', confidence: c.confidence },
    ...(c.scorer && from.origin === 'auto' ? { scorer: c.scorer } : {}),
  };
}

/**
 * The decision a person makes by accepting a review item (with the statement and type they chose):
 * made like every extracted decision, with high confidence, dated by the message it was said in
 * (the item's date; when it was accepted is the item's resolution), and its id numbered by that day.
 */
export function decisionFromReview(item: ReviewItem, choice: { statement: string; type: DecisionCandidate['type'] }, ids: IdAllocator, now: string, bridgeLexicon: CompiledBridgeLexicon): Decision {
  const candidate: DecisionCandidate = {
    statement: choice.statement,
    type: choice.type,
    confidence: 'high',
    at: -1,
    messageIndex: item.messages[0] ?? -1,
    sourceMessages: item.messages,
    topic: item.topic,
    importance: item.importance,
    context: '',
    alternatives: [],
    reasons: [],
    downstream: [],
    ts: item.created_at,
    supersedes: null,
    cue: '',
    correction: false,
    corrects: null,
  };
  const id = ids.allocate('DEC', dayOf(item.created_at, now));
  // The item's fingerprint: the run that finds the same candidate again finds this decision, not a new one.
  return newDecision(item.task_id, candidate, id, item.fingerprint, now, bridgeLexicon, { origin: 'review', summary: `accepted from review item ${item.id} (importance ${item.importance})` });
}

type Editable = keyof AutoValues;

/**
 * Sets a person-editable field unless a person changed it since the tool last wrote it.
 * Decisions without `auto` (added by hand) are never changed.
 */
export function setOwned<K extends Editable>(d: Decision, field: K, value: AutoValues[K]): boolean {
  if (!d.auto || d[field] !== d.auto[field]) return false;
  (d as unknown as Record<K, AutoValues[K]>)[field] = value;
  // A new object, not an edit inside the old one: registry items change only by new field values.
  d.auto = { ...d.auto, [field]: value };
  return true;
}

function summaryOf(c: DecisionCandidate): string {
  const n = c.sourceMessages.length;
  return `${c.type.replace('_', ' ')} from message ${c.messageIndex}${n > 1 ? ` (${n} source messages)` : ''} in topic "${c.topic}"`;
}

/**
 * Merges one task's analysis into the registry in place and returns the ids that belong to the
 * task. Auto decisions of this task that the discussion no longer yields are archived, not deleted.
 */
export function mergeTask(
  registry: Registry,
  index: RegistryIndex,
  taskId: string,
  analysis: TaskAnalysis,
  now: string,
  bridgeLexicon: CompiledBridgeLexicon,
): TaskMerge {
  const byFingerprint = index.decisionByFingerprint;
  const produced: Decision[] = [];
  const created: Decision[] = [];
  let newDecisions = 0;
  for (const c of analysis.decisions) {
    const fp = decisionFingerprint(taskId, c.messageIndex, c.statement);
    let d = byFingerprint.get(fp);
    if (d) {
      refresh(d, c);
      if (d.status === 'archived' && d.origin === 'auto') setOwned(d, 'status', 'active');
    } else {
      d = newDecision(taskId, c, index.ids.allocate('DEC', dayOf(c.ts, now)), fp, now, bridgeLexicon);
      registry.decisions.push(d);
      index.addDecision(d);
      created.push(d);
      newDecisions++;
    }
    produced.push(d);
  }
  analysis.decisions.forEach((c, k) => {
    if (c.supersedes === null) return;
    const newer = produced[k];
    const older = produced[c.supersedes];
    supersede(older, newer, c.supersedesBecause);
  });
  const producedIds = new Set(produced.map((d) => d.id));
  const ofTask = index.ownedBy(taskId)?.decisionList ?? [];
  for (const d of ofTask) {
    if (d.origin === 'auto' && d.status === 'active' && !producedIds.has(d.id)) setOwned(d, 'status', 'archived');
  }

  const knownPatterns = index.patternByKey;
  const patternIds: string[] = [];
  const newPatterns: Pattern[] = [];
  for (const c of analysis.patterns) {
    const key = patternKey({ task_id: taskId, type: c.type, messages: c.messages, rule: c.rule });
    let p = knownPatterns.get(key);
    if (!p) {
      p = newPattern(taskId, c, index.ids.allocate('PAT', dayOf(c.ts, now)), c.decision === null ? null : produced[c.decision].id, now, c.against === undefined ? undefined : produced[c.against].id);
      registry.patterns.push(p);
      index.addPattern(p);
      newPatterns.push(p);
    }
    if (!patternIds.includes(p.id)) patternIds.push(p.id);
  }

  const reviewByFingerprint = index.reviewByFingerprint;
  const reviewIds: string[] = [];
  let newReview = 0;
  for (const c of analysis.review) {
    const fp = decisionFingerprint(taskId, c.messageIndex, c.statement);
    let r = reviewByFingerprint.get(fp);
    if (!r) {
      r = newReviewItem(taskId, c, index.ids.allocate('REV', dayOf(c.ts, now)), fp, now);
      registry.review.push(r);
      index.addReview(r);
      newReview++;
    } else if (r.status === 'pending') {
      r.importance = c.importance;
      r.messages = c.messages;
      r.topic = c.topic;
    }
    reviewIds.push(r.id);
  }

  // Decisions a person accepted from the review queue or added by hand belong to the task too.
  const owned = index.ownedBy(taskId);
  const kept = (owned ? addedByPeople(owned) : []).filter((id) => !producedIds.has(id));
  return { decisionIds: [...produced.map((d) => d.id), ...kept.sort()], patternIds, reviewIds, newPatterns, newDecisions, newReview, created, produced };
}

/** `newer` replaces `older` (`because`: what it changes): the old one stays, marked superseded, for the audit trail. */
export function supersede(older: Decision, newer: Decision, because?: string): void {
  if (older.superseded_by === null || older.superseded_by === undefined) {
    older.superseded_by = newer.id;
    // (A reason left from a link a person undid is not this link's.)
    if (because) older.superseded_reason = because;
    else delete older.superseded_reason;
  }
  if (older.status === 'active') setOwned(older, 'status', 'superseded');
  if (newer.supersedes === null || newer.supersedes === undefined) newer.supersedes = older.id;
}

/** Updates what the text derives (never what a person may have edited: statement, type, status). */
function refresh(d: Decision, c: DecisionCandidate): void {
  setOwned(d, 'confidence', c.confidence);
  d.source = { messages: c.sourceMessages, summary: summaryOf(c) };
  d.topic = c.topic;
  d.importance = c.importance;
  d.downstream = c.downstream;
  if (d.origin === 'auto') {
    d.context = c.context;
    // What the correction corrected, as this version of the engine reads it (a registry written by
    // an earlier one keeps what that one read until its task is analysed again).
    if (c.correction && c.corrects) d.corrects = c.corrects;
    d.alternatives = c.alternatives;
    d.reasons = c.reasons;
    if (c.scorer) d.scorer = c.scorer;
    else delete d.scorer;
  }
}

/** Records registry-level patterns (from relate) not already in the log; returns the ids per task. */
export function recordPatterns(
  registry: Registry,
  index: RegistryIndex,
  found: ReadonlyArray<Omit<Pattern, 'id' | 'detected_at' | 'auto_detected'> & { ts: string | null }>,
  now: string,
): { newPatterns: Pattern[]; idsByTask: Map<string, string[]> } {
  const known = index.patternByKey;
  const newPatterns: Pattern[] = [];
  const idsByTask = new Map<string, string[]>();
  for (const f of found) {
    const key = patternKey(f);
    let p = known.get(key);
    if (!p) {
      p = { id: index.ids.allocate('PAT', dayOf(f.ts, now)), task_id: f.task_id, type: f.type, messages: f.messages, description: f.description, rule: f.rule, extracted_decision: f.extracted_decision, detected_at: now, auto_detected: true, ...linksOf(f) };
      registry.patterns.push(p);
      index.addPattern(p);
      newPatterns.push(p);
    }
    const list = idsByTask.get(f.task_id) ?? [];
    if (!list.includes(p.id)) list.push(p.id);
    idsByTask.set(f.task_id, list);
  }
  return { newPatterns, idsByTask };
}

/** The relation fields a found pattern carries (only those it has, so the log's lines stay as short as before). */
function linksOf(f: Pick<Pattern, 'contradicts' | 'supersedes' | 'repeats'>): Pick<Pattern, 'contradicts' | 'supersedes' | 'repeats'> {
  return {
    ...(f.contradicts && f.contradicts.length > 0 ? { contradicts: f.contradicts } : {}),
    ...(f.supersedes ? { supersedes: f.supersedes } : {}),
    ...(f.repeats && f.repeats.length > 0 ? { repeats: f.repeats } : {}),
  };
}

function newPattern(taskId: string, c: PatternCandidate, id: string, decisionId: string | null, now: string, against?: string): Pattern {
  const links = against === undefined ? {} : { contradicts: [against], supersedes: against };
  return {
    id,
    task_id: taskId,
    type: c.type,
    messages: c.messages,
    description: c.description,
    rule: c.rule,
    extracted_decision: decisionId,
    detected_at: now,
    auto_detected: true,
    ...links,
  };
}

function newReviewItem(taskId: string, c: ReviewCandidate, id: string, fingerprint: string, now: string): ReviewItem {
  return {
    id,
    task_id: taskId,
    topic: c.topic,
    importance: c.importance,
    messages: c.messages,
    candidate: { statement: c.statement, type: c.type },
    status: 'pending',
    created_at: createdAt(c.ts, now),
    fingerprint,
  };
}
