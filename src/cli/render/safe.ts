// Text from the data (authors, messages, statements, ids, keys) on a terminal or in a CI log: a
// control character is shown as its escape (ESC starts the sequences that retitle a window or
// clear the screen; a newline would start a line of its own, such as a forged workflow
// annotation), and so are the characters that reorder what is shown (bidi overrides and
// isolates) and the line and paragraph separators. Each field then stays on one line and shows
// what it holds. JSON output is never passed through here: it stays exact.
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r' };

/** The text with every unsafe character written as an escape (`\n`, `\u001b`, `\u202e`). */
export function safeText(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A copy of the value with every string in it made safe (see safeText), for a renderer to print. */
export function terminalSafe<T>(value: T): T {
  if (typeof value === 'string') return safeText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => terminalSafe(v)) as T;
  if (value !== null && typeof value === 'object') {
    // Own properties defined one by one: a "__proto__" key stays a plain key.
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: terminalSafe(v), enumerable: true, writable: true, configurable: true });
    return out as T;
  }
  return value;
}
