// Words as a person wrote them, keyed by every form the stages compare (the word, its stem, its
// content token), so that a message can quote a statement's own words back.
import { contentToken, stem, words, type Stems } from './text';

/**
 * Each stem (and content token) of a text mapped to the word as the person wrote it, first
 * occurrence first: messages quote "Redis", never the stem "redi".
 */
export function surfaceWords(text: string, stems: Stems): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.replace(/[\u2018\u2019]/g, "'").matchAll(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu)) {
    for (const w of words(m[0])) {
      const forms = [w, stem(w, stems), contentToken(w, stems) ?? undefined];
      for (const f of forms) if (f !== undefined && !out.has(f)) out.set(f, w === m[0].toLowerCase() ? m[0] : w);
    }
  }
  return out;
}
