// Reading JSON text with locations: a parse error names line and column; a pointer maps back
// to the line of its value.
import { parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Location {
  line: number;
  column: number;
}

export function locationOf(text: string, offset: number): Location {
  return lineLocator(text)(offset);
}

/**
 * Line and column of offsets in one text: its line starts are found once, then each offset is
 * a binary search (a file with a problem per task is not scanned from its start per problem).
 */
export function lineLocator(text: string): (offset: number) => Location {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    // The last line that starts at or before the offset.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
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
export function pointerLocation(text: string, pointer: string): Location | null {
  return pointerLocator(text)(pointer);
}

/**
 * Locates many pointers in one text: it is parsed once (on the first call), each object's members
 * are looked up by key (a file of many tasks is not scanned per pointer), and so are lines.
 */
export function pointerLocator(text: string): (pointer: string) => Location | null {
  let root: Node | undefined;
  const lines = lineLocator(text);
  // Each object's members by key; the first of two with one key, as a JSON pointer tool finds it.
  const members = new Map<Node, Map<string, Node>>();
  const memberOf = (object: Node, key: string): Node | undefined => {
    let byKey = members.get(object);
    if (!byKey) {
      byKey = new Map();
      for (const p of object.children ?? []) {
        const [k, v] = p.children ?? [];
        if (k && v && !byKey.has(k.value as string)) byKey.set(k.value as string, v);
      }
      members.set(object, byKey);
    }
    return byKey.get(key);
  };
  return (pointer) => {
    root ??= parseTree(text);
    let node: Node | undefined = root;
    const segments = pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    for (const segment of segments) {
      if (!node) return null;
      // A segment of digits is an index in an array and a key in an object (task "123").
      if (node.type === 'object') node = memberOf(node, segment);
      else if (node.type === 'array' && /^\d+$/.test(segment)) node = node.children?.[Number(segment)];
      else return null;
    }
    if (!node) return null;
    return lines(node.parent?.type === 'property' ? node.parent.offset : node.offset);
  };
}

/** Deepest nesting allowed in an input file: deeper values would exhaust the stack of recursive walkers. */
export const MAX_NESTING = 512;

/** What one scan of a JSON text finds wrong with its structure besides its syntax. */
export type StructureProblem = { kind: 'too-deep'; offset: number } | { kind: 'duplicate-key'; offset: number; key: string };

/**
 * The first place where the text nests deeper than `limit`, or where an object names a key a
 * second time (JSON.parse would keep the last and drop the first without a word: a task whose id
 * comes twice would lose its discussion), or null. One pass, iterative and linear; the text is
 * expected to be JSON (a syntax error is found by parsing it).
 */
export function structureProblem(text: string, limit = MAX_NESTING): StructureProblem | null {
  // Per open object its keys so far; null for an array.
  const open: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Jump over the string: its closing quote is the first one after an even run of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return null;
        let k = end - 1;
        while (text.charCodeAt(k) === 92) k--;
        if ((end - 1 - k) % 2 === 0) break;
      }
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const raw = text.slice(i + 1, end);
        let key = raw;
        if (raw.includes('\\')) {
          try {
            key = JSON.parse(text.slice(i, end + 1)) as string;
          } catch {
            key = raw;
          }
        }
        if (keys.has(key)) return { kind: 'duplicate-key', offset: i, key };
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === 123) {
      if (open.length >= limit) return { kind: 'too-deep', offset: i };
      open.push(new Set());
      expectKey = true;
    } else if (c === 91) {
      if (open.length >= limit) return { kind: 'too-deep', offset: i };
      open.push(null);
      expectKey = false;
    } else if (c === 125 || c === 93) {
      open.pop();
      expectKey = false;
    } else if (c === 44) expectKey = open[open.length - 1] !== null && open.length > 0;
  }
  return null;
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
