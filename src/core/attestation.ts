// Which writers' discussions attest a cue phrase. The cue lists were written by reading
// discussions, so a phrase that only one writer's discussions contain is most likely there because
// of that writer: fitted on that writer's clauses with the phrase in place, a model learns that a
// cue is almost always present, which it is not for a writer the lists were never read against.
// Training reads each writer's clauses without the phrases that writer alone attests.

import { compilePhrases } from './phrases';
import { normalForm } from './sentenceActs';

/**
 * The one writer whose texts contain each phrase, for the phrases exactly one writer's texts
 * contain (matched as the engine matches a cue: lowercased, typographic marks folded, whole words).
 * A phrase no text contains, or two writers' texts do, is left out.
 */
export function soleWriters(phrases: readonly string[], textsByWriter: ReadonlyMap<string, readonly string[]>): Map<string, string> {
  const folded = [...textsByWriter].map(([writer, texts]) => [writer, texts.map(normalForm)] as const);
  const out = new Map<string, string>();
  for (const phrase of new Set(phrases)) {
    const re = compilePhrases([phrase]);
    const attesting = folded.filter(([, texts]) => texts.some((t) => t.search(re) >= 0)).map(([writer]) => writer);
    if (attesting.length === 1) out.set(phrase, attesting[0]);
  }
  return out;
}
