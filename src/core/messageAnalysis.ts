// Stage 2: each normalized message's text analysed once. Detection, clustering, candidates,
// scoring and the speaker patterns all read the same messages; they take the lowercase form,
// content tokens, word count and sentences from this record instead of splitting the text again.
import { wordSet } from './rules';
import { splitSentences, type SentenceWords } from './sentenceActs';
import { contentToken, wordCount, words, type Span, type Stems } from './text';
import type { Message } from './types';

export interface MessageAnalysis {
  /** The normalized text (punctuation already folded by normalize). */
  text: string;
  /** Lowercase form: what rules match against. Text is folded already, so this is also the sentence acts' normal form. */
  lower: string;
  /** Lowercased words of the rules' first-word prefilter (apostrophes dropped, hyphenated words split too). */
  ruleWords: ReadonlySet<string>;
  /** Stemmed content tokens in order (no stopwords, no one-letter words): what topics and overlaps compare. */
  tokens: readonly string[];
  /** Word count as the importance formula counts words. */
  words: number;
  /** Sentences with offsets into `text`, split as the sentence acts split them. */
  sentences: readonly Span[];
}

/** The analysis of every message of a task, by position in the normalized list. */
export interface AnalysedMessages {
  at: readonly MessageAnalysis[];
  /** Position of each message by its index in the task's discussion array. */
  positionOf: ReadonlyMap<number, number>;
  /** The run's stem memo (see RunContext in pipeline.ts): the later stages stem other texts of the discussion through it. */
  stemmer: Stems;
}

export function analyseMessage(text: string, stems: Stems, sentenceWords: SentenceWords): MessageAnalysis {
  const lower = text.toLowerCase();
  const tokens: string[] = [];
  for (const w of words(text)) {
    const t = contentToken(w, stems);
    if (t !== null) tokens.push(t);
  }
  return { text, lower, ruleWords: wordSet(lower), tokens, words: wordCount(text), sentences: splitSentences(text, sentenceWords) };
}

export function analyseMessages(messages: readonly Message[], stems: Stems, sentenceWords: SentenceWords): AnalysedMessages {
  return { at: messages.map((m) => analyseMessage(m.text, stems, sentenceWords)), positionOf: new Map(messages.map((m, p) => [m.index, p])), stemmer: stems };
}
