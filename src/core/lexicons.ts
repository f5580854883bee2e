// The word lists of rules/lexicons/ (claims, cues, relations, …) as the stages read them. The io
// layer reads each file and validates it against its schema (io/rulePacks.ts loadLexicons); the
// engine picks the word lexicons out of what it read (wordLexiconsOf) and compiles them once
// (words.ts). The stages get them from the engine and never read a file.
import { escapeRegex } from './phrases';
import type { LexiconDocument, WordLexicon, WordList } from './types';

/** The lexicons of named word lists (contradiction and bridge have their own shapes and loaders). */
export const WORD_LEXICONS = ['claims', 'cues', 'relations', 'replies', 'statement-words', 'stopwords', 'transcript-markers'] as const;
export type WordLexiconName = (typeof WORD_LEXICONS)[number];

/** Every word lexicon, by name, as read from rules/lexicons/<name>.json. */
export type WordLexicons = Readonly<Record<WordLexiconName, WordLexicon>>;

/** The word lexicons among the lexicons read (by file name); a missing one is an error. */
export function wordLexiconsOf(read: ReadonlyMap<string, LexiconDocument>): WordLexicons {
  const out = {} as Record<WordLexiconName, WordLexicon>;
  for (const name of WORD_LEXICONS) {
    const lex = read.get(name);
    if (!lex || !('lists' in lex)) throw new Error(`rules/lexicons/${name}.json is missing or has no word lists`);
    out[name] = lex as WordLexicon;
  }
  return out;
}

function list(lexicons: WordLexicons, name: WordLexiconName, key: string): WordList {
  const l = lexicons[name].lists[key];
  if (!l) throw new Error(`rules/lexicons/${name}.json has no list "${key}"`);
  return l;
}

/** The entries of one list. */
export function wordsOf(lexicons: WordLexicons, name: WordLexiconName, key: string): readonly string[] {
  return list(lexicons, name, key).entries;
}

/** A list as the body of a regex alternation (no group): literal entries escaped, pattern entries as written. */
export function alternationOf(l: Pick<WordList, 'entries' | 'pattern'>): string {
  return l.entries.map((e) => (l.pattern ? e : escapeRegex(e))).join('|');
}

/** `alternationOf` for one list of the lexicons by name. */
export function alternation(lexicons: WordLexicons, name: WordLexiconName, key: string): string {
  return alternationOf(list(lexicons, name, key));
}
