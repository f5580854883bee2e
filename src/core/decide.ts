// Stages 6–9 for one task (see pipeline.ts): score each topic and decide what it yields — decisions, review
// candidates, and reply patterns (corrections, confirmations, disagreements, repeated
// questions, contradictions). Everything here is positional: ids are assigned later (evolve).
import { negates, type CompiledLexicon } from './contradiction';
import { findAct, normalForm, type CompiledStatementLexicon } from './sentenceActs';
import type { AnalysedMessages, MessageAnalysis } from './messageAnalysis';
import { importanceScore, classify, type Thresholds } from './score';
import { scoreCandidate, type ScorerModel } from './scorer';
import { withPairs } from './clauseFeatures';
import type { CompiledRule } from './rules';
import { correctedMessage, correctedPart, correctingMessage, type CorrectedMessage } from './corrected';
import { statedNames, subjectClauses, valueKeys, viewOf } from './subject';
import { numberKey } from './measures';
import { clauseAfter, namesTask, optionListsIn, statementAt } from './statement';
import { contentToken, contentTokens, isQuestion, nameWords, normalizeStatement, sentences, wordCount, words, type Stems, excerpt, taskIdsIn } from './text';
import type { Confidence, DecideTuning, DecisionCandidate, DecisionType, Detection, Message, PatternCandidate, ReplyActs, ReviewCandidate, RuleKind, SentenceCandidate, TaskAnalysis, Topic, TopicState, Tuning, Words } from './types';

// The stage's output shapes live with the other plain data shapes (types.ts), so that the stages
// after this one read them without importing this module.
export type { DecisionCandidate, PatternCandidate, ReviewCandidate, TaskAnalysis } from './types';

export interface DecideInput {
  messages: readonly Message[];
  /** Each message's analysed text (tokens, word counts), by position, and positions by message index. */
  text: AnalysedMessages;
  detections: readonly Detection[][];
  answered: readonly number[];
  /** Each message's verdict on what it answers (the reply-acts stage). */
  replies: ReplyActs;
  topics: readonly Topic[];
  /** Stage 6's candidate clauses (candidates.ts), in message order; none in a discussion without an agent. */
  clauses: readonly SentenceCandidate[];
  thresholds: Thresholds;
  /** Windows and limits of every stage (the engine's tuning). */
  tuning: Tuning;
  lexicon: CompiledLexicon;
  statements: CompiledStatementLexicon;
  /** The engine's word lists (a statement's extent, questions without a mark, content words). */
  words: Words;
  /** The engine's rules by id: alternatives and reasons are the clauses after the cues of rules of those kinds. */
  rules: ReadonlyMap<string, CompiledRule>;
  /** Task ids that exist, so mentions of them become `downstream` links. */
  knownTaskIds: ReadonlySet<string>;
  taskId: string;
  /** The fitted decision scorer (rules/models/decision-scorer.json, or the config's). */
  scorer: ScorerModel;
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
const first = (ds: readonly Detection[], kind: RuleKind) => ds.find((d) => d.kind === kind);

/**
 * Candidates of one task and the band each lands in (decision, review, raw), with each topic's
 * importance and status. Not yet ordered or related to each other: see orderCandidates,
 * supersedeInTask (supersede.ts) and addSpeakerPatterns (replies.ts).
 */
export function decideTask(input: DecideInput): TaskAnalysis {
  const reply = replyContext(input);
  const topicsAt = topicInfos(input);
  // A discussion with an agent in it: every decisive clause is a candidate of its own (who
  // decides matters: agents propose, people decide). Without an agent (a meeting, a chat), the
  // strongest statement of each stretch of discussion is taken.
  if (input.messages.some((m) => m.role === 'bot')) return decideWithAgent(input, reply, topicsAt);
  return decideAmongPeople(input, reply, topicsAt);
}

/** What the replies say of each message: its verdict, who accepts or rejects it, its strongest cue. */
interface ReplyContext {
  verdict: ReplyActs['verdict'];
  confirmedBy: ReplyActs['confirmedBy'];
  /** Stage 4's patterns, copied: the later stages add to them and link them to decisions. */
  patterns: PatternCandidate[];
  rejectedBy: (p: number) => boolean;
  /** Positions of the messages by another speaker that accept message p. */
  acceptedBy: (p: number) => number[];
  /** The strongest cue of message p among the given kinds, with its score. */
  strongest: (p: number, family: readonly RuleKind[]) => { d: Detection; score: number } | null;
  /** What each correction corrects. */
  corrections: CorrectionReader;
}

function replyContext(input: DecideInput): ReplyContext {
  const { messages, detections, answered } = input;
  const { verdict, confirmedBy } = input.replies;
  const rejected = messages.map(() => false);
  for (let q = 0; q < messages.length; q++) if (answered[q] >= 0 && verdict[q] === 'disagreement') rejected[answered[q]] = true;
  const rejectedBy = (p: number) => rejected[p];
  /** A statement another speaker accepts: a confirmation answering it, or right after it. */
  const acceptedBy = (p: number): number[] => {
    const out = new Set(confirmedBy.get(p) ?? []);
    for (let q = p + 1; q < messages.length && q <= p + 2; q++) {
      if (verdict[q] === 'confirmation' && messages[q].author !== messages[p].author) out.add(q);
      if (verdict[q] === 'disagreement') break;
    }
    return [...out].sort((x, y) => x - y);
  };
  const strongest = (p: number, family: readonly RuleKind[]): { d: Detection; score: number } | null => {
    let out: { d: Detection; score: number } | null = null;
    const m = messages[p];
    let accepted: boolean | null = null;
    for (const d of detections[p]) {
      if (!family.includes(d.kind)) continue;
      accepted ??= acceptedBy(p).length > 0;
      let score = (KIND_PRIORITY[d.kind] ?? 0) * d.weight + (accepted ? 1 : 0);
      if (m.role === 'human') score += 0.5;
      if (m.role === 'bot' && !accepted) score -= 0.5;
      if (rejectedBy(p)) score -= 1.5;
      if (!out || score > out.score) out = { d, score };
    }
    return out;
  };
  return { verdict, confirmedBy, patterns: input.replies.patterns.map((x) => ({ ...x })), rejectedBy, acceptedBy, strongest, corrections: new CorrectionReader(input) };
}

type TopicsAt = ReturnType<typeof topicInfos>;

/** A discussion with an agent: each candidate clause, weighed by the scorer, goes to its band. */
function decideWithAgent(input: DecideInput, reply: ReplyContext, topicsAt: TopicsAt): TaskAnalysis {
  const { messages, topics } = input;
  const decisions: DecisionCandidate[] = [];
  const review: ReviewCandidate[] = [];
  const weighed = agentCandidates(input, topicsAt);
  const topicImportance = new Map<Topic, number>();
  const cuedAt = new Map<number, SentenceCandidate[]>();
  for (const w of weighed) {
    topicImportance.set(w.topic, Math.max(topicImportance.get(w.topic) ?? 0, w.importance));
    if (w.c.hint !== null) cuedAt.set(w.c.p, [...(cuedAt.get(w.c.p) ?? []), w.c]);
    if (w.c.strength === 'correction') reply.corrections.said(w.c.p, w.c.statement);
  }
  for (const w of weighed) {
    const scored = scoreCandidate(input.scorer, w.features);
    const band = bandOf(scored.score, classify(w.importance, input.thresholds), settledInDiscussion(w.features), input.scorer.thresholds);
    if (band === 'raw') continue;
    const type = typeOf(w.c, scored.type);
    if (band === 'decision') decisions.push(agentDecision(input, reply, w, type, scored, cuedAt));
    else review.push({ topic: w.topic.label, importance: round1(w.importance), messages: w.c.sources.map((q) => messages[q].index), statement: w.c.statement, type, at: w.c.p, messageIndex: messages[w.c.p].index, ts: messages[w.c.p].ts });
  }
  const patterns = withEchoedAcceptances(input, reply, [...reply.patterns, ...valueCorrections(input, reply, weighed), ...acceptances(input, reply, weighed)]);
  const topicStates = topics.map((topic) => ({ ...topic, importance: round1(topicImportance.get(topic) ?? 0), status: topicStatus(topicsAt.infos.get(topic)!.ps, messages, reply.verdict) }));
  const confirms = (d: DecisionCandidate) => reply.verdict[d.at] === 'confirmation';
  const kept = withoutRepeats(decisions, confirms, input.text.stemmer, (text, closes) => saidValues(input, text, closes));
  return { topics: topicStates, decisions: kept, patterns, review: withoutRepeatedReview(review, kept) };
}

/**
 * "ice yes. gas station ice, max 20 a day. no snacks" — "jaja ok les digo. no snacks 😢": a
 * statement said again in the same words is one matter for a person to review, not two; the later
 * saying adds its messages to the first. One the task already decided in the same words is no
 * matter for review at all.
 */
function withoutRepeatedReview(review: readonly ReviewCandidate[], decided: readonly DecisionCandidate[]): ReviewCandidate[] {
  const settled = new Set(decided.map((d) => normalizeStatement(d.statement)));
  const out: ReviewCandidate[] = [];
  const first = new Map<string, ReviewCandidate>();
  for (const r of review) {
    const k = normalizeStatement(r.statement);
    if (settled.has(k)) continue;
    const earlier = first.get(k);
    if (earlier) {
      earlier.messages = [...new Set([...earlier.messages, ...r.messages])].sort((x, y) => x - y);
      continue;
    }
    const own = { ...r, messages: [...r.messages] };
    first.set(k, own);
    out.push(own);
  }
  return out;
}

/**
 * "(b)." — "Agreed, checkpoint.": two people naming the same option make one decision, not two. A
 * later decision of the task with the same words as the one just before it on that matter adds its
 * messages to that one's sources instead, and so does a confirmation that says nothing the one just
 * before it did not ("Raw events: 13 months." — "OK, 13 it is."), or a decision right after it that
 * says nothing more, though no cue reads it as a confirmation ("€42 is fine by me. Hannah?" — "€42
 * yes."); said again after another decision came between ("Friday" → "Monday" → "Friday"), it
 * stands: it reinstates.
 */
function withoutRepeats(decisions: readonly DecisionCandidate[], confirms: (d: DecisionCandidate) => boolean, stems: Stems, values: SaidValues): DecisionCandidate[] {
  const out: DecisionCandidate[] = [];
  const latest = new Map<string, number>();
  for (const d of decisions) {
    const key = normalizeStatement(d.statement);
    const k = latest.get(key);
    const earlier = k !== undefined ? out[k] : restated(out, d, stems, confirms(d) ? Infinity : AGREEMENT_REACH, values);
    if (earlier && !out.some((o) => o.messageIndex > earlier.messageIndex && o.messageIndex < d.messageIndex)) {
      earlier.sourceMessages = [...new Set([...earlier.sourceMessages, ...d.sourceMessages])].sort((x, y) => x - y);
      continue;
    }
    latest.set(key, out.length);
    out.push(d);
  }
  return out;
}

/** How many messages after a decision another one that says nothing more is read as agreeing to it. */
const AGREEMENT_REACH = 2;

/**
 * The decision of the latest message with decisions before d's, at most `reach` messages back, that
 * holds every content word of d, or every value d names and settles ("Montag passt." after "Let's
 * move ours to Monday nights": the same day in another language, closed by a word that settles it).
 */
function restated(out: readonly DecisionCandidate[], d: DecisionCandidate, stems: Stems, reach: number, values: SaidValues): DecisionCandidate | undefined {
  const said = contentTokens(d.statement, stems);
  const before = out.filter((o) => o.messageIndex < d.messageIndex);
  const latest = before[before.length - 1]?.messageIndex;
  if (said.length === 0 || latest === undefined || d.messageIndex - latest > reach) return undefined;
  const settled = values(d.statement, true);
  const holds = (o: DecisionCandidate) => {
    if (said.every((t) => contentTokens(o.statement, stems).includes(t))) return true;
    const theirs = settled === null ? null : values(o.statement, false);
    return settled !== null && theirs !== null && settled.every((t) => theirs.includes(t));
  };
  return before.find((o) => o.messageIndex === latest && holds(o));
}

/** See saidValues. */
type SaidValues = (statement: string, closes: boolean) => string[] | null;

/**
 * The words of a statement with each value word read as the value it names ("montag" and
 * "Monday" both "=monday"; "48h" and "48" both "=#48"). With `closes`, only of a statement closed by a word that settles a
 * choice ("… passt", "… then") and naming a value, without that word; null otherwise.
 */
function saidValues(input: DecideInput, statement: string, closes: boolean): string[] | null {
  const lower = normalForm(statement).replace(/[.!\s]+$/u, '');
  const closing = closes ? findAct(input.statements, 'decision', lower) : null;
  if (closes && (closing === null || closing.end < lower.length)) return null;
  const { wordSlot } = input.lexicon.subjects;
  // (The earlier statement's value of a slot is the last it gives there and does not rule out:
  // "Monday nights, not Wednesday" and "from Wednesday to Monday" set Monday, not Wednesday.)
  // (Of the earlier statement only the numbers it settles: "from 24h to 48h" sets 48, not 24.)
  const { standing, unsettled } = closes ? { standing: null, unsettled: null } : settledValues(input, statement);
  const read = words(closing ? lower.slice(0, closing.start) : lower).flatMap((w) => {
    // (A number is a value however its unit is glued to it: "48h" and "48" name one.)
    const number = /\d/.test(w) ? numberKey(w) : null;
    if (number !== null) return unsettled?.has(number) ? [] : [`=#${number}`];
    const slot = wordSlot.get(w);
    if (slot === undefined) return contentToken(w, input.text.stemmer) ?? [];
    return standing === null || standing.get(slot.slot) === slot.value ? [`=${slot.value}`] : [];
  });
  return closes && !read.some((t) => t.startsWith('=')) ? null : read;
}

/**
 * Each slot a statement gives a value, with the last value it gives there, unless it rules that one
 * out ("from Wednesday to Monday": monday); and the numbers of the values it gives but does not
 * settle so (the one it moves from, or rules out), read in the same pass over its clauses.
 */
function settledValues(input: DecideInput, statement: string): { standing: Map<string, string>; unsettled: Set<string> } {
  const standing = new Map<string, string>();
  const ruledOut = new Set<string>();
  const given: string[] = [];
  for (const c of subjectClauses(statement, input.lexicon.subjects, input.lexicon)) {
    for (const v of c.values) {
      given.push(v.value);
      if (v.negated) ruledOut.add(`${v.key}=${v.value}`);
      else standing.set(v.key, v.value);
    }
  }
  for (const [key, value] of standing) if (ruledOut.has(`${key}=${value}`)) standing.delete(key);
  const settled = new Set([...standing.values()].flatMap((v) => numberKey(v) ?? []));
  const unsettled = new Set(given.flatMap((v) => numberKey(v) ?? []).filter((n) => !settled.has(n)));
  return { standing, unsettled };
}

/** The decision a weighed candidate of the registry band makes, with the sources, reasons and alternatives that are its own. */
function agentDecision(input: DecideInput, reply: ReplyContext, w: WeighedCandidate, type: DecisionType, scored: { score: number; weighed: string[] }, cuedAt: ReadonlyMap<number, SentenceCandidate[]>): DecisionCandidate {
  const { messages } = input;
  const { c, topic, info, importance } = w;
  const downstream = mentionedTasks(info.ps.map((p) => messages[p].text), input.knownTaskIds, input.taskId);
  // Issue → proposal → agreement: a confirmation by someone else is a source too.
  const agreed = (reply.confirmedBy.get(c.p) ?? []).filter((q) => messages[q].author !== messages[c.p].author);
  const sources = [...c.sources, ...agreed].map((q) => messages[q].index);
  const d = candidate(input, c.p, c.statement, type, confidenceOfCandidate(c, scored.score, messages, reply.confirmedBy), sources, topic, importance, downstream, c.cue, w.stretch);
  d.correction = c.strength === 'correction';
  if (d.correction) d.corrects = reply.corrections.of(c.p, c.statement, d.context);
  d.scorer = { score: scored.score, weighed: scored.weighed };
  // The clause's own reasons and alternatives and those around it, but not what another
  // decision of the same message gives as its own ("… instead of Mailchimp, because …"); a plain
  // clause beside it is where its reasons often are.
  const others = (cuedAt.get(c.p) ?? []).filter((o) => o !== c);
  const theirs = (x: string) => others.some((o) => o.statement.includes(x) || o.reasons.includes(x) || o.alternatives.includes(x) || x.includes(o.alternatives[0] ?? '\u0000'));
  d.reasons = unique([...c.reasons, ...d.reasons.filter((x) => !theirs(x))]);
  // The clause's "the copier" is the same alternative as the cue's cut-off "the copier, because
  // it's cheaper for" or "the copier: it's cheaper for".
  d.alternatives = unique([...c.alternatives, ...d.alternatives.filter((x) => !theirs(x) && !c.alternatives.some((a) => x.startsWith(a) && /^[,:]/.test(x.slice(a.length))))]);
  return d;
}

/** A correction found by its content (a different value for what the agent said) is a correction pattern like one found by its cue. */
function valueCorrections(input: DecideInput, reply: ReplyContext, weighed: readonly WeighedCandidate[]): PatternCandidate[] {
  const { messages } = input;
  const out: PatternCandidate[] = [];
  const corrected = new Set(reply.patterns.filter((x) => x.type === 'correction').map((x) => last(x.messages)));
  for (const { c } of weighed) {
    const m = messages[c.p];
    // A reply that accepts ("Thursday 10 is fine.") names a value of its own without correcting one;
    // one that accepts the rest after a fix ("Pale went up to £6.20, you've got the old price.
    // Rest looks ok") corrects in the clause the acceptance is not in.
    if (c.cue !== 'value-correction' || corrected.has(m.index) || (reply.verdict[c.p] === 'confirmation' && acceptedIn(c, m, input.detections[c.p]))) continue;
    corrected.add(m.index);
    out.push({ type: 'correction', messages: c.sources.map((q) => messages[q].index), description: `${m.author || 'A person'} corrects a value the agent gave: "${excerpt(m.text)}"`, rule: 'statements/value-correction', decision: null, ts: m.ts });
  }
  return out;
}

/**
 * Whether message m accepts what the clause c was taken from says: unless every acceptance of it
 * comes after the clause ("…, you've got the old price. Rest looks ok"), or the clause cannot be
 * found as written, the clause is taken as accepted ("Yes, 21k.", "Thursday 10 is fine.").
 */
function acceptedIn(c: SentenceCandidate, m: Message, detections: readonly Detection[]): boolean {
  const clause = (c.said ?? c.statement).toLowerCase().replace(/[.!]+$/, '');
  const at = m.text.toLowerCase().indexOf(clause);
  return at < 0 || detections.some((d) => d.kind === 'confirmation' && d.start < at + clause.length);
}

/**
 * A reply that is only a pick or a go-ahead — naming one of the options the agent put up ("B.",
 * "Mamma Rosa.", "Go with 2."), or taking up its offer ("send it", "go") — accepts it: a
 * confirmation pattern like one a cue makes, where the reply has no verdict of its own.
 */
function acceptances(input: DecideInput, reply: ReplyContext, weighed: readonly WeighedCandidate[]): PatternCandidate[] {
  const { messages } = input;
  const out: PatternCandidate[] = [];
  const judged = new Set(reply.patterns.map((x) => last(x.messages)));
  for (const { c } of weighed) {
    const picked = c.features.includes('origin:selection');
    if (!picked && !c.features.includes('origin:accepted-proposal')) continue;
    // (The reply is the candidate's own message for a pick, the person's message after the offer for a proposal taken up.)
    const p = picked ? c.p : Math.max(...c.sources.filter((q) => q > c.p && messages[q].role !== 'bot'));
    const m = messages[p];
    // (Only a reply that is the acceptance: one that goes on to say more is judged by what it says.)
    if (!m || m.role === 'bot' || reply.verdict[p] !== null || judged.has(m.index) || wordCount(m.text) > input.tuning.candidates.selectionMaxWords) continue;
    judged.add(m.index);
    const a = Math.max(...c.sources.filter((q) => q < p && messages[q].role === 'bot'), -1);
    out.push({ type: 'confirmation', messages: a >= 0 ? [messages[a].index, m.index] : [m.index], description: `${m.author || 'A person'} accepts what the agent put up: "${excerpt(m.text)}"`, rule: picked ? 'statements/option-picked' : 'statements/offer-taken', decision: null, ts: m.ts });
  }
  return out;
}

/**
 * A reply by another speaker that opens with an acceptance and gives again a value the message it
 * answers gave ("Yes, 21k." after "the kitchen can go up to 21,000 all-in", "Ok, máximo 2
 * dentales por día." after "2 a day max", "OK, 13 it is.") takes that message as said: a
 * confirmation pattern where the reply has no verdict of its own. The values are compared as the
 * subject model normalises them (21k = 21,000), and only those the answered message gives, not
 * those it rules out ("not 4 a day again").
 */
function withEchoedAcceptances(input: DecideInput, reply: ReplyContext, patterns: PatternCandidate[]): PatternCandidate[] {
  const { messages, answered } = input;
  const judged = new Set(patterns.map((x) => last(x.messages)));
  const out = [...patterns];
  // (The values a message gives, read once however many replies answer it.)
  const given = new Map<number, ReadonlySet<string>>();
  const givenAt = (a: number) => given.get(a) ?? given.set(a, new Set(valueKeys(viewOf(messages[a].text, input.lexicon.subjects, input.lexicon)))).get(a)!;
  for (let p = 0; p < messages.length; p++) {
    const m = messages[p];
    const a = answered[p];
    if (m.role === 'bot' || a < 0 || reply.verdict[p] !== null || judged.has(m.index) || messages[a].author === m.author) continue;
    if (!echoesValues(input, m.text, () => givenAt(a))) continue;
    judged.add(m.index);
    out.push({ type: 'confirmation', messages: [messages[a].index, m.index], description: `${m.author || 'A person'} accepts what ${messages[a].author || 'the other speaker'} said: "${excerpt(m.text)}"`, rule: 'statements/echoed-acceptance', decision: null, ts: m.ts });
  }
  return out;
}

/**
 * Whether a reply opens with an acceptance and gives again values the answered message gives
 * (`theirs`), and no value of its own anywhere (a value of its own is a counter-offer: "Ok, 21k.
 * But 25k would be better."); one that judges, negates or takes back what it names accepts
 * nothing ("Ok, 21k is a joke.", "Yes, 21k is way too much.", "Yes, 21k. No wait, 18k.").
 */
function echoesValues(input: DecideInput, reply: string, theirs: () => ReadonlySet<string>): boolean {
  const said = sentences(reply).map((x) => x.text.trim()).filter((x) => x.length > 0);
  const first = said[0] ?? '';
  // (The value may come first: "48 ok" accepts as "ok, 48" does.)
  const opening = findAct(input.statements, 'acceptance', normalForm(first.replace(LEADING_VALUES, '')));
  if (!opening || opening.start !== 0 || isQuestion(first)) return false;
  if (said.some((x, k) => judges(input, x, k === 0))) return false;
  const lex = input.lexicon;
  const mine = valueKeys(viewOf(first, lex.subjects, lex));
  if (mine.length === 0) return false;
  const all = [...mine, ...said.slice(1).flatMap((x) => valueKeys(viewOf(x, lex.subjects, lex)))];
  const known = theirs();
  // (A bare hour is the clock time it names: "ok 8" after "we start at 8".)
  return all.every((k) => known.has(k) || (/^\d{1,2}$/.test(k) && known.has(`${k}:00`)));
}

/**
 * Whether a sentence of a reply judges or takes back what it names: a negation (contradiction.ts
 * `negates`: its negator words and phrases, a "n't"), a "too …", a contrast or sarcasm anywhere, a
 * rejection opening a later sentence ("No wait, 18k.").
 */
function judges(input: DecideInput, sentence: string, first: boolean): boolean {
  const lower = normalForm(sentence);
  if (negates(input.lexicon, lower)) return true;
  if ((['excess', 'contrast', 'sarcasm'] as const).some((act) => findAct(input.statements, act, lower) !== null)) return true;
  return !first && findAct(input.statements, 'rejection', lower)?.start === 0;
}

/** Numbers (with a currency sign or a percent) that open a reply, and the space after them. */
const LEADING_VALUES = /^(?:[€$£]?\d[\d.,:]*\s*%?\s+)+/u;

/** A discussion among people (a meeting, a chat): per topic, its corrections, its strongest statements and its action items. */
function decideAmongPeople(input: DecideInput, reply: ReplyContext, topicsAt: TopicsAt): TaskAnalysis {
  const { messages, topics } = input;
  const decisions: DecisionCandidate[] = [];
  const review: ReviewCandidate[] = [];
  const statements: StatementCandidate[] = [];
  const topicStates: TopicState[] = [];
  const topicImportanceOf = new Map<Topic, number>();
  for (const topic of topics) {
    const info = topicsAt.infos.get(topic)!;
    const ps = topic.messages.map((i) => input.text.positionOf.get(i)!).filter((p) => p !== undefined);
    const totalWords = ps.reduce((s, p) => s + input.text.at[p].words, 0);
    const downstream = mentionedTasks(ps.map((p) => messages[p].text), input.knownTaskIds, input.taskId);
    const here: TopicScope = { topic, info, ps, totalWords, downstream };
    const importance = Math.max(0, topicCorrections(input, reply, here, decisions), topicActions(input, reply, here, topicsAt, decisions));
    topicStatements(input, reply, here, statements);
    topicImportanceOf.set(topic, importance);
    topicStates.push({ ...topic, importance: round1(importance), status: topicStatus(ps, messages, reply.verdict) });
  }
  selectStatements(input, statements, reply.acceptedBy, reply.rejectedBy, decisions, review, topicImportanceOf, topicsAt.topicOfPos);
  for (const t of topicStates) {
    const topic = topics.find((x) => x.id === t.id);
    if (topic) t.importance = round1(topicImportanceOf.get(topic) ?? 0);
  }
  return { topics: topicStates, decisions, patterns: withEchoedAcceptances(input, reply, reply.patterns), review };
}

/** One topic of a discussion among people, and what its messages share. */
interface TopicScope {
  topic: Topic;
  info: TopicInfo;
  ps: number[];
  totalWords: number;
  downstream: string[];
}

/** A person's correction is a rule from now on, whatever the topic's score. Returns the topic's highest importance so far. */
function topicCorrections(input: DecideInput, reply: ReplyContext, here: TopicScope, decisions: DecisionCandidate[]): number {
  const { messages, detections, answered } = input;
  let importanceSoFar = 0;
  for (const p of here.ps) {
    if (reply.verdict[p] !== 'correction') continue;
    const d = first(detections[p], 'correction')!;
    const statement = statementAt(input.words, messages[p].text, d.start);
    if (wordCount(statement) < 3) continue;
    const importance = importanceScore(here.ps.length, here.totalWords / here.ps.length, wordCount(statement));
    importanceSoFar = Math.max(importanceSoFar, importance);
    const a = answered[p];
    const made = candidate(input, p, statement, 'constraint', 'high', [...(a >= 0 ? [messages[a].index] : []), messages[p].index, ...(reply.confirmedBy.get(p) ?? []).map((c) => messages[c].index)], here.topic, importance, here.downstream, d.ruleId);
    made.correction = true;
    made.corrects = reply.corrections.of(p, statement, made.context);
    decisions.push(made);
  }
  return importanceSoFar;
}

/**
 * Decision, constraint and preference statements: every candidate of the topic, ranked and
 * selected across the task afterwards (a long topic may settle more than one thing).
 */
function topicStatements(input: DecideInput, reply: ReplyContext, here: TopicScope, statements: StatementCandidate[]): void {
  const { messages } = input;
  for (const p of here.ps) {
    if (reply.verdict[p] === 'correction') continue;
    const c = reply.strongest(p, DECISION_FAMILY);
    if (!c) continue;
    const statement = statementAt(input.words, messages[p].text, c.d.start);
    if (wordCount(statement) < 2 || !namesTask(input.words, messages[p].text, c.d, input.text.stemmer)) continue;
    statements.push({ p, d: c.d, score: c.score, statement, topic: here.topic, info: here.info, downstream: here.downstream });
  }
}

/**
 * Action items one by one: each commitment or request is its own item, scored by its own
 * statement against the discussion that led to it. A weak one stays raw rather than filling the
 * review queue: people commit to small things all the time. Returns the topic's highest importance of them.
 */
function topicActions(input: DecideInput, reply: ReplyContext, here: TopicScope, topicsAt: TopicsAt, decisions: DecisionCandidate[]): number {
  const { messages } = input;
  let importanceSoFar = 0;
  const lastAction = new Map<string, number>();
  for (const p of here.ps) {
    if (reply.verdict[p] === 'correction') continue;
    const c = reply.strongest(p, ['action_item']);
    if (!c) continue;
    const statement = statementAt(input.words, messages[p].text, c.d.start);
    const statementWords = wordCount(statement);
    if (statementWords < 2 || statementWords > input.tuning.decide.actionMaxWords || !namesTask(input.words, messages[p].text, c.d, input.text.stemmer)) continue;
    const stretch = stretchOf(p, here.info, topicsAt.topicOfPos, input.text.at, input.tuning.decide);
    const importance = importanceScore(stretch.count, stretch.words / stretch.count, statementWords);
    importanceSoFar = Math.max(importanceSoFar, importance);
    if (classify(importance, input.thresholds) !== 'decision' || reply.rejectedBy(p)) continue;
    // A speaker listing steps ("I'll do X. I'll also…") gives one item for the run, not one per line.
    if (lastAction.get(messages[p].author) !== undefined && p - lastAction.get(messages[p].author)! <= input.tuning.decide.actionRun) continue;
    lastAction.set(messages[p].author, p);
    const accepted = reply.acceptedBy(p);
    const confidence = confidenceOf(messages[p], c.d, accepted.length > 0);
    decisions.push(candidate(input, p, statement, 'action_item', confidence, [messages[p].index, ...accepted.map((q) => messages[q].index)], here.topic, importance, here.downstream, c.d.ruleId));
  }
  return importanceSoFar;
}

/** Candidates in the order they were said; each correction pattern points at the decision it made (in place). */
export function orderCandidates(a: TaskAnalysis): TaskAnalysis {
  a.decisions.sort((x, y) => x.at - y.at || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0));
  a.review.sort((x, y) => x.at - y.at || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0));
  relinkPatternDecisions(a.patterns, a.decisions);
  return a;
}


/**
 * The band a candidate lands in, from both signals: the importance of the discussion it settles
 * gives the band (the design's > 20 registry, 10–20 review queue, < 10 raw), and the scorer's
 * certainty moves it. A candidate the scorer is sure of is lifted one band (a short exchange that
 * plainly settled something is not left raw), and goes to the registry whatever the stretch when
 * a person already settled it in the discussion (the review queue is where a person confirms a
 * candidate; one confirmed, accepted or corrected there needs no queue). One the scorer is unsure
 * of is at most queued for a person; one it rejects stays raw.
 */
export function bandOf(score: number, byImportance: 'decision' | 'review' | 'raw', settled: boolean, t: ScorerModel['thresholds']): 'decision' | 'review' | 'raw' {
  if (score >= t.registry) return byImportance === 'raw' && !settled ? 'review' : 'decision';
  if (score >= t.review) return byImportance === 'raw' ? 'raw' : 'review';
  return 'raw';
}

/** Features that say a person settled the candidate in the discussion itself (a clause of a person's correction of the agent states the corrected fact). */
const SETTLED: readonly string[] = ['strength:correction', 'verdict:correction', 'strength:accepted', 'origin:accepted-proposal', 'next:person-confirms', 'next:agent-acknowledges'];

/** Whether a person settled the candidate in the discussion: accepted, confirmed, corrected, or taken on by the agent. */
export function settledInDiscussion(features: readonly string[]): boolean {
  return features.some((f) => SETTLED.includes(f));
}

function confidenceOfCandidate(c: SentenceCandidate, score: number, messages: readonly Message[], confirmedBy: ReadonlyMap<number, number[]>): Confidence {
  const others = (confirmedBy.get(c.p) ?? []).some((q) => messages[q].author !== messages[c.p].author);
  if (c.strength === 'accepted' || c.strength === 'correction' || others || score >= 0.9) return 'high';
  return messages[c.p].role === 'bot' ? 'low' : 'medium';
}

/** A candidate clause with the discussion it settles and every feature the scorer weighs it by. */
export interface WeighedCandidate {
  c: SentenceCandidate;
  topic: Topic;
  info: TopicInfo;
  /** The stretch's messages (the topic near the statement and its lead-up). */
  stretch: number[];
  importance: number;
  features: string[];
}

/**
 * Every candidate clause of a discussion with an agent, each with its stretch of discussion,
 * the importance of that stretch, and its features (the clause's own, and the importance band).
 * `decideTask` scores them; training fits the scorer on them.
 */
export function agentCandidates(input: DecideInput, topicsOf: { infos: ReadonlyMap<Topic, TopicInfo>; topicOfPos: readonly (TopicInfo | undefined)[] } = topicInfos(input)): WeighedCandidate[] {
  const { infos, topicOfPos } = topicsOf;
  const { messages, topics, thresholds } = input;
  const at = input.text.at;
  const pos = input.text.positionOf;
  const topicAt: Array<Topic | undefined> = messages.map(() => undefined);
  for (const topic of topics) for (const i of topic.messages) if (pos.has(i)) topicAt[pos.get(i)!] = topic;
  const out: WeighedCandidate[] = [];
  for (const c of input.clauses) {
    const topic = topicAt[c.p] ?? topics[0];
    if (!topic) continue;
    const info = infos.get(topic)!;
    // The discussion a statement settles: its topic and the lead-up to it.
    const stretch = stretchOf(c.p, info, topicOfPos, at, input.tuning.decide);
    const importance = importanceScore(stretch.count, stretch.words / stretch.count, Math.max(1, wordCount(c.said ?? c.statement)));
    out.push({ c, topic, info, stretch: stretch.messages, importance, features: withPairs([...c.features, `importance:${classify(importance, thresholds)}`]) });
  }
  return out;
}

/** Each topic's positions, words and vocabulary, and the topic of each position. */
function topicInfos(input: DecideInput): { infos: Map<Topic, TopicInfo>; topicOfPos: Array<TopicInfo | undefined> } {
  const pos = input.text.positionOf;
  const at = input.text.at;
  const infos = new Map<Topic, TopicInfo>();
  const topicOfPos: Array<TopicInfo | undefined> = input.messages.map(() => undefined);
  for (const topic of input.topics) {
    const ps = topic.messages.map((i) => pos.get(i)!).filter((p) => p !== undefined);
    const vocab = new Set<string>();
    for (const p of ps) for (const t of at[p].tokens) vocab.add(t);
    const info: TopicInfo = { ps, inTopic: new Set(ps), vocab, words: ps.reduce((s, p) => s + at[p].words, 0), end: ps.reduce((m, p) => Math.max(m, p), -1) };
    infos.set(topic, info);
    for (const p of ps) topicOfPos[p] = info;
  }
  return { infos, topicOfPos };
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
function stretchOf(p: number, topic: TopicInfo, topicOfPos: readonly (TopicInfo | undefined)[], at: readonly MessageAnalysis[], t: DecideTuning): Stretch {
  let count = topic.ps.length;
  let words = topic.words;
  const near: number[] = [];
  let gap = 0;
  for (let q = p - 1; q >= 0 && q >= p - t.leadUpMax && gap < t.leadUpGap; q--) {
    if (topic.inTopic.has(q)) {
      near.push(q);
      gap = 0;
      continue;
    }
    const toks = at[q].tokens;
    const over = (topicOfPos[q]?.end ?? p) < p;
    if (toks.length <= 1 || over || toks.some((t) => topic.vocab.has(t))) {
      near.push(q);
      count++;
      words += at[q].words;
      if (toks.length > 1) gap = 0;
    } else gap++;
  }
  near.reverse();
  near.push(p);
  for (let q = p + 1; q < at.length && q <= p + t.leadUpMax; q++) if (topic.inTopic.has(q)) near.push(q);
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
    const stretch = stretchOf(c.p, c.info, topicOfPos, input.text.at, input.tuning.decide);
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
    const from = Math.min(c.region[0], c.p - input.tuning.decide.decisionSpacing);
    const to = Math.max(c.region[c.region.length - 1], c.p + input.tuning.decide.decisionSpacing);
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
 * never overlap, so a lookup touches a few buckets of a few entries each. Any size is correct;
 * about the width of a stretch keeps lookups short.
 */
const BUCKET = 51;

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
  const first = topic.messages.length > 0 ? input.text.positionOf.get(topic.messages[0]) : undefined;
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
    alternatives: type === 'action_item' ? unique(clausesAfter(input, p, statement, 'alternative', 6)) : alternativesOf(input, p, statement, topic, scope),
    reasons: unique(clausesAfter(input, p, statement, 'reason', 20)),
    downstream,
    ts: m.ts,
    supersedes: null,
    cue,
    correction: false,
    corrects: null,
  };
}

/**
 * What each correction of a task corrects: the claims of the message it answers that it is about
 * (corrected.ts), or, when it answers none, its context (the excerpt of the topic's opening).
 * Each corrected and each correcting message is read once, however many corrections it holds.
 */
class CorrectionReader {
  private readonly corrected = new Map<number, CorrectedMessage>();
  private readonly correcting = new Map<number, ReadonlyArray<ReadonlySet<string>>>();
  /** The names each statement states, by its text. */
  private readonly stated = new Map<string, ReadonlySet<string>>();
  /** Each correcting message's first corrected clause. */
  private readonly first = new Map<number, string>();
  constructor(private readonly input: DecideInput) {}

  /**
   * A corrected clause of message p, in order. The fact the message's first one states is the
   * right one for every clause of it ("No. It's the Old Mill. The Glasshouse only had a hold." is
   * not about a Glasshouse being right).
   */
  said(p: number, statement: string): void {
    if (!this.first.has(p)) this.first.set(p, statement);
  }

  of(p: number, statement: string, context: string): string | null {
    const { input } = this;
    const a = input.answered[p];
    if (a < 0) return context || null;
    const stems = input.text.stemmer;
    let corrected = this.corrected.get(a);
    if (!corrected) this.corrected.set(a, (corrected = correctedMessage(input.messages[a].text, input.text.at[a].sentences, input.words.claims.claimSplit, stems)));
    let correcting = this.correcting.get(p);
    if (!correcting) this.correcting.set(p, (correcting = correctingMessage(input.text.at[p].sentences, stems)));
    const right = new Set([...this.namesStated(statement), ...this.namesStated(this.first.get(p) ?? statement)]);
    return correctedPart(corrected, correcting, statement, right, stems) || null;
  }

  private namesStated(text: string): ReadonlySet<string> {
    let names = this.stated.get(text);
    // (A text with no name states none: most corrections are read without parsing their claims.)
    if (!names) this.stated.set(text, (names = nameWords(text).length === 0 ? new Set<string>() : statedNames(subjectClauses(text, this.input.lexicon.subjects, this.input.lexicon), this.input.text.stemmer)));
    return names;
  }
}

/** The cues of the message's detections of one kind, each as "cue, then whitespace" (case-insensitive). */
function cuesOf(input: DecideInput, p: number, kind: RuleKind): RegExp[] {
  const out: RegExp[] = [];
  for (const d of input.detections[p]) {
    const rule = d.kind === kind ? input.rules.get(d.ruleId) : undefined;
    if (rule) out.push(rule.follow);
  }
  return out;
}

/**
 * What follows the message's cues of one kind ("instead of …", "because …") near the statement, in
 * order: in the sentence that states it and the one after it, where people give a choice's reasons
 * and what it was chosen over. Another decision of the same message keeps its own.
 */
function clausesAfter(input: DecideInput, p: number, statement: string, kind: RuleKind, maxWords: number): string[] {
  const near = statementWindow(input.messages[p].text, statement, input.text.stemmer);
  return cuesOf(input, p, kind).flatMap((cue) => clauseAfter(input.words, near, cue, maxWords));
}

/** The sentence of a message that shares most content words with the statement, with the sentence after it; the whole message when none shares any. */
function statementWindow(text: string, statement: string, stemmer: Stems): string {
  const said = new Set(contentTokens(statement, stemmer));
  const spans = sentences(text);
  let best = -1;
  let most = 0;
  spans.forEach((s, k) => {
    const shared = contentTokens(s.text, stemmer).filter((t) => said.has(t)).length;
    if (shared > most) [best, most] = [k, shared];
  });
  if (best < 0) return text;
  return text.slice(spans[best].start, (spans[best + 1] ?? spans[best]).end);
}

/**
 * What the decision chose against: what follows "instead of / rather than" near the statement in
 * its own message, then, when it picks one option of a list put forward earlier in the discussion
 * (an option shares its words), the other options of that list.
 */
function alternativesOf(input: DecideInput, p: number, statement: string, topic: Topic, scope?: readonly number[]): string[] {
  const m = input.messages[p];
  const named = clausesAfter(input, p, statement, 'alternative', 6);
  let before = statement;
  for (const cue of cuesOf(input, p, 'alternative')) {
    cue.lastIndex = 0;
    before = before.split(cue)[0];
  }
  const chosen = new Set(contentTokens(before, input.text.stemmer));
  // Earlier messages of the discussion the statement settles (its stretch, or else its topic; the
  // nearest ones, bounded), then the statement's own message up to the statement.
  const texts: string[] = [];
  if (scope) {
    for (const q of scope) if (q < p && p - q <= input.tuning.decide.optionsLookback * 4) texts.push(input.messages[q].text);
  } else {
    const earlier = new Set(topic.messages.filter((i) => i < m.index).slice(-input.tuning.decide.optionsLookback));
    for (let q = p - 1; q >= 0 && p - q <= input.tuning.decide.optionsLookback * 4; q--) if (earlier.has(input.messages[q].index)) texts.push(input.messages[q].text);
    texts.reverse();
  }
  const at = m.text.indexOf(statement.slice(0, 20));
  if (at > 0) texts.push(m.text.slice(0, at));
  const out = [...named];
  const seen = new Set(named.map((x) => x.toLowerCase()));
  for (const list of texts.flatMap((t) => optionListsIn(input.statements, t))) {
    // The option picked is the one that shares most words with the choice; the others of its list
    // are what it was chosen over, even where they share a word ("nightly dump to S3" against
    // "nightly dump to the storage box").
    const shared = list.map((o) => contentTokens(o, input.text.stemmer).filter((t) => chosen.has(t)).length);
    const most = Math.max(...shared);
    if (most === 0 || shared.filter((n) => n === most).length > 1) continue;
    list.forEach((o, k) => {
      if (shared[k] === most || seen.has(o.toLowerCase())) return;
      seen.add(o.toLowerCase());
      out.push(o);
    });
  }
  return out.slice(0, 6);
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
    for (const m of taskIdsIn(t)) {
      if (m !== self && known.has(m)) out.add(m);
    }
  }
  return [...out].sort();
}

function relinkPatternDecisions(patterns: PatternCandidate[], decisions: readonly DecisionCandidate[]): void {
  for (const pat of patterns) {
    if (pat.type !== 'correction') continue;
    const at = last(pat.messages);
    const k = decisions.findIndex((d) => d.type === 'constraint' && d.sourceMessages.includes(at) && d.correction);
    pat.decision = k >= 0 ? k : null;
  }
}

/** The cue of a step a person takes on: the offer act of the statement lexicon ("I'll …"). */
const OWN_STEP = 'offer';

/**
 * A correction states the fact that holds from now on: a constraint. A step a person takes on
 * ("I'll fetch the chairs from the basement") is theirs to do: an action item. Any other candidate is the
 * type the scorer reads.
 */
function typeOf(c: SentenceCandidate, scored: DecisionType): DecisionType {
  if (c.strength === 'correction') return 'constraint';
  return c.cue === OWN_STEP ? 'action_item' : scored;
}
