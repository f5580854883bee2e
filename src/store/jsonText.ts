// Reading JSON text with locations: a parse error names line and column; a pointer maps back
// to the line of its value.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

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
    const offset = at ? Number(at[1]) : body.length;
    const loc = locationOf(body, offset);
    return { ok: false, message: cleanMessage(message), ...loc };
  }
}

function cleanMessage(message: string): string {
  return message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)/, '').trim() || 'invalid JSON';
}

/** Line and column of the value at a JSON pointer, when it can be found. */
export function pointerLocation(text: string, pointer: string, tree?: Node): Location | null {
  const root = tree ?? parseTree(text);
  if (!root) return null;
  const path = pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const segments: Array<string | number> = path.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const node = findNodeAtLocation(root, segments);
  return node ? locationOf(text, node.offset) : null;
}
