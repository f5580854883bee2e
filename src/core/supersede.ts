// Supersession: which earlier decision a later one replaces. Two passes decide it, both here, both
// reading subjects, slots and reversal cues from subject.ts; evolve.ts `supersede` writes the link
// (`superseded_by`, `supersedes`, the older decision's status).
//
// 1. The in-task pass (`supersedeInTask`: stage 9 of analyseTask in pipeline.ts) runs over one
//    task's candidates, in the order they were said, before they have ids. Its subject match is
//    'loose': one discussion shares its vocabulary, so a new value for a slot, a negated clause or
//    a reversal cue on one shared subject word replaces the decision it names. It looks back
//    `supersedeLookback` decisions at most. Two people concluding differently (no cue, no
//    correction, not settled between them) is also a contradiction pattern.
// 2. The registry pass (`crossTaskVerdict` and `answeredReplaces`, asked by relate.ts
//    `relateNewDecisions` when the merge has given every decision an id) relates a new decision to
//    the registry's earlier ones: of other tasks about the same matter, and, for a decision a
//    person accepted from the review queue, of its own task (the in-task pass never saw it). Two
//    discussions share less vocabulary, so its match is 'firm', unless the later discussion names
//    the earlier task ('named' with a reversal cue, else 'loose'). It also settles corrections: a
//    person's later explicit change of plan retires a correction; a decision that restates the
//    corrected (wrong) value contradicts it and never retires it. A person's new value also retires
//    the one earlier decision whose value the agent's message opening the exchange recaps as in
//    force (`recappedReplaces`: "Keep the 15 EUR or change it?" — "Then 20 EUR."). A decision that
//    replaced nothing that way is asked once more about the tasks whose titles name the same matter
//    (`titledChange`): a statement leaves unsaid what its task is about ("60." in "Raise minimum
//    charge"), so its clauses are read with the words both titles name.
//
// In both, a decision's reversal cues are its statement's and its message's, but for those another
// decision of the same message states itself (`reversalCues`), and an agent never reverses a person.
import { clauseClaims, utteranceConflict, type ClauseClaim, type CompiledLexicon } from './contradiction';
import { answeredValueChange, askedViewOf, keepsCorrectedValues, textParts, offeredToAnother, shareSubject, recappedValueChange, contradiction, onlyOfItsKind, sameSubject, isBareNumber, correctedValueChanged, replacement, restatesRetired, reversal, said, SubjectMemo, offeredViewOf, valueReplacement, viewOf, withTaskSubject, wrongValueRestated, type Reversal, type SubjectMatch, type SubjectView } from './subject';
import type { Stems } from './text';
import type { Decision, DecisionCandidate, Message, PatternCandidate, TaskAnalysis } from './types';
import { contentTokens, excerpt, withoutSpeakerName } from './text';
import { findAct, normalForm, splitSentences, type CompiledStatementLexicon } from './sentenceActs';

/** A decision's statement and the message it was said in, for `reversalCues`. */
export interface SaidIn {
  statement: string;
  own: SubjectView;
  /** The whole message, when known. */
  source: string | null;
  /** Which message it is: decisions with the same one are said together. */
  message: unknown;
}

/**
 * Each decision's reversal cues: its own statement's, and its message's but for those another
 * decision of the same message states itself ("Guests get view access. Templates are out." — the
 * templates' retirement is that decision's, not the guests').
 */
export function reversalCues(said: readonly SaidIn[], reversalsOf: (text: string) => readonly Reversal[]): Reversal[][] {
  const byMessage = new Map<unknown, number[]>();
  said.forEach((s, k) => {
    const together = byMessage.get(s.message);
    if (together) together.push(k);
    else byMessage.set(s.message, [k]);
  });
  return said.map((s, k) => {
    if (!s.source || s.source === s.statement) return [...s.own.reversals];
    const siblings = new Set<string>();
    for (const j of byMessage.get(s.message) ?? []) if (j !== k) for (const r of said[j].own.reversals) siblings.add(r.cue);
    return [...s.own.reversals, ...reversalsOf(s.source).filter((r) => !siblings.has(r.cue))];
  });
}

/** Index of the message a decision answers: the last of its sources before its own message. */
export function askedIndex(d: Pick<DecisionCandidate, 'sourceMessages' | 'messageIndex'>): number | undefined {
  return d.sourceMessages.filter((x) => x < d.messageIndex).pop();
}

/**
 * The text of the message a decision answers, when that message puts something up for a new value:
 * an agent taking on what was decided ("Understood: checkout 11:00, breakfast 7:00 to 10:00.")
 * and asking nothing puts nothing up, and a decision after it about check-in changes no breakfast
 * hours.
 */
export function questionText(d: Pick<DecisionCandidate, 'sourceMessages' | 'messageIndex'>, textAt: (index: number) => string | undefined, statements: CompiledStatementLexicon): string | undefined {
  return questionRead(d, textAt, statements)?.text;
}

/** What questionText reads, and the first message it reads it from. */
export function questionRead(d: Pick<DecisionCandidate, 'sourceMessages' | 'messageIndex'>, textAt: (index: number) => string | undefined, statements: CompiledStatementLexicon): { text: string; from: number } | undefined {
  const at = askedIndex(d);
  const answered = at === undefined ? undefined : textAt(at);
  // (One that goes on to ask, "Understood. One consequence: … Shall I arrange that?" or "OK. … Tell
  // me the new end time.", asks.)
  const text = answered === undefined || (findAct(statements, 'acknowledgement', normalForm(answered))?.start === 0 && !asks(answered, statements)) ? undefined : answered;
  // A question asked just before the decision, after the message it draws on ("6 weeks isn't
  // working either. Can we say 8?" — "ok, 8 weeks from now on."), is what it answers too, and so
  // is a value argued about just before it ("so 14 days is pointless with our diary" — "ok, 21
  // days then.").
  const last = at === d.messageIndex - 1 ? undefined : textAt(d.messageIndex - 1);
  const before = last !== undefined && (last.includes('?') || /\d/.test(last)) ? last : undefined;
  // (A colleague's word on it may stand between the question and the decision: "Can we start 27
  // April instead?" — "27. April geht." — "ok, 27 April then.")
  const earlier = [text, last].some((x) => x?.includes('?')) || at === d.messageIndex - 2 ? undefined : textAt(d.messageIndex - 2);
  const asked = earlier?.includes('?') ? earlier : undefined;
  const read = [asked, text, before].filter((x): x is string => x !== undefined);
  if (read.length === 0) return undefined;
  const from = Math.min(...[asked === undefined ? Infinity : d.messageIndex - 2, text === undefined ? Infinity : at!, before === undefined ? Infinity : d.messageIndex - 1]);
  return { text: read.join('\n'), from };
}

/** A question, or a sentence that opens by asking someone to do or tell something. */
function asks(text: string, statements: CompiledStatementLexicon): boolean {
  if (text.includes('?')) return true;
  return splitSentences(text, statements.words.statements).some((s) => {
    const lower = normalForm(s.text);
    return (['request', 'directive', 'information-request', 'feedback-request'] as const).some((act) => findAct(statements, act, lower)?.start === 0);
  });
}

// ---------------------------------------------------------------------------------------------
// 1. The in-task pass.

/** What the in-task pass reads of a task (the decide stage's input holds it). */
export interface InTaskInput {
  messages: readonly Message[];
  lexicon: CompiledLexicon;
  statements: CompiledStatementLexicon;
  text: { stemmer: Stems };
  replies: { confirmedBy: ReadonlyMap<number, number[]> };
  tuning: { decide: { supersedeLookback: number } };
}

/** The task's decisions as the pass compares them, each worked out once. */
interface TaskViews {
  decisions: DecisionCandidate[];
  /** Clause by clause, like a speaker's own contradictions: a shared word and a "not" somewhere do not make the same subject. */
  claims: ClauseClaim[][];
  views: SubjectView[];
  cues: Reversal[][];
  memo: SubjectMemo;
}

interface Replaced {
  /** The earlier decision's position. */
  j: number;
  reason: string;
}

/**
 * Later decisions of the task that replace earlier ones on the same subject (in place): the same
 * clause negated or swapped for its opposite, a new value for a slot both fill ("Deadline 17:00" →
 * "the deadline is 16:00"), or a reversal cue that retires what the earlier one asserts; with a
 * contradiction pattern when two people disagree.
 */
export function supersedeInTask(input: InTaskInput, a: TaskAnalysis): TaskAnalysis {
  const task = taskViews(input, a.decisions);
  const superseded = new Set<number>();
  for (let i = 0; i < a.decisions.length; i++) {
    const pick = replacedInTask(input, task, i, superseded);
    if (!pick) continue;
    a.decisions[i].supersedes = pick.j;
    a.decisions[i].supersedesBecause = pick.reason;
    superseded.add(pick.j);
    const disagreement = disagreementOf(input, task, i, pick);
    if (disagreement) a.patterns.push(disagreement);
  }
  return a;
}

function taskViews(input: InTaskInput, decisions: DecisionCandidate[]): TaskViews {
  const { lexicon, messages } = input;
  const stems = input.text.stemmer;
  const claims = decisions.map((d) => clauseClaims(d.statement, lexicon, stems));
  const memo = new SubjectMemo(stems);
  const view = (text: string) => viewOf(text, lexicon.subjects, lexicon, memo);
  // (A statement read under its speaker's name is about what follows the name.)
  const views = decisions.map((d) => view(withoutSpeakerName(d.statement, messages[d.at]?.author ?? '')));
  const said = decisions.map((d, k): SaidIn => ({ statement: d.statement, own: views[k], source: messages[d.at]?.text ?? null, message: d.at }));
  return { decisions, claims, views, cues: reversalCues(said, (text) => view(text).reversals), memo };
}

/** The earlier decision of the task that decision i replaces, and why, or null. */
function replacedInTask(input: InTaskInput, task: TaskViews, i: number, superseded: ReadonlySet<number>): Replaced | null {
  const { messages, lexicon } = input;
  const { decisions, claims, views, cues } = task;
  const lookback = input.tuning.decide.supersedeLookback;
  const eligible = (j: number) =>
    !superseded.has(j) &&
    decisions[j].messageIndex !== decisions[i].messageIndex &&
    // A message that accepts a proposal and adds a step of its own ("yes, move it. Mark, book the
    // band for the 12th.") says both in one breath: the step replaces the proposal only where it
    // says so ("Yes, but Thursday instead of Friday.") or corrects it.
    !(decisions[j].sourceMessages.includes(decisions[i].messageIndex) && cues[i].length === 0 && !decisions[i].correction) &&
    // An agent restating or carrying out a person's decision does not reverse it.
    !(messages[decisions[i].at]?.role === 'bot' && messages[decisions[j].at]?.role === 'human');
  // What the message decision i answers offers, worked out once and only when asked for: an offer
  // made on a condition counts ("They can also do Thursday 13:00 if Friday doesn't work" —
  // "Thursday 13:00 then." retires "Friday it is."); a question does not: "Should the invoices go
  // out on Friday too, or on Wednesday?" — "Wednesday." leaves the Friday call standing.
  let asked: SubjectView | null | undefined;
  const read = () => questionRead(decisions[i], (at) => messages.find((x) => x.index === at)?.text, input.statements);
  const askedView = () => {
    if (asked === undefined) {
      const text = read()?.text;
      asked = text === undefined ? null : offeredViewOf(text, lexicon.subjects, lexicon, task.memo);
    }
    return asked;
  };
  // (Where a decision answers no message of its own sources, the first message questionText reads.)
  const readFrom = () => read()?.from ?? -1;
  // (The same message read with its questions, once and only when asked for.)
  let withQuestions: SubjectView | null | undefined;
  const offeredAnother = (j: number) => {
    if (withQuestions === undefined) {
      const text = read()?.text;
      withQuestions = text === undefined ? null : askedViewOf(text, lexicon.subjects, lexicon, task.memo);
    }
    return withQuestions !== null && offeredToAnother(views[j], withQuestions, views[i]);
  };
  // The decision a new value replaces ("every Monday" → "on Thursdays") before any other the
  // reversal could be read against: a value names its subject more precisely than a word does.
  for (let j = i - 1; j >= 0 && i - j <= lookback; j--) {
    if (!eligible(j)) continue;
    const reason = valueReplacement(views[j], views[i], 'loose');
    if (reason) return { j, reason };
  }
  const corrected = correctedIn(input, task, i);
  // A message that agrees to an earlier decision does not reverse it with what it adds: "agreed.
  // and from now on no release goes out on a friday" after "phased on iOS, always" keeps both,
  // unless a cue of it names what it retires ("Yes, but Thursday instead of Friday.").
  const agreesTo = (j: number) => (input.replies.confirmedBy.get(decisions[j].at) ?? []).includes(decisions[i].at) && !cues[i].some((c) => c.old !== null);
  for (let j = i - 1; j >= 0 && i - j <= lookback; j--) {
    if (!eligible(j) || agreesTo(j)) continue;
    const reason =
      utteranceConflict(claims[j], claims[i], lexicon) ??
      // (A new value was looked for above, in every earlier decision.)
      reversal(views[j], views[i], cues[i], decisions[i].correction, lexicon.subjects.generic, 'loose') ??
      // (A question revisits only what was decided before it was asked.)
      // (A decision that answers no message of its sources may settle what the messages just
      // before it put up, which questionText reads: "Can we start 27 April instead?" — "27. April
      // geht." — "ok, 27 April then.")
      (decisions[i].correction || decisions[j].type === 'action_item' || !(decisions[j].messageIndex < (askedIndex(decisions[i]) ?? readFrom())) || offeredAnother(j) ? null : answeredValueChange(views[j], views[i], askedView(), true));
    if (reason && !corrected?.readsAlike(j, reason)) return { j, reason };
  }
  return bareValueReplaces(input, task, i, eligible, superseded);
}

/**
 * Whether the message a correction corrects reverses an earlier decision as the correction is read
 * to (null for any other decision). A correction disagrees with what it corrects: where both read
 * as the same reversal of an earlier decision — "No outdoor seating and no takeaway this
 * season." then the agent's poster "… our takeaway counter packs it for you" and the person's
 * "drop the takeaway line, we agreed last week we don't offer that" — the correction was misread:
 * it sides with the earlier decision. (A new value the correction keeps from the corrected message
 * is another matter: keeping it endorses the change.) Each clause of the corrected message is read
 * on its own, and two readings are alike whatever cue named them and however the word was spelled.
 */
function correctedIn(input: InTaskInput, task: TaskViews, i: number): { readsAlike: (j: number, reason: string) => boolean } | null {
  const d = task.decisions[i];
  if (!d.correction || !d.corrects) return null;
  const stems = input.text.stemmer;
  const whole = viewOf(d.corrects, input.lexicon.subjects, input.lexicon, task.memo);
  const clauses = whole.clauses.map((c): SubjectView => ({ ...whole, clauses: [c] }));
  const claims = clauseClaims(d.corrects, input.lexicon, stems);
  const readings = (j: number): Array<string | null> => [
    utteranceConflict(task.claims[j], claims, input.lexicon),
    ...clauses.map((v) => reversal(task.views[j], v, whole.reversals, true, input.lexicon.subjects.generic, 'loose')),
  ];
  return { readsAlike: (j, reason) => readings(j).some((r) => r !== null && readingKey(r, stems) === readingKey(reason, stems)) };
}

/** A relation's reason without the cue that named it and with its quoted words as stems: 'it allows "deliveries" (not-anymore)' reads as 'it allows "deliveri"'. */
function readingKey(reason: string, stems: Stems): string {
  return reason
    .replace(/\s*\([^()]*\)\s*$/, '')
    .replace(/"([^"]*)"/g, (_, quoted: string) => `"${contentTokens(quoted, stems).join(' ')}"`)
    .toLowerCase();
}

/** How many subject words a question needs to be about something of its own ("And the reminders?"; its verbs, "send", are no subject words). */
const QUESTION_SUBJECT_MIN_WORDS = 1;

/** `onlyOfItsKind` over the decisions of the task said before decision i that nothing has replaced yet, within the lookback. */
function bareValueReplaces(input: InTaskInput, task: TaskViews, i: number, eligible: (j: number) => boolean, superseded: ReadonlySet<number>): Replaced | null {
  const lookback = input.tuning.decide.supersedeLookback;
  const standing: number[] = [];
  for (let j = Math.max(0, i - lookback); j < i; j++) if (!superseded.has(j) && task.decisions[j].messageIndex !== task.decisions[i].messageIndex) standing.push(j);
  const hit = onlyOfItsKind(standing.map((j) => task.views[j]), task.views[i], input.lexicon.subjects.namingSlots);
  const j = hit === null ? undefined : standing[hit.index];
  if (!hit || j === undefined || !eligible(j)) return null;
  // A bare value that answers a question asked just before it about something of its own answers
  // that question: "Yes, by phone please." to "Should I tell Vogt about the missing receipts?"
  // or "By post." to "And the reminders?" says how to send those, and changes the channel of the
  // invoices only when the question is about them. A question that names nothing of its own ("How
  // should I send them?", "What should I do?") asks about what was just said.
  const before = input.messages.find((x) => x.index === task.decisions[i].messageIndex - 1)?.text ?? '';
  const questions = splitSentences(before, input.statements.words.statements).filter((x) => x.text.includes('?')).map((x) => x.text).join(' ');
  if (questions) {
    const about = askedViewOf(questions, input.lexicon.subjects, input.lexicon, task.memo).clauses;
    const older = task.views[j].clauses;
    if (about.some((c) => c.anchor.size >= QUESTION_SUBJECT_MIN_WORDS) && !about.some((c) => older.some((o) => sameSubject(c, o, 'named')))) return null;
  }
  return { j, reason: hit.why };
}

/**
 * Two people concluding differently is for a person to settle: a contradiction pattern. Someone
 * changing their own decision, an explicit reversal ("change of plan") and a correction are not,
 * and nor is a later conclusion the earlier one's author confirmed ("Raw events: 13 months." —
 * "OK, 13 it is.").
 */
function disagreementOf(input: InTaskInput, task: TaskViews, i: number, { j, reason }: Replaced): PatternCandidate | null {
  const { messages } = input;
  const { decisions, cues } = task;
  const older = messages[decisions[j].at];
  const newer = messages[decisions[i].at];
  // (Settled by the older decision's own speaker: confirmed by them, or said again by them after
  // it; or by the task's owner, the first person to speak, making the later one: "I understand
  // Maria, but over-65 is free in B anyway. B." leaves nothing for a person to resolve.)
  const saidAgain = decisions[i].sourceMessages.some((k) => k > decisions[i].messageIndex && messages.find((m) => m.index === k)?.author === older?.author);
  const byOwner = newer?.author === messages.find((m) => m.role === 'human')?.author;
  const settled = saidAgain || byOwner || (input.replies.confirmedBy.get(decisions[i].at) ?? []).some((q) => messages[q]?.author === older?.author);
  if (!older || !newer || older.author === newer.author || older.role !== 'human' || newer.role !== 'human' || cues[i].length > 0 || decisions[i].correction || settled) return null;
  return {
    type: 'contradiction',
    messages: [decisions[j].messageIndex, decisions[i].messageIndex],
    description: `Same subject, different conclusion (${reason}): "${excerpt(decisions[j].statement, 80)}" then "${excerpt(decisions[i].statement, 80)}"`,
    rule: 'contradiction/decisions',
    decision: i,
    against: j,
    ts: decisions[i].ts,
  };
}

// ---------------------------------------------------------------------------------------------
// 2. The registry pass.

/** A new decision as the registry pass relates it, what it needs worked out once. */
export interface LaterDecision {
  d: Decision;
  mine: SubjectView;
  /** Its reversal cues (see reversalCues). */
  cues: readonly Reversal[];
  /** What the message it answers says ("The limit is 200 EUR. Would 300 work?"), when it answers one. */
  asked: SubjectView | null;
  /** The same with its questions read as claims ("Should I keep the 5,000-word cap or set a new one?"), for a bare number's answer only: worked out when first asked. */
  askedQuestions: () => SubjectView | null;
  /** The agent's message that opened the exchange it concludes (see openingText), its questions read as claims: worked out when first asked. */
  opening: () => SubjectView | null;
  /** The sentences of the message it was said in that announce a change ("Change of plan on ticket retention."), where known: worked out when first asked. */
  message: () => SubjectView | null;
}

/** What the registry pass compares with. */
export interface RegistryJudge {
  view: (text: string) => SubjectView;
  /** What a correction corrected (`corrects`), its questions read as claims (see correctedViewOf). */
  correctedView: (text: string) => SubjectView;
  generic: ReadonlySet<string>;
  /** `contradiction` with values, each pair of views asked once. */
  valueContradiction: (theirs: SubjectView, mine: SubjectView) => string | null;
  /** Whose decision it is ('bot' when only agents said it; null when not known). */
  speakerOf: (d: Decision) => Message['role'] | null;
}

/** What the titles of two tasks both name, and the later task's title. */
export interface SharedTitle {
  words: ReadonlySet<string>;
  title: SubjectView;
}

/** The later decision retires the earlier one, or conflicts with it, and why. */
export type Verdict = { kind: 'supersedes' | 'contradicts'; why: string } | null;

export function isCorrection(d: Decision): boolean {
  return typeof d.corrects === 'string' && d.corrects.length > 0;
}

/**
 * What the new decision of `later` does to the active earlier decision `o` on a shared subject
 * (neither a restatement nor a duplicate of it: relate.ts looks for those first). A correction
 * supersedes; another decision only with an explicit reversal.
 */
export function crossTaskVerdict(later: LaterDecision, o: Decision, theirs: SubjectView, judge: RegistryJudge): Verdict {
  const { d } = later;
  // Inside a task the in-task pass links what the analysis found; what a person accepted from the
  // review queue later is related to its own task here.
  if (o.task_id === d.task_id && d.origin === 'auto') return null;
  if (isCorrection(o) && !isCorrection(d)) {
    const retired = retiresCorrection(later, o, theirs, judge);
    if (retired) return { kind: 'supersedes', why: retired };
    const wrong = o.corrects ? restatesRetired(judge.correctedView(o.corrects), theirs, later.mine, false, true) : null;
    const why = judge.valueContradiction(theirs, later.mine) ?? wrong;
    if (why) return { kind: 'contradicts', why };
  }
  return reversalVerdict(later, o, theirs, judge);
}

/** `replacement` at a subject match: a new value needs only the whole of the smaller subject when the match is firm ("The release is on 14 April" → "The release moves to 21 April"). */
function replacementAt(later: LaterDecision, theirs: SubjectView, match: SubjectMatch, explicit: boolean, judge: RegistryJudge): string | null {
  return replacement(theirs, later.mine, later.cues, explicit, judge.generic, match, match === 'firm' ? 'whole' : match, later.message());
}

/**
 * A person's later decision retires a correction: an explicit change of plan giving the corrected
 * slot another value ("we keep them 30 days" → "from now on 14 days"), or, in another task, a new
 * value or a reversal of it. One that gives the corrected (wrong) value again never does ("the
 * tree problem": a wrong fact restated never outweighs its correction). What it changes, or null.
 */
function retiresCorrection(later: LaterDecision, o: Decision, theirs: SubjectView, judge: RegistryJudge): string | null {
  const { d, mine, cues } = later;
  const speaker = judge.speakerOf(d);
  const changedCorrected = cues.length > 0 && speaker !== 'bot' && o.corrects ? correctedValueChanged(judge.correctedView(o.corrects), theirs, mine) : null;
  if (changedCorrected) return changedCorrected;
  if (o.task_id === d.task_id || speaker !== 'human' || (o.corrects && wrongValueRestated(judge.correctedView(o.corrects), theirs, mine))) return null;
  return replacementAt(later, theirs, d.downstream.includes(o.task_id) && cues.length > 0 ? 'named' : 'firm', false, judge) ?? (o.type === 'action_item' ? null : answeredChange(theirs, later));
}

/**
 * An explicit reversal (or a correction) retires the earlier decision; a conflict without one is a
 * contradiction. A discussion that names the older one's task ("see T118", "Update the rule from
 * T220") is about it: a looser subject match will do, one shared word with a reversal cue.
 */
function reversalVerdict(later: LaterDecision, o: Decision, theirs: SubjectView, judge: RegistryJudge): Verdict {
  const { d, mine, cues } = later;
  const named = d.downstream.includes(o.task_id);
  // (A decision a person accepted from the review queue meets its own task's as the in-task pass
  // meets them: inside one discussion.)
  const match: SubjectMatch = o.task_id === d.task_id ? 'loose' : named ? (cues.length > 0 && !isCorrection(d) ? 'named' : 'loose') : 'firm';
  const retire =
    replacementAt(later, theirs, match, isCorrection(d), judge) ??
    (isCorrection(d) || o.type === 'action_item' ? null : answeredChange(theirs, later, o.task_id === d.task_id));
  // An agent never reverses a person (nor a decision whose speaker is not known).
  const mayReverse = judge.speakerOf(d) !== 'bot' || judge.speakerOf(o) === 'bot';
  // A reversal or a correction says itself that it replaces the older decision: there is nothing
  // for a person to settle.
  if (retire && mayReverse && (isCorrection(d) || !isCorrection(o))) return { kind: 'supersedes', why: retire };
  const against = contradiction(theirs, mine, judge.generic, false);
  return against ? { kind: 'contradicts', why: against } : null;
}

/** `answeredValueChange` of what the message answered says, or of a bare number answering the count its questions name. */
function answeredChange(theirs: SubjectView, later: LaterDecision, sameDiscussion = false): string | null {
  const change = answeredValueChange(theirs, later.mine, later.asked, sameDiscussion, false, later.cues.length > 0);
  // (Only a decision that is a bare number needs the questions read: most answer in words.)
  if (change || !later.mine.clauses.some(isBareNumber)) return change;
  return answeredValueChange(theirs, later.mine, later.askedQuestions(), sameDiscussion, true);
}

/**
 * "300 it is." answering "Raise the 200 EUR limit to 300?": the earlier decision of another task
 * (among those `found` by the question's words, in id order) whose value the answer changes, and
 * what it changes.
 */
export function answeredReplaces(later: LaterDecision, found: () => readonly Decision[], judge: RegistryJudge): { o: Decision; why: string } | null {
  const { d, asked } = later;
  if (!asked || isCorrection(d) || d.supersedes !== null) return null;
  const byAgent = judge.speakerOf(d) === 'bot';
  for (const o of found()) {
    if (o.task_id === d.task_id || o.status !== 'active' || o.type === 'action_item' || (byAgent && judge.speakerOf(o) !== 'bot')) continue;
    const why = isCorrection(o) ? null : answeredChange(judge.view(o.statement), later);
    if (why) return { o, why };
  }
  return null;
}

/**
 * "Then 20 EUR." after the agent opened the exchange with "Keep the 15 EUR or change it?": the one
 * earlier decision of another task, among those `found` by the opening message's words, whose
 * value that message recaps as in force and the person's decision changes (recappedValueChange).
 * Two such decisions of different values leave it open which one the new value replaces: none is
 * retired; two on the same subject with the same change are one value said twice, and both
 * are retired. Never by a
 * correction or an agent, and never a correction (retired only by an explicit change of plan).
 */
export function recappedReplaces(later: LaterDecision, found: () => readonly Decision[], judge: RegistryJudge, titleWords: (taskId: string) => ReadonlySet<string>): Array<{ o: Decision; why: string }> {
  const { d, mine } = later;
  const opening = later.opening();
  if (!opening || isCorrection(d) || d.supersedes !== null || judge.speakerOf(d) !== 'human') return [];
  const hits: Array<{ o: Decision; why: string }> = [];
  const mineTitle = titleWords(d.task_id);
  for (const o of found()) {
    if (o.task_id === d.task_id || o.status !== 'active' || o.type === 'action_item' || isCorrection(o)) continue;
    const theirTitle = titleWords(o.task_id);
    const why = recappedValueChange(judge.view(o.statement), mine, opening, theirTitle, [...theirTitle].filter((w) => mineTitle.has(w)));
    if (why) hits.push({ o, why });
  }
  // (Two decisions that held the same value of the same slot on the same subject, "Cap SEO titles
  // at 60 characters." and "60-character cap: ok 60.", are one value said twice: the change
  // retires both. The same day for two things is two values in force.)
  const first = hits[0];
  const saidTwice = (h: { o: Decision; why: string }) => h === first || (h.why === first.why && shareSubject(judge.view(h.o.statement), judge.view(first.o.statement)));
  return hits.every(saidTwice) ? hits : [];
}


/**
 * The agent's message that opened the exchange a person's decision concludes ("Two months with
 * the fee … Keep the 15 EUR or change it?" — "Honestly 15 doesn't scare anyone." — "Then 20 EUR."),
 * when only people spoke since, at most `OPENING_MAX_TURNS` of them before the decision.
 */
export function openingText(d: Pick<DecisionCandidate, 'messageIndex'>, roleAt: (index: number) => Message['role'] | undefined, textAt: (index: number) => string | undefined): string | undefined {
  if (roleAt(d.messageIndex) !== 'human') return undefined;
  for (let k = d.messageIndex - 1; k >= 0 && d.messageIndex - k <= OPENING_MAX_TURNS + 1; k--) {
    const role = roleAt(k);
    if (role === 'bot') return textAt(k);
    if (role !== 'human') return undefined;
  }
  return undefined;
}

/** The most people's messages between an agent's message and the decision that concludes the exchange it opened. */
const OPENING_MAX_TURNS = 3;

/**
 * A new value on what two tasks are both about, by the words both titles name (`words`): "60." in
 * "Raise the minimum charge" changes "Minimum charge €45 per job." of "Minimum charge for small
 * jobs", and "Rooms go to 130 then" in "Retreat: food and room rate" changes "Room rate:
 * wir nehmen 120." of "Team retreat: venue, date, rooms". Only a new value of one slot counts
 * (a bare number only when it is all the statement says), never on an action item, and never by
 * a correction; the value a correction set changes only by a person's explicit change of plan
 * ("Move the trailer to Fri 17 Jul" after "No, it's Friday the 10th"), as in any other task, and
 * never to the value it corrected. An agent never reverses a person. What it changes, or null
 * (`title`: the later task's title, to quote the words as written).
 */
export function titledChange(later: LaterDecision, o: Decision, theirs: SubjectView, { words, title }: SharedTitle, judge: RegistryJudge): string | null {
  const { d, mine, cues } = later;
  if (o.task_id === d.task_id || o.type === 'action_item' || isCorrection(d)) return null;
  if (judge.speakerOf(d) === 'bot' && judge.speakerOf(o) !== 'bot') return null;
  // (A correction's value accepted from the agent's words it corrects, "Cap 60 yes." to "cap at 60,
  // table bookings in advance", is no value a correction set: it changes like any other. A wrong
  // value given again never replaces a correction.)
  if (isCorrection(o) && o.corrects && wrongValueRestated(judge.correctedView(o.corrects), theirs, mine)) return null;
  const setByCorrection = isCorrection(o) && !(o.corrects && keepsCorrectedValues(textParts(o.corrects).map(judge.view), theirs));
  if (setByCorrection && (cues.length === 0 || judge.speakerOf(d) !== 'human')) return null;
  const older = withTaskSubject(theirs, mine, words);
  const newer = withTaskSubject(mine, theirs, words);
  if (older === theirs && newer === mine) return null;
  const change = valueReplacement(older, newer, 'firm', mine.clauses.some(isBareNumber));
  return change && `${change}, on what both tasks' titles name (${[...words].map((w) => said([w], title)).join(', ')})`;
}
