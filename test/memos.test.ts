// What a long-lived caller keeps between runs (the watch daemon, once per save) must never change
// an answer: each memo is checked against the same computation without it, over random histories.
import fc from 'fast-check';
import { formatJson, listDocumentPieces, PiecesMemo, sameJson } from '../src/core/json';
import { discussionHash, discussionHashLike } from '../src/core/pipeline';
import { markStale, StaleMemo } from '../src/core/relate';
import { SubjectMemo } from '../src/core/subject';
import { DEFAULT_TUNING } from '../src/core/tuning';
import type { Decision } from '../src/core/types';
import { shippedEngine } from './helpers';

const { lexicon } = shippedEngine();
const relate = { ...DEFAULT_TUNING.relate, perTokenRecent: 3, maxCandidates: 4 };

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
  | { kind: 'remove'; pick: number }
  | { kind: 'clock'; now: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), text: statement, at: day }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('active' as const, 'superseded' as const, 'archived' as const) }),
  fc.record({ kind: fc.constant('restate' as const), pick: fc.nat(), text: statement }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('clock' as const), now: fc.constantFrom('2026-03-01T00:00:00Z', '2026-04-15T00:00:00Z', '2026-09-01T00:00:00Z') }),
);

describe('StaleMemo', () => {
  it('flags exactly what a fresh stale check flags, call after call, while the registry changes in place', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(statement, day), { minLength: 1, maxLength: 25 }), fc.array(step, { maxLength: 12 }), (start, steps) => {
        const decisions = start.map(([text, at], n) => decision(n, text, at));
        const kept = new StaleMemo();
        const memo = new SubjectMemo();
        let now = '2026-04-15T00:00:00Z';
        let next = decisions.length;
        const check = () => {
          const fresh = structuredClone(decisions);
          markStale(fresh, lexicon, now, relate);
          markStale(decisions, lexicon, now, relate, memo, kept);
          expect(decisions.map((d) => d.quality_flags)).toEqual(fresh.map((d) => d.quality_flags));
        };
        check();
        for (const s of steps) {
          const at = decisions.length === 0 ? -1 : ('pick' in s ? s.pick % decisions.length : -1);
          if (s.kind === 'add') decisions.push(decision(next++, s.text, s.at));
          else if (s.kind === 'clock') now = s.now;
          else if (at >= 0 && s.kind === 'status') decisions[at].status = s.status;
          else if (at >= 0 && s.kind === 'restate') decisions[at].statement = s.text;
          else if (at >= 0 && s.kind === 'remove') decisions.splice(at, 1);
          check();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers again only for decisions that share a token with what changed', () => {
    const decisions = [decision(0, 'The finance export goes to the shared folder.', '2026-02-01T09:00:00Z'), decision(1, 'The finance export goes to the reports folder now.', '2026-02-10T09:00:00Z'), decision(2, 'The build channel stays quiet on Friday.', '2026-02-02T09:00:00Z')];
    const kept = new StaleMemo();
    markStale(decisions, lexicon, '2026-09-01T00:00:00Z', relate, new SubjectMemo(), kept);
    expect(decisions.map((d) => d.quality_flags)).toEqual([['stale'], [], []]);
    // A new decision on the build channel: the finance answers are carried over, not worked out.
    decisions.push(decision(3, 'The build channel posts every Friday from now on.', '2026-02-20T09:00:00Z'));
    const before = kept.last!.stale;
    markStale(decisions, lexicon, '2026-09-01T00:00:00Z', relate, new SubjectMemo(), kept);
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
    fc.record({ kind: fc.constant('none' as const) }),
  );

  it('prints what an unmemoised print gives, however the items change between prints', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 9 }), fc.array(change, { maxLength: 8 }), fc.integer({ min: 1, max: 4 }), (start, changes, perPiece) => {
        const items: Array<Record<string, unknown>> = start.map((x) => ({ ...x }));
        const memo = new PiecesMemo();
        const same = () => expect(listDocumentPieces(1, 'decisions', items, perPiece, memo).join('')).toBe(formatJson({ version: 1, decisions: items }));
        same();
        for (const c of changes) {
          const at = items.length === 0 ? -1 : ('pick' in c ? c.pick % items.length : -1);
          // Fields get new values, as the pipeline changes registry items.
          if (c.kind === 'field' && at >= 0) items[at] = Object.assign(items[at], { [c.key]: c.value });
          if (c.kind === 'insert') items.splice(Math.max(0, at), 0, { ...c.value });
          if (c.kind === 'remove' && at >= 0) items.splice(at, 1);
          same();
        }
      }),
    );
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
