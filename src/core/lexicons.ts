// The shipped word lists (rules/lexicons/*.json) as the stages read them. They ship with the code
// and are loaded once with it; the store validates each against its schema when it builds an
// engine and hashes them into the engine fingerprint, and testRules runs their examples.
import type { WordLexicon, WordList } from './types';

/** The lexicons of named word lists (contradiction and bridge have their own shapes and loaders). */
export const WORD_LEXICONS = ['claims', 'cues', 'relations', 'replies', 'statement-words', 'stopwords', 'transcript-markers'] as const;
export type WordLexiconName = (typeof WORD_LEXICONS)[number];

const loaded = new Map<WordLexiconName, WordLexicon>();

/** One shipped lexicon, read on first use. */
export function wordLexicon(name: WordLexiconName): WordLexicon {
  let lex = loaded.get(name);
  if (!lex) {
    // A path relative to this module: the same from src/core and dist/core.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    lex = require(`../../rules/lexicons/${name}.json`) as WordLexicon;
    loaded.set(name, lex);
  }
  return lex;
}

function list(name: WordLexiconName, key: string): WordList {
  const l = wordLexicon(name).lists[key];
  if (!l) throw new Error(`rules/lexicons/${name}.json has no list "${key}"`);
  return l;
}

/** The entries of one list. */
export function wordsOf(name: WordLexiconName, key: string): readonly string[] {
  return list(name, key).entries;
}

export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A list as the body of a regex alternation (no group): literal entries escaped, pattern entries as written. */
export function alternationOf(l: Pick<WordList, 'entries' | 'pattern'>): string {
  return l.entries.map((e) => (l.pattern ? e : escapeRegex(e))).join('|');
}

/** `alternationOf` for a shipped list by name. */
export function alternation(name: WordLexiconName, key: string): string {
  return alternationOf(list(name, key));
}
