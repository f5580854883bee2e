// Literal phrases of the rule packs and lexicons as one regex each: what a rule's cue and a
// sentence act's phrases compile to. A module of its own so that the sentence acts need not
// import the rule engine.

// Word characters for cue boundaries. An explicit class (not \\p{L} with the u flag): V8 compiles
// large unicode-mode alternations an order of magnitude slower, and texts are lowercased first.
export const WORD_CHAR = 'a-z0-9\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u04ff';
const B_START = `(?<![${WORD_CHAR}])`;
// A phrase ending in a word does not end inside a contraction: "i can" is not "i can't",
// "we should" is not "we shouldn't".
const B_END = `(?![${WORD_CHAR}]|['\u2019][${WORD_CHAR}])`;

/** A literal string as a regex body. */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A phrase that opens with an apostrophe is a contraction's tail ("'ll"): it follows a word and
 * keeps its apostrophe, or "'ll" would match the end of "roll", "all" and "still".
 */
function contractionTail(w: string): string {
  return `(?<=[${WORD_CHAR}])'${escapeRegex(w.slice(1)).replace(/'/g, "'?")}`;
}

/**
 * A pronoun's contraction that spells another word without its apostrophe keeps it: "i'm" is not
 * German "im", "we'll" not "well", "we're" not "were", "i'd" not "ID", "he'll" not "hell". Others
 * may drop it as people type ("dont", "youre", "ive").
 */
const PRONOUN_CONTRACTION = /^(?:i'(?:m|d|ll)|we'(?:ll|re|d)|s?he'(?:ll|d))$/;

/**
 * A literal phrase to a regex body: any run of spaces or commas between words matches,
 * apostrophes are optional but after a pronoun, "..." matches a few words. Boundaries are added per group. The words
 * "..." stands for are the one capture group a phrase has: they are content, not the cue ("no
 * release on a Friday, ever" is the cue "no … ever" around "release on a Friday").
 */
function phraseBody(phrase: string): string {
  return phrase
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((w, i) => (w === '...' ? `([${WORD_CHAR}' ,-]{1,60}?)` : i === 0 && w.startsWith("'") ? contractionTail(w) : escapeRegex(w).replace(/'/g, PRONOUN_CONTRACTION.test(w) ? "'" : "'?")))
    .join('[\\s,]+');
}

/**
 * One regex for many phrases. Phrases are grouped by whether they start and end with a word
 * character, so each group checks its boundary once instead of once per alternative (V8 tries
 * every alternative at every position; the shared guard fails fast mid-word).
 */
export function compilePhrases(phrases: readonly string[]): RegExp {
  const groups = new Map<string, string[]>();
  // Longest first so that alternation prefers "that's not right" over "that's".
  const sorted = [...phrases].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const p of sorted) {
    const t = p.trim();
    const key = `${/^[\p{L}\p{N}]/u.test(t) ? 'w' : '-'}${/[\p{L}\p{N}]$/u.test(t) ? 'w' : '-'}`;
    groups.set(key, [...(groups.get(key) ?? []), phraseBody(t)]);
  }
  const parts = [...groups.entries()].map(([key, bodies]) => `${key[0] === 'w' ? B_START : ''}(?:${bodies.join('|')})${key[1] === 'w' ? B_END : ''}`);
  return new RegExp(parts.join('|'), 'g');
}
