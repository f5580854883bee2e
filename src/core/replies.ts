// Reply acts and the patterns they make: a reply is judged by what it answers (confirmation,
// disagreement, a person's correction), a bare "yeah" while the other speaker keeps the floor is
// a backchannel, the same question asked again is a repeated question, and a speaker asserting
// something and later its opposite is a contradiction.
import { clauseClaims, utteranceConflict, type ClauseClaim, type CompiledLexicon } from './contradiction';
import { analyseMessages, type AnalysedMessages, type MessageAnalysis } from './messageAnalysis';
import { appendAll } from './lists';
import { afterAddressee, isQuestion, jaccard, sharedCount, type Stems, wordCount, excerpt } from './text';
import { PorterStems } from './porter';
import { splitSentences } from './sentenceActs';
import type { Detection, Message, PatternCandidate, ReplyActs, ReplyVerdict, RuleKind, TaskAnalysis, Words } from './types';

const has = (ds: readonly Detection[], kind: RuleKind) => ds.some((d) => d.kind === kind);
const first = (ds: readonly Detection[], kind: RuleKind) => ds.find((d) => d.kind === kind);

/** Each message's verdict on what it answers, with a pattern for each verdict (`words`: the engine's word lists). */
export function replyActs(messages: readonly Message[], detections: readonly Detection[][], answered: readonly number[], words: Words): ReplyActs {
  const patterns: PatternCandidate[] = [];
  const confirmedBy = new Map<number, number[]>();
  const verdict: ReplyVerdict[] = messages.map(() => null);
  for (let p = 0; p < messages.length; p++) {
    const ds = detections[p];
    const a = answered[p];
    const m = messages[p];
    const pair = a >= 0 ? [messages[a].index, m.index] : [m.index];
    const confirms = has(ds, 'confirmation') && !isBackchannel(p, messages, detections, answered);
    const confirm = () => {
      const d = first(ds, 'confirmation')!;
      // Agents propose and report; a confirmation pattern is a person's. An agent agreeing with
      // a person's decision still counts as one of its sources.
      if (m.role !== 'bot') patterns.push({ type: 'confirmation', messages: pair, description: `${m.author || 'A speaker'} confirms: "${excerpt(m.text)}"`, rule: d.ruleId, decision: null, ts: m.ts });
      if (a >= 0) confirmedBy.set(a, [...(confirmedBy.get(a) ?? []), p]);
    };
    if (has(ds, 'correction') && m.role !== 'bot') {
      verdict[p] = 'correction';
      const d = first(ds, 'correction')!;
      // "That's wrong." sent on its own, then the fact in the same person's next message: the
      // correction is expressed where its content is.
      const content = bareVerdict(m.text, d) ? followUp(messages, p, words) : -1;
      const said = content >= 0 ? `${m.text} ${messages[content].text}` : m.text;
      patterns.push({ type: 'correction', messages: content >= 0 ? [...pair, messages[content].index] : pair, description: `${m.author || 'A person'} corrects the previous turn: "${excerpt(said)}"`, rule: d.ruleId, decision: null, ts: m.ts });
      if (confirms && acceptsInPart(ds, a >= 0 ? messages[a] : null)) confirm();
    } else if (has(ds, 'disagreement')) {
      verdict[p] = 'disagreement';
      const d = first(ds, 'disagreement')!;
      patterns.push({ type: 'disagreement', messages: pair, description: `${m.author || 'A speaker'} pushes back: "${excerpt(m.text)}"`, rule: d.ruleId, decision: null, ts: m.ts });
    } else if (confirms) {
      verdict[p] = 'confirmation';
      confirm();
    }
  }
  return { verdict, confirmedBy, patterns };
}

/** A message that is its verdict alone: nothing but the cue and punctuation ("That's wrong.", "No."). */
function bareVerdict(text: string, d: Detection): boolean {
  return wordCount(`${text.slice(0, d.start)} ${text.slice(d.end)}`) === 0;
}

/** The same speaker's next message when it goes on with a statement (not a question): where a bare verdict's content is. */
function followUp(messages: readonly Message[], p: number, words: Words): number {
  const next = messages[p + 1];
  return next && next.author === messages[p].author && next.role !== 'bot' && !question(next, words) ? p + 1 : -1;
}

/**
 * "Yes to both, but the Plus tier is 22 EUR, not 24." / "Good, go with that — one tweak: …": a reply to
 * the agent that opens by accepting and then corrects a detail accepts the rest. The acceptance
 * must come first; a correction that opens the reply is a correction only.
 */
function acceptsInPart(ds: readonly Detection[], answered: Message | null): boolean {
  if (!answered || answered.role !== 'bot') return false;
  const earliest = (kind: RuleKind) => ds.reduce((s, d) => (d.kind === kind ? Math.min(s, d.start) : s), Infinity);
  return earliest('confirmation') < earliest('correction');
}

/** A question, with its mark or without (a message that opens like a question and has no sentence end), after an @-mention of whom it asks too. */
function question(m: Message, words: Words): boolean {
  return isQuestion(m.text) || words.questionOpening.test(afterAddressee(m.text, () => false, words.questionWord));
}

/**
 * A one- or two-word "yeah"/"right" while the other speaker keeps the floor is a backchannel
 * (listening), not agreement: the speaker answered goes straight on talking.
 */
export function isBackchannel(p: number, messages: readonly Message[], detections: readonly Detection[][], answered: readonly number[]): boolean {
  const a = answered[p];
  if (a < 0 || p + 1 >= messages.length) return false;
  if (wordCount(messages[p].text) > 2) return false;
  if (detections[a].some((d) => d.kind === 'proposal' || d.kind === 'readback' || d.kind === 'report') || isQuestion(messages[a].text)) return false;
  const next = messages[p + 1];
  return next.author !== '' && next.author === messages[a].author;
}

/** The same question asked again by the same speaker (or with an explicit "again"). */
export function repeatedQuestions(messages: readonly Message[], detections: readonly Detection[][], words: Words, text: readonly MessageAnalysis[] = analyseMessages(messages, new PorterStems(words), words.statements).at): PatternCandidate[] {
  const out: PatternCandidate[] = [];
  const asked: Array<{ p: number; toks: Set<string> }> = [];
  for (let p = 0; p < messages.length; p++) {
    const m = messages[p];
    const repeatCue = has(detections[p], 'repeat_cue');
    if (!question(m, words) && !repeatCue) continue;
    const toks = new Set(text[p].tokens);
    if (toks.size === 0) continue;
    for (let k = asked.length - 1; k >= 0 && p - asked[k].p <= 60; k--) {
      const prev = messages[asked[k].p];
      // People contradicting themselves; an agent's figures and options change as it works.
      if (prev.author !== m.author || prev.role !== m.role || m.role === 'bot') continue;
      const shared = sharedCount(toks, asked[k].toks);
      const sim = jaccard(toks, asked[k].toks);
      if ((shared >= 2 && sim >= 0.5) || (repeatCue && (shared >= 2 || (shared >= 1 && sim >= 0.2)))) {
        out.push({
          type: 'repeated_question',
          messages: [prev.index, m.index],
          description: `${m.author || 'A speaker'} asks again: "${excerpt(m.text, 80)}"`,
          rule: repeatCue ? 'repeated-question/cue' : 'repeated-question/similar',
          decision: null,
          ts: m.ts,
        });
        break;
      }
    }
    if (question(m, words)) asked.push({ p, toks });
  }
  return out;
}

/**
 * A speaker asserting something and later its opposite, on the same subject: compared clause by
 * clause, so that two turns merely sharing a few words and a "not" somewhere are not flagged.
 */
export function selfContradictions(messages: readonly Message[], lexicon: CompiledLexicon, existing: readonly PatternCandidate[], stems: Stems, text: readonly MessageAnalysis[] = analyseMessages(messages, stems, lexicon.words.statements).at): PatternCandidate[] {
  const out: PatternCandidate[] = [];
  const seen = new Set(existing.filter((x) => x.type === 'contradiction').map((x) => x.messages.join(',')));
  const claims: Array<{ p: number; clauses: ClauseClaim[] }> = [];
  for (let p = 0; p < messages.length; p++) {
    const m = messages[p];
    if (isQuestion(m.text) || text[p].words < 4) continue;
    const clauses = clauseClaims(m.text, lexicon, stems);
    if (clauses.length === 0) continue;
    for (let k = claims.length - 1; k >= 0 && p - claims[k].p <= 40; k--) {
      const prev = messages[claims[k].p];
      // People contradicting themselves; an agent's figures and options change as it works.
      if (prev.author !== m.author || prev.role !== m.role || m.role === 'bot') continue;
      const reason = utteranceConflict(claims[k].clauses, clauses, lexicon);
      if (!reason) continue;
      const key = `${prev.index},${m.index}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({
          type: 'contradiction',
          messages: [prev.index, m.index],
          description: `${m.author || 'A speaker'} says two conflicting things (${reason}): "${excerpt(prev.text, 80)}" then "${excerpt(m.text, 80)}"`,
          rule: 'contradiction/same-speaker',
          decision: null,
          ts: m.ts,
        });
      }
      break;
    }
    claims.push({ p, clauses });
  }
  return out;
}

/** What stage 10 reads of a task's analysis. */
export interface SpeakerPatternInput {
  messages: readonly Message[];
  detections: readonly Detection[][];
  words: Words;
  lexicon: CompiledLexicon;
  text: AnalysedMessages;
}

/** Repeated questions and a speaker's own contradictions, then every pattern in message order (in place). */
export function addSpeakerPatterns(input: SpeakerPatternInput, a: TaskAnalysis): TaskAnalysis {
  const { messages, detections } = input;
  const { patterns } = a;
  const repeated = repeatedQuestions(messages, detections, input.words, input.text.at);
  // Against the patterns found before these (what supersession reported is not reported again).
  const contradictions = selfContradictions(messages, input.lexicon, patterns, input.text.stemmer, input.text.at);
  appendAll(patterns, repeated);
  appendAll(patterns, contradictions);
  patterns.sort((x, y) => x.messages[x.messages.length - 1] - y.messages[y.messages.length - 1] || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0));
  return a;
}

/**
 * Whether a person's message closes with a question that only hands a choice on to someone: its
 * one question, the last sentence, names people of the discussion (`names`: the words of its speakers' names), titles,
 * option keys and "or", and nothing else ("A or B... Dr. Winter?", "Marta, 1 or 2?"). Such a
 * question asks nothing new: the reply it gets still picks among the options put up before it.
 */
export function handsChoiceOn(text: string, names: ReadonlySet<string>, words: Pick<Words, 'statements'>): boolean {
  if (!isQuestion(text)) return false;
  const sentences = splitSentences(text, words.statements).map((s) => s.text).filter((s) => /[\p{L}\p{N}]/u.test(s));
  const last = sentences.pop() ?? '';
  // ("How many vans does Brandl need? Dr. Weber?" asks something new first.)
  if (sentences.some(isQuestion)) return false;
  const lower = last.toLowerCase();
  const tokens = lower.match(/[\p{L}\p{N}]+/gu) ?? [];
  const passes = (t: string) => names.has(t) || /^(?:[a-h]|[1-9])$/u.test(t) || words.statements.disjunction.test(t) || (lower.includes(`${t}.`) && words.statements.abbreviation.test(`${t}.`));
  return tokens.some((t) => names.has(t)) && tokens.every(passes);
}

/** The words of the names of a discussion's speakers, lowercase ("Dr. Winter" → dr, winter). */
export function speakerNameWords(messages: readonly Pick<Message, 'author'>[]): Set<string> {
  return new Set(messages.flatMap((m) => (m.author ?? '').toLowerCase().match(/\p{L}{2,}/gu) ?? []));
}
