// Stage 1: turn a task's raw discussion array into uniform messages.
import { foldPunctuation } from './text';
import type { Message, Role } from './types';

const TEXT_FIELDS = ['text', 'content', 'message', 'body'] as const;
const AUTHOR_FIELDS = ['author', 'from', 'user', 'name'] as const;
const TIME_FIELDS = ['ts', 'timestamp', 'time', 'created_at'] as const;

const ROLE_ALIASES: Readonly<Record<string, Role>> = {
  human: 'human',
  user: 'human',
  participant: 'human',
  person: 'human',
  customer: 'human',
  bot: 'bot',
  assistant: 'bot',
  agent: 'bot',
  system: 'bot',
  ai: 'bot',
  model: 'bot',
};

/** Only this much of a message is analysed: it bounds the time any rule can take on hostile input. */
export const MAX_MESSAGE_CHARS = 20_000;

function clip(text: string): string {
  return foldPunctuation(text.length > MAX_MESSAGE_CHARS ? cutAtSentence(text, MAX_MESSAGE_CHARS) : text);
}

const SENTENCE_END = '.!?\n';
const SPACE = /\s/;

/**
 * The text cut to at most `max` characters where a sentence ends (a cut inside one would leave a
 * sentence that was never said: "We use Postgres" cut to "We use Po"), else after the last whole
 * word, else at `max`. One backward scan of the kept part: linear.
 */
function cutAtSentence(text: string, max: number): string {
  if (text.length <= max) return text;
  let lastSpace = -1;
  for (let i = max - 1; i > 0; i--) {
    const c = text[i];
    if (SENTENCE_END.includes(c) && (c === '\n' || SPACE.test(text[i + 1]))) return text.slice(0, i + 1);
    if (lastSpace < 0 && SPACE.test(c)) lastSpace = i;
  }
  return lastSpace > 0 ? text.slice(0, lastSpace) : text.slice(0, max);
}

export interface SpeakerLists {
  humans: readonly string[];
  bots: readonly string[];
}

function firstString(obj: Record<string, unknown>, fields: readonly string[]): string | null {
  for (const f of fields) {
    if (!Object.prototype.hasOwnProperty.call(obj, f)) continue;
    const v = obj[f];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

export function normalizeRole(role: unknown, author: string, speakers: SpeakerLists): Role {
  if (typeof role === 'string') {
    const mapped = ROLE_ALIASES[role.trim().toLowerCase()];
    if (mapped) return mapped;
  }
  if (author && speakers.humans.includes(author)) return 'human';
  if (author && speakers.bots.includes(author)) return 'bot';
  return 'unknown';
}

/** One raw entry to a Message; entries that are neither string nor object yield null. */
export function normalizeMessage(raw: unknown, index: number, speakers: SpeakerLists): Message | null {
  if (typeof raw === 'string') {
    return { index, author: '', role: 'unknown', text: clip(raw), ts: null };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const obj = raw as Record<string, unknown>;
  const author = firstString(obj, AUTHOR_FIELDS) ?? '';
  const text = firstString(obj, TEXT_FIELDS) ?? '';
  const ts = firstString(obj, TIME_FIELDS);
  const message: Message = { index, author, role: normalizeRole(obj.role, author, speakers), text: clip(text), ts };
  const recordedBy = firstString(obj, ['recorded_by']);
  if (recordedBy !== null) message.recorded_by = recordedBy;
  return message;
}

export function normalizeDiscussion(discussion: readonly unknown[], speakers: SpeakerLists): Message[] {
  const out: Message[] = [];
  discussion.forEach((raw, i) => {
    const m = normalizeMessage(raw, i, speakers);
    if (m) out.push(m);
  });
  return out;
}

/** The calendar date of a timestamp as YYYYMMDD, or null for clock-only or unparseable values. */
export function dateKey(ts: string | null): string | null {
  if (!ts) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ts.trim());
  if (m) return `${m[1]}${m[2]}${m[3]}`;
  return null;
}
