// Text-level helpers of the decide stage: which words of a message are its statement, what follows
// a cue ("instead of …", "because …"), the options a message puts forward, and whether a cue
// names a task at all. The words they read are the engine's (statement-words.json, compiled in
// words.ts), passed in or held by the compiled statement lexicon.
import { findAct, normalForm, type CompiledStatementLexicon } from './sentenceActs';
import { contentTokens, contentWordCount, sentences, wordCount, type Stems } from './text';
import type { Detection, Words } from './types';

/** The sentence that carries a cue, without leading fillers; a bare verdict borrows the next sentence. */
export function statementAt(words: Words, text: string, offset: number): string {
  const verdict = words.statements.leadingVerdict;
  const ss = sentences(text);
  if (ss.length === 0) return text.trim();
  let k = ss.findIndex((s) => offset >= s.start && offset < s.end);
  if (k < 0) k = 0;
  let out = ss[k].text.replace(verdict, '').trim();
  // "No, that's wrong." says that something is wrong, not what is right: the fact follows.
  if (wordCount(out) < 4 && k + 1 < ss.length) out = ss[k + 1].text.replace(verdict, '').trim();
  const ws = out.split(/\s+/);
  if (ws.length > 60) out = `${ws.slice(0, 60).join(' ')}…`;
  return out.length > 0 ? out[0].toUpperCase() + out.slice(1) : out;
}

/** The clause after each match of a cue, up to a sentence end or a comma and a conjunction, at most `maxWords` words. */
export function clauseAfter(words: Words, text: string, cue: RegExp, maxWords: number): string[] {
  const out: string[] = [];
  cue.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = cue.exec(text)) !== null) {
    const rest = text.slice(m.index + m[0].length).split(words.statements.clauseEnd)[0].trim();
    const ws = rest.split(/\s+/).filter(Boolean).slice(0, maxWords);
    if (ws.length > 0) out.push(ws.join(' ').replace(/[,:]$/, ''));
  }
  return out;
}


/** An option's name: without what the sentence goes on to say about it and the words leading into it. */
function cleanOption(words: Words, raw: string): string | null {
  const { optionEnd, optionLead } = words.statements;
  let o = raw.trim().replace(optionEnd, '').replace(/[,:]+$/, '');
  for (let k = 0; k < 3 && optionLead.test(o); k++) o = o.replace(optionLead, '');
  const ws = o.split(/\s+/).filter(Boolean);
  if (ws.length === 0 || ws.length > 6 || contentWordCount(o, words) === 0) return null;
  return ws.join(' ');
}

// An item marker inside a sentence, with its key: "(a) …", "(2) …".
const INLINE_MARK = /(?:\(([a-h]|[0-9]{1,2})\)|(?<=^|[\s:;,])([a-h]|[0-9]{1,2})\))\s+/gi;

/** A sentence listing two or more lettered or numbered points inline: what comes before the first, and each item by its key. */
export function inlineList(lex: CompiledStatementLexicon, sentence: string): { intro: string; items: Array<{ key: string; text: string }> } | null {
  const marks = [...sentence.matchAll(INLINE_MARK)];
  if (marks.length < 2) return null;
  const keyOf = (m: RegExpMatchArray) => (m[1] ?? m[2]).toLowerCase();
  // Keys with a closing bracket only ("A) …; B) …") count from the first key on, so that "see 2)
  // above" is no list; keys in brackets may skip ("(a) …, and (c) …" continues a list).
  const counted = marks.every((m, k) => keyOf(m) === String.fromCharCode(keyOf(marks[0]).charCodeAt(0) + k)) && /^[a1]$/.test(keyOf(marks[0]));
  if (marks.some((m) => m[2] !== undefined) && !counted) return null;
  const items = marks.map((m, k) => ({ key: keyOf(m), text: withoutJoiner(lex, sentence.slice(m.index! + m[0].length, k + 1 < marks.length ? marks[k + 1].index! : sentence.length)) }));
  return { intro: sentence.slice(0, marks[0].index!), items };
}

/** ", and" / ", or" joining an item to the next belongs to neither. */
function withoutJoiner(lex: CompiledStatementLexicon, part: string): string {
  return part.replace(/[\s,;]+$/, '').replace(/[\s,;]+\S+$/, (tail) => {
    const word = normalForm(tail.replace(/^[\s,;]+/, ''));
    return findAct(lex, 'connective', word) || lex.words.statements.itemJoiner.test(word) ? '' : tail;
  });
}

/**
 * The option lists a message puts forward, in order, each list's options together: what a choice
 * among them was made against is the rest of the same list. A single option put forward ("how
 * about A") is a list of one.
 */
export function optionListsIn(lex: CompiledStatementLexicon, raw: string): string[][] {
  const out: string[][] = [];
  // A list with item marks ("(a) …, (b) …", "A) …; B) …") is read by its marks: each item's name
  // is its text up to its first comma, colon or semicolon.
  let text = raw;
  for (const s of sentences(raw)) {
    const marked = inlineList(lex, s.text);
    if (!marked) continue;
    const list = marked.items.map((x) => x.text.split(/[,:;]\s|\s[-–—]\s/)[0].replace(/[\s.!?]+$/, '').trim()).filter((o) => o.length > 0 && wordCount(o) <= 12 && contentWordCount(o, lex.words) > 0);
    if (list.length > 0) out.push(list);
    text = text.replace(s.text, ' ');
  }
  const { orIdiom, optionList, optionOne } = lex.words.statements;
  text = text.replace(orIdiom, ' ');
  optionList.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = optionList.exec(text)) !== null) {
    const parts = optionParts(m[1], lex.words.statements.optionSeparator);
    if (parts.length < 2) continue;
    const list = parts.map((p) => cleanOption(lex.words, p)).filter((o): o is string => o !== null);
    if (list.length > 0) out.push(list);
  }
  optionOne.lastIndex = 0;
  while ((m = optionOne.exec(text)) !== null) {
    // "What about retries and dead letters?" raises concerns; an option is one short thing (a list
    // with "or" was read above).
    if (lex.words.statements.itemJoinerWord.test(m[1])) continue;
    const o = cleanOption(lex.words, m[1]);
    if (o && o.split(/\s+/).length <= 4) out.push([o]);
  }
  return out;
}

/**
 * A list's items, split at ", ", ", or", ", and" and " or " outside brackets (`separator`, from
 * the item joiners and disjunctions of statement-words.json): "a cloud drive (Dropbox or Google
 * Drive)" is one option, and the comma in "1,900" joins a number.
 */
function optionParts(list: string, separator: RegExp): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let k = 0; k < list.length; k++) {
    const ch = list[k];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    if (depth > 0 || (ch !== ',' && !/\s/.test(ch))) continue;
    const sep = separator.exec(list.slice(k));
    if (!sep) continue;
    out.push(list.slice(from, k));
    from = k + sep[0].length;
    k = from - 1;
  }
  out.push(list.slice(from));
  return out;
}

/**
 * A statement says what: a content word from an action item's cue on ("Go ahead", not "I will
 * {…}" or "Can you?"), or besides the cue's own words in a decision's sentence ("Keep it in the
 * array from now on", not "We decided on").
 */
export function namesTask(words: Words, text: string, d: Detection, stems: Stems): boolean {
  const s = sentences(text).find((x) => d.start >= x.start && d.start < x.end);
  const end = s ? s.end : text.length;
  // (Not one of the verbs that only report speech.)
  const says = (t: string) => !words.statements.reporting.has(t) && !t.includes("'");
  if (d.kind === 'action_item') return contentTokens(text.slice(d.start, end), stems).some(says);
  const cue = new Set(contentTokens(text.slice(d.start, d.end), stems));
  return contentTokens(s ? s.text : text, stems).some((t) => !cue.has(t) && says(t));
}
