// Reading JSON text with locations: a parse error names line and column; a pointer maps back
// to the line of its value.
import { findNodeAtLocation, parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Location {
  line: number;
  column: number;
}

export function locationOf(text: string, offset: number): Location {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export type ParseResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** Strict JSON.parse; on failure, the offending position as line:column and what was wrong. */
export function parseJson(text: string): ParseResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (err) {
    const message = (err as Error).message;
    const lc = /line (\d+) column (\d+)/.exec(message);
    if (lc) return { ok: false, message: cleanMessage(message), line: Number(lc[1]), column: Number(lc[2]) };
    const at = /position (\d+)/.exec(message);
    if (at) return { ok: false, message: cleanMessage(message), ...locationOf(body, Number(at[1])) };
    // Some V8 messages quote the text instead of giving a position: ask a strict tolerant parser where.
    const errors: ParseError[] = [];
    parse(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const offset = first ? first.offset : body.length;
    const what = first ? printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : 'unexpected end of JSON input';
    return { ok: false, message: `${what}: ${cleanMessage(message)}`, ...locationOf(body, offset) };
  }
}

function cleanMessage(message: string): string {
  return (
    message
      .replace(/\s*in JSON at position \d+.*$/s, '')
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/,\s*(?:\.\.\.)?".*"(?:\.\.\.)?\s*is not valid JSON$/s, '')
      .replace(/\s+/g, ' ')
      .trim() || 'invalid JSON'
  );
}

/** Line and column of the value at a JSON pointer (of its key, for an object member), when it can be found. */
export function pointerLocation(text: string, pointer: string, tree?: Node): Location | null {
  const root = tree ?? parseTree(text);
  if (!root) return null;
  const path = pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const segments: Array<string | number> = path.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const node = findNodeAtLocation(root, segments);
  if (!node) return null;
  const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
  return locationOf(text, at);
}

/** Locates many pointers in one text, parsing it once (on the first call). */
export function pointerLocator(text: string): (pointer: string) => Location | null {
  let tree: Node | undefined;
  return (pointer) => pointerLocation(text, pointer, (tree ??= parseTree(text)));
}

/** Deepest nesting allowed in an input file: deeper values would exhaust the stack of recursive walkers. */
export const MAX_NESTING = 512;

/** Offset where the text nests deeper than `limit` (outside strings), or -1. Iterative and linear. */
export function nestingOverflow(text: string, limit = MAX_NESTING): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Jump over the string: its closing quote is the first one after an even run of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return -1;
        let k = end - 1;
        while (text.charCodeAt(k) === 92) k--;
        if ((end - 1 - k) % 2 === 0) break;
      }
      i = end;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return -1;
}

/** Offset of the first byte that is not valid UTF-8, or -1. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return -1;
  } catch {
    // Walk the sequences to find where decoding broke.
    let i = 0;
    while (i < bytes.length) {
      const b = bytes[i];
      const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
      if (need < 0) return i;
      for (let k = 1; k <= need; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
      i += need + 1;
    }
    return 0;
  }
}
