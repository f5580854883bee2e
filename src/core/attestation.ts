// Which writers' discussions contain a phrase of the lists. The phrase lists were written by
// reading discussions, so a phrase that only one writer's discussions contain is most likely there
// because of that writer: fitted on that writer's clauses with the phrase in place, a model learns
// that a cue is almost always present, which it is not for a writer the lists were never read
// against. Training reads each writer's clauses without the phrases that writer alone says.

import { compilePhrases } from './phrases';
import { normalForm } from './sentenceActs';

/**
 * The one writer whose texts contain each phrase, for the phrases exactly one writer's texts
 * contain: the phrase's regex as the engine compiles it (lowercased, typographic marks folded,
 * whole words, "..." a few words) found anywhere in a text. Where a list asks more (a phrase that
 * must open a sentence, a message from a person), a phrase can be in two writers' texts and fire
 * for one only; it counts for both, so that fewer phrases are left out, not more. A phrase no text
 * contains, or two writers' texts do, is left out of the map.
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
