// The word lists of rules/lexicons/ compiled once per engine: the stopword set and the regexes
// the stages match with, each built from its lists when the engine is built and read from the
// engine (or a lexicon compiled with it) on every message, never rebuilt per text. What they
// compile to (`Words`) is declared in types.ts.
import { alternation, wordsOf, type WordLexicons } from './lexicons';
import { escapeRegex } from './phrases';
import { stemWord } from './porter';
import type { ClaimWords, CueWords, StatementWords, Words } from './types';

/**
 * The word lexicons compiled; `negators` are the contradiction lexicon's (a negated cue does not
 * fire), `months` the subject lexicon's month names (a day's number before one ends no sentence).
 */
export function compileWords(lexicons: WordLexicons, negators: readonly string[], months: readonly string[] = [], imperatives: readonly string[] = []): Words {
  const list = (key: string) => alternation(lexicons, 'relations', key);
  const stopwords = new Set([...wordsOf(lexicons, 'stopwords', 'english'), ...wordsOf(lexicons, 'stopwords', 'german'), ...wordsOf(lexicons, 'stopwords', 'spanish'), ...wordsOf(lexicons, 'stopwords', 'conversational'), ...wordsOf(lexicons, 'transcript-markers', 'markers')]);
  return {
    stopwords,
    systemAuthors: new Set(wordsOf(lexicons, 'transcript-markers', 'systemAuthors').map((a) => a.toLowerCase())),
    cues: compileCues(lexicons, negators),
    claims: compileClaims(lexicons),
    // (A month's name that is also a function word, "may", could open the next sentence.)
    statements: compileStatementWords(lexicons, months.filter((m) => !stopwords.has(m)), stopwords, imperatives),
    // ("Set it back to debug.": the verb that opens a statement acts on a pronoun, not on a thing.
    // In "Monday it is" the pronoun is the subject of a settlement, and the value says what.)
    orphanReference: new RegExp(`\\b(?:${list('referenceVerbs')})\\s+(?:${list('referenceDeterminers')})\\s+(?:${list('referenceNouns')})\\b|\\b(?:${list('backReferences')})\\b|^\\s*\\p{L}[\\p{L}'’-]*\\s+(?:${list('pronounObjects')})(?![\\p{L}\\p{N}'’])(?!\\s+(?:is|was)\\b)`, 'iu'),
    referenceDeterminer: new RegExp(`^(?:${list('referenceDeterminers')})$`, 'iu'),
    // (A whole word: "can't make it" opens no question.)
    questionOpening: new RegExp(`^\\s*(?:${alternation(lexicons, 'replies', 'questionWords')}|${alternation(lexicons, 'replies', 'questionOpeners')})(?![\\p{L}\\p{N}'’])[^.!]*$`, 'iu'),
    questionWord: new RegExp(`^\\s*(?:${alternation(lexicons, 'replies', 'questionWords')})(?![\\p{L}\\p{N}'’])`, 'iu'),
    // (After at most one short opener and its comma, stop or dash: "Sorry, my mistake.")
    quantityQuestion: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(lexicons, 'replies', 'quantityQuestions')})(?![\\p{L}\\p{N}])`, 'iu'),
    // (At the question's start: not "when" as it runs on in "notify you when it ships?", nor
    // "when did …", which asks what happened.)
    whenQuestion: new RegExp(`^\\s*[¿]?(?:${alternation(lexicons, 'replies', 'whenQuestions')})(?![\\p{L}\\p{N}])(?!\\s+(?:${alternation(lexicons, 'replies', 'pastAuxiliaries')})(?![\\p{L}\\p{N}]))`, 'iu'),
    dateNoun: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(lexicons, 'replies', 'dateNouns')})(?![\\p{L}\\p{N}])`, 'iu'),
    errorAdmission: new RegExp(`^\\s*(?:(?:${alternation(lexicons, 'replies', 'errorAdmissionOpeners')})\\s*[,.!\u2013\u2014-]+\\s*)?(?:${alternation(lexicons, 'replies', 'errorAdmissions')})(?![\\p{L}\\p{N}])`, 'iu'),
  };
}

function compileCues(lexicons: WordLexicons, negators: readonly string[]): CueWords {
  const list = (key: string) => alternation(lexicons, 'cues', key);
  const negatorWords = negators.filter((n) => !n.includes(' ')).map((n) => escapeRegex(n).replace(/'/g, "'?"));
  return {
    leadingFiller: new RegExp(`^(?:[\\s,.;:!\\-"'(]|(?:${list('leadingFillers')})(?![\\p{L}\\p{N}]))*`, 'iu'),
    // (A whole word: "now" and "notes" are no "no" or "not".)
    negator: new RegExp(`(?:\\b(?:${negatorWords.join('|')})(?![a-z0-9])|n't)\\W*(?:\\w+\\W+){0,2}$`, 'i'),
    // (The wh-words are the replies lexicon's: one list of the words that ask.)
    openQuestion: new RegExp(`^(?:[\\s,.;:!\\-"'(]|(?:${list('openQuestionFillers')})(?![a-z0-9]))*(?!${list('notOpenQuestions')})(?:${alternation(lexicons, 'replies', 'questionWords')})(?![a-z0-9])`),
    supposing: new RegExp(`^(?:[\\s,.;:!\\-"'(]|(?:${list('supposingLeads')})(?![a-z0-9]))*(?:${list('supposingOpeners')})(?![a-z0-9\\u00c0-\\u024f])`),
    // (After a sentence's end, a quote closing a draft ("… 17 March.' Send?"), or the message's start.)
    closingStep: new RegExp(`(?:^|[.!:]["'\\u2019\\u201d)]*\\s+)(?:(?:${list('stepQuestionLeads')}) )?([a-z\\u00c0-\\u024f]+)[^?.!\\n]*\\?\\s*$`),
  };
}

function compileClaims(lexicons: WordLexicons): ClaimWords {
  const list = (key: string) => alternation(lexicons, 'claims', key);
  return {
    nonNegating: wordsOf(lexicons, 'claims', 'nonNegating'),
    fillers: new Set(wordsOf(lexicons, 'claims', 'fillers')),
    notAClaim: new RegExp(`\\b(?:${list('conditionals')})\\b|\\?|"`),
    leadingAnswer: new RegExp(`^\\s*(?:(?:${list('answerWords')})\\s*(?:[,!-]|(?=(?:${list('answerFollowers')})\\b))\\s*)+`),
    clauseSplit: new RegExp(`(?:(?<!\\d)\\.|\\.(?!\\d)|[;!?\\n])+|,\\s*(?:${list('contrastives')})\\b|\\s(?:${list('strongContrastives')})\\s`),
    coordinator: new RegExp(`\\s(?:${list('coordinators')})\\s`, 'gi'),
    rateMarkers: new Set(wordsOf(lexicons, 'claims', 'rateMarkers')),
    exceptionMarker: new RegExp(`(?<![\\p{L}\\p{N}])(?:${list('exceptionMarkers')})(?![\\p{L}\\p{N}])`, 'iu'),
    // ", Monday is too tight": a value and its own verb after a comma (see subject.ts claimSentences).
    valueClauseVerb: new RegExp(`^\\s+(?:${list('valueClauseVerbs')})(?![\\p{L}\\p{N}'’])`, 'iu'),
    // A sentence ends at a stop, or after the quotes or brackets (a few) that close on it ("… schools.' Shall I …?").
    claimSplit: new RegExp(`(?<=[!?;\\n])|(?<=\\.["'’”)\\]]{0,3})(?=\\s|$)|,\\s+(?=(?:${list('claimJoiners')})\\s)`, 'iu'),
    // "U12 Monday 17:30 and U14 Wednesday 18:00": a joiner between two things each with its own value (see subject.ts parallelClauses).
    claimJoiner: new RegExp(`\\s(?:${list('claimJoiners')})\\s`, 'giu'),
  };
}

function compileStatementWords(lexicons: WordLexicons, months: readonly string[], stopwords: ReadonlySet<string>, imperatives: readonly string[]): StatementWords {
  const articles = new Set(wordsOf(lexicons, 'statement-words', 'optionSubjectArticles').map((w) => w.toLowerCase()));
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
    optionNoun: new RegExp(`^(?:${words('optionNouns')})$`, 'iu'),
    optionLabel: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words('optionLabels')})\\s+([a-h]|[0-9]{1,2})(?:\\s*:|\\s+[—–-](?=\\s))\\s*`, 'giu'),
    reporting: new Set(wordsOf(lexicons, 'statement-words', 'reportingVerbs').map(stemWord)),
    factCopula: new RegExp(`^(?:${words('factCopulas')})(?![\\p{L}\\p{N}])`, 'u'),
    valueCopula: new RegExp(`^(?:${words('valueCopulas')})$`, 'iu'),
    valueLink: new RegExp(`^(?:${words('valueLinks')})$`, 'iu'),
    valueBound: new RegExp(`^(?:${words('valueBounds')})$`, 'iu'),
    valueQualifier: new RegExp(`^(?:${words('valueQualifiers')})$`, 'iu'),
    subjectEnder: new RegExp(`^(?:${words('subjectEnders')})$`, 'iu'),
    readyState: new RegExp(`^(?:${words('readyStates')})$`, 'iu'),
    valueVerb: new RegExp(`^(?:${words('valueVerbs')})$`, 'iu'),
    // (After at most a preposition: "on every budget", "für jeden Kunden".)
    stressScope: new RegExp(`^(?:\\p{L}+\\s+)?(?:${words('stressScopes')})(?![\\p{L}\\p{N}])`, 'iu'),
    pluralCopula: new RegExp(`^(?:${words('pluralCopulas')})$`, 'iu'),
    singularCopula: new RegExp(`^(?:${words('singularCopulas')})$`, 'iu'),
    hourWord: new RegExp(`^(?:${words('hourWords')})$`, 'iu'),
    whenAdverb: new RegExp(`^(?:${words('whenAdverbs')})$`, 'iu'),
    objectEnder: new RegExp(`^(?:${words('objectEnders')})$`, 'iu'),
    pointingPronoun: new RegExp(`^(?:${words('pointingPronouns')})$`, 'iu'),
    verbParticle: new RegExp(`^(?:${words('verbParticles')})$`, 'iu'),
    stepSubject: new RegExp(`^(?:${words('stepSubjects')})$`, 'iu'),
    // ("Sort that out and ping them.": verbs on pointing pronouns, a particle after each, joined;
    // "Adjust anything else.": a verb on an open object, which names nothing either.)
    namelessStepsOnly: new RegExp(`^\\p{L}+\\s+(?:${words('pointingPronouns')}|${words('openObjects')})(?:\\s+(?:${words('verbParticles')}))?(?:\\s*(?:,|,?\\s+and|\\s+und|\\s+y)\\s+\\p{L}+\\s+(?:${words('pointingPronouns')})(?:\\s+(?:${words('verbParticles')}))?)*[.!]?$`, 'iu'),
    // ("Forward it to Dr. Kessel": the verb that opens the step, then the pronoun.)
    offerPronoun: new RegExp(`^(\\p{L}+)\\s+(${words('offerPronouns')})(?![\\p{L}\\p{N}'’])`, 'iu'),
    sentText: new RegExp(`^(?:${words('sentTexts')})(?![\\p{L}\\p{N}'’])`, 'iu'),
    sendVerb: new RegExp(`^(?:${words('sendVerbs')})$`, 'iu'),
    textVerb: new RegExp(`^(?:${words('textVerbs')})$`, 'iu'),
    abbreviation: new RegExp(`(?:^|[\\s(])(?:${words('abbreviations')})\\.$`, 'i'),
    dateAbbreviation: new RegExp(`(?:^|[\\s(,])(?:${words('dateAbbreviations')})\\.$`, 'i'),
    // "… Fri. Should the block stay …?": a function word, capitalised, that opens a sentence.
    sentenceOpener: (word: string) => /^\p{Lu}/u.test(word) && stopwords.has(word.toLowerCase()),
    // "… delivers Tue and Thu. Set up a standing delivery?": a capitalised imperative with what it
    // acts on after it (an article, a particle, a pronoun, a number) opens a sentence, where a
    // name after a date ("until Dec. Marco covers") goes on.
    stepOpening: ((re: RegExp) => (text: string) => /^\p{Lu}/u.test(text) && re.test(text))(new RegExp(`^(?:${imperatives.map(escapeRegex).join('|') || '(?!)'})\\s+(?:${[...articles].map(escapeRegex).join('|')}|${words('verbParticles')}|${words('offerPronouns')}|\\d)(?![\\p{L}'’])`, 'iu')),
    // "… lower it to 2. the ones that flake …": a function word, in any case, that may open a
    // sentence; an article too, though a stopword list may leave it out ("die", also an English verb).
    functionWord: (word: string) => stopwords.has(word.toLowerCase()) || articles.has(word.toLowerCase()),
    article: (word: string) => articles.has(word.toLowerCase()),
    // "no. 14", "Fig. 3", "Ex. 1": a word whose period goes on before a number.
    numberAbbreviation: new RegExp(`(?:^|[\\s(])(?:${words('numberAbbreviations')})\\.$`, 'iu'),
    // "am 14. Juni", "Samstag, 14. Juni": a day's number with its period after a word that leads a date or a comma.
    dayWithPeriod: new RegExp(`(?:(?:^|[\\s(])(?:${words('ordinalDayLeads')})|,)\\s+(?:[1-9]|[12]\\d|3[01])\\.$`, 'iu'),
    // "27. April geht.": a day's number with its period alone, opening a line (see splitSentences).
    dayOpening: /^\s*(?:[1-9]|[12]\d|3[01])\.$/,
    // "am 14. Juni": a month name after a day's number and its period ("(?!)" when none are given).
    monthName: new RegExp(months.length > 0 ? `^(?:${months.map(escapeRegex).join('|')})(?![\\p{L}\\p{N}])` : '(?!)', 'iu'),
    pickQualifier: new RegExp(`^(?:${words('pickQualifiers')})(?![\\p{L}\\p{N}])`, 'iu'),
    pickAmendment: new RegExp(`^(?:${words('pickAmendments')})(?![\\p{L}\\p{N}])`, 'iu'),
    choice: new RegExp(`^(?:(?:${words('choiceSubjects')})\\s+)?(?:${words('choiceVerbs')}|${words('pickVerbs')})\\s+`, 'i'),
    // (Case-insensitive for the verbs; whether a letter is a key, "A" and not the article "a", is
    // for the caller to judge.)
    keyedChoice: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words('choiceVerbs')}|${words('pickVerbs')}|${words('keyedChoiceVerbs')})\\s+(?:(${words('optionLabels')})\\s+)?([a-h]|[0-9]{1,2})(?![\\p{L}\\p{N}]|[.,:]\\d)`, 'giu'),
    optionRejection: new RegExp(`^(?:${words('optionRejections')})\\s+`, 'i'),
    pointNouns: new Set(wordsOf(lexicons, 'statement-words', 'pointNouns').map((w) => w.toLowerCase())),
    fillerLeads: new Set(wordsOf(lexicons, 'statement-words', 'fillerLeads').map((w) => w.toLowerCase())),
    pluralSubjectPronoun: new RegExp(`^(?:${words('pluralSubjectPronouns')})\\s+(?=\\p{L})`, 'iu'),
    choiceQuestion: new RegExp(`^(?:\\W*)(?:${words('choiceQuestionWords')})(?![\\p{L}\\p{N}])`, 'iu'),
    subjectQuestion: new RegExp(`^[¿\\s]*(?:${words('subjectQuestionWords')})\\s+(?=\\p{L})`, 'iu'),
    // "Should reviewers be …": the auxiliary and its spaces (group 1), then a lower-case plural (group 2).
    subjectAuxiliary: new RegExp(`^(\\s*(?:${words('subjectAuxiliaries')})\\s+)(\\p{Ll}[\\p{L}-]*s)(?![\\p{L}\\p{N}'’])`, 'iu'),
    optionSubjectArticle: new RegExp(`^\\s*(?:${words('optionSubjectArticles')})\\s+`, 'i'),
    // "For guest parking there are three options": what the list is about stands before its noun (group 1).
    optionSubjectBefore: new RegExp(`^(?:${words('optionSubjectLeads')})\\s+(.+?),?\\s+(?:${words('optionCounters')})\\s+(?:\\S+\\s+)?(?:${words('optionNouns')})$`, 'iu'),
    addressed: new RegExp(`\\b(?:(${words('addressedObjectLeads')})\\s+you(?!\\s+(?:${words('addressedGroupWords')})\\b)|your)\\b(?!['’])`, 'gi'),
    speakerSelf: new RegExp(`\\b(?:(${words('speakerObjectLeads')})\\s+me|my)\\b(?!['’])`, 'gi'),
    speakerWord: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words('speakerWords')})(?![\\p{L}\\p{N}'’-])`, 'iu'),
    disjunction: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words('disjunctions')})(?![\\p{L}\\p{N}'’])`, 'iu'),
    selfAnswer: new RegExp(`^(?:${words('selfAnswers')})$`, 'iu'),
    eitherWord: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words('eitherWords')})\\s+`, 'iu'),
    offerReferent: new RegExp(`^(?:${words('offerReferents')})$`, 'iu'),
    questionTag: new RegExp(`^(?:${words('questionTags')})$`, 'iu'),
    truthTag: new RegExp(`^(?:${words('truthTags')})$`, 'iu'),
    proposalComplementizer: new RegExp(`^(?:${words('proposalComplementizers')})\\s+`, 'iu'),
  };
}
