// Do two statements on the same subject conflict? First establish that the subject is shared
// (overlapping content words), then look for a mismatch: polarity (one negated, one not),
// an antonym swap, or a different number for the same thing (de Marneffe et al. 2008).
import { contentTokens, jaccard, stem, words } from './text';

export interface ContradictionLexicon {
  negators: string[];
  antonyms: Array<[string, string]>;
}

export interface CompiledLexicon {
  negatorWords: ReadonlySet<string>;
  negatorPhrases: readonly string[];
  antonymOf: ReadonlyMap<string, ReadonlySet<string>>;
}

export function compileLexicon(lex: ContradictionLexicon): CompiledLexicon {
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
    link(stem(a), stem(b));
    link(stem(b), stem(a));
  }
  return { negatorWords, negatorPhrases, antonymOf };
}

export interface Claim {
  subject: ReadonlySet<string>;
  allStems: ReadonlySet<string>;
  /** Content stems inside the scope of a negator ("not Telegram", "never post results"). */
  negatedStems: ReadonlySet<string>;
  numbers: ReadonlySet<string>;
}

/** How many words after a negator it governs, up to the end of the clause. */
const NEGATION_SCOPE = 4;

export function claimOf(text: string, lex: CompiledLexicon): Claim {
  let lower = text.toLowerCase();
  for (const p of lex.negatorPhrases) lower = lower.split(p).join(' not ');
  const subject = new Set(contentTokens(lower));
  const negatedStems = new Set<string>();
  for (const clause of lower.split(/[.,;:!?()\n]|\b(?:but|and|while|whereas|although|though)\b/)) {
    const ws = words(clause);
    for (let i = 0; i < ws.length; i++) {
      if (!(lex.negatorWords.has(ws[i]) || ws[i].endsWith("n't"))) continue;
      for (const w of ws.slice(i + 1, i + 1 + NEGATION_SCOPE)) {
        const s = stem(w);
        if (subject.has(s)) negatedStems.add(s);
      }
    }
  }
  return {
    subject,
    allStems: new Set(words(lower).map(stem)),
    negatedStems,
    numbers: new Set(lower.match(/\d+(?:[.,]\d+)?/g) ?? []),
  };
}

export interface ConflictOptions {
  /** Shared content words needed to call it the same subject. */
  minShared: number;
  minJaccard: number;
}

export const DEFAULT_CONFLICT_OPTIONS: ConflictOptions = { minShared: 2, minJaccard: 0.15 };

export function sameSubject(a: Claim, b: Claim, options: ConflictOptions = DEFAULT_CONFLICT_OPTIONS): boolean {
  let shared = 0;
  for (const t of a.subject) if (b.subject.has(t)) shared++;
  return shared >= options.minShared && jaccard(a.subject, b.subject) >= options.minJaccard;
}

/** Why `a` and `b` conflict, or null. Assumes nothing about order. */
export function conflictReason(
  a: Claim,
  b: Claim,
  lex: CompiledLexicon,
  options: ConflictOptions = DEFAULT_CONFLICT_OPTIONS,
): string | null {
  if (!sameSubject(a, b, options)) return null;
  for (const s of a.subject) {
    if (!b.subject.has(s)) continue;
    if (a.negatedStems.has(s) !== b.negatedStems.has(s)) return `one statement negates "${s}", the other asserts it`;
  }
  for (const s of a.allStems) {
    const opposite = lex.antonymOf.get(s);
    if (!opposite) continue;
    for (const o of opposite) {
      if (b.allStems.has(o) && !b.allStems.has(s) && !a.allStems.has(o)) return `opposite terms: "${s}" vs "${o}"`;
    }
  }
  if (a.numbers.size > 0 && b.numbers.size > 0) {
    let common = false;
    for (const x of a.numbers) if (b.numbers.has(x)) common = true;
    if (!common) return `different values: ${[...a.numbers].join(', ')} vs ${[...b.numbers].join(', ')}`;
  }
  return null;
}
