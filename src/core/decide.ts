// Stages 4–5 for one task: score each topic and decide what it yields — decisions, review
// candidates, and reply patterns (corrections, confirmations, disagreements, repeated
// questions, contradictions). Everything here is positional: ids are assigned later (evolve).
import { clauseClaims, utteranceConflict, type ClauseClaim, type CompiledLexicon } from './contradiction';
import { importanceScore, classify, type Thresholds } from './score';
import { contentTokens, isQuestion, jaccard, sentences, wordCount } from './text';
import type { Confidence, DecisionType, Detection, Message, PatternType, RuleKind, Topic, TopicState } from './types';

export interface DecisionCandidate {
  statement: string;
  type: DecisionType;
  confidence: Confidence;
  /** Position (in the normalized list) of the message the statement was taken from. */
  at: number;
  /** That message's index in the task's discussion array. */
  messageIndex: number;
  sourceMessages: number[];
  topic: string;
  importance: number;
  context: string;
  alternatives: string[];
  reasons: string[];
  downstream: string[];
  ts: string | null;
  /** Index into the task's candidates of the decision this one replaces (same subject, new conclusion). */
  supersedes: number | null;
  cue: string;
}

export interface PatternCandidate {
  type: PatternType;
  messages: number[];
  description: string;
  rule: string;
  /** Index into the task's decision candidates. */
  decision: number | null;
  ts: string | null;
}

export interface ReviewCandidate {
  topic: string;
  importance: number;
  messages: number[];
  statement: string;
  type: DecisionType;
  at: number;
  messageIndex: number;
  ts: string | null;
}

export interface TaskAnalysis {
  topics: TopicState[];
  decisions: DecisionCandidate[];
  patterns: PatternCandidate[];
  review: ReviewCandidate[];
}

export interface DecideInput {
  messages: readonly Message[];
  detections: readonly Detection[][];
  answered: readonly number[];
  topics: readonly Topic[];
  thresholds: Thresholds;
  lexicon: CompiledLexicon;
  /** Task ids that exist, so mentions of them become `downstream` links. */
  knownTaskIds: ReadonlySet<string>;
  taskId: string;
}

const KIND_PRIORITY: Readonly<Partial<Record<RuleKind, number>>> = {
  correction: 5,
  decision_cue: 4,
  constraint_cue: 3.5,
  preference: 2,
  action_item: 1.5,
};
const TYPE_OF_KIND: Readonly<Partial<Record<RuleKind, DecisionType>>> = {
  correction: 'constraint',
  decision_cue: 'decision',
  constraint_cue: 'constraint',
  preference: 'preference',
  action_item: 'action_item',
};

const DECISION_FAMILY: readonly RuleKind[] = ['decision_cue', 'constraint_cue', 'preference'];
const has = (ds: readonly Detection[], kind: RuleKind) => ds.some((d) => d.kind === kind);
const first = (ds: readonly Detection[], kind: RuleKind) => ds.find((d) => d.kind === kind);

const LEADING_VERDICT =
  /^(?:(?:no|nope|yes|yeah|yep|ok|okay|so|well|actually|right|sure|alright|oh|um|uh|and|but|then|also|i mean|i think|wait)\b[\s,.;:!-]*)+/i;

/** The sentence that carries a cue, without leading fillers; a bare verdict borrows the next sentence. */
export function statementAt(text: string, offset: number): string {
  const ss = sentences(text);
  if (ss.length === 0) return text.trim();
  let k = ss.findIndex((s) => offset >= s.start && offset < s.end);
  if (k < 0) k = 0;
  let out = ss[k].text.replace(LEADING_VERDICT, '').trim();
  // "No, that's wrong." says that something is wrong, not what is right: the fact follows.
  if (wordCount(out) < 4 && k + 1 < ss.length) out = ss[k + 1].text.replace(LEADING_VERDICT, '').trim();
  const ws = out.split(/\s+/);
  if (ws.length > 60) out = `${ws.slice(0, 60).join(' ')}…`;
  return out.length > 0 ? out[0].toUpperCase() + out.slice(1) : out;
}

function clauseAfter(text: string, cue: RegExp, maxWords: number): string[] {
  const out: string[] = [];
  cue.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = cue.exec(text)) !== null) {
    const rest = text.slice(m.index + m[0].length).split(/[.;!?\n]|,\s(?:and|but|so)\s/)[0].trim();
    const ws = rest.split(/\s+/).filter(Boolean).slice(0, maxWords);
    if (ws.length > 0) out.push(ws.join(' ').replace(/[,:]$/, ''));
  }
  return out;
}

const ALTERNATIVE_CUE = /\b(?:instead of|rather than|in place of|as opposed to|over|versus|vs\.?)\s+/gi;
const REASON_CUE = /\b(?:because|since|so that|in order to|to prevent|to avoid|to ensure|to make sure|to enable|due to|given that)\s+/gi;

function question(m: Message): boolean {
  return isQuestion(m.text) || /^\s*(?:what|where|when|why|who|which|how|is|are|can|could|do|does|did|will|would|should|shall|may)\b[^.!]*$/i.test(m.text);
}

export function decideTask(input: DecideInput): TaskAnalysis {
  const { messages, detections, answered, topics, thresholds } = input;
  const pos = new Map<number, number>(messages.map((m, p) => [m.index, p]));
  const patterns: PatternCandidate[] = [];
  const decisions: DecisionCandidate[] = [];
  const review: ReviewCandidate[] = [];

  // Reply acts: each message's verdict on what it answers.
  const confirmedBy = new Map<number, number[]>();
  const verdict: Array<'confirmation' | 'disagreement' | 'correction' | null> = messages.map(() => null);
  for (let p = 0; p < messages.length; p++) {
    const ds = detections[p];
    const a = answered[p];
    const m = messages[p];
    const pair = (a >= 0 ? [messages[a].index, m.index] : [m.index]);
    if (has(ds, 'correction') && m.role !== 'bot') {
      verdict[p] = 'correction';
      const d = first(ds, 'correction')!;
      patterns.push({ type: 'correction', messages: pair, description: `${m.author || 'A person'} corrects the previous turn: "${excerpt(m.text)}"`, rule: d.ruleId, decision: null, ts: m.ts });
    } else if (has(ds, 'disagreement')) {
      verdict[p] = 'disagreement';
      const d = first(ds, 'disagreement')!;
      patterns.push({ type: 'disagreement', messages: pair, description: `${m.author || 'A speaker'} pushes back: "${excerpt(m.text)}"`, rule: d.ruleId, decision: null, ts: m.ts });
    } else if (has(ds, 'confirmation') && !isBackchannel(p, messages, detections, answered)) {
      verdict[p] = 'confirmation';
      const d = first(ds, 'confirmation')!;
      patterns.push({ type: 'confirmation', messages: pair, description: `${m.author || 'A speaker'} confirms: "${excerpt(m.text)}"`, rule: d.ruleId, decision: null, ts: m.ts });
      if (a >= 0) confirmedBy.set(a, [...(confirmedBy.get(a) ?? []), p]);
    }
  }

  const rejected = messages.map(() => false);
  for (let q = 0; q < messages.length; q++) if (answered[q] >= 0 && verdict[q] === 'disagreement') rejected[answered[q]] = true;
  const rejectedBy = (p: number) => rejected[p];
  /** A statement another speaker accepts: a confirmation answering it, or right after it. */
  const acceptedBy = (p: number): number[] => {
    const out = new Set(confirmedBy.get(p) ?? []);
    for (let q = p + 1; q < messages.length && q <= p + 2; q++) {
      if (verdict[q] === 'confirmation' && messages[q].author !== messages[p].author && !isBackchannel(q, messages, detections, answered)) out.add(q);
      if (verdict[q] === 'disagreement') break;
    }
    return [...out].sort((x, y) => x - y);
  };
  const strongest = (p: number, family: readonly RuleKind[]): { d: Detection; score: number } | null => {
    let out: { d: Detection; score: number } | null = null;
    for (const d of detections[p]) {
      if (!family.includes(d.kind)) continue;
      const accepted = acceptedBy(p).length > 0;
      const m = messages[p];
      let score = (KIND_PRIORITY[d.kind] ?? 0) * d.weight + (accepted ? 1 : 0);
      if (m.role === 'human') score += 0.5;
      if (m.role === 'bot' && !accepted) score -= 0.5;
      if (rejectedBy(p)) score -= 1.5;
      if (!out || score > out.score) out = { d, score };
    }
    return out;
  };
  const statements: StatementCandidate[] = [];

  const topicStates: TopicState[] = [];
  const topicImportanceOf = new Map<Topic, number>();
  const infos = new Map<Topic, TopicInfo>();
  const topicOfPos: Array<TopicInfo | undefined> = messages.map(() => undefined);
  for (const topic of topics) {
    const ps = topic.messages.map((i) => pos.get(i)!).filter((p) => p !== undefined);
    const vocab = new Set<string>();
    for (const p of ps) for (const t of contentTokens(messages[p].text)) vocab.add(t);
    const info: TopicInfo = { ps, inTopic: new Set(ps), vocab, words: ps.reduce((s, p) => s + wordCount(messages[p].text), 0), end: ps.reduce((m, p) => Math.max(m, p), -1) };
    infos.set(topic, info);
    for (const p of ps) topicOfPos[p] = info;
  }
  for (const topic of topics) {
    const info = infos.get(topic)!;
    const ps = topic.messages.map((i) => pos.get(i)!).filter((p) => p !== undefined);
    const totalWords = ps.reduce((s, p) => s + wordCount(messages[p].text), 0);
    const downstream = mentionedTasks(ps.map((p) => messages[p].text), input.knownTaskIds, input.taskId);
    let topicImportance = 0;

    // A person's correction is a rule from now on, whatever the topic's score.
    for (const p of ps) {
      if (verdict[p] !== 'correction') continue;
      const d = first(detections[p], 'correction')!;
      const statement = statementAt(messages[p].text, d.start);
      if (wordCount(statement) < 3) continue;
      const importance = importanceScore(ps.length, totalWords / ps.length, wordCount(statement));
      topicImportance = Math.max(topicImportance, importance);
      const a = answered[p];
      decisions.push(
        candidate(input, p, statement, 'constraint', 'high', [...(a >= 0 ? [messages[a].index] : []), messages[p].index, ...(confirmedBy.get(p) ?? []).map((c) => messages[c].index)], topic, importance, downstream, d.ruleId),
      );
      const pat = patterns.find((x) => x.type === 'correction' && x.messages[x.messages.length - 1] === messages[p].index);
      if (pat) pat.decision = decisions.length - 1;
    }

    // Decision, constraint and preference statements: every candidate of the topic, ranked and
    // selected across the task below (a long topic may settle more than one thing).
    for (const p of ps) {
      if (verdict[p] === 'correction') continue;
      const c = strongest(p, DECISION_FAMILY);
      if (!c) continue;
      const statement = statementAt(messages[p].text, c.d.start);
      if (wordCount(statement) < 2 || !namesTask(messages[p].text, c.d)) continue;
      statements.push({ p, d: c.d, score: c.score, statement, topic, info, downstream });
    }

    // Action items one by one: each commitment or request is its own item, scored by its own
    // statement against the discussion that led to it. A weak one stays raw rather than
    // filling the review queue: people commit to small things all the time.
    const lastAction = new Map<string, number>();
    for (const p of ps) {
      if (verdict[p] === 'correction') continue;
      const c = strongest(p, ['action_item']);
      if (!c) continue;
      const statement = statementAt(messages[p].text, c.d.start);
      const statementWords = wordCount(statement);
      if (statementWords < 2 || statementWords > ACTION_MAX_WORDS || !namesTask(messages[p].text, c.d)) continue;
      const stretch = stretchOf(p, info, topicOfPos, messages);
      const importance = importanceScore(stretch.count, stretch.words / stretch.count, statementWords);
      topicImportance = Math.max(topicImportance, importance);
      if (classify(importance, thresholds) !== 'decision' || rejectedBy(p)) continue;
      // A speaker listing steps ("I'll do X. I'll also…") gives one item for the run, not one per line.
      if (lastAction.get(messages[p].author) !== undefined && p - lastAction.get(messages[p].author)! <= ACTION_RUN) continue;
      lastAction.set(messages[p].author, p);
      const accepted = acceptedBy(p);
      const confidence = confidenceOf(messages[p], c.d, accepted.length > 0);
      decisions.push(candidate(input, p, statement, 'action_item', confidence, [messages[p].index, ...accepted.map((q) => messages[q].index)], topic, importance, downstream, c.d.ruleId));
    }

    topicImportanceOf.set(topic, topicImportance);
    topicStates.push({ ...topic, importance: round1(topicImportance), status: topicStatus(ps, messages, verdict) });
  }

  selectStatements(input, statements, acceptedBy, rejectedBy, decisions, review, topicImportanceOf, topicOfPos);
  for (const t of topicStates) {
    const topic = topics.find((x) => x.id === t.id);
    if (topic) t.importance = round1(topicImportanceOf.get(topic) ?? 0);
  }

  decisions.sort((x, y) => x.at - y.at || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0));
  review.sort((x, y) => x.at - y.at || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0));
  relinkPatternDecisions(patterns, decisions);
  markSupersessions(decisions, patterns, input.lexicon);
  patterns.push(...repeatedQuestions(messages, detections), ...selfContradictions(messages, input.lexicon, patterns));
  patterns.sort((x, y) => last(x.messages) - last(y.messages) || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0));
  return { topics: topicStates, decisions, patterns, review };
}

interface StatementCandidate {
  p: number;
  d: Detection;
  score: number;
  statement: string;
  topic: Topic;
  info: TopicInfo;
  downstream: string[];
}

/**
 * A statement says what: a content word from an action item's cue on ("Go ahead", not "I will
 * {…}" or "Can you?"), or besides the cue's own words in a decision's sentence ("Keep it in the
 * array from now on", not "We decided on").
 */
function namesTask(text: string, d: Detection): boolean {
  const s = sentences(text).find((x) => d.start >= x.start && d.start < x.end);
  const end = s ? s.end : text.length;
  const says = (t: string) => t !== 'sai' && !t.includes("'");
  if (d.kind === 'action_item') return contentTokens(text.slice(d.start, end)).some(says);
  const cue = new Set(contentTokens(text.slice(d.start, d.end)));
  return contentTokens(s ? s.text : text).some((t) => !cue.has(t) && says(t));
}

/** How far back the lead-up to a statement may reach, in messages. */
const LEAD_UP_MAX = 30;
/** An action item names a task in a few words; a long sentence with "I will" in it narrates. */
const ACTION_MAX_WORDS = 16;
/** Statements closer than this (in messages) settle the same stretch of discussion: the stronger one stands. */
const DECISION_SPACING = 25;
/** Messages within which one speaker's further action items belong to the same run. */
const ACTION_RUN = 5;
/** Messages in a row sharing no word with the topic that end the lead-up. */
const LEAD_UP_GAP = 4;

interface TopicInfo {
  ps: readonly number[];
  inTopic: ReadonlySet<number>;
  vocab: ReadonlySet<string>;
  words: number;
  /** Position of the topic's last message. */
  end: number;
}

interface Stretch {
  /** Messages counted: the topic's, plus the lead-up before the statement. */
  count: number;
  words: number;
  /** The topic's messages near the statement and the lead-up, in order (bounded). */
  messages: number[];
}

/**
 * The discussion a statement settles: its topic, plus the run of messages just before it that
 * belong to it in all but the clustering — sharing a word with the topic, a short turn that
 * keeps the floor where it is, or the end of a thread that is over (issue → proposals →
 * decision). Meetings split into many small threads that are one discussion; a two-party task
 * thread is usually its whole topic already.
 */
function stretchOf(p: number, topic: TopicInfo, topicOfPos: readonly (TopicInfo | undefined)[], messages: readonly Message[]): Stretch {
  let count = topic.ps.length;
  let words = topic.words;
  const near: number[] = [];
  let gap = 0;
  for (let q = p - 1; q >= 0 && q >= p - LEAD_UP_MAX && gap < LEAD_UP_GAP; q--) {
    if (topic.inTopic.has(q)) {
      near.push(q);
      gap = 0;
      continue;
    }
    const toks = contentTokens(messages[q].text);
    const over = (topicOfPos[q]?.end ?? p) < p;
    if (toks.length <= 1 || over || toks.some((t) => topic.vocab.has(t))) {
      near.push(q);
      count++;
      words += wordCount(messages[q].text);
      if (toks.length > 1) gap = 0;
    } else gap++;
  }
  near.reverse();
  near.push(p);
  for (let q = p + 1; q < messages.length && q <= p + LEAD_UP_MAX; q++) if (topic.inTopic.has(q)) near.push(q);
  return { count, words, messages: near };
}

/**
 * Ranks decision/constraint/preference statements across the task and keeps, for each stretch
 * of discussion, the strongest one whose importance (over that stretch) passes the thresholds:
 * the stronger cue, accepted by someone else, later in its stretch.
 */
function selectStatements(
  input: DecideInput,
  statements: readonly StatementCandidate[],
  acceptedBy: (p: number) => number[],
  rejectedBy: (p: number) => boolean,
  decisions: DecisionCandidate[],
  review: ReviewCandidate[],
  topicImportanceOf: Map<Topic, number>,
  topicOfPos: readonly (TopicInfo | undefined)[],
): void {
  const { messages, thresholds } = input;
  const scored = statements.map((c) => {
    const stretch = stretchOf(c.p, c.info, topicOfPos, messages);
    const region = stretch.messages;
    const importance = importanceScore(stretch.count, stretch.words / stretch.count, wordCount(c.statement));
    topicImportanceOf.set(c.topic, Math.max(topicImportanceOf.get(c.topic) ?? 0, importance));
    return { ...c, region, importance, outcome: classify(importance, thresholds) };
  });
  const rank = (o: string) => (o === 'decision' ? 2 : o === 'review' ? 1 : 0);
  // A tentative proposal ("we should…", "it has to…") decides only once someone else accepts it.
  const order = scored
    .filter((c) => c.outcome !== 'raw' && (c.d.weight >= 1 || acceptedBy(c.p).length > 0))
    .sort((x, y) => rank(y.outcome) - rank(x.outcome) || y.score - x.score || y.p - x.p);
  const taken = new Map<number, Array<[number, number]>>();
  for (const c of order) {
    // One statement per stretch of discussion: skip one whose stretch overlaps a stronger one's.
    const from = Math.min(c.region[0], c.p - DECISION_SPACING);
    const to = Math.max(c.region[c.region.length - 1], c.p + DECISION_SPACING);
    if (overlapsTaken(taken, from, to)) continue;
    take(taken, from, to);
    const type = TYPE_OF_KIND[c.d.kind]!;
    const rejected = rejectedBy(c.p);
    if (c.outcome === 'decision' && !rejected) {
      const accepted = acceptedBy(c.p);
      const confidence = confidenceOf(messages[c.p], c.d, accepted.length > 0);
      // Issue → proposal → agreement: the question or proposal the statement settles is a source too.
      const a = input.answered[c.p];
      const raised = a >= 0 && c.region.includes(a) && (isQuestion(messages[a].text) || input.detections[a].some((d) => d.kind === 'proposal'));
      const sources = [...(raised ? [messages[a].index] : []), messages[c.p].index, ...accepted.map((q) => messages[q].index)];
      decisions.push(candidate(input, c.p, c.statement, type, confidence, sources, c.topic, c.importance, c.downstream, c.d.ruleId, c.region));
    } else {
      review.push({ topic: c.topic.label, importance: round1(c.importance), messages: c.region.map((q) => messages[q].index), statement: c.statement, type, at: c.p, messageIndex: messages[c.p].index, ts: messages[c.p].ts });
    }
  }
}

/**
 * Claimed stretches, bucketed by position: each is stored in every bucket it covers and they
 * never overlap, so a lookup touches a few buckets of a few entries each.
 */
const BUCKET = 2 * DECISION_SPACING + 1;

function overlapsTaken(taken: Map<number, Array<[number, number]>>, from: number, to: number): boolean {
  for (let b = Math.floor(from / BUCKET); b <= Math.floor(to / BUCKET); b++) {
    for (const [a, z] of taken.get(b) ?? []) if (a <= to && from <= z) return true;
  }
  return false;
}

function take(taken: Map<number, Array<[number, number]>>, from: number, to: number): void {
  for (let b = Math.floor(from / BUCKET); b <= Math.floor(to / BUCKET); b++) {
    const list = taken.get(b) ?? [];
    list.push([from, to]);
    taken.set(b, list);
  }
}

function last(xs: readonly number[]): number {
  return xs[xs.length - 1];
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function excerpt(text: string, max = 120): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function candidate(
  input: DecideInput,
  p: number,
  statement: string,
  type: DecisionType,
  confidence: Confidence,
  sourceMessages: number[],
  topic: Topic,
  importance: number,
  downstream: string[],
  cue: string,
  scope?: readonly number[],
): DecisionCandidate {
  const m = input.messages[p];
  const a = input.answered[p];
  const first = positionOf(input.messages, topic.messages[0]);
  const contextText = a >= 0 ? input.messages[a].text : first !== undefined ? input.messages[first].text : '';
  return {
    statement,
    type,
    confidence,
    at: p,
    messageIndex: m.index,
    sourceMessages: [...new Set(sourceMessages)].sort((x, y) => x - y),
    topic: topic.label,
    importance: round1(importance),
    context: a >= 0 || topic.messages[0] !== m.index ? excerpt(contextText, 200) : '',
    alternatives: type === 'action_item' ? unique(clauseAfter(m.text, ALTERNATIVE_CUE, 6)) : alternativesOf(input, p, statement, topic, scope),
    reasons: unique(clauseAfter(m.text, REASON_CUE, 20)),
    downstream,
    ts: m.ts,
    supersedes: null,
    cue,
  };
}

/** Option lists: "the options are A, B, or C", "either A or B", "we could use A or B". */
const OPTION_LIST = /\b(?:(?:options|choices|alternatives|candidates)\s+(?:are|were|would be|include)\s*:?|(?:options|choices|alternatives)\b[^.:;!?\n]{0,40}:|either|(?:we|you) could (?:use|go with|try|pick|choose)|(?:use|go with|pick|choose|try)(?=\s+[^.;!?\n]*\bor\b))\s+([^.;!?\n]+)/gi;
/** Pairs joined by "or" that are idioms, not options. */
const OR_IDIOM = /\b(?:more or less|one or two|two or three|sooner or later|or so|whether or not|or not|or something|or anything|or whatever)\b/gi;
/** Where an option's name ends and the sentence goes on about it ("Postgres for this", "spaces is fine"). */
const OPTION_END = /\s(?:for|is|are|was|were|would|will|should|could|can|to|in|at|because|since|which|that|so|but|if|as|then|one)\b.*$/i;
/** A single option put forward: "how about A", "what about B", "we could use C". */
const OPTION_ONE = /\b(?:how about|what about|we could (?:use|go with|try)|we might (?:use|go with|try)|another option is|one option is)\s+([^.,;!?\n]+)/gi;
const OPTION_LEAD = /^(?:just|maybe|perhaps|simply|using|use|a|an|the)\s+/i;

function cleanOption(raw: string): string | null {
  let o = raw.trim().replace(OPTION_END, '').replace(/[,:]+$/, '');
  for (let k = 0; k < 3 && OPTION_LEAD.test(o); k++) o = o.replace(OPTION_LEAD, '');
  const ws = o.split(/\s+/).filter(Boolean);
  if (ws.length === 0 || ws.length > 6 || contentTokens(o).length === 0) return null;
  return ws.join(' ');
}

/** The options a message puts forward, in order. */
export function optionsIn(raw: string): string[] {
  const text = raw.replace(OR_IDIOM, ' ');
  const out: string[] = [];
  OPTION_LIST.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = OPTION_LIST.exec(text)) !== null) {
    const parts = m[1].split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+/);
    if (parts.length < 2) continue;
    for (const part of parts) {
      const o = cleanOption(part);
      if (o) out.push(o);
    }
  }
  OPTION_ONE.lastIndex = 0;
  while ((m = OPTION_ONE.exec(text)) !== null) {
    // "What about retries and dead letters?" raises concerns; an option is one short thing (a list
    // with "or" was read above).
    if (/\b(?:and|or)\b/i.test(m[1])) continue;
    const o = cleanOption(m[1]);
    if (o && o.split(/\s+/).length <= 4) out.push(o);
  }
  return out;
}

/** How far back in its topic a decision looks for the options it chose among. */
const OPTIONS_LOOKBACK = 50;

/**
 * What the decision chose against: what follows "instead of / rather than / over" in its own
 * message, then options put forward earlier in the topic that share no word with the choice.
 */
function alternativesOf(input: DecideInput, p: number, statement: string, topic: Topic, scope?: readonly number[]): string[] {
  const m = input.messages[p];
  const named = clauseAfter(m.text, ALTERNATIVE_CUE, 6);
  ALTERNATIVE_CUE.lastIndex = 0;
  const chosen = new Set(contentTokens(statement.split(ALTERNATIVE_CUE)[0]));
  // Earlier messages of the discussion the statement settles (its stretch, or else its topic; the
  // nearest ones, bounded), then the statement's own message up to the statement.
  const texts: string[] = [];
  if (scope) {
    for (const q of scope) if (q < p && p - q <= OPTIONS_LOOKBACK * 4) texts.push(input.messages[q].text);
  } else {
    const earlier = new Set(topic.messages.filter((i) => i < m.index).slice(-OPTIONS_LOOKBACK));
    for (let q = p - 1; q >= 0 && p - q <= OPTIONS_LOOKBACK * 4; q--) if (earlier.has(input.messages[q].index)) texts.push(input.messages[q].text);
    texts.reverse();
  }
  const at = m.text.indexOf(statement.slice(0, 20));
  if (at > 0) texts.push(m.text.slice(0, at));
  const offered = texts.flatMap(optionsIn);
  const out = [...named];
  const seen = new Set(named.map((x) => x.toLowerCase()));
  for (const o of offered) {
    if (seen.has(o.toLowerCase()) || contentTokens(o).some((t) => chosen.has(t))) continue;
    seen.add(o.toLowerCase());
    out.push(o);
    if (out.length >= 6) break;
  }
  return out;
}

const positions = new WeakMap<readonly Message[], Map<number, number>>();
/** Position of a message index in the normalized list (built once per list). */
function positionOf(messages: readonly Message[], index: number | undefined): number | undefined {
  if (index === undefined) return undefined;
  let m = positions.get(messages);
  if (!m) {
    m = new Map(messages.map((x, p) => [x.index, p]));
    positions.set(messages, m);
  }
  return m.get(index);
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

function confidenceOf(m: Message, d: Detection, confirmed: boolean): Confidence {
  if (confirmed) return 'high';
  if (d.kind === 'action_item' && d.weight < 1) return 'low';
  if (m.role === 'bot') return 'low';
  return 'medium';
}

/**
 * A one- or two-word "yeah"/"right" while the other speaker keeps the floor is a backchannel
 * (listening), not agreement: the speaker answered goes straight on talking.
 */
function isBackchannel(p: number, messages: readonly Message[], detections: readonly Detection[][], answered: readonly number[]): boolean {
  const a = answered[p];
  if (a < 0 || p + 1 >= messages.length) return false;
  if (wordCount(messages[p].text) > 2) return false;
  if (detections[a].some((d) => d.kind === 'proposal' || d.kind === 'readback') || isQuestion(messages[a].text)) return false;
  const next = messages[p + 1];
  return next.author !== '' && next.author === messages[a].author;
}

function topicStatus(ps: readonly number[], messages: readonly Message[], verdict: ReadonlyArray<string | null>): 'open' | 'concluded' {
  for (let k = ps.length - 1; k >= 0; k--) {
    const v = verdict[ps[k]];
    if (v === 'disagreement') return 'open';
    if (v === 'confirmation' || v === 'correction') return 'concluded';
  }
  const lastMessage = messages[ps[ps.length - 1]];
  return lastMessage && isQuestion(lastMessage.text) && ps.length > 1 ? 'open' : 'concluded';
}

function mentionedTasks(texts: readonly string[], known: ReadonlySet<string>, self: string): string[] {
  if (known.size <= 1) return [];
  const out = new Set<string>();
  for (const t of texts) {
    for (const m of t.match(/[A-Za-z][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g) ?? []) {
      if (m !== self && known.has(m)) out.add(m);
    }
  }
  return [...out].sort();
}

function relinkPatternDecisions(patterns: PatternCandidate[], decisions: readonly DecisionCandidate[]): void {
  for (const pat of patterns) {
    if (pat.type !== 'correction') continue;
    const at = last(pat.messages);
    const k = decisions.findIndex((d) => d.type === 'constraint' && d.sourceMessages.includes(at) && d.cue.startsWith('corrections/'));
    pat.decision = k >= 0 ? k : null;
  }
}

/** How many earlier decisions of the task a new one is compared with. */
const SUPERSEDE_LOOKBACK = 50;

/** Later decisions on the same subject with a different conclusion replace earlier ones. */
function markSupersessions(decisions: DecisionCandidate[], patterns: PatternCandidate[], lexicon: CompiledLexicon): void {
  // Clause by clause, like a speaker's own contradictions: two decisions of one discussion share
  // its vocabulary, so a shared word and a "not" somewhere do not make the same subject.
  const claims = decisions.map((d) => clauseClaims(d.statement, lexicon));
  const superseded = new Set<number>();
  for (let i = 0; i < decisions.length; i++) {
    for (let j = i - 1; j >= 0 && i - j <= SUPERSEDE_LOOKBACK; j--) {
      if (superseded.has(j)) continue;
      const reason = utteranceConflict(claims[j], claims[i], lexicon);
      if (!reason) continue;
      decisions[i].supersedes = j;
      superseded.add(j);
      patterns.push({
        type: 'contradiction',
        messages: [decisions[j].messageIndex, decisions[i].messageIndex],
        description: `Same subject, different conclusion (${reason}): "${excerpt(decisions[j].statement, 80)}" then "${excerpt(decisions[i].statement, 80)}"`,
        rule: 'contradiction/decisions',
        decision: i,
        ts: decisions[i].ts,
      });
      break;
    }
  }
}

/** The same question asked again by the same speaker (or with an explicit "again"). */
function repeatedQuestions(messages: readonly Message[], detections: readonly Detection[][]): PatternCandidate[] {
  const out: PatternCandidate[] = [];
  const asked: Array<{ p: number; toks: Set<string> }> = [];
  for (let p = 0; p < messages.length; p++) {
    const m = messages[p];
    const repeatCue = has(detections[p], 'repeat_cue');
    if (!question(m) && !repeatCue) continue;
    const toks = new Set(contentTokens(m.text));
    if (toks.size === 0) continue;
    for (let k = asked.length - 1; k >= 0 && p - asked[k].p <= 60; k--) {
      const prev = messages[asked[k].p];
      if (prev.author !== m.author || prev.role !== m.role) continue;
      let shared = 0;
      for (const t of toks) if (asked[k].toks.has(t)) shared++;
      const sim = jaccard(toks, asked[k].toks);
      if ((shared >= 2 && sim >= 0.5) || (repeatCue && shared >= 1 && sim >= 0.2)) {
        out.push({
          type: 'repeated_question',
          messages: [prev.index, m.index],
          description: `${m.author || 'A speaker'} asks again: "${excerpt(m.text, 80)}"`,
          rule: repeatCue ? 'repeated-question/cue' : 'repeated-question/similar',
          decision: null,
          ts: m.ts,
        });
        break;
      }
    }
    if (question(m)) asked.push({ p, toks });
  }
  return out;
}

/**
 * A speaker asserting something and later its opposite, on the same subject: compared clause by
 * clause, so that two turns merely sharing a few words and a "not" somewhere are not flagged.
 */
function selfContradictions(messages: readonly Message[], lexicon: CompiledLexicon, existing: readonly PatternCandidate[]): PatternCandidate[] {
  const out: PatternCandidate[] = [];
  const seen = new Set(existing.filter((x) => x.type === 'contradiction').map((x) => x.messages.join(',')));
  const claims: Array<{ p: number; clauses: ClauseClaim[] }> = [];
  for (let p = 0; p < messages.length; p++) {
    const m = messages[p];
    if (isQuestion(m.text) || wordCount(m.text) < 4) continue;
    const clauses = clauseClaims(m.text, lexicon);
    if (clauses.length === 0) continue;
    for (let k = claims.length - 1; k >= 0 && p - claims[k].p <= 40; k--) {
      const prev = messages[claims[k].p];
      if (prev.author !== m.author || prev.role !== m.role) continue;
      const reason = utteranceConflict(claims[k].clauses, clauses, lexicon);
      if (!reason) continue;
      const key = `${prev.index},${m.index}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({
          type: 'contradiction',
          messages: [prev.index, m.index],
          description: `${m.author || 'A speaker'} says two conflicting things (${reason}): "${excerpt(prev.text, 80)}" then "${excerpt(m.text, 80)}"`,
          rule: 'contradiction/same-speaker',
          decision: null,
          ts: m.ts,
        });
      }
      break;
    }
    claims.push({ p, clauses });
  }
  return out;
}
