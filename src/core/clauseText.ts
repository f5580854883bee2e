// How a clause's text becomes a statement: cut at its end, its case, its word limit, its shape as a
// decision, and what the tagger reads in it.
import { findAct, hasAct, normalForm, type CompiledStatementLexicon, type SentenceAct } from './sentenceActs';
import { contentWordCount, endsSentence, OPENING_QUOTE, wordCount } from './text';
import type { CandidateTuning } from './types';

/** The most words of a label that names what follows its colon and says nothing itself ("Tickets:", "On the plan:"). */
export const LABEL_MAX_WORDS = 2;

/** What follows a label of at most `maxWords` words and its colon ("On the plan: yes to …"), else the text. */
export function afterShortLabel(text: string, maxWords: number): string {
  const colon = text.indexOf(': ');
  return colon >= 0 && wordCount(text.slice(0, colon)) <= maxWords ? text.slice(colon + 2) : text;
}

/** A token without the marks around it, lower-cased. */
export function bareToken(t: string): string {
  return t.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, '');
}

/** The strongest act of a declarative sentence, in order of how binding it is. */
export function classify(lex: CompiledStatementLexicon, lower: string): SentenceAct | null {
  for (const act of ['prohibition-start', 'rule', 'preference', 'decision', 'contingency', 'directive'] as const) {
    if (hasAct(lex, act, lower)) return act;
  }
  if (hasAct(lex, 'request', lower) && !hasAct(lex, 'information-request', lower)) return 'request';
  return null;
}

export function decisive(lex: CompiledStatementLexicon, lower: string): boolean {
  return classify(lex, lower) !== null;
}

/**
 * A choice is named, not narrated: "Courier for local, post for the rest." and "The 09:15 one." have no verb,
 * "Guests dislike the surcharge." does. Part-of-speech tagging (compromise) on the few short replies that
 * get this far; loaded on first use.
 */
export function verbless(text: string): boolean {
  // (The tagger takes a "+" or "&" joining items for a verb: "over-75s + mobility + me + Gareth".)
  const doc = docOf(text.replace(/\s+[+&]\s+/gu, ', '));
  // The tagger reads the verb after a noun subject as a plural noun ("My build takes 15 minutes",
  // "The deploy runs every night"); before a duration or an adverb of time it is the verb ("The
  // conference rooms 4 and 5." names rooms).
  return doc.verbs().length === 0 && !TAKEN_FOR_A_NOUN.some((pattern) => doc.has(pattern));
}

/** A singular noun after an article or a possessive, then a word tagged plural, then a duration or an adverb of time. */
const TAKEN_FOR_A_NOUN = ['(#Determiner|#Possessive) #Singular #Plural #Value #Duration', '(#Determiner|#Possessive) #Singular #Plural (#Adverb|every|each)'];
let nlp: ((t: string) => Doc) | undefined;

/** A text as the tagger reads it (compromise, loaded on first use: most runs never need it). */
export function docOf(text: string): Doc {
  nlp ??= require('compromise') as (t: string) => Doc;
  return nlp(text);
}

/**
 * Whether a step says nothing but verbs on pronouns that point back, each with at most a particle
 * ("sort that out and ping them", "turn it off"), or a verb on an open object ("adjust anything
 * else"): no thing, value, date, manner or state of its own ("print it double-sided", "keep it
 * open", "mark them as paid", "send something written" each say one).
 */
export function namesNoObject(lex: CompiledStatementLexicon, step: string): boolean {
  return lex.words.statements.namelessStepsOnly.test(step.trim());
}

interface Doc {
  verbs(): { length: number; last(): { has(match: string): boolean } };
  nouns(): { out(format: 'array'): string[] };
  has(match: string): boolean;
  not(match: string): { text(): string };
  remove(match: string): Doc;
  match(match: string): { text(): string; has(match: string): boolean };
}

/** The most words a clause's plural subject may have to be named again by a later clause (see pluralSubject). */
const PLURAL_SUBJECT_MAX_WORDS = 4;

/**
 * The plural noun phrase a clause opens with as its subject ("Anomalies stay in" → "Anomalies",
 * "The old laptops go to the school" → "The old laptops"), as the tagger reads it; null when it
 * opens otherwise, with a pronoun, or with a singular.
 */
export function pluralSubject(clause: string): string | null {
  const opening = docOf(clause).match('^(#Determiner|#Adjective|#Noun)+');
  const phrase = opening.text().replace(/[,;:.!?]+$/u, '').trim();
  if (phrase === '' || phrase.split(/\s+/).length > PLURAL_SUBJECT_MAX_WORDS || opening.has('#Pronoun') || !opening.has('#Plural$')) return null;
  return phrase;
}

export const HAS_NUMBER = /\d/;

/**
 * A sum worked out: numbers joined by an operator and a result after "=" or "≈" ("40 + ~6 = 46",
 * "3.5 × (12 + 4) ≈ 56 units"). It reports what follows from values, as a reason or an example
 * does; it decides nothing. (A rule written as a formula, "reorder point = daily sales × (lead
 * time + 7 days)", has words for its operands.)
 */
export const COMPUTED = /\d[\d.,]*\s*[-+×x*/]\s*[(~]?\s*\d[^.!?;]*?[=≈]\s*~?\d/u;

/**
 * Whether the words after a contrast (", not …") name another value or thing, as "14 days, not 30"
 * and "Inter, not Roboto" do: a number or a name. "Fixed, not negotiable", "not later than
 * Friday" or "not a problem" say how, not what else.
 */
function namesAnAlternative(lex: CompiledStatementLexicon, words: readonly string[]): boolean {
  const head = words.join(' ').replace(lex.words.statements.optionSubjectArticle, '').split(/\s+/).filter(Boolean);
  return head.length > 0 && head.length <= 3 && /^(?:\d|\p{Lu})/u.test(head[0]);
}

/** Splits reasons ("because …") and alternatives ("instead of …") off a statement and tidies it. */
export function shape(lex: CompiledStatementLexicon, t: CandidateTuning, text: string): { statement: string; reasons: string[]; alternatives: string[] } {
  let statement = text;
  const reasons: string[] = [];
  const alternatives: string[] = [];
  const lower = normalForm(statement);
  const reason = findAct(lex, 'reason', lower);
  if (reason && reason.start > 0 && wordCount(statement.slice(0, reason.start)) >= 2) {
    const before = trimEnd(statement.slice(0, reason.start));
    // (A few words before a dash or colon are a label, whatever the tagger makes of "bake".)
    const label = /\s[-–—]\s*$|:\s*$/u.test(statement.slice(0, reason.start)) && wordCount(before) <= DASHED_LABEL_MAX_WORDS;
    const main = label || verbless(before) ? mainClauseAfter(statement.slice(reason.end)) : null;
    if (main) {
      // "For the Sunday bake — since it's only rolls, Matthias could start at 4:30": the reason
      // stands between a label and what is said of it, which follows the comma that closes it.
      reasons.push(main.reason);
      statement = `${before}, ${main.clause}`;
    } else {
      const after = trimEnd(statement.slice(reason.end).trim());
      if (after) reasons.push(after);
      statement = statement.slice(0, reason.start);
    }
  }
  // "Keep them brief: they go on the poster" — what follows the colon explains. After a label
  // that says nothing itself ("Parking: I want a £3 surcharge"), it is what is said.
  const colon = statement.indexOf(': ');
  if (colon > 0 && afterShortLabel(statement, LABEL_MAX_WORDS) === statement && hasAct(lex, 'explanation', normalForm(statement.slice(colon + 2)))) {
    const after = trimEnd(statement.slice(colon + 2));
    if (after) reasons.push(after);
    statement = statement.slice(0, colon);
  }
  const alt = findAct(lex, 'alternative', normalForm(statement));
  const contrast = alt ? null : findAct(lex, 'contrast', normalForm(statement));
  const cue = alt ?? contrast;
  if (cue) {
    // (A point between digits is a decimal point: "2.1, not 2.0".)
    const after = statement.slice(cue.end).split(/[,;:!?]|\.(?!\d)/)[0].trim();
    const ws = after.split(/\s+/).filter(Boolean).slice(0, 6);
    if (ws.length > 0 && (alt || namesAnAlternative(lex, ws))) alternatives.push(ws.join(' '));
  }
  const courtesy = findAct(lex, 'politeness', normalForm(trimEnd(statement)));
  if (courtesy && courtesy.start > 0) statement = statement.slice(0, courtesy.start);
  statement = limitWords(t.statementMaxWords, trimEnd(withoutClosingEmoji(lex, statement)));
  // A statement ending in a quoted sentence ("… size up.'") is already closed.
  const closed = endsSentence(statement);
  return { statement: statement ? `${sentenceCase(statement)}${closed ? '' : '.'}` : '', reasons, alternatives };
}

/** The most words a label before a dash or colon has ("For the Sunday bake —"). */
const DASHED_LABEL_MAX_WORDS = 6;

/** The clause after the comma that closes a reason put before it ("it's only rolls, Matthias could start at 4:30"), with the reason; null when none follows. */
function mainClauseAfter(rest: string): { reason: string; clause: string } | null {
  const comma = rest.indexOf(', ');
  if (comma < 0) return null;
  const clause = trimEnd(rest.slice(comma + 2));
  const reason = trimEnd(rest.slice(0, comma).trim());
  return reason && wordCount(clause) >= 3 && !verbless(clause) ? { reason, clause } : null;
}

/** "Swaps monthly, you're up first 😄" without the emoji that closes it, which a registry's sentence has no use for (the clause keeps it, and its features read it); an emoji that is all a text says stays. */
function withoutClosingEmoji(lex: CompiledStatementLexicon, text: string): string {
  // (Read back from the end one code point at a time: linear however many emoji there are.)
  const points = [...text];
  let end = points.length;
  let emoji = false;
  while (end > 0 && (EMOJI_POINT.test(points[end - 1]) || /[\s.!?]/u.test(points[end - 1]))) {
    emoji ||= EMOJI_POINT.test(points[end - 1]);
    end--;
  }
  const bare = points.slice(0, end).join('');
  return emoji && contentWordCount(bare, lex.words) > 0 ? bare : text;
}

const EMOJI_POINT = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u200D]/u;

function limitWords(maxWords: number, text: string): string {
  if (wordCount(text) <= maxWords) return text;
  // Cut at the last clause boundary that keeps the statement within the limit.
  let best = -1;
  const re = /[,;:]\s|\s[-–—]\s/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (wordCount(text.slice(0, m.index)) <= maxWords) best = m.index;
    else break;
  }
  return best > 0 ? text.slice(0, best) : text;
}

export function trimEnd(text: string): string {
  return text.trim().replace(/[\s,;:.!\-–—]+$/u, '');
}

/** Upper-case first letter, after an opening quote too, unless the first word is written with capitals inside ("uPlot", "iOS"). */
export function sentenceCase(text: string): string {
  const quote = OPENING_QUOTE.test(text.charAt(0)) ? 1 : 0;
  const word = text.slice(quote);
  if (word.length === 0 || /^\p{Ll}+\p{Lu}/u.test(word)) return text;
  return text.slice(0, quote) + word[0].toUpperCase() + word.slice(1);
}
