// What an agent's message puts up for a person to take: the points of a proposal, a step it offers
// and the thing that step acts on, the options it lists; and which reply accepts a proposal or picks an
// option (by its key, its value, its name or its place).
import { findAct, hasAct, normalForm, onlyAct, splitSentences, withoutConnective, type ActHit, type CompiledStatementLexicon, type SentenceAct } from './sentenceActs';
import { inlineList } from './statement';
import { valueFeatures } from './clauseFeatures';
import { escapeRegex } from './phrases';
import { closingQuote, contentToken, contentTokens, eitherOrSides, contentWordCount, endsSentence, isQuestion, lastQuestion, outsideQuotes, wordCount, words, type Span, type Stems } from './text';
import type { CandidateTuning, DecisionType, SentenceCandidate } from './types';
import { type CandidateInput, isPerson, sentencesAt, sarcasticAt, whenWord } from './candidateInput';
import { correctsValue, measures, numberKey, numbersOf, writtenNumbers, type Measure } from './measures';
import { bareToken, classify, decisive, verbless, docOf, namesNoObject, HAS_NUMBER, COMPUTED, trimEnd, sentenceCase, shape } from './clauseText';

/** An option's key said alone: "b", "(2)", "3)". */
export const BARE_KEY = /^\(?([0-9]{1,2}|[a-h])\)?$/;

/** Whether the tokens all stand on one side of an either/or question (see eitherOrSides). */
export function isSide(sides: ReadonlyArray<ReadonlySet<string>>, tokens: readonly string[]): boolean {
  return tokens.length > 0 && sides.some((side) => tokens.every((t) => side.has(t)));
}

// A keyed item of an earlier message's list: "1. …", "(b) …", "2) …", and as agents write them in
// markdown, behind a bullet and in bold: "- **B:** GitHub Actions, …", "B) …".
// (A letter may also end at a spaced dash, "A — stay with the current supplier"; a number may
// not: "2 - 3 days" is a range, no item.)
const ITEM = /^\s*(?:[-*•]\s+)?(?:\*\*|__)?\(?(?:([0-9]{1,2}|[a-hA-H])(?:\*\*|__)?([.):])|([a-hA-H])(?:\*\*|__)?\s+[—–-](?=\s))(?:\*\*|__)?\s+(.+)$/;

/**
 * The key and the text of a line that is one item of a list, or null; `mark`, what follows the
 * key: ".", ")", ":" or, after a letter, a spaced dash ("-").
 */
export function itemOfLine(line: string): { key: string; text: string; mark: string } | null {
  const m = ITEM.exec(line);
  return m ? { key: m[1] ?? m[3], text: m[4], mark: m[2] ?? '-' } : null;
}

/** "3." / "Option 2" / "(b)" / "Go with 2." answering a message with a numbered or lettered list, on lines or inline: that item. */
export function pickedOption(lex: CompiledStatementLexicon, body: string, offered: string, qualification = ''): string | null {
  const said = heldFor(lex, withoutAcceptance(lex, withoutCourtesy(lex, normalForm(body).replace(/[.!,;:]+$/, '').trim())).replace(lex.words.statements.choice, ''));
  let ref = said.pick;
  const word = findAct(lex, 'option-reference', ref);
  if (word && word.start === 0) ref = ref.slice(word.end).trim();
  const key = BARE_KEY.exec(ref)?.[1] ?? BARE_KEY.exec(withoutClosingWord(lex, ref))?.[1];
  const item = (key ? itemByKey(lex, offered, key) : null) ?? itemByValue(lex, ref, offered) ?? itemByName(lex, ref, offered);
  if (!item) return null;
  // (How long the pick holds goes with it, after any condition the person adds.)
  return pickedStatement(item, [qualification, said.held].filter(Boolean).join(', '));
}

/** "b for now" / "die c vorerst" → the pick, and how long it holds: said with the choice, no part of which option. */
function heldFor(lex: CompiledStatementLexicon, ref: string): { pick: string; held: string } {
  const scope = findAct(lex, 'provisional', ref);
  if (!scope || scope.start === 0) return { pick: ref, held: '' };
  return { pick: trimEnd(ref.slice(0, scope.start)), held: ref.slice(scope.start).trim() };
}

/** The statement of a picked option: what the list was about, the option, any condition the person adds. */
export function pickedStatement(item: { option: string; about: string }, qualification = ''): string {
  const option = qualification ? `${trimEnd(item.option)}, ${trimEnd(qualification)}` : item.option;
  const picked = item.about ? `${sentenceCase(item.about)}: ${option}` : option;
  // (A quoted option that ends its own sentence is already closed.)
  return endsSentence(picked) ? picked : `${picked}.`;
}

/**
 * "B then" / "2 passt" / "b dann" → the key without the one word after it that closes a choice (a
 * decision act's word said alone, "then", "passt"): it settles, it says nothing of which option.
 */
function withoutClosingWord(lex: CompiledStatementLexicon, ref: string): string {
  const words = ref.trim().split(/\s+/);
  if (words.length !== 2) return ref;
  const tail = normalForm(words[1]);
  const hit = findAct(lex, 'decision', tail);
  return hit && hit.start === 0 && hit.end === tail.length && !hasAct(lex, 'rejection', tail) ? words[0] : ref;
}

/** "b please" / "option b, bitte" / "take b, thanks" → without the courtesy or acceptance after the pick, which says nothing of which. */
export function withoutCourtesy(lex: CompiledStatementLexicon, ref: string): string {
  const words = ref.split(/[\s,;]+/).filter(Boolean);
  // (A courtesy is a word or two: "please", "por favor", "thank you".)
  for (let n = 1; n <= 2 && n < words.length; n++) {
    const tail = words.slice(-n).join(' ');
    const hit = findAct(lex, 'politeness', tail) ?? findAct(lex, 'acceptance', tail);
    if (hit && hit.start === 0 && !/[\p{L}\p{N}]/u.test(tail.slice(hit.end))) return words.slice(0, -n).join(' ');
  }
  return ref;
}

/**
 * "ok b" / "yes 2" / "ja, B" → the pick after the acceptance that opens it: accepting says nothing
 * of which option, the key after it does. An acceptance alone stays as it is.
 */
export function withoutAcceptance(lex: CompiledStatementLexicon, ref: string): string {
  const at = afterAcceptance(lex, ref);
  return at === null ? ref : ref.slice(at);
}

/**
 * Where what follows an acceptance that opens a clause starts ("ok b", "yes, 2", "ok 60"), past the
 * marks after it (`lower`: the clause in normal form); null when no acceptance opens it or nothing
 * follows it.
 */
export function afterAcceptance(lex: CompiledStatementLexicon, lower: string): number | null {
  const hit = findAct(lex, 'acceptance', lower);
  if (!hit || hit.start !== 0) return null;
  const gap = /^[\s,;:.!-]+/u.exec(lower.slice(hit.end));
  const at = hit.end + (gap?.[0].length ?? 0);
  return gap && at < lower.length ? at : null;
}

/** Item `key` of the options the agent's message lists: one per line, inline, or labelled in running text. */
export function itemByKey(lex: CompiledStatementLexicon, offered: string, key: string): { option: string; about: string } | null {
  return listedItem(lex, offered, key) ?? inlineItem(lex, offered, key) ?? labelledItem(lex, offered, key);
}

/**
 * "26th." answering "1. September 19: … 2. September 26: …": a reply that is a number alone (with
 * an ordinal ending or a unit's letter) picks the one listed option that names that number.
 */
function itemByValue(lex: CompiledStatementLexicon, ref: string, offered: string): { option: string; about: string } | null {
  const value = /^(\d{1,3}(?:[.,]\d{3})+|\d{1,5}(?:[.,:]\d{1,2})?)[a-zº]{0,2}$/u.exec(ref)?.[1];
  const key = value === undefined ? null : numberKey(value);
  if (key === null) return null;
  // (However either writes it: "2000" names "2,000 copies".)
  const naming = listedItems(lex, offered).filter((item) => writtenNumbers(item.option).has(key));
  return naming.length === 1 ? naming[0] : null;
}

/**
 * "Roth." answering "1. Green Fork: … 2. Grillhaus Roth: … 3. Campus Kitchen: …":
 * a reply of one or two words that all stand in the name of one listed option, and of no other,
 * picks that option.
 */
function itemByName(lex: CompiledStatementLexicon, ref: string, offered: string): { option: string; about: string } | null {
  const words = ref.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0 || words.length > 2 || words.some((w) => w.length < 3 || lex.words.stopwords.has(w))) return null;
  const named = words.map((w) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(w)}(?![\\p{L}\\p{N}])`, 'giu'));
  const count = (re: RegExp, text: string) => text.match(re)?.length ?? 0;
  // (A word the rest of the message also uses, "catering" in "The catering quotes are in:", names no one option.)
  const naming = listedItems(lex, offered).filter((item) => named.every((re) => count(re, item.option) > 0 && count(re, item.option) === count(re, offered)));
  return naming.length === 1 ? naming[0] : null;
}

/** Every option a message lists, by its key, in the order written. */
export function listedItems(lex: CompiledStatementLexicon, offered: string): Array<{ option: string; about: string }> {
  return offeredKeys(lex, offered).flatMap((key) => itemByKey(lex, offered, key) ?? []);
}

/** The keys of the options a message lists ("1.", "(b)", "Option 2:"), in the order written. */
export function offeredKeys(lex: CompiledStatementLexicon, offered: string): string[] {
  const keys = [
    ...offered.split('\n').flatMap((line) => itemOfLine(line)?.key ?? []),
    ...splitSentences(offered, lex.words.statements).flatMap((s) => inlineList(lex, s.text)?.items.map((x) => x.key) ?? []),
    ...optionLabels(lex, offered).map((m) => m[1]),
  ];
  return [...new Set(keys.map((k) => k.toLowerCase()))];
}

/** Item `key` of a list written one item per line, with what the line introducing the list says it is about. */
function listedItem(lex: CompiledStatementLexicon, offered: string, key: string): { option: string; about: string } | null {
  const lines = offered.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const item = itemOfLine(lines[i]);
    if (!item || item.key.toLowerCase() !== key) continue;
    // "Options for the sign-off:" says what the chosen item is.
    const intro = lines.slice(0, i).reverse().find((l) => /:\s*$/.test(l) && !ITEM.test(l));
    const about = intro ? optionSubject(lex, intro) : '';
    // With no subject for the list, a named option keeps what it is ("Grillhaus Roth: buffet
    // dinner with four counters"): its name alone says nothing of what was chosen.
    return { option: about ? firstClause(lex, item.text) : nameWithWhatItIs(lex, item.text), about };
  }
  return null;
}

/** Item `key` of a sentence that lists its options inline ("Options: (a) …, (b) …, (c) …"). */
function inlineItem(lex: CompiledStatementLexicon, offered: string, key: string): { option: string; about: string } | null {
  for (const s of splitSentences(offered, lex.words.statements)) {
    const list = inlineList(lex, s.text);
    const item = list?.items.find((x) => x.key === key);
    if (!list || !item) continue;
    const option = firstClause(lex, item.text);
    if (contentWordCount(option, lex.words) < 1) continue;
    const about = /:\s*$/.test(list.intro) ? optionSubject(lex, list.intro) : '';
    // (After what the list is about, the option keeps its first letter as written: "IP addresses: truncate them …".)
    const written = item.text.trim().charAt(0);
    return { option: about && written.toLowerCase() === option.charAt(0).toLowerCase() ? `${written}${option.slice(1)}` : option, about };
  }
  return null;
}

/**
 * Item `key` of options labelled in running text ("Option 1: the old print shop, 120 seats. Option
 * 2: the forum, 200 seats."): the sentence after its label, up to the next label.
 */
function labelledItem(lex: CompiledStatementLexicon, offered: string, key: string): { option: string; about: string } | null {
  const marks = optionLabels(lex, offered);
  if (marks.length < 2) return null;
  const k = marks.findIndex((m) => m[1].toLowerCase() === key);
  if (k < 0) return null;
  const from = marks[k].index! + marks[k][0].length;
  const to = k + 1 < marks.length ? marks[k + 1].index! : offered.length;
  const option = firstClause(lex, offered.slice(from, to));
  return contentWordCount(option, lex.words) >= 1 ? { option, about: '' } : null;
}

// A capital letter and a colon where a sentence or a list's lead ends: "Options: A: fixed Monday
// 8:30 check. B: end-of-day check …". (Lower case, "a: …", is not a key.)
const BARE_LABEL = /(?<=^|[.!?:;]\s+|\n\s*)([A-H]):\s+/gu;

/**
 * The labels of options written in running text, in order: "Option 1: … Option 2: …", or capital
 * keys alone, "A: … B: … C: …", which count only as a run from A with none skipped, so that one
 * "Q: …" or "Note B: …" is no list, and none of whose items asks: "A: Can you deliver on Monday?
 * B: Only after 11." is who said what.
 */
function optionLabels(lex: CompiledStatementLexicon, offered: string): RegExpMatchArray[] {
  const named = [...offered.matchAll(lex.words.statements.optionLabel)];
  if (named.length >= 2) return named;
  const bare = [...offered.matchAll(BARE_LABEL)];
  // (The last item is its own sentence: the question closing the list, "Which works for you?", is
  // not part of it.)
  const item = (k: number) => {
    const text = offered.slice(bare[k].index! + bare[k][0].length, k + 1 < bare.length ? bare[k + 1].index! : offered.length);
    return k + 1 < bare.length ? text : /^[^.!?]*[.!?]?/.exec(text)![0];
  };
  const run = bare.length >= 2 && bare.every((m, k) => m[1] === String.fromCharCode(65 + k) && !item(k).includes('?'));
  return run ? bare.map((m) => Object.assign([m[0], m[1].toLowerCase()], { index: m.index, input: m.input }) as RegExpMatchArray) : named;
}

/** "Options for the sign-off:" → "sign-off". */
function optionSubject(lex: CompiledStatementLexicon, intro: string): string {
  const text = intro.replace(/:\s*$/, '').trim();
  const clause = lastSentenceOf(text);
  const hit = findAct(lex, 'option-intro', normalForm(clause));
  const before = hit ? null : lex.words.statements.optionSubjectBefore.exec(clause.trim())?.[1];
  if (!hit && (!before || !namesAThing(lex, before))) return '';
  const rest = (before ?? clause.slice(hit!.end)).replace(lex.words.statements.optionSubjectArticle, '').trim();
  return wordCount(rest) <= 6 ? rest : '';
}

/**
 * Whether a phrase after "for" names a thing: an article, or a word of content, opens it ("the
 * delay", "IP addresses"); "for now", "for me", "for this reason", "für diesen Fall", "para mí"
 * say how or when or for whom.
 */
function namesAThing(lex: CompiledStatementLexicon, phrase: string): boolean {
  const first = words(phrase)[0]?.toLowerCase() ?? '';
  return lex.words.statements.optionSubjectArticle.test(phrase) || (first !== '' && !lex.words.stopwords.has(first) && !HAS_NUMBER.test(first));
}

/** "Grillhaus Roth: buffet dinner with four counters, 48 EUR …" → its name and the first phrase of what it is; a name that is a value, or none, as `firstClause` gives it. */
function nameWithWhatItIs(lex: CompiledStatementLexicon, text: string): string {
  // (A price's decimal point, "8.10 EUR a box", ends nothing.)
  const m = /^\s*([^:.!?]{1,40}):\s+((?:[^,;.!?()]|(?<=\d)[.,](?=\d))+)/u.exec(text);
  // (A name that is a value, "October 3: nothing else booked that day", says what was chosen.)
  return m && !HAS_NUMBER.test(m[1]) && wordCount(m[1]) <= 4 && wordCount(m[2]) >= 2 ? `${sentenceCase(m[1].trim())}: ${trimEnd(m[2].trim())}` : firstClause(lex, text);
}

/**
 * The words up to the first colon or sentence end: an option's name, not its whole description.
 * An option that is a quoted text is the whole quote ("'Tell us what went wrong. Just
 * reply.'"): cut at its first stop, the quote would stay open.
 */
function firstClause(lex: CompiledStatementLexicon, text: string): string {
  const open = text.length - text.trimStart().length;
  const close = closingQuote(text, open);
  if (close > 0 && /^[\s.!?:]*$/u.test(text.slice(close + 1))) return sentenceCase(text.slice(open, close + 1));
  // (The first sentence as sentences are split: "St. Anne's church" is one.)
  const cut = (splitSentences(text, lex.words.statements)[0]?.text ?? text).split(/:\s/)[0];
  return sentenceCase(trimEnd(cut));
}

// A bulleted point (not a numbered option: numbers offer a choice, bullets make up a plan).
export const BULLET = /^\s*[-*•]\s+(.+)$/;

/** The bulleted points of a message introduced as a proposal or plan ("Proposal:" / "Plan for …:"). */
export function proposedPoints(lex: CompiledStatementLexicon, t: CandidateTuning, text: string): string[] {
  const lines = text.split('\n');
  // ("Current state: … 4 open advisories. Proposal:" — the intro is the line's last sentence.)
  const intro = lines.findIndex((l) => introducesOptions(lex, l));
  if (intro < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(intro + 1)) {
    const b = BULLET.exec(line);
    if (!b) continue;
    const { statement } = shape(lex, t, b[1]);
    if (statement && wordCount(statement) <= t.statementMaxWords) out.push(statement);
  }
  return out.length >= 2 ? out : [];
}

/** A line that ends by introducing options or a proposal ("Options:", "… are exact. Proposal:"). */
function introducesOptions(lex: CompiledStatementLexicon, line: string): boolean {
  return /:\s*$/.test(line) && findAct(lex, 'option-intro', normalForm(lastSentenceOf(line)))?.start === 0;
}

/** The last sentence of a line ("… are exact. Proposal:" → "Proposal:"). */
function lastSentenceOf(line: string): string {
  return line.trim().split(/(?<=[.!?])\s+/).pop() ?? '';
}

/**
 * Whether an agent's message that lists keyed options asks the person to choose among them ("Two
 * options for the contract: A) …, B) … Which one?", "… A or B?", "Options: (a) …, (b) …") rather
 * than to go ahead with all it proposes. (A message without keyed options, "… Which bucket region
 * should I use?", is no such choice: the caller asks that first.)
 */
export function asksToChoose(lex: CompiledStatementLexicon, sentences: readonly Span[]): boolean {
  const words = lex.words.statements;
  const asked = lastQuestion(sentences);
  if ((asked && words.choiceQuestion.test(normalForm(asked.text))) || asksByKeys(lex, sentences)) return true;
  return sentences.some((s) => s.text.search(words.optionList) >= 0);
}

/**
 * A message without the alternatives it puts up for someone to choose from: lines keyed a), b), …
 * (or "A — …", or 1), 2), …) in order, introduced as options ("Options:") or in a message that asks to choose
 * among them (see asksToChoose). An option
 * put up asserts nothing, so it contradicts nothing; a draft's or a summary's lettered points
 * ("a) The meeting is on Thursday."), in a message that asks for no choice, are claims.
 */
export function withoutOfferedAlternatives(lex: CompiledStatementLexicon, text: string): string {
  const lines = text.split('\n');
  // (A letter or a number before a bracket, a letter before a spaced dash: "A." and "A:" open a
  // summary's points and an answer, "1." its steps.)
  const keys = lines.map((l) => {
    const item = itemOfLine(l);
    return item && ((/^[a-h]$/i.test(item.key) && (item.mark === ')' || item.mark === '-')) || (/^[1-8]$/.test(item.key) && item.mark === ')')) ? item.key.toLowerCase() : null;
  });
  const listed = keys.filter((k): k is string => k !== null);
  const numbered = /^\d/.test(listed[0] ?? '');
  const order = numbered ? '12345678' : 'abcdefgh';
  if (listed.length < 2 || listed.some((k, i) => k !== order[i])) return text;
  // (Introduced as options, "Options:", "Proposals:", or followed by a question that asks to
  // choose; numbered lines are a plan's steps more often than options, and only an intro that
  // names options makes them alternatives: "Plan for the weekend: 1) … Which van?" claims its steps.)
  const before = lines[keys.findIndex((k) => k !== null) - 1] ?? '';
  if (numbered ? !namesOptions(lex, before) : !introducesOptions(lex, before) && !asksToChoose(lex, splitSentences(text, lex.words.statements))) return text;
  return lines.filter((_, i) => keys[i] === null).join('\n');
}

/** Whether a line that ends with a colon names options ("Options:", "Three options for the aerator:", "Zwei Optionen:"). */
function namesOptions(lex: CompiledStatementLexicon, line: string): boolean {
  return /:\s*$/.test(line) && words(lastSentenceOf(line)).some((w) => lex.words.statements.optionNoun.test(bareToken(w)));
}

/** Whether a message's last question asks for a choice by option keys alone ("A, B or C for the timing?"), naming no options of its own. */
export function asksByKeys(lex: CompiledStatementLexicon, sentences: readonly Span[]): boolean {
  const asked = lastQuestion(sentences);
  return asked !== undefined && KEYS_OR.test(normalForm(asked.text).replace(lex.words.statements.disjunction, ' or '));
}

/** "A or B?", "(1) or (2)?": two option keys joined by a disjunction (normalised to "or"). */
const KEYS_OR = /(?:^|[\s(])(?:[0-9]{1,2}|[a-h])\)?\s+or\s+\(?(?:[0-9]{1,2}|[a-h])(?=[\s)?.,]|$)/;

/** The option the agent's message recommends by its key ("I'd recommend B.", "My recommendation: option 2."), or null. */
export function recommendedOption(lex: CompiledStatementLexicon, sentences: readonly Span[], offered: string): string | null {
  for (const s of sentences) {
    const lower = normalForm(s.text);
    if (isQuestion(s.text)) continue;
    // "I'd recommend B", or a choice of its own ("I'd go with B"): what it names, up to the reason
    // it gives ("… B: the waiver is a risk").
    const end = findAct(lex, 'proposal', lower)?.end ?? lex.words.statements.choice.exec(lower)?.[0].length;
    if (end === undefined) continue;
    const named = lower.slice(end).replace(/^[\s:,-]+/, '').split(/[.,:;!?(—–]|\s-\s/)[0].trim();
    const picked = named ? pickedOption(lex, named, offered) : null;
    if (picked) return picked;
  }
  return null;
}

/** Position of the person's message that accepts message `a`, or -1. */
export function acceptance(input: CandidateInput, a: number): number {
  const next = acceptanceAfter(input, a);
  return next >= 0 ? next : acceptanceByName(input, a);
}

/**
 * "Fine with the plan from copy-agent.": a person accepting the agent's proposal by the agent's
 * name, after the talk went on for a few messages.
 */
function acceptanceByName(input: CandidateInput, a: number): number {
  const { messages, lexicon } = input;
  const name = normalForm(messages[a].author).trim();
  if (name.length < 3) return -1;
  const named = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(name)}(?![\\p{L}\\p{N}])`, 'u');
  for (let h = a + 1; h < messages.length && h <= a + input.tuning.acceptWindow * 3; h++) {
    // A later proposal of the same agent is the one such an acceptance would mean.
    if (messages[h].author === messages[a].author) {
      const later = normalForm(messages[h].text);
      if (hasAct(lexicon, 'proposal', later) || hasAct(lexicon, 'proposal-label', later)) return -1;
    }
    if (!isPerson(messages[h])) continue;
    const first = sentencesAt(input, h)[0];
    if (!first || isQuestion(first.text)) continue;
    const lower = normalForm(first.text);
    if (findAct(lexicon, 'acceptance', lower)?.start === 0 && named.test(lower)) return h;
  }
  return -1;
}

/**
 * Position of the person's message that accepts the rest of agent message a ("Dann: Eingang bis
 * 12 Uhr zählt als Tag 0. Rest wie vorgeschlagen.", "Late night's Tuesday now. Rest is fine."),
 * after a colleague's remark or not, before the agent speaks again; or -1.
 */
export function restAcceptance(input: CandidateInput, a: number): number {
  const { messages, lexicon } = input;
  for (let h = a + 1; h < messages.length && h <= a + input.tuning.acceptWindow; h++) {
    if (!isPerson(messages[h])) return -1;
    if (sentencesAt(input, h).some((s) => !isQuestion(s.text) && restAccepting(lexicon, s.text))) return h;
  }
  return -1;
}

/** Whether a sentence accepts the rest of what was put up ("Rest is fine.", "Sonst passt alles.", "Dessert no, rest is fine."). */
export function restAccepting(lex: CompiledStatementLexicon, sentence: string): boolean {
  return restAcceptanceSpan(lex, sentence) !== null;
}

/** Where in a sentence the words that accept the rest stand: at its start or after a comma ("Dessert no, rest is fine."); null when none do. */
export function restAcceptanceSpan(lex: CompiledStatementLexicon, sentence: string): { start: number; end: number } | null {
  const lower = normalForm(sentence);
  const starts = [0];
  for (let comma = lower.indexOf(','); comma >= 0; comma = lower.indexOf(',', comma + 1)) starts.push(comma + 1);
  for (const at of starts) {
    const from = at + (/^\s*/.exec(lower.slice(at))?.[0].length ?? 0);
    const hit = findAct(lex, 'rest-acceptance', lower.slice(from));
    if (hit && hit.start === 0) return { start: from, end: from + hit.end };
  }
  return null;
}

function acceptanceAfter(input: CandidateInput, a: number): number {
  const { messages, lexicon } = input;
  let reach = a + input.tuning.acceptWindow;
  let clarifiedBefore = false;
  for (let h = a + 1; h < messages.length && h <= reach; h++) {
    const m = messages[h];
    if (!isPerson(m)) return -1;
    const first = sentencesAt(input, h)[0];
    if (!first) continue;
    // (A person's question on the proposal and the agent's answer to it, which asks and proposes
    // nothing, leave the proposal open: "What's the cancellation if they're rubbish?" — "90 days'
    // written notice, no penalty." — "Fine. Two years at 310." accepts the two-year term.)
    if (clarified(input, a, h)) {
      h++;
      reach += 2;
      clarifiedBefore = true;
      continue;
    }
    // (After such an exchange a bare "ok" may take the answer in; only a reply that says the
    // offer's value again takes the offer: "Fine. Two years at 310.")
    if (clarifiedBefore && !restatesOffer(input, a, h)) return -1;
    const lower = normalForm(first.text);
    // ("Sure, because that worked so well last time 🙃" accepts nothing.)
    const ironic = sarcasticAt(input, h).some((s) => first.start >= s.start && first.start < s.end);
    const accepts = (hasAct(lexicon, 'acceptance', lower) || doesWhatWasOffered(input, a, first.text)) && !isQuestion(first.text) && !ironic;
    // "By hand." answering "… automatically after 6 weeks, or only by hand?" picks one side
    // (a selection of its own): the question as a whole is accepted by no one.
    if (!accepts && namesSideOf(input, a, first.text)) return -1;
    // "Yes, go with that - one tweak: …" accepts and corrects a part; a reply that opens by
    // disagreeing or correcting accepts nothing.
    if (!accepts && (input.verdict[h] === 'disagreement' || input.verdict[h] === 'correction')) return -1;
    if (hasAct(lexicon, 'rejection', lower) && !accepts) return -1;
    if (input.verdict[h] === 'confirmation' || accepts) return h;
    return -1;
  }
  return -1;
}

/**
 * Whether person's message h only asks something (each of its sentences a question) and the next
 * message is an agent's answer to it that asks and proposes nothing and gives no number the
 * proposal in message a did not ("Yes, three years at £300." puts up another deal), with a person
 * after it.
 */
function clarified(input: CandidateInput, a: number, h: number): boolean {
  const { messages, lexicon } = input;
  const answer = messages[h + 1];
  const after = messages[h + 2];
  if (answer === undefined || answer.role !== 'bot' || after === undefined || !isPerson(after)) return false;
  if (!sentencesAt(input, h).every((s) => isQuestion(s.text))) return false;
  const said = sentencesAt(input, h + 1);
  const offered = new Set(numbersOf(messages[a].text));
  if (numbersOf(answer.text).some((n) => !offered.has(n))) return false;
  return !said.some((s) => isQuestion(s.text)) && !said.some((s) => PROPOSING.some((act) => hasAct(lexicon, act, normalForm(s.text))));
}

/**
 * Whether person's message h, past the words that accept, gives again a number the question
 * closing agent message a puts up and says nothing the message did not, with no negation or
 * amendment ("… accept the two-year term at £310?" — "Fine. Two years at 310."; "Ok, but 310 for
 * one year only." and "Fine, 310 but not two years." change the offer).
 */
function restatesOffer(input: CandidateInput, a: number, h: number): boolean {
  const asked = lastQuestion(sentencesAt(input, a));
  if (asked === undefined) return false;
  const offered = new Set(numbersOf(asked.text));
  const lower = normalForm(input.messages[h].text);
  const accepting = findAct(input.lexicon, 'acceptance', lower);
  const rest = accepting !== null && accepting.start === 0 ? lower.slice(accepting.end) : lower;
  const numbers = numbersOf(rest);
  // ("Ok, but 310 for one year only.": a word that amends what it takes says more than the offer.)
  const said = words(rest);
  const amends = said.some((_, k) => input.lexicon.words.statements.pickAmendment.test(said.slice(k).join(' ')));
  if (!numbers.some((n) => offered.has(n)) || numbers.some((n) => !offered.has(n)) || input.negated?.(rest) || amends) return false;
  // (A number written out is a number too: "Three years at 310" gives a term the offer did not.)
  const whole = normalForm(input.messages[a].text);
  const offerWords = new Set(contentTokens(whole, input.stems));
  const spelled = new Set(words(whole));
  if (said.some((w) => input.numberWord?.(w) && !spelled.has(w))) return false;
  return contentTokens(rest, input.stems).every((t) => offerWords.has(t) || HAS_NUMBER.test(t));
}

/** The acts of a sentence that puts something up for a person to take. */
const PROPOSING: readonly SentenceAct[] = ['proposal', 'proposal-label', 'option-intro', 'offer', 'hypothetical'];

/**
 * Whether a reply opens with a word or two (before any mark) that name one side of the either/or
 * question closing agent message a ("Pickup, the driver sees the crates then." after "At
 * order or at pickup?"), as the alternative-pick confirmation reads it.
 */
function namesSideOf(input: CandidateInput, a: number, reply: string): boolean {
  const sides = eitherOrSides(sentencesAt(input, a).at(-1)?.text ?? '', input.lexicon.words.statements.disjunction, input.stems);
  return sides !== null && sidePicked(sides, reply, input.stems) >= 0;
}

/** Which side of an either/or question a reply picks by opening with a word or two (before any mark) that all stand on it, or -1. */
export function sidePicked(sides: ReadonlyArray<ReadonlySet<string>>, reply: string, stems: Stems): number {
  const lead = contentTokens(reply.split(/[,;:.!?–—]/u)[0], stems);
  return lead.length > 2 ? -1 : sides.findIndex((side) => isSide([side], lead));
}

/**
 * "Shall I confirm the 9 May slot?" — "Confirm it." (or "send" to "Send to crew A?"): a reply
 * that tells the agent to do what it asked to do, by the first word of the step offered, alone or
 * with a word pointing back at it, accepts it.
 */
function doesWhatWasOffered(input: CandidateInput, a: number, reply: string): boolean {
  const { lexicon } = input;
  const words = reply.replace(lexicon.words.statements.leadingVerdict, '').toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const [said, pointer] = words;
  if (said === undefined || words.length > 2 || (pointer !== undefined && !lexicon.words.statements.offerReferent.test(pointer))) return false;
  const verb = contentToken(said, input.stems);
  const question = lastQuestion(sentencesAt(input, a));
  // ("Send?" — "send": the step is the verb alone, acting on what the message put before it.)
  const step = question ? (proposalIn(lexicon, input.tuning, question.text)?.statement ?? bareVerbQuestion(lexicon, question.text, whenWord(input))) : null;
  // "Shall I cancel the fitting or move it to Monday?" asks the person to choose: "Move it." picks.
  if (verb === null || step === null || lexicon.words.statements.disjunction.test(step)) return false;
  return contentTokens(step, input.stems)[0] === verb;
}

/** The items of a sentence that lists two or more lettered or numbered points inline. */
export function inlineItems(lex: CompiledStatementLexicon, t: CandidateTuning, text: string): string[] {
  for (const s of splitSentences(text, lex.words.statements)) {
    const list = inlineList(lex, s.text);
    if (!list) continue;
    const out = list.items.map((x) => shape(lex, t, x.text).statement).filter((statement) => statement && contentWordCount(statement, lex.words) >= 2 && wordCount(statement) <= t.statementMaxWords);
    if (out.length >= 2) return out;
  }
  return [];
}

/** The step an imperative question offers ("Book the Alte Halle?" → "Book the Alte Halle."), when it names more than "it". */
function offeredStep(lex: CompiledStatementLexicon, t: CandidateTuning, question: string): { statement: string; type: DecisionType } | null {
  const content = trimEnd(question.replace(/\?+\s*$/, '').replace(/^\s*¿/, ''));
  // ("Deploy now or wait until Monday?" asks which; a yes picks neither.)
  if (contentWordCount(content, lex.words) < 2 || lex.words.statements.disjunction.test(content)) return null;
  const shaped = shape(lex, t, content);
  return shaped.statement && wordCount(shaped.statement) <= t.statementMaxWords ? { statement: shaped.statement, type: 'action_item' } : null;
}

/**
 * "Suggestion: send a reset code … No phone calls — …": the sentences after a proposal
 * label, up to a question or the next label, each a decision of its own once accepted.
 * Conditions ("If that number is no longer in use, …"), explanations and reports stay out.
 */
export function labelledProposal(lex: CompiledStatementLexicon, t: CandidateTuning, sentences: readonly Span[], imperative: (text: string) => boolean): ProposedPoint[] {
  const out: ProposedPoint[] = [];
  let open = false;
  for (const s of sentences) {
    const lower = normalForm(s.text);
    const label = findAct(lex, 'proposal-label', lower);
    let body = s.text;
    if (label && label.start === 0 && /^\s*:/.test(lower.slice(label.end))) {
      open = true;
      body = s.text.slice(label.end).replace(/^\s*:\s*/, '');
    } else if (!open) {
      continue;
    } else if (isQuestion(s.text) || /^[^,.;!?]{1,40}:\s/.test(s.text)) {
      break;
    }
    // After the label's own sentence, only what decides something belongs to the proposal (a
    // worked example, "For the KX-20 that's 3.5 × (12 + 4) ≈ 56 units", does not).
    if (body !== s.text || (decisive(lex, normalForm(body)) && !COMPUTED.test(body))) out.push(...semicolonPoints(lex, body, imperative).flatMap((point) => pointAsDecision(lex, t, point) ?? []));
  }
  return out;
}

/**
 * The points of a proposal's sentence: its parts between semicolons ("1st reminder by email 14
 * days after the return; 2nd reminder by letter after 30 days; …") when there are several and each
 * is a point: verbless, an imperative or deciding by a cue; else the sentence. A part that states
 * a fact or a reason ("…; downtime will be about two hours", "…; the board decides after 60
 * days") makes the sentence one point, as it was written.
 * Semicolons inside brackets or quotes part nothing.
 */
function semicolonPoints(lex: CompiledStatementLexicon, body: string, imperative: (text: string) => boolean): string[] {
  const cuts = [...outsideQuotes(body.replace(/\([^()]*\)/g, (m) => ' '.repeat(m.length))).matchAll(/;/g)].map((m) => m.index!);
  if (cuts.length === 0) return [body];
  const parts = [...cuts, body.length].map((end, k) => body.slice(k === 0 ? 0 : cuts[k - 1] + 1, end).trim());
  const isPoint = (part: string) => contentWordCount(part, lex.words) >= 2 && (verbless(part.replace(/\s*\([^()]*\)/g, '')) || decisive(lex, normalForm(part)) || imperative(part));
  return parts.every(isPoint) ? parts : [body];
}

/** A decision a proposal puts up, as its point states it. */
interface ProposedPoint {
  statement: string;
  type: DecisionType;
  reasons: string[];
  alternatives: string[];
}

/** A point of a labelled proposal as a decision, or null: a question, a musing, an explanation, a report or an opinion proposes nothing. */
function pointAsDecision(lex: CompiledStatementLexicon, t: CandidateTuning, body: string): ProposedPoint | null {
  const bodyLower = normalForm(body);
  if (isQuestion(body) || (['hypothetical', 'explanation', 'past', 'opinion'] as const).some((act) => hasAct(lex, act, bodyLower))) return null;
  const shaped = shape(lex, t, body);
  if (!shaped.statement || contentWordCount(shaped.statement, lex.words) < 2 || wordCount(shaped.statement) > t.statementMaxWords) return null;
  const act = classify(lex, normalForm(shaped.statement));
  const type: DecisionType = act === 'rule' || act === 'prohibition-start' ? 'constraint' : act === 'directive' ? 'action_item' : 'decision';
  return { statement: shaped.statement, type, reasons: shaped.reasons, alternatives: shaped.alternatives };
}

/** The most words of a label that names the text after it. */
const DRAFT_LABEL_MAX_WORDS = 6;

/**
 * "Draft email to wholesale customers: '…' Send Monday 9 March?" → "Draft email to wholesale
 * customers: send Monday 9 March.": a step that says only when (after its verb, nothing but
 * weekdays, months, numbers and function words) acts on the text an earlier sentence of the
 * message labels for sending (statement-words.json, sentTexts). Else the step as it is.
 */
function withDraftedThing(lex: CompiledStatementLexicon, sentences: readonly Span[], k: number, statement: string, valueWord: (word: string) => boolean): string {
  const after = words(statement).slice(1).map(bareToken);
  const when = (w: string) => HAS_NUMBER.test(w) || valueWord(w);
  if (after.length === 0 || !after.some(when) || !after.every((w) => when(w) || lex.words.stopwords.has(w.toLowerCase()))) return statement;
  const label = draftedLabel(lex, sentences.slice(0, k));
  return label ? `${label}: ${statement.charAt(0).toLowerCase()}${statement.slice(1)}` : statement;
}

/**
 * What an agent's message offers or proposes: "I can ship patch 2.3.4 with the contrast fix on
 * Monday. It needs a release note; shall I use '…'?" offers two steps, and "Yes" to it takes
 * both.
 */
export function offeredSteps(lex: CompiledStatementLexicon, t: CandidateTuning, sentences: readonly Span[], stems: Stems, valueWord: (word: string) => boolean, unitSlot?: (word: string) => string | null): OfferedStep[] {
  const found = sentences
    .map((s, k) => {
      // ("Send to Mrs. Petersen by email?" sends the text put up before it.)
      const sent = sendingWithoutObject(lex, s.text) ? stepOnThingBefore(lex, sentences, k, valueWord) : null;
      if (sent) return sent;
      // (These are an agent's sentences: what it says it would do is a step it puts up.)
      const step = proposalIn(lex, t, s.text);
      if (!step) return stepOnThingBefore(lex, sentences, k, valueWord) ?? stepOnPronoun(lex, t, sentences, k, valueWord) ?? taggedStatement(lex, t, sentences, k, (text) => schedules(text, valueWord, unitSlot));
      const referred = withReferent(lex, sentences, k, step.statement);
      // ("Shall I send it today?" after a draft, where the sentence before names no thing of its
      // own, takes "it" as a question without the cue does: see stepOnPronoun.)
      // (Its cue still says whether it is offered or proposed: see proposalIn.)
      const onPronoun = referred === step.statement ? stepOnPronoun(lex, t, sentences, k, valueWord) : null;
      if (onPronoun) return { ...onPronoun, type: step.type };
      const statement = withDraftedThing(lex, sentences, k, referred === step.statement ? withSentText(lex, sentences, k, referred) : referred, valueWord);
      // A step whose only objects are pronouns the message does not resolve ("Shall I sort that out
      // and ping them?") points back at what came before: it says nothing a person could hold to.
      return namesNoObject(lex, statement) ? null : { ...step, statement };
    })
    .filter((x): x is OfferedStep => x !== null);
  // A statement put with a tag ("The schema stays fixed, right?") is offered only where the
  // message proposes nothing else: beside a proposal, it is what goes with that proposal.
  // (The closing question is what a yes answers, whatever the message offered before it.)
  if (found.some((x) => !x.tagged)) found.splice(0, found.length, ...found.filter((x) => !x.tagged || x.closing));
  // "I'd like to move the exchange between services to CSV exports with fixed columns … OK to
  // move to CSV?": a last question that asks leave for a step put up in full before asks
  // for that step.
  const last = found.length - 1;
  const fuller = last > 0 ? found.findIndex((x, k) => k < last && restatesShorter(found[last].statement, x.statement, stems)) : -1;
  if (fuller >= 0) found.splice(last, 1, found.splice(fuller, 1)[0]);
  // Beside its last proposal, a message offers only the steps the agent offers to take itself
  // ("I can ship patch …"); what it reports others recommend ("Lighthouse recommends compressing
  // the hero images. Shall I merge PR #42?") is not put to the person.
  return found.filter((x, k) => k === found.length - 1 || x.type === 'action_item');
}

/**
 * "Draft reply to Pomegranate Café: '…' Send?" → "Draft reply to Pomegranate Café: send.", "The
 * revised price list is ready. Publish now?" → "The revised price list: publish now.": a question
 * that is a verb alone in the imperative (with no more than when: "now", a weekday) acts on what
 * the message put before it: the text an earlier sentence labels for sending, else the noun
 * phrase that opens the sentence just before. With neither, it names nothing a person could hold to.
 */
function stepOnThingBefore(lex: CompiledStatementLexicon, sentences: readonly Span[], k: number, valueWord: (word: string) => boolean): { statement: string; type: DecisionType } | null {
  const bare = bareVerbQuestion(lex, sentences[k].text, valueWord) ?? sendingWithoutObject(lex, sentences[k].text);
  if (!bare || k === 0) return null;
  const thing = draftedLabel(lex, sentences.slice(0, k)) ?? readyLabel(lex, sentences.slice(0, k)) ?? subjectBefore(lex, sentences[k - 1].text);
  return thing ? { statement: `${sentenceCase(thing)}: ${bare.charAt(0).toLowerCase()}${bare.slice(1)}.`, type: 'action_item' } : null;
}

/**
 * "The two new laptops are in stock. Want me to order them today?" → "Order the two new laptops
 * today.": an offer whose step is its verb and "it" or "them" alone (with no more than when)
 * names nothing until it is read with the sentence just before. That sentence must say of a thing
 * only that it is ready to be acted on (statement-words.json, readyStates): "The car needs a new
 * tyre", "The team is free on Thursday" or "The cheapest option is Hotel Post" say more of it, and
 * "it" may be any of that. A step stated just before with nothing but its when ("Publish Monday
 * March 2, 10:00 CET. Shall I schedule it?") is what "it" asks leave for, on the text an earlier
 * sentence labels for sending. With none of these, "it" is the text the sentence just before labels
 * for sending, if it does ("Draft reply to the landlord: '…' Send it?" → "Draft reply to the landlord:
 * send."); else the offer names nothing a person could hold to.
 */
function stepOnPronoun(lex: CompiledStatementLexicon, t: CandidateTuning, sentences: readonly Span[], k: number, valueWord: (word: string) => boolean): { statement: string; type: DecisionType } | null {
  const bare = pronounStep(lex, sentences[k].text, valueWord);
  if (!bare || k === 0) return null;
  const previous = sentences[k - 1].text;
  const plural = bare.pronoun.toLowerCase() === 'them';
  if (!plural && !isQuestion(previous) && findAct(lex, 'directive', normalForm(previous))?.start === 0 && onlyWhen(lex, previous, valueWord)) {
    const label = draftedLabel(lex, sentences.slice(0, k - 1));
    const step = label === null ? null : offeredStep(lex, t, previous);
    return label !== null && step !== null ? { ...step, statement: `${label}: ${step.statement.charAt(0).toLowerCase()}${step.statement.slice(1)}` } : null;
  }
  const thing = readyThing(lex, previous, valueWord);
  if (thing) return thing.plural === plural ? { statement: sentenceCase(`${bare.verb} ${thing.phrase}${bare.rest}.`), type: 'action_item' } : null;
  // "Draft notice for the tenants: … Send it?" asks what "Send?" asks (stepOnThingBefore): "it"
  // is the text the sentence just before laid out for sending.
  const drafted = plural ? null : draftedLabel(lex, sentences.slice(k - 1, k));
  return drafted ? { statement: `${sentenceCase(drafted)}: ${bare.verb.toLowerCase()}${bare.rest}.`, type: 'action_item' } : null;
}

/**
 * Whether a step says after its verb only when: a day or a month first ("Publish Monday March 2,
 * 10:00 CET", "Send Thursday 5 March, 08:00"), then numbers and function words, and a word for
 * the zone of its last number. "Bring the signed form by Friday" and "Check the 2 options first"
 * say what, too.
 */
function onlyWhen(lex: CompiledStatementLexicon, step: string, valueWord: (word: string) => boolean): boolean {
  const written = step.trim().split(/\s+/).slice(1).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, '')).filter((w) => w !== '' && !lex.words.stopwords.has(w.toLowerCase()));
  const after = written.map((w) => w.toLowerCase());
  const lastNumber = after.reduce((last, w, k) => (HAS_NUMBER.test(w) ? k : last), -1);
  // (The zone is an abbreviation in capitals, "CEST", "UTC", or says the number is the hour, "Uhr";
  // "12:00 latest" says more than when.)
  return after.length > 0 && valueWord(after[0]) && after.every((w, k) => HAS_NUMBER.test(w) || valueWord(w) || (k === lastNumber + 1 && k === after.length - 1 && lastNumber >= 0 && (/^\p{Lu}{2,5}$/u.test(written[k]) || lex.words.statements.hourWord.test(w))));
}

/** The step of an offer that is a verb on "it" or "them" ("Shall I book it?", "Schedule them for Monday?"), with what follows the pronoun when that is only function words and when; else null. A verb that only points back ("do it") is no step of its own. */
function pronounStep(lex: CompiledStatementLexicon, question: string, valueWord: (word: string) => boolean): { verb: string; pronoun: string; rest: string } | null {
  if (!isQuestion(question)) return null;
  const lower = normalForm(question);
  const cue = proposalCue(lex, lower);
  if (!cue && findAct(lex, 'directive', lower)?.start !== 0) return null;
  const content = trimEnd((cue ? question.slice(cue.end) : question).replace(/^[\s:,]+/, '').replace(/\?+\s*$/, ''));
  const m = lex.words.statements.offerPronoun.exec(content);
  if (!m || lex.words.stopwords.has(m[1].toLowerCase())) return null;
  const rest = content.slice(m[0].length);
  if (!words(rest).map(bareToken).every((w) => HAS_NUMBER.test(w) || valueWord(w) || lex.words.statements.whenAdverb.test(w) || lex.words.stopwords.has(w.toLowerCase()))) return null;
  return { verb: m[1], pronoun: m[2], rest };
}

/** The word a noun phrase is about: the last before its first function word after a word of content ("invoice" of "The invoice for the glasses"). */
function headNoun(lex: CompiledStatementLexicon, phrase: string): string {
  const toks = phrase.split(/\s+/);
  const after = toks.findIndex((w, k) => k > 0 && lex.words.stopwords.has(w.toLowerCase()) && !lex.words.stopwords.has(toks[k - 1].toLowerCase()));
  return toks[(after > 0 ? after : toks.length) - 1];
}

/**
 * The thing a sentence says is ready to be acted on, and whether it is plural (by its verb, else
 * by the noun's form): "The revised quote is ready.", "Vogt's invoice has arrived." A phrase
 * that opens
 * with a determiner or a name's possessive, then only a ready state after its verb (function
 * words, when and an aside in brackets aside); else null.
 */
function readyThing(lex: CompiledStatementLexicon, sentence: string, valueWord: (word: string) => boolean): { phrase: string; plural: boolean } | null {
  const sw = lex.words.statements;
  const phrase = subjectBefore(lex, sentence);
  if (phrase === null) return null;
  const [first] = phrase.split(/\s+/);
  const possessive = /^\p{L}+['’]s$/u.test(first) && !valueWord(first.replace(/['’]s$/, '').toLowerCase());
  if (!lex.words.referenceDeterminer.test(first) && !possessive) return null;
  const predicate = words(sentence.replace(/\([^()]*\)/g, ' ')).slice(phrase.split(/\s+/).length).map(bareToken);
  const [verb, ...rest] = predicate;
  if (verb === undefined) return null;
  // (The verb may say it itself, "arrived"; else it only joins the state to the thing.)
  const said = [verb, ...rest].filter((w) => !HAS_NUMBER.test(w) && !valueWord(w) && !lex.words.stopwords.has(w.toLowerCase()) && (w === verb ? sw.readyState.test(w) : true));
  if (said.length === 0 || !said.every((w) => sw.readyState.test(w))) return null;
  // ("The revised quote is not ready yet" says it is not.)
  const state = sentence.search(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(said[0])}(?![\\p{L}\\p{N}])`, 'u'));
  if (state > 0 && lex.words.cues.negator.test(sentence.slice(0, state))) return null;
  // ("menus" and "glasses" are plural; "analysis" and "access" are not.)
  const head = headNoun(lex, phrase);
  return { phrase, plural: sw.pluralCopula.test(verb) || (!sw.singularCopula.test(verb) && /[^s]s$/i.test(head) && !/is$/i.test(head)) };
}

/**
 * "Default recall stays at 6 months as proposed, correct?", "Orders go out every Thursday after the
 * stock count. OK?": a statement the agent puts to the person with a tag asking for their yes
 * offers what it states, as "Shall I …?" offers its step. A report of what happened ("The SMS went
 * out to 40 patients. Ok?") and a condition offer nothing to hold to.
 */
function taggedStatement(lex: CompiledStatementLexicon, t: CandidateTuning, sentences: readonly Span[], k: number, scheduled: (text: string) => boolean): OfferedStep | null {
  const asked = sentences[k].text;
  if (!isQuestion(asked)) return null;
  const body = questionBody(asked);
  let content: string;
  let tag: string;
  let closing = false;
  if (isTagPhrase(lex, body)) {
    if (k === 0 || isQuestion(sentences[k - 1].text)) return null;
    [content, tag] = [sentences[k - 1].text, body];
  } else {
    content = withoutQuestionTag(lex, body);
    // "Lunch: 30 min unpaid like last year?", "Clients booked before the 15th keep $85?": the
    // closing question of a message, put as a statement (no question word, no verb before its
    // subject), offers what it states as a tag does.
    // (A question word or a verb before the subject after a lead asks too, "Before I finalise:
    // should …?", and one that offers two ways asks which.)
    closing = content === body && k === sentences.length - 1 && !asked.includes('¿') && !lex.words.statements.disjunction.test(body) && !body.split(LEAD_SEPARATOR).some((part) => lex.words.questionOpening.test(normalForm(part))) && !reportsPast(body) && stepAfterLead(lex, asked) === null;
    if (content === body && !closing) return null;
    tag = body.slice(content.length);
  }
  content = afterDocumentLabel(lex, content);
  // A tag that asks whether it is true ("The flight leaves at 10, right?") confirms a fact named
  // by a time alone; one that asks for agreement ("…, OK?") settles a schedule.
  const asksTruth = lex.words.statements.truthTag.test(tagWords(tag));
  if (!holdsWhenConfirmed(lex, content, asksTruth ? () => false : scheduled)) return null;
  const step = tagged(lex, t, content);
  return step && closing ? { ...step, closing } : step;
}

/** Whether a statement put as a question tells what happened ("The tenant moved out on the 30th?"): it checks a fact, it puts nothing up to hold. */
function reportsPast(text: string): boolean {
  // (Its last verb says: "Clients booked before the 15th keep $85?" keeps a price.)
  const verbs = docOf(text).verbs();
  return verbs.length > 0 && verbs.last().has('#PastTense');
}

/** A tag's words, without its punctuation ("…, ¿verdad" → "verdad"). */
function tagWords(text: string): string {
  return normalForm(text).replace(/^[\s,¿¡]+/u, '').replace(/[.!?\s]+$/u, '');
}

/** Whether a text sets when or how long: a clock time, a date, a weekday or month, a duration ("every Thursday at 17:00", "14 days"). */
function schedules(text: string, valueWord: (word: string) => boolean, unitSlot?: (word: string) => string | null): boolean {
  const kinds = valueFeatures(text);
  return kinds.includes('value:time') || kinds.includes('value:date') || words(text).some(valueWord) || measures(text, unitSlot).some((m) => m.slot === 'duration');
}

/** What a statement put with a tag may not be to be an offer: a report, a condition, a proposal or request put otherwise. */
const NO_OFFER_ACTS: readonly SentenceAct[] = ['past', 'hypothetical', 'proposal', 'request', 'information-request'];

/**
 * Whether a statement put with a tag says what is to hold, so that a yes settles it: a cue of a
 * decision or rule, a plan in the future or a modal, or when or how long something is ("Default
 * recall stays at 6 months", "I'll open the places on 6 September", "The newsletter runs every
 * Thursday at 17:00", "Trial length is 14 days for all plans"). A fact checked ("The open invoice
 * is 4,200 EUR, correct?"), a report, a condition, a proposal put otherwise, and a question or
 * request with a tag ("Which interval should it use, ok?", "Can you send the list, ok?", "So you
 * want …, correct?") are not.
 */
function holdsWhenConfirmed(lex: CompiledStatementLexicon, content: string, scheduled: (text: string) => boolean): boolean {
  const lower = withoutConnective(lex, normalForm(content));
  if (contentWordCount(content, lex.words) < 2 || lex.words.questionOpening.test(lower) || findAct(lex, 'you-subject', lower)?.start === 0) return false;
  if (NO_OFFER_ACTS.some((act) => hasAct(lex, act, lower))) return false;
  return decisive(lex, lower) || hasAct(lex, 'future', lower) || hasAct(lex, 'modal', lower) || scheduled(content);
}

function tagged(lex: CompiledStatementLexicon, t: CandidateTuning, content: string): OfferedStep | null {
  const shaped = shape(lex, t, content);
  return shaped.statement && wordCount(shaped.statement) <= t.statementMaxWords ? { statement: shaped.statement, type: 'decision', tagged: true } : null;
}

/**
 * A step an agent's message offers; `tagged` when it is a statement put with a tag asking for a
 * yes, `closing` when that statement is the message's closing question itself.
 */
interface OfferedStep {
  statement: string;
  type: DecisionType;
  tagged?: boolean;
  closing?: boolean;
}

/**
 * Whether message h says yes to `statement` and nothing against it: it opens with a bare yes
 * ("Yes.", "👍", "Perfecto."), and no sentence after puts another number on what the statement
 * numbers ("Yes. But make it 4 months." to "Default recall stays at 6 months").
 */
export function saysOnlyYes(input: CandidateInput, h: number, statement: string): boolean {
  const [first, ...rest] = sentencesAt(input, h);
  if (first === undefined || !hasAct(input.lexicon, 'acceptance', normalForm(first.text)) || contentWordCount(first.text, input.stems) > 1) return false;
  const offered = [{ start: 0, end: statement.length, text: statement }];
  return !rest.some((s) => correctsValue(s.text, statement, offered, input.stems, input.unitSlot));
}

/**
 * Whether a text is a question tag: a tag of the word lists ("passt das", "sound good", "oder",
 * "¿verdad"), or a word or two of assent asking for a yes ("ok", "correct", "¿vale", "de
 * acuerdo"), not an instruction on what was said ("ship it", "do that").
 */
function isTagPhrase(lex: CompiledStatementLexicon, text: string): boolean {
  const said = tagWords(text);
  if (lex.words.statements.questionTag.test(said) || lex.words.statements.truthTag.test(said)) return true;
  const yes = findAct(lex, 'acceptance', said);
  return wordCount(said) <= 2 && yes !== null && yes.start === 0 && yes.end >= said.length && !lex.words.statements.offerReferent.test(said.split(/\s+/).pop() ?? '');
}

/** A statement after the label of the kind of text it is ("Summary: orders go out on Thursdays" → "orders go out on Thursdays"). */
function afterDocumentLabel(lex: CompiledStatementLexicon, text: string): string {
  const colon = text.indexOf(': ');
  if (colon < 0) return text;
  const label = normalForm(text.slice(0, colon));
  const hit = findAct(lex, 'document-label', label);
  return hit && hit.start === 0 && hit.end >= label.length ? text.slice(colon + 2) : text;
}

/**
 * The noun phrase a statement opens with, when a verb or an aside follows it ("The revised price
 * list is ready.", "Top-up order (28 packs) would be …"); null for a question, or where the phrase
 * runs into what the sentence says of it ("The Alte Halle takes 80").
 */
function subjectBefore(lex: CompiledStatementLexicon, sentence: string): string | null {
  if (!/[.!]['"’”)]?\s*$/u.test(sentence)) return null;
  const phrase = openingPhrase(lex, sentence);
  const next = phrase === null ? undefined : sentence.trim().split(/\s+/)[phrase.split(/\s+/).length];
  return next !== undefined && (next.startsWith('(') || lex.words.statements.subjectEnder.test(next.toLowerCase().replace(/[^\p{L}'’]+$/u, ''))) ? phrase : null;
}

/**
 * "Send?" / "Publish now?" → the step without its question mark, when the question is an
 * imperative verb and, after it, only function words and words of when; else null.
 */
function bareVerbQuestion(lex: CompiledStatementLexicon, question: string, valueWord: (word: string) => boolean): string | null {
  const lower = normalForm(question);
  if (!isQuestion(question) || findAct(lex, 'directive', lower)?.start !== 0 || /:\s/.test(question) || lex.words.statements.disjunction.test(question)) return null;
  const content = questionBody(question);
  // ("Book it?" names what it acts on with its pronoun: see withReferent.)
  if (lex.words.statements.offerPronoun.test(content)) return null;
  const after = words(content).slice(1).map(bareToken);
  if (words(content).length === 0 || !after.every((w) => HAS_NUMBER.test(w) || valueWord(w) || lex.words.stopwords.has(w.toLowerCase()))) return null;
  return content;
}

/** A question without its question marks and the space around it: what it asks, put as a statement. */
function questionBody(question: string): string {
  return trimEnd(question.trim().replace(/\?+\s*$/, ''));
}

/**
 * "Send to Mrs. Petersen by email?": a question that passes a text on, with where or how it goes
 * right after the verb and no object between, acts on what the message put before it.
 */
function sendingWithoutObject(lex: CompiledStatementLexicon, question: string): string | null {
  if (!isQuestion(question)) return null;
  const content = questionBody(question);
  const [verb, next] = words(content).map((w) => bareToken(w).toLowerCase());
  return next !== undefined && lex.words.statements.sendVerb.test(verb) && lex.words.statements.objectEnder.test(next) && wordCount(content) > 2 ? content : null;
}

/** The thing an earlier sentence announces as ready before a colon ("Quote v2 ready: 188 Alder Ln, …" → "Quote v2"), or null. */
function readyLabel(lex: CompiledStatementLexicon, sentences: readonly Span[]): string | null {
  for (const s of sentences) {
    const ws = words(colonLabel(s.text));
    if (ws.length < 2 || ws.length > DRAFT_LABEL_MAX_WORDS || !lex.words.statements.readyState.test(bareToken(ws[ws.length - 1]))) continue;
    // ("The invoice batch is ready:" → "The invoice batch".)
    const thing = ws.slice(0, -1);
    while (thing.length > 1 && (lex.words.statements.singularCopula.test(thing[thing.length - 1]) || lex.words.statements.pluralCopula.test(thing[thing.length - 1]))) thing.pop();
    return thing.join(' ');
  }
  return null;
}

/** The label of a text an earlier sentence puts up for sending ("Draft reply to Pomegranate Café: …"), or null. */
function draftedLabel(lex: CompiledStatementLexicon, sentences: readonly Span[]): string | null {
  for (const s of sentences) {
    const label = colonLabel(s.text);
    if (label && wordCount(label) <= DRAFT_LABEL_MAX_WORDS && lex.words.statements.sentText.test(normalForm(label))) return label;
  }
  return null;
}

/** What a sentence puts before its first colon, "" when none. (The colon of a clock time, "Reply Monday 9 March, 12:00", ends no label.) */
function colonLabel(sentence: string): string {
  const colon = sentence.search(/:(?!\d)/);
  return colon > 0 ? sentence.slice(0, colon).trim() : '';
}

/** Whether a step says nothing a longer one does not ("Move to CSV" of "Move the exchange between services to CSV exports"). */
export function restatesShorter(short: string, long: string, stems: Stems): boolean {
  const mine = contentTokens(short, stems);
  const theirs = new Set(contentTokens(long, stems));
  return mine.length >= 2 && theirs.size > mine.length && mine.every((w) => theirs.has(w));
}

/**
 * "The lease draft should be read by your notary — shall I forward it to Dr. Kessel?": a step on
 * "it" (or "them") takes the thing the agent named just before, the noun phrase that opens the
 * clause before the offer in its sentence, or else the sentence before ("Forward the lease draft to
 * Dr. Kessel."). A phrase that opens with a pronoun, or whose number does not fit the pronoun,
 * names nothing.
 */
function withReferent(lex: CompiledStatementLexicon, sentences: readonly Span[], k: number, statement: string): string {
  const sw = lex.words.statements;
  const m = sw.offerPronoun.exec(statement);
  if (!m) return statement;
  const sentence = sentences[k].text;
  const dash = sentence.search(CLAUSE_JOIN);
  // (A line without a sentence's end, "- Aqua-fit Tuesday 18:00", is an item of a list the
  // offer is about as a whole.)
  const previous = k > 0 && /[.!]['"’”)]?\s*$/u.test(sentences[k - 1].text) ? sentences[k - 1].text : '';
  // (The sentence before may join clauses with a semicolon or a dash: "Brandt is there on
  // Thursday; the extra sockets can be done the same day." — "shall I add them …" takes the first
  // of its clauses that opens with a phrase of the pronoun's number.)
  const before = dash > 0 ? [sentence.slice(0, dash)] : previous.split(CLAUSE_JOIN);
  const plural = m[2].toLowerCase() === 'them';
  const thing = before.map((clause) => openingPhrase(lex, clause)).find((phrase) => phrase !== null && plural === /[^s]s$/i.test(phrase));
  if (!thing) return statement;
  return `${m[1]} ${thing}${statement.slice(m[0].length)}`;
}

/**
 * "Draft rota: 4 Apr U8, 11 Apr U10; May repeats in the same order. Shall I send it to the team
 * managers?" → "Send the draft rota to the team managers.": a step that passes "it" on
 * (statement-words.json, sendVerbs) and says more than when, right after a sentence that labels a
 * text for sending, passes that text on. Another verb may act on a thing the text names ("Email from
 * Maren: the printer is broken again. Shall I take it to the repair shop?"), and a step that says
 * only when is stepOnPronoun's ("Draft reply …: send today.").
 */
function withSentText(lex: CompiledStatementLexicon, sentences: readonly Span[], k: number, statement: string): string {
  const m = lex.words.statements.offerPronoun.exec(statement);
  if (!m || k === 0 || m[2].toLowerCase() !== 'it' || !lex.words.statements.sendVerb.test(m[1])) return statement;
  // (A label opens with the kind of text it is, "draft", "summary": "the" makes it the object.)
  const label = draftedLabel(lex, sentences.slice(k - 1, k));
  return label === null ? statement : `${m[1]} the ${label.charAt(0).toLowerCase()}${label.slice(1)}${statement.slice(m[0].length)}`;
}

/** How many messages before a person's statement are read for what its "it" or "them" stands for. */
const OBJECT_LOOKBACK_MESSAGES = 2;

/** What was said just before a person's statement that its "it" or "them" may stand for. */
export interface SaidBefore {
  /** The questions of the messages just before, nearest first. */
  questions: string[];
  /** The last question of the message just before, if it asks one. */
  nearest: string | null;
  /** The sentences of the message just before, when someone else wrote it: what it ends on. */
  closing: string[];
}

/**
 * What the messages just before message p asked that a person's step on "it" may answer ("Should I
 * send the report?" — "Send it tomorrow."), read once when first asked. A statement, a report or an
 * option listed there may name the same verb for another thing ("Sending the newsletter failed",
 * "(b) send the final version"), and the person's own words before are no question put to them.
 */
export function questionsBefore(input: CandidateInput, p: number): () => SaidBefore {
  let said: SaidBefore | undefined;
  return () => {
    if (said === undefined) {
      said = { questions: [], nearest: null, closing: [] };
      for (let q = p - 1; q >= Math.max(0, p - OBJECT_LOOKBACK_MESSAGES); q--) {
        const asked = sentencesAt(input, q).map((x) => x.text).filter(isQuestion).reverse();
        if (q === p - 1) said.nearest = asked[0] ?? null;
        if (q === p - 1 && input.messages[q].author !== input.messages[p].author) said.closing = sentencesAt(input, q).map((x) => x.text);
        said.questions.push(...asked);
      }
    }
    return said;
  };
}

/** A person's statement with its "it" or "them" read as `withObjectOfPronoun` reads it; the words as said stay its `said`. */
export function withPronounObject(input: CandidateInput, before: () => SaidBefore, c: SentenceCandidate): SentenceCandidate {
  const statement = withObjectOfPronoun(input.lexicon, input.stems, before, c.statement, whenWord(input), input.unitSlot);
  return statement === c.statement ? c : { ...c, statement, said: c.said ?? c.statement };
}

/** The most words a noun phrase named after its determiner may have to stand for "it" or "them". */
const OBJECT_MAX_WORDS = 4;

/** The most words before a verb in which a negator rules that saying of it out ("don't raise the price"). */
const NEGATOR_REACH = 2;

/**
 * "Raise it to 700." answering "Should I trim the basket or do you want to raise the cap?": a step
 * on "it" or "them" is that step on the thing the question before it puts up, "Raise the cap to
 * 700.". The question that says the step's own verb with its object decides (`objectOfSameVerb`);
 * one that says it with no such object ("can we push it?") names nothing. Otherwise a step that
 * passes a text on passes on the text the question just before offers to write ("Shall I draft
 * the rate card?" — "Send it to Derek."). An "it" that settles a value or makes a turn of phrase
 * ("Friday it is.", "Take it easy.", "Tell IT first.") stays.
 */
function withObjectOfPronoun(lex: CompiledStatementLexicon, stems: Stems, before: () => SaidBefore, statement: string, valueWord: (word: string) => boolean, unitSlot?: (word: string) => string | null): string {
  const m = lex.words.statements.offerPronoun.exec(statement);
  if (!m || m[2] !== m[2].toLowerCase() || valueWord(m[1])) return statement;
  // (What follows "it" shows it is the object: a word that may end one, or a when. "Call it off."
  // is another verb than "call the caterer", and "Send them a reminder." sends to them.)
  const [next = '', then = ''] = statement.slice(m[0].length).trim().split(/\s+/).map(bareToken);
  const follows = endsObject(lex, next, valueWord) || HAS_NUMBER.test(next) || whenAfterFunctionWord(lex, next, then, valueWord);
  if (!follows || lex.words.statements.verbParticle.test(next)) return statement;
  const verb = stems.of(m[1].toLowerCase());
  const plural = m[2].toLowerCase() === 'them';
  const said = before();
  const same = objectOfSameVerb(lex, stems, said.questions, verb, plural, valueWord);
  const phrase = same === undefined ? (textOfOnlyStep(lex, said.nearest, m[1], plural, valueWord) ?? labelledThing(lex, stems, said.closing, { verb: m[1], plural, statement }, valueWord, unitSlot)) : same;
  return phrase === null ? statement : `${m[1]} ${phrase}${statement.slice(m[0].length)}`;
}

/**
 * The thing a line's label before its colon names, or null: "Meeting", "Publishing", "Back label
 * ABV"; "Proposed gateway SLO" names the gateway SLO. A person of the discussion ("Jonas: 7 days
 * ahead ok?") or a word for the kind of text ("Question:", "Reminder:", "FYI:") names no thing.
 */
export function thingLabel(lex: CompiledStatementLexicon, stems: Stems, label: string, people?: ReadonlyMap<string, string>): string | null {
  // ("Proposed gateway SLO": what was proposed is the gateway SLO.)
  const named = withoutProposalLead(lex, label);
  if (named.includes(':') || people?.has(named.toLowerCase())) return null;
  // ("Draft: resin €0.25/ml, …": a draft is no thing a value is of. Nor is an agent's
  // "Understood:" or "Noted:" before what it took on.)
  if ((['document-label', 'acknowledgement', 'proposal-label', 'aside'] as const).some((act) => onlyAct(lex, act, named))) return null;
  // ("Options: Saturday May 9, 2-5 pm; Sunday May 17 …": what a list of options is called is
  // no thing the value picked from it is of.)
  if (lex.words.statements.optionNoun.test(named.trim())) return null;
  // (A label that names a thing has only content words: "Meeting", not "For reference".)
  if (wordCount(named) > 3 || !words(named).every((w) => contentToken(w, stems) !== null)) return null;
  return isPersonName(named, people) ? null : named;
}

/** A person of the discussion, or one word the tagger knows as a name ("Jonas", "Carmen"); "Amber alert" is no name. */
export function isPersonName(phrase: string, people?: ReadonlyMap<string, string>): boolean {
  if (people?.has(phrase.toLowerCase())) return true;
  if (wordCount(phrase) !== 1) return false;
  return docOf(phrase).has('#Person');
}

/** A label without the word that says it was put up for a decision ("Proposed gateway SLO" → "Gateway SLO"). */
export function withoutProposalLead(lex: CompiledStatementLexicon, label: string): string {
  const lead = findAct(lex, 'proposal-label', normalForm(label));
  return lead && lead.start === 0 && lead.end < label.length ? sentenceCase(label.slice(lead.end).trim()) : label;
}

/** The fewest words a label may have to stand for "it" or "them" (one word may be a person's name: "Priya: …"). */
const LABEL_MIN_WORDS = 2;

/**
 * "The spare pads: return them or keep?" — "Keep them.": a step on "it" or "them" that no
 * question puts a thing up for acts on the thing the message just before closes by asking of
 * alone, by its label. A step that gives a thing another value ("Lower it to 2.") gives it to the
 * value the message ends on by its label, where its value is of that kind ("Current threshold: 3
 * flaky failures in 7 days." → "Lower the current threshold to 2."; "Multi-day discount:
 * currently 10% from 3 days. Keep it?" — "Make it from 4 days." → "Make the multi-day discount
 * from 4 days."). A status line the message happens to end on ("Priority: P2.", "Duration: 3 h")
 * is no thing a step such as "Assign it to Jonas." or "Move it to 01:00." acts on.
 */
function labelledThing(lex: CompiledStatementLexicon, stems: Stems, closing: readonly string[], step: { verb: string; plural: boolean; statement: string }, valueWord: (word: string) => boolean, unitSlot?: (word: string) => string | null): string | null {
  const asked = closing.map(isQuestion).lastIndexOf(true);
  // (The question may be followed by a sentence on why: "… return them or keep? They fit the old bikes.")
  const at = asked >= 0 && asked >= closing.length - 2 ? asked : closing.length - 1;
  if (at < 0) return null;
  const asks = isQuestion(closing[at]);
  if (asks && !asksOfPronounAlone(lex, closing[at])) return null;
  const own = asks ? labelOf(lex, stems, closing[at], valueWord, unitSlot) : null;
  if (own !== null) return endsInNoun(own, step.plural) ? theThing(lex, own) : null;
  const v = asks ? at - 1 : at;
  const valued = closing[v];
  if (valued === undefined || !lex.words.statements.valueVerb.test(step.verb)) return null;
  // (Two labelled lines in a row, "Reorder point: 20 units. Current stock: 14 units.", leave open
  // which one a value of their kind is given to.)
  if (v > 0 && labelOf(lex, stems, closing[v - 1], valueWord, unitSlot) !== null && givesValueOfKind(step.statement, closing[v - 1], unitSlot)) return null;
  const label = labelOf(lex, stems, valued, valueWord, unitSlot);
  if (label === null || !endsInNoun(label, step.plural) || !givesValueOfKind(step.statement, valued.slice(valued.indexOf(':')), unitSlot)) return null;
  return theThing(lex, label);
}

/**
 * Whether a step gives a value of a kind a text says: of one unit's slot ("4 days" and "3 days"), of
 * one unit ("3 bar" and "4 bar"), or a bare number where the text counts or gives an amount ("2"
 * and "3 flaky failures"); a clock time is of no kind a count or a span is ("01:00" and "3 h 10 min").
 */
function givesValueOfKind(step: string, said: string, unitSlot?: (word: string) => string | null): boolean {
  const clock = (x: Measure) => x.number.includes(':') || x.slot === 'time' || x.slot === 'date';
  const theirs = measures(said, unitSlot);
  return measures(step, unitSlot).some((a) => !clock(a) && theirs.some((b) => (a.slot !== null ? a.slot === b.slot : a.unit === '' ? !clock(b) : a.unit === b.unit)));
}

/** Whether a question asks of "it" or "them" with a verb, or is a few words only: "Keep it?", "Return them or keep?", "Keep or drop?". */
function asksOfPronounAlone(lex: CompiledStatementLexicon, question: string): boolean {
  const asked = question.slice(question.indexOf(': ') + 1).trim();
  const ws = asked.split(/\s+/);
  return ws.length <= 3 || ws.some((_, k) => lex.words.statements.offerPronoun.test(ws.slice(k).join(' ')));
}

/**
 * The label a sentence opens with before a colon ("Current threshold: 3 flaky failures"), where it
 * names a thing (`thingLabel`, after a determiner: "The B01S pads") in two words at least (one may
 * be a person's name: "Priya: …"), no name of capitalised words only ("Priya Shah:"), and no time
 * ("Last month:").
 */
function labelOf(lex: CompiledStatementLexicon, stems: Stems, sentence: string, valueWord: (word: string) => boolean, unitSlot?: (word: string) => string | null): string | null {
  const m = /^([^:]*\p{L}):\s+\S/u.exec(sentence.trim());
  if (m === null) return null;
  const label = m[1].trim();
  const [first, ...rest] = label.split(/\s+/);
  const determined = lex.words.referenceDeterminer.test(first);
  // (The discussion's people are not at hand here: a name of one word the tagger knows still is one.)
  const thing = thingLabel(lex, stems, determined ? rest.join(' ') : label);
  if (thing === null || wordCount(label) < LABEL_MIN_WORDS || label.split(/\s+/).every((w) => /^\p{Lu}/u.test(w))) return null;
  if (words(label).some((w) => valueWord(w) || lex.words.statements.whenAdverb.test(w) || (unitSlot?.(w) ?? null) !== null)) return null;
  return docOf(thing).has('#Verb') ? null : determined ? `${first} ${thing}` : thing;
}

/** A label as the thing it names: with "the" unless it has a determiner, and its first word lowercased unless it opens a name ("Current threshold" → "the current threshold", "Kiln Lane pump" → "the Kiln Lane pump"). */
function theThing(lex: CompiledStatementLexicon, label: string): string {
  const [first, second = ''] = label.split(/\s+/);
  if (lex.words.referenceDeterminer.test(first)) return label.replace(/^\p{Lu}/u, (c) => c.toLowerCase());
  const name = /^\p{Lu}/u.test(second) || /^\p{Lu}{2}/u.test(first) || /\p{N}/u.test(first);
  return `the ${name ? label : label.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())}`;
}

/**
 * The object the questions before (nearest first) give the step's verb: after "I", "we", "you"
 * or "to" ("should I send", "can we push", "want to raise"), or opening the question ("Send the
 * newsletter to all members today?"), not ruled out. Null when the nearest question that says the
 * verb gives it no such object, undefined when none says it.
 */
function objectOfSameVerb(lex: CompiledStatementLexicon, stems: Stems, questions: readonly string[], verb: string, plural: boolean, valueWord: (word: string) => boolean): string | null | undefined {
  for (const sentence of questions) {
    const toks = sentence.split(/\s+/).filter(Boolean);
    for (let at = toks.length - 1; at >= 0; at--) {
      if (stems.of(bareToken(toks[at])) !== verb || (at > 0 && !lex.words.statements.stepSubject.test(bareToken(toks[at - 1])))) continue;
      if (lex.words.cues.negator.test(toks.slice(Math.max(0, at - NEGATOR_REACH), at).join(' ').toLowerCase())) continue;
      const phrase = objectAfter(lex, toks.slice(at + 1), valueWord);
      return phrase === null || !endsInNoun(phrase, plural) ? null : phrase;
    }
  }
  return undefined;
}

/**
 * "Shall I draft the rate card?" — "Send it to Derek first.": a step that passes a thing on
 * (statement-words.json sendVerbs) passes on the text the question just before offers to write
 * (textVerbs: draft, revise, prepare …), when that question puts up that one step on one thing
 * after "I", "we", "you" or "to" and rules nothing out. What a question offers to do to anything
 * else is no text to pass on ("The Q3 report is ready. Shall I book the room?" — "Send it to
 * Derek." sends the report, not the room), and nor is what an earlier message asked about.
 */
function textOfOnlyStep(lex: CompiledStatementLexicon, question: string | null, verbSaid: string, plural: boolean, valueWord: (word: string) => boolean): string | null {
  const sw = lex.words.statements;
  // (A question with "or" puts up a choice, not one thing: "Shall I draft the letter or do you want to write the email?")
  if (question === null || !sw.sendVerb.test(verbSaid) || sw.disjunction.test(question)) return null;
  const toks = question.split(/\s+/).filter(Boolean);
  if (toks.some((t) => lex.words.cues.negator.test(t.toLowerCase().replace(/[^\p{L}'’]+$/u, '')))) return null;
  const steps: Array<{ verb: string; phrase: string }> = [];
  for (let at = 1; at < toks.length; at++) {
    if (!sw.stepSubject.test(bareToken(toks[at - 1]))) continue;
    const phrase = objectAfter(lex, toks.slice(at + 1), valueWord);
    if (phrase !== null) steps.push({ verb: bareToken(toks[at]), phrase });
  }
  if (steps.length !== 1 || !sw.textVerb.test(steps[0].verb)) return null;
  return endsInNoun(steps[0].phrase, plural) ? steps[0].phrase : null;
}

/** Whether a word may follow a verb's whole object: the end, a word that says when, or one of the object enders. */
function endsObject(lex: CompiledStatementLexicon, word: string, valueWord: (word: string) => boolean): boolean {
  const sw = lex.words.statements;
  return word === '' || valueWord(word) || sw.whenAdverb.test(word) || sw.objectEnder.test(word);
}

/** A function word before a value or a word that says when ("for 9:00", "on Friday", "bis morgen"): together they say when. */
function whenAfterFunctionWord(lex: CompiledStatementLexicon, word: string, next: string, valueWord: (word: string) => boolean): boolean {
  return lex.words.stopwords.has(word) && next !== '' && (HAS_NUMBER.test(next) || valueWord(next) || lex.words.statements.whenAdverb.test(next));
}

/**
 * Whether a phrase ends in a noun of the pronoun's number, as the tagger reads it: "the menus" and
 * "the children" are plural, "the bonus" and "the staff" singular, "the news" neither; "the cap
 * higher" and "the list short" end in what the object is made, not in the object. Asked only for a
 * phrase about to stand for "it" or "them".
 */
function endsInNoun(phrase: string, plural: boolean): boolean {
  return docOf(phrase).has(plural ? '#Plural$' : '#Singular$');
}

/**
 * The noun phrase that opens `toks`: a determiner (not a pointing word, which may be a conjunction
 * or say when: "check that Marc approved", "push this week"), then at most a few words of content,
 * none a name after the first ("the draft Marc asked about"), up to a mark or a word that may
 * follow a whole object. Null when it runs on into more than that ("the new very big report", "the
 * price for students") or sets another thing beside it ("the report, or the draft").
 */
function objectAfter(lex: CompiledStatementLexicon, toks: readonly string[], valueWord: (word: string) => boolean): string | null {
  const sw = lex.words.statements;
  const first = bareToken(toks[0] ?? '');
  // ("my" is the one who said it, not the one whose step it is: "Should I send my notes?")
  if (/[,;:.!?)]$/.test(toks[0] ?? '') || !lex.words.referenceDeterminer.test(first) || sw.pointingPronoun.test(first) || ` ${first} `.search(sw.speakerSelf) >= 0 || sw.speakerWord.test(first)) return null;
  const out: string[] = [];
  let k = 1;
  for (; k < toks.length; k++) {
    const t = toks[k];
    const word = bareToken(t);
    // (An adverb in -ly or a particle ends it only at the sentence's end or before a word that ends
    // an object: "raise the cap slightly?", "set the level back to info"; "the big family room"
    // and "the old back door" go on.)
    const after = bareToken(toks[k + 1] ?? '');
    const last = k + 1 >= toks.length || /[,;:.!?)]$/.test(t) || endsObject(lex, after, valueWord);
    // (What joins another thing or step to it, "or", "and", is read after the loop.)
    if (t.startsWith('(') || endsObject(lex, word, valueWord) || whenAfterFunctionWord(lex, word, after, valueWord) || (last && (/\p{L}{3,}ly$/u.test(word) || sw.verbParticle.test(word))) || sw.disjunction.test(word) || sw.itemJoiner.test(word)) break;
    // (A link's or a note's brackets are no words of a phrase.)
    if (/[[\]]/.test(t)) return null;
    if (lex.words.stopwords.has(word) || sw.offerPronoun.test(`x ${word}`) || (out.length > 0 && /^\p{Lu}/u.test(t)) || out.length === OBJECT_MAX_WORDS) return null;
    out.push(t.replace(/[,;:.!?)]+$/u, ''));
    if (/[,;:.!?)]$/.test(t)) {
      k++;
      break;
    }
  }
  // ("the report or the draft", "the chairs and tables", "keep the rule or charge …": two things,
  // or one and a second step.)
  const joined = k < toks.length && (sw.disjunction.test(bareToken(toks[k])) || sw.itemJoiner.test(bareToken(toks[k])));
  if (out.length === 0 || out.every((w) => HAS_NUMBER.test(w)) || joined) return null;
  const phrase = [first, ...out].join(' ');
  return opensQuote(phrase) ? null : phrase;
}

/** What joins two clauses of one sentence: a semicolon, or a dash between spaces. */
const CLAUSE_JOIN = /;\s|\s[-–—]\s/;

/** The noun phrase a clause opens with, up to its verb (at most five words, no pronoun, no number): "The lease draft", "Vogt's deposit invoice". */
function openingPhrase(lex: CompiledStatementLexicon, clause: string): string | null {
  const sw = lex.words.statements;
  const toks = clause.replace(/^\s*@\S+\s+/, '').split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const t of toks) {
    const word = t.toLowerCase().replace(/[^\p{L}\p{N}'’&-]+$/u, '');
    if (sw.subjectEnder.test(word) || /^[(\d]/.test(t)) break;
    if (/\d/.test(word) && out.length === 0) return null;
    out.push(t.replace(/[,;:.!?]+$/u, ''));
    if (out.length > 5 || /[,;:.!?]$/.test(t)) return null;
  }
  // (It opens with a word of content or a determiner, "the", "our": "It came …", "If we …" name nothing.)
  const [first] = out;
  const determiner = first !== undefined && lex.words.referenceDeterminer.test(first);
  if (first === undefined || out.length === toks.length || (lex.words.stopwords.has(first.toLowerCase()) && !determiner)) return null;
  if (!out.some((w) => !lex.words.stopwords.has(w.toLowerCase()))) return null;
  // (A phrase cut at a number, "Last year's quote for a" of "Last year's quote for a 20,000 L
  // tank was $61k", ends on a function word: it names nothing whole.)
  if (out.length > 1 && lex.words.stopwords.has(out[out.length - 1].toLowerCase())) return null;
  const phrase = [determiner ? first.toLowerCase() : first, ...out.slice(1)].join(' ');
  // (A phrase cut inside a quote, "Draft 'Price list" of "Draft 'Price list 2026 – Hanse' ready", names nothing whole.)
  return opensQuote(phrase) ? null : phrase;
}

/** Whether a text opens a quote before a word that it does not close ("Draft 'Price list"; not "the '90s list", nor „2026 list"). */
function opensQuote(text: string): boolean {
  const open = /(?:^|\s)['"‘“„«](?=\p{L})/u.exec(text);
  return open !== null && !/['"’”“»]/u.test(text.slice(open.index + open[0].length));
}

// A lead and the step put after it: "Payment terms — keep the 30% deposit?", "Mulch for the
// beds: order 4 yd from GreenCycle?". (A colon of a clock time is no separator.)
const LEAD_SEPARATOR = /\s[-–—]\s|(?<!\d):\s/u;
const STEP_LEAD_MAX_WORDS = 12;

/**
 * The step a question puts in the imperative after a lead: "Payment terms — keep the 30% deposit?",
 * "Kessler still needs 8 yd of topsoil — order from GreenCycle for Mon May 18?", "Pau: enter the
 * km at each return?". A lead that names what the step acts on is kept with it; one that names
 * nothing ("Quick question — …", "One more thing: …") is left out. A lead that asks or proposes
 * itself ("Shall I …: …", "Options: …") or a step that asks which ("— one go or split?") offers no
 * step: null.
 */
function stepAfterLead(lex: CompiledStatementLexicon, s: string): string | null {
  const sep = LEAD_SEPARATOR.exec(s);
  if (sep === null) return null;
  const lead = s.slice(0, sep.index);
  const step = s.slice(sep.index + sep[0].length);
  if (wordCount(lead) === 0 || wordCount(lead) > STEP_LEAD_MAX_WORDS || LEAD_SEPARATOR.test(step)) return null;
  const leadLower = normalForm(lead);
  if (proposalCue(lex, leadLower) || lex.words.questionOpening.test(leadLower) || introducesOptions(lex, lead)) return null;
  if (findAct(lex, 'directive', normalForm(step))?.start !== 0 || contentWordCount(step, lex.words) < 2 || lex.words.statements.disjunction.test(step)) return null;
  return namesALead(lex, lead) ? s : step;
}

/**
 * Whether a lead names something: a word of its own that is no function word, no number alone and
 * no filler ("Quick question —", "One more thing:", "Sorry for the delay on this —" name nothing;
 * a stray "12 —" left of a date cut short neither).
 */
function namesALead(lex: CompiledStatementLexicon, lead: string): boolean {
  const lower = normalForm(lead);
  if (hasAct(lex, 'smalltalk', lower) || hasAct(lex, 'aside', lower)) return false;
  return words(lead).some((w) => {
    const t = bareToken(w).toLowerCase();
    return /\p{L}/u.test(t) && !lex.words.stopwords.has(t) && !lex.words.statements.fillerLeads.has(t);
  });
}

/** What one sentence of an agent's message offers to do or proposes, or null. */
function proposalIn(lex: CompiledStatementLexicon, t: CandidateTuning, s: string): { statement: string; type: DecisionType } | null {
  const lower = normalForm(s);
  // (What an agent says it would do, "I'd book half of the hall", is a step it puts up, as "I'll …" is.)
  const would = findAct(lex, 'would-step', lower);
  const cue = proposalCue(lex, lower) ?? would;
  // "Book the Alte Halle?": a question that is a step in the imperative offers to take it, as
  // "Shall I book the Alte Halle?" does.
  if (!cue && isQuestion(s) && findAct(lex, 'directive', lower)?.start === 0 && !/:\s/.test(s)) return offeredStep(lex, t, s);
  const afterLead = !cue && isQuestion(s) ? stepAfterLead(lex, s) : null;
  if (afterLead !== null) return offeredStep(lex, t, afterLead);
  // "Proposal for the spring intake:" introduces what follows; it proposes nothing itself.
  if (!cue || /:\s*$/.test(s)) return null;
  // ("I could also hold 4 slots …": the joining word after the cue is no part of the step. Only
  // that word: a name after the cue is what is proposed, "I propose Anna, not Tom, as lead".)
  let content = s.slice(cue.end).replace(/^[\s:,]+/, '');
  const joining = findAct(lex, 'connective', normalForm(content));
  if (joining?.start === 0 && contentWordCount(content.slice(joining.end), lex.words) >= 2) content = content.slice(joining.end).trimStart();
  // "suggests that services exchange …" proposes the clause after "that"; "I'd suggest that one" the option it points at.
  const joined = content.replace(lex.words.statements.proposalComplementizer, '');
  if (joined !== content && !verbless(joined)) content = joined;
  // "Shall I proceed with both?" refers back: the proposal is in the sentences before.
  if (contentWordCount(content, lex.words) < 2) return null;
  content = withoutQuestionTag(lex, trimEnd(content.replace(/\?+$/, '')));
  // "Shall I proceed with both?" points back at what came before; it names nothing itself.
  const back = findAct(lex, 'acceptance', normalForm(content));
  if (back && back.start === 0 && contentWordCount(content.slice(back.end), lex.words) < 2) return null;
  const shaped = shape(lex, t, content);
  if (!shaped.statement || wordCount(shaped.statement) > t.statementMaxWords) return null;
  const type: DecisionType = cue === would || hasAct(lex, 'offer', lower.slice(cue.start, cue.end)) ? 'action_item' : 'decision';
  return { statement: shaped.statement, type };
}

/**
 * The proposal cue of a sentence, past an ask for the person's word: "Let me know if the wording
 * reads ok." offers nothing ("let me" is part of the ask); "Let me know and I'll send it to the
 * client today." offers what follows the ask.
 */
export function proposalCue(lex: CompiledStatementLexicon, lower: string): ActHit | null {
  let from = 0;
  for (;;) {
    const rest = lower.slice(from);
    const cue = findAct(lex, 'proposal', rest);
    if (!cue) return null;
    const ask = askAround(lex, rest, cue);
    if (!ask) return from === 0 ? cue : { start: cue.start + from, end: cue.end + from };
    from += ask.end;
  }
}

/** The ask for the person's word ("let me know", "keep me posted") whose words hold the cue, if any. */
function askAround(lex: CompiledStatementLexicon, text: string, cue: ActHit): ActHit | null {
  let from = 0;
  for (;;) {
    const ask = findAct(lex, 'feedback-request', text.slice(from));
    if (!ask || ask.start + from > cue.start) return null;
    if (ask.end + from >= cue.end) return { start: ask.start + from, end: ask.end + from };
    from += ask.end;
  }
}

/** "I'll email the rules to all plan customers, ok?" offers the step without the tag that asks for the go-ahead ("…, ok", "…, right", "…, vale"). */
export function withoutQuestionTag(lex: CompiledStatementLexicon, content: string): string {
  const tag = /,\s*([^,]+)$/.exec(content);
  return tag && isTagPhrase(lex, tag[1]) ? content.slice(0, tag.index) : content;
}
