// Stage 3: run every compiled rule over every message. A reply is judged by what it answers, so
// rules that read the answered message's cues run after the context-free ones, in message order.
import type { MessageAnalysis } from './messageAnalysis';
import { applyRule, wordSet, type CompiledRule } from './rules';
import { closingQuestionNumbers, numbersOf } from './measures';
import { afterAddressee, isQuestion, sentences, type Span, type Stems } from './text';
import type { Detection, Message, RuleKind } from './types';

export interface DetectionResult {
  /** detections[i] are the detections of messages[i] (position in the normalized list). */
  detections: Detection[][];
  /** answered[i] is the position of the message messages[i] answers, or -1. */
  answered: number[];
}

function speakerKey(m: Message): string {
  return m.author ? `a:${m.author}` : `r:${m.role}`;
}

/** Whether message `b` is another turn than message `a`: another speaker, or `a` has no speaker info (no author, unknown role). */
function anotherTurn(a: Message, b: Message): boolean {
  return (!a.author && a.role === 'unknown') || speakerKey(a) !== speakerKey(b);
}

/**
 * Position of the nearest earlier message by another speaker; with no speaker info, the previous
 * one. (One pass: a message after one by the same speaker answers what that one answered, so a
 * long run of one person's messages costs one step each.)
 */
export function answeredPositions(messages: readonly Message[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < messages.length; i++) {
    const j = i - 1;
    out.push(j < 0 || anotherTurn(messages[i], messages[j]) ? j : out[j]);
  }
  return out;
}

/**
 * Position of the nearest later message by another speaker that says something, or -1: the turn
 * that follows (see answeredPositions). A message without a letter or a digit (a 👍, an empty
 * attachment note) takes no turn.
 */
export function nextTurnPositions(messages: readonly Message[]): number[] {
  const out: number[] = new Array(messages.length).fill(-1);
  let said = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    // (`said` is the nearest later message that says something; `out[said]` the turn after it.)
    out[i] = said < 0 ? -1 : anotherTurn(messages[i], messages[said]) ? said : out[said];
    if (SAYS_SOMETHING.test(messages[i].text)) said = i;
  }
  return out;
}

const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

/** What the rules read of a message's analysis: its lowercase form and the words of the first-word prefilter (and its content tokens, for echo rules, when analysed). */
type RuleText = Pick<MessageAnalysis, 'lower' | 'ruleWords'> & Partial<Pick<MessageAnalysis, 'tokens'>>;

function ruleText(text: string): RuleText {
  const lower = text.toLowerCase();
  return { lower, ruleWords: wordSet(lower) };
}

/**
 * `analysis[i]` is the analysed text of messages[i] (what the rules read of it is worked out here
 * when not given); `stems` is the run's stem memo, which echo rules stem through. `sarcastic[i]`
 * are the stretches of messages[i] that mean the opposite of what they say: a confirmation is not
 * read there ("Great, so we wait for the driver again 🙃" agrees to nothing), while the rest of
 * the message may still confirm ("… Ok, 7:00 sharp then.").
 */
export function detect(messages: readonly Message[], rules: readonly CompiledRule[], analysis: readonly RuleText[] = messages.map((m) => ruleText(m.text)), stems?: Stems, sarcastic: readonly (readonly Span[])[] = [], handsOn: (i: number) => boolean = () => false): DetectionResult {
  const plain = rules.filter((r) => !r.contextual);
  const contextual = rules.filter((r) => r.contextual);
  const answered = answeredPositions(messages);
  const next = nextTurnPositions(messages);
  const addressed = addresseeLengths(messages, analysis, answered);
  const reaching = contextual.some((r) => r.spec.throughReplies);
  const detections: Detection[][] = messages.map(() => []);
  const kinds: Array<Set<RuleKind>> = messages.map(() => new Set());
  const EMPTY = new Set<RuleKind>();
  // The numbers each answered message's closing question puts up, read once per message (many may answer one).
  const asked = new Map<number, string[]>();
  const askedNumbers = (a: number) => asked.get(a) ?? asked.set(a, closingQuestionNumbers(sentences(messages[a].text))).get(a)!;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    const { lower, ruleWords: words } = analysis[i];
    const earnest = withoutSarcasm(lower, sarcastic[i]);
    const a = answered[i];
    const agent = reaching ? agentBehindReplies(messages, answered, a, handsOn) : -1;
    // "A then." after colleagues' questions, or after an agent's message that put up nothing new
    // ("You're right, 31 patients. The options still work."): an option's key picks from the
    // latest agent message that listed that key. (It still answers the message it answers.)
    const key = reaching ? OPENING_KEY.exec(lower)?.[1] : undefined;
    const lister = key && !(a >= 0 && kinds[a].has('proposal')) && !(agent >= 0 && kinds[agent].has('proposal')) ? listingKey(messages, kinds, i, key) : -1;
    const reached = lister >= 0 ? lister : agent;
    const ctx = { answered: a >= 0 ? messages[a] : null, answeredKinds: a >= 0 ? kinds[a] : EMPTY, reachedKinds: reached >= 0 ? new Set([...(a >= 0 ? kinds[a] : EMPTY), ...kinds[reached]]) : undefined, answeredTokens: a >= 0 ? analysis[a].tokens : undefined, stems, nextRole: next[i] >= 0 ? messages[next[i]].role : null, addressed: addressed[i], setsAskedValueAside: () => a >= 0 && setsAskedValueAside(m.text, askedNumbers(a)) };
    for (const pass of [plain, contextual]) {
      for (const rule of pass) {
        const d = rule.kind === 'confirmation' && earnest ? applyRule(rule, m, earnest.lower, ctx, earnest.words) : applyRule(rule, m, lower, ctx, words);
        if (d) {
          detections[i].push(d);
          kinds[i].add(d.kind);
          // A reply that answers what a colleague's reply answered ("B" after "B is overkill")
          // answers that message: the options it picks from are there.
          if (rule.spec.throughReplies && agent >= 0 && !rule.spec.previousHas?.some((k) => kinds[a].has(k))) answered[i] = agent;
        }
      }
    }
  }
  return { detections, answered };
}

/**
 * For each message, how many characters open it with the name of the speaker it answers and a
 * comma ("Tom, no – one month after commissioning"): a rule that reads the message's start reads
 * it after that name. (A name of someone else, "Thomas, your call." after the agent's message,
 * hands the matter on rather than answering.)
 */
function addresseeLengths(messages: readonly Message[], analysis: readonly RuleText[], answered: readonly number[]): number[] {
  const firstName = (author: string) => author.trim().split(/\s+/u)[0].toLowerCase();
  return messages.map((m, i) => {
    const a = answered[i];
    if (a < 0) return 0;
    const them = messages[a].author.trim().toLowerCase();
    const named = (name: string) => name !== firstName(m.author) && (name === firstName(them) || name === them);
    // (A handle counts as the name it spells: "@tom, no" is said to Tom as "Tom, no" is.)
    const lower = analysis[i].lower.replace(/^(\s*)@/u, '$1');
    const rest = afterAddressee(lower, named, NO_QUESTION_WORD);
    return rest === lower ? 0 : analysis[i].lower.length - rest.length;
  });
}

/** Only a comma or a colon after the name marks the rest as said to them here (see afterAddressee). */
const NO_QUESTION_WORD = /(?!)/u;

// How many people's replies a rule's `throughReplies` reads back through to the message they answer.
const REPLY_REACH = 3;

/** A letter that may be an option's key opening a reply ("B.", "A then.", "(c) …"); whether it picks, the rule says. */
const OPENING_KEY = /^\s*\(?([a-e])\)?(?=[\s.,!)]|$)/;

/** How many messages back a key reads for the agent message that listed it: as many between as a pick reads back through. */
const LIST_REACH = REPLY_REACH + 1;

/** The latest agent message before message i, at most LIST_REACH back, that offered something and lists `key` as an option's key ("B) …", "(B) …", "B: …", "option B"), or -1. */
function listingKey(messages: readonly Message[], kinds: ReadonlyArray<ReadonlySet<RuleKind>>, i: number, key: string): number {
  const listed = new RegExp(`(?:^|[\\s(])${key}[)\\]:]\\s|\\boption ${key}\\b`, 'i');
  for (let q = i - 1; q >= 0 && i - q <= LIST_REACH; q--) if (messages[q].role === 'bot' && kinds[q].has('proposal') && listed.test(messages[q].text)) return q;
  return -1;
}

/**
 * The agent message that person's message `a` answers, back through people's replies to it (at
 * most REPLY_REACH of them), or -1: several people answering one agent's options in turn all
 * answer those options. A person's question in between is answered by the next reply instead
 * ("How many vans does Brandl need?" — "2, maybe 3."), and so is an agent's message `a` itself,
 * unless the question only hands the choice on (`handsOn`: "A or B... Dr. Winter?").
 */
function agentBehindReplies(messages: readonly Message[], answered: readonly number[], a: number, handsOn: (i: number) => boolean): number {
  let at = a;
  for (let step = 0; step < REPLY_REACH && at >= 0 && messages[at].role !== 'bot'; step++) {
    if (isQuestion(messages[at].text) && !handsOn(at)) return -1;
    at = answered[at];
  }
  return at >= 0 && at !== a && messages[at].role === 'bot' ? at : -1;
}

/** The lowercase text with its sarcastic stretches blanked (offsets kept) and its words, or null when it has none. */
function withoutSarcasm(lower: string, spans: readonly Span[] | undefined): { lower: string; words: ReadonlySet<string> } | null {
  if (!spans || spans.length === 0) return null;
  let out = lower;
  for (const s of spans) out = out.slice(0, s.start) + ' '.repeat(s.end - s.start) + out.slice(s.end);
  return { lower: out, words: wordSet(out) };
}

/**
 * A correction the dialogue shows rather than a cue of the message: a person's message for which
 * `shows(p)` holds, where no rule read a correction, gets one under `ruleId`. The cue spans none of
 * its text.
 */
function withDialogueCorrections(messages: readonly Message[], detections: Detection[][], ruleId: string, shows: (p: number) => boolean): Detection[][] {
  return detections.map((ds, p) => {
    const m = messages[p];
    if (m.role === 'bot' || ds.some((d) => d.kind === 'correction') || !shows(p)) return ds;
    return [...ds, { ruleId, kind: 'correction', index: m.index, start: 0, end: 0, weight: 1 }];
  });
}

/**
 * A person's message that the agent's next message answers by admitting an error ("Sorry for the
 * mix-up: Lotte Berg is booked …", "Apologies, corrected: …") pointed the error out, whatever its
 * own words ("Lotte Berg does our catering, book her."): a correction, where no rule read one.
 */
export function withAdmittedErrors(messages: readonly Message[], detections: Detection[][], admission: RegExp): Detection[][] {
  return withDialogueCorrections(messages, detections, 'dialogue/error-admitted', (p) => messages[p + 1]?.role === 'bot' && admission.test(messages[p + 1].text));
}

/**
 * A person's reply that rules out a value the agent's last message stated ("there's no 14:00
 * porter run, the afternoon run is 15:30", "Then B. The permit was £300, not £450 by the way")
 * corrects it, with or without a cue, in any of its sentences, also when another person spoke
 * between (people answer the agent's summary in turn). `rulesOut` judges the reply against the
 * agent's message (the subject model: a value inside a negation's scope that one of the agent's
 * statements, not its questions, gives).
 */
export function withDeniedValues(messages: readonly Message[], detections: Detection[][], rulesOut: (reply: number, said: number) => boolean): Detection[][] {
  return withDialogueCorrections(messages, detections, 'dialogue/value-denied', (p) => {
    const agent = recentAgentMessage(messages, p, DENIED_REACH);
    return agent >= 0 && rulesOut(p, agent);
  });
}

/** How far back (in messages) the agent's statement a person's reply denies may stand. */
const DENIED_REACH = 2;

/** The nearest agent message before p, at most `reach` messages back (-1: none). */
export function recentAgentMessage(messages: readonly Message[], p: number, reach: number): number {
  for (let q = p - 1; q >= 0 && p - q <= reach; q--) if (messages[q].role === 'bot') return q;
  return -1;
}

/**
 * Whether a reply sets the value the answered question put up aside: its first sentence opens, after
 * one word ("No,", "Nein,"), with another number than the question's ("Payment terms net 30?" — "No,
 * 14 like everyone else."), whoever speaks next. A question without a number ("Do you want a
 * sign-up sheet?") leaves "no, the hall has 80 chairs" an answer, and so does a number further on,
 * which is of something else ("Send it to all 25 members now?" — "No, wait until 1 March").
 */
function setsAskedValueAside(reply: string, asked: readonly string[]): boolean {
  const first = sentences(reply)[0];
  const opening = first && OPENS_WITH_NUMBER.exec(first.text);
  return asked.length > 0 && !!opening && numbersOf(opening[1]).some((n) => !asked.includes(n));
}

/** One word, its punctuation, then a number (with a currency sign before it): "No, 14 …", "Nein – €14 …". */
const OPENS_WITH_NUMBER = /^\s*[\p{L}']+[\s,.!:;\u2013\u2014-]+([€$£]?\d[\d.,:]*)/u;
