// What a long-lived caller keeps between runs (the watch daemon, once per save) must never change
// an answer: each memo is checked against the same computation without it, over random histories.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { formatJson, listDocumentPieces, PiecesMemo, sameJson } from '../src/core/json';
import { discussionHash, discussionHashLike } from '../src/core/pipeline';
import { EntryMemo, markStale, StaleMemo } from '../src/core/relate';
import { SubjectMemo } from '../src/core/subject';
import { PorterStems } from '../src/core/porter';
import * as textModule from '../src/core/text';
import { MAX_NESTING } from '../src/io/jsonText';
import { applyStates, parseTaskFile, regenerate, type PrintMemo } from '../src/io/taskFile';
import { contentHash } from '../src/io/files';
import { RegistryPrintMemo } from '../src/io/memory';
import { DEFAULT_TUNING } from '../src/core/tuning';
import type { Decision, ExtractedState } from '../src/core/types';
import { shippedWords } from './helpers';

const relate = { ...DEFAULT_TUNING.relate, perTokenRecent: 3, maxCandidates: 4 };
const words = shippedWords();
const subjectMemo = () => new SubjectMemo(new PorterStems(words));

// A small vocabulary, so that statements share subjects and the per-token windows fill up.
const WORDS = ['export', 'report', 'finance', 'folder', 'deadline', 'monday', 'friday', 'channel', 'builds', 'invoice', 'header', 'limit'];
const statement = fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 5 }).map((ws) => `The ${ws.join(' ')} stays as agreed.`);
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}T09:00:00Z`);

function decision(n: number, text: string, at: string): Decision {
  return {
    id: `DEC-20260201-${String(n).padStart(4, '0')}`,
    task_id: `T${n % 7}`,
    statement: text,
    type: 'decision',
    confidence: 'high',
    source: { messages: [0], summary: '' },
    topic: '',
    importance: 25,
    context: '',
    alternatives: [],
    reasons: [],
    bridge: null as unknown as Decision['bridge'],
    bridge_auto: false,
    downstream: [],
    quality_flags: [],
    origin: 'auto',
    created_at: at,
    supersedes: null,
    superseded_by: null,
    status: 'active',
  };
}

type Step =
  | { kind: 'add'; text: string; at: string }
  | { kind: 'status'; pick: number; status: Decision['status'] }
  | { kind: 'restate'; pick: number; text: string }
  | { kind: 'redate'; pick: number; at: string }
  | { kind: 'correct'; pick: number; text: string }
  | { kind: 'remove'; pick: number }
  | { kind: 'clock'; now: string }
  | { kind: 'move'; pick: number; to: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), text: statement, at: day }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('active' as const, 'superseded' as const, 'archived' as const) }),
  fc.record({ kind: fc.constant('restate' as const), pick: fc.nat(), text: statement }),
  // A date a person corrected by hand: the decision's instant is read again.
  fc.record({ kind: fc.constant('redate' as const), pick: fc.nat(), at: day }),
  // A decision that corrects something: relating finds it by those words too, the stale check by its own.
  fc.record({ kind: fc.constant('correct' as const), pick: fc.nat(), text: statement }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  // The registry in another order (by hand, say): each token's recent decisions follow it.
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('clock' as const), now: fc.constantFrom('2026-03-01T00:00:00Z', '2026-04-15T00:00:00Z', '2026-09-01T00:00:00Z') }),
);

describe('EntryMemo', () => {
  it('gives a decision the entry made before while its statement, date and corrected text stay, and a new one when any changed', () => {
    const entries = new EntryMemo();
    const memo = subjectMemo();
    const d = decision(1, 'The finance export goes to the shared folder.', '2026-02-01T09:00:00Z');
    const first = entries.entryOf(d, memo);
    expect(entries.entryOf(d, memo)).toBe(first);
    // Not a correction: found by its own words only, so relating the messages shares the entry.
    expect(entries.entryOf(d, memo, true)).toBe(first);
    expect([...first.tokens].sort()).toEqual([...memo.tokenSetOf(d.statement)].sort());
    d.created_at = '2026-02-03T09:00:00Z';
    const redated = entries.entryOf(d, memo);
    expect(redated).not.toBe(first);
    expect(redated.at).toBe(Date.parse('2026-02-03T09:00:00Z'));
    d.statement = 'The finance export goes to the reports folder.';
    const restated = entries.entryOf(d, memo);
    expect(restated).not.toBe(redated);
    expect(restated.tokens).toBe(memo.tokenSetOf(d.statement));
    // A correction is found by the words of what it corrected too, in an entry of its own.
    d.corrects = 'Invoices are sent by fax.';
    const correcting = entries.entryOf(d, memo, true);
    expect(correcting).not.toBe(restated);
    expect(correcting.tokens).toBe(memo.tokenSetOf(d.statement, d.corrects));
    expect(entries.entryOf(d, memo)).toBe(restated);
    d.corrects = 'Invoices are sent by post.';
    expect(entries.entryOf(d, memo, true)).not.toBe(correcting);
  });
});

describe('StaleMemo', () => {
  it('flags exactly what a fresh stale check flags, call after call, while the registry changes in place', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(statement, day), { minLength: 1, maxLength: 25 }), fc.array(step, { maxLength: 12 }), (start, steps) => {
        const decisions = start.map(([text, at], n) => decision(n, text, at));
        const kept = new StaleMemo();
        const memo = subjectMemo();
        let now = '2026-04-15T00:00:00Z';
        let next = decisions.length;
        const check = () => {
          const fresh = structuredClone(decisions);
          markStale(fresh, now, relate, subjectMemo());
          markStale(decisions, now, relate, memo, kept);
          expect(decisions.map((d) => d.quality_flags)).toEqual(fresh.map((d) => d.quality_flags));
        };
        check();
        for (const s of steps) {
          const at = decisions.length === 0 ? -1 : ('pick' in s ? s.pick % decisions.length : -1);
          if (s.kind === 'add') decisions.push(decision(next++, s.text, s.at));
          else if (s.kind === 'clock') now = s.now;
          else if (at >= 0 && s.kind === 'status') decisions[at].status = s.status;
          else if (at >= 0 && s.kind === 'restate') decisions[at].statement = s.text;
          else if (at >= 0 && s.kind === 'redate') decisions[at].created_at = s.at;
          else if (at >= 0 && s.kind === 'correct') decisions[at].corrects = s.text;
          else if (at >= 0 && s.kind === 'remove') decisions.splice(at, 1);
          else if (at >= 0 && s.kind === 'move') decisions.splice(s.to % decisions.length, 0, ...decisions.splice(at, 1));
          check();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers again only for decisions that share a token with what changed', () => {
    const decisions = [decision(0, 'The finance export goes to the shared folder.', '2026-02-01T09:00:00Z'), decision(1, 'The finance export goes to the reports folder now.', '2026-02-10T09:00:00Z'), decision(2, 'The build channel stays quiet on Friday.', '2026-02-02T09:00:00Z')];
    const kept = new StaleMemo();
    markStale(decisions, '2026-09-01T00:00:00Z', relate, subjectMemo(), kept);
    expect(decisions.map((d) => d.quality_flags)).toEqual([['stale'], [], []]);
    // A new decision on the build channel: the finance answers are carried over, not worked out.
    decisions.push(decision(3, 'The build channel posts every Friday from now on.', '2026-02-20T09:00:00Z'));
    const before = kept.last!.stale;
    const compared = jest.spyOn(textModule, 'jaccard');
    try {
      markStale(decisions, '2026-09-01T00:00:00Z', relate, subjectMemo(), kept);
      // Worked out for the build channel only: no finance statement is compared with anything.
      expect(compared).toHaveBeenCalled();
      expect(compared.mock.calls.filter(([a]) => [...a].some((t) => t.startsWith('financ')))).toEqual([]);
    } finally {
      compared.mockRestore();
    }
    expect(decisions.map((d) => d.quality_flags)).toEqual([['stale'], [], ['stale'], []]);
    const finance = [...kept.last!.stale.keys()].find((e) => e.d === decisions[0])!;
    expect(before.get(finance)).toBe(true);
  });
});

describe('PiecesMemo', () => {
  const item = fc.dictionary(fc.constantFrom('id', 'status', 'flags', 'text'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  const change = fc.oneof(
    fc.record({ kind: fc.constant('field' as const), pick: fc.nat(), key: fc.constantFrom('id', 'status', 'flags', 'text'), value: fc.jsonValue({ maxDepth: 2 }) }),
    fc.record({ kind: fc.constant('insert' as const), pick: fc.nat(), value: item }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('drop' as const), pick: fc.nat(), key: fc.constantFrom('id', 'status', 'flags', 'text') }),
    fc.record({ kind: fc.constant('none' as const) }),
  );
  type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;

  /** A change as the pipeline makes them: a field gets a new value (or goes), an item comes or goes. */
  function applyChange(items: Array<Record<string, unknown>>, c: Change): void {
    const at = items.length === 0 ? -1 : 'pick' in c ? c.pick % items.length : -1;
    if (c.kind === 'field' && at >= 0) items[at] = Object.assign(items[at], { [c.key]: c.value });
    if (c.kind === 'drop' && at >= 0) delete items[at][c.key];
    if (c.kind === 'insert') items.splice(Math.max(0, at), 0, { ...c.value });
    if (c.kind === 'remove' && at >= 0) items.splice(at, 1);
  }

  it('prints what an unmemoised print gives, however the items change between prints', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 9 }), fc.array(change, { maxLength: 8 }), fc.integer({ min: 1, max: 4 }), (start, changes, perPiece) => {
        const items: Array<Record<string, unknown>> = start.map((x) => ({ ...x }));
        const memo = new PiecesMemo();
        const same = () => expect(listDocumentPieces(1, 'decisions', items, perPiece, memo).join('')).toBe(formatJson({ version: 1, decisions: items }));
        same();
        for (const c of changes) {
          applyChange(items, c);
          same();
        }
      }),
    );
  });

  it('takes a document it printed as its pieces, and then prints what an unmemoised print gives', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 9 }), fc.array(change, { maxLength: 6 }), fc.integer({ min: 1, max: 4 }), (start, changes, perPiece) => {
        const text = formatJson({ version: 1, decisions: start });
        const items: Array<Record<string, unknown>> = JSON.parse(text).decisions;
        const memo = new PiecesMemo();
        const pieces = memo.seed(1, 'decisions', items, perPiece, text);
        // Cut into pieces exactly where listDocumentPieces cuts, unless an item prints on one line ({} or not an object).
        if (items.every((x) => Object.keys(x).length > 0)) expect(pieces).toEqual(listDocumentPieces(1, 'decisions', items, perPiece));
        else expect(pieces === null || pieces.join('') === text).toBe(true);
        for (const c of changes) {
          applyChange(items, c);
          expect(listDocumentPieces(1, 'decisions', items, perPiece, memo).join('')).toBe(formatJson({ version: 1, decisions: items }));
        }
      }),
    );
    expect(new PiecesMemo().seed(1, 'decisions', [{ a: 1 }], 1, formatJson({ version: 1, decisions: [{ a: 2 }, { a: 1 }] }))).toBeNull();
  });

  it('prints again only the piece an item is added to, not every piece after it', () => {
    // Ids that sort as strings: a new one lands between older ones, as DEC-…-10 lands before DEC-…-9.
    const items = Array.from({ length: 400 }, (_, k) => ({ id: `DEC-20260101-${k + 1}`, status: 'active' }));
    const memo = new PiecesMemo();
    const before = listDocumentPieces(1, 'decisions', items, 10, memo);
    items.splice(150, 0, { id: 'DEC-20260101-1500', status: 'active' });
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const after = listDocumentPieces(1, 'decisions', items, 10, memo);
      expect(stringify.mock.calls.filter(([v]) => typeof v === 'object')).toHaveLength(1);
      expect(after.join('')).toBe(formatJson({ version: 1, decisions: items }));
      expect(after.length).toBeGreaterThan(20);
      expect(after.filter((p) => before.includes(p)).length).toBe(after.length - 1);
    } finally {
      stringify.mockRestore();
    }
  });

  it('prints again only the pieces whose items changed', () => {
    const items = Array.from({ length: 10 }, (_, k) => ({ id: k, status: 'active' }));
    const memo = new PiecesMemo();
    listDocumentPieces(1, 'decisions', items, 2, memo);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      items[7].status = 'superseded';
      const pieces = listDocumentPieces(1, 'decisions', items, 2, memo);
      // One list printed (items 6 and 7); the rest are JSON.stringify of the version and the key.
      expect(stringify.mock.calls.filter(([v]) => typeof v === 'object')).toEqual([[{ decisions: [items[6], items[7]] }, null, 2]]);
      expect(pieces.join('')).toBe(formatJson({ version: 1, decisions: items }));
    } finally {
      stringify.mockRestore();
    }
  });
});

describe('RegistryPrintMemo keeping bytes', () => {
  // Pieces drawn from a small pool, so that a print reuses pieces of the one before, moved or repeated.
  const pool = ['{\n  "decisions": [\n', '    {"id": "a"}', ',\n    {"id": "é"}', ',\n    {"id": "€ 😀"}', '', '\n  ]\n}\n', ',\n    {"id": "b"}'];
  const print = fc.array(fc.nat({ max: pool.length - 1 }), { maxLength: 8 }).map((ks) => ks.map((k) => `${pool[k]}`));

  it('hashes and writes, print after print, exactly the bytes of the text the pieces make up', () => {
    fc.assert(
      fc.property(fc.array(print, { minLength: 1, maxLength: 6 }), (prints) => {
        const memo = new RegistryPrintMemo(true);
        for (const pieces of prints) {
          const content = memo.contentOf('decisions.json', pieces);
          expect(Buffer.concat(content.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString('utf8')).toBe(pieces.join(''));
          expect(memo.hashOf('decisions.json', pieces, content)).toBe(contentHash(pieces.join('')));
        }
      }),
    );
  });

  it('hashes again only from the first piece that differs from the last print', () => {
    const memo = new RegistryPrintMemo(true);
    const pieces = Array.from({ length: 30 }, (_, k) => `,\n    {"id": "DEC-${k}"}`);
    memo.hashOf('decisions.json', pieces);
    const next = [...pieces.slice(0, 25), ',\n    {"id": "changed"}', ...pieces.slice(26)];
    const expected = [contentHash(next.join('')), contentHash(next.slice(0, 20).join(''))];
    const update = jest.spyOn(Object.getPrototypeOf(createHash('sha256')) as { update: () => unknown }, 'update');
    try {
      const hashes = [memo.hashOf('decisions.json', next)];
      expect(update).toHaveBeenCalledTimes(5);
      // Shorter by its last pieces: nothing to hash again.
      update.mockClear();
      hashes.push(memo.hashOf('decisions.json', next.slice(0, 20)));
      expect(update).not.toHaveBeenCalled();
      expect(hashes).toEqual(expected);
    } finally {
      update.mockRestore();
    }
  });

  it('encodes only the pieces the last print did not have', () => {
    const memo = new RegistryPrintMemo(true);
    const pieces = Array.from({ length: 30 }, (_, k) => `,\n    {"id": "DEC-${k}"}`);
    const first = memo.contentOf('decisions.json', pieces);
    const next = [...pieces.slice(0, 10), ',\n    {"id": "new"}', ...pieces.slice(10)];
    const second = memo.contentOf('decisions.json', next);
    expect(second.filter((b) => first.includes(b))).toHaveLength(30);
    // Only the last print's bytes are kept: a piece that left the print is encoded afresh when it comes back.
    const other = memo.contentOf('decisions.json', ['{"x": 1}']);
    expect(other).toHaveLength(1);
    const back = memo.contentOf('decisions.json', pieces);
    expect(back.filter((b) => first.includes(b))).toHaveLength(0);
    // Without keeping bytes, the pieces are passed on as they are.
    expect(new RegistryPrintMemo().contentOf('decisions.json', next)).toBe(next);
  });
});

describe('sameJson', () => {
  it('holds exactly when JSON.stringify prints both alike', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    fc.assert(fc.property(value, value, (a, b) => sameJson(a, b) === (JSON.stringify(a) === JSON.stringify(b))));
    fc.assert(fc.property(value, (a) => sameJson(a, JSON.parse(JSON.stringify(a)) as unknown)));
  });

  it('tells key order apart, as the discussion hash does', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([1, [2]], [1, [2]])).toBe(true);
  });

  it('gives a re-read discussion the hash of the one it prints like, and its own hash otherwise', () => {
    const earlier = [{ author: 'ana', text: 'Ship it on Monday.' }];
    const again = [{ author: 'ana', text: 'Ship it on Monday.' }];
    const edited = [{ author: 'ana', text: 'Ship it on Tuesday.' }];
    expect(discussionHashLike(again, earlier)).toBe(discussionHash(earlier));
    expect(discussionHashLike(edited, earlier)).toBe(discussionHash([{ author: 'ana', text: 'Ship it on Tuesday.' }]));
    expect(discussionHashLike(edited, earlier)).not.toBe(discussionHash(earlier));
  });
});

describe('PrintMemo', () => {
  const state: ExtractedState = { decisions: [], patterns: [], review: [], topics: [], discussion_hash: `sha256:${'1'.repeat(64)}`, last_extracted: '2026-01-01T00:00:00Z' };
  const message = fc.record({ author: fc.constantFrom('ana', 'bot'), text: fc.string({ maxLength: 12 }) });
  const tasks = fc.uniqueArray(fc.tuple(fc.constantFrom('T1', 'T2', 'T3', 'T4', '5', '60', '__proto__'), fc.array(message, { maxLength: 3 })), { selector: ([id]) => id, minLength: 1, maxLength: 6 });
  // A later save: some messages edited, or the text not quite a plain print (a space added, a line
  // indented otherwise, a task moved), which must take the full check and fail it as it did before.
  const edit = fc.record({ task: fc.nat(), text: fc.string({ maxLength: 12 }), mangle: fc.constantFrom('none', 'space', 'indent', 'swap'), at: fc.nat() });

  /** The print of these tasks, as the memo's first print. */
  function firstPrint(entries: ReadonlyArray<readonly [string, unknown]>, indent: string, memo: PrintMemo): string {
    const text = `${JSON.stringify(Object.fromEntries(entries.map(([id, discussion]) => [id, { discussion }])), null, indent)}\n`;
    regenerate(text, new Map(), JSON.parse(text) as Record<string, unknown>, memo);
    return text;
  }

  it('proves a re-saved file a plain print, or not, exactly as printing the whole file does', () => {
    fc.assert(
      fc.property(tasks, fc.array(edit, { minLength: 1, maxLength: 4 }), fc.constantFrom('  ', '\t'), (entries, edits, indent) => {
        const memo: PrintMemo = {};
        let current = firstPrint(entries, indent, memo);
        for (const e of edits) {
          const next = JSON.parse(current) as Record<string, { discussion: Array<{ text: string }> }>;
          const ids = Object.keys(next);
          const id = ids[e.task % ids.length];
          // (A space added earlier may have renamed a key.)
          if (!Array.isArray(next[id]?.discussion)) continue;
          if (next[id].discussion.length > 0) next[id].discussion[0].text = e.text;
          else next[id].discussion.push({ text: e.text });
          let text = `${JSON.stringify(next, null, indent)}\n`;
          if (e.mangle === 'space') text = `${text.slice(0, e.at % text.length)} ${text.slice(e.at % text.length)}`;
          if (e.mangle === 'indent') text = text.replace(`\n${indent}${JSON.stringify(ids[e.at % ids.length])}`, `\n${indent} ${JSON.stringify(ids[e.at % ids.length])}`);
          if (e.mangle === 'swap' && ids.length > 1) {
            const swapped = Object.fromEntries([...ids.slice(1), ids[0]].map((k) => [k, next[k]]));
            text = `${JSON.stringify(swapped, null, indent)}\n`;
          }
          let parsed: Record<string, unknown>;
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            continue;
          }
          const states = new Map([[id, state]]);
          const fresh = regenerate(text, states, parsed);
          expect(regenerate(text, states, JSON.parse(text) as Record<string, unknown>, memo)).toBe(fresh);
          // Where the kept print's entries start, when carried over from the print before, is where they are.
          const last = memo.last!;
          if (last.starts) expect(last.starts).toEqual(last.keys.map((k) => last.text.indexOf(`\n${indent}${JSON.stringify(k)}: `) + 1));
          if (fresh !== null) current = fresh;
        }
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['the line break before a changed task', 'T5', (t: string) => t.replace(',\n  "T5"', ',   "T5"')],
    ['the line break after a changed task', 'T5', (t: string) => t.replace(',\n  "T6"', ',   "T6"')],
    ['the opening brace', 'T0', (t: string) => t.replace('{\n  "T0"', '{   "T0"')],
    ['the closing brace', 'T7', (t: string) => t.replace('}\n}\n', '} }\n')],
    ['the line break between two changed tasks', 'T4 T5', (t: string) => t.replace(',\n  "T5"', ',   "T5"')],
    ['a space after a changed task', 'T5', (t: string) => t.replace('  },\n  "T6"', '  } ,\n  "T6"')],
  ])('is no print when %s changed too (the full check decides)', (_what, edited, mangle) => {
    const value: Record<string, { discussion: string[] }> = {};
    for (let i = 0; i < 8; i++) value[`T${i}`] = { discussion: [`message ${i}`] };
    const memo: PrintMemo = {};
    regenerate(`${JSON.stringify(value, null, 2)}\n`, new Map(), value, memo);
    for (const id of edited.split(' ')) value[id].discussion.push('one more');
    const text = mangle(`${JSON.stringify(value, null, 2)}\n`);
    expect(text).not.toBe(`${JSON.stringify(value, null, 2)}\n`);
    // The state goes to another task, one the edit path could still find.
    expect(regenerate(text, new Map([[edited === 'T2' ? 'T3' : 'T2', state]]), JSON.parse(text) as Record<string, unknown>, memo)).toBeNull();
  });

  it('reads a re-saved file as parsing it whole does: the same tasks, the same problems', () => {
    const limit = 8;
    fc.assert(
      fc.property(tasks, fc.array(edit, { minLength: 1, maxLength: 5 }), fc.constantFrom('  ', '\t'), (entries, edits, indent) => {
        const memo: PrintMemo = {};
        let current = firstPrint(entries, indent, memo);
        for (const e of edits) {
          const next = JSON.parse(current) as Record<string, unknown>;
          const ids = Object.keys(next);
          const id = ids[e.task % ids.length];
          // Any value at all for one task: another discussion, a broken task, a key that comes twice.
          next[id] = e.mangle === 'none' ? { discussion: [{ author: 'ana', text: e.text }] } : e.mangle === 'space' ? { discussion: e.text } : next[id];
          // Or the task gone.
          if (e.at % 5 === 0) delete next[id];
          let text = `${JSON.stringify(next, null, indent)}\n`;
          if (e.mangle === 'indent') text = text.replace(`\n${indent}${JSON.stringify(ids[e.at % ids.length])}`, `\n${indent}${JSON.stringify(ids[(e.at + 1) % ids.length])}`);
          if (e.mangle === 'swap') text = `${text.slice(0, e.at % text.length)}${e.text}${text.slice(e.at % text.length)}`;
          const options = { maxMessageChars: limit };
          const whole = parseTaskFile('tasks.json', 'tasks.json', text, options);
          const kept = parseTaskFile('tasks.json', 'tasks.json', text, { ...options, printMemo: () => memo });
          expect(kept.diagnostics).toEqual(whole.diagnostics);
          expect(kept.ok).toBe(whole.ok);
          if (!whole.ok || !kept.ok) continue;
          expect(sameJson(kept.file.value, whole.file.value)).toBe(true);
          expect(Object.keys(kept.file.value)).toEqual(Object.keys(whole.file.value));
          expect(kept.file.tasks.map((t) => [t.id, JSON.stringify(t.discussion)])).toEqual(whole.file.tasks.map((t) => [t.id, JSON.stringify(t.discussion)]));
          const states = new Map([[id, state]]);
          const fresh = regenerate(text, states, whole.file.value);
          expect(regenerate(text, states, kept.file.value, memo)).toBe(fresh);
          if (fresh !== null) current = fresh;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('reads a task cut out with its separator left behind as the broken JSON it is', () => {
    const value = { A: { discussion: ['a'] }, B: { discussion: ['b'] }, C: { discussion: ['c'] } };
    const memo: PrintMemo = {};
    const printed = `${JSON.stringify(value, null, 2)}\n`;
    regenerate(printed, new Map(), value, memo);
    const entry = `  "B": ${JSON.stringify(value.B, null, 2).split('\n').join('\n  ')}`;
    const text = printed.replace(entry, '');
    expect(text).toContain(',\n,\n');
    const read = parseTaskFile('tasks.json', 'tasks.json', text, { maxMessageChars: 100, printMemo: () => memo });
    expect(read.ok).toBe(false);
    expect(read.diagnostics).toEqual(parseTaskFile('tasks.json', 'tasks.json', text, { maxMessageChars: 100 }).diagnostics);
  });

  it('learns whether the file is a print in a run that changes nothing, and asks once per text', () => {
    const value = { T1: { discussion: ['a'], extracted_state: state }, T2: { discussion: ['b'], extracted_state: state } };
    const same = new Map([['T1', value.T1.extracted_state], ['T2', value.T2.extracted_state]]);
    const printed = `${JSON.stringify(value, null, 2)}\n`;
    const memo: PrintMemo = {};
    expect(applyStates(printed, same, value, memo)).toBe(printed);
    expect(memo.last?.text).toBe(printed);
    const own = printed.replace('{\n  "T1"', '{\n  "T1" ');
    const other: PrintMemo = {};
    expect(applyStates(own, same, value, other)).toBe(own);
    expect(other.last).toBeUndefined();
    expect(other.notPrint).toBe(own);
    // A compact file (printed task by task, never kept): asked about once, not on every run.
    const compact = JSON.stringify(value);
    const once: PrintMemo = {};
    expect(applyStates(compact, same, value, once)).toBe(compact);
    expect(once.notPrint).toBe(compact);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      expect(applyStates(compact, same, value, once)).toBe(compact);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });

  /** Forty one-message tasks and a memo holding their print. */
  function fortyTasksPrinted(): { value: Record<string, { discussion: string[] }>; memo: PrintMemo } {
    const value: Record<string, { discussion: string[] }> = {};
    for (let i = 0; i < 40; i++) value[`T${i}`] = { discussion: [`message ${i}`] };
    const memo: PrintMemo = {};
    regenerate(`${JSON.stringify(value, null, 2)}\n`, new Map(), value, memo);
    return { value, memo };
  }

  it('carries where entries start from one save to the next, moved by the edits', () => {
    const { value, memo } = fortyTasksPrinted();
    for (const id of ['T17', 'T3', 'T39']) {
      value[id].discussion.push('one more');
      const text = `${JSON.stringify(value, null, 2)}\n`;
      const read = parseTaskFile('tasks.json', 'tasks.json', text, { maxMessageChars: 100, printMemo: () => memo });
      if (!read.ok) throw new Error('the re-saved file did not read');
      const next = regenerate(text, new Map([[id, state]]), read.file.value, memo)!;
      const last = memo.last!;
      expect(last.text).toBe(next);
      expect(last.starts).toEqual(last.keys.map((k) => next.indexOf(`\n  ${JSON.stringify(k)}: `) + 1));
      (value as Record<string, unknown>)[id] = JSON.parse(next)[id];
    }
  });

  it('reads a re-saved file whose changed task nests too deep as parsing it whole does', () => {
    const { value, memo } = fortyTasksPrinted();
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_NESTING + 5; i++) deep = [deep];
    const text = `${JSON.stringify({ ...value, T20: { discussion: [deep] } }, null, 2)}\n`;
    const whole = parseTaskFile('tasks.json', 'tasks.json', text, { maxMessageChars: 100 });
    const kept = parseTaskFile('tasks.json', 'tasks.json', text, { maxMessageChars: 100, printMemo: () => memo });
    expect(whole.ok).toBe(false);
    expect(kept).toEqual(whole);
  });

  it('finds over-long messages by the limit it is asked for, the same discussion under another limit again', () => {
    const text = `${JSON.stringify({ T1: { discussion: ['x'.repeat(50)] } }, null, 2)}\n`;
    const memo: PrintMemo = {};
    // A print the memo knows: reading the same text again takes the same discussion arrays, whose findings are kept.
    expect(regenerate(text, new Map(), JSON.parse(text), memo)).toBe(text);
    const read = (limit: number) => parseTaskFile('tasks.json', 'tasks.json', text, { maxMessageChars: limit, printMemo: () => memo }).diagnostics.map((d) => d.code);
    expect(read(100)).toEqual([]);
    expect(memo.long?.limit).toBe(100);
    expect(read(10)).toEqual(['long-message']);
    expect(read(100)).toEqual([]);
  });

  it('parses only the entries that differ from the last print', () => {
    const { value, memo } = fortyTasksPrinted();
    value.T17.discussion.push('one more');
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const read = parseTaskFile('tasks.json', 'tasks.json', `${JSON.stringify(value, null, 2)}\n`, { maxMessageChars: 100, printMemo: () => memo });
      expect(read.ok && read.file.value.T17).toEqual({ discussion: ['message 17', 'one more'] });
      // The other tasks are the very objects read before.
      expect(read.ok && read.file.value.T16).toBe(memo.last!.value.T16);
      expect(parse.mock.calls.map(([t]) => t)).toEqual([`{  "T17": {\n    "discussion": [\n      "message 17",\n      "one more"\n    ]\n  }}`]);
    } finally {
      parse.mockRestore();
    }
  });

  it('prints only the entries that differ from the last print', () => {
    const { value, memo } = fortyTasksPrinted();
    value.T17.discussion.push('one more');
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const out = regenerate(text, new Map([['T17', state]]), JSON.parse(text) as Record<string, unknown>, memo);
      expect(JSON.parse(out!).T17.extracted_state).toEqual(state);
      // No print of the whole file: only the entries of T17 (to prove the text, then to find and replace it).
      expect(stringify.mock.calls.filter(([v]) => v !== null && typeof v === 'object' && Object.keys(v as object).length > 1)).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
  });
});
