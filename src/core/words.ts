// The word lists of rules/lexicons/ compiled once per engine: the stopword set and the regexes
// the stages match with, each built from its lists when the engine is built and read from the
// engine (or a lexicon compiled with it) on every message, never rebuilt per text.
import { alternation, escapeRegex, wordsOf, type WordLexicons } from './lexicons';
import { stem } from './text';

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
  /** An option's label in running text, with its key: "Option 1: ", "Variante B: " (global; group 1 is the key). */
  optionLabel: RegExp;
  /** Stems of the verbs that only report speech. */
  reporting: ReadonlySet<string>;
  /** "It's …", "Das ist …": a statement of what something is. */
  factCopula: RegExp;
  /** A word written with a period that does not end the sentence, at the end of the text before the period's mark ("e.g.", "Dr."). */
  abbreviation: RegExp;
  /** Words that open a condition added to a pick ("…, but …", "…, without …"). */
  pickQualifier: RegExp;
  /** "Go with" / "I'd pick" before an option's number: the choice is the number. */
  choice: RegExp;
  /** "the" in "Options for the closing line:": an article before what a list of options is about. */
  optionSubjectArticle: RegExp;
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
  /** replies.json: a message that opens like a question and has no sentence end (a question without its mark). */
  questionOpening: RegExp;
  /** replies.json: how an agent's reply opens when it admits an error ("Sorry for the mix-up.", "You're right, …"). */
  errorAdmission: RegExp;
}

/** The word lexicons compiled; `negators` are the contradiction lexicon's (a negated cue does not fire). */
export function compileWords(lexicons: WordLexicons, negators: readonly string[]): Words {
  const list = (key: string) => alternation(lexicons, 'relations', key);
  return {
    stopwords: new Set([...wordsOf(lexicons, 'stopwords', 'english'), ...wordsOf(lexicons, 'stopwords', 'conversational'), ...wordsOf(lexicons, 'transcript-markers', 'markers')]),
    systemAuthors: new Set(wordsOf(lexicons, 'transcript-markers', 'systemAuthors').map((a) => a.toLowerCase())),
    cues: compileCues(lexicons, negators),
    claims: compileClaims(lexicons),
    statements: compileStatementWords(lexicons),
    orphanReference: new RegExp(`\\b(?:${list('referenceVerbs')})\\s+(?:${list('referenceDeterminers')})\\s+(?:${list('referenceNouns')})\\b|\\b(?:${list('backReferences')})\\b`, 'i'),
    questionOpening: new RegExp(`^\\s*(?:${alternation(lexicons, 'replies', 'questionOpeners')})\\b[^.!]*$`, 'i'),
    errorAdmission: new RegExp(`^\\s*(?:${alternation(lexicons, 'replies', 'errorAdmissions')})(?![\\p{L}\\p{N}])`, 'iu'),
  };
}

function compileCues(lexicons: WordLexicons, negators: readonly string[]): CueWords {
  const list = (key: string) => alternation(lexicons, 'cues', key);
  const negatorWords = negators.filter((n) => !n.includes(' ')).map((n) => escapeRegex(n).replace(/'/g, "'?"));
  return {
    leadingFiller: new RegExp(`^(?:[\\s,.;:!\\-"'(]|(?:${list('leadingFillers')})(?![\\p{L}\\p{N}]))*`, 'iu'),
    negator: new RegExp(`(?:\\b(?:${negatorWords.join('|')})|n't)\\W*(?:\\w+\\W+){0,2}$`, 'i'),
    openQuestion: new RegExp(`^(?:[\\s,.;:!\\-"'(]|(?:${list('openQuestionFillers')})(?![a-z0-9]))*(?!${list('notOpenQuestions')})(?:${list('openQuestionWords')})(?![a-z0-9])`),
    supposing: new RegExp(`^(?:[\\s,.;:!\\-"'(]|(?:${list('supposingLeads')})(?![a-z0-9]))*(?:${list('supposingOpeners')})(?![a-z0-9\\u00c0-\\u024f])`),
  };
}

function compileClaims(lexicons: WordLexicons): ClaimWords {
  const list = (key: string) => alternation(lexicons, 'claims', key);
  return {
    nonNegating: wordsOf(lexicons, 'claims', 'nonNegating'),
    fillers: new Set(wordsOf(lexicons, 'claims', 'fillers')),
    notAClaim: new RegExp(`\\b(?:${list('conditionals')})\\b|\\?|"`),
    leadingAnswer: new RegExp(`^\\s*(?:(?:${list('answerWords')})\\s*(?:[,!-]|(?=(?:${list('answerFollowers')})\\b))\\s*)+`),
    clauseSplit: new RegExp(`[.;!?\\n]+|,\\s*(?:${list('contrastives')})\\b|\\s(?:${list('strongContrastives')})\\s`),
    coordinator: new RegExp(`\\s(?:${list('coordinators')})\\s`, 'gi'),
    claimSplit: new RegExp(`(?<=[!?;\\n])|(?<=\\.)(?=\\s|$)|,\\s+(?=(?:${list('claimJoiners')})\\s)`, 'iu'),
  };
}

function compileStatementWords(lexicons: WordLexicons): StatementWords {
  const words = (key: string) => alternation(lexicons, 'statement-words', key);
  return {
    leadingVerdict: new RegExp(`^(?:(?:${words('leadingVerdicts')})\\b[\\s,.;:!-]*)+`, 'i'),
    clauseEnd: new RegExp(`[.;!?\\n]|,\\s(?:${words('clauseEnders')})\\s`),
    optionList: new RegExp(
      `\\b(?:(?:${words('optionNouns')})\\s+(?:${words('optionCopulas')})\\s*:?|(?:${words('optionNouns')})\\b[^.:;!?\\n]{0,40}:|(?:${words('optionListOpeners')})|(?:${words('optionProposers')}) (?:${words('choiceVerbs')})|(?:${words('choiceVerbs')})(?=\\s+[^.;!?\\n]*\\b(?:${words('disjunctions')})\\b))\\s+([^.;!?\\n]+)`,
      'gi',
    ),
    orIdiom: new RegExp(`\\b(?:${words('orIdioms')})\\b`, 'gi'),
    optionEnd: new RegExp(`\\s(?:${words('optionEnders')})\\b.*$`, 'i'),
    optionOne: new RegExp(`\\b(?:${words('singleOptionCues')})\\s+([^.,;!?\\n]+)`, 'gi'),
    optionLead: new RegExp(`^(?:${words('optionLeads')})\\s+`, 'i'),
    itemJoiner: new RegExp(`^(?:${words('itemJoiners')})$`, 'i'),
    itemJoinerWord: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words('itemJoiners')})(?![\\p{L}\\p{N}])`, 'iu'),
    optionSeparator: new RegExp(`^(?:\\s*,\\s+(?:(?:${words('itemJoiners')})\\s+)?|\\s*,(?=[^\\d\\s])|\\s+(?:${words('disjunctions')})\\s+)`, 'i'),
    optionLabel: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words('optionLabels')})\\s+([a-h]|[0-9]{1,2})\\s*:\\s*`, 'giu'),
    reporting: new Set(wordsOf(lexicons, 'statement-words', 'reportingVerbs').map((w) => stem(w))),
    factCopula: new RegExp(`^(?:${words('factCopulas')})(?![\\p{L}\\p{N}])`, 'u'),
    abbreviation: new RegExp(`(?:^|[\\s(])(?:${words('abbreviations')})\\.$`, 'i'),
    pickQualifier: new RegExp(`^(?:${words('pickQualifiers')})(?![\\p{L}\\p{N}])`, 'iu'),
    choice: new RegExp(`^(?:(?:${words('choiceSubjects')})\\s+)?(?:${words('choiceVerbs')})\\s+`, 'i'),
    optionSubjectArticle: new RegExp(`^\\s*(?:${words('optionSubjectArticles')})\\s+`, 'i'),
  };
}
