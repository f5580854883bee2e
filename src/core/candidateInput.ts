// What the candidate readers take: one task's messages, as the earlier stages analysed them, with
// the engine's lexicon and tuning; and the few ways every reader looks a message up.
import { sarcasticSentences, splitSentences, type CompiledStatementLexicon } from './sentenceActs';
import { contentTokens, type Span, type Stems } from './text';
import type { CandidateTuning, Detection, Message } from './types';

/** What the readers take of a message's analysis (messageAnalysis.ts): its sentences and its content tokens. */
interface MessageText {
  sentences: readonly Span[];
  tokens: readonly string[];
}

export interface CandidateInput {
  messages: readonly Message[];
  detections: readonly Detection[][];
  answered: readonly number[];
  /** Each message's verdict on what it answers. */
  verdict: ReadonlyArray<'confirmation' | 'disagreement' | 'correction' | null>;
  lexicon: CompiledStatementLexicon;
  /** Word limits and windows (tuning.candidates). */
  tuning: CandidateTuning;
  /** Each message's analysed text (its sentences), by position; split here when absent. */
  text?: readonly MessageText[];
  /** Each message's sarcastic stretches, as the detect stage read them (worked out here when not given). */
  sarcastic?: readonly (readonly Span[])[];
  /** The run's memo of stems (words are compared by stem; it knows the engine's stopwords). */
  stems: Stems;
  /** The run's memo of which clause openings the tagger reads as imperatives; without one, the tagger is asked every time. */
  imperatives?: Map<string, boolean>;
  /** Whether a lowercased clause is negated (the contradiction lexicon's negators). */
  negated?: (lower: string) => boolean;
  /** The slot a word that is a value by itself fills ("Thursday" → weekday, "März" → month); none known when absent. */
  valueSlot?: (word: string) => string | null;
  /** The value such a word stands for, the same in every language and form ("jueves", "Thursdays" → thursday); none known when absent. */
  wordValue?: (word: string) => string | null;
  /** The same, with the short forms a range is written in as well ("Wed", "Mi", "Do" → their days). */
  rangeValue?: (word: string) => string | null;
  /** Whether a word is a number written out ("four", "vier", "cuatro"); none known when absent. */
  numberWord?: (word: string) => boolean;
  /** The slot a unit word after a number fills ("days" → duration, "TB" → size, a month → date), from the subject lexicon; none known when absent. */
  unitSlot?: (word: string) => string | null;
  /** Whether a clause of message p sets a value against a number stated before p that it rules out ("40 not 60 for the kids one"), from the subject model; none known when absent. */
  contrastsStated?: (p: number, clause: string) => boolean;
  /** Whether a text announces a change of what holds ("ab sofort", "from now on"), from the subject lexicon's reversals; none known when absent. */
  announcesChange?: (text: string) => boolean;
  /** Whether a text announces a change and names nothing that changes ("Change of plan everyone."). */
  onlyAnnouncesChange?: (text: string) => boolean;
  /** The place an ordinal word gives ("second" → 2, "2nd" → 2, "zweite" → 2, "segundo" → 2), from the subject lexicon; none known when absent. */
  ordinal?: (word: string) => number | null;
  /** Whether a word opens a limit ("max", "before", "ab"), from the subject lexicon; none known when absent. */
  boundWord?: (word: string) => boolean;
}

export const isPerson = (m: Message) => m.role !== 'bot';

/** Sentences of message p: from its analysis record when the caller has one. */
export const sentencesAt = (input: CandidateInput, p: number): readonly Span[] => input.text?.[p].sentences ?? splitSentences(input.messages[p].text, input.lexicon.words.statements);
export const sarcasticAt = (input: CandidateInput, p: number): readonly Span[] => input.sarcastic?.[p] ?? sarcasticSentences(input.lexicon, input.messages[p].text, sentencesAt(input, p));

/** Content tokens of message p, as a set: from its analysis record when the caller has one. */
export const tokenSetAt = (input: CandidateInput, p: number): ReadonlySet<string> => new Set(input.text?.[p].tokens ?? contentTokens(input.messages[p].text, input.stems));
export const NO_TOKENS: ReadonlySet<string> = new Set();

/** A weekday or a month by itself: a word that says when a step is taken, not what it acts on. */
export function whenWord(input: CandidateInput): (word: string) => boolean {
  return (word) => input.valueSlot?.(word.toLowerCase()) != null;
}
