// The whole extraction as one pure function, and its table of contents: `analyseTask` lists the
// stages of one task's analysis in order, `mergeAnalyses` the stages that merge analyses into the
// registry. No file system, no console, no clock: the store reads and writes, the caller passes `now`.
import { appendAll } from './lists';
import { TaskAffinity } from './affinity';
import type { CompiledBridgeLexicon } from './bridge';
import { clusterTopics } from './cluster';
import { negates, type CompiledLexicon } from './contradiction';
import { sentenceCandidates } from './candidates';
import type { CandidateInput } from './candidateInput';
import { agentCandidates, decideTask, orderCandidates, type DecideInput, type TaskAnalysis, type WeighedCandidate } from './decide';
import { detect, withAdmittedErrors, withDeniedValues } from './detect';
import { decisionFromReview, mergeTask, RegistryIndex, recordPatterns, type Registry, type TaskMerge } from './evolve';
import { EntryMemo, idRanks, markStale, rejectedByRecall, relateMessages, relateNewDecisions, retireAcceptedBySince, type RelateContext, type RelatedPattern, type RelateOptions, type StaleMemo, type TaskMessages } from './relate';
import { compareInstants } from './instant';
import { analyseMessages, type AnalysedMessages } from './messageAnalysis';
import { withoutOfferedAlternatives } from './proposals';
import { normalizeDiscussion } from './normalize';
import { addSpeakerPatterns, handsChoiceOn, replyActs, speakerNameWords } from './replies';
import type { CompiledRule } from './rules';
import { sarcasticSentences, type CompiledStatementLexicon } from './sentenceActs';
import type { ScorerModel } from './scorer';
import { canonicalJson, sameJson } from './json';
import { contrastsStated, firstStatedValues, onlyAnnouncesChange, reversalsIn, rulesOutStated, SubjectMemo } from './subject';
import { openingText, questionText, supersedeInTask } from './supersede';
import { sha256, sharedCount, type Span, type Stems } from './text';
import { PorterStems } from './porter';
import type { AnalysisSettings, Decision, DecisionType, Detection, ExtractedState, Message, Pattern, ReplyActs, ReviewItem, SentenceCandidate, StaleWindow, TaskInput, Tuning, Words } from './types';

export type { TaskInput };

export interface FileInput {
  path: string;
  tasks: TaskInput[];
}

export interface Engine {
  rules: readonly CompiledRule[];
  lexicon: CompiledLexicon;
  bridge: CompiledBridgeLexicon;
  /** Sentence acts: what decides, what frames, what accepts (rules/lexicons/statements.json). */
  statements: CompiledStatementLexicon;
  /**
   * The word lists of rules/lexicons/ (stopwords, cues, claims, statement words, relations,
   * replies), compiled once: every stage reads them from here or from a lexicon or rule compiled
   * with them.
   */
  words: Words;
  /** The fitted decision scorer: how sure a candidate clause is a decision, and its type. */
  scorer: ScorerModel;
  config: AnalysisSettings;
  /** Every threshold, window and weight of the analysis: the shipped ones with the config's `tuning` and `staleAfterDays` over them. */
  tuning: Tuning;
  /** Hash of everything besides the text that shapes the output (rules, lexicon, thresholds, tuning, speakers). */
  fingerprint: string;
}

export interface PipelineInput {
  files: FileInput[];
  registry: Registry;
  now: string;
}

export interface RunSummary {
  files: number;
  tasks: number;
  decisions: number;
  patterns: number;
  review: number;
}

export interface PipelineOutput {
  registry: Registry;
  /** The index of `registry` as it is returned (a caller that keeps the registry may keep it too). */
  index: RegistryIndex;
  newPatterns: Pattern[];
  /** New extracted_state per file path and task id (every task with a discussion). */
  states: Map<string, Map<string, ExtractedState>>;
  summary: RunSummary;
  /** When the stale check as of `now` flags the same decisions of `registry` (null: `now` is no instant). */
  stale: StaleWindow | null;
}

const hashes = new WeakMap<readonly unknown[], string>();
/**
 * Hash of the discussion as written (its key order included): cheap, and stable for the same
 * text. Memoised per array: reading, planning and merging all ask for it.
 */
export function discussionHash(discussion: readonly unknown[]): string {
  let h = hashes.get(discussion);
  if (h === undefined) {
    h = `sha256:${sha256(JSON.stringify(discussion))}`;
    hashes.set(discussion, h);
  }
  return h;
}

/**
 * The hash of `discussion` when it is known without printing it: from its own memo, or from
 * `earlier`, a discussion read before that JSON prints the same (a daemon re-reading a file
 * after a save; most tasks in it did not change).
 */
export function discussionHashLike(discussion: readonly unknown[], earlier: readonly unknown[] | undefined): string {
  let h = hashes.get(discussion);
  if (h === undefined && earlier !== undefined && earlier !== discussion && sameJson(discussion, earlier)) {
    h = discussionHash(earlier);
    hashes.set(discussion, h);
  }
  return h ?? discussionHash(discussion);
}

/**
 * What the analysis of many tasks in one run shares: the stems of the words met so far (a
 * memo of the stemmer; vocabularies repeat across a run's discussions). Whoever runs the analysis
 * makes one per run, or per worker's share of it, for the engine it runs, and drops it with the run.
 */
export interface RunContext {
  stems: Stems;
  /** The tagger's reading of the clause openings met so far: whether each opens with an imperative (candidates.ts). */
  imperatives: Map<string, boolean>;
}

export function newRunContext(engine: Engine): RunContext {
  return { stems: new PorterStems(engine.words), imperatives: new Map() };
}

/** The analysis of one task, stage by stage. Each stage is a pure function of what the earlier ones produced. */
export function analyseTask(taskId: string, discussion: readonly unknown[], engine: Engine, knownTaskIds: ReadonlySet<string>, run: RunContext = newRunContext(engine)): TaskAnalysis {
  const input = readTask(taskId, discussion, engine, knownTaskIds, run);
  // 7. bands: each candidate scored over its stretch of topic (without an agent: each topic's strongest statement) and banded decision / review / raw.
  const candidates = decideTask(input);
  // 8. order: candidates in the order they were said, correction patterns linked to the decision they made (supersession reads positions).
  const ordered = orderCandidates(candidates);
  // 9. supersede in task: a later decision on the same subject replaces an earlier one; needs the final order.
  const superseded = supersedeInTask(input, ordered);
  // 10. patterns: repeated questions and self-contradictions (which skip what supersession already reported), all in message order.
  return addSpeakerPatterns(input, superseded);
}

/**
 * The candidate clauses of one task's discussion with the features the scorer weighs them by
 * (stages 1–6, each candidate with the features stage 7 scores it by): what the scorer is fitted on.
 */
export function candidateClauses(taskId: string, discussion: readonly unknown[], engine: Engine, knownTaskIds: ReadonlySet<string> = new Set([taskId]), run: RunContext = newRunContext(engine)): { messages: readonly { index: number }[]; candidates: WeighedCandidate[] } {
  const input = readTask(taskId, discussion, engine, knownTaskIds, run);
  const withAgent = input.messages.some((m) => m.role === 'bot');
  return { messages: input.messages, candidates: withAgent ? agentCandidates(input) : [] };
}

/** Stages 1–6 of one task: what every later stage of its analysis reads. */
function readTask(taskId: string, discussion: readonly unknown[], engine: Engine, knownTaskIds: ReadonlySet<string>, run: RunContext): DecideInput {
  // 1. normalize: raw entries to uniform messages (author, role, text, ts); every later stage reads only these.
  const messages = normalizeDiscussion(discussion, engine.config);
  // 2. analyse messages: each text once into lowercase form, content tokens, word count and sentences, read by every stage below.
  const text = analyseMessages(messages, run.stems, engine.words.statements);
  // 3. detect: rule cues per message and which message each answers; contextual rules need the answered message's cues;
  //    a message the agent answers by admitting an error is a correction whatever its words; a sarcastic sentence confirms nothing.
  const sarcastic = messages.map((m, i) => sarcasticSentences(engine.statements, m.text, text.at[i].sentences));
  //    A person's question that only hands the agent's options on to a colleague ("A or B... Dr. Winter?") keeps them open.
  const names = speakerNameWords(messages);
  const detected = detect(messages, engine.rules, text.at, text.stemmer, sarcastic, (i) => handsChoiceOn(messages[i].text, names, engine.words));
  const admitted = withAdmittedErrors(messages, detected.detections, engine.words.errorAdmission);
  //    A person's reply that rules out a value the agent's last message stated is a correction whatever its words.
  const subjectsRead = new SubjectMemo(text.stemmer);
  //    Past its first sentence, only where it sets the right value against the wrong one ("Then B. The permit was £300, not £450"):
  //    a negation further on in a reply usually says something else ("only for rooms we don't heat daily").
  const { subjects } = engine.lexicon;
  const detections = withDeniedValues(messages, admitted, (p, a) => {
    const said = text.at[a].sentences.map((s) => s.text);
    // (Whether a sentence rules out a stated value is asked first: most rule out none, and say so
    // from their own clauses alone.)
    return text.at[p].sentences.some((s, k) => rulesOutStated(s.text, said, subjects, engine.lexicon, subjectsRead) && (k === 0 || contrastsStated(s.text, () => true, subjects, engine.lexicon, subjectsRead)));
  });
  const answered = detected.answered;
  // 4. reply acts: each message's verdict on what it answers (confirmation, disagreement, correction); topics and candidates weigh them.
  const replies = replyActs(messages, detections, answered, engine.words);
  // 5. topics: messages clustered into threads by words, replies and speakers; candidates are scored against their topic.
  const topics = clusterTopics(messages, answered, replyLikeOf(detections), engine.tuning.cluster, text.at, text.stemmer, engine.words.systemAuthors);
  // 6. candidates: with an agent in the discussion, every decisive clause of a person's message, the content of each correction and each proposal a
  //    person accepted, with the features the scorer weighs (a discussion among people alone is weighed topic by topic in stage 7).
  const clauses = messages.some((m) => m.role === 'bot') ? candidateClausesOf(messages, text, detections, answered, replies, engine, run, subjectsRead, sarcastic) : [];
  const input: DecideInput = {
    messages,
    text,
    detections,
    answered,
    replies,
    topics,
    clauses,
    thresholds: engine.config.thresholds,
    tuning: engine.tuning,
    lexicon: engine.lexicon,
    statements: engine.statements,
    words: engine.words,
    rules: new Map(engine.rules.map((r) => [r.id, r])),
    knownTaskIds,
    taskId,
    scorer: engine.scorer,
  };
  return input;
}

/**
 * What the candidates read of the subject lexicon: the slot a unit word fills ("days" → duration;
 * "Uhr", which makes a number an hour, → time), the slot a word that is a value by itself fills
 * ("Thursday" → weekday), whether a word is a number written out ("four"), and whether a text
 * announces a change ("ab sofort", "from now on").
 */
export function slotReaders(engine: Engine, stems: Stems): Pick<CandidateInput, 'unitSlot' | 'valueSlot' | 'wordValue' | 'rangeValue' | 'numberWord' | 'announcesChange' | 'onlyAnnouncesChange' | 'ordinal' | 'boundWord'> {
  const { unitSlot, clock, am, pm, wordSlot, numberWords, ordinalWords, ordinals, bounds, ranges } = engine.lexicon.subjects;
  const boundWords = new Set(bounds.filter((b) => b.length === 1).map((b) => b[0]));
  return {
    boundWord: (word) => boundWords.has(word),
    // A month written after a day's number makes it a date ("25 april", "3 June"), as a unit
    // makes a number a duration or an amount: two dates measure the same kind of thing. "3pm" is
    // a time as "15 Uhr" is; "am", a function word too (German's "on": "60 am Freitag"), is not.
    unitSlot: (word) => unitSlot.get(word)?.slot ?? (clock.has(word) || pm.has(word) || (am.has(word) && !stems.stopwords.has(word)) ? 'time' : wordSlot.get(word)?.slot === 'month' ? 'date' : null),
    valueSlot: (word) => wordSlot.get(word)?.slot ?? null,
    wordValue: (word) => wordSlot.get(word)?.value ?? null,
    // (With the short forms a range is written in, "Wed 6-8": read in an option, not said alone.)
    rangeValue: (word) => wordSlot.get(word)?.value ?? ranges.reduce<string | null>((found, r) => found ?? r.valueOf.get(word) ?? null, null),
    numberWord: (word) => numberWords.value.has(word),
    announcesChange: (text) => reversalsIn(text, engine.lexicon.subjects).length > 0,
    onlyAnnouncesChange: (text) => onlyAnnouncesChange(text, engine.lexicon.subjects, stems),
    // ("second", "zweite", "segundo"; "2nd": a number with an ordinal ending.)
    ordinal: (word) => {
      const spelled = ordinalWords.get(word);
      if (spelled !== undefined) return Number(spelled);
      const written = /^(\d{1,2})(\p{L}+)$/u.exec(word);
      return written && ordinals.has(written[2]) ? Number(written[1]) : null;
    },
  };
}

/** Stage 6 of one task with an agent in it (candidates.ts). */
function candidateClausesOf(messages: readonly Message[], text: AnalysedMessages, detections: readonly Detection[][], answered: readonly number[], replies: ReplyActs, engine: Engine, run: RunContext, memo: SubjectMemo, sarcastic: readonly (readonly Span[])[]): SentenceCandidate[] {
  const { lexicon } = engine;
  const negated = (lower: string) => negates(lexicon, lower);
  // ("40 not 60 for the kids one" denies the 60 said before it, by whoever and however far back.)
  const stated = firstStatedValues(text.at.map((m) => m.sentences.map((s) => s.text)), lexicon.subjects);
  const contrastsStatedBefore = (p: number, clause: string) => contrastsStated(clause, (n) => (stated.get(n) ?? p) < p, lexicon.subjects, lexicon, memo);
  return sentenceCandidates({ messages, detections, answered, verdict: replies.verdict, lexicon: engine.statements, tuning: engine.tuning.candidates, text: text.at, sarcastic, stems: text.stemmer, imperatives: run.imperatives, negated, contrastsStated: contrastsStatedBefore, ...slotReaders(engine, text.stemmer) });
}

/** Messages that reply rather than speak (confirmations, disagreements, corrections): clustering keeps them with what they answer. */
function replyLikeOf(detections: readonly Detection[][]): boolean[] {
  return detections.map((ds) => ds.some((d) => d.kind === 'confirmation' || d.kind === 'disagreement' || d.kind === 'correction'));
}

export interface AnalysedFile {
  path: string;
  /** `analysis` is null for a task whose stored state is still current (see `isCurrent`). */
  tasks: Array<{ task: TaskInput; analysis: TaskAnalysis | null }>;
}

/**
 * A task needs no new analysis when its discussion hash, the engine that produced its state and
 * every id the state names are all still what the indexed registry holds.
 */
export function isCurrent(task: TaskInput, index: RegistryIndex, engineFingerprint: string): boolean {
  const prev = task.previous;
  if (!prev || index.registry.engine !== engineFingerprint || prev.discussion_hash !== discussionHash(task.discussion)) return false;
  return index.holdsStateOf(task.id, prev);
}

/**
 * The analysis of every task of every file (stages 1–10): the expensive part. Tasks for which `skip` says their
 * state is current are not analysed again.
 */
export function analyseFiles(files: readonly FileInput[], engine: Engine, skip: (task: TaskInput) => boolean = () => false): AnalysedFile[] {
  const knownTaskIds = new Set(files.flatMap((f) => f.tasks.map((t) => t.id)));
  const run = newRunContext(engine);
  return files.map((file) => ({
    path: file.path,
    tasks: file.tasks.map((task) => ({ task, analysis: skip(task) ? null : analyseTask(task.id, task.discussion, engine, knownTaskIds, run) })),
  }));
}

/**
 * What merging may reuse from earlier merges with the same engine (a long-lived caller's). None
 * of it changes the output.
 */
export interface MergeMemos {
  /** What relating worked out about statements and messages (pure functions of their text). */
  subjects?: SubjectMemo;
  /** What the stale check found for the registry as it was then, with each decision's entry. */
  stale?: StaleMemo;
  /** An index of the registry merged into, as it is (used only when merging in place; see RegistryIndex.indexes). */
  index?: RegistryIndex;
}

/**
 * Merges analyses into the registry and builds each task's extracted_state, stage by stage. Works
 * on a copy of `input` unless `inPlace` is set: a caller that owns a freshly read registry and will
 * not use it again (the store) can skip the copy of a large registry.
 */
export function mergeAnalyses(analysedFiles: readonly AnalysedFile[], input: Registry, now: string, engine: Engine, inPlace = false, memos: MergeMemos = {}): PipelineOutput {
  const memo = memos.subjects ?? new SubjectMemo(new PorterStems(engine.words));
  // Each decision's entry for relating, shared with the stale check (a long-lived caller keeps them between runs).
  const entries = memos.stale?.entries ?? new EntryMemo();
  const registry: Registry = inPlace ? input : structuredClone(input);
  const index = memos.index?.indexes(registry) ? memos.index : new RegistryIndex(registry);
  const relateOptions = relateOptionsOf(engine);
  // 1. merge: each task's candidates become decisions, review items and patterns with ids (a current task is kept as it is).
  const { merged, newPatterns, summary } = mergeTasks(analysedFiles, registry, index, now, engine);
  const taskMessages = taskMessagesOf(merged, engine);
  // A run that analysed nothing decided and said nothing new: it relates nothing.
  let relatedPatterns: RelatedPattern[] = [];
  if (taskMessages.length > 0) {
    // Both relate stages list candidates in id order: worked out once.
    const ranks = idRanks(registry.decisions);
    const affinity = affinityOf(analysedFiles, engine);
    // 2. relate decisions: supersession, contradictions and duplicates across the registry, in the order things were said.
    const decisionPatterns = relateDecisions(registry, merged, taskMessages, engine, relateOptions, memo, entries, ranks, affinity);
    // 3. relate messages: drafts and statements that contradict a decision, skipping what step 2 already reported.
    relatedPatterns = [...decisionPatterns, ...relateMessages(registry, taskMessages, engine.lexicon, alreadyReported(decisionPatterns), relateOptions, { memo, ranks, entries, affinity })];
  }
  const related = recordPatterns(registry, index, relatedPatterns, now);
  appendAll(newPatterns, related.newPatterns);
  // In id order before the stale check, which asks for the most recent decisions on a subject in
  // registry order: merged in run order, a full run flagged other decisions than a later run or
  // `check` over the same registry read back in id order.
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  registry.decisions.sort(byId);
  registry.review.sort(byId);
  // 4. stale: decisions flagged stale as of `now` once every relation is known, and the engine recorded.
  const stale = closeRegistry(registry, engine, now, relateOptions, memo, memos.stale, entries);
  summary.patterns = newPatterns.length;
  // 5. task states: each task's extracted_state from its merge and the relations found for it.
  const states = taskStates(analysedFiles, merged, related.idsByTask, now);
  return { registry, index, newPatterns, states, summary, stale };
}

interface MergedTask {
  path: string;
  task: TaskInput;
  analysis: TaskAnalysis | null;
  result: TaskMerge | null;
}

/** Each task's analysis merged into the registry (a task analysed by no one yet is analysed now). */
function mergeTasks(
  analysedFiles: readonly AnalysedFile[],
  registry: Registry,
  index: RegistryIndex,
  now: string,
  engine: Engine,
): { merged: MergedTask[]; newPatterns: Pattern[]; summary: RunSummary } {
  const knownTaskIds = new Set(analysedFiles.flatMap((f) => f.tasks.map((t) => t.task.id)));
  const newPatterns: Pattern[] = [];
  const summary: RunSummary = { files: analysedFiles.length, tasks: 0, decisions: 0, patterns: 0, review: 0 };
  const merged: MergedTask[] = [];
  for (const file of analysedFiles) {
    for (const { task, analysis: given } of file.tasks) {
      summary.tasks++;
      // The registry may have moved since the analysis was planned: re-check, and analyse now if needed.
      // (The registry's engine is still the one that wrote it: it is updated last. The tasks merged
      // so far added only ids of their own, so this task's ids are as they were read.)
      if (given === null && isCurrent(task, index, engine.fingerprint)) {
        merged.push({ path: file.path, task, analysis: null, result: null });
        continue;
      }
      const analysis = given ?? analyseTask(task.id, task.discussion, engine, knownTaskIds);
      const result = mergeTask(registry, index, task.id, analysis, now, engine.bridge);
      appendAll(newPatterns, result.newPatterns);
      summary.decisions += result.newDecisions;
      summary.review += result.newReview;
      merged.push({ path: file.path, task, analysis, result });
    }
  }
  return { merged, newPatterns, summary };
}

/**
 * Across the registry: supersession, contradictions with corrections, duplicates. Every decision
 * of an analysed task is related again (not only new ones), so that a run killed after writing
 * decisions.json but before the pattern log still converges. In the order things were said, so
 * that a later correction supersedes what it corrects. The message each decision's statement came
 * from counts (its reversal cues), and so does the message it answers.
 */
function relateDecisions(
  registry: Registry,
  merged: readonly MergedTask[],
  taskMessages: readonly TaskMessages[],
  engine: Engine,
  relateOptions: RelateOptions,
  memo: SubjectMemo,
  entries: EntryMemo,
  ranks: ReadonlyMap<Decision, number>,
  affinity: TaskAffinity,
): RelatedPattern[] {
  const created = merged
    .flatMap((m) => m.result?.produced ?? [])
    .sort((a, b) => compareInstants(a.created_at, b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const sourceText = new Map<Decision, string>();
  const askedText = new Map<Decision, string>();
  const openingAt = new Map<Decision, string>();
  const statedAt = new Map<Decision, number>();
  const spokenBy = new Map<Decision, Message['role']>();
  const titles = new Map<string, string>();
  for (const { task } of merged) if (task.title) titles.set(task.id, task.title);
  let t = 0;
  for (const { analysis, result } of merged) {
    if (!analysis || !result) continue;
    // taskMessages holds the analysed tasks in the same order.
    const said = taskMessages[t++].messages;
    const textAt = new Map(said.map((m) => [m.index, m.text]));
    const roleAt = new Map(said.map((m) => [m.index, m.role]));
    analysis.decisions.forEach((c, k) => {
      const text = textAt.get(c.messageIndex);
      // An agent's statement a person made or accepted (one of its sources) is the person's decision.
      const roles = c.sourceMessages.map((i) => roleAt.get(i));
      if (roles.length > 0 && result.produced[k]) spokenBy.set(result.produced[k], roles.every((r) => r === 'bot') ? 'bot' : 'human');
      if (text !== undefined && result.produced[k]) sourceText.set(result.produced[k], text);
      if (result.produced[k]) statedAt.set(result.produced[k], c.messageIndex);
      const askedAt = questionText(c, (at) => textAt.get(at), engine.statements);
      if (askedAt !== undefined && result.produced[k]) askedText.set(result.produced[k], askedAt);
      const opened = openingText(c, (at) => roleAt.get(at), (at) => textAt.get(at));
      if (opened !== undefined && result.produced[k]) openingAt.set(result.produced[k], opened);
    });
  }
  return relateNewDecisions(registry, created, engine.lexicon, relateOptions, { sourceText: (d) => sourceText.get(d) ?? null, askedText: (d) => askedText.get(d) ?? null, openingText: (d) => openingAt.get(d) ?? null, statedAt: (d) => statedAt.get(d) ?? null, spokenBy: (d) => spokenBy.get(d) ?? null, memo, ranks, entries, affinity, titleOf: (id) => titles.get(id) ?? null });
}

/** Which tasks of the files read are about the same matter, judged by their whole discussions (worked out when first asked). */
function affinityOf(analysedFiles: readonly AnalysedFile[], engine: Engine): TaskAffinity {
  const texts = new Map<string, () => string>();
  for (const file of analysedFiles) {
    for (const { task } of file.tasks) texts.set(task.id, () => normalizeDiscussion(task.discussion, engine.config).map((m) => m.text).join('\n'));
  }
  return new TaskAffinity(texts, engine.tuning.relate.taskAffinity, engine.tuning.relate.taskAffinityMinTasks, new PorterStems(engine.words));
}

/** Every message of the analysed tasks with the decisions they produced: a draft can restate what another task corrected or replaced. */
function taskMessagesOf(merged: readonly MergedTask[], engine: Engine): TaskMessages[] {
  const out: TaskMessages[] = [];
  for (const { task, analysis, result } of merged) {
    if (!analysis || !result) continue;
    const messages = normalizeDiscussion(task.discussion, engine.config);
    const claimed = new Map(messages.flatMap((m) => {
      const text = withoutOfferedAlternatives(engine.statements, m.text);
      return text === m.text ? [] : [[m.index, text] as const];
    }));
    out.push({ taskId: task.id, messages, decisions: result.produced, recalled: rejectedByRecall(analysis.patterns, messages, engine.statements), claimed });
  }
  return out;
}

/** A message or a decision already found to contradict (or supersede) is not reported again. */
function alreadyReported(decisionPatterns: RelatedPattern[]): Set<string> {
  return new Set(
    decisionPatterns
      .filter((p) => p.type === 'contradiction')
      .flatMap((p) => [...p.messages.map((m) => `${p.task_id}\u0000${m}`), ...(p.contradicts ?? []).map((id) => `${p.task_id}\u0000${id}`)]),
  );
}

/** Each analysed task's new extracted_state; a current task keeps the state it has. */
function taskStates(analysedFiles: readonly AnalysedFile[], merged: readonly MergedTask[], relatedByTask: ReadonlyMap<string, readonly string[]>, now: string): Map<string, Map<string, ExtractedState>> {
  const states = new Map<string, Map<string, ExtractedState>>();
  for (const { path, task, analysis, result } of merged) {
    const fileStates = states.get(path) ?? new Map<string, ExtractedState>();
    states.set(path, fileStates);
    if (!analysis || !result) {
      fileStates.set(task.id, task.previous!);
      continue;
    }
    const state: ExtractedState = {
      decisions: result.decisionIds,
      patterns: [...result.patternIds, ...(relatedByTask.get(task.id) ?? []).filter((id) => !result.patternIds.includes(id))],
      review: result.reviewIds,
      topics: analysis.topics,
      discussion_hash: discussionHash(task.discussion),
      last_extracted: now,
    };
    fileStates.set(task.id, keepTimestampIfUnchanged(state, task.previous));
  }
  for (const file of analysedFiles) if (!states.has(file.path)) states.set(file.path, new Map());
  return states;
}

function relateOptionsOf(engine: Engine): RelateOptions {
  return engine.tuning.relate;
}

/** What every change to the registry ends with: decisions flagged stale as of `now`, and the engine that made it. */
function closeRegistry(registry: Registry, engine: Engine, now: string, relateOptions: RelateOptions, memo: SubjectMemo = new SubjectMemo(new PorterStems(engine.words)), stale?: StaleMemo, entries?: EntryMemo): StaleWindow | null {
  registry.engine = engine.fingerprint;
  return markStale(registry.decisions, now, relateOptions, memo, stale, entries);
}

/**
 * A person accepts a pending review item (in place): it becomes a decision made the way the
 * pipeline makes them, related to the registry as a new decision is (supersession,
 * contradictions, duplicates; `titleOf`: the tasks' titles, what a statement that leaves its
 * subject unsaid is about; `messagesOf`: the tasks' discussions, what each decision's message and
 * the message it answered said), and the registry is closed as after a run. It is related where
 * it was said: an item accepted weeks later never retires a change of plan made since, and a
 * change made since on its subject retires it (see retireAcceptedBySince), also one that names
 * its subject only through the message it answered ("Raise it to 700." after "under the 600 €
 * cap").
 */
export function acceptReviewItem(
  registry: Registry,
  item: ReviewItem,
  choice: { statement: string; type: DecisionType },
  engine: Engine,
  now: string,
  titleOf: (taskId: string) => string | null = () => null,
  messagesOf: (taskId: string) => readonly Message[] | null = () => null,
): { decision: Decision; newPatterns: Pattern[] } {
  const index = new RegistryIndex(registry);
  const decision = decisionFromReview(item, choice, index.ids, now, engine.bridge);
  item.status = 'accepted';
  item.resolution = { at: now, decision: decision.id };
  registry.decisions.push(decision);
  index.addDecision(decision);
  registry.decisions.sort((a, b) => (a.id < b.id ? -1 : 1));
  const relateOptions = relateOptionsOf(engine);
  const memo = new SubjectMemo(new PorterStems(engine.words));
  const context: RelateContext = { titleOf, memo, ...saidOfRecorded(messagesOf, engine.statements, memo) };
  const { newPatterns } = recordPatterns(registry, index, relateNewDecisions(registry, [decision], engine.lexicon, relateOptions, context), now);
  retireAcceptedBySince(registry, decision, engine.lexicon, relateOptions, context);
  closeRegistry(registry, engine, now, relateOptions);
  return { decision, newPatterns };
}

/**
 * What the discussions said of recorded decisions, as a run knows it of the decisions it makes:
 * the message each was said in (see statedIn), the message it answered, and whether only agents
 * said it. Nothing where a task's discussion is not at hand (`messagesOf` null).
 */
function saidOfRecorded(messagesOf: (taskId: string) => readonly Message[] | null, statements: CompiledStatementLexicon, memo: SubjectMemo): Pick<RelateContext, 'sourceText' | 'askedText' | 'openingText' | 'spokenBy'> {
  // Each task's messages by index, made when a decision of the task is first asked about.
  const byTask = new Map<string, ReadonlyMap<number, Message> | null>();
  const messagesAt = (taskId: string) => {
    let at = byTask.get(taskId);
    if (at === undefined) {
      const messages = messagesOf(taskId);
      byTask.set(taskId, (at = messages === null ? null : new Map(messages.map((m) => [m.index, m]))));
    }
    return at;
  };
  // The message each decision was said in, worked out once: its text and the one it answered both need it.
  const statedAt = new Map<Decision, number | undefined>();
  const stated = (d: Decision) => {
    if (!statedAt.has(d)) {
      const at = messagesAt(d.task_id);
      statedAt.set(d, at ? statedIn(d, at, memo) : undefined);
    }
    return statedAt.get(d);
  };
  const sources = (d: Decision) => d.source?.messages ?? [];
  return {
    sourceText: (d) => {
      const at = stated(d);
      return at === undefined ? null : (messagesAt(d.task_id)!.get(at)?.text ?? null);
    },
    askedText: (d) => {
      const at = stated(d);
      if (at === undefined) return null;
      const messages = messagesAt(d.task_id)!;
      return questionText({ sourceMessages: sources(d), messageIndex: at }, (i) => messages.get(i)?.text, statements) ?? null;
    },
    openingText: (d) => {
      const at = stated(d);
      if (at === undefined) return null;
      const messages = messagesAt(d.task_id)!;
      return openingText({ messageIndex: at }, (i) => messages.get(i)?.role, (i) => messages.get(i)?.text) ?? null;
    },
    spokenBy: (d) => {
      const roles = sources(d).flatMap((i) => messagesAt(d.task_id)?.get(i)?.role ?? []);
      return roles.length === 0 ? null : roles.every((r) => r === 'bot') ? 'bot' : 'human';
    },
  };
}

/**
 * The message a recorded decision was said in: of its sources, the one that shares the most words
 * with its statement, the later on a tie ("Raise it to 700." is Bob's, not the report it answered
 * nor Ana's "Agreed." after it). Undefined when it has no source in `at`.
 */
function statedIn(d: Decision, at: ReadonlyMap<number, Message>, memo: SubjectMemo): number | undefined {
  const words = memo.tokenSetOf(d.statement);
  let stated: number | undefined;
  let most = -1;
  for (const i of d.source?.messages ?? []) {
    const m = at.get(i);
    if (!m) continue;
    const shared = sharedCount(memo.tokenSetOf(m.text), words);
    if (shared >= most) [stated, most] = [i, shared];
  }
  return stated;
}

export function runPipeline(input: PipelineInput, engine: Engine): PipelineOutput {
  return mergeAnalyses(analyseFiles(input.files, engine), input.registry, input.now, engine);
}

/** `last_extracted` moves only when something else in the state changed. */
export function keepTimestampIfUnchanged(next: ExtractedState, previous: ExtractedState | null): ExtractedState {
  if (!previous || typeof previous.last_extracted !== 'string') return next;
  const strip = (s: ExtractedState) => canonicalJson({ ...s, last_extracted: '' });
  return strip(next) === strip(previous) ? { ...next, last_extracted: previous.last_extracted } : next;
}
