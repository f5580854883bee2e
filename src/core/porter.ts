// The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), step by step and
// quirk by quirk as the `natural` package implements it (its porter_stemmer.js, MIT licence,
// copyright (c) 2011 Chris Umbel): topics, duplicates, subjects and contradictions are compared
// on these stems, so the port gives that implementation's stem for every word.
// test/stemmer.test.ts holds it to test/fixtures/porter-stems.txt, the stems that implementation
// gave a vocabulary of some ten thousand words (the project's own, and a sample of English).

/** Consecutive consonants as C and vowels as V, a consonant-then-y counting as CV. */
function groups(token: string): string {
  return token.replace(/[^aeiouy]+y/g, 'CV').replace(/[aeiou]+/g, 'V').replace(/[^V]+/g, 'C');
}

/** Each letter as C or V, a consonant-then-y as CV. */
function letters(token: string): string {
  return token.replace(/[^aeiouy]y/g, 'CV').replace(/[aeiou]/g, 'V').replace(/[^V]/g, 'C');
}

/** The measure m of a word: its VC sequences, a leading C and a trailing V left out (-1 for none). */
function measure(token: string | null): number {
  if (!token) return -1;
  return groups(token).replace(/^C/, '').replace(/V$/, '').length / 2;
}

const endsWithDoubleConsonant = (token: string) => /([^aeiou])\1$/.test(token);

/** `token` with `suffix` at its end replaced, or null where it does not end so. */
function replaceEnd(token: string, suffix: string, by: string): string | null {
  return token.endsWith(suffix) ? token.slice(0, token.length - suffix.length) + by : null;
}

/**
 * Each rule [suffix, replacement] in turn, on the word as the rules before left it, where the
 * original word without that suffix has a measure above `threshold` (any, without one).
 */
function replaceSuffixes(token: string, rules: ReadonlyArray<readonly [string, string]>, threshold?: number): string {
  let out = token;
  for (const [suffix, by] of rules) {
    if (threshold === undefined || measure(replaceEnd(token, suffix, '')) > threshold) out = replaceEnd(out, suffix, by) || out;
  }
  return out;
}

function step1a(token: string): string {
  if (/(ss|i)es$/.test(token)) return token.replace(/(ss|i)es$/, '$1');
  if (token.slice(-1) === 's' && token.slice(-2, -1) !== 's' && token.length > 2) return token.replace(/s?$/, '');
  return token;
}

const STEP_1B: ReadonlyArray<readonly [string, string]> = [
  ['at', 'ate'],
  ['bl', 'ble'],
  ['iz', 'ize'],
];

function step1b(token: string): string {
  if (token.slice(-3) === 'eed') {
    return measure(token.slice(0, -3)) > 0 ? token.replace(/eed$/, 'ee') : token;
  }
  if (!/(ed|ing)$/.test(token)) return token;
  const stem = token.replace(/(ed|ing)$/, '');
  if (!stem || !groups(stem).includes('V')) return token;
  const restored = replaceSuffixes(stem, STEP_1B);
  if (restored !== stem) return restored || token;
  if (endsWithDoubleConsonant(stem) && /[^lsz]$/.test(stem)) return stem.replace(/([^aeiou])\1$/, '$1');
  if (measure(stem) === 1 && letters(stem).slice(-3) === 'CVC' && /[^wxy]$/.test(stem)) return `${stem}e`;
  return stem;
}

function step1c(token: string): string {
  const g = groups(token);
  return token.slice(-1) === 'y' && g.slice(0, g.length - 1).includes('V') ? token.replace(/y$/, 'i') : token;
}

const STEP_2: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['abli', 'able'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'], ['ator', 'ate'],
  ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'], ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
];

const STEP_3: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
];

/** The parts `keep` of the match of `re`, where they have a measure above `minimum`. */
function keepParts(token: string, re: RegExp, keep: readonly number[], minimum: number): string | null {
  const m = re.exec(token);
  const out = m ? keep.map((k) => m[k]).join('') : '';
  return measure(out) > minimum ? out : null;
}

function step4(token: string): string {
  return (
    keepParts(token, /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/, [1], 1) ??
    keepParts(token, /^(.+?)(s|t)(ion)$/, [1, 2], 1) ??
    token
  );
}

function step5a(token: string): string {
  const m = measure(token.replace(/e$/, ''));
  // The three letters from the fourth-last (from the first, in a shorter word).
  const shape = letters(token);
  const from = Math.max(shape.length - 4, 0);
  if (m > 1 || (m === 1 && !(shape.slice(from, from + 3) === 'CVC' && /[^wxy].$/.test(token)))) return token.replace(/e$/, '');
  return token;
}

function step5b(token: string): string {
  return measure(token) > 1 ? token.replace(/ll$/, 'l') : token;
}

/** The Porter stem of a word (lowercased; a word of one or two letters as it is). */
export function porterStem(word: string): string {
  if (word.length < 3) return word;
  const steps = [step1a, step1b, step1c, (t: string) => replaceSuffixes(t, STEP_2, 0), (t: string) => replaceSuffixes(t, STEP_3, 0), step4, step5a, step5b];
  return steps.reduce((t, step) => step(t), word.toLowerCase());
}

/**
 * Longer words are not stemmed: no word of a language needs it, and the stemmer's cost grows with
 * the square of a word's length (a pasted 16 000-letter word took seconds), so that a text's cost
 * stays linear in its length.
 */
const MAX_STEMMED_LENGTH = 64;

/** Porter stem of a word; a word with a digit, or a very long one, stays as it is. */
export function stemWord(word: string): string {
  return /\d/.test(word) || word.length > MAX_STEMMED_LENGTH ? word : porterStem(word);
}

/**
 * Porter stems of the words met so far, for one task's analysis or one merge: stemming is most
 * of the cost of tokenizing, and a discussion's vocabulary repeats. The pipeline makes one and
 * passes it down (in AnalysedMessages, in SubjectMemo); nothing outlives it. It carries the
 * engine's stopwords too: what it tokenizes into content tokens leaves them out. (It is the
 * `Stems` the helpers of text.ts take.)
 */
export class PorterStems {
  private readonly memo = new Map<string, string>();
  readonly stopwords: ReadonlySet<string>;

  constructor(words: { readonly stopwords: ReadonlySet<string> }) {
    this.stopwords = words.stopwords;
  }

  of(word: string): string {
    let s = this.memo.get(word);
    if (s === undefined) {
      s = stemWord(word);
      this.memo.set(word, s);
    }
    return s;
  }
}
