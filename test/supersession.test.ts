// Supersession and contradiction across time: instants whatever the UTC offset, reversals on the
// same subject, restated corrected or superseded facts.
import fc from 'fast-check';
import { compareInstants, instantOf } from '../src/core/instant';
import { relateNewDecisions } from '../src/core/relate';
import type { Decision } from '../src/core/types';
import { shippedEngine } from './helpers';

const engine = shippedEngine();

export function decision(id: string, taskId: string, statement: string, createdAt: string, extra: Partial<Decision> = {}): Decision {
  return {
    id,
    task_id: taskId,
    statement,
    type: 'decision',
    confidence: 'medium',
    source: { messages: [1], summary: '' },
    topic: '',
    importance: 30,
    context: '',
    alternatives: [],
    reasons: [],
    bridge: { structure: '', function: '', tolerance: [], enforcement: [], prevention: [] },
    bridge_auto: false,
    downstream: [],
    quality_flags: [],
    origin: 'auto',
    created_at: createdAt,
    supersedes: null,
    superseded_by: null,
    status: 'active',
    corrects: null,
    duplicate_of: null,
    auto: { statement, type: extra.type ?? 'decision', status: 'active', confidence: 'medium' },
    ...extra,
  };
}

describe('time order', () => {
  it('compares instants, not the text of the timestamps', () => {
    // 12:10 at +02:00 is 10:10Z, before 11:15 at +01:00 (10:15Z).
    expect(compareInstants('2026-04-13T12:10:00+02:00', '2026-04-13T11:15:00+01:00')).toBeLessThan(0);
    expect(instantOf('2026-04-13T10:15:00Z')).toBe(instantOf('2026-04-13T11:15:00+01:00'));
    expect(instantOf('not a time')).toBeNull();
    expect(compareInstants('2026-01-01T00:00:00Z', 'not a time')).toBeLessThan(0);
  });

  it('is a total order consistent with the instants', () => {
    const ts = fc
      .tuple(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: -12, max: 14 }))
      .map(([ms, h]) => {
        const local = new Date(ms + h * 3_600_000).toISOString().slice(0, 19);
        const sign = h < 0 ? '-' : '+';
        return { ms: Math.floor(ms / 1000) * 1000, text: `${local}${sign}${String(Math.abs(h)).padStart(2, '0')}:00` };
      });
    fc.assert(
      fc.property(ts, ts, (a, b) => {
        const order = Math.sign(compareInstants(a.text, b.text));
        expect(order + Math.sign(compareInstants(b.text, a.text))).toBe(0);
        if (a.ms !== b.ms) expect(order).toBe(Math.sign(a.ms - b.ms));
      }),
    );
  });

  it('lets the later instant supersede the earlier one even when its text sorts first', () => {
    const older = decision('DEC-20260413-002', 'T1', 'Weekly reports are emailed to the team', '2026-04-13T12:10:00+02:00');
    const newer = decision('DEC-20260413-001', 'T2', 'Weekly reports are not emailed anymore', '2026-04-13T11:15:00+01:00');
    const registry = { decisions: [older, newer] };
    relateNewDecisions(registry, [newer], engine.lexicon);
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id });
    expect(newer.supersedes).toBe(older.id);
  });
});
