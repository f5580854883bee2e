// The chains of replacements: the last replacement said before a message, found by jumps, is the
// one a walk link by link finds, on any registry (loops and unreadable timestamps included).
import fc from 'fast-check';
import { ReplacementChains, type SaidBefore } from '../src/core/chains';
import { compareRead, instantOf } from '../src/core/instant';
import type { Decision } from '../src/core/types';
import { decision } from './helpers';

/** The last decision of the chain from `d` said before the message, followed one link at a time. */
function walked(d: Decision, byId: ReadonlyMap<string, Decision>, before: SaidBefore): Decision {
  let stood = d;
  const seen = new Set<Decision>([d]);
  for (;;) {
    const next = stood.superseded_by ? byId.get(stood.superseded_by) : undefined;
    if (!next || seen.has(next) || !before(next, instantOf(next.created_at))) return stood;
    seen.add(next);
    stood = next;
  }
}

const UNREADABLE = ['sometime', 'later', ''];
/** A minute of the day as a stored timestamp: in UTC, or the same instant an hour ahead (odd `form`), or unreadable (a negative minute). */
function stamp(minute: number, form = 0): string {
  if (minute < 0) return UNREADABLE[-minute % UNREADABLE.length];
  const at = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return form % 2 === 0 ? `2026-03-01T${at(minute)}:00Z` : `2026-03-01T${at(minute + 60)}:00+01:00`;
}

/**
 * A registry of `links.length` decisions, decision i replaced by decision links[i] (or by none, or
 * by an id no decision has: -1), each said at its minute in its form. With `ids` below the count,
 * several decisions share an id, as a hand-edited registry may (`byId` keeps the last).
 */
function registry(links: readonly (number | null)[], minutes: readonly number[], forms: readonly number[] = [], ids = links.length): { decisions: Decision[]; byId: Map<string, Decision> } {
  const decisions = links.map((_, i) => decision(`DEC-${i % ids}`, 'T1', `Statement ${i}`, stamp(minutes[i], forms[i])));
  links.forEach((to, i) => {
    if (to !== null) decisions[i].superseded_by = to < 0 ? 'DEC-gone' : `DEC-${to % ids}`;
  });
  return { decisions, byId: new Map(decisions.map((d) => [d.id, d])) };
}

describe('ReplacementChains', () => {
  it('finds the last replacement said before a message as a walk link by link does, on any registry', () => {
    // Ties in time written two ways, unreadable and empty stamps, shared ids, links to no decision;
    // a message with no timestamp (every decision counts as said before it) or an unreadable one.
    const shape = fc.integer({ min: 1, max: 40 }).chain((n) =>
      fc.tuple(
        fc.array(fc.option(fc.integer({ min: -1, max: n - 1 }), { nil: null }), { minLength: n, maxLength: n }),
        // (Few minutes, so that decisions and the message often share an instant.)
        fc.array(fc.integer({ min: -3, max: 12 }), { minLength: n, maxLength: n }),
        fc.array(fc.nat({ max: 1 }), { minLength: n, maxLength: n }),
        fc.integer({ min: 1, max: n }),
        fc.option(fc.tuple(fc.integer({ min: -3, max: 12 }), fc.nat({ max: 1 })), { nil: null }),
      ),
    );
    fc.assert(
      fc.property(shape, ([links, minutes, forms, ids, message]) => {
        const { decisions, byId } = registry(links, minutes, forms, ids);
        const said = message === null ? null : stamp(...message);
        const before: SaidBefore = (d, at) => said === null || compareRead(at, d.created_at, instantOf(said), said) < 0;
        const chains = new ReplacementChains(decisions, byId, (d) => instantOf(d.created_at));
        for (const d of decisions) expect(chains.standingBefore(d, before)).toBe(walked(d, byId, before));
        // A decision the layout does not hold is followed by its links all the same.
        const outside = { ...decisions[0] };
        expect(chains.standingBefore(outside, before)).toBe(walked(outside, byId, before));
      }),
      { numRuns: 500 },
    );
  });

  it('follows a chain in order: the replacement standing at each moment', () => {
    // 0 → 1 → 2 → 3, said at 9:00, 10:00, 11:00 and 12:00.
    const { decisions, byId } = registry([1, 2, 3, null], [540, 600, 660, 720]);
    const chains = new ReplacementChains(decisions, byId, (d) => instantOf(d.created_at));
    const at = (minute: number): SaidBefore => (d, when) => compareRead(when, d.created_at, instantOf(stamp(minute)), stamp(minute)) < 0;
    expect(chains.standingBefore(decisions[0], at(590)).id).toBe('DEC-0');
    expect(chains.standingBefore(decisions[0], at(630)).id).toBe('DEC-1');
    expect(chains.standingBefore(decisions[0], at(700)).id).toBe('DEC-2');
    expect(chains.standingBefore(decisions[1], at(800)).id).toBe('DEC-3');
  });
});
