// What a sentence of a message does — decides, sets a rule, states a preference, asks someone to
// act, accepts, postpones, muses — read from the statement lexicon (rules/lexicons/statements.json),
// and the clauses a message splits into. Pure text functions; no knowledge of who said what.
import { compilePhrases, escapeRegex } from './phrases';
import { bracketSpans, closingQuote, foldPunctuation, quotedSpans, type Span } from './text';
import type { Words } from './types';

export type SentenceAct =
  | 'preamble'
  | 'connective'
  | 'smalltalk'
  | 'acceptance'
  | 'rest-acceptance'
  | 'rejection'
  | 'postponement'
  | 'hypothetical'
  | 'contingency'
  | 'reported'
  | 'sarcasm'
  | 'clause-break'
  | 'decision'
  | 'rule'
  | 'prohibition-start'
  | 'preference'
  | 'directive'
  // A clause the tagger reads as opening with a verb in its base form (not a lexicon act).
  | 'imperative'
  | 'request'
  | 'information-request'
  | 'feedback-request'
  | 'proposal'
  | 'reason'
  | 'alternative'
  // What a choice is said against at the end of its clause ("Inter, not Roboto"): an alternative only.
  | 'contrast'
  | 'option-reference'
  | 'offer'
  | 'option-intro'
  | 'announcement'
  | 'rule-announcement'
  | 'recall'
  | 'said-before'
  | 'aside'
  | 'excess'
  | 'consequence'
  | 'purpose'
  | 'opinion'
  | 'explanation'
  | 'conclusion'
  | 'acknowledgement'
  | 'past'
  | 'proposal-label'
  | 'document-label'
  | 'politeness'
  // How long a choice holds, after it ("B for now", "vorerst", "por ahora"): said with it, no part of which.
  | 'provisional'
  // What an agent says it would do ("I'd book the hall"): read in the agent's messages only, as a step it puts up.
  | 'would-step'
  | 'back-reference'
  // "About the fee …", "Was die Miete angeht …": what a sentence opens by naming as its topic.
  | 'topic-intro'
  // Grammatical features the decision scorer weighs (person, modality, tense, certainty).
  | 'we-subject'
  | 'i-subject'
  | 'you-subject'
  | 'third-party'
  | 'modal'
  | 'future'
  | 'hedge';

export type ActPosition = 'start' | 'anywhere' | 'end';

export interface StatementLexiconEntry {
  act: SentenceAct;
  description?: string;
  position?: ActPosition;
  phrases?: string[];
  /** A pattern on the lowercased sentence, besides or instead of phrases. */
  regex?: string;
  /** Words that may not come right after one of its phrases: there the phrase is something else ("Email gets lost there": a subject, not an imperative). */
  notBefore?: string[];
  examples: { match: string[]; nomatch: string[] };
}

export interface StatementLexicon {
  lexicon: 'statements';
  description?: string;
  acts: StatementLexiconEntry[];
}

interface CompiledEntry {
  position: ActPosition;
  re: RegExp;
  /** How many capture groups its phrases open, one per "..." (they come first in `re`). */
  gaps: number;
}

/** The one-word imperatives that open a directive ("book", "send", "set"): the sentence splitter reads them (see compileWords). */
export function imperativeVerbs(statements: StatementLexicon): string[] {
  return statements.acts.filter((e) => e.act === 'directive' && e.position === 'start').flatMap((e) => e.phrases ?? []).filter((p) => /^\p{L}+$/u.test(p));
}

export interface CompiledStatementLexicon {
  acts: ReadonlyMap<SentenceAct, readonly CompiledEntry[]>;
  /** The engine's word lists it was compiled with: the statements' words (statement-words.json), claims and stopwords the candidates read beside the acts. */
  words: Words;
}

export function compileStatementLexicon(lex: StatementLexicon, words: Words): CompiledStatementLexicon {
  const acts = new Map<SentenceAct, CompiledEntry[]>();
  for (const e of lex.acts) {
    const list = acts.get(e.act) ?? [];
    const notBefore = e.notBefore?.length ? `(?!\\s+(?:${e.notBefore.map(escapeRegex).join('|')})(?![a-z0-9\\u00c0-\\u024f'’]))` : '';
    const sources = [...(e.phrases?.length ? [`(?:${compilePhrases(e.phrases).source})${notBefore}`] : []), ...(e.regex ? [`(?:${e.regex})`] : [])];
    const gaps = (e.phrases ?? []).filter((p) => p.split(/\s+/).includes('...')).length;
    // Only an entry with a "..." needs the places of its groups ('d'), which cost every match.
    list.push({ position: e.position ?? 'anywhere', re: new RegExp(sources.join('|'), gaps > 0 ? 'gd' : 'g'), gaps });
    acts.set(e.act, list);
  }
  return { acts, words };
}

/** Lowercased, with typographic quotes and dashes folded: the form phrases match against. */
export function normalForm(text: string): string {
  return foldPunctuation(text).toLowerCase();
}

// Non-word characters a cue may be preceded by at the start of a sentence: punctuation, quotes,
// list markers and emoji. Anything with a letter or digit ends the lead, and so does the "@" of a
// handle: "@booking-agent block both pitches" addresses the agent (ADDRESSEE), it is not said of it;
// so does the "+" of a "+1", which assents as a whole.
const LEAD = /^(?:(?!@[\p{L}\p{N}]|\+\d)[^\p{L}\p{N}])*/u;
/** A name as written to address someone ("Priya", "@shop-agent"), the name itself its first group: what "Priya, …" opens with. */
export const ADDRESSED_NAME = '@?([\\p{L}][\\p{L}\\p{N}_.-]{0,30})';
// "Priya, …" / "@shop-agent …" addressing someone before the sentence proper.
const ADDRESSEE = new RegExp(`^${ADDRESSED_NAME},\\s+|^@[\\p{L}\\p{N}_.-]{1,30}:?\\s+`, 'u');

function lead(lower: string): number {
  return LEAD.exec(lower)![0].length;
}

/** Whether only punctuation and the words that may stand before a cue (cues.json leadingFillers: "well", "so", "honestly") come before `start`. */
function atSentenceStart(lex: CompiledStatementLexicon, lower: string, start: number): boolean {
  const prefix = lower.slice(0, start);
  if (!/[\p{L}\p{N}]/u.test(prefix)) return true;
  const filler = lex.words.cues.leadingFiller.exec(prefix);
  return filler !== null && filler[0].length === prefix.length;
}

/** Where an act's cue stands in a sentence; `gap`, where the words a "..." of its phrase spanned stand. */
export interface ActHit {
  start: number;
  end: number;
  gap?: { start: number; end: number };
}

/** Where a match of `act` is in the sentence (normalized form), or null. */
export function findAct(lex: CompiledStatementLexicon, act: SentenceAct, lower: string): ActHit | null {
  const entries = lex.acts.get(act);
  if (!entries) return null;
  for (const e of entries) {
    e.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = e.re.exec(lower)) !== null) {
      if (m[0].length === 0) {
        e.re.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      if (e.position === 'anywhere') return hitOf(e, m);
      if (e.position === 'start') {
        if (atSentenceStart(lex, lower, start)) return hitOf(e, m);
        // Only the first occurrence can be at the start.
        break;
      }
      if (e.position === 'end' && /^[^\p{L}\p{N}]*$/u.test(lower.slice(end))) return hitOf(e, m);
    }
  }
  return null;
}

/** A match as a hit, with the span of its phrase's "..." when a gapped phrase matched. */
function hitOf(e: CompiledEntry, m: RegExpExecArray): ActHit {
  const hit: ActHit = { start: m.index, end: m.index + m[0].length };
  // One group per gapped phrase, and only the phrase that matched has its group set.
  const span = m.indices?.slice(1, e.gaps + 1).find((g) => g !== undefined);
  if (span) hit.gap = { start: span[0], end: span[1] };
  return hit;
}

/** `lower` without the joining word it opens with ("and", "but", "also"). */
export function withoutConnective(lex: CompiledStatementLexicon, lower: string): string {
  const joined = findAct(lex, 'connective', lower);
  return joined && joined.start === 0 ? lower.slice(joined.end).trim() : lower;
}

export function hasAct(lex: CompiledStatementLexicon, act: SentenceAct, lower: string): boolean {
  return findAct(lex, act, lower) !== null;
}

/**
 * The sentence without its framing: an addressee, verdict words and labels followed by
 * punctuation ("OK.", "Decision:", "No, …"), and joining words ("And …", "Then …"), repeatedly.
 * Returns the offset where the content starts.
 */
export function contentStart(lex: CompiledStatementLexicon, text: string): number {
  const lower = normalForm(text);
  let at = 0;
  for (let guard = 0; guard < 8; guard++) {
    const rest = lower.slice(at);
    const skip = lead(rest);
    const body = rest.slice(skip);
    const pre = framing(lex, body) ?? framingBeforeName(lex, body, text.slice(at + skip));
    if (pre) {
      at += skip + pre.end + (/^\s*[,.:;!\-]*\s*/.exec(body.slice(pre.end))?.[0].length ?? 0);
      continue;
    }
    const con = findAct(lex, 'connective', body);
    if (con && con.start === 0 && /^\s/.test(body.slice(con.end))) {
      at += skip + con.end;
      continue;
    }
    // "Jonas, …" / "@shop-agent …": the person addressed is not part of the statement. A name
    // followed only by a courtesy ("Mitte, please.") is the answer itself, not whom it addresses.
    const addressed = ADDRESSEE.exec(text.slice(at + skip));
    if (addressed && !courtesyOnly(lex, body.slice(addressed[0].length)) && !handleIsSubject(lex, addressed[0], body.slice(addressed[0].length))) {
      at += skip + addressed[0].length;
      continue;
    }
    return at + skip - ownedLead(rest.slice(0, skip), body);
  }
  return at;
}

/**
 * How many characters at the end of a sentence's lead belong to its first word: a hash ("#2211
 * is a blocker"), a currency sign before a number ("€185 then") or an opening quote the sentence
 * closes ("'Free returns' goes on Premium only").
 */
function ownedLead(leadText: string, body: string): number {
  const last = leadText.charAt(leadText.length - 1);
  if (last === '#' && /^[\p{L}\p{N}]/u.test(body)) return 1;
  if (/\p{Sc}/u.test(last) && /^\p{N}/u.test(body)) return 1;
  return closingQuote(last + body, 0) > 0 ? 1 : 0;
}

/**
 * "@booking-agent confirmed both pitches": a handle before a verb that ends the noun phrase a
 * sentence opens with (statement-words.json subjectEnders) or a verb in the past is what the
 * sentence is about, not whom it addresses. A comma or colon after it addresses.
 */
function handleIsSubject(lex: CompiledStatementLexicon, addressed: string, rest: string): boolean {
  if (!addressed.startsWith('@') || /[,:]\s*$/.test(addressed)) return false;
  const next = /^[\p{L}'’]+/u.exec(rest.trimStart())?.[0] ?? '';
  return lex.words.statements.subjectEnder.test(next) || /\p{L}{2}ed$/u.test(next);
}

/** Nothing but a courtesy and punctuation: "please.", "thanks!". */
function courtesyOnly(lex: CompiledStatementLexicon, lower: string): boolean {
  const rest = lower.trim();
  if (!/[\p{L}\p{N}]/u.test(rest)) return true;
  const hit = findAct(lex, 'politeness', rest);
  return hit !== null && !/[\p{L}\p{N}]/u.test(rest.slice(0, hit.start));
}

/** The framing acts that announce a rule: a new one, or one agreed or said before. */
const RULE_FRAMING = ['rule-announcement', 'recall', 'said-before'] as const;
const FRAMING_ACTS = ['preamble', 'announcement', ...RULE_FRAMING] as const;

/** A framing label at the very start of `body`, followed by punctuation or the end. */
function framing(lex: CompiledStatementLexicon, body: string): { act: SentenceAct; end: number } | null {
  for (const act of FRAMING_ACTS) {
    const hit = findAct(lex, act, body);
    if (!hit || hit.start !== 0) continue;
    if (/^\s*(?:[,.:;!\-]|$)/.test(body.slice(hit.end))) return { act, end: hit.end };
    // "I told you last week: …" — a few more words, then the colon, are part of the label. After
    // a joining word, words that open with content are the topic of what follows ("And backups:
    // 14 days for everything"); a phrase that opens with a function word still frames it ("But with
    // a catch: every skipped check …").
    // A rule's label goes on in function words ("One rule for the future:", "One rule I want
    // kept:"); a content word makes it a compound ("One rule change I'd question: …").
    const label = LABEL_TAIL.exec(body.slice(hit.end));
    const compound = label !== null && opensWithContent(lex, label[0]) && (act === 'rule-announcement' || findAct(lex, 'connective', body)?.end === hit.end);
    // ("So from 1 April: adults €50, juniors €20." — a change from a named date on is what follows
    // it, not a frame: only the joining word goes. "So from now on:" frames.)
    if (label && !compound && datedChange(lex, label[0].trim())) return { act, end: hit.end };
    if (label && !compound) return { act, end: hit.end + label[0].length };
    // ("I told you the shelf filter is for 17H": what was said before may follow as a clause of its
    // own, with no mark between, "that" or none.)
    const told = act === 'said-before' ? SAID_CLAUSE.exec(body.slice(hit.end)) : null;
    if (told && (told[1] !== undefined || lex.words.statements.article(told[2])) && statesWhatIs(lex, body.slice(hit.end + told[0].length - told[2].length))) return { act, end: hit.end + told[0].length - told[2].length };
  }
  return refusalRunOn(lex, body) ?? acceptanceRunOn(lex, body);
}

/**
 * An acceptance written without its comma before the step it takes up: "yes hold till monday",
 * "ok then checkout ships behind the flag". Its content starts after the acceptance, as after
 * "Yes, …", where what follows opens with a step's verb or a joining word; "ok 60" and "sure
 * thing" say nothing after it.
 */
function acceptanceRunOn(lex: CompiledStatementLexicon, body: string): { act: SentenceAct; end: number } | null {
  const yes = findAct(lex, 'acceptance', body);
  if (yes?.start !== 0 || findAct(lex, 'preamble', body)?.end !== yes.end || !/^\s+\S/.test(body.slice(yes.end))) return null;
  // (A bare yes, "yes", "ok", "sure": "good call hold it", "both keep admin rights" say more with their first word.)
  const said = body.slice(0, yes.end);
  if (lex.words.statements.leadingVerdict.exec(said)?.[0].trim() !== said.trim()) return null;
  const next = body.slice(yes.end).trimStart();
  return findAct(lex, 'directive', next)?.start === 0 || findAct(lex, 'connective', next)?.start === 0 ? { act: 'preamble', end: yes.end } : null;
}

/** A change from a named date on ("from 1 April", "ab dem 3. März"): a decision cue that opens the text, and a day's number or a month in it. */
function datedChange(lex: CompiledStatementLexicon, text: string): boolean {
  return findAct(lex, 'decision', text)?.start === 0 && (/\d/.test(text) || text.split(/\s+/).some((w) => lex.words.statements.monthName.test(w)));
}

/** The acts whose words open a clause with its subject ("we're", "that's", "i'll"). */
const SUBJECT_ACTS = ['we-subject', 'i-subject', 'you-subject', 'third-party', 'explanation'] as const;

/**
 * A refusal written without its comma before a clause that says how things stand: "no we're
 * good", "nope that's everything", "no I'm fine", "no thanks". Its content starts after the
 * refusal, as after "No, …"; "No meetings before 10" bans meetings. The clause opens with a
 * subject joined to "be" ("we're", "I'm", "that's") or with thanks: a bare pronoun would also take
 * in "no es" and "no me", where Spanish "no" negates the verb after it. (A plan run on, "no I'll
 * send it on Friday", keeps its refusal as written: the reply's verdict reads "No," only.)
 */
function refusalRunOn(lex: CompiledStatementLexicon, body: string): { act: SentenceAct; end: number } | null {
  const refusal = findAct(lex, 'rejection', body);
  if (refusal?.start !== 0 || findAct(lex, 'preamble', body)?.end !== refusal.end) return null;
  const rest = body.slice(refusal.end);
  const word = /^\s+([\p{L}]+'(?:re|m|s))(?![\p{L}\p{N}'])/u.exec(rest)?.[1];
  // ("'s" is "is" after "that", "it", "there"; after "let" it is "us".)
  const subject = word !== undefined && (word.endsWith("'s") ? findAct(lex, 'explanation', word)?.end === word.length : SUBJECT_ACTS.some((act) => findAct(lex, act, word)?.end === word.length));
  const thanks = /^\s/.test(rest) && findAct(lex, 'smalltalk', rest.trimStart())?.start === 0;
  return subject || thanks ? { act: 'preamble', end: refusal.end } : null;
}

/** Whether the first word of `words` carries content (is no stopword; "I'd" is "I" with a contraction). */
function opensWithContent(lex: CompiledStatementLexicon, words: string): boolean {
  const first = /[\p{L}\p{N}][\p{L}\p{N}'-]*/u.exec(words)?.[0]?.toLowerCase();
  return first !== undefined && !lex.words.stopwords.has(first) && !lex.words.stopwords.has(first.split("'")[0]);
}

/** Up to four words closing a framing label with a colon. */
// The colon of a clock time ("is 13:00", "at 8:30") ends no label.
const LABEL_TAIL = /^(?:\s+[\p{L}\p{N}'-]+){1,4}(?=\s*:(?!\d))/u;
// What a speaker says they said before, as a clause of three words or more right after "I told you":
// after "that" (group 1, which goes too), or opening with an article (group 2, its first word): "I
// told you the seal is for the north pump". Not "I told you so", "… to …", "… not to …", nor a time
// or a topic first ("I told you yesterday …", "… about the thermostat …"), which say no fact.
const SAID_CLAUSE = /^\s+(?:(that|dass|que)\s+)?(?!(?:so|to|not|never)\b)([\p{L}\p{N}][\p{L}\p{N}'’-]*)(?=(?:\s+\S+){2})/u;

/** "Sorry Jonas, …": a framing word followed by the name of the person addressed. */
function framingBeforeName(lex: CompiledStatementLexicon, body: string, original: string): { act: SentenceAct; end: number } | null {
  const hit = findAct(lex, 'preamble', body);
  if (!hit || hit.start !== 0) return null;
  const name = /^\s+[\p{Lu}][\p{L}-]{1,30}(?=,)/u.exec(original.slice(hit.end));
  return name ? { act: 'preamble', end: hit.end + name[0].length } : null;
}

/**
 * What the framing before a sentence's content announces: 'rule' after "As a rule:" or "As agreed:", 'decision'
 * after "Decision:" or "Change of plan:", else null.
 */
export function announced(lex: CompiledStatementLexicon, text: string): 'decision' | 'rule' | null {
  const lower = normalForm(text.slice(0, contentStart(lex, text)));
  let out: 'decision' | 'rule' | null = null;
  for (const piece of lower.split(/[,.:;!]\s*/)) {
    // "And as a rule: …" — a joining word before the label does not change what it announces.
    const p = withoutConnective(lex, piece.trim());
    if (!p) continue;
    // Recalling an earlier agreement, or what one said before, announces it again as a rule
    // ("We settled that in May: …", "I told you last week: …").
    if (RULE_FRAMING.some((act) => findAct(lex, act, p)?.start === 0)) out = 'rule';
    else if (findAct(lex, 'announcement', p)?.start === 0 && out === null) out = 'decision';
  }
  // "Fine by me: weekly invoices by default" — an acceptance label before a colon accepts what follows.
  const label = /([^,.;!]+):\s*$/.exec(lower);
  if (out === null && label) {
    // "But fine by me:" — a joining word before the acceptance does not change it.
    if (findAct(lex, 'acceptance', withoutConnective(lex, label[1].trim()))?.start === 0) out = 'decision';
  }
  return out;
}

// Where a sentence ends: . ! ? (or several) before whitespace and an upper-case letter, a digit,
// a currency sign ("ok B. £1.70 more a sack"), a quote, a bracket or an emoji — not inside "e.g.
// the", "v1.2" or "4.6". A question or exclamation mark ends one before a lower-case word too:
// chat is often written in lower case ("right? ugh"). A closing quote may follow the mark ("… a size larger.' That fits …"). A period ends one before
// a lower-case name with a hyphen or underscore in it: agents and tools go by handles ("… instead
// of exports. report-agent already has read access."). A period after a whole word ends one before a
// lower-case word as well ("oops. my bad. set it back to debug"), unless the word is an
// abbreviation or has a period of its own ("Kulturforum e.V. invites you").
// An emoji ends one before an upper-case letter, as chat puts it in place of the mark ("… gets
// his cake after all 😂 He's asking for …"); it stays with the sentence it closes. (What may
// stand before it is looked at only where an emoji is: read at every space of a long run of
// spaces, it would cost time in the square of the run's length.)
// Each run of marks is tried from its first mark only (the look-behinds): tried from every mark
// of a long run ("!!!!…"), a run not followed by a space cost time in the square of its length.
const SENTENCE_END = /(?<![.!?])([.!?]+['"’”]?)(\s+)(?=["'(\[¿¡]?[\p{Lu}\p{N}\p{Sc}\p{Extended_Pictographic}@#])|(?<![?!])([?!]+['"’”]?)(\s+)(?=\p{Ll})|(?<!\.)(\.+)(\s+)(?=\p{Ll}[\p{Ll}\p{N}]*[-_][\p{L}\p{N}])|(\.)(\s+)(?=\p{Ll})|(?=\p{Extended_Pictographic})(?<=(?:\p{L}{2}|[\p{N},;:])\s*)(\p{Extended_Pictographic}[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u200D]*)(\s+)(?=\p{Lu})/gu;
// A whole word just before a period, after a space, a bracket or the line's start: letters only,
// or a value that is no day's or list item's number ("12:30. we need time", "4,000. we need
// margin", "24h. 48 is too long", "20%. we changed that", "+15. we're at 135", "£25. fine");
// "am 5. juni" and "1. ask them" go on.
const WORD_BEFORE_PERIOD = /(?:^|[\s(])(?:\p{L}{2,}|\d{1,2}:\d{2}|\d{1,3}(?:[.,]\d{3})+|\d+\p{L}+|\d+(?:[.,]\d+)?%|[+±]\d+|\p{Sc}\d+(?:[.,]\d+)?)\.$/u;
// A number that may also be an ordinal, a range's end or a list item's number ("lower it to 2.",
// "not 40.", "pitch 2.", "9-1.", "2000.", "4.2.1."), with the word before it, if any. Its period
// ends the sentence after a noun ("see step 1. then …", "pitch 2. thu 18:00"), and after a
// function word only where a function word follows ("… to 2. the ones that flake"): "die 2.
// variante", "im 3. quartal" and "das 100. jubiläum" are ordinals, "der 3. oktober" a date. A
// number of four digits or more is no ordinal ("2024. probably not").
const NUMBER_BEFORE_PERIOD = /(?:^|[\s(])(?:([\p{L}'’]{2,})\s+)?(\d+(?:-\d+)?|\d+\.\d+\.\d+)\.$/u;
// How far before a sentence mark and after it the words that decide whether it ends one are read.
const WINDOW = 48;
/** What ends a sentence besides its marks: the words whose period does not end one. */
export type SentenceWords = Pick<Words['statements'], 'abbreviation' | 'dateAbbreviation' | 'sentenceOpener' | 'stepOpening' | 'functionWord' | 'article' | 'numberAbbreviation' | 'monthName' | 'dayWithPeriod' | 'dayOpening'>;

/**
 * Letters written as initials with spaces ("z. B. 31. März", "d. h. nie", "J. R. Smith"): a single
 * letter's period is no sentence's end when another single letter's period follows, nor is the
 * second one's.
 */
const INITIAL = /(?:^|[\s(])\p{L}\.$/u;
const NEXT_INITIAL = /^\p{L}\./u;
const INITIALS = /(?:^|[\s(])\p{L}\.\s?\p{L}\.$/u;
// A list item marker at the start of a line: "-", "*", "•", "1.", "2)", "(a)", "a)".
const LIST_MARKER = /^\s*(?:[-*•]|\(?[0-9]{1,2}[.)]|\(?[a-h]\))\s+/;
const NUMBERED_LINE = /^\s*\(?([0-9]{1,2})[.)]\s/;
const DAY_MARKER = /^\s*[0-9]{1,2}\.\s+$/;

/**
 * A line's list marker, if it has one. A day's number with its period before a month's name opens
 * a date, not a list ("27. April geht.", "3. März: Kickoff\n17. März: Review"), unless another line
 * carries the number before or after it ("1. April: Kickoff\n2. Mai: Review" is a list).
 */
function listMarker(line: string, numbers: () => ReadonlySet<number>, words: SentenceWords): RegExpExecArray | null {
  const marker = LIST_MARKER.exec(line);
  if (marker === null || !DAY_MARKER.test(marker[0]) || !words.monthName.test(line.slice(marker[0].length))) return marker;
  const n = parseInt(marker[0], 10);
  return numbers().has(n - 1) || numbers().has(n + 1) ? marker : null;
}

/**
 * Sentences of a message with offsets into it: one per line of a list, split after . ! ? where a
 * new sentence visibly starts (not after an abbreviation: `words.abbreviation`, statement-words.json).
 * List markers are not part of the sentence.
 */
export function splitSentences(text: string, words: SentenceWords): Span[] {
  const out: Span[] = [];
  let lineStart = 0;
  const lines = text.split('\n');
  let numbered: Set<number> | undefined;
  const numbers = () => (numbered ??= new Set(lines.flatMap((l) => NUMBERED_LINE.exec(l)?.[1] ?? []).map((n) => parseInt(n, 10))));
  for (const line of lines) {
    const marker = listMarker(line, numbers, words);
    const from = marker ? marker[0].length : 0;
    let s = from;
    let inline: Set<number> | undefined;
    const itemNumbers = () => (inline ??= new Set([...line.matchAll(INLINE_ITEM_NUMBER)].map((x) => parseInt(x[1], 10))));
    SENTENCE_END.lastIndex = from;
    let m: RegExpExecArray | null;
    while ((m = SENTENCE_END.exec(line)) !== null) {
      const mark = m[1] ?? m[3] ?? m[5] ?? m[7] ?? m[9];
      const end = m.index + mark.length;
      // What stands just before the mark and just after the space decides; a window of each keeps
      // a line of many periods linear.
      const before = line.slice(Math.max(s, end - WINDOW), end);
      const after = line.slice(m.index + m[0].length, m.index + m[0].length + WINDOW);
      if (m[7] !== undefined && !WORD_BEFORE_PERIOD.test(before) && !endsAfterNumber(before, after, itemNumbers, words)) continue;
      if (mark === '.' && words.abbreviation.test(before)) continue;
      // ("Thu, Fri. Should the block stay …?" and "Tue and Thu. Set up a delivery?" end; "from Jan.
      // on", "Fri. 14:00", "until Dec. Marco covers …" go on: a name may follow a date.)
      if (mark === '.' && words.dateAbbreviation.test(before) && !words.sentenceOpener(/^[\p{L}'’]+/u.exec(after)?.[0] ?? '') && !words.stepOpening(after)) continue;
      // ("No." abbreviates "number" only before one, "no. 14"; "No. NPS is quarterly." is two sentences.)
      if (mark === '.' && words.numberAbbreviation.test(before) && /^\d/.test(after)) continue;
      if (mark === '.' && ((INITIAL.test(before) && NEXT_INITIAL.test(after)) || INITIALS.test(before))) continue;
      // "Das Sommerfest ist am 14. Juni." — a day's number with its period before a month's name.
      if (mark === '.' && words.dayWithPeriod.test(before) && words.monthName.test(after)) continue;
      // (And one that opens the line: "27. April geht, dann hab ich Zeit.")
      if (mark === '.' && s === from && words.dayOpening.test(before) && words.monthName.test(after)) continue;
      push(out, text, lineStart + s, lineStart + end);
      s = m.index + m[0].length;
    }
    push(out, text, lineStart + s, lineStart + line.length);
    lineStart += line.length + 1;
  }
  return out;
}

/**
 * Whether a period after a number that may be an ordinal ends the sentence (see
 * NUMBER_BEFORE_PERIOD): no month follows, no word that leads a day stands before a day's number
 * ("bis zum 5. dann"), and the line does not number its items inline ("1. ask them, and 2. book
 * it"; `numbered` gives those numbers, read once a line).
 */
function endsAfterNumber(before: string, after: string, numbered: () => ReadonlySet<number>, words: SentenceWords): boolean {
  const m = NUMBER_BEFORE_PERIOD.exec(before);
  if (m === null || words.monthName.test(after) || words.dayWithPeriod.test(before)) return false;
  const [, word, number] = m;
  if (/^\d{4,}$/.test(number)) return true;
  if (/^\d{1,2}$/.test(number) && (numbered().has(parseInt(number, 10) - 1) || numbered().has(parseInt(number, 10) + 1))) return false;
  // (After an article it counts or orders: "die 1. und die 3. variante".)
  if (word !== undefined && words.article(word)) return false;
  if (word !== undefined && !words.functionWord(word) && !words.functionWord(word.split(/['’]/)[0])) return true;
  // ("we'll" is "we" with a contraction.)
  const next = /^[\p{L}'’]+/u.exec(after)?.[0] ?? '';
  return words.functionWord(next) || words.functionWord(next.split(/['’]/)[0]);
}

// A number written as an inline item's: "1. ", after the line's start, a space, a bracket or a mark.
const INLINE_ITEM_NUMBER = /(?:^|[\s(:;,])(\d{1,2})\.\s/g;

function push(out: Span[], text: string, start: number, end: number): void {
  const raw = text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const t = raw.trim();
  if (t.length === 0) return;
  out.push({ start: start + lead, end: start + lead + t.length, text: t });
}

/**
 * A sentence split where it holds two statements ("Templates are out, but X gets Y"); each part
 * keeps at least three words, otherwise the sentence stays whole.
 */
export function splitClauses(lex: CompiledStatementLexicon, s: Span): Span[] {
  const lower = normalForm(s.text);
  const entries = lex.acts.get('clause-break') ?? [];
  const cuts: Array<{ start: number; end: number }> = [];
  for (const e of entries) {
    e.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = e.re.exec(lower)) !== null) {
      if (m[0].length === 0) {
        e.re.lastIndex++;
        continue;
      }
      cuts.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  cuts.sort((a, b) => a.start - b.start);
  const enclosed = [...quotedSpans(s.text), ...bracketSpans(s.text)];
  const out: Span[] = [];
  let from = 0;
  for (const c of cuts) {
    if (c.start < from) continue;
    // ("Mr Hendry is fine with zinc ('looks like a shed, but a posh one'), …": what a bracket or a
    // quote holds is said inside the clause around it.)
    if (enclosed.some(([open, close]) => open < c.start && c.start < close)) continue;
    const left = s.text.slice(from, c.start);
    const right = s.text.slice(c.start);
    if (countWords(left) < 3 || countWords(right) < 4) continue;
    // (A word said again between dashes for weight stays with what follows: "And never — NEVER —
    // put a dish out without its card" is one ban, not "And never — NEVER" and an instruction.)
    if (STRESSED_BETWEEN_DASHES.test(left)) continue;
    // A break like ", and no" keeps its content word ("no …") in the next clause.
    const punct = /^[,;\s]*/.exec(right)![0].length;
    const joined = findAct(lex, 'connective', normalForm(right.slice(punct)));
    const keep = punct + (joined && joined.start === 0 ? joined.end + (/^\s*/.exec(right.slice(punct + joined.end))?.[0].length ?? 0) : 0);
    pushSpan(out, s, from, c.start);
    from = c.start + keep;
  }
  pushSpan(out, s, from, s.text.length);
  return out.length > 0 ? out : [s];
}

function pushSpan(out: Span[], s: Span, from: number, to: number): void {
  const raw = s.text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const t = raw.trim().replace(/[,;]+$/, '');
  if (t.length > 0) out.push({ start: s.start + from + lead, end: s.start + from + lead + t.length, text: t });
}

function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}

/**
 * Whether a clause says what something is, has or costs, its verb a copula within its first words
 * ("the spare seal is for the north pump", "Monday is a bank holiday"): what "I told you" frames is
 * such a fact, not the object of the telling ("the whole story yesterday", "the number last week").
 */
function statesWhatIs(lex: CompiledStatementLexicon, clause: string): boolean {
  const { valueCopula, singularCopula, pluralCopula } = lex.words.statements;
  const said = clause.split(/\s+/).slice(1, SAID_COPULA_REACH + 1);
  // (In the present: "the oak was the better option" looks back, it settles nothing.)
  return said.some((w) => valueCopula.test(w) || singularCopula.test(w) || pluralCopula.test(w)) && !hasAct(lex, 'past', normalForm(clause));
}

/** How many words after its first a clause's copula may stand ("the spare seal is"). */
const SAID_COPULA_REACH = 3;

/** A word, a dash and the same word again closing a text ("never — NEVER"): said again for weight. */
const STRESSED_BETWEEN_DASHES = /(?<![\p{L}\p{N}])(\p{L}+)\s*[—–-]\s*\1\s*$/iu;

/**
 * The stretches of a message that say the opposite of what they mean ("Great, so the kids do their
 * tests on paper then. 🙃"): sarcasm holds for the sentence it is said in, and the rest of the
 * message means what it says ("Ok, 7 sharp. Great, so we wait an hour again 🙃" still sets 7).
 * `sentences` are the message's sentences as the analysis split them. An emoji standing after a
 * sentence's stop belongs to that sentence, not to the one it opens.
 */
export function sarcasticSentences(lex: CompiledStatementLexicon, text: string, sentences: readonly Span[]): Span[] {
  const out: Span[] = [];
  sentences.forEach((s, k) => {
    let start = s.start + leadingEmoji(s.text);
    const next = sentences[k + 1];
    // (The sentence is read with the emoji after its stop; the span it holds ends at its own end.)
    const closing = next ? text.slice(next.start, next.start + leadingEmoji(next.text)) : '';
    if (!hasAct(lex, 'sarcasm', normalForm(`${text.slice(start, s.end)} ${closing}`))) return;
    // "Sure. Let's switch off every server at once, what could possibly go wrong.": an agreement alone
    // right before the irony opens it.
    const before = sentences[k - 1];
    if (before && onlyAct(lex, 'acceptance', before.text)) start = before.start;
    out.push({ start, end: s.end, text: text.slice(start, s.end) });
  });
  return out;
}

/** Whether a text is one act and nothing else, its closing stop aside: a label that only says what kind of text follows ("Draft", "Zusammenfassung"), a word of assent ("Sure.", "Einverstanden?"). */
export function onlyAct(lex: CompiledStatementLexicon, act: SentenceAct, text: string): boolean {
  const lower = normalForm(text).replace(/[.!?,;:]+$/, '').trim();
  const hit = findAct(lex, act, lower);
  return hit !== null && hit.start === 0 && hit.end === lower.length;
}

/** How many characters of emoji (and the spaces between them) open a text. */
function leadingEmoji(text: string): number {
  return LEADING_EMOJI.exec(text)?.[0].length ?? 0;
}
const LEADING_EMOJI = /^(?:[\p{Extended_Pictographic}\u{FE0F}\u{200D}]+\s*)+/u;
