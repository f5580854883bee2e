// The general features a candidate clause is weighed by (see scorer.ts): who says it, its mood
// and form (the statement lexicon's act classes), the dialogue around it, and the kinds of value
// it carries. No feature is the identity of a content word: what the scorer learns is how
// people decide, not the vocabulary of one trade.
import { findAct, hasAct, normalForm, type CompiledStatementLexicon, type SentenceAct } from './sentenceActs';
import { isQuestion, nameWords } from './text';
import type { Message, ReplyVerdict } from './types';

/** The act classes of the statement lexicon that describe a clause's mood and form. */
const CLAUSE_ACTS: readonly SentenceAct[] = [
  'rule',
  'prohibition-start',
  'preference',
  'decision',
  'contingency',
  'directive',
  'request',
  'conclusion',
  'acceptance',
  'rejection',
  'postponement',
  'hypothetical',
  'opinion',
  'explanation',
  'past',
  'reported',
  'sarcasm',
  'smalltalk',
  'aside',
  'excess',
  'consequence',
  'politeness',
  'back-reference',
  'offer',
  'proposal',
  'reason',
  'alternative',
  'acknowledgement',
  'we-subject',
  'i-subject',
  'you-subject',
  'third-party',
  'modal',
  'future',
  'hedge',
];

/** `act:<class>` for every act class the clause shows; `act:<class>@start` when it opens the clause. */
export function actFeatures(lex: CompiledStatementLexicon, lower: string): string[] {
  const out: string[] = [];
  for (const act of CLAUSE_ACTS) {
    const hit = findAct(lex, act, lower);
    if (!hit) continue;
    out.push(`act:${act}`);
    if (hit.start === 0) out.push(`act:${act}@start`);
  }
  return out;
}

// (A dotted number with no hour before its point, "0.03 per word", is a fraction, and minutes stop
// at 59: "4.75" is no time of day.)
const CLOCK = /\b(?!0\.)\d{1,2}[:.h][0-5]\d\b|\b\d{1,2}\s?(?:am|pm)\b/i;
const AMOUNT = /[€$£¥₹]\s?\d|\d\s?(?:[€$£¥₹]|eur\b|usd\b|chf\b|gbp\b)|\b\d+(?:[.,]\d+)?\s?[km]\b/i;
const PERCENT = /\d\s?%/;
// (A day and a month: "14/3", "14.3." or with its year, "14.03.2026"; "1.5" and "0.03" are
// decimals.)
const DATE = /\b(?:0?[1-9]|[12]\d|3[01])(?:\/(?:0?[1-9]|1[0-2])(?:\/\d{2,4})?\b|\.(?:0?[1-9]|1[0-2])\.(?:\d{2,4}\b)?)|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}(?:st|nd|rd|th)\b/i;
const VERSION = /\bv?\d+\.\d+(?:\.\d+)+\b|\bv\d+\b/i;
const NUMBER = /\d/;
// (A file's extension has a letter: "values-prod.yaml", not "4.50".)
const CODE_OR_PATH = /[`/\\]|\b\w+\.(?=\d*[A-Za-z])\w{2,4}\b|\b[A-Z]{2,}-\d+\b/;
const EMOJI_OR_LAUGH = /\p{Extended_Pictographic}|(?:^|\s)(?:[:;]-?[)(DP]|(?:ha){2,}|lol)(?=\s|$|[.!?])/iu;

/** The kinds of value a clause carries, by notation (digits, currency, clock, date), never by word. */
export function valueFeatures(text: string): string[] {
  const out: string[] = [];
  if (NUMBER.test(text)) out.push('value:number');
  if (CLOCK.test(text)) out.push('value:time');
  if (AMOUNT.test(text)) out.push('value:amount');
  if (PERCENT.test(text)) out.push('value:percent');
  if (DATE.test(text)) out.push('value:date');
  if (VERSION.test(text)) out.push('value:version');
  if (CODE_OR_PATH.test(text)) out.push('value:code');
  if (nameWords(text).length > 0) out.push('value:name');
  if (EMOJI_OR_LAUGH.test(text)) out.push('form:emoji');
  if (/!\s*$/.test(text)) out.push('form:exclamation');
  return out;
}

/** The length of a clause, in buckets. */
export function lengthFeature(words: number): string {
  return words <= 2 ? 'words:1-2' : words <= 5 ? 'words:3-5' : words <= 10 ? 'words:6-10' : words <= 18 ? 'words:11-18' : 'words:19+';
}

/** Where in its message a clause stands. */
export function clausePositionFeatures(k: number, count: number): string[] {
  const out = [k === 0 ? 'clause:first' : 'clause:later'];
  if (k === count - 1) out.push('clause:last');
  if (count === 1) out.push('clause:only');
  return out;
}


export interface DialogueView {
  messages: readonly Message[];
  answered: readonly number[];
  verdict: ReadonlyArray<ReplyVerdict>;
  lexicon: CompiledStatementLexicon;
  /** The task's owner: the first person to speak. */
  owner: string | undefined;
  /** Position of the last message by a person (-1: none). */
  lastPerson: number;
}

/** The facts of a discussion every candidate's features read, worked out once (linear in its length). */
export function dialogueView(messages: readonly Message[], answered: readonly number[], verdict: ReadonlyArray<ReplyVerdict>, lexicon: CompiledStatementLexicon): DialogueView {
  let lastPerson = -1;
  for (let p = 0; p < messages.length; p++) if (messages[p].role !== 'bot') lastPerson = p;
  return { messages, answered, verdict, lexicon, owner: messages.find((x) => x.role !== 'bot')?.author, lastPerson };
}

/**
 * Who says message p and where it stands in the dialogue: a person or an agent, the task's owner
 * (the first person to speak) or another person, what it answers, and how the next messages
 * take it (accepted, contradicted, acknowledged by the agent).
 */
export function speakerFeatures(view: DialogueView, p: number): string[] {
  const { messages, answered, verdict } = view;
  const m = messages[p];
  const out: string[] = [m.role === 'bot' ? 'speaker:agent' : 'speaker:person'];
  if (m.role !== 'bot') out.push(view.owner !== undefined && m.author === view.owner ? 'speaker:owner' : 'speaker:other-person');
  if (p === 0) out.push('message:opening');
  if (m.role !== 'bot' && p === view.lastPerson) out.push('message:last-person');
  const third = messages.length > 0 ? Math.min(2, Math.floor((3 * p) / messages.length)) : 0;
  out.push(`message:position-${['early', 'middle', 'late'][third]}`);
  const a = answered[p];
  if (a >= 0) {
    out.push(messages[a].role === 'bot' ? 'answers:agent' : 'answers:person');
    if (isQuestion(messages[a].text)) out.push('answers:question');
  }
  if (verdict[p]) out.push(`verdict:${verdict[p]}`);
  return out.concat(reactionFeatures(view, p));
}

/** How the messages after p take it: another person's confirmation or objection, the agent's acknowledgement. */
function reactionFeatures(view: DialogueView, p: number): string[] {
  const { messages, answered, verdict } = view;
  const out: string[] = [];
  for (let q = p + 1; q < messages.length && q <= p + 2; q++) {
    if (messages[q].author === messages[p].author) continue;
    // (A reply that picks among the options a message before p put up answers that message, not p.)
    if (answered[q] !== p) continue;
    if (verdict[q] === 'confirmation' && messages[q].role !== 'bot') out.push('next:person-confirms');
    if (verdict[q] === 'disagreement' || verdict[q] === 'correction') out.push('next:objection');
    break;
  }
  const next = messages[p + 1];
  if (next && next.role === 'bot' && messages[p].role !== 'bot') {
    const lower = normalForm(next.text);
    const ack = findAct(view.lexicon, 'acknowledgement', lower);
    if (ack && ack.start === 0) out.push('next:agent-acknowledges');
    if (isQuestion(next.text)) out.push('next:agent-asks');
  }
  return out;
}

/**
 * Pairs of features whose meaning depends on each other: a rule cue from a person is not one
 * from an agent, a verbless clause answering the agent's options is not one out of the blue.
 */
const PAIRED: ReadonlyArray<readonly [string, string]> = [
  ['origin:', 'hint:'],
  ['speaker:owner', 'hint:'],
  ['speaker:other-person', 'hint:'],
  ['origin:', 'importance:'],
  ['form:verbless', 'answers:'],
  ['form:verbless', 'dialogue:'],
  ['clause:first', 'hint:'],
  ['act:we-subject', 'act:future'],
  ['act:i-subject', 'act:future'],
  ['act:we-subject', 'act:past'],
  // "They'll accept 16": what others will do is a forecast, not a plan.
  ['act:third-party', 'act:future'],
];

export function withPairs(features: readonly string[]): string[] {
  const out = [...features];
  for (const [a, b] of PAIRED) {
    const left = features.filter((f) => f.startsWith(a));
    const right = features.filter((f) => f.startsWith(b));
    for (const x of left) for (const y of right) if (x !== y) out.push(`${x}&${y}`);
  }
  return out;
}

/** Whether the message carries an act anywhere (for message-level features such as sarcasm). */
export function messageHas(lex: CompiledStatementLexicon, act: SentenceAct, text: string): boolean {
  return hasAct(lex, act, normalForm(text));
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  'speaker:person': 'said by a person',
  'speaker:agent': 'an agent proposal',
  'speaker:owner': "the task's owner",
  'speaker:other-person': 'another person',
  'message:opening': "the task's opening message",
  'message:last-person': "the person's last word",
  'answers:agent': 'answers the agent',
  'answers:person': 'answers a person',
  'answers:question': 'answers a question',
  'next:person-confirms': 'confirmed by the next message',
  'next:objection': 'objected to next',
  'next:agent-acknowledges': 'the agent takes it on',
  'next:agent-asks': 'the agent asks back',
  'origin:accepted-proposal': 'a proposal a person accepted',
  'origin:selection': "picks one of the agent's options",
  'proposal:recommended': 'the option the agent recommended',
  'origin:clause': "a person's own clause",
  'form:verbless': 'verbless settlement',
  'form:negated': 'negated',
  'form:announced': 'announced as a decision',
  'form:announced-rule': 'announced as a rule',
  'form:after-acceptance': 'follows an acceptance',
  'form:in-report': "reports someone else's words",
  'form:correcting': 'in a correction',
  'form:shares-agent-words': "names what the agent offered",
  'form:new-value': 'sets a new value',
  'form:value-correction': 'corrects a value',
  'form:topic-label': 'labels a topic',
  'clause:question-after': 'the message asks a question after it',
  'form:emoji': 'carries an emoji or a laugh',
  'strength:explicit': 'stated outright',
  'strength:accepted': 'accepted in the discussion',
  'strength:correction': 'corrects the agent',
  'sibling:cued-clause': 'beside a cued clause',
  'sibling:after-cued': 'after a cued clause',
  'sibling:most-echoed': 'the clause of its message the agent takes up most',
  'sibling:less-echoed': 'another clause of its message is the one the agent takes up',
  'next:agent-restates': 'the agent restates it next',
  'next:agent-echoes': 'the agent takes up its words',
  'next:person-echoes': 'the next person takes up its words',
  'speaker:asked-by-agent': 'the person the agent asked',
  'later:agent-restates': 'an agent restates it later',
  'dialogue:nothing-offered': 'no agent asked or proposed anything',
  'dialogue:agent-spoke': 'an agent spoke before it',
  'dialogue:agent-offers': 'the agent offered something before it',
  'accepted-by:owner': "accepted by the task's owner",
  'accepted-by:other-person': 'accepted by another person',
  'accepted:bare': 'accepted with a bare yes',
  'accepted:next-message': 'accepted in the next message',
  'proposal:asks': 'the agent asked to go ahead',
  'proposal:step': 'a step the agent offered',
  'proposal:points': "one of the points of the agent's proposal",
  'proposal:items': "one of the items of the agent's proposal",
  'proposal:labelled': "the agent's labelled proposal",
  'clause:first': 'the first clause of its message',
  'clause:later': 'a later clause of its message',
  'clause:last': 'the last clause of its message',
  'clause:only': 'the only clause of its message',
  'message:position-early': 'early in the discussion',
  'message:position-middle': 'in the middle of the discussion',
  'message:position-late': 'late in the discussion',
  'message:sarcasm': 'in a sarcastic message',
  'importance:decision': 'in a topic of decision importance',
  'importance:review': 'in a topic of review importance',
  'importance:raw': 'in a topic below review importance',
  'origin:request': 'a request to someone',
  'strength:none': 'no decisive cue',
  'strength:weak': 'a weak cue',
  'form:exclamation': 'ends with an exclamation mark',
};

/** A feature in words, for `why`: "human, imperative, answers the agent's options". */
export function describeFeature(feature: string): string {
  const known = DESCRIPTIONS[feature];
  if (known) return known;
  const [family, rest = ''] = feature.split(':');
  const name = rest.replace(/@start$/, '').replace(/-/g, ' ');
  if (family === 'act') return rest.endsWith('@start') ? `opens with a ${name} cue` : `${name} cue`;
  if (family === 'value') return `carries a ${name}`;
  if (family === 'verdict') return `replies as a ${name}`;
  if (family === 'hint') return `reads as a ${name.replace(/_/g, ' ')}`;
  if (family === 'words') return `${rest} words`;
  if (feature.includes('&')) return feature.split('&').map(describeFeature).join(' and ');
  return feature;
}
