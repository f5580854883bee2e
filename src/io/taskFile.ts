// Reading a task file and writing `extracted_state` back into it. The write changes only that
// key of each task, keeping the person's formatting, key order and every other key: edits are
// computed from one parse tree and applied to the original text from the end backwards.
import { promises as fs } from 'node:fs';
import { parseTree, type Node } from 'jsonc-parser';
import { canonicalJson } from '../core/json';
import type { Diagnostic, ExtractedState, TaskInput } from '../core/types';
import { fsProblem } from './errors';
import { invalidUtf8Offset, locationOf, MAX_NESTING, parseJson, pointerLocator, structureProblem } from './jsonText';
import { displayPath } from './paths';
import { pointerSegment, schemaProblems } from './schemas';

export interface TaskFile {
  path: string;
  /** Path as shown to the user (relative to the working directory). */
  display: string;
  text: string;
  /** The bytes the text was decoded from (compared as they are before writing back). */
  bytes?: Uint8Array;
  tasks: TaskInput[];
  /** The parsed file, for the fast write-back path. */
  value: Record<string, unknown>;
}

export type ReadOutcome = { ok: true; file: TaskFile; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface ParseOptions {
  /** Messages longer than this are reported: the analysis reads only that many characters of each. */
  maxMessageChars: number;
  /**
   * Tasks for which this holds skip schema validation (the analysis knows a discussion it already
   * extracted was valid then). `extract check` validates everything.
   */
  trusted?: (task: unknown, id: string, path: string) => boolean;
  /**
   * What a caller that reads the same file again and again kept from the last time (see
   * PrintMemo): a text that differs from the last print only inside some tasks' entries is parsed
   * entry by entry, the other tasks taken as they were.
   */
  printMemo?: (path: string) => PrintMemo | undefined;
}

/** Parses and validates a task file's text; invalid tasks are reported and left out, never fatal to the rest. */
export function parseTaskFile(path: string, display: string, text: string, options: ParseOptions): ReadOutcome {
  const memo = options.printMemo?.(path);
  const reread = memo?.last ? reparse(text, memo.last) : null;
  return reread ? tasksOf(path, display, text, reread, options, memo) : parseWhole(path, display, text, options, memo);
}

function parseWhole(path: string, display: string, text: string, options: ParseOptions, memo: PrintMemo | undefined): ReadOutcome {
  const problem = structureProblem(text);
  if (problem?.kind === 'too-deep') {
    return {
      ok: false,
      diagnostics: [{ code: 'too-deep', severity: 'error', file: display, ...locationOf(text, problem.offset), message: `nesting deeper than ${MAX_NESTING} levels; file left as it is` }],
    };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return {
      ok: false,
      diagnostics: [{ code: 'invalid-json', severity: 'error', file: display, line: parsed.line, column: parsed.column, message: parsed.message }],
    };
  }
  if (problem?.kind === 'duplicate-key') {
    // Parsing keeps the last of the two and drops the first: the file is left alone instead.
    return {
      ok: false,
      diagnostics: [{ code: 'duplicate-key', severity: 'error', file: display, ...locationOf(text, problem.offset), message: `key ${JSON.stringify(problem.key)} appears a second time in the same object; file left as it is` }],
    };
  }
  const value = parsed.value;
  if (!isObject(value)) {
    return {
      ok: false,
      diagnostics: [{ code: 'invalid-task-file', severity: 'error', file: display, pointer: '', line: 1, column: 1, message: 'a task file must be a JSON object keyed by task id' }],
    };
  }
  return tasksOf(path, display, text, value, options, memo);
}

/** The tasks of a parsed task file, validated (see ParseOptions.trusted). */
function tasksOf(path: string, display: string, text: string, value: Record<string, unknown>, options: ParseOptions, memo: PrintMemo | undefined): ReadOutcome {
  const diagnostics: Diagnostic[] = [];
  const badTasks = new Set<string>();
  // Validated as an object of the tasks that need it ("__proto__" stays a plain key).
  const trusted = options.trusted;
  const toValidate = trusted ? Object.fromEntries(Object.entries(value).filter(([id, t]) => !trusted(t, id, path))) : value;
  const problems = schemaProblems('tasks', toValidate);
  // Located only when there is something to report, then each from one parse of the text.
  const locate = pointerLocator(text);
  if (problems.length > 0) {
    for (const p of problems) {
      const taskKey = p.pointer.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
      badTasks.add(taskKey);
      const loc = locate(p.pointer);
      diagnostics.push({ code: 'schema', severity: 'error', file: display, pointer: p.pointer, ...(loc ?? {}), message: `${p.message}; task skipped` });
    }
  }
  const tasks: TaskInput[] = [];
  for (const id of Object.keys(value)) {
    if (badTasks.has(id)) continue;
    const task = value[id];
    if (isObject(task) && task.discussion === undefined) {
      const loc = locate(taskPointer(id));
      diagnostics.push({ code: 'no-discussion', severity: 'warning', file: display, pointer: taskPointer(id), ...(loc ?? {}), message: `task ${id} has no discussion; nothing to extract` });
    }
    if (!isObject(task) || !Array.isArray(task.discussion)) continue;
    const previous = isObject(task.extracted_state) ? (task.extracted_state as unknown as ExtractedState) : null;
    for (const [i, longest] of longMessages(task.discussion, options.maxMessageChars, memo)) {
      diagnostics.push({ code: 'long-message', severity: 'warning', file: display, pointer: `${taskPointer(id)}/discussion/${i}`, message: `message has ${longest} characters; only the first ${options.maxMessageChars} are analysed` });
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    tasks.push({ id, discussion: task.discussion, previous, title: str(task.title) ?? str(task.name), status: str(task.status) });
  }
  const file: TaskFile = { path, display, text, tasks, value };
  return { ok: true, file, diagnostics };
}

interface Style {
  eol: string;
  /** Indentation of the task's own properties, or null for a one-line object. */
  propertyIndent: string | null;
  unit: string;
  colon: string;
}

function lineIndent(text: string, offset: number): string {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n') i--;
  const m = /^[ \t]*/.exec(text.slice(i, offset));
  return m ? m[0] : '';
}

function styleOf(text: string, eol: string, taskProperty: Node, taskObject: Node): Style {
  const props = taskObject.children ?? [];
  const firstProp = props[0];
  const objectIndent = lineIndent(text, taskProperty.offset);
  let colon = ': ';
  if (firstProp?.children?.[0] && firstProp.children[1]) {
    const key = firstProp.children[0];
    colon = text.slice(key.offset + key.length, firstProp.children[1].offset) || ': ';
  }
  if (!firstProp || !text.slice(taskObject.offset, firstProp.offset).includes('\n')) {
    return { eol, propertyIndent: null, unit: '', colon };
  }
  const propertyIndent = lineIndent(text, firstProp.offset);
  const unit = propertyIndent.startsWith(objectIndent) && propertyIndent.length > objectIndent.length ? propertyIndent.slice(objectIndent.length) : '  ';
  return { eol, propertyIndent, unit, colon };
}

function renderState(state: ExtractedState, style: Style): string {
  if (style.propertyIndent === null) return JSON.stringify(state);
  return JSON.stringify(state, null, style.unit).split('\n').join(style.eol + style.propertyIndent);
}

interface Edit {
  offset: number;
  length: number;
  content: string;
}

/**
 * The task file's text with each given task's `extracted_state` set. Tasks whose state is already
 * equal (as data) are left byte for byte as they are.
 */
export function applyStates(text: string, states: ReadonlyMap<string, ExtractedState>, value?: Record<string, unknown>, memo?: PrintMemo): string {
  // Every state is the very object the file already holds (a run where nothing changed): nothing to print.
  if (value && [...states].every(([id, state]) => isObject(value[id]) && value[id].extracted_state === state)) {
    // A caller that keeps prints and has none of this file yet learns whether it is one (its next save is then cheap).
    if (memo && !memo.last && memo.notPrint !== text) {
      regenerate(text, states, value, memo);
      // Not an indented print (a compact file has no kept print either): not looked at again.
      if (!memo.last) memo.notPrint = text;
    }
    return text;
  }
  if (value) {
    const fast = regenerate(text, states, value, memo);
    if (fast !== null) return fast;
  }
  const root = parseTree(text);
  if (!root || root.type !== 'object') return text;
  const edits: Edit[] = [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  for (const prop of root.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || !valueNode || valueNode.type !== 'object') continue;
    const taskId = keyNode.value as string;
    const state = states.get(taskId);
    if (!state) continue;
    const style = styleOf(text, eol, prop, valueNode);
    const existing = (valueNode.children ?? []).find((p) => p.children?.[0]?.value === 'extracted_state');
    if (existing?.children?.[1]) {
      const v = existing.children[1];
      const current = parseJson(text.slice(v.offset, v.offset + v.length));
      if (current.ok && canonicalJson(current.value) === canonicalJson(state)) continue;
      edits.push({ offset: v.offset, length: v.length, content: renderState(state, style) });
    } else {
      const props = valueNode.children ?? [];
      const key = JSON.stringify('extracted_state');
      if (props.length === 0) {
        edits.push({ offset: valueNode.offset + 1, length: valueNode.length - 2, content: `${key}${style.colon}${renderState(state, style)}` });
        continue;
      }
      const lastProp = props[props.length - 1];
      const sep = style.propertyIndent === null ? ',' : `,${style.eol}${style.propertyIndent}`;
      edits.push({ offset: lastProp.offset + lastProp.length, length: 0, content: `${sep}${key}${style.colon}${renderState(state, style)}` });
    }
  }
  return applyEdits(text, edits.sort((a, b) => a.offset - b.offset));
}

/** `text` with each edit applied, in one pass (edits in offset order, not overlapping): slicing the whole text once per edit would be quadratic in tasks. */
function applyEdits(text: string, edits: readonly Edit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(text.slice(at, e.offset), e.content);
    at = e.offset + e.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** The task with `state` as its extracted_state, keeping its key order (a new key goes last). */
function withState(task: Record<string, unknown>, state: ExtractedState): Record<string, unknown> {
  const entries = Object.entries(task);
  const k = entries.findIndex(([key]) => key === 'extracted_state');
  if (k >= 0) entries[k] = ['extracted_state', state];
  else entries.push(['extracted_state', state]);
  // Object.fromEntries defines own properties, so a "__proto__" key stays a plain key.
  return Object.fromEntries(entries);
}

export function taskPointer(taskId: string): string {
  return `/${pointerSegment(taskId)}`;
}


/** A text known to be exactly `JSON.stringify(value, null, indent) + trailing` for an object with these keys. */
interface PrintedFile {
  text: string;
  indent: string;
  trailing: string;
  keys: readonly string[];
  /** The object the text prints (its tasks are shared with the run that printed it, never changed). */
  value: Record<string, unknown>;
  /** Where each key's entry starts in the text, found when first needed. */
  starts?: number[] | null;
  /** The last text compared with this one, and where they differ. */
  diff?: { text: string; diff: EntryDiff };
}

/**
 * What a caller that writes the same task file again and again keeps between runs (the watch
 * daemon): the last text of it known to be JSON.stringify's print. A new text that differs from it
 * only inside some tasks' entries is proven a print too by printing those entries alone.
 */
export interface PrintMemo {
  last?: PrintedFile;
  /** A text found not to be an indented plain print (not looked at again while it is the file's text). */
  notPrint?: string;
  /** The messages over the length limit in each discussion read (by index, with their length), for that limit. */
  long?: { limit: number; found: WeakMap<readonly unknown[], Array<[number, number]>> };
}

/**
 * Fast path for files that are exactly what JSON.stringify(value, null, indent) produces (most
 * tool-written task files): change the value and print it again, instead of building a parse
 * tree of the whole text. Returns null when the file has its own formatting (then edits are used).
 */
export function regenerate(text: string, states: ReadonlyMap<string, ExtractedState>, value: Record<string, unknown>, memo?: PrintMemo): string | null {
  if (text.includes('\r')) return null;
  const m = /^\{\n([ \t]+)"/.exec(text);
  const indent = m ? m[1] : text.startsWith('{"') ? '' : null;
  if (indent === null) return null;
  const trailing = text.slice(text.trimEnd().length);
  if (trailing !== '' && trailing !== '\n') return null;
  if (indent !== '') return regenerateIndented(text, states, value, indent, trailing, memo);
  // A compact file: compared task by task with what JSON.stringify prints for each (no copy of the
  // whole file), and only the tasks whose state changed are printed again.
  const ids = Object.keys(value);
  if (ids.length === 0) return `${JSON.stringify(value)}${trailing}` === text ? text : null;
  const piece = (id: string, task: unknown) => `${JSON.stringify(id)}:${JSON.stringify(task)}`;
  const parts: string[] = [];
  let at = 0;
  let changed = false;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const task = value[id];
    const lead = i === 0 ? '{' : ',';
    const own = piece(id, task);
    if (!text.startsWith(lead, at) || !text.startsWith(own, at + lead.length)) return null;
    at += lead.length + own.length;
    const state = states.get(id);
    if (!stateChanged(task, state)) {
      parts.push(lead, own);
      continue;
    }
    changed = true;
    parts.push(lead, piece(id, withState(task, state!)));
  }
  const close = `}${trailing}`;
  if (at + close.length !== text.length || !text.startsWith(close, at)) return null;
  if (!changed) return text;
  parts.push(close);
  return parts.join('');
}

const stateChanged = (task: unknown, state: ExtractedState | undefined): task is Record<string, unknown> =>
  state !== undefined && isObject(task) && task.extracted_state !== state && !(isObject(task.extracted_state) && canonicalJson(task.extracted_state) === canonicalJson(state));

/** A task's entry as JSON.stringify(value, null, indent) prints it inside the file's object (own key "__proto__" included). */
const indentedEntry = (id: string, task: unknown, indent: string) => JSON.stringify({ [id]: task }, null, indent).slice(2, -2);

/**
 * The indented case of `regenerate`: one native print of the whole value proves the text is exactly
 * JSON.stringify's, and then only the changed tasks are printed and spliced in. In such a text a
 * line that starts with the indent and a quote is a task's key, so each changed task is found by it.
 */
function regenerateIndented(text: string, states: ReadonlyMap<string, ExtractedState>, value: Record<string, unknown>, indent: string, trailing: string, memo?: PrintMemo): string | null {
  const keys = Object.keys(value);
  const proven = memo?.last !== undefined && printedLike(text, value, keys, indent, trailing, memo.last);
  if (!proven && `${JSON.stringify(value, null, indent)}${trailing}` !== text) return null;
  // Where each task's entry starts, when the last print tells (otherwise each changed task is searched for).
  const starts = proven ? startsLike(text, memo.last!) : undefined;
  const edits: Edit[] = [];
  const replaced = new Map<string, Record<string, unknown>>();
  // Tasks appear in the text in key order, so each search starts where the last task found ended.
  let from = 0;
  for (const [k, id] of keys.entries()) {
    const task = value[id];
    const state = states.get(id);
    if (!stateChanged(task, state)) continue;
    const own = indentedEntry(id, task, indent);
    const offset = starts ? starts[k] : entryStart(text, indent, id, from);
    if (offset < 0 || !text.startsWith(own, offset)) return null;
    from = offset + own.length;
    const updated = withState(task, state!);
    replaced.set(id, updated);
    edits.push({ offset, length: own.length, content: indentedEntry(id, updated, indent) });
  }
  const next = edits.length === 0 ? text : applyEdits(text, edits);
  // Setting extracted_state keeps every task's key and place: the new text is a print as well, of
  // the value with the new states, whose entries start where the edits moved them.
  if (memo) memo.last = { text: next, indent, trailing, keys, value: replaced.size === 0 ? value : assemble([keys.map((k) => [k, replaced.get(k) ?? value[k]])])!, starts: starts && movedBy(starts, edits) };
  return next;
}

/**
 * Where the entry of task `key` starts in a print indented by `indent`, searching from `from` (-1:
 * not there). In such a print a line that starts with the indent and a quote is a task's key.
 */
function entryStart(text: string, indent: string, key: string, from: number): number {
  const at = text.indexOf(`\n${indent}${JSON.stringify(key)}: `, from);
  return at < 0 ? -1 : at + 1;
}

/**
 * Where each entry of `text` starts, when that is known without searching the whole of it: the
 * entries of `earlier` start where they did, and `text` differs from it only inside entries i..j
 * (found by diffEntries), which are searched for within that stretch alone.
 */
function startsLike(text: string, earlier: PrintedFile): number[] | undefined {
  const diff = earlier.diff?.text === text ? earlier.diff.diff : null;
  const starts = earlier.starts;
  if (!diff || !starts) return undefined;
  if (diff === 'same') return starts;
  const out = starts.slice();
  const shift = text.length - earlier.text.length;
  for (let k = diff.j + 1; k < out.length; k++) out[k] += shift;
  for (let k = diff.i + 1; k <= diff.j; k++) {
    const at = entryStart(text, earlier.indent, earlier.keys[k], out[k - 1]);
    if (at < 0 || at >= diff.to) return undefined;
    out[k] = at;
  }
  return out;
}

/** Entry starts after `edits` (in text order, each replacing one entry from its start) are applied. */
function movedBy(starts: readonly number[], edits: readonly Edit[]): number[] {
  const out = new Array<number>(starts.length);
  let e = 0;
  let delta = 0;
  for (let k = 0; k < starts.length; k++) {
    for (; e < edits.length && edits[e].offset < starts[k]; e++) delta += edits[e].content.length - edits[e].length;
    out[k] = starts[k] + delta;
  }
  return out;
}

/** The messages of a discussion with a string longer than `limit`, by index with that length (the same discussion array is looked at once). */
function longMessages(discussion: readonly unknown[], limit: number, memo: PrintMemo | undefined): Array<[number, number]> {
  if (memo && memo.long?.limit !== limit) memo.long = { limit, found: new WeakMap() };
  const known = memo?.long?.found.get(discussion);
  if (known) return known;
  const out: Array<[number, number]> = [];
  discussion.forEach((m, i) => {
    let longest = typeof m === 'string' ? m.length : 0;
    if (isObject(m)) {
      for (const k in m) {
        const v = m[k];
        if (typeof v === 'string' && v.length > longest && Object.prototype.hasOwnProperty.call(m, k)) longest = v.length;
      }
    }
    if (longest > limit) out.push([i, longest]);
  });
  memo?.long?.found.set(discussion, out);
  return out;
}

/**
 * The entries `i..j` of `earlier` outside of which `text` has the same bytes, and where they lie in
 * `text` ([from, to)); 'same' for the very text; null when the texts differ elsewhere (in the
 * braces, or only between entries).
 */
function diffEntries(text: string, earlier: PrintedFile): EntryDiff {
  // Parsing and then rendering the same save ask for it twice.
  if (earlier.diff?.text !== text) earlier.diff = { text, diff: entryDiff(text, earlier) };
  return earlier.diff.diff;
}

type EntryDiff = 'same' | { i: number; j: number; from: number; to: number } | null;

function entryDiff(text: string, earlier: PrintedFile): EntryDiff {
  const old = earlier.text;
  if (text === old) return 'same';
  const m = earlier.keys.length;
  const starts = m === 0 ? null : (earlier.starts ??= entryStarts(earlier));
  if (!starts) return null;
  // Entry k spans [starts[k], end(k)); entries are separated by ",\n" and the last is followed by "\n}".
  const end = (k: number) => (k + 1 < m ? starts[k + 1] - 2 : old.length - earlier.trailing.length - 2);
  const prefix = commonPrefixLength(text, old);
  const suffix = commonSuffixLength(text, old, Math.min(text.length, old.length) - prefix);
  let i = 0;
  while (i < m && end(i) <= prefix) i++;
  let j = m - 1;
  while (j >= 0 && starts[j] >= old.length - suffix) j--;
  if (i > j || starts[i] > prefix || old.length - end(j) > suffix) return null;
  return { i, j, from: starts[i], to: end(j) + text.length - old.length };
}

/**
 * `JSON.parse(text)` when `text` differs from `earlier` (a print) only inside some entries: those
 * are parsed alone, the other tasks are taken from `earlier.value` (their bytes are the same).
 * Null when that does not hold or the changed entries do not parse (the whole text is parsed then,
 * which reports where it is broken).
 */
function reparse(text: string, earlier: PrintedFile): Record<string, unknown> | null {
  const diff = diffEntries(text, earlier);
  if (diff === null) return null;
  const { keys, value } = earlier;
  if (diff === 'same') return assemble([keys.map((k) => [k, value[k]])]);
  const changed = text.slice(diff.from, diff.to);
  // Too deep, or a key twice: the whole text is parsed, which reports where.
  if (structureProblem(`{${changed}}`) !== null) return null;
  const parsed = parseJson(`{${changed}}`);
  if (!parsed.ok || !isObject(parsed.value) || Object.keys(parsed.value).length === 0) return null;
  const middle = parsed.value;
  return assemble([keys.slice(0, diff.i).map((k) => [k, value[k]]), Object.keys(middle).map((k) => [k, middle[k]]), keys.slice(diff.j + 1).map((k) => [k, value[k]])]);
}

/** One object of the parts' entries in order (as JSON.parse builds it), or null when a key comes twice across parts. */
function assemble(parts: ReadonlyArray<ReadonlyArray<readonly [string, unknown]>>): Record<string, unknown> | null {
  const entries = parts.flat();
  // Object.fromEntries keeps a "__proto__" key a plain key, as JSON.parse does; fewer keys than entries: one came twice.
  const out = Object.fromEntries(entries) as Record<string, unknown>;
  return Object.keys(out).length === entries.length ? out : null;
}

/**
 * Whether `text` is JSON.stringify's print of `value`, given `earlier`, a print of an object with
 * the same keys: outside the entries where the two texts differ they are the same bytes, so the
 * text is a print when those entries are exactly the prints of `value`'s tasks. (A text that
 * prints an object parses back to that object, so it is then also the print of `value`.)
 */
function printedLike(text: string, value: Record<string, unknown>, keys: readonly string[], indent: string, trailing: string, earlier: PrintedFile): boolean {
  if (earlier.indent !== indent || earlier.trailing !== trailing || earlier.keys.length !== keys.length || keys.length === 0) return false;
  for (let k = 0; k < keys.length; k++) if (earlier.keys[k] !== keys[k]) return false;
  const diff = diffEntries(text, earlier);
  if (diff === null || diff === 'same') return diff === 'same';
  // What lies between the common prefix and suffix must be the prints of entries i..j.
  let at = diff.from;
  for (let k = diff.i; k <= diff.j; k++) {
    if (k > diff.i) {
      if (!text.startsWith(',\n', at)) return false;
      at += 2;
    }
    const entry = indentedEntry(keys[k], value[keys[k]], indent);
    if (!text.startsWith(entry, at)) return false;
    at += entry.length;
  }
  return at === diff.to;
}

/** Where each entry of a print starts. */
function entryStarts(printed: PrintedFile): number[] | null {
  const starts: number[] = [];
  let from = 0;
  for (const key of printed.keys) {
    const at = entryStart(printed.text, printed.indent, key, from);
    if (at < 0) return null;
    starts.push(at);
    from = at;
  }
  return starts;
}

/** Compared a block at a time (a native comparison), then character by character within the block that differs. */
const BLOCK = 1 << 14;

function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + BLOCK <= n && a.slice(i, i + BLOCK) === b.slice(i, i + BLOCK)) i += BLOCK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function commonSuffixLength(a: string, b: string, max: number): number {
  let k = 0;
  while (k + BLOCK <= max && a.slice(a.length - k - BLOCK, a.length - k) === b.slice(b.length - k - BLOCK, b.length - k)) k += BLOCK;
  while (k < max && a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)) k++;
  return k;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of UTF-8 bytes, or null when they are not valid UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Reads task files as bytes and parses each; a file that cannot be read or decoded is reported and left alone. */
export async function readTaskFiles(cwd: string, paths: readonly string[], options: ParseOptions): Promise<{ files: TaskFile[]; diagnostics: Diagnostic[] }> {
  const files: TaskFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const path of paths) {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path);
    } catch (err) {
      const p = fsProblem(err);
      if (!p) throw err;
      diagnostics.push({ code: p.code === 'ENOENT' ? 'not-found' : 'unreadable', severity: 'error', file: displayPath(cwd, path), message: p.message });
      continue;
    }
    // One strict decode both checks the bytes and gives the text (a leading BOM is kept, as toString keeps it).
    const text = decodeUtf8(bytes);
    if (text === null) {
      const bad = invalidUtf8Offset(bytes);
      // Decoding would replace the bad bytes, and writing back would then change them: leave the file alone.
      const before = bytes.subarray(0, bad).toString('utf8');
      diagnostics.push({ code: 'invalid-utf8', severity: 'error', file: displayPath(cwd, path), ...locationOf(before, before.length), message: `invalid UTF-8 byte 0x${bytes[bad].toString(16).padStart(2, '0')}; file left as it is` });
      continue;
    }
    const outcome = parseTaskFile(path, displayPath(cwd, path), text, options);
    // One by one: a file can hold more problems (one per over-long message) than a call takes arguments.
    for (const d of outcome.diagnostics) diagnostics.push(d);
    if (outcome.ok) {
      outcome.file.bytes = bytes;
      files.push(outcome.file);
    }
  }
  return { files, diagnostics };
}
