// Small text helpers shared by the stages: words, content words, sentences. Words are compared by
// their stems, from the stemmer the caller passes (a `Stems`: porter.ts `PorterStems`).
import { createHash } from 'node:crypto';

/**
 * Which lowercased words are never content words: the engine's stopwords (the English, German,
 * Spanish and conversational ones of rules/lexicons/stopwords.json, and the markers transcripts write for
 * non-speech events), as its compiled word lists (words.ts) and every Stems made from them hold them.
 */
export interface ContentWords {
  readonly stopwords: ReadonlySet<string>;
}

/** Folds typographic quotes and dashes to ASCII so phrase rules match either spelling. */
export function foldPunctuation(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc\u2032`]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00a0/g, ' ');
}

// Letters and digits of the scripts in common use, as an explicit class: the unicode-mode
// /\p{L}/u equivalent is several times slower in V8, and tokenizing is on every hot path.
const LETTER = 'A-Za-z0-9\\u00aa\\u00b5\\u00ba\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u02ff\\u0370-\\u03ff\\u0400-\\u052f\\u0531-\\u058f\\u05d0-\\u05ea\\u0620-\\u06ff\\u0900-\\u0dff\\u0e00-\\u0e7f\\u1100-\\u11ff\\u1e00-\\u1fff\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af';
const WORD_RE = new RegExp(`[${LETTER}]+(?:['-][${LETTER}]+)*`, 'g');
// A word alone in braces or brackets is a transcript's marker of a non-speech event ("{pause}",
// "[laughter]", transcript-markers.json), not a word anybody said: "pause" said is a word ("pause
// the rollout"). This pattern takes a marker whole, so that its word is not read, and the readers
// below drop it; a brace beside words ("{retries: 3}") marks nothing, nor does a link's text
// ("[runbook](…)"). Only a text with a brace or a bracket is read with it: tokenizing is on every
// hot path, and the plain pattern is the faster.
const MARKED_WORD_RE = new RegExp(`\\{[${LETTER}]+\\}|\\[[${LETTER}]+\\](?!\\()|[${LETTER}]+(?:['-][${LETTER}]+)*`, 'g');
const isMarker = (token: string) => token.startsWith('{') || token.startsWith('[');
const mayMark = (text: string) => text.includes('{') || text.includes('[');

/** Word count as used by the importance formula (a message's own count is in its MessageAnalysis). */
export function wordCount(text: string): number {
  let n = 0;
  const re = mayMark(text) ? MARKED_WORD_RE : WORD_RE;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) if (!isMarker(m[0])) n++;
  return n;
}

export function words(text: string): string[] {
  const lower = text.toLowerCase();
  return mayMark(lower) ? (lower.match(MARKED_WORD_RE) ?? []).filter((w) => !isMarker(w)) : (lower.match(WORD_RE) ?? []);
}

/** A statement by its words: the same words are the same statement (a decision's fingerprint, a repeat in one task). */
export function normalizeStatement(statement: string): string {
  return words(statement).join(' ');
}

/**
 * The stem of each word, and the words that are never content words: what the helpers below
 * tokenize with. The pipeline makes one per task's analysis or merge (porter.ts `PorterStems`,
 * which remembers the stems it gave) and passes it down.
 */
export interface Stems extends ContentWords {
  of(word: string): string;
}

/** A lowercased word that carries content: not a stopword, not a single letter. */
export function isContentWord(w: string, content: ContentWords): boolean {
  return w.length >= 2 && !content.stopwords.has(w);
}

/**
 * Stemmed content tokens: lowercased words without stopwords or one-letter tokens. A word written
 * with or without its hyphen is one word ("check-out" and "checkout", "e-mail" and "email").
 */
export function contentToken(w: string, stems: Stems): string | null {
  return isContentWord(w, stems) ? stems.of(w.replace(/'s$/, '').replace(/(?<=\p{L})-(?=\p{L})/gu, '')) : null;
}

/** How many content tokens a text has: `contentTokens(text, stems).length`, without stemming them. */
export function contentWordCount(text: string, content: ContentWords): number {
  let n = 0;
  for (const w of words(text)) if (isContentWord(w, content)) n++;
  return n;
}

/** Stemmed content tokens of a text (a whole message's are in its MessageAnalysis). */
export function contentTokens(text: string, stems: Stems): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    const t = contentToken(w, stems);
    if (t !== null) out.push(t);
  }
  return out;
}

/**
 * Each stem (and content token) of a text mapped to the word as the person wrote it, first
 * occurrence first, so that a message can quote a statement's own words back: "Redis", never the
 * stem "redi".
 */
export function surfaceWords(text: string, stems: Stems): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.replace(/[\u2018\u2019]/g, "'").matchAll(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu)) {
    for (const w of words(m[0])) {
      const forms = [w, stems.of(w), contentToken(w, stems) ?? undefined];
      for (const f of forms) if (f !== undefined && !out.has(f)) out.set(f, w === m[0].toLowerCase() ? m[0] : w);
    }
  }
  return out;
}

export interface Span {
  start: number;
  end: number;
  text: string;
}

/** Words that look like a task id (a letter, then letters, digits, '_' or '-' with a digit among them: "T604", "ops-12"). */
export function taskIdsIn(text: string): string[] {
  return text.match(/[A-Za-z][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*/g) ?? [];
}

/** Sentence spans: split after . ! ? ; or a newline, keeping offsets into the original text. */
export function sentences(text: string): Span[] {
  const out: Span[] = [];
  const re = /[^.!?\n]+(?:[.!?]+|\n|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    // Abbreviation-like splits ("e.g.", "v1.2") leave tiny fragments; glue them to the previous one.
    if (out.length > 0 && trimmed.length > 0 && trimmed.length < 3) {
      const prev = out[out.length - 1];
      prev.end = m.index + lead + trimmed.length;
      prev.text = text.slice(prev.start, prev.end);
      continue;
    }
    if (trimmed.length === 0) continue;
    out.push({ start: m.index + lead, end: m.index + lead + trimmed.length, text: trimmed });
  }
  return out;
}

// A run of capitalised words: a person, place or firm ("Lotte Berg", "Hans-Jürgen Haller"; in
// German, any noun). Not after a letter, a digit or an apostrophe ("'Ferries at night'" quotes).
const NAME_RUN = /(?<![\p{L}\p{N}'’])\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)*/gu;
const TEXT_LEAD = /^[^\p{L}\p{N}]*/u;

/**
 * The words of a text's names, as written: its runs of capitalised words, but a single one that
 * opens the text (any sentence opens so: "Jonas stays on layout" may be a name or not, "Lotte Berg
 * does our catering" is one).
 */
export function nameWords(text: string): string[] {
  const out: string[] = [];
  const lead = TEXT_LEAD.exec(text)![0].length;
  for (const m of text.matchAll(NAME_RUN)) {
    const run = m[0].split(/[ -]/);
    if (m.index === lead && run.length === 1) continue;
    out.push(...run);
  }
  return out;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const QUOTE_CLOSES: Readonly<Record<string, RegExp>> = {
  "'": /'(?![\p{L}])/u,
  '"': /"/u,
  '‘': /’(?![\p{L}])/u,
  '“': /”/u,
  '„': /[“”]/u,
};

/** The marks that open a quotation. */
export const OPENING_QUOTE = /['"‘“„]/u;

/** A text that ends a sentence, with the quotes or brackets that close on its stop ("… size up.'"). */
export function endsSentence(text: string): boolean {
  return /[.!?…]['"’”)\]]*$/u.test(text.trim());
}

/**
 * Where the quote opened at `open` closes in `text` (the index of its closing mark), or -1; -1 too
 * when `open` holds no opening quote. A straight single quote before a letter is an apostrophe;
 * after an "s" it may be one too ("the members' lounge"), which callers that need the whole
 * quote check by what follows it.
 */
export function closingQuote(text: string, open: number): number {
  const close = QUOTE_CLOSES[text.charAt(open)];
  if (!close) return -1;
  const hit = close.exec(text.slice(open + 1));
  return hit ? open + 1 + hit.index : -1;
}

/** The spans of `text` inside quotes that open at a word's start and close (start and end offsets, quotes included). */
export function quotedSpans(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  // A mark that found no closing one finds none later either: each kind is searched for at most once in vain.
  const unclosed = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const mark = text.charAt(i);
    if (!OPENING_QUOTE.test(mark) || unclosed.has(mark) || (i > 0 && !/[\s(\[:]/u.test(text.charAt(i - 1)))) continue;
    const close = closingQuote(text, i);
    if (close < 0) {
      unclosed.add(mark);
      continue;
    }
    out.push([i, close + 1]);
    i = close;
  }
  return out;
}

/**
 * The parts of a text between the marks `separator` matches (a global regex), none inside
 * round brackets ("3 replacement fuel holders ($6.50 each, ships in 2 days)" is one part), each
 * trimmed; empty parts are kept, so that a caller can tell "a, , b" from "a, b".
 */
export function partsBetween(text: string, separator: RegExp): string[] {
  const flat = text.replace(/\([^()]*\)/g, (m) => '\u0000'.repeat(m.length));
  const parts: string[] = [];
  let from = 0;
  for (const c of flat.matchAll(separator)) {
    parts.push(text.slice(from, c.index).trim());
    from = c.index! + c[0].length;
  }
  parts.push(text.slice(from).trim());
  return parts;
}

/** The stretches of a text inside round or square brackets, each with its opening and closing mark; a bracket left open, or closed without opening, holds nothing. */
export function bracketSpans(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const mark = text.charAt(i);
    if (mark === '(' || mark === '[') open.push(i);
    else if ((mark === ')' || mark === ']') && open.length > 0) out.push([open.pop()!, i + 1]);
  }
  return out;
}

/**
 * The text with what it quotes blanked out, offsets kept (an apostrophe inside a word, "it's",
 * quotes nothing); with `blank`, only the quotes whose inner text it accepts.
 */
export function outsideQuotes(text: string, blank: (inner: string) => boolean = () => true): string {
  let out = text;
  for (const [from, to] of quotedSpans(text)) if (blank(text.slice(from + 1, to - 1))) out = out.slice(0, from) + ' '.repeat(to - from) + out.slice(to);
  return out;
}

/** A handle or a name of one or two words opening a text ("@order-agent", "Sepp", "Sepp Huber"). */
const ADDRESS = /^\s*(@?)([\p{L}\p{N}][\p{L}\p{N}_.-]*)(?:\s+([\p{L}][\p{L}\p{N}_.-]*))?/u;

/**
 * The text after the name of whom it is said to, when it opens with one ("@order-agent what did
 * they say", "Sepp, how many can you bake"), else the text. `named` says whether a name (lower
 * case) is one of the speakers; an @ makes any handle one. After a comma or colon the rest is said
 * to them; without a mark only a question word (`questionWord`) shows that the name is not the
 * subject of the sentence ("Sepp will bake 480" is about Sepp).
 */
export function afterAddressee(text: string, named: (name: string) => boolean, questionWord: RegExp): string {
  const m = ADDRESS.exec(text);
  if (!m) return text;
  const one = m[0].indexOf(m[2]) + m[2].length;
  const tries: Array<[string, number]> = m[3] && !m[1] ? [[`${m[2]} ${m[3]}`, m[0].length], [m[2], one]] : [[m[2], one]];
  for (const [name, end] of tries) {
    if (!m[1] && !named(name.toLowerCase())) continue;
    const rest = text.slice(end);
    const mark = /^\s*[,:]\s*/.exec(rest);
    if (mark) return rest.slice(mark[0].length);
    if (questionWord.test(rest)) return rest.trimStart();
  }
  return text;
}

/** The fewest letters of a word read as the head of a compound another word ends with ("gebühr" of "Rücksendegebühr"). */
export const COMPOUND_HEAD_MIN = 5;

/** Whether the word `w` names the noun `t`: the same word, or the head of a compound `t` ends with ("Gebühr" names the "Ausfallgebühr"). */
export function namesNoun(w: string, t: string): boolean {
  return w === t || (w.length >= COMPOUND_HEAD_MIN && t.length > w.length && t.endsWith(w));
}

export function isQuestion(text: string): boolean {
  return /\?\s*["')\]]*\s*$/.test(text.trim());
}

/** The last question of a message's sentences, if any. */
export function lastQuestion(sentences: readonly Span[]): Span | undefined {
  for (let k = sentences.length - 1; k >= 0; k--) if (isQuestion(sentences[k].text)) return sentences[k];
  return undefined;
}

/** A code of letters and a number ("P2", "U12", "FV4"); its letters say its kind. */
const CODE = /^(\p{L}+)\d+$/u;

/**
 * Whether two sets of words name different codes of one kind and neither names the other's: "P3
 * first reply within 48h" and "P2 first reply within 4h" are two rules, as "FV1" and "FV4" are two
 * tanks, however many other words they share.
 */
export function namesOtherCode(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const codes = (words: ReadonlySet<string>) => [...words].filter((w) => CODE.test(w));
  const mine = codes(a);
  if (mine.length === 0) return false;
  const theirs = codes(b);
  const kind = (code: string) => CODE.exec(code)![1];
  return theirs.some((t) => mine.some((m) => kind(m) === kind(t))) && !theirs.some((t) => a.has(t)) && !mine.some((m) => b.has(m));
}

/** How many of the words of `a` `b` has too. */
export function sharedCount(a: Iterable<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const inter = sharedCount(a, b);
  return inter / (a.size + b.size - inter);
}

/** Rounds for output: two decimals keep files readable and diffs stable. */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** One line of a message for descriptions, at most `max` characters. */
export function excerpt(text: string, max = 120): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/**
 * The two sides of the either/or question that closes a text, as content tokens: all of what
 * follows its last disjunction, and the last two words before it (back to a mark) that are no numbers ("Should the
 * hold lift automatically after 6 weeks, or only by hand?" → {automat, week} and {hand}):
 * the thing the question is about ("flag") is neither side (with `parallel`, the left side has as
 * many words as the right). Null when the text closes with no
 * question that sets sides against each other (`disjunction`: the lexicon's "or", "oder", "o").
 */
export function eitherOrSides(text: string, disjunction: RegExp, stems: Stems, parallel = false): Array<ReadonlySet<string>> | null {
  const last = text.trim().split(/(?<=[.!?])\s+(?=\S)/u).pop() ?? '';
  if (!last.endsWith('?')) return null;
  const body = last.replace(/\?\s*$/, '');
  const or = [...body.matchAll(new RegExp(disjunction.source, 'giu'))].pop();
  if (or === undefined) return null;
  // (The left side stops at a mark before it: "Delivery window, 2 or 3 days?" sets 2 against 3.)
  const before = body.slice(0, or.index).replace(/[\s,]+$/u, '');
  // (A dash between two numbers is a range, "1500–1600", and no mark.)
  const leftClause = before.slice(before.replace(/(?<=\d)[–—](?=\d)/gu, '-').search(/[^,:;–—(]*$/u));
  const leftAll = contentTokens(leftClause, stems);
  const rightText = body.slice(or.index! + or[0].length);
  const right = new Set(contentTokens(rightText, stems));
  // (`parallel`: as many words as the right side has, numbers counted, so that "Backups nightly or
  // weekly?" sets "nightly" against "weekly" and leaves "Backups" to be what it is about.)
  const left = parallel ? leftAll.slice(-Math.max(1, right.size)) : leftAll.filter((t) => !/^\d/.test(t)).slice(-2);
  // (Two steps set against each other, "Convert his slot to a dual lesson, or cancel it?": where
  // the right side is a clause that opens with a word of content, the left clause's first word is
  // the left side's too; "Invoices by post or email?" sets two words against each other.)
  const opening = parallel ? null : openingContent(leftClause, stems);
  const rightOpening = openingContent(rightText, stems);
  if (opening !== null && rightOpening !== null && (rightText.match(/[\p{L}\p{N}]+/gu) ?? []).length >= 2) left.push(opening);
  return [new Set(left.filter((t) => !/^\d/.test(t))), right];
}

/** The content token of a text's first word, or null when that word is a function word or a number. */
function openingContent(text: string, stems: Stems): string | null {
  const first = /^[^\p{L}\p{N}]*([\p{L}\p{N}][\p{L}\p{N}'’-]*)/u.exec(text)?.[1];
  return first === undefined || /^\d/.test(first) ? null : contentToken(first, stems);
}

/** A person's name as it may be written into a sentence (capitalised), or null for a handle ("kim@example.com", "ops_lead"). */
export function writableName(author: string): string | null {
  const a = author.trim();
  if (!/^\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*)?$/u.test(a)) return null;
  return /^\p{Ll}[\p{Ll}-]*$/u.test(a) ? a.charAt(0).toUpperCase() + a.slice(1) : a;
}

/**
 * A statement without the name of its speaker that opens it ("Felix: 27. April geht." → "27. April
 * geht."): who said it is not what it is about.
 */
export function withoutSpeakerName(statement: string, author: string): string {
  const name = writableName(author);
  return name !== null && statement.startsWith(`${name}: `) ? statement.slice(name.length + 2) : statement;
}
