// Knowledge evolution across the whole registry (every task): a new decision is related to the
// earlier ones sharing its subject words, and every message to the decisions of other tasks.
//
// - A correction wins, explicitly: a newer correction on the same subject supersedes an older
//   decision from any task. A wrong fact restated many times must not outweigh its correction
//   ("the tree problem"), so a later decision that conflicts with a correction, or restates the
//   fact it corrected, is flagged `contradicts_correction` and never supersedes it.
// - Other decisions retire an older one only on an explicit reversal: a polarity, antonym or
//   value mismatch on the same subject, or a reversal cue ("instead", "no longer", "from now on").
//   Never because something was not mentioned. Which one a decision retires is supersede.ts's
//   registry pass; this module finds the candidates (an index by subject words, in id order, of
//   tasks about the same matter, said before) and records what it answers.
// - A restatement of an active decision is linked (`near_duplicate`, `duplicate_of`), not
//   treated as new knowledge; a correction made again is a `correction` pattern, counted.
// - A message (an agent's draft included) that restates a corrected or replaced fact, or asserts
//   what a decision rules out, is a `contradiction` pattern (`relateMessages`).
// - An older decision whose subject saw newer activity is flagged `stale` (`markStale`).
import { ALL_RELATED, type Affinity } from './affinity';
import { ReplacementChains, replacementsOf } from './chains';
import type { CompiledLexicon } from './contradiction';
import { supersede } from './evolve';
import { saidWords, wrongWordsSaidAgain, type SaidWords } from './corrected';
import { compareInstants, compareRead, instantOf } from './instant';
import { askedViewOf, changeSentences, containment, contradiction, correctedViewOf, givesDroppedNumber, givesOtherValue, nameRestated, replacement, restatesRetired, SubjectMemo, subjectWords, valueKeys, viewOf, withoutEchoedClauses, type Reversal, type SubjectView } from './subject';
import { answeredReplaces, crossTaskVerdict, recappedReplaces, isCorrection, reversalCues, titledChange, type LaterDecision, type RegistryJudge, type SaidIn } from './supersede';
import { contentTokens, contentWordCount, jaccard, excerpt, sharedCount, taskIdsIn } from './text';
import { PorterStems } from './porter';
import { DEFAULT_TUNING } from './tuning';
import { findAct, normalForm, splitSentences, type CompiledStatementLexicon } from './sentenceActs';
import type { Decision, Message, PatternCandidate, PatternType, RelateTuning, StaleWindow, Words } from './types';

export interface RelatedPattern {
  task_id: string;
  type: PatternType;
  messages: number[];
  description: string;
  rule: string;
  extracted_decision: string | null;
  ts: string | null;
  /** The decisions it says were contradicted. */
  contradicts?: string[];
  /** The earlier corrections a correction made again repeats. */
  repeats?: string[];
}

/** Duplicate similarity, staleness age and how many registry decisions a statement is compared with. */
export type RelateOptions = RelateTuning;

export const DEFAULT_RELATE_OPTIONS: RelateOptions = DEFAULT_TUNING.relate;

/** A decision as the subject index holds it (a class: thousands are made per run). */
class Entry {
  /** The instant of `d.created_at`, read once: relating compares it with many messages. */
  readonly at: number | null;
  /** What the entry was made from (a decision changed since needs another). */
  readonly statement: string;
  readonly createdAt: string;

  /** `tokens`: shared through the memo, never changed; with those of `corrects` when it was made to be found by them too. */
  constructor(
    readonly d: Decision,
    readonly tokens: ReadonlySet<string>,
    readonly corrects: string | null,
  ) {
    this.statement = d.statement;
    this.createdAt = d.created_at;
    this.at = instantOf(d.created_at);
  }
}

/**
 * Each decision's entry, made once while its statement, its date and what it corrects stay the
 * same: a merge relates every decision in up to three stages, and a daemon on every save.
 * Entries are never changed, so stages (and saves) share them.
 */
export class EntryMemo {
  private readonly plain = new WeakMap<Decision, Entry>();
  private readonly withCorrected = new WeakMap<Decision, Entry>();

  /** `findByCorrected`: the entry is found by the words of what the decision corrected too (when it corrects anything). */
  entryOf(d: Decision, memo: SubjectMemo, findByCorrected = false): Entry {
    const corrects = findByCorrected && d.corrects ? d.corrects : null;
    const kept = corrects ? this.withCorrected : this.plain;
    const entry = kept.get(d);
    if (entry && entry.statement === d.statement && entry.createdAt === d.created_at && entry.corrects === corrects) return entry;
    const made = new Entry(d, memo.tokenSetOf(d.statement, corrects), corrects);
    kept.set(d, made);
    return made;
  }
}

/**
 * Each decision's place in id order: candidates are listed by it (numbers compare faster than
 * ids). Equal ids (a hand-edited registry may hold some) share a place, so a stable sort keeps
 * them in the order they were found, as sorting by the ids themselves does.
 */
export function idRanks(decisions: readonly Decision[]): Map<Decision, number> {
  // The registry is kept in id order, and new ids come last: most often there is nothing to sort.
  let inOrder = true;
  for (let k = 1; k < decisions.length && inOrder; k++) inOrder = decisions[k - 1].id <= decisions[k].id;
  const sorted = inOrder ? decisions : [...decisions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ranks = new Map<Decision, number>();
  let rank = 0;
  sorted.forEach((d, k) => {
    if (k > 0 && d.id !== sorted[k - 1].id) rank = k;
    ranks.set(d, rank);
  });
  return ranks;
}

/**
 * Puts entries in their decisions' id order (stably), each place looked up once: a full run sorts
 * the candidates of tens of thousands of decisions.
 */
function sortByRank(entries: Entry[], ranks: ReadonlyMap<Decision, number>): void {
  if (entries.length < 2) return;
  const placed = entries.map((e) => ({ e, rank: ranks.get(e.d)! }));
  placed.sort((a, b) => a.rank - b.rank);
  for (let i = 0; i < placed.length; i++) entries[i] = placed[i].e;
}

function lastMessage(d: Decision): number[] {
  const ms = d.source?.messages ?? [];
  return ms.length > 0 ? [ms[ms.length - 1]] : [];
}

/** A token that is a number with its unit written on ("48h", "60-character", "25k"): the number. */
const NUMBER_ON_UNIT = /^(\d+(?:[.,]\d+)?)-?\p{L}+$/u;

/** Candidates sharing at least two content tokens, via an inverted index (linear in practice). */
class SubjectIndex {
  /** Entries by number; the lists per token hold numbers, in the order entries were added. */
  private readonly entries: Entry[] = [];
  private readonly byToken = new Map<string, number[]>();
  /** Entry numbers by task, in the order added; and the tasks in the order first met. */
  private readonly byTask = new Map<string, number[]>();
  readonly taskOrder: string[] = [];
  /**
   * Scratch for `candidates`, by entry number: the lookup that last counted an entry, and its
   * count there (flat arrays: a lookup touches thousands of entries, objects would be scattered).
   */
  private marks = new Int32Array(1024);
  private counts = new Int32Array(1024);
  /** Numbers each lookup. */
  private lookups = 0;

  /** `equivalents`: a token → the one it is found under too (another language's word → its English equivalent's; a noun → its verb's). */
  constructor(
    private readonly maxCandidates: number,
    private readonly equivalents: ReadonlyMap<string, string> = new Map(),
  ) {}

  /**
   * The tokens with their English equivalents, and a number written onto its unit ("48h",
   * "60-character", "25k") with the number alone: "Timing: 48h is fine" is found by "keep 48 h or
   * move to 24 h?" (the same set when there is nothing to add).
   */
  private lookupTokens(tokens: ReadonlySet<string>): ReadonlySet<string> {
    let out: Set<string> | null = null;
    for (const t of tokens) {
      const e = this.equivalents.get(t);
      if (e !== undefined && !tokens.has(e)) (out ??= new Set(tokens)).add(e);
      const number = NUMBER_ON_UNIT.exec(t)?.[1];
      if (number !== undefined && !tokens.has(number)) (out ??= new Set(tokens)).add(number);
    }
    return out ?? tokens;
  }

  add(e: Entry): void {
    const n = this.entries.length;
    this.entries.push(e);
    if (n >= this.marks.length) {
      const marks = new Int32Array(this.marks.length * 2);
      marks.set(this.marks);
      this.marks = marks;
      this.counts = new Int32Array(marks.length);
    }
    for (const t of this.lookupTokens(e.tokens)) {
      const list = this.byToken.get(t);
      if (list) list.push(n);
      else this.byToken.set(t, [n]);
    }
    const ofTask = this.byTask.get(e.d.task_id);
    if (ofTask) ofTask.push(n);
    else {
      this.byTask.set(e.d.task_id, [n]);
      this.taskOrder.push(e.d.task_id);
    }
  }

  /** A task's most recent entries, at most `recent`. */
  ofTask(taskId: string, recent: number): Entry[] {
    const list = this.byTask.get(taskId) ?? [];
    return list.slice(Math.max(0, list.length - recent)).map((n) => this.entries[n]);
  }

  /**
   * Entries sharing at least two tokens. Each token contributes only its most recent entries: a
   * word on thousands of decisions says little about a subject, and scanning all of them would
   * make relating quadratic in the registry size.
   */
  candidates(tokens: ReadonlySet<string>, perToken: number, minShared = 2): Entry[] {
    // Listed in the order first met.
    const mark = ++this.lookups;
    const { marks, counts } = this;
    const met: number[] = [];
    for (const t of this.lookupTokens(tokens)) {
      const list = this.byToken.get(t);
      if (!list) continue;
      for (let i = Math.max(0, list.length - perToken); i < list.length; i++) {
        const n = list[i];
        if (marks[n] !== mark) {
          marks[n] = mark;
          counts[n] = 1;
          met.push(n);
        } else counts[n]++;
      }
    }
    // The most overlapping first (three or more shared tokens, then two), at most maxCandidates:
    // a decision is related to the statements nearest to it, older ones through them.
    const out: Entry[] = [];
    for (let i = 0; i < met.length && out.length < this.maxCandidates; i++) if (counts[met[i]] >= 3) out.push(this.entries[met[i]]);
    for (let i = 0; i < met.length && out.length < this.maxCandidates; i++) if (counts[met[i]] === 2) out.push(this.entries[met[i]]);
    if (minShared <= 1) for (let i = 0; i < met.length && out.length < this.maxCandidates; i++) if (counts[met[i]] === 1) out.push(this.entries[met[i]]);
    return out;
  }
}


/** Flags on a decision's own text: too short to stand alone, or a pointer without the substance (relations.json). */
export function textFlags(words: Words, statement: string): string[] {
  const flags: string[] = [];
  const content = contentWordCount(statement, words);
  if (content < 3) flags.push('naked_statement');
  if (words.orphanReference.test(statement) && content < 8) flags.push('orphaned_reference');
  return flags;
}

function addFlag(d: Decision, flag: string): void {
  const flags = d.quality_flags ?? [];
  if (!flags.includes(flag)) d.quality_flags = [...flags, flag].sort();
}

function removeFlag(d: Decision, flag: string): void {
  if (d.quality_flags?.includes(flag)) d.quality_flags = d.quality_flags.filter((f) => f !== flag);
}

/** A relation between two views (a pure function of them), worked out once per pair of views. */
function oncePerPair(relation: (earlier: SubjectView, later: SubjectView) => string | null): (earlier: SubjectView, later: SubjectView) => string | null {
  const known = new WeakMap<SubjectView, Map<SubjectView, string | null>>();
  return (earlier, later) => {
    let answers = known.get(later);
    if (!answers) known.set(later, (answers = new Map()));
    let why = answers.get(earlier);
    if (why === undefined) answers.set(earlier, (why = relation(earlier, later)));
    return why;
  };
}

export interface RelateContext {
  /** The whole message a decision's statement was taken from: its reversal cues count too. */
  sourceText?: (d: Decision) => string | null;
  /** The message a decision answers (the source before its own): "Would 300 work instead of 200?" */
  askedText?: (d: Decision) => string | null;
  /** The agent's message that opened the exchange a person's decision concludes, with only people speaking since (see openingText). */
  openingText?: (d: Decision) => string | null;
  /** Views of statements and messages worked out already in this run (shared with relateMessages). */
  memo?: SubjectMemo;
  /** Each decision's place in id order (see idRanks), when the caller worked it out for more than one stage. */
  ranks?: ReadonlyMap<Decision, number>;
  /** Entries made already (shared with relateMessages and the stale check). */
  entries?: EntryMemo;
  /** Which tasks are about the same matter (see TaskAffinity): another task's decision is related only then. */
  affinity?: Affinity;
  /** The index of the message a decision's statement was taken from, when known. */
  statedAt?: (d: Decision) => number | null;
  /** Whose decision it is, when known ('bot' when only agents said it): an agent never reverses a person. */
  spokenBy?: (d: Decision) => Message['role'] | null;
  /** A task's title, when it has one: what a statement leaves unsaid that its task is about. */
  titleOf?: (taskId: string) => string | null;
}

/** One call of relateNewDecisions: the registry indexed, what its decisions are compared with, what it reports. */
interface RegistryPass {
  options: RelateOptions;
  context: RelateContext;
  patterns: RelatedPattern[];
  index: SubjectIndex;
  byId: ReadonlyMap<string, Decision>;
  memo: SubjectMemo;
  ranks: ReadonlyMap<Decision, number>;
  entries: EntryMemo;
  affinity: Affinity;
  judge: RegistryJudge;
  /** What a message a decision answers puts up (askedViewOf). */
  askedView: (text: string) => SubjectView;
  /** What the sentences of a message that announce a change say (changeSentences). */
  changeView: (text: string) => SubjectView;
  /** Each new decision's reversal cues (see reversalCues). */
  cues: ReadonlyMap<Decision, readonly Reversal[]>;
  /** Task and decision of each contradiction reported: one question per task and decision contradicted. */
  reported: Set<string>;
  /** A task's title read (null without one), by task id: worked out when first asked. */
  titles: Map<string, SubjectView | null>;
  /** The tasks of the index (by their place in its order) by the subject words of their titles (see tasksByTitle), and how many of the index's tasks it has taken in. */
  titled: { byWord: Map<string, number[]>; taken: number };
}

/** One new decision being related: it, its entry, and what may act on it. */
interface Relating {
  later: LaterDecision;
  me: Entry;
  /** Said before it: relating again must not let an older decision act on a newer one. (`at`: the instant of o.created_at, when already read.) */
  older: (o: Decision, at?: number | null) => boolean;
  /** Another task's decision counts only when that task is about the same matter, or this one names it. */
  sameMatter: (o: Decision) => boolean;
  /** Reports that it contradicts `o` (one question per decision related). */
  contradict: (o: Decision, why: string) => void;
  /** The earlier corrections it makes again. */
  priorCorrections: string[];
}

/**
 * Relates each newly created decision (in creation order) to the rest of the registry, mutating
 * statuses and flags, and returns the patterns to record: duplicates and corrections made again
 * anywhere; supersession and contradiction across tasks (the registry pass of supersede.ts; inside
 * one task the in-task pass links them).
 */
export function relateNewDecisions(
  registry: { decisions: Decision[] },
  created: readonly Decision[],
  lexicon: CompiledLexicon,
  options: RelateOptions = DEFAULT_RELATE_OPTIONS,
  context: RelateContext = {},
): RelatedPattern[] {
  // Nothing new, nothing to relate: the registry is not indexed for nothing (an unchanged run).
  if (created.length === 0) return [];
  const pass = registryPass(registry, created, lexicon, options, context);
  for (const d of created) {
    for (const f of textFlags(lexicon.words, d.statement)) addFlag(d, f);
    const me = pass.entries.entryOf(d, pass.memo);
    relateOne(pass, relating(pass, d, me));
    if (d.status !== 'archived') pass.index.add(me);
  }
  return pass.patterns;
}

/**
 * A decision a person accepted from the review queue, dated by the message it was said in, meets
 * the decisions made on its subject since (in the order they were said): the first that
 * retires it, read from its statement as the run would read it across tasks, replaces it. Only
 * the accepted decision's status and the link change; the later decisions keep every relation
 * the runs gave them. A later decision of another task that names little is read with what the
 * two tasks' titles both name (titledChange). A later decision of its own task does not meet it
 * here (crossTaskVerdict leaves a task's own decisions to the in-task pass, which reads only
 * what the analysis found). What a later decision's message and the question it answered said,
 * and who said it, count where the context gives the discussions (`sourceText`, `askedText`,
 * `spokenBy`): a later decision that names the subject only through its question is found by the
 * question's words (retiredByAnswer).
 */
export function retireAcceptedBySince(registry: { decisions: Decision[] }, d: Decision, lexicon: CompiledLexicon, options: RelateOptions = DEFAULT_RELATE_OPTIONS, context: RelateContext = {}): void {
  const pass = registryPass(registry, [], lexicon, options, context);
  const me = pass.entries.entryOf(d, pass.memo);
  const theirs = pass.judge.view(d.statement);
  const since = (tokens: ReadonlySet<string>) => {
    const found = pass.index.candidates(tokens, options.perTokenRecent, 1).filter((e) => e.d !== d && e.d.status === 'active' && compareRead(me.at, d.created_at, e.at, e.d.created_at) < 0);
    sortByRank(found, pass.ranks);
    return found;
  };
  const met = since(me.tokens);
  for (const e of met) {
    const verdict = crossTaskVerdict(relating(pass, e.d, e).later, d, theirs, pass.judge);
    if (verdict?.kind === 'supersedes') {
      retire(pass, d, e.d, verdict.why);
      return;
    }
  }
  if (retiredByAnswer(pass, registry, d, me, theirs, new Set(met.map((e) => e.d)))) return;
  // Then, as a run relates a decision that names little, through what the tasks' titles both name.
  const title = titleView(pass, d.task_id);
  if (title === null) return;
  const mine = subjectWords(title);
  // (A decision that names little shares no word with the accepted one to be found by: the
  // registry is read in order, each task's title once, and at most as many decisions of tasks
  // whose titles share words with its own as a run weighs for one decision.)
  let read = 0;
  for (const o of activeSince(pass, registry, d)) {
    if (o.task_id === d.task_id) continue;
    if (read >= options.maxCandidates) return;
    const later = titleView(pass, o.task_id);
    if (later === null || ![...subjectWords(later)].some((w) => mine.has(w))) continue;
    read++;
    const why = changeByTitles(pass, relating(pass, o, pass.entries.entryOf(o, pass.memo)).later, later, d, title);
    if (why) {
      retire(pass, d, o, why);
      return;
    }
  }
}

/** The active decisions made after `d`, in id order. */
function activeSince(pass: RegistryPass, registry: { decisions: Decision[] }, d: Decision): Decision[] {
  return registry.decisions.filter((o) => o !== d && o.status === 'active' && compareInstants(d.created_at, o.created_at) < 0).sort((a, b) => pass.ranks.get(a)! - pass.ranks.get(b)!);
}

/**
 * The first decision made since `d` on its subject that names the subject only through the
 * message it answered ("Raise it to 700." after "under the 600 € cap"), found by that message's
 * words, retires the accepted `d`: as the run relates such a decision by its question's words
 * (answeredReplaces), those whose question shares the most words with `d` first, then in id
 * order, at most as many as a run weighs for one decision; none without the discussions
 * (`askedText`). `met`: those already weighed by their statements. Whether one retired it.
 */
function retiredByAnswer(pass: RegistryPass, registry: { decisions: Decision[] }, d: Decision, me: Entry, theirs: SubjectView, met: ReadonlySet<Decision>): boolean {
  const askedText = pass.context.askedText;
  if (!askedText) return false;
  const sharing = activeSince(pass, registry, d).flatMap((o) => {
    const asked = met.has(o) ? null : askedText(o);
    const shared = asked === null ? 0 : sharedCount(pass.memo.tokenSetOf(asked), me.tokens);
    return shared === 0 ? [] : [{ o, shared }];
  });
  // (A stable sort: on a tie, id order stays.)
  sharing.sort((a, b) => b.shared - a.shared);
  for (const { o } of sharing.slice(0, pass.options.maxCandidates)) {
    const verdict = crossTaskVerdict(relating(pass, o, pass.entries.entryOf(o, pass.memo)).later, d, theirs, pass.judge);
    if (verdict?.kind === 'supersedes') {
      retire(pass, d, o, verdict.why);
      return true;
    }
  }
  return false;
}

/** The registry but for the new decisions indexed (each is added once related), and what the pass compares with. */
function registryPass(registry: { decisions: Decision[] }, created: readonly Decision[], lexicon: CompiledLexicon, options: RelateOptions, context: RelateContext): RegistryPass {
  const isNew = new Set(created);
  const memo = context.memo ?? new SubjectMemo(new PorterStems(lexicon.words));
  const entries = context.entries ?? new EntryMemo();
  const index = new SubjectIndex(options.maxCandidates, lexicon.subjects.lookupEquivalents);
  for (const d of registry.decisions) if (!isNew.has(d) && d.status !== 'archived') index.add(entries.entryOf(d, memo));
  const subjects = lexicon.subjects;
  const view = (text: string) => viewOf(text, subjects, lexicon, memo);
  // A decision a person accepted or wrote is a person's; otherwise its statement's speaker, when known.
  const speakerOf = (x: Decision): Message['role'] | null => (x.origin !== 'auto' ? 'human' : (context.spokenBy?.(x) ?? null));
  const judge: RegistryJudge = { view, correctedView: (text) => correctedViewOf(text, subjects, lexicon, memo), generic: subjects.generic, valueContradiction: oncePerPair((theirs, mine) => contradiction(theirs, mine, subjects.generic, true)), speakerOf };
  const said = created.map((d): SaidIn => {
    const source = context.sourceText?.(d) ?? null;
    return { statement: d.statement, own: view(d.statement), source, message: source === null ? null : `${d.task_id}\u0000${source}` };
  });
  const cues = reversalCues(said, (text) => view(text).reversals);
  return {
    options,
    context,
    patterns: [],
    index,
    byId: new Map(registry.decisions.map((d) => [d.id, d])),
    memo,
    ranks: context.ranks ?? idRanks([...new Set([...registry.decisions, ...created])]),
    entries,
    affinity: context.affinity ?? ALL_RELATED,
    judge,
    askedView: (text) => askedViewOf(text, subjects, lexicon, memo),
    changeView: (text) => view(changeSentences(text, subjects, memo.stems)),
    cues: new Map(created.map((d, k) => [d, cues[k]])),
    reported: new Set(),
    titles: new Map(),
    titled: { byWord: new Map(), taken: 0 },
  };
}

function relating(pass: RegistryPass, d: Decision, me: Entry): Relating {
  const askedFor = pass.context.askedText?.(d) ?? null;
  const openedBy = pass.context.openingText?.(d) ?? null;
  let opening: SubjectView | null | undefined;
  const source = pass.context.sourceText?.(d) ?? null;
  let announced: SubjectView | null | undefined;
  const later: LaterDecision = {
    d,
    mine: pass.judge.view(d.statement),
    cues: pass.cues.get(d) ?? [],
    asked: askedFor ? pass.judge.view(askedFor) : null,
    askedQuestions: () => (askedFor ? pass.askedView(askedFor) : null),
    opening: () => (opening === undefined ? (opening = openedBy === null ? null : pass.askedView(openedBy)) : opening),
    message: () => (announced === undefined ? (announced = source === null ? null : pass.changeView(source)) : announced),
  };
  const older = (o: Decision, at = instantOf(o.created_at)) => {
    const order = compareRead(at, o.created_at, me.at, d.created_at);
    return order < 0 || (order === 0 && o.id < d.id);
  };
  const sameMatter = (o: Decision) => o.task_id === d.task_id || d.downstream.includes(o.task_id) || pass.affinity.related(o.task_id, d.task_id);
  let contradicted = false;
  const contradict = (o: Decision, why: string) => {
    addFlag(d, 'contradicts_correction');
    const key = `${d.task_id}\u0000${o.id}`;
    if (contradicted || pass.reported.has(key)) return;
    contradicted = true;
    pass.reported.add(key);
    pass.patterns.push(contradictionPattern(pass, d, o, why));
  };
  return { later, me, older, sameMatter, contradict, priorCorrections: [] };
}

/** The question a decision contradicting `o` raises. */
function contradictionPattern(pass: RegistryPass, d: Decision, o: Decision, why: string): RelatedPattern {
  const what = isCorrection(o) ? `a correction in ${o.task_id}` : `${o.type.replace('_', ' ')} in ${o.task_id}`;
  const at = pass.context.statedAt?.(d);
  return {
    task_id: d.task_id,
    type: 'contradiction',
    // The message the statement was said in (an agent's proposal a person accepted is the agent's message).
    messages: at === undefined || at === null ? lastMessage(d) : [at],
    description: `This seems to contradict ${o.id} (${what}: "${excerpt(o.statement, 120)}"); ${why}. Which is correct?`,
    rule: 'evolve/contradicts-correction',
    extracted_decision: d.id,
    ts: d.created_at,
    contradicts: [o.id],
  };
}

/** A new decision against the earlier ones sharing its subject words, then the decision a question it answers names. */
function relateOne(pass: RegistryPass, r: Relating): void {
  const { d } = r.later;
  const related = pass.index.candidates(r.me.tokens, pass.options.perTokenRecent, 1).filter((e) => e.d.id !== d.id && e.d.status !== 'archived' && r.older(e.d, e.at) && r.sameMatter(e.d));
  sortByRank(related, pass.ranks);
  for (const other of related) {
    const o = other.d;
    const theirs = pass.judge.view(o.statement);
    if (o.status === 'superseded') {
      againstRetired(pass, r, o, theirs);
      continue;
    }
    if (repeatsOrDuplicates(pass, r, other, theirs)) continue;
    const verdict = crossTaskVerdict(r.later, o, theirs, pass.judge);
    if (verdict?.kind === 'supersedes') retire(pass, o, d, verdict.why);
    else if (verdict) r.contradict(o, verdict.why);
  }
  const seen = new Set(related.map((e) => e.d.id));
  const answered = answeredReplaces(r.later, () => byWordsOf(pass, r, r.later.asked!.text, seen), pass.judge);
  const recapped = answered ? [answered] : recappedReplaces(r.later, () => byWordsOf(pass, r, r.later.opening()?.text ?? ''), pass.judge, (taskId) => titleWordsOf(pass, taskId));
  for (const { o, why } of recapped) retire(pass, o, d, why);
  if (recapped.length === 0 && d.supersedes === null) relateByTitles(pass, r);
  if (r.priorCorrections.length > 0) pass.patterns.push(repeatedCorrection(d, r.priorCorrections));
}

/**
 * The earlier decisions of the same matter that share a word with `text` (a message the new
 * decision answers), but those `seen` (a recap is weighed against all, those its statement's words
 * met too), in id order.
 */
function byWordsOf(pass: RegistryPass, r: Relating, text: string, seen?: ReadonlySet<string>): Decision[] {
  const found = pass.index.candidates(pass.memo.tokenSetOf(text), pass.options.perTokenRecent, 1).filter((e) => !seen?.has(e.d.id) && r.older(e.d, e.at) && r.sameMatter(e.d));
  sortByRank(found, pass.ranks);
  return found.map((e) => e.d);
}

/** The subject words of a task's title (none without a title). */
function titleWordsOf(pass: RegistryPass, taskId: string): ReadonlySet<string> {
  const title = titleView(pass, taskId);
  return title === null ? new Set() : subjectWords(title);
}

/** A task's title read, once per pass, a question too ("Dental offer: keep going after February?" names the dental offer). */
function titleView(pass: RegistryPass, taskId: string): SubjectView | null {
  let v = pass.titles.get(taskId);
  if (v === undefined) {
    const title = pass.context.titleOf?.(taskId) ?? null;
    pass.titles.set(taskId, (v = title === null ? null : pass.askedView(title)));
  }
  return v;
}

/**
 * A decision that replaced nothing, against the earlier decisions of tasks whose titles share at
 * least `titleWords` subject words with its own task's title, or a name (found by its words and
 * its title's): the first whose value it changes on what both tasks are about (see titledChange)
 * is retired.
 */
function relateByTitles(pass: RegistryPass, r: Relating): void {
  const { d } = r.later;
  const title = titleView(pass, d.task_id);
  if (title === null) return;
  const mine = subjectWords(title);
  if (mine.size < pass.options.titleWords) return;
  const tokens = new Set([...r.me.tokens, ...pass.memo.tokenSetOf(title.text)]);
  // (A statement that is all value, "A las 10 está bien.", shares no word with a later one: the
  // decisions of the tasks whose titles share a word with this one's are met too.)
  const byWords = pass.index.candidates(tokens, pass.options.perTokenRecent, 1);
  const met = new Set(byWords);
  const weighable = (e: Entry) => e.d.task_id !== d.task_id && e.d.status === 'active' && r.older(e.d, e.at) && r.sameMatter(e.d);
  const byTitle: Entry[] = [];
  for (const t of tasksByTitle(pass, mine)) {
    if (t === d.task_id) continue;
    // (Only decisions that may be weighed count toward the bound.)
    for (const e of pass.index.ofTask(t, pass.options.maxCandidates)) if (!met.has(e) && weighable(e) && byTitle.length < pass.options.maxCandidates) byTitle.push(e);
    if (byTitle.length >= pass.options.maxCandidates) break;
  }
  const found = [...byWords.filter(weighable), ...byTitle];
  sortByRank(found, pass.ranks);
  for (const { d: o } of found) {
    const theirs = titleView(pass, o.task_id);
    const why = theirs === null ? null : changeByTitles(pass, r.later, title, o, theirs);
    if (why) {
      retire(pass, o, d, why);
      return;
    }
  }
}

/**
 * The tasks of the index whose titles share a subject word with `words` (a task's title), each
 * word's most recent ones (by when the index first met the task): those sharing more words first,
 * then the more recent. The index's tasks are taken in as they come. (The caller takes their
 * decisions up to a bound: a registry of tasks all titled alike stays linear.)
 */
function tasksByTitle(pass: RegistryPass, words: ReadonlySet<string>): string[] {
  const { titled, index } = pass;
  for (; titled.taken < index.taskOrder.length; titled.taken++) {
    const task = index.taskOrder[titled.taken];
    for (const w of titleWordsOf(pass, task)) {
      const list = titled.byWord.get(w);
      if (list) list.push(titled.taken);
      else titled.byWord.set(w, [titled.taken]);
    }
  }
  const shared = new Map<number, number>();
  for (const w of words) {
    const list = titled.byWord.get(w) ?? [];
    for (let i = Math.max(0, list.length - pass.options.perTokenRecent); i < list.length; i++) shared.set(list[i], (shared.get(list[i]) ?? 0) + 1);
  }
  return [...shared].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([at]) => index.taskOrder[at]);
}

/**
 * What `later` (in a task titled `laterTitle`) changes of the earlier decision `o` (titled
 * `olderTitle`) on what both titles name: two shared subject words, or one that is a name (see
 * titledChange); null when the titles share too little or it changes nothing.
 */
function changeByTitles(pass: RegistryPass, later: LaterDecision, laterTitle: SubjectView, o: Decision, olderTitle: SubjectView): string | null {
  const mine = subjectWords(laterTitle);
  const words = new Set([...subjectWords(olderTitle)].filter((w) => mine.has(w)));
  if (words.size === 0) return null;
  const stated = pass.judge.view(o.statement);
  if (words.size < pass.options.titleWords && !namesOne(pass, words, [laterTitle, olderTitle, stated, later.mine])) return null;
  return titledChange(later, o, stated, { words, title: laterTitle }, pass.judge);
}

/**
 * Whether the one word two titles share is a name one of the views gives (a client, a firm, a
 * project: "Brightwell Tech – weekly office lunch", "Brightwell – new delivery time"): a name says
 * the tasks are about one matter as two common words do, where one common word ("retention") does
 * not.
 */
function namesOne(pass: RegistryPass, words: ReadonlySet<string>, views: readonly SubjectView[]): boolean {
  if (words.size !== 1) return false;
  const [word] = words;
  return views.some((v) => [...v.names].some((n) => pass.memo.stems.of(n) === word));
}

/**
 * `o` is replaced by `d` (`why`: what `d` changes), unless `d`'s own chain of replacements leads to
 * `o`: a discussion whose timestamps run backwards ("put it in email" at 16:08, then "in the task
 * board" at 10:12) orders its decisions one way and the registry the other, and the link would
 * close a loop in which every decision on the subject is replaced and none stands. The chain is
 * left as it is.
 */
function retire(pass: RegistryPass, o: Decision, d: Decision, why: string): void {
  for (const later of replacementsOf(d, pass.byId)) if (later === o) return;
  supersede(o, d, why);
}

/** Restating a fact that a later decision (of another task, said before d) replaced contradicts the one that stands. */
function againstRetired(pass: RegistryPass, r: Relating, o: Decision, theirs: SubjectView): void {
  const { d, mine } = r.later;
  const by = o.superseded_by ? pass.byId.get(o.superseded_by) : undefined;
  if (o.task_id === d.task_id || isCorrection(d) || !by || by.status !== 'active' || by === d || by.task_id === d.task_id || !r.older(by)) return;
  const why = restatesRetired(theirs, pass.judge.view(by.statement), mine);
  if (why) r.contradict(by, `${why} (${o.id}: "${excerpt(o.statement, 80)}")`);
}

/**
 * A correction made again (counted), or a restatement of an active decision (`near_duplicate`,
 * `duplicate_of`), not new knowledge: true when `other` is one of those, and nothing else relates
 * the two. A person correcting the agent with what was already decided is asked about: the
 * corrected message contradicted it.
 */
function repeatsOrDuplicates(pass: RegistryPass, r: Relating, other: Entry, theirs: SubjectView): boolean {
  const { d, mine, cues } = r.later;
  const o = other.d;
  const { options } = pass;
  const sameTask = o.task_id === d.task_id;
  const similarity = jaccard(r.me.tokens, other.tokens);
  const conflict = pass.judge.valueContradiction(theirs, mine) ?? replacement(theirs, mine, cues, isCorrection(d), pass.judge.generic);
  if (isCorrection(d) && isCorrection(o) && (similarity >= options.duplicateSimilarity || (!conflict && similarity >= options.restateSimilarity))) {
    r.priorCorrections.push(o.id);
    return true;
  }
  if (conflict || !(similarity >= options.duplicateSimilarity || (isCorrection(d) && !sameTask && restates(theirs, mine, similarity, options)))) return false;
  // (Words in common are no duplicate where the values differ: "6 weeks yes." / "8 weeks from now on.")
  if (givesOtherValue(theirs, mine)) return false;
  addFlag(d, 'near_duplicate');
  d.duplicate_of ??= o.id;
  const key = `${d.task_id}\u0000${o.id}`;
  if (isCorrection(d) && !sameTask && !pass.reported.has(key)) {
    pass.reported.add(key);
    pass.patterns.push({
      task_id: d.task_id,
      type: 'contradiction',
      messages: d.source?.messages ?? [],
      description: `This seems to contradict ${o.id} (${o.task_id}: "${excerpt(o.statement, 120)}"); the correction restates it. Which is correct?`,
      rule: 'evolve/corrected-restates-decision',
      extracted_decision: d.id,
      ts: d.created_at,
      contradicts: [o.id],
    });
  }
  return true;
}

function repeatedCorrection(d: Decision, priorCorrections: string[]): RelatedPattern {
  return {
    task_id: d.task_id,
    type: 'correction',
    messages: lastMessage(d),
    description: `The same correction made again (${priorCorrections.length + 1} times in all): "${d.statement}"`,
    rule: 'evolve/repeated-correction',
    extracted_decision: d.id,
    ts: d.created_at,
    repeats: priorCorrections,
  };
}

/** A correction that says again what an earlier decision says (most of its subject, nothing against it). */
function restates(earlier: SubjectView, later: SubjectView, similarity: number, options: RelateOptions): boolean {
  if (similarity >= options.restateSimilarity) return true;
  return earlier.clauses.some((e) => e.anchor.size >= 2 && later.clauses.some((l) => containment(e, l) >= options.restateContainment));
}

export interface TaskMessages {
  taskId: string;
  messages: readonly Message[];
  /** The task's decisions, to name the one a contradicting message became. */
  decisions: readonly Decision[];
  /** Messages a person rejected by recalling an earlier agreement, by index, with the message recalling it (`rejectedByRecall`). */
  recalled?: ReadonlyMap<number, Recall>;
  /** What a message claims where that is less than its text, by index: without the alternatives it puts up to choose from (`withoutOfferedAlternatives`). */
  claimed?: ReadonlyMap<number, string>;
}

/** A person's message recalling what was agreed ("We agreed in T604: …"), or what they said before ("Like I said in T604: …"). */
export interface Recall {
  by: Message;
  /** Recalls an agreement; otherwise the speaker's own words, which point at a decision only where they name its task. */
  agreed: boolean;
}

/**
 * Messages a person corrected by rejecting them and recalling what was agreed before ("No. We
 * agreed in T310: no customer data in the wiki."), each with the person's message: the person
 * says that the rejected message goes against an earlier decision, which relating then looks for.
 * A correction that recalls an agreement without rejecting the message ("Yes, in fact. The minutes
 * say … We settled that in May: …") is about something else the message does not say. One that
 * recalls the speaker's own words ("No, like I said, Haas retired.") recalls a fact as often as a
 * decision: it counts where it names the decision's task.
 */
export function rejectedByRecall(patterns: readonly Pick<PatternCandidate, 'type' | 'messages'>[], messages: readonly Message[], statements: CompiledStatementLexicon): Map<number, Recall> {
  const out = new Map<number, Recall>();
  const byIndex = new Map(messages.map((m) => [m.index, m]));
  for (const p of patterns) {
    if (p.type !== 'correction' || p.messages.length < 2) continue;
    const by = byIndex.get(p.messages[1]);
    const lower = by && by.role !== 'bot' ? normalForm(by.text) : '';
    const rejection = findAct(statements, 'rejection', lower);
    // A bare "No." / "Nein," rejects; "No problem." or "No worries, …" does not.
    if (!by || rejection?.start !== 0 || !/^\s*(?:[.,;:!—–-]|$)/.test(lower.slice(rejection.end))) continue;
    // The recall opens a sentence, or follows the rejection ("No, as agreed: …").
    // (An act at the start may follow punctuation: the comma after "No" leaves it at the start.)
    const places = [by.text.slice(rejection.end), ...splitSentences(by.text, statements.words.statements).map((s) => s.text)].map(normalForm);
    if (places.some((t) => findAct(statements, 'recall', t) !== null)) out.set(p.messages[0], { by, agreed: true });
    else if (places.some((t) => findAct(statements, 'said-before', t) !== null)) out.set(p.messages[0], { by, agreed: false });
  }
  return out;
}

/** One call of relateMessages: the registry indexed, and what its decisions are compared with. */
interface MessageCheck {
  options: RelateOptions;
  index: SubjectIndex;
  byId: ReadonlyMap<string, Decision>;
  memo: SubjectMemo;
  ranks: ReadonlyMap<Decision, number>;
  affinity: Affinity;
  view: (text: string) => SubjectView;
  /** What a correction corrected, its questions read as claims (see correctedViewOf). */
  correctedView: (text: string) => SubjectView;
  /** A decision's statement or what it corrected, read for its words and numbers (see saidWords); each text read once. */
  said: (text: string) => SaidWords;
  /** `contradiction` on a firm subject, with values or without; each pair of views asked once. */
  firmContradiction: (theirs: SubjectView, mv: SubjectView, values: boolean) => string | null;
  /** One pattern per task and decision: the first message that contradicts it (or the decision that did). */
  flagged: Set<string>;
  /** The registry's decisions by task (a message naming a task refers to its decisions). */
  byTask: ReadonlyMap<string, readonly Decision[]>;
  /** A decision's instant, read once. */
  instantAt: (d: Decision) => number | null;
  /** The registry's chains of replacements, laid out when first asked for. */
  chains: () => ReplacementChains;
}

/** The decisions a message contradicts, and for each what it says and why. */
interface Contradicted {
  targets: string[];
  findings: string[];
}

/**
 * Every message of the given tasks, by anyone (agent drafts included), checked against what other
 * tasks decided before it was written: a message that asserts what an active decision rules out,
 * gives another value for the same slot, restates a fact a person corrected, or restates a
 * decision that was replaced gets a contradiction pattern naming the decision that stands.
 */
export function relateMessages(
  registry: { decisions: Decision[] },
  tasks: readonly TaskMessages[],
  lexicon: CompiledLexicon,
  already: ReadonlySet<string>,
  options: RelateOptions = DEFAULT_RELATE_OPTIONS,
  context: Pick<RelateContext, 'memo' | 'ranks' | 'entries' | 'affinity'> = {},
): RelatedPattern[] {
  if (tasks.every((t) => t.messages.length === 0)) return [];
  const check = messageCheck(registry, lexicon, already, options, context);
  const patterns: RelatedPattern[] = [];
  for (const task of tasks) {
    // The values people of the discussion decided so far: an agent's message that only gives them
    // again carries out what they decided (withoutEchoedClauses).
    const decided = new Set<string>();
    // (Each decision by the message that made it, its last source message, in the task's order.)
    const decidedAt = new Map<number, Decision[]>();
    for (const d of task.decisions) {
      const at = d.source?.messages?.at(-1);
      if (at === undefined) continue;
      const here = decidedAt.get(at);
      if (here) here.push(d);
      else decidedAt.set(at, [d]);
    }
    for (const m of task.messages) {
      const skip = already.has(`${task.taskId}\u0000${m.index}`);
      const found = skip ? null : messageFindings(check, task, m, decided);
      if (m.role === 'human') for (const d of decidedAt.get(m.index) ?? []) for (const key of valueKeys(check.view(d.statement))) decided.add(key);
      if (found === null) continue;
      const made = decidedAt.get(m.index)?.[0];
      patterns.push({
        task_id: task.taskId,
        type: 'contradiction',
        messages: [m.index],
        description: `This seems to contradict ${found.findings.join('; and ')}. Which is correct?`,
        rule: 'evolve/contradicts-decision',
        extracted_decision: made?.id ?? null,
        ts: m.ts,
        contradicts: found.targets,
      });
    }
  }
  return patterns;
}

/** What message `m` of `task` contradicts (null for nothing): by what it claims, or by the agreement a person rejecting it recalls. */
function messageFindings(check: MessageCheck, task: TaskMessages, m: Message, stated: ReadonlySet<string>): Contradicted | null {
  let found = contradictedBy(check, task.taskId, m, task.claimed?.get(m.index) ?? m.text, stated);
  const recall = task.recalled?.get(m.index);
  if (found.findings.length === 0 && recall) found = recalledAgreement(check, task.taskId, recall);
  return found.findings.length === 0 ? null : found;
}

function messageCheck(registry: { decisions: Decision[] }, lexicon: CompiledLexicon, already: ReadonlySet<string>, options: RelateOptions, context: Pick<RelateContext, 'memo' | 'ranks' | 'entries' | 'affinity'>): MessageCheck {
  const memo = context.memo ?? new SubjectMemo(new PorterStems(lexicon.words));
  const entries = context.entries ?? new EntryMemo();
  const subjects = lexicon.subjects;
  // The same statement against the same message text gives the same answer: asked once per pair of views.
  // Another value counts in an agent's draft or report only (see againstDecision): one memo per answer kind.
  const firmWithValues = oncePerPair((theirs, mv) => contradiction(theirs, mv, subjects.generic, true, 'firm'));
  const firmWithoutValues = oncePerPair((theirs, mv) => contradiction(theirs, mv, subjects.generic, false, 'firm'));
  const index = new SubjectIndex(options.maxCandidates, lexicon.subjects.lookupEquivalents);
  // A correction is found by the words of what it corrected too ("delivery within 21 days" for
  // "Lieferzeit ist immer 10 Tage"): later drafts repeat the agent's words, not the person's.
  for (const d of registry.decisions) if (d.status !== 'archived') index.add(entries.entryOf(d, memo, true));
  const byId = new Map(registry.decisions.map((d) => [d.id, d]));
  const instants = new Map<Decision, number | null>();
  const instantAt = (d: Decision) => {
    let at = instants.get(d);
    if (at === undefined) instants.set(d, (at = instantOf(d.created_at)));
    return at;
  };
  let chains: ReplacementChains | undefined;
  const saidOfDecisions = new Map<string, SaidWords>();
  return {
    options,
    index,
    byId,
    memo,
    ranks: context.ranks ?? idRanks(registry.decisions),
    affinity: context.affinity ?? ALL_RELATED,
    view: (text) => viewOf(text, subjects, lexicon, memo),
    correctedView: (text) => correctedViewOf(text, subjects, lexicon, memo),
    said: (text) => {
      let read = saidOfDecisions.get(text);
      if (!read) saidOfDecisions.set(text, (read = saidWords(text, memo.stems)));
      return read;
    },
    firmContradiction: (theirs, mv, values) => (values ? firmWithValues : firmWithoutValues)(theirs, mv),
    flagged: new Set(already),
    byTask: decisionsByTask(registry.decisions),
    instantAt,
    chains: () => (chains ??= new ReplacementChains(registry.decisions, byId, instantAt)),
  };
}

function decisionsByTask(decisions: readonly Decision[]): Map<string, Decision[]> {
  const out = new Map<string, Decision[]>();
  for (const d of decisions) {
    const list = out.get(d.task_id);
    if (list) list.push(d);
    else out.set(d.task_id, [d]);
  }
  return out;
}

/** Whether a decision was made before message `m` was written (`at`: the decision's instant, when already read). */
function decidedBefore(m: Message): (d: Decision, at?: number | null) => boolean {
  const said = instantOf(m.ts);
  return (d, at = instantOf(d.created_at)) => m.ts === null || compareRead(at, d.created_at, said, m.ts) < 0;
}

/** What a message contradicts among the decisions of other tasks about the same matter, said before it. */
function contradictedBy(check: MessageCheck, taskId: string, m: Message, claimed: string, stated: ReadonlySet<string>): Contradicted {
  const found: Contradicted = { targets: [], findings: [] };
  // (Not kept in the memo: each message is looked at once, and a daemon's memo would fill with them.)
  const tokens = new Set(contentTokens(m.text, check.memo.stems));
  if (tokens.size === 0) return found;
  const before = decidedBefore(m);
  const candidates = check.index.candidates(tokens, check.options.perTokenRecent, 1).filter((e) => e.d.task_id !== taskId && before(e.d, e.at) && check.affinity.related(e.d.task_id, taskId));
  if (candidates.length === 0) return found;
  // A message with no claim to compare contradicts nothing; a person's explicit change of plan
  // ("Fine, flip it: …") reverses what it changes, it does not contradict it.
  const mv = check.view(claimed);
  if (mv.clauses.length === 0 || (m.role === 'human' && mv.reversals.length > 0)) return found;
  let read: SaidWords | undefined;
  const said = () => (read ??= saidWords(m.text, check.memo.stems));
  sortByRank(candidates, check.ranks);
  for (const { d: o } of candidates) {
    const against = againstDecision(check, o, m, mv, said, taskId, before, stated);
    if (!against) continue;
    const { target, why } = against;
    const key = `${taskId}\u0000${target.id}`;
    if (check.flagged.has(key)) continue;
    check.flagged.add(key);
    found.targets.push(target.id);
    found.findings.push(`${target.id} (${target.task_id}: "${excerpt(target.statement, 120)}"); ${why}`);
  }
  return found;
}

/**
 * The earlier decision a person recalled when rejecting a message (`by`: "No. We agreed in T310:
 * no customer data in the wiki."; their own words only where they name a task): an active decision of a task the person names sharing a
 * word with what the person recalls (it may name the tool where the person recalls the rule), or,
 * naming none, of a related task sharing two; the one sharing the most, the most recent on a tie.
 * Nothing when the best is a decision of the same task (that agreement is the discussion's own) or
 * when none is found: a person may recall what was never recorded.
 */
function recalledAgreement(check: MessageCheck, taskId: string, { by, agreed }: Recall): Contradicted {
  const found: Contradicted = { targets: [], findings: [] };
  const tokens = new Set(contentTokens(by.text, check.memo.stems));
  const named = [...new Set(taskIdsIn(by.text))].filter((t) => t !== taskId && check.byTask.has(t));
  if (!agreed && named.length === 0) return found;
  const before = decidedBefore(by);
  // The task's own decisions first: an agreement made earlier in the same discussion is no other task's.
  const pool = [...(check.byTask.get(taskId) ?? []), ...(named.length > 0 ? named.flatMap((t) => check.byTask.get(t)!) : check.index.candidates(tokens, check.options.perTokenRecent, 2).map((e) => e.d).filter((o) => o.task_id !== taskId && check.affinity.related(o.task_id, taskId)))];
  let best: { d: Decision; shared: number; rank: number } | null = null;
  for (const o of pool) {
    if (o.status !== 'active' || !before(o)) continue;
    const shared = sharedCount(check.memo.tokenSetOf(o.statement, o.corrects), tokens);
    if (shared < (named.length > 0 && o.task_id !== taskId ? 1 : 2)) continue;
    const rank = check.ranks.get(o) ?? 0;
    const better = !best || shared > best.shared || (shared === best.shared && rank >= best.rank);
    if (better) best = { d: o, shared, rank };
  }
  if (!best || best.d.task_id === taskId) return found;
  const key = `${taskId}\u0000${best.d.id}`;
  if (check.flagged.has(key)) return found;
  check.flagged.add(key);
  found.targets.push(best.d.id);
  found.findings.push(`${best.d.id} (${best.d.task_id}: "${excerpt(best.d.statement, 120)}"); ${by.author || 'a person'} rejects it as going against what was agreed`);
  return found;
}

/** Whether message `m` contradicts decision `o` (or the decision that replaced it before `m` was written), and why. */
function againstDecision(check: MessageCheck, o: Decision, m: Message, mv: SubjectView, said: () => SaidWords, taskId: string, before: (d: Decision, at?: number | null) => boolean, stated: ReadonlySet<string>): { target: Decision; why: string } | null {
  const theirs = check.view(o.statement);
  if (o.status === 'superseded') {
    const by = o.superseded_by ? check.byId.get(o.superseded_by) : undefined;
    if (!by) return null;
    // The message is judged against what stood when it was written, whatever later tasks changed
    // since: the decision itself when it was replaced only after the message, else the last
    // replacement said before the message.
    if (before(by, check.instantAt(by))) {
      const stood = check.chains().standingBefore(by, before);
      const replaced = check.view(stood.statement);
      // (Inside the discussion that replaced it, people still name the old value while settling
      // the change, and the agent's update names the subject again; an agent's message after the
      // change that quotes a number the change dropped is a draft that missed it.)
      if (stood.task_id === taskId && !(m.role === 'bot' && givesDroppedNumber(theirs, replaced, mv))) return null;
      const why = restatesRetired(theirs, replaced, mv);
      return why ? { target: stood, why: `${why} (${o.id}: "${excerpt(o.statement, 80)}")` } : null;
    }
  }
  // Another value for the same slot counts in an agent's draft or report; a person naming their
  // own plans ("I can bring the keys on Thursday") decides nothing against it, and a step to do
  // once ("Load the rates into the channel manager on Monday, 2 March.") holds no value a later
  // date or amount could go against. (The answer is kept per message view, and a message has one role.)
  // (An agent giving again what a person of its discussion said is carrying it out.)
  const claims = m.role === 'bot' ? withoutEchoedClauses(mv, theirs, stated) : mv;
  const why = check.firmContradiction(theirs, claims, m.role === 'bot' && o.type !== 'action_item') ?? (o.corrects ? correctedRestated(check.correctedView(o.corrects), theirs, mv, m.role === 'bot') : null);
  if (why) return { target: o, why };
  // An agent's draft or runbook that says the corrected fact again in its own words (a line that
  // copies the wrong command), as guard reads a text; a person quoting it is discussing it.
  const wordsAgain = o.corrects && m.role === 'bot' && wrongWordsSaidAgain(check.said(o.corrects), check.said(o.statement), said());
  return wordsAgain ? { target: o, why: `it restates what ${o.id} corrected: "${excerpt(o.corrects!, 120)}"` } : null;
}

/**
 * A message giving again what a correction corrected: the wrong value or subject, or, in an
 * agent's draft or report, the name the correction put another in the place of (a person naming
 * someone decides nothing against it).
 */
function correctedRestated(wrong: SubjectView, correction: SubjectView, mv: SubjectView, byAgent: boolean): string | null {
  return restatesRetired(wrong, correction, mv, false, true) ?? (byAgent ? nameRestated(wrong, correction, mv) : null);
}

/**
 * What `markStale` worked out, for a caller that marks the same registry again and again (the
 * watch daemon, once per save), so that it looks again only at decisions whose answer may have
 * changed. Whether an old decision is stale depends on its own tokens and on the most recent
 * active decisions sharing each of them (in registry order): while no decision holding one of
 * its tokens became or stopped being active, the answer is the one found last time.
 */
export class StaleMemo {
  /** The active decisions of the last call, in order, and the answer for each old one. */
  last: { active: readonly Entry[]; stale: ReadonlyMap<Entry, boolean> } | null = null;

  /** Each decision's entry, made again only when the decision changed (relating shares them). */
  readonly entries = new EntryMemo();
}

/** The answers of the last call that still hold for `active`, or null when its order changed (then every answer is worked out again). */
function answersStillValid(last: NonNullable<StaleMemo['last']>, active: readonly Entry[]): Map<Entry, boolean> | null {
  const now = new Set(active);
  const before = new Set(last.active);
  if (now.size !== active.length || before.size !== last.active.length) return null;
  // Decisions active both times must be in the same order: each token's list of recent ones is in that order.
  const kept = active.filter((e) => before.has(e));
  let k = 0;
  for (const e of last.active) if (now.has(e) && kept[k++] !== e) return null;
  const touched = new Set<string>();
  for (const e of last.active) if (!now.has(e)) for (const t of e.tokens) touched.add(t);
  for (const e of active) if (!before.has(e)) for (const t of e.tokens) touched.add(t);
  const out = new Map<Entry, boolean>();
  for (const [e, answer] of last.stale) {
    if (!now.has(e)) continue;
    let untouched = true;
    for (const t of e.tokens) if (touched.has(t)) untouched = false;
    if (untouched) out.set(e, answer);
  }
  return out;
}

/** Whether `now` lies in `window` (see markStale). */
export function inStaleWindow(window: StaleWindow, now: string): boolean {
  const nowMs = instantOf(now);
  return nowMs !== null && (window.after === null || nowMs > window.after) && (window.until === null || nowMs <= window.until);
}

/**
 * `stale`: an active decision older than the configured age whose subject saw newer activity
 * (a newer active decision on it). Recomputed over the whole registry, since time moves.
 * `memo`: the subject memo entries are tokenized through (its stems hold the engine's stopwords).
 * `kept`: what an earlier call on the same registry worked out (see StaleMemo); without it,
 * `made`: the entries relating made already, taken when an old decision needs them.
 * Returns the stretch of time around `now` in which the same decisions are old (see
 * StaleWindow), or null when `now` is not an instant (every flag is then left as it is).
 */
export function markStale(decisions: Decision[], now: string, options: RelateOptions, memo: SubjectMemo, kept?: StaleMemo, made: EntryMemo = new EntryMemo()): StaleWindow | null {
  const nowMs = instantOf(now);
  if (nowMs === null) return null;
  const maxAge = options.staleAfterDays * 86_400_000;
  // Instants are whole milliseconds: past a fractional age means past its whole part.
  const age = Math.floor(maxAge);
  const window: StaleWindow = { after: null, until: null };
  // Active decisions older than the age: the only ones that can be stale. A kept entry has the
  // decision's instant read already; without a memo, entries are made only when one is old.
  const old = new Set<Decision>();
  const keptEntries: Entry[] = [];
  for (const d of decisions) {
    const entry = kept && d.status === 'active' ? kept.entries.entryOf(d, memo) : null;
    if (entry) keptEntries.push(entry);
    const created = entry ? entry.at : d.status === 'active' ? instantOf(d.created_at) : null;
    if (created !== null && nowMs - created > maxAge) {
      old.add(d);
      // Old for as long as the clock stays past the day it turned; young up to that day.
      window.after = Math.max(window.after ?? -Infinity, created + age);
    } else {
      removeFlag(d, 'stale');
      if (created !== null) window.until = Math.min(window.until ?? Infinity, created + age);
    }
  }
  // With none, nothing is indexed (and nothing kept to build on).
  if (old.size === 0) {
    if (kept) kept.last = null;
    return window;
  }
  const entries = kept ? keptEntries : decisions.filter((d) => d.status === 'active').map((d) => made.entryOf(d, memo));
  const stale = new Map<Entry, boolean>();
  const known = kept?.last ? answersStillValid(kept.last, entries) : null;
  if (kept) kept.last = { active: entries, stale };
  // Everything active is indexed only when an old decision needs an answer worked out.
  let index: SubjectIndex | null = null;
  for (const e of entries) {
    if (!old.has(e.d)) continue;
    let answer = known?.get(e);
    if (answer === undefined) {
      if (!index) {
        index = new SubjectIndex(options.maxCandidates);
        for (const x of entries) index.add(x);
      }
      const created = e.at!;
      answer = index.candidates(e.tokens, options.perTokenRecent).some((o) => o.d !== e.d && (o.at ?? -Infinity) > created && jaccard(e.tokens, o.tokens) >= options.staleOverlap);
    }
    stale.set(e, answer);
    if (answer) addFlag(e.d, 'stale');
    else removeFlag(e.d, 'stale');
  }
  return window;
}
