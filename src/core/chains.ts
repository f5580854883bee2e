// The chains of replacements of a registry: each decision's `superseded_by`, followed. A message is
// judged against what stood when it was written (relate.ts), the last replacement of a chain said
// before it; walked one link at a time, a message costs the length of every chain it touches, and
// a registry whose subjects change every few tasks has chains as long as its history. Here each
// decision knows its 2^k-th replacement and the latest of the replacements up to it (binary
// lifting), so finding that last replacement takes a step per power of two of the chain's length.
import { compareRead } from './instant';
import type { Decision } from './types';

/**
 * The replacements of `d`, one link at a time by id, up to a decision with none, a link to no
 * decision, or one already passed (a loop only a hand-edited registry has).
 */
export function* replacementsOf(d: Decision, byId: ReadonlyMap<string, Decision>): Generator<Decision> {
  const seen = new Set<Decision>([d]);
  for (let next = d.superseded_by ? byId.get(d.superseded_by) : undefined; next && !seen.has(next); next = next.superseded_by ? byId.get(next.superseded_by) : undefined) {
    seen.add(next);
    yield next;
  }
}

/** Whether a decision was said before the message being judged (`at`: its instant, read once). */
export type SaidBefore = (d: Decision, at: number | null) => boolean;

export class ReplacementChains {
  private readonly place = new Map<Decision, number>();
  private readonly decisions: readonly Decision[];
  private readonly byId: ReadonlyMap<string, Decision>;
  private readonly instantOf: (d: Decision) => number | null;
  private readonly instants: (number | null)[];
  /** Decisions whose chain comes round to a decision twice (a hand-edited registry): walked link by link. */
  private readonly looping: Uint8Array;
  /** `jumps[k][i]`: the place of decision i's 2^k-th replacement (-1: the chain is shorter). */
  private readonly jumps: Int32Array[] = [];
  /** `latest[k][i]`: the place of the latest said of the replacements up to it. */
  private readonly latest: Int32Array[] = [];

  /** `byId`: the registry's decisions by id, as `superseded_by` names them; `instantOf`: a decision's instant. */
  constructor(decisions: readonly Decision[], byId: ReadonlyMap<string, Decision>, instantOf: (d: Decision) => number | null) {
    this.decisions = decisions;
    this.byId = byId;
    this.instantOf = instantOf;
    decisions.forEach((d, i) => this.place.set(d, i));
    this.instants = decisions.map(instantOf);
    const next = Int32Array.from(decisions, (d) => {
      const by = d.superseded_by ? byId.get(d.superseded_by) : undefined;
      return by === undefined ? -1 : (this.place.get(by) ?? -1);
    });
    this.looping = loopingOf(next);
    let step = next.map((to, i) => (this.looping[i] ? -1 : to));
    let latest = step.slice();
    while (step.some((to) => to >= 0)) {
      this.jumps.push(step);
      this.latest.push(latest);
      const prevStep = step;
      const prevLatest = latest;
      step = prevStep.map((to) => (to < 0 ? -1 : prevStep[to]));
      latest = prevStep.map((to, i) => (to < 0 || prevStep[to] < 0 ? -1 : this.later(prevLatest[i], prevLatest[to])));
    }
  }

  /** The last decision of the chain from `d` said before the message, `d` itself if none. */
  standingBefore(d: Decision, before: SaidBefore): Decision {
    const start = this.place.get(d);
    if (start === undefined || this.looping[start]) return this.walk(d, before);
    let at = start;
    for (let k = this.jumps.length - 1; k >= 0; k--) {
      const to = this.jumps[k][at];
      if (to < 0) continue;
      const last = this.latest[k][at];
      if (before(this.decisions[last], this.instants[last])) at = to;
    }
    return this.decisions[at];
  }

  /** The chain link by link: for a decision in or leading into a loop, or one the layout does not hold. */
  private walk(d: Decision, before: SaidBefore): Decision {
    let stood = d;
    for (const next of replacementsOf(d, this.byId)) {
      if (!before(next, this.instantOf(next))) break;
      stood = next;
    }
    return stood;
  }

  /** Of two places, the decision said later (their instants, then their timestamps' text, as relating orders them). */
  private later(a: number, b: number): number {
    const x = this.decisions[a];
    const y = this.decisions[b];
    return compareRead(this.instants[a], x.created_at, this.instants[b], y.created_at) >= 0 ? a : b;
  }
}

/** Which places lead, following `next`, into a loop. */
function loopingOf(next: Int32Array): Uint8Array {
  const looping = new Uint8Array(next.length);
  // 0: not seen, 1: on the path being followed, 2: settled.
  const state = new Uint8Array(next.length);
  const path: number[] = [];
  for (let i = 0; i < next.length; i++) {
    if (state[i] !== 0) continue;
    path.length = 0;
    let at = i;
    while (at >= 0 && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      at = next[at];
    }
    const loops = at >= 0 && (state[at] === 1 || looping[at] === 1);
    for (const p of path) {
      state[p] = 2;
      if (loops) looping[p] = 1;
    }
  }
  return looping;
}
