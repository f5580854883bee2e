// Stage 5: split a discussion into topics (threads).
//
// One pass in message order; each message joins the recent topic it fits best or opens a new one.
// The cues are the ones the disentanglement literature finds strong without a learned model:
// lexical overlap (TF-IDF cosine over stemmed tokens) with *recent* messages only, the addressee
// named at the start of a message, the message a short reply answers, the same speaker going
// on, and the time gap. Comparing with a window keeps the cost linear in discussion length.
import { dot, type SparseVector } from './vectors';
import type { MessageAnalysis } from './messageAnalysis';
import { contentToken, words, type Stems } from './text';
import type { ClusterTuning, Message, Topic } from './types';

/** Windows, gaps and weights of topic assignment (see ClusterTuning in types.ts). */
export type ClusterOptions = ClusterTuning;

/** Whether two stamps are at most `gap` seconds apart; unknown stamps do not separate messages. */
function withinGap(ti: number | null, tj: number | null, gap: number): boolean {
  return ti === null || tj === null || (ti - tj >= 0 && ti - tj <= gap);
}

/** Seconds since an arbitrary origin, or null. Clock-only stamps ("15:04:21") count within a day. */
export function parseSeconds(ts: string | null): number | null {
  if (!ts) return null;
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(ts.trim());
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const t = Date.parse(ts);
  return Number.isNaN(t) ? null : t / 1000;
}

/** Each message's TF-IDF vector over its tokens, L2-normalized (so that `dot` is their cosine). */
function tfidfVectors(tokenLists: ReadonlyArray<readonly string[]>): SparseVector[] {
  const idOf = new Map<string, number>();
  const df: number[] = [];
  const lists = tokenLists.map((toks) => {
    const ids = toks.map((t) => {
      let id = idOf.get(t);
      if (id === undefined) {
        id = idOf.size;
        idOf.set(t, id);
        df.push(0);
      }
      return id;
    });
    for (const id of new Set(ids)) df[id]++;
    return ids;
  });
  const n = tokenLists.length;
  return lists.map((ids) => {
    const tf = new Map<number, number>();
    for (const id of ids) tf.set(id, (tf.get(id) ?? 0) + 1);
    const sorted = [...tf.keys()].sort((a, b) => a - b);
    const weights = new Float64Array(sorted.length);
    let norm = 0;
    sorted.forEach((id, k) => {
      const w = (1 + Math.log(tf.get(id)!)) * Math.log(1 + n / df[id]);
      weights[k] = w;
      norm += w * w;
    });
    norm = Math.sqrt(norm);
    if (norm > 0) for (let k = 0; k < weights.length; k++) weights[k] /= norm;
    return { ids: Int32Array.from(sorted), weights };
  });
}

/** The author a message addresses by name at its start ("alice: try this", "@bob ..."). */
function addresseeOf(text: string, authors: ReadonlySet<string>): string | null {
  const m = /^\s*@?([^\s:,]{1,40})[:,]\s/.exec(text);
  if (m && authors.has(m[1].toLowerCase())) return m[1].toLowerCase();
  const at = /^\s*@([^\s:,]{1,40})/.exec(text);
  if (at && authors.has(at[1].toLowerCase())) return at[1].toLowerCase();
  return null;
}

// Chat nicknames: letters, digits and the punctuation IRC allows in them.
const NICK_TOKEN = /[A-Za-z0-9_\-\[\]\\`^{}|]+/g;

/**
 * Other participants a message names anywhere ("thanks alice", "as bob said"). Names that are
 * also common words, or shorter than three letters, only count when they address the message.
 */
function mentionedAuthors(text: string, authors: ReadonlySet<string>, self: string, stopwords: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  const first = addresseeOf(text, authors);
  if (first !== null && first !== self) out.add(first);
  for (const raw of text.match(NICK_TOKEN) ?? []) {
    const tok = raw.toLowerCase().replace(/^[_\-]+|[_\-]+$/g, '');
    for (const name of [raw.toLowerCase(), tok]) {
      if (name.length >= 3 && name !== self && authors.has(name) && !stopwords.has(name)) out.add(name);
    }
  }
  return [...out];
}

/** What clustering reads of the whole discussion once, before it places each message. */
interface ClusterScene {
  readonly messages: readonly Message[];
  readonly answered: readonly number[];
  readonly replyLike: readonly boolean[];
  readonly options: ClusterOptions;
  readonly vectors: ReturnType<typeof tfidfVectors>;
  readonly times: readonly (number | null)[];
  readonly wordCounts: readonly number[];
  readonly authors: readonly string[];
  readonly isSystem: readonly boolean[];
  readonly speakers: ReadonlySet<string>;
  /** The engine's stopwords: a name that is also one counts only when it addresses a message. */
  readonly stopwords: ReadonlySet<string>;
  readonly twoParty: boolean;
  readonly chatRoom: boolean;
}

/** Where clustering stands after the messages placed so far. */
interface ClusterState {
  readonly topicOf: Int32Array;
  /** For each author, their latest message. */
  readonly lastOfAuthor: Map<string, number>;
  /** For each author, the latest message that named them. */
  readonly lastCalledBy: Map<string, number>;
  topicCount: number;
  current: number;
}

/**
 * Clusters messages into topics. `answered[i]` is the position of the message messages[i] answers
 * (from the detect stage), `replyLike[i]` marks replies (confirmations, rejections) that belong to
 * what they answer whatever their words. Each message joins the topic that scores best for it
 * (words shared with recent messages, who it names or answers, who goes on) or starts a new one.
 * A line by one of `systemAuthors` (an event, not a person: transcript-markers.json) stands alone.
 */
export function clusterTopics(
  messages: readonly Message[],
  answered: readonly number[],
  replyLike: readonly boolean[],
  options: ClusterOptions,
  analysis: readonly MessageAnalysis[],
  stems: Stems,
  systemAuthors: ReadonlySet<string>,
): Topic[] {
  const n = messages.length;
  if (n === 0) return [];
  const scene = clusterScene(messages, answered, replyLike, options, analysis, stems, systemAuthors);
  const state: ClusterState = { topicOf: new Int32Array(n).fill(-1), lastOfAuthor: new Map(), lastCalledBy: new Map(), topicCount: 0, current: -1 };
  for (let i = 0; i < n; i++) placeMessage(i, scene, state);
  const members: number[][] = Array.from({ length: state.topicCount }, () => []);
  for (let i = 0; i < n; i++) members[state.topicOf[i]].push(i);
  return members
    .filter((ms) => ms.length > 0)
    .map((ms, k) => ({ id: k + 1, label: topicLabel(ms.map((p) => messages[p].text), stems), messages: ms.map((p) => messages[p].index) }));
}

function clusterScene(
  messages: readonly Message[],
  answered: readonly number[],
  replyLike: readonly boolean[],
  options: ClusterOptions,
  analysis: readonly MessageAnalysis[],
  stems: Stems,
  systemAuthors: ReadonlySet<string>,
): ClusterScene {
  const times = messages.map((m) => parseSeconds(m.ts));
  const authors = messages.map((m) => m.author.toLowerCase());
  const speakers = new Set(authors.filter((a) => a && !systemAuthors.has(a)));
  const twoParty = speakers.size <= 2;
  return {
    messages,
    answered,
    replyLike,
    options,
    vectors: tfidfVectors(analysis.map((a) => a.tokens)),
    times,
    wordCounts: analysis.map((a) => a.words),
    authors,
    isSystem: authors.map((a) => systemAuthors.has(a)),
    speakers,
    stopwords: stems.stopwords,
    twoParty,
    // A chat room (many speakers, timestamped lines) interleaves threads; people there call each
    // other by name and answer whoever called them. Meeting transcripts have neither habit.
    chatRoom: !twoParty && times.some((t) => t !== null),
  };
}

/** Puts message i in the best-scoring topic, or a new one, and records who spoke and who was named. */
function placeMessage(i: number, scene: ClusterScene, state: ClusterState): void {
  const author = scene.authors[i];
  if (scene.isSystem[i]) {
    state.topicOf[i] = state.topicCount++;
    return;
  }
  const addressee = addresseeOf(scene.messages[i].text, scene.speakers);
  const named = scene.chatRoom ? mentionedAuthors(scene.messages[i].text, scene.speakers, author, scene.stopwords) : addressee !== null ? [addressee] : [];
  const scores = similarTopics(i, scene, state);
  addDialogueScores(i, scene, state, scores, named, addressee);
  const best = bestTopic(scores, scene.options.joinThreshold);
  state.topicOf[i] = best >= 0 ? best : state.topicCount++;
  state.current = state.topicOf[i];
  if (author) state.lastOfAuthor.set(author, i);
  for (const name of named) state.lastCalledBy.set(name, i);
}

/** For each topic of the recent messages, the best word similarity of one of them to message i. */
function similarTopics(i: number, scene: ClusterScene, state: ClusterState): Map<number, number> {
  const { options, times, twoParty } = scene;
  const scores = new Map<number, number>();
  const lo = Math.max(0, i - options.window);
  for (let j = i - 1; j >= lo; j--) {
    const topic = state.topicOf[j];
    if (topic < 0 || scene.isSystem[j]) continue;
    const ti = times[i];
    const tj = times[j];
    // In a chat room a long silence ends a thread; a two-party task discussion resumes days later.
    if (!twoParty && ti !== null && tj !== null && ti - tj > options.maxGapSeconds) continue;
    const sim = dot(scene.vectors[i], scene.vectors[j]);
    // Nearer messages count a little more: most replies answer something said moments ago.
    if (sim > 0) scores.set(topic, Math.max(scores.get(topic) ?? 0, sim * (1 - (i - j) / (options.window * 2))));
  }
  return scores;
}

/** What the dialogue adds to the topics' scores: who message i names or answers, who called its author, the author going on, the thread going on. */
function addDialogueScores(i: number, scene: ClusterScene, state: ClusterState, scores: Map<number, number>, named: readonly string[], addressee: string | null): void {
  const { options, times, chatRoom } = scene;
  const author = scene.authors[i];
  const add = (topic: number, s: number) => scores.set(topic, (scores.get(topic) ?? 0) + s);
  for (const name of named) {
    const j = state.lastOfAuthor.get(name);
    if (j !== undefined && i - j <= options.window * 4) add(state.topicOf[j], name === addressee ? options.addressedWeight : options.namedWeight);
  }
  // Someone named this speaker a moment ago: an unaddressed message from them most likely answers it.
  const callerAt = state.lastCalledBy.get(author);
  if (chatRoom && named.length === 0 && callerAt !== undefined && i - callerAt <= options.window && withinGap(times[i], times[callerAt], options.replyGapSeconds)) {
    add(state.topicOf[callerAt], options.callerWeight);
  }
  const a = scene.answered[i];
  const short = scene.wordCounts[i] <= options.shortReplyWords;
  if (a >= 0 && state.topicOf[a] >= 0 && (scene.replyLike[i] || short) && named.length === 0) add(state.topicOf[a], options.answeredWeight);
  const own = state.lastOfAuthor.get(author);
  if (own !== undefined && i - own <= options.window && author) {
    // In a chat room the same speaker going on within a couple of minutes is usually the same thread.
    const soon = chatRoom && withinGap(times[i], times[own], options.replyGapSeconds);
    add(state.topicOf[own], soon ? options.sameSpeakerWeight : options.sameSpeakerLaterWeight);
  }
  if (state.current >= 0) add(state.current, scene.twoParty ? options.continueTwoPartyWeight : options.continueGroupWeight);
}

/** The topic with the highest score at or above the threshold (the later topic on a tie), or -1. */
function bestTopic(scores: ReadonlyMap<number, number>, threshold: number): number {
  let best = -1;
  let bestScore = 0;
  for (const [t, s] of scores) {
    if (s > bestScore || (s === bestScore && t > best)) {
      best = t;
      bestScore = s;
    }
  }
  return best >= 0 && bestScore >= threshold ? best : -1;
}

/** The topic's most characteristic words, in their commonest surface form. */
export function topicLabel(texts: readonly string[], stems: Stems): string {
  const counts = new Map<string, number>();
  const surface = new Map<string, Map<string, number>>();
  for (const text of texts) {
    for (const w of words(text)) {
      const s = contentToken(w, stems);
      if (s === null) continue;
      counts.set(s, (counts.get(s) ?? 0) + 1);
      const forms = surface.get(s) ?? new Map<string, number>();
      forms.set(w, (forms.get(w) ?? 0) + 1);
      surface.set(s, forms);
    }
  }
  const top = [...counts.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, 3);
  return top
    .map(([s]) => [...(surface.get(s) ?? new Map<string, number>()).entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0][0])
    .join(' ');
}
