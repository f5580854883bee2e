// Plain data shapes shared by every pipeline stage. The JSON Schemas in schemas/ describe the
// same shapes as written to disk; test/store.test.ts checks real outputs against them.

/** The importance bands of a topic (see score.ts). */
export interface Thresholds {
  /** importance above this auto-extracts a decision */
  decision: number;
  /** importance at or above this (and up to `decision`) queues a review item */
  review: number;
}


export type Role = 'human' | 'bot' | 'unknown';

/** One discussion message after normalization. `index` is its position in the task's array. */
export interface Message {
  index: number;
  author: string;
  role: Role;
  text: string;
  /** Timestamp as given (ISO date-time, date, or clock time); null when absent. */
  ts: string | null;
  /** Who recorded a message relayed on someone's behalf (an agent writing a person's words), when the message says. */
  recorded_by?: string;
}

export type RuleKind =
  | 'correction'
  | 'confirmation'
  | 'disagreement'
  | 'decision_cue'
  | 'constraint_cue'
  | 'action_item'
  | 'preference'
  | 'alternative'
  | 'reason'
  | 'proposal'
  | 'readback'
  /** An agent restating what it was told or reporting what it changed ("Noted: …", "Fixed: …"). */
  | 'report'
  | 'repeat_cue';

export type SpeakerConstraint = 'human' | 'bot' | 'any';
export type ReplyConstraint = 'bot' | 'human' | 'other' | 'any';

export interface RuleExample {
  text: string;
  role?: Role;
  /** The message this one answers, when the rule depends on it. */
  previous?: { text: string; role?: Role };
  /** The message that comes after this one, by another speaker, when the rule depends on it (`nextTurn`). */
  next?: { text: string; role?: Role };
}

/** A rule exactly as written in a rules/*.json pack. */
export interface RuleSpec {
  id: string;
  kind: RuleKind;
  description?: string;
  phrases?: string[];
  regex?: string;
  /** Where in the message the cue must start: anywhere, at the start of the message, or of a sentence. */
  position?: 'anywhere' | 'message-start' | 'sentence-start';
  speaker?: SpeakerConstraint;
  /** The author of the message this one answers. */
  replyTo?: ReplyConstraint;
  /** Kinds of cue the answered message must carry (e.g. a read-back or a proposal). */
  previousHas?: RuleKind[];
  /**
   * `previousHas` is met as well by what the answered message itself answered, back through the
   * replies of people to it up to the last agent message ("B" after a colleague's "B is overkill",
   * both picking among the agent's options).
   */
  throughReplies?: boolean;
  /** Kinds of cue that, when the answered message carries one, veto this rule. */
  previousLacks?: RuleKind[];
  /**
   * Fewest words the answered message must have: "but…" after a bare "okay." or "uhhuh." goes on
   * with the speaker's own point, it does not push back on the acknowledgement.
   */
  previousMinWords?: number;
  /** Phrases that veto the rule when found in the answered message (e.g. a list of found options). */
  previousUnless?: string[];
  /** Whether the answered message must ('require') or must not ('reject') be a question. */
  replyToQuestion?: 'reject' | 'require' | 'allow';
  /**
   * 'agent': where the message answers the agent's question (not a read-back), the next turn by
   * another speaker that says something must be the agent's, or none yet. A rejection the agent is
   * to act on is the agent's to answer; where a colleague takes the turn instead ("no, the room has
   * 60 chairs, enough" — "haha Rudi will kiss you"), the reply answered the agent's question and
   * the people talk on: nothing the agent said was wrong. A reply to the agent's statement or
   * read-back, or one that takes up a word of what the agent stated before its question, rejects
   * what it claimed, whoever speaks next.
   */
  nextTurn?: 'agent' | 'any';
  /** 'reject': not in a question; 'require': only in a question; 'allow': either. */
  question?: 'reject' | 'require' | 'allow';
  /**
   * 'reject': not inside an open (wh-) question ("What time would you like?"), which asks for
   * content rather than a yes or no.
   */
  openQuestion?: 'reject' | 'allow';
  /** Reject when a negator ("not", "don't", "never") stands just before the cue. */
  negatable?: boolean;
  /**
   * The cue's named group `ref` must name what the answered message mentions: 'all' of its content
   * words, or 'any' of them ("Timo isn't our auditor" denies something the agent said of Timo;
   * "The deposit." picks an option the answered message offered), or be the 'step' its closing
   * question offers, by that question's first verb ("Send?" — "send it"), or name one side of the
   * 'alternative' its closing either/or question sets out ("… automatically, or only manually?" —
   * "Manually."). No answered message, no match.
   */
  echo?: 'all' | 'any' | 'step' | 'alternative';
  /** 'reject': not in a sentence that only supposes ("If we ever open a second shop, that's not in the budget"). */
  hypothetical?: 'reject' | 'allow';
  /** Longest message (in words) the rule applies to; long turns make short cues meaningless. */
  maxWords?: number;
  minWords?: number;
  /** Phrases that veto the rule when found in the message. */
  unless?: string[];
  weight?: number;
  examples: { match: Array<string | RuleExample>; nomatch: Array<string | RuleExample> };
}

export interface RulePack {
  pack: string;
  description?: string;
  rules: RuleSpec[];
}

/** One rule firing on one message. */
export interface Detection {
  ruleId: string;
  kind: RuleKind;
  index: number;
  /** Character offsets of the cue in the message text. */
  start: number;
  end: number;
  weight: number;
}

export interface Topic {
  id: number;
  label: string;
  messages: number[];
}

/** The decision types, in the order help texts list them (schemas/decisions.schema.json lists the same; a test holds them together). */
export const DECISION_TYPES = ['constraint', 'decision', 'action_item', 'correction', 'preference'] as const;
export type DecisionType = (typeof DECISION_TYPES)[number];
/** A decision's statuses: in force, replaced by a later one, or no longer yielded by its discussion. */
export const DECISION_STATUSES = ['active', 'superseded', 'archived'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
export type Confidence = 'high' | 'medium' | 'low';
export type PatternType = 'correction' | 'contradiction' | 'repeated_question' | 'confirmation' | 'disagreement';

export interface Bridge {
  structure: string;
  function: string;
  tolerance: string[];
  enforcement: string[];
  prevention: string[];
}

export interface Decision {
  id: string;
  task_id: string;
  statement: string;
  type: DecisionType;
  confidence: Confidence;
  source: { messages: number[]; summary: string };
  topic: string;
  importance: number;
  context: string;
  alternatives: string[];
  reasons: string[];
  bridge: Bridge;
  bridge_auto: boolean;
  downstream: string[];
  quality_flags: string[];
  origin: 'auto' | 'review' | 'manual';
  created_at: string;
  supersedes: string | null;
  superseded_by: string | null;
  /** For a superseded decision: what the one that replaced it changes ("a new weekday: monday → thursday"), when the tool linked them. */
  superseded_reason?: string | null;
  status: DecisionStatus;
  /** For a decision made from a correction: the text it corrected (the wrong fact). */
  corrects?: string | null;
  /** For a near-duplicate: the id of the decision it restates. */
  duplicate_of?: string | null;
  /** How sure the decision scorer was, and the features that weighed most for it (`extract why` shows them). */
  scorer?: { score: number; weighed: string[] };
  /** Absent on decisions added by hand. */
  fingerprint?: string;
  /**
   * The values of the person-editable fields as the tool last wrote them. A field whose value
   * differs from its entry here was edited by a person and is never overwritten.
   */
  auto?: AutoValues;
}

export interface AutoValues {
  statement: string;
  type: DecisionType;
  status: Decision['status'];
  confidence: Confidence;
}

export interface Pattern {
  id: string;
  task_id: string;
  type: PatternType;
  messages: number[];
  description: string;
  rule: string;
  extracted_decision: string | null;
  detected_at: string;
  auto_detected: boolean;
  /** The decisions this pattern says were contradicted (a contradiction's relation, by id). */
  contradicts?: string[];
  /** The decision the pattern's own decision replaced (two people concluding differently in one task). */
  supersedes?: string;
  /** The earlier corrections a correction repeats (the same correction made again). */
  repeats?: string[];
}

export interface ReviewItem {
  id: string;
  task_id: string;
  topic: string;
  importance: number;
  messages: number[];
  candidate: { statement: string; type: DecisionType };
  status: 'pending' | 'accepted' | 'rejected';
  created_at: string;
  fingerprint: string;
  /** How a person resolved it: the decision it became, or why it was rejected. */
  resolution?: { at: string; decision?: string; reason?: string };
}

export interface TopicState extends Topic {
  importance: number;
  status: 'concluded' | 'open';
}

export interface ExtractedState {
  decisions: string[];
  patterns: string[];
  review: string[];
  topics: TopicState[];
  discussion_hash: string;
  last_extracted: string;
}


/** A pattern a task's discussion shows (a repeated question, a contradiction), before it gets an id. */
export interface PatternCandidate {
  type: PatternType;
  messages: number[];
  description: string;
  rule: string;
  /** Index into the task's decision candidates. */
  decision: number | null;
  /** Index into the task's decision candidates of the decision this pattern says `decision` contradicts and replaces. */
  against?: number;
  ts: string | null;
}

/** Everything the memory folder holds: decisions, review items and the pattern log. */
export interface Registry {
  /** Fingerprint of the engine that last wrote the registry; null when unknown. */
  engine: string | null;
  decisions: Decision[];
  review: ReviewItem[];
  /** Every pattern already in the append-only log. */
  patterns: Pattern[];
}

/**
 * A stretch of time in ms since the epoch: after `after`, up to `until` (null: no bound). The
 * stale check flags the same decisions at any instant inside the window it was given for, as
 * long as the decisions are the same: a run that finds nothing else changed, at an instant
 * inside it, would change nothing.
 */
export interface StaleWindow {
  after: number | null;
  until: number | null;
}

/** One task of a task file, as the pipeline takes it. */
export interface TaskInput {
  id: string;
  discussion: readonly unknown[];
  previous: ExtractedState | null;
  /** The task's own `title` and `status`, when strings (for reading commands). */
  title?: string | null;
  status?: string | null;
}

/** How the analysis judges discussions: what the engine is built from (and fingerprinted by). */
export interface AnalysisSettings {
  thresholds: Thresholds;
  humans: string[];
  bots: string[];
  /** Rule packs to load by name; empty means all shipped packs. */
  packs: string[];
  /** Extra folders of user rule packs. */
  rules: string[];
  /** A decision scorer fitted on the team's own labelled discussions, instead of the shipped one. */
  scorer?: string;
  /** Days after which a decision with newer activity on its subject is flagged stale. */
  staleAfterDays?: number;
  /** Thresholds, windows and weights of the analysis that differ from the shipped ones (see core/tuning.ts). */
  tuning?: TuningOverrides;
}

/** Where a workspace's files are, relative to the config file's folder. */
export interface WorkspacePaths {
  globs: string[];
  memory: string;
}

/** extract.config.json: the workspace's paths and the analysis settings. */
export interface Config extends WorkspacePaths, AnalysisSettings {}

export const DEFAULT_CONFIG: Config = {
  globs: ['tasks.json'],
  memory: 'memory',
  thresholds: { decision: 20, review: 10 },
  humans: [],
  bots: [],
  packs: [],
  rules: [],
};

/** A problem found in input, reported together with others; never thrown. */
export interface Diagnostic {
  code: string;
  severity: 'error' | 'warning';
  file: string;
  /** JSON pointer into the file, when the problem is inside a value. */
  pointer?: string;
  line?: number;
  column?: number;
  message: string;
}

/** Texts a word list must find an entry in (match) and must not (nomatch). */
export interface LexiconExamples {
  match: string[];
  nomatch: string[];
}

/** One named word list of a lexicon in rules/lexicons/. */
export interface WordList {
  description?: string;
  /** Entries are regular-expression alternatives ("um+", "switch(?:ed|ing)? to"), not literal words. */
  pattern?: boolean;
  entries: string[];
  examples: LexiconExamples;
}

/** A lexicon of named word lists (rules/lexicons/<name>.json, schema schemas/<name>-lexicon.schema.json). */
export interface WordLexicon {
  lexicon: string;
  description?: string;
  lists: Record<string, WordList>;
}

/**
 * Any lexicon file as written: word lists under `lists`, or (contradiction, bridge) lists as
 * top-level arrays with their examples under `examples`.
 */
export type LexiconDocument = WordLexicon | ({ lexicon: string; examples: Record<string, LexiconExamples> } & Record<string, unknown>);

/** A linear model of the decision scorer (rules/models/decision-scorer.json; see core/scorer.ts). */
export interface LinearModel {
  bias: number;
  /** Weight by feature name; a feature not listed weighs nothing. */
  weights: Record<string, number>;
}

export interface ScorerModel {
  model: 'decision-scorer';
  description?: string;
  /** How and on what the weights were fitted: the command, its seed, and the fingerprint of the data. */
  trained: { command: string; seed: number; data: string; examples: number; positives: number; writers: string[] };
  /** At or above `registry` the scorer is sure of a candidate (it is lifted one band); at or above `review`, unsure (at most the review queue); below, it stays raw. */
  thresholds: { registry: number; review: number };
  decision: LinearModel;
  types: Record<string, LinearModel>;
}

// ---- stage 4, reply acts (replies.ts) ------------------------------------------------------------

/** What a reply says of the message it answers (a bare "yeah" while the other speaker keeps the floor is none). */
export type ReplyVerdict = 'confirmation' | 'disagreement' | 'correction' | null;

export interface ReplyActs {
  /** verdict[p]: what message p says of the message it answers. */
  verdict: ReplyVerdict[];
  /** Positions of the confirmations that answer each position. */
  confirmedBy: Map<number, number[]>;
  patterns: PatternCandidate[];
}

// ---- stage 6, candidates (candidates.ts) -----------------------------------------------------------

/** How sure the text is that this is a decision, strongest first. */
export type Strength = 'correction' | 'accepted' | 'explicit' | 'weak';

export interface SentenceCandidate {
  /** Position of the message the statement is taken from. */
  p: number;
  statement: string;
  type: DecisionType;
  strength: Strength;
  /** Positions of the messages it rests on: the proposal or question it answers, itself, acceptances. */
  sources: number[];
  reasons: string[];
  alternatives: string[];
  /** What made it a candidate (a sentence act, 'selection', 'correction' or 'accepted-proposal'), or 'clause' for a plain one. */
  cue: string;
  /** The type the clause's cues suggest, or null for a clause with no decisive cue (the scorer weighs it all the same). */
  hint: DecisionType | null;
  /** The general features the scorer weighs it by (see clauseFeatures.ts). */
  features: string[];
  /**
   * The statement as the discussion words it, when the statement words it otherwise (an option's
   * name added beside its key, a purpose moved to the reasons): what the dialogue features and the
   * topic's importance read, so that rewording a statement weighs it no differently.
   */
  said?: string;
  /** An option picked without the part the person's amendment replaced: never restored to the option as offered. */
  amended?: true;
}

/** What stages 7–10 (decide.ts, supersede.ts) yield for one task, by position; ids are assigned later (evolve). */
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
  /** What it changes of the decision it replaces (see `supersedes`). */
  supersedesBecause?: string;
  cue: string;
  /** True when the statement is a person's correction of what the agent said or did. */
  correction: boolean;
  /** What a correction corrects: the claims of the message it answers that it is about, or its context when it answers none (null for any other decision). */
  corrects: string | null;
  /** The scorer's certainty and the features that weighed most (absent where no scorer judged it). */
  scorer?: { score: number; weighed: string[] };
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

// ---------------------------------------------------------------------------------------------
// The engine's word lists, compiled (words.ts compiles them from rules/lexicons/).

/** cues.json, and the contradiction lexicon's negators: where a rule's cue stands and what it may not follow. */
export interface CueWords {
  /** Words that may stand before a cue at the "start" of a message or sentence without changing it. */
  leadingFiller: RegExp;
  /** A negator (the single words of the contradiction lexicon) within two words before a cue. */
  negator: RegExp;
  /** A question that opens with a wh-word asks for content ("What time would you like?"), not a yes or no. */
  openQuestion: RegExp;
  /** A sentence that only supposes: "if we ever…", "what if…", "suppose…", "in case…". */
  supposing: RegExp;
  /** The closing question of a message with the verb of the step it offers as group 1 ("… Send?", "Shall I send it?", "OK to book?"). */
  closingStep: RegExp;
}

/** claims.json: what a clause claims and what a negator governs. */
export interface ClaimWords {
  /** Negator phrases that hedge or add rather than deny ("I'm not sure", "not only X but Y"). */
  nonNegating: readonly string[];
  /** Spoken fillers and light words that make unrelated clauses look alike. */
  fillers: ReadonlySet<string>;
  /** A clause that states something conditionally or reports a question is not a claim. */
  notAClaim: RegExp;
  /** A bare "no" opening a clause answers the previous turn; it does not negate what follows. */
  leadingAnswer: RegExp;
  /** Where one clause of a message ends and the next begins. */
  clauseSplit: RegExp;
  /** The "and" joining two values of one statement (global). */
  coordinator: RegExp;
  /** Where a text splits into claims (for `String.split`): after a sentence's mark, or before a comma and a conjunction that opens a claim. */
  claimSplit: RegExp;
  /** A joiner between two claims without a comma, each with its own subject and value ("U12 Monday and U14 Wednesday"). */
  claimJoiner: RegExp;
  /** "per", "pro", "por": the word after one is part of a value's unit ("euros per kilo"). */
  rateMarkers: ReadonlySet<string>;
  /** "only", "except", "außer", "salvo": what follows one opens the exception a ban allows. */
  exceptionMarker: RegExp;
  /** A verb (or negator) right after the value that opens the words after a comma: they are a claim of their own ("…, Monday is too tight"). */
  valueClauseVerb: RegExp;
}

/** statement-words.json: a cued statement's extent and the options a message weighs. */
export interface StatementWords {
  /** Verdicts before the statement of a sentence ("No, …", "Right, …"). */
  leadingVerdict: RegExp;
  /** Where the clause after a cue ends: a sentence end, or a comma and a conjunction. */
  clauseEnd: RegExp;
  /** Option lists: "the options are A, B, or C", "either A or B", "we could use A or B" (global). */
  optionList: RegExp;
  /** Pairs joined by "or" that are idioms, not options (global). */
  orIdiom: RegExp;
  /** Where an option's name ends and the sentence goes on about it ("Postgres for this", "spaces is fine"). */
  optionEnd: RegExp;
  /** A single option put forward: "how about A", "what about B", "we could use C" (global). */
  optionOne: RegExp;
  /** Words that lead into an option's name. */
  optionLead: RegExp;
  /** ", and" / ", or" joining an item of an inline list to the next. */
  itemJoiner: RegExp;
  /** A joining word anywhere in a phrase ("retries and dead letters" is no single option). */
  itemJoinerWord: RegExp;
  /** Where an option list splits into options, at its start: ", ", ", or ", ", and ", " or " (a comma before a digit joins a number). */
  optionSeparator: RegExp;
  /** statement-words.json optionNouns, a whole label: "Options", "Möglichkeiten". */
  optionNoun: RegExp;
  /** An option's label in running text, with its key: "Option 1: ", "Variante B: " (global; group 1 is the key). */
  optionLabel: RegExp;
  /** A question opening with a word that asks to choose among listed options ("Which one?"). */
  choiceQuestion: RegExp;
  /** statement-words.json: nouns a point of a proposal is called by when a reply names it by its place ("point 2", "the second one"). */
  pointNouns: ReadonlySet<string>;
  /** statement-words.json: words a lead before a dash or colon may be made of without naming anything ("Quick question — …"). */
  fillerLeads: ReadonlySet<string>;
  /** statement-words.json: a plural pronoun opening a clause as its subject ("each one gets …", "they get …"), with the space after it. */
  pluralSubjectPronoun: RegExp;
  /** A question opening with a word that asks who does something, with the space after it ("Who ", "¿Quién "). */
  subjectQuestion: RegExp;
  /** A yes-or-no question's auxiliary and the lower-case plural after it ("Should reviewers …"). */
  subjectAuxiliary: RegExp;
  /** A reply opening by rejecting one thing offered ("Not the …"). */
  optionRejection: RegExp;
  /** Stems of the verbs that only report speech. */
  reporting: ReadonlySet<string>;
  /** "It's …", "Das ist …": a statement of what something is. */
  factCopula: RegExp;
  /** A verb that gives a named thing its value ("the booster was €39"), as a whole word. */
  valueCopula: RegExp;
  /** A word between such a verb and the value ("stays at 30 days"), as a whole word. */
  valueLink: RegExp;
  /** A word between a thing and the value that bounds it ("orders up to 450 EUR"), as a whole word. */
  valueBound: RegExp;
  /** A word that says which of a thing's values is meant ("current"), as a whole word. */
  valueQualifier: RegExp;
  /** A verb that ends the noun phrase a sentence opens with ("should", "arrived"), as a whole word. */
  subjectEnder: RegExp;
  /** What a thing is when an offer next acts on it as "it" ("ready", "in stock"), as a whole word. */
  readyState: RegExp;
  /** A verb that gives a thing another value ("lower it to 2"), not one that acts on the thing (statement-words `valueVerbs`). */
  valueVerb: RegExp;
  /** What opens the scope of a sentence that only stresses the one before it ("every trip", "on every budget"; statement-words `stressScopes`). */
  stressScope: RegExp;
  /** A verb after a noun phrase that says it is plural ("are"), as a whole word. */
  pluralCopula: RegExp;
  /** A verb after a noun phrase that says it is singular ("is"), as a whole word. */
  singularCopula: RegExp;
  /** A word after a number that says it is an hour ("Uhr"), as a whole word. */
  hourWord: RegExp;
  /** Adverbs that say when ("today", "heute"): they end a verb's object. */
  whenAdverb: RegExp;
  /** Words that may follow a verb's whole object ("to", "anyway"); "for", "of" and "or" say more of it. */
  objectEnder: RegExp;
  /** Pronouns that point back ("that", "these"): as a determiner they may be a conjunction or say when. */
  pointingPronoun: RegExp;
  /** Particles that complete a verb ("set it back", "call it off"). */
  verbParticle: RegExp;
  /** Words right before the verb of a step a question puts up ("should I send", "want to raise"). */
  stepSubject: RegExp;
  /** A step that says nothing but verbs on pointing pronouns, a particle after each ("Sort that out and ping them."), or a verb on an open object ("Adjust anything else."). */
  namelessStepsOnly: RegExp;
  /** A step that opens with its verb and an object pronoun ("Send it …"): group 2 is the pronoun. */
  offerPronoun: RegExp;
  /** The opening of the label of a text laid out for sending ("Draft email to …", "Summary of …"). */
  sentText: RegExp;
  /** Verbs that pass a text on: statement-words.json sendVerbs. */
  sendVerb: RegExp;
  /** Verbs that write or rework a text: statement-words.json textVerbs. */
  textVerb: RegExp;
  /** A word written with a period that does not end the sentence, at the end of the text before the period's mark ("e.g.", "Dr."). */
  abbreviation: RegExp;
  /** A weekday's or month's short name with its period at the end of the text ("Fri.", "Jan."): the sentence goes on unless a function word opens a new one after it. */
  dateAbbreviation: RegExp;
  /** Whether a word is a function word written with a capital ("Should", "The", "Wir"): after a weekday's or month's short name it opens a new sentence. */
  sentenceOpener: (word: string) => boolean;
  /** Whether a text opens with a capitalised imperative and what it acts on ("Set up a …", "Book the …"): a new sentence after a date's short name. */
  stepOpening: (text: string) => boolean;
  /** A function word in any case (a stopword): after a number's period, one may open the next sentence ("2. the ones …"); a noun does not ("die 2. variante"). */
  functionWord: (word: string) => boolean;
  /** An article ("the", "die", "la"): a number after it counts or orders ("die 2. variante"). */
  article: (word: string) => boolean;
  /** Words whose period goes on before a number ("no. 14", "Fig. 3"). */
  numberAbbreviation: RegExp;
  /** A month's name opening the text ("Juni …"): after "14." it makes the period an ordinal's, not a sentence's end. */
  monthName: RegExp;
  /** A day's number with its period at the end of the text, after a word that leads a date ("am 14.") or a comma. */
  dayWithPeriod: RegExp;
  /** A day's number with its period alone, as it opens a line before its month ("27. April geht."). */
  dayOpening: RegExp;
  /** Words that open a condition added to a pick ("…, but …", "…, without …"). */
  pickQualifier: RegExp;
  /** Words that, opening the sentence after an option picked by its key alone, amend the pick ("B. but …", "A. Aber …"). */
  pickAmendment: RegExp;
  /** "Go with" / "I'd pick" before an option's number: the choice is the number. */
  choice: RegExp;
  /** "go with A" / "switch to option 2" inside a sentence (global; group 1 is the label, if any, group 2 the key). */
  keyedChoice: RegExp;
  /** "the" in "Options for the sign-off:": an article before what a list of options is about. */
  optionSubjectArticle: RegExp;
  /** "For guest parking there are three options": a list's intro that names what the list is about before its noun (group 1). */
  optionSubjectBefore: RegExp;
  /** "for you" / "your" in an agent's proposal: the one person addressed, as object or owner, not "you all" (global; group 1 is the word before "you"). */
  addressed: RegExp;
  /** "by me" / "my" in a person's statement: the speaker, as object or owner (global; group 1 is the word before "me"). */
  speakerSelf: RegExp;
  /** The speaker's own words in German and Spanish ("ich", "mir", "yo"): a statement with one is read under the speaker's name. */
  speakerWord: RegExp;
  /** "or" / "oder": a word that sets one thing against another. */
  disjunction: RegExp;
  /** "me" / "ich" / "yo" as a whole word: the speaker answering a question that asks who. */
  selfAnswer: RegExp;
  /** "either" / "entweder" and the space after it: the word that opens the first of two alternatives. */
  eitherWord: RegExp;
  /** "it" / "das" in "Confirm it." / "Mach das.": a whole word that points back at what the agent offered. */
  offerReferent: RegExp;
  /** "passt das" / "sound good": a whole question tag that asks the person to agree to the statement before it. */
  questionTag: RegExp;
  /** "right" / "oder" / "verdad": a whole question tag that asks whether the statement before it is true. */
  truthTag: RegExp;
  /** "that" in "suggests that services exchange …": the word that joins a proposal verb to the clause it proposes. */
  proposalComplementizer: RegExp;
}

/** The engine's word lists, compiled. */
export interface Words {
  /** Lowercased words that never carry content: the stopwords and the markers transcripts write for non-speech events. */
  stopwords: ReadonlySet<string>;
  /** Lowercased author names of events, not people ("system", "-!-"): transcript-markers.json. */
  systemAuthors: ReadonlySet<string>;
  cues: CueWords;
  claims: ClaimWords;
  statements: StatementWords;
  /** relations.json: a pointer to something said elsewhere ("see the doc", "as discussed"). */
  orphanReference: RegExp;
  /** relations.json: a determiner that points at a thing named before ("the", "our"), as a whole word. */
  referenceDeterminer: RegExp;
  /** replies.json: a message that opens like a question and has no sentence end (a question without its mark). */
  questionOpening: RegExp;
  /** A question word opening the text ("what", "who's"): what may follow the name of whom a question asks. */
  questionWord: RegExp;
  /** replies.json: how an agent's reply opens when it admits an error ("Sorry for the mix-up.", "You're right, …"). */
  errorAdmission: RegExp;
  /** replies.json: words anywhere in a question that ask for a number ("how many"). */
  quantityQuestion: RegExp;
  /** replies.json: words that open a question asking when ("When should …?"), not when it happened ("When did …?"). */
  whenQuestion: RegExp;
  /** replies.json: nouns that ask for a day in a short question ("Launch date?"). */
  dateNoun: RegExp;
}

/** rules/lexicons/subjects.json compiled with the engine's word lists (subject.ts `compileSubjects`). */
/** The subject lexicon's number words, compiled: spelling → number, and the patterns that find them (global). */
export interface NumberWords {
  value: ReadonlyMap<string, number>;
  /** A ten and a unit joined: "thirty-five", "treinta y cinco" (ten first), "fünfunddreißig" (unit first). */
  tensThenUnit: RegExp;
  unitThenTens: RegExp;
  single: RegExp;
  /** An article or "one" that counts one of a span of time after a word that measures it ("for a week", "für eine Woche"); global, the article in group 2. */
  oneOfSpan: RegExp;
}

export interface CompiledSubjects {
  reversals: ReadonlyArray<{ id: string; re: RegExp }>;
  /** Numbers written as words ("thirty-five", "zwei"), read as digits before a clause's values are. */
  numberWords: NumberWords;
  /** The same cues, global and with the places of their groups: their words name no subject (what a cue retires does). */
  cueSpans: readonly RegExp[];
  /** Spelling → slot value (weekdays, months). */
  wordSlot: ReadonlyMap<string, { slot: string; value: string }>;
  /** Spellings of several words ("every other week"), each read as the value's name ("biweekly"). */
  phraseSlot: ReadonlyArray<{ re: RegExp; name: string }>;
  /** Spelling → unit of a numeric slot (days, EUR, %). */
  unitSlot: ReadonlyMap<string, { slot: string; unit: string }>;
  patterns: ReadonlyArray<{ slot: string; re: RegExp; named: ReadonlyMap<string, string> }>;
  /** The bounds that say from when something holds ("from", "ab", "desde"). */
  startBounds: ReadonlySet<string>;
  /** The bounds past which a limit holds ("after 14:00", "over 200 EUR"); the others hold short of it. */
  lowerBounds: ReadonlySet<string>;
  /** Nouns that name a limit ("limit", "cap", "Obergrenze", "tope"): a value given to one is a limit. */
  limitNouns: ReadonlySet<string>;
  /** Words that give a value to what a clause names ("is", "ist", "to"): see subjects.json limitLinkers. */
  limitLinkers: ReadonlySet<string>;
  /** Determiners before a word value that goes on to name a thing ("the Thursday round"): see subjects.json whichDeterminers. */
  whichDeterminers: ReadonlySet<string>;
  /** Words between a doing a reversal retires and its thing: see subjects.json doingDeterminers. */
  doingDeterminers: ReadonlySet<string>;
  /** Units that are units only written apart from their number ("30 m", not "5m"): see subjects.json apartUnits. */
  apartUnits: ReadonlySet<string>;
  /** Parts of the day or week in the plural ("mornings", "weekdays"): see subjects.json dayParts. */
  dayParts: ReadonlySet<string>;
  /** Words that take a whole group ("all", "alle"): see subjects.json wholeGroupWords. */
  wholeGroupWords: ReadonlySet<string>;
  timePrepositions: ReadonlySet<string>;
  /** Words between a day and its month ("13 de marzo"). */
  monthJoiners: ReadonlySet<string>;
  /** Holidays named with a weekday ("Good Friday"), any of them, each read as one word; null when the lexicon names none. */
  namedDays: RegExp | null;
  /** Limit phrases, each as its words ("more than" → ["more", "than"]). */
  bounds: ReadonlyArray<readonly string[]>;
  /** Spelling → the factor it multiplies a number by. */
  scales: ReadonlyMap<string, number>;
  am: ReadonlySet<string>;
  pm: ReadonlySet<string>;
  /** Words after a number that make it an hour ("12 Uhr"). */
  clock: ReadonlySet<string>;
  /** Signs for an hour after a number ("48h"): a span of hours, or after a word that says when ("at 22h") that hour of the clock. */
  hourSigns: ReadonlySet<string>;
  /** Words before a number with an hour's sign that make it a span of hours ("within 4h"). */
  hourSpanWords: ReadonlySet<string>;
  /** Two numbers with an hour's sign joined as a range ("24h to 48h", "24h-48h"): groups 1 and 2. */
  hourRange: RegExp;
  /** Words that join the two ends of a range ("to", "bis", "hasta"): a range of hours or of days. */
  rangeJoiners: ReadonlySet<string>;
  /** Time zones after a time of day ("09:00 CEST"): part of the time. */
  zones: ReadonlySet<string>;
  ordinals: ReadonlySet<string>;
  /** Two words of a slot joined by a dash or a slash ("Fri-Sat"), each side read as its value's name. */
  ranges: ReadonlyArray<{ re: RegExp; valueOf: ReadonlyMap<string, string> }>;
  /** Short spellings that alone are other words ("Wed", "Sat"), read as their value before a day of the month ("Wed 19 Feb"). */
  dated: ReadonlyArray<{ re: RegExp; valueOf: ReadonlyMap<string, string> }>;
  /** Ordinal numbers written as words, each to its number ("zweite" → "2"). */
  ordinalWords: ReadonlyMap<string, string>;
  hedges: ReadonlyArray<RegExp>;
  conditionals: ReadonlyArray<RegExp>;
  /** Stems that name no subject of their own. */
  generic: ReadonlySet<string>;
  /** The slots whose value said alone names what it is about (a channel; see onlyOfItsKind). */
  namingSlots: ReadonlySet<string>;
  /** A word or its stem in another language → the stem of its English equivalent ("frist" → "deadlin"). */
  equivalents: ReadonlyMap<string, string>;
  /** The equivalents' spellings as the parts of compounds ("Rücksendegebühr"): see subject.ts compoundParts. */
  compounds: CompoundWords;
  /** A word, as written, → the stem of the word of another form that names the same thing ("extension" → "extend"). */
  wordForms: ReadonlyMap<string, string>;
  /** A stem → the stem a lookup of earlier decisions finds it under too: the equivalents', and a word form's stem (looser than the subjects, which read word forms as written: a lookup only proposes). */
  lookupEquivalents: ReadonlyMap<string, string>;
  /** The engine's word lists it was compiled with: its stopwords, and the phrases with a negator that hedge or add rather than deny ("not sure", "no problem") that the claims skip too. */
  words: Words;
}

// ---- tuning: every threshold, window and weight of the analysis, by stage (the values it ships
// with are tuning.ts DEFAULT_TUNING) --------------------------------------------------------------

export interface CandidateTuning {
  /** Words at most in a statement; a longer one is cut at its last clause boundary before it (a decision is one clause, not a paragraph). */
  statementMaxWords: number;
  /** Words at most in a selection reply ("uPlot.", "The 11:40 one."): a longer reply says more than which option. */
  selectionMaxWords: number;
  /** Words at most in an elliptic clause ("Both.") that takes the clause after it as its content. */
  ellipticMaxWords: number;
  /** Words at most in an answer that takes the subject of the agent's question ("Strictly view for now." → "Guests: …"). */
  ellipticSubjectMaxWords: number;
  /** Words at most in a correction by value alone ("They go out on the 25th."): it is a short first reply. */
  valueCorrectionMaxWords: number;
  /** Messages after a proposal within which an acceptance counts: later, the talk has moved on. */
  acceptWindow: number;
  /** Share of content words an agent's proposal shares with a person's statement for it to be a restatement of it. */
  restatementOverlap: number;
  /** Messages back an agent's question or options may be for a short reply to answer them. */
  agentReach: number;
  /** Messages apart within which an agent's restatement merges with the person's statement it restates. */
  restatementReach: number;
}

export interface DecideTuning {
  /** Messages back the lead-up to a statement may reach (its importance is judged over that stretch). */
  leadUpMax: number;
  /** Messages in a row sharing no word with the topic that end the lead-up. */
  leadUpGap: number;
  /** Words at most in an action item: a task is named in a few words, a long "I will" sentence narrates. */
  actionMaxWords: number;
  /** Messages within which statements settle the same stretch of discussion: the stronger one stands. */
  decisionSpacing: number;
  /** Messages within which one speaker's further action items belong to the same run (only the first stands). */
  actionRun: number;
  /** Earlier messages of a topic searched for the options a decision chose among. */
  optionsLookback: number;
  /** Earlier decisions of the task a new one is compared with for supersession. */
  supersedeLookback: number;
}

export interface RelateTuning {
  /** Content-token Jaccard at or above which two statements say the same thing (a duplicate). */
  duplicateSimilarity: number;
  /** Days after which a decision with newer activity on its subject is flagged stale (`staleAfterDays` in the config wins). */
  staleAfterDays: number;
  /** Registry decisions a statement is compared with at most, the most overlapping first (keeps relating linear). */
  maxCandidates: number;
  /** Most recent decisions per shared word that are looked at (a word on thousands of decisions says little about a subject). */
  perTokenRecent: number;
  /** Similarity at or above which a correction restates an earlier decision (looser than a duplicate: nothing speaks against it). */
  restateSimilarity: number;
  /** Share of an earlier clause's words a later clause contains for the later correction to restate it. */
  restateContainment: number;
  /** Similarity at or above which a newer decision counts as activity on an older one's subject (for staleness). */
  staleOverlap: number;
  /** TF-IDF cosine of two tasks' discussions at or above which they are about the same matter: only then may one reverse or contradict the other (unless it names it). */
  taskAffinity: number;
  /** Tasks a run must hold for their affinity to count: with fewer, common words cannot be told from a matter's own, and every task may relate to every other. */
  taskAffinityMinTasks: number;
  /** Subject words two task titles must share for a statement that leaves its subject unsaid to be read as about what both tasks are about. */
  titleWords: number;
}

export interface ClusterTuning {
  /** Messages back a message is compared with when assigning it a topic. */
  window: number;
  /** Similarity at or above which a message joins an existing topic rather than opening one. */
  joinThreshold: number;
  /** Words at most in a reply that attaches to what it answers whatever its words. */
  shortReplyWords: number;
  /** Seconds of silence after which lexical overlap alone no longer links two messages. */
  maxGapSeconds: number;
  /** Seconds within which a chat-room reply or a speaker's next line still belongs to the same exchange. */
  replyGapSeconds: number;
  /** Weight of the same speaker going on within replyGapSeconds in a chat room. */
  sameSpeakerWeight: number;
  /** Weight of the topic of the last message by the speaker a message addresses (strongest: it is the one spoken to). */
  addressedWeight: number;
  /** Weight of the topic of the last message by a speaker a message names. */
  namedWeight: number;
  /** Weight of the topic of a chat-room message that just named this speaker (the answer likely follows it). */
  callerWeight: number;
  /** Weight of the topic of the message a reply (or a short message) answers. */
  answeredWeight: number;
  /** Weight of the topic of the same speaker's last message outside replyGapSeconds (weak: people switch topics). */
  sameSpeakerLaterWeight: number;
  /** Weight of going on with the current topic in a two-person discussion (they mostly stay on it). */
  continueTwoPartyWeight: number;
  /** Weight of going on with the current topic with three or more speakers (threads interleave). */
  continueGroupWeight: number;
}

export interface Tuning {
  candidates: CandidateTuning;
  decide: DecideTuning;
  relate: RelateTuning;
  cluster: ClusterTuning;
}

/** What a config may change: any field of any stage. */
export type TuningOverrides = { [S in keyof Tuning]?: Partial<Tuning[S]> };

/** Spellings of the equivalents as the parts of compounds: the heads a compound may end with and the beginnings of its first part, each → its English word; `longest`: the longest head. */
export interface CompoundWords {
  heads: ReadonlyMap<string, string>;
  modifiers: ReadonlyMap<string, string>;
  longest: number;
  /** The joining letters a first part may end with, the empty one first. */
  joiners: readonly string[];
}
