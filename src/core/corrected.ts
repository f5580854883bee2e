// What a person's correction corrects: the claims of the corrected message (usually the agent's)
// that the correction is about. A correction is kept with the wrong fact so that a later text
// giving it again is caught; an agent's message runs to many sentences, and the wrong fact is
// often far from its opening ("… with Jan Okafor as your site lead." in a long draft).
import { writtenNumbers } from './measures';
import { contentTokens, excerpt, jaccard, nameWords, sharedCount, type Span, type Stems } from './text';

/** Longest kept text of what a correction corrects (the format's excerpt length). */
export const CORRECTED_MAX_CHARS = 200;

/** A claim of the corrected message, with its content tokens and the tokens of its names. */
interface Claim {
  text: string;
  tokens: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

/** The corrected message read once for all the corrections that answer it. */
export interface CorrectedMessage {
  claims: readonly Claim[];
  /** What is kept when no claim shares a word with the correction: the message's opening. */
  opening: string;
}

export function correctedMessage(text: string, sentences: readonly Span[], claimSplit: RegExp, stems: Stems): CorrectedMessage {
  const claims: Claim[] = [];
  for (const s of sentences) {
    for (const raw of s.text.split(claimSplit)) {
      const claim = raw.trim();
      if (claim.length === 0) continue;
      claims.push({ text: claim, tokens: new Set(contentTokens(claim, stems)), names: new Set(nameWords(claim).flatMap((w) => contentTokens(w, stems))) });
    }
  }
  return { claims, opening: excerpt(text, CORRECTED_MAX_CHARS) };
}

/** The correcting message's sentences as token sets, read once for all its corrections. */
export function correctingMessage(sentences: readonly Span[], stems: Stems): ReadonlyArray<ReadonlySet<string>> {
  return sentences.map((s) => new Set(contentTokens(s.text, stems)));
}

/**
 * The claims of the corrected message that share most with the correction, in order, as one
 * excerpt; the message's opening when none shares a word. The correcting message's words weigh
 * by how near they stand to the correction's own sentence (a message may correct two things:
 * "It's the Old Mill. … Catering comes from Kuchenwerk, not Brot und Salz."), and a word shared
 * as part of a name ("the Glasshouse") weighs double: a person correcting a fact names what was
 * wrong more often than they repeat its other words. `right` (stems) are the names the correction
 * states as the right fact: the agent's message may list it among the options it passed over,
 * and that claim is not the wrong one.
 */
export function correctedPart(corrected: CorrectedMessage, correcting: ReadonlyArray<ReadonlySet<string>>, statement: string, right: ReadonlySet<string>, stems: Stems): string {
  const weight = nearnessWeights(correcting, new Set(contentTokens(statement, stems)));
  let best = 0;
  const scores = corrected.claims.map((c) => {
    let score = 0;
    for (const t of c.tokens) if (!right.has(t)) score += (weight.get(t) ?? 0) * (c.names.has(t) ? 2 : 1);
    best = Math.max(best, score);
    return score;
  });
  if (best === 0) return corrected.opening;
  // (Claims are joined so that they read as claims again: one cut from its sentence's next claim ends with "; ".)
  const kept = corrected.claims.filter((_, k) => scores[k] === best).map((c) => c.text);
  return excerpt(kept.map((t, k) => (k === kept.length - 1 || /[.!?;:'"’”)\]]$/.test(t) ? t : `${t};`)).join(' '), CORRECTED_MAX_CHARS);
}

/**
 * Nearness weights of the words of the correcting message: 9 in the statement's sentence, 3 in the
 * next or previous one, 1 further away (a word a sentence nearer the statement shares outweighs
 * a few from a sentence about something else).
 */
function nearnessWeights(correcting: ReadonlyArray<ReadonlySet<string>>, statement: ReadonlySet<string>): Map<string, number> {
  let at = 0;
  let most = -1;
  correcting.forEach((tokens, k) => {
    const shared = sharedCount(statement, tokens);
    if (shared > most) [at, most] = [k, shared];
  });
  const weight = new Map<string, number>();
  correcting.forEach((tokens, k) => {
    const w = 3 ** Math.max(0, 2 - Math.abs(k - at));
    for (const t of tokens) weight.set(t, Math.max(weight.get(t) ?? 0, w));
  });
  return weight;
}

/** Where a text is cut into the parts read for a corrected fact said again: a line, or a sentence's end before a space. */
const SAID_PART = /\n+|(?<=[.!?])\s+/u;


/** A text read for the words and numbers it says, whole and part by part (see SAID_PART). */
export interface SaidWords {
  tokens: ReadonlySet<string>;
  numbers: ReadonlySet<string>;
  /** Its lines and sentences, when it has more than one. */
  parts: ReadonlyArray<{ tokens: ReadonlySet<string>; numbers: ReadonlySet<string> }>;
}

/** Reads a text once for wrongWordsSaidAgain, however many corrections it is held against. */
export function saidWords(text: string, stems: Stems): SaidWords {
  const split = text.split(SAID_PART);
  const parts = split.length < 2 ? [] : split.map((part) => ({ tokens: new Set(contentTokens(part, stems)), numbers: writtenNumbers(part) }));
  return { tokens: new Set(contentTokens(text, stems)), numbers: writtenNumbers(text), parts };
}

/**
 * Whether a text says a corrected fact again in the words it was said in: it shares two words or
 * more with what the correction corrected (`wrong`), at least 0.3 of their words together, and
 * reads less like the correction (`right`) itself (under 0.6 of theirs together). A text of more
 * than one line or sentence is also read part by part (the wrong fact comes back as one line of a
 * runbook, which the other lines dilute), and a part counts only where it also gives a number the
 * wrong text gave and the correction did not: which of the wrong text's words were wrong, the
 * words alone do not say (the dishes of a menu whose vegetarian count was corrected).
 */
export function wrongWordsSaidAgain(wrong: SaidWords, right: SaidWords, text: SaidWords): boolean {
  const says = (tokens: ReadonlySet<string>) => sharedCount(tokens, wrong.tokens) >= 2 && jaccard(tokens, wrong.tokens) >= 0.3 && jaccard(tokens, right.tokens) < 0.6;
  if (says(text.tokens)) return true;
  const dropped = [...wrong.numbers].filter((n) => !right.numbers.has(n));
  return dropped.length > 0 && text.parts.some((part) => dropped.some((n) => part.numbers.has(n)) && says(part.tokens));
}
