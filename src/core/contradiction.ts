// Do two statements on the same subject conflict? First establish that the subject is shared
// (overlapping content words), then look for a mismatch: polarity (one negated, one not),
// an antonym swap, or a different number for the same thing (de Marneffe et al. 2008).
import { stemWord } from './porter';
import { contentTokens, nameWords, namesOtherCode, surfaceWords, words, type Stems } from './text';
import type { CompiledSubjects, Words } from './types';

export interface ContradictionLexicon {
  negators: string[];
  antonyms: Array<[string, string]>;
}

export interface CompiledLexicon {
  negatorWords: ReadonlySet<string>;
  negatorPhrases: readonly string[];
  antonymOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** Reversal cues, value slots and subject-neutral words (rules/lexicons/subjects.json). */
  subjects: CompiledSubjects;
  /** The engine's word lists it was compiled with (what a clause claims: words.claims; content words). */
  words: Words;
}

/** The contradiction lexicon compiled with the engine's word lists, beside the subject lexicon compiled with them (subject.ts `compileSubjects`). */
export function compileLexicon(lex: ContradictionLexicon, subjects: CompiledSubjects, words: Words): CompiledLexicon {
  const negatorWords = new Set<string>();
  const negatorPhrases: string[] = [];
  for (const n of lex.negators) {
    if (n.includes(' ')) negatorPhrases.push(n);
    else negatorWords.add(n);
  }
  const antonymOf = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    const s = antonymOf.get(a) ?? new Set<string>();
    s.add(b);
    antonymOf.set(a, s);
  };
  for (const [a, b] of lex.antonyms) {
    link(stemWord(a), stemWord(b));
    link(stemWord(b), stemWord(a));
  }
  return { negatorWords, negatorPhrases, antonymOf, subjects, words };
}

/** The word a stem came from in either statement (the stem itself only if neither has it). */
function said(s: string, ...sources: ReadonlyArray<ReadonlyMap<string, string>>): string {
  for (const m of sources) {
    const w = m.get(s);
    if (w !== undefined) return w;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// One speaker's utterances in ordinary talk. Whole turns share words all the time ("remote",
// "button", "use") and carry a "not" somewhere, so turn-level overlap plus any negation calls
// half of a meeting contradictory. Here the unit is the clause: two clauses must say nearly the
// same thing (most of their content words shared), and the mismatch must sit in that shared
// part — the same predicate negated, one word swapped for its opposite, or a different number
// for the same unit — while everything else stays the same. What only looks negating, the
// fillers, what makes a clause no claim and where clauses split are the lists of
// rules/lexicons/claims.json, compiled with the engine (words.ts) and held by the lexicon.

export interface ClauseClaim {
  /** Stem → the word as written (see surfaceWords). */
  surface: ReadonlyMap<string, string>;
  content: ReadonlySet<string>;
  negated: ReadonlySet<string>;
  hasNegator: boolean;
  /** Each number with the word after it (its unit, stemmed), or '' when none follows. */
  numbers: ReadonlyMap<string, string>;
  /** Stems that are part of a unit: a rate marker and the word after it ("per kilo"). */
  rate: ReadonlySet<string>;
  /** Stems of the names the message gives ("Hafenröstung", "Weber"). */
  names: ReadonlySet<string>;
}

/** Whether a lowercased clause carries a negator of the lexicon ("not", "never", "kein", a "n't"). */
export function negates(lex: CompiledLexicon, lower: string): boolean {
  if (lex.negatorPhrases.some((n) => lower.includes(n))) return true;
  return lower.split(/[^\p{L}']+/u).some((w) => lex.negatorWords.has(w) || w.endsWith("n't"));
}

/** The clauses of a message that make a plain claim, with at least two content words. */
export function clauseClaims(text: string, lex: CompiledLexicon, stems: Stems): ClauseClaim[] {
  const claims = lex.words.claims;
  const surface = surfaceWords(text, stems);
  // (Names tell two priced things apart; a message without a number needs none.)
  const names: ReadonlySet<string> = /\d/.test(text) ? new Set(nameWords(text).flatMap((w) => contentTokens(w, stems))) : new Set<string>();
  const lower = text.toLowerCase().replace(/\{[^}]*\}/g, ' ').replace(/[\u2018\u2019]/g, "'");
  const out: ClauseClaim[] = [];
  for (let raw of lower.split(claims.clauseSplit)) {
    if (!raw || claims.notAClaim.test(raw)) continue;
    raw = raw.replace(claims.leadingAnswer, ' ');
    for (const h of claims.nonNegating) if (raw.includes(h)) raw = raw.split(h).join(' ');
    for (const p of lex.negatorPhrases) if (raw.includes(p)) raw = raw.split(p).join(' not ');
    const ws = wordsKeepingDecimals(raw);
    if (ws.length < 2 || ws.length > 40) continue;
    const content = new Set<string>();
    const negated = new Set<string>();
    const numbers = new Map<string, string>();
    const rate = new Set<string>();
    let hasNegator = false;
    // A negator governs the first word after it that is not a function word ("not gonna have a
    // remote" → remote); if that word is a filler, nothing is negated.
    let scope = false;
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i];
      if (lex.negatorWords.has(w) || w.endsWith("n't")) {
        hasNegator = true;
        scope = true;
        continue;
      }
      if (/^\d+(?:[.,]\d+)?$/.test(w)) {
        const next = ws[i + 1];
        numbers.set(w, next && !/^\d/.test(next) ? stems.of(next) : '');
      }
      if (claims.rateMarkers.has(w)) {
        for (const x of [w, ws[i + 1] ?? '']) for (const s of contentTokens(x, stems)) rate.add(s);
      }
      const t = contentTokens(w, stems)[0];
      if (t === undefined) continue;
      const filler = claims.fillers.has(w) || (w.includes("'") && !w.endsWith("'s"));
      if (!filler) {
        content.add(t);
        if (scope) negated.add(t);
      }
      scope = false;
    }
    if (content.size >= 2) out.push({ surface, content, negated, hasNegator, numbers, rate, names });
  }
  return out;
}

/** The words of a clause, with a decimal number ("0.12", "4,80") as one word: its digits are one value. */
function wordsKeepingDecimals(text: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(DECIMAL)) {
    out.push(...words(text.slice(last, m.index)), m[0]);
    last = m.index! + m[0].length;
  }
  out.push(...words(text.slice(last)));
  return out;
}
const DECIMAL = /\d+(?:[.,]\d+)+/g;

/**
 * Whether two clauses with numbers speak of one thing: past their numbers and units ("per kilo"),
 * they share a word, and they do not each name something the other does not ("The Hafenröstung is
 * 24 euros per kilo." and "The Ethiopia is 31 euros per kilo." price two coffees, as "the house
 * blend" and "the single origin" do; "The deposit is 200 euros." and "The deposit for the hall is
 * 150 euros." price one deposit, as "for the Weber quote, translation costs 0.12 euros per word"
 * and "our translation rate is 0.14 euros per word" price one translation).
 */
function sameThingCounted(a: ClauseClaim, b: ClauseClaim): boolean {
  const skip = new Set<string>();
  for (const claim of [a, b]) {
    for (const [n, unit] of claim.numbers) skip.add(n).add(unit);
    for (const r of claim.rate) skip.add(r);
  }
  const subject = (t: string) => !skip.has(t) && !/^\d/.test(t);
  const onlyA = [...a.content].filter((t) => subject(t) && !b.content.has(t));
  const onlyB = [...b.content].filter((t) => subject(t) && !a.content.has(t));
  const shared = [...a.content].filter((t) => subject(t) && b.content.has(t)).length;
  const eachNames = onlyA.some((t) => a.names.has(t)) && onlyB.some((t) => b.names.has(t));
  return shared >= 1 && !eachNames && !(onlyA.length >= 2 && onlyB.length >= 2);
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>, skip: ReadonlySet<string> = new Set()): { shared: number; jaccard: number } {
  let shared = 0;
  let union = 0;
  for (const t of a) if (!skip.has(t)) { union++; if (b.has(t)) shared++; }
  for (const t of b) if (!skip.has(t) && !a.has(t)) union++;
  return { shared, jaccard: union ? shared / union : 0 };
}

/** Two clauses close enough in wording to be about the same thing. */
function closeEnough(o: { shared: number; jaccard: number }): boolean {
  return (o.shared >= 3 && o.jaccard >= 0.5) || (o.shared >= 2 && o.jaccard >= 0.66);
}

/** Why two clauses by one speaker conflict, or null. */
export function clauseConflict(a: ClauseClaim, b: ClauseClaim, lex: CompiledLexicon): string | null {
  // (Two codes of one kind are two things: "P2 tickets are paged" says nothing of P3 tickets.)
  if (namesOtherCode(a.content, b.content)) return null;
  const all = overlap(a.content, b.content);
  if (all.shared >= 2 && all.jaccard >= 0.5 && a.hasNegator !== b.hasNegator) {
    for (const s of a.content) {
      if (b.content.has(s) && a.negated.has(s) !== b.negated.has(s) && closeEnough(all)) return `one statement negates "${said(s, a.surface, b.surface)}", the other asserts it`;
    }
  }
  for (const s of a.content) {
    const opposite = lex.antonymOf.get(s);
    if (!opposite || b.content.has(s)) continue;
    for (const o of opposite) {
      if (!b.content.has(o) || a.content.has(o)) continue;
      if (a.negated.has(s) !== b.negated.has(o)) continue;
      const rest = overlap(a.content, b.content, new Set([s, o]));
      if (rest.shared >= 2 && rest.jaccard >= 0.5) return `opposite terms: "${said(s, a.surface)}" vs "${said(o, b.surface)}"`;
    }
  }
  if (a.numbers.size > 0 && b.numbers.size > 0 && all.shared >= 3 && all.jaccard >= 0.4 && sameThingCounted(a, b)) {
    for (const [x, unitA] of a.numbers) {
      if (b.numbers.has(x)) return null;
      for (const [y, unitB] of b.numbers) {
        if (a.numbers.has(y) || unitA === '' || unitA !== unitB) continue;
        return `different values: ${x} vs ${y} ${said(unitA, b.surface, a.surface)}`;
      }
    }
  }
  return null;
}

/** The first conflict between any clause of `a` and any clause of `b`. */
export function utteranceConflict(a: readonly ClauseClaim[], b: readonly ClauseClaim[], lex: CompiledLexicon): string | null {
  for (const x of a) for (const y of b) {
    const reason = clauseConflict(x, y, lex);
    if (reason) return reason;
  }
  return null;
}
