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

const stamp = (minute: number) => (minute < 0 ? 'sometime' : `2026-03-01T${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00Z`);

/** A registry of `links.length` decisions, decision i replaced by decision links[i] (or by none), each said at its minute. */
function registry(links: readonly (number | null)[], minutes: readonly number[]): { decisions: Decision[]; byId: Map<string, Decision> } {
  const decisions = links.map((_, i) => decision(`DEC-${i}`, 'T1', `Statement ${i}`, stamp(minutes[i])));
  links.forEach((to, i) => {
    if (to !== null) decisions[i].superseded_by = `DEC-${to}`;
  });
  return { decisions, byId: new Map(decisions.map((d) => [d.id, d])) };
}

describe('ReplacementChains', () => {
  it('finds the last replacement said before a message as a walk link by link does, on any registry', () => {
    const shape = fc.integer({ min: 1, max: 40 }).chain((n) =>
      fc.tuple(
        fc.array(fc.option(fc.nat({ max: n - 1 }), { nil: null }), { minLength: n, maxLength: n }),
        fc.array(fc.integer({ min: -1, max: 600 }), { minLength: n, maxLength: n }),
        fc.integer({ min: 0, max: 600 }),
      ),
    );
    fc.assert(
      fc.property(shape, ([links, minutes, messageMinute]) => {
        const { decisions, byId } = registry(links, minutes);
        const said = stamp(messageMinute);
        const before: SaidBefore = (d, at) => compareRead(at, d.created_at, instantOf(said), said) < 0;
        const chains = new ReplacementChains(decisions, byId, (d) => instantOf(d.created_at));
        for (const d of decisions) expect(chains.standingBefore(d, before).id).toBe(walked(d, byId, before).id);
      }),
      { numRuns: 300 },
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
