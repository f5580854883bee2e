// A task file's text with a message appended to one task's discussion, every other byte as it was.
// The new message follows the task's own conventions (field names, one-line or indented objects).
import { parseTree, type Node } from 'jsonc-parser';
import { UsageError } from './errors';

export interface NewMessage {
  text: string;
  author?: string;
  /** `human` or `bot` (or any role the task file already uses). */
  role?: string;
  ts?: string;
  /** Who recorded the message, when it relays someone else's words (kept as `recorded_by`). */
  recorded_by?: string;
}

const TEXT_KEYS = ['text', 'content', 'message', 'body'];
const AUTHOR_KEYS = ['author', 'from', 'user', 'name'];
const TIME_KEYS = ['ts', 'timestamp', 'time', 'created_at'];
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The message with the field names (and their order) of the last object message of the discussion. */
export function shapeMessage(discussion: readonly unknown[], m: NewMessage): Record<string, string> {
  const last = [...discussion].reverse().find(isObject);
  const keys = last ? Object.keys(last) : [];
  const pick = (names: string[]) => keys.find((k) => names.includes(k)) ?? names[0];
  const fields: Array<[string, string | undefined]> = [
    [pick(AUTHOR_KEYS), m.author],
    ['role', m.role],
    [pick(TEXT_KEYS), m.text],
    [pick(TIME_KEYS), m.ts],
    ['recorded_by', m.recorded_by],
  ];
  const present = fields.filter((f): f is [string, string] => f[1] !== undefined);
  const rank = (k: string) => (keys.includes(k) ? keys.indexOf(k) : keys.length + present.findIndex((f) => f[0] === k));
  return Object.fromEntries([...present].sort((a, b) => rank(a[0]) - rank(b[0])));
}

function lineIndent(text: string, offset: number): string {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n') i--;
  return /^[ \t]*/.exec(text.slice(i, offset))?.[0] ?? '';
}

/** Renders the message like the element it follows: one line (`{ "a": 1 }` or `{"a":1}`) or indented. */
function renderLike(previous: Node | undefined, text: string, message: Record<string, string>, eol: string): string {
  if (!previous) return JSON.stringify(message);
  const source = text.slice(previous.offset, previous.offset + previous.length);
  if (!source.includes('\n')) {
    const padded = /^\{\s/.test(source);
    const colon = /"\s*:\s/.test(source) ? ': ' : ':';
    const body = Object.entries(message).map(([k, v]) => `${JSON.stringify(k)}${colon}${JSON.stringify(v)}`).join(padded ? ', ' : ',');
    return padded ? `{ ${body} }` : `{${body}}`;
  }
  const indent = lineIndent(text, previous.offset);
  const firstChild = previous.children?.[0];
  const inner = firstChild ? lineIndent(text, firstChild.offset) : `${indent}  `;
  const unit = inner.startsWith(indent) && inner.length > indent.length ? inner.slice(indent.length) : '  ';
  return JSON.stringify(message, null, unit).split('\n').join(eol + indent);
}

/** The task file's text with the message appended to the task's discussion, other bytes unchanged. */
export function appendToText(text: string, value: Record<string, unknown>, taskId: string, message: Record<string, string>): string {
  // A file that is exactly JSON.stringify output is printed again the same way.
  const m = /^\{\n([ \t]+)"/.exec(text);
  const indent = m ? m[1] : text.startsWith('{"') ? '' : null;
  const trailing = text.slice(text.trimEnd().length);
  if (indent !== null && !text.includes('\r') && (trailing === '' || trailing === '\n') && `${JSON.stringify(value, null, indent)}${trailing}` === text) {
    const next = Object.fromEntries(
      Object.entries(value).map(([id, task]) => (id === taskId && isObject(task) && Array.isArray(task.discussion) ? [id, { ...task, discussion: [...task.discussion, message] }] : [id, task])),
    );
    return `${JSON.stringify(next, null, indent)}${trailing}`;
  }
  const root = parseTree(text);
  const taskNode = root?.children?.find((p) => p.children?.[0]?.value === taskId)?.children?.[1];
  const array = taskNode?.children?.find((p) => p.children?.[0]?.value === 'discussion')?.children?.[1];
  if (!array || array.type !== 'array') throw new UsageError(`task ${taskId} has no discussion array`);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const items = array.children ?? [];
  const last = items[items.length - 1];
  if (!last) return `${text.slice(0, array.offset)}[${JSON.stringify(message)}]${text.slice(array.offset + array.length)}`;
  // The separator the file uses between elements, or a new line at the last element's indentation.
  const before = items.length >= 2 ? items[items.length - 2] : null;
  const sep = before ? text.slice(before.offset + before.length, last.offset) : text.slice(array.offset + 1, last.offset).includes('\n') ? `,${eol}${lineIndent(text, last.offset)}` : ', ';
  const at = last.offset + last.length;
  return `${text.slice(0, at)}${sep.startsWith(',') ? sep : `,${sep}`}${renderLike(last, text, message, eol)}${text.slice(at)}`;
}
