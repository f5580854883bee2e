// Rule packs are data (rules/*.json); this module turns one rule into a matcher and applies it to
// a message in its context (the message it answers and that message's own detections).
import { compilePhrases, WORD_CHAR } from './phrases';
import { contentTokens, eitherOrSides, isQuestion, sentences, type Stems, wordCount } from './text';
import { PorterStems } from './porter';
import type { Detection, Message, Role, RuleKind, RuleSpec, Words } from './types';

export interface CompiledRule {
  spec: RuleSpec;
  id: string;
  kind: RuleKind;
  cue: RegExp;
  /** The cue followed by whitespace, case-insensitive, over the original text: what comes after it is a clause. */
  follow: RegExp;
  /**
   * One word of each of the rule's phrases (apostrophes dropped; see anchorWordsOf). A message
   * containing none of them cannot match, so the regex is skipped. null for regex rules.
   */
  firstWords: ReadonlySet<string> | null;
  unless: RegExp | null;
  previousUnless: RegExp | null;
  weight: number;
  /** true when the rule reads the answered message's detections (run after context-free rules). */
  contextual: boolean;
  /** The engine's word lists the rule was compiled with: its position, negation and question checks read them. */
  words: Words;
}

/** What a rule may look at besides the message itself. */
export interface RuleContext {
  /** The message this one answers: the nearest earlier message by another speaker. */
  answered: Message | null;
  answeredKinds: ReadonlySet<RuleKind>;
  /** The kinds of the answered message and of the agent message behind it, back through people's replies (a rule's `throughReplies`; see detect.ts agentBehindReplies); absent when there is none. */
  reachedKinds?: ReadonlySet<RuleKind>;
  /** The answered message's stemmed content tokens, when its analysis has them (an echo rule compares with them). */
  answeredTokens?: readonly string[];
  /** The run's stem memo: an echo rule stems its reference through it. */
  stems?: Stems;
  /** The role of the next message by another speaker: null when none has come yet; absent when not known. */
  nextRole?: Role | null;
  /** How many characters of the message name the one it is said to ("Tom, no – …"): a speaker of the discussion, by the first word of their name, then a comma. */
  addressed?: number;
  /** Whether the message opens, after one word ("No,"), with another number than the one the answered message's closing question puts up (see detect.ts setsAskedValueAside), asked when a rule needs it. */
  setsAskedValueAside?: () => boolean;
}

const MESSAGE_WORD = new RegExp(`[${WORD_CHAR}]+(?:['\u2019-][${WORD_CHAR}]+)*`, 'g');

/** Lowercased words of a text for the first-word prefilter: apostrophes dropped, hyphenated words also split. */
export function wordSet(lower: string): Set<string> {
  const out = new Set<string>();
  for (const w of lower.match(MESSAGE_WORD) ?? []) {
    const bare = w.replace(/['\u2019]/g, '');
    out.add(bare);
    if (bare.includes('-')) for (const part of bare.split('-')) out.add(part);
  }
  return out;
}

/**
 * One anchor word per phrase — its longest word, a cheap stand-in for its rarest. A message that
 * contains no anchor of a rule cannot match it, so most rules skip their regex on most messages.
 */
function anchorWordsOf(spec: RuleSpec): Set<string> | null {
  if (spec.regex || !spec.phrases?.length) return null;
  const out = new Set<string>();
  for (const p of spec.phrases) {
    const ws = p
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w !== '...')
      .map((w) => w.replace(/'/g, '').replace(/^[^a-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]+|[^a-z0-9\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]+$/g, ''))
      .filter(Boolean);
    if (ws.length === 0) return null;
    // Hyphenated words are indexed whole and by parts; anchor on the whole word.
    out.add(ws.reduce((a, b) => (b.length > a.length ? b : a)));
  }
  return out;
}

export function compileRule(spec: RuleSpec, words: Words): CompiledRule {
  const sources: string[] = [];
  if (spec.phrases && spec.phrases.length > 0) sources.push(compilePhrases(spec.phrases).source);
  if (spec.regex) sources.push(`(?:${spec.regex})`);
  if (sources.length === 0) throw new Error(`rule ${spec.id} has neither phrases nor regex`);
  return {
    spec,
    id: spec.id,
    kind: spec.kind,
    cue: new RegExp(sources.join('|'), 'g'),
    follow: new RegExp(`(?:${sources.join('|')})\\s+`, 'gi'),
    firstWords: anchorWordsOf(spec),
    unless: spec.unless && spec.unless.length > 0 ? compilePhrases(spec.unless) : null,
    previousUnless: spec.previousUnless && spec.previousUnless.length > 0 ? compilePhrases(spec.previousUnless) : null,
    weight: spec.weight ?? 1,
    contextual: Boolean(spec.previousHas?.length || spec.previousLacks?.length),
    words,
  };
}

const ADDRESSEE = /^\s*@?[\p{L}\p{N}_.\-]{1,30}:\s+/u;

function roleMatches(want: 'human' | 'bot' | 'any' | undefined, role: Role): boolean {
  if (!want || want === 'any' || role === 'unknown') return true;
  return want === role;
}

/** Whether only an addressee and the words that may stand before a cue (cues.json leadingFillers) come before it. */
function atStart(rule: CompiledRule, prefix: string): boolean {
  const rest = prefix.replace(ADDRESSEE, '');
  const filler = rule.words.cues.leadingFiller.exec(rest);
  return (filler ? filler[0].length : 0) === rest.length;
}

/** Applies one compiled rule; returns the detection or null. */
export function applyRule(rule: CompiledRule, message: Message, lower: string, ctx: RuleContext, words?: ReadonlySet<string>): Detection | null {
  const spec = rule.spec;
  if (!roleMatches(spec.speaker, message.role)) return null;
  if (rule.firstWords) {
    const have = words ?? wordSet(lower);
    let any = false;
    for (const w of have) {
      if (rule.firstWords.has(w)) {
        any = true;
        break;
      }
    }
    if (!any) return null;
  }
  if (spec.replyTo && spec.replyTo !== 'any') {
    const a = ctx.answered;
    if (!a) return null;
    if (spec.replyTo !== 'other' && !roleMatches(spec.replyTo, a.role)) return null;
  }
  if (spec.nextTurn === 'agent' && !agentTakesTurn(rule, message, ctx)) return null;
  if (spec.replyToQuestion && spec.replyToQuestion !== 'allow') {
    const asked = ctx.answered !== null && isQuestion(ctx.answered.text);
    if (asked !== (spec.replyToQuestion === 'require')) return null;
  }
  const previousKinds = spec.throughReplies ? (ctx.reachedKinds ?? ctx.answeredKinds) : ctx.answeredKinds;
  if (spec.previousHas && !spec.previousHas.some((k) => previousKinds.has(k))) return null;
  if (spec.previousLacks && spec.previousLacks.some((k) => ctx.answeredKinds.has(k))) return null;
  if (spec.previousMinWords !== undefined && (!ctx.answered || wordCount(ctx.answered.text) < spec.previousMinWords)) return null;
  if (rule.previousUnless && ctx.answered) {
    rule.previousUnless.lastIndex = 0;
    if (rule.previousUnless.test(ctx.answered.text.toLowerCase())) return null;
  }
  if (spec.maxWords !== undefined || spec.minWords !== undefined) {
    const n = wordCount(message.text);
    if (spec.maxWords !== undefined && n > spec.maxWords) return null;
    if (spec.minWords !== undefined && n < spec.minWords) return null;
  }
  rule.cue.lastIndex = 0;
  let m: RegExpExecArray | null;
  let tries = 0;
  while ((m = rule.cue.exec(lower)) !== null && tries++ < 8) {
    if (m[0].length === 0) {
      rule.cue.lastIndex++;
      continue;
    }
    const start = m.index;
    const end = start + m[0].length;
    if (
      passesPosition(rule, lower, start, ctx.addressed) &&
      passesQuestion(spec, lower, start) &&
      passesOpenQuestion(rule, lower, start) &&
      passesNegation(rule, lower, start) &&
      passesHypothetical(rule, lower, start) &&
      passesEcho(rule, m, ctx)
    ) {
      if (rule.unless) {
        rule.unless.lastIndex = 0;
        if (rule.unless.test(lower)) return null;
      }
      return { ruleId: rule.id, kind: rule.kind, index: message.index, start, end, weight: rule.weight };
    }
  }
  return null;
}

/**
 * Whether a reply that only answers the agent's question is left to the agent: the next turn by
 * another speaker has come and is the agent's (or a speaker of unknown role). A reply to anything
 * but a question (a statement, a report, a read-back), or one that takes up what the agent stated
 * before its question ("Bella is due for her booster on 3 May. Shall I send the reminder?" — "No,
 * Bella had it in January."), rejects something the agent claimed, whoever speaks next. A reply
 * nobody has answered yet counts: it may be the correction the agent is about to act on.
 */
function agentTakesTurn(rule: CompiledRule, message: Message, ctx: RuleContext): boolean {
  const a = ctx.answered;
  if (!a || a.role !== 'bot' || !isQuestion(a.text) || ctx.answeredKinds.has('readback') || ctx.nextRole == null) return true;
  if (takesUpStatement(rule, message.text, a.text, ctx) || ctx.setsAskedValueAside?.() === true) return true;
  return ctx.nextRole === 'bot' || ctx.nextRole === 'unknown';
}

/** The run's stem memo, or one of the rule's own where the caller gave none (the rule tester). */
function stemsOf(rule: CompiledRule, ctx: RuleContext): Stems {
  return ctx.stems ?? new PorterStems(rule.words);
}

/** Whether a reply names a content word of what the answered message states before its closing question. */
function takesUpStatement(rule: CompiledRule, reply: string, answered: string, ctx: RuleContext): boolean {
  const stated = sentences(answered).filter((s) => !isQuestion(s.text));
  if (stated.length === 0) return false;
  const stems = stemsOf(rule, ctx);
  const said = new Set(stated.flatMap((s) => contentTokens(s.text, stems)));
  return contentTokens(reply, stems).some((t) => said.has(t));
}

function sentenceAt(text: string, offset: number): { start: number; end: number; text: string } {
  for (const s of sentences(text)) if (offset >= s.start && offset < s.end) return s;
  return { start: 0, end: text.length, text };
}

function passesPosition(rule: CompiledRule, lower: string, start: number, addressed = 0): boolean {
  const pos = rule.spec.position ?? 'anywhere';
  if (pos === 'anywhere') return true;
  if (pos === 'message-start') return atStart(rule, lower.slice(start >= addressed ? addressed : 0, start));
  const s = sentenceAt(lower, start);
  return atStart(rule, lower.slice(s.start === 0 && start >= addressed ? addressed : s.start, start));
}

function passesQuestion(spec: RuleSpec, lower: string, start: number): boolean {
  const q = spec.question ?? 'allow';
  if (q === 'allow') return true;
  const s = sentenceAt(lower, start);
  let asked = isQuestion(s.text);
  // "Yes please, what genre is it?": a short opener set off by a comma is its own clause; the
  // question that follows it does not make the opener a question.
  if (asked && q === 'reject') {
    const comma = lower.indexOf(',', start);
    if (comma > start && comma < s.end && wordCount(lower.slice(s.start, comma)) <= 4) asked = false;
  }
  return q === 'require' ? asked : !asked;
}

/** A rule that rejects open questions does not fire in a question that opens with a wh-word (it asks for content, not a yes or no). */
function passesOpenQuestion(rule: CompiledRule, lower: string, start: number): boolean {
  if (rule.spec.openQuestion !== 'reject') return true;
  const s = sentenceAt(lower, start);
  return !(isQuestion(s.text) && rule.words.cues.openQuestion.test(s.text));
}

/** A rule that rejects hypotheticals does not fire in a sentence that only supposes ("what if…"). */
function passesHypothetical(rule: CompiledRule, lower: string, start: number): boolean {
  if (rule.spec.hypothetical !== 'reject') return true;
  const s = sentenceAt(lower, start);
  return !rule.words.cues.supposing.test(s.text);
}

/**
 * The word that opens the question closing a message, after a "shall I", "should we" or "OK to"
 * (cues.json stepQuestionLeads): "… 17 March.' Send?" → send, "Book it?" → book, "Shall I send
 * it?" → send; null when the message does not close with a question.
 */
function closingStepVerb(text: string, words: Words): string | null {
  return words.cues.closingStep.exec(text.toLowerCase())?.[1] ?? null;
}

/** The cue's `ref` group names what the answered message mentions (all or any of its content words, or the verb of the step its closing question offers). */
function passesEcho(rule: CompiledRule, m: RegExpExecArray, ctx: RuleContext): boolean {
  const spec = rule.spec;
  if (!spec.echo) return true;
  const ref = m.groups?.ref;
  if (ref === undefined) return false;
  if (!ctx.answered) return false;
  const stems = stemsOf(rule, ctx);
  const want = contentTokens(ref, stems);
  if (want.length === 0) return false;
  if (spec.echo === 'step') {
    const verb = closingStepVerb(ctx.answered.text, rule.words);
    return verb !== null && want.length === 1 && contentTokens(verb, stems)[0] === want[0];
  }
  if (spec.echo === 'alternative') return (eitherOrSides(ctx.answered.text, rule.words.statements.disjunction, stems) ?? []).some((side) => want.every((t) => side.has(t)));
  const have = new Set(ctx.answeredTokens ?? contentTokens(ctx.answered.text, stems));
  // ("29th is fine." names the one date the message offered, "Wed 29 Oct": a day by its ordinal.)
  // (The offered day is read only for a word that is an ordinal.)
  let day: string | null | undefined;
  const names = (t: string) => {
    if (have.has(t)) return true;
    const ordinal = ordinalDay(t);
    return ordinal !== null && ordinal === (day ??= offeredDay(ctx.answered!.text, rule.words.statements.monthName));
  };
  return spec.echo === 'all' ? want.every(names) : want.some(names);
}

/** The number of a day of the month written as an ordinal ("29th" → "29"), or null. */
function ordinalDay(token: string): string | null {
  return /^([1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)$/.exec(token)?.[1] ?? null;
}

/**
 * The one day of a month a text writes as a date, beside the name of its month ("Wed 29 Oct", "29
 * October", "Oct 29"); null when it writes none or several ("Wed 29 Oct or Fri 31 Oct"). A number
 * beside no month ("the 21 seats", "10:00", "Room 12", "40 EUR") is no date.
 */
function offeredDay(text: string, monthName: RegExp): string | null {
  const lower = text.toLowerCase();
  const days = new Set<string>();
  for (const m of lower.matchAll(DAY_NUMBER)) {
    const before = /(\p{L}+)\.?\s+$/u.exec(lower.slice(0, m.index))?.[1] ?? '';
    const after = /^\s+(\p{L}+)/u.exec(lower.slice(m.index! + m[0].length))?.[1] ?? '';
    if (monthName.test(before) || monthName.test(after)) days.add(String(Number(m[1])));
  }
  return days.size === 1 ? [...days][0] : null;
}

/** A number that may be a day of the month, written alone: not part of a longer number, a time or a word. */
const DAY_NUMBER = /(?<![\p{L}\p{N}:.,])([0-3]?\d)(?![\p{N}\p{L}]|[:.,]\d)/gu;

/** A negatable rule does not fire with a negator within two words before its cue. */
function passesNegation(rule: CompiledRule, lower: string, start: number): boolean {
  if (!rule.spec.negatable) return true;
  const s = sentenceAt(lower, start);
  return !rule.words.cues.negator.test(lower.slice(s.start, start));
}
