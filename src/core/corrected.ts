// What a person's correction corrects: the part of the corrected message (usually the agent's)
// that the correcting message is about. A correction is kept with the wrong fact so that a later
// text giving it again is caught; an agent's message runs to many sentences, and the wrong fact is
// often far from its opening ("… with Aylin Demir as your technical mentor." in a long draft).
import { contentTokens, excerpt, nameWords, type Span, type Stems } from './text';

/** Longest kept text of what a correction corrects (the format's excerpt length). */
export const CORRECTED_MAX_CHARS = 200;

/**
 * The sentences of the corrected message that share most with the correcting message, in order,
 * as one excerpt; the message's opening when none shares a word. A word shared as part of a name
 * ("the Kulturforum") weighs double: a person correcting a fact names what was wrong more often
 * than they repeat its other words. The names the correction itself states ("It's the Alte
 * Druckerei.") are the right fact: the agent's message may list it among the options it passed
 * over, and that sentence is not the wrong one.
 */
export function correctedPart(corrected: string, sentences: readonly Span[], correcting: string, statement: string, stems: Stems): string {
  const said = new Set(contentTokens(correcting, stems));
  const right = new Set(nameWords(statement).flatMap((w) => contentTokens(w, stems)));
  let best = 0;
  const scores = sentences.map((s) => {
    const names = new Set(nameWords(s.text).flatMap((w) => contentTokens(w, stems)));
    let score = 0;
    for (const t of new Set(contentTokens(s.text, stems))) if (said.has(t) && !right.has(t)) score += names.has(t) ? 2 : 1;
    best = Math.max(best, score);
    return score;
  });
  if (best === 0) return excerpt(corrected, CORRECTED_MAX_CHARS);
  return excerpt(sentences.filter((_, k) => scores[k] === best).map((s) => s.text).join(' '), CORRECTED_MAX_CHARS);
}
