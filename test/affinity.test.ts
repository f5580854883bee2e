// Which tasks talk about the same matter: the cosine of their TF-IDF word profiles, the same
// whichever way a pair is asked and whatever order the pairs come in.
import fc from 'fast-check';
import { TaskAffinity } from '../src/core/affinity';
import { contentTokens } from '../src/core/text';
import { PorterStems } from '../src/core/porter';
import { shippedWords } from './helpers';

const words = shippedWords();

/** The cosine as the module's comment defines it, with plain maps: the oracle. */
function cosine(texts: ReadonlyMap<string, string>, a: string, b: string): number {
  const stems = new PorterStems(words);
  const counts = new Map([...texts].map(([id, t]) => {
    const c = new Map<string, number>();
    for (const w of contentTokens(t, stems)) c.set(w, (c.get(w) ?? 0) + 1);
    return [id, c] as const;
  }));
  const df = new Map<string, number>();
  for (const c of counts.values()) for (const w of c.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const vector = (id: string) => {
    const v = new Map<string, number>();
    for (const [w, c] of counts.get(id)!) {
      const x = (1 + Math.log(c)) * Math.log((counts.size + 1) / (df.get(w)! + 0.5));
      if (x > 0) v.set(w, x);
    }
    return v;
  };
  const [va, vb] = [vector(a), vector(b)];
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  let dot = 0;
  for (const [w, x] of va) dot += x * (vb.get(w) ?? 0);
  return norm(va) === 0 || norm(vb) === 0 ? 0 : dot / (norm(va) * norm(vb));
}

const vocabulary = ['backup', 'retention', 'days', 'newsletter', 'monday', 'thursday', 'invoice', 'refund', 'carrier', 'parcel', 'release', 'friday', 'the', 'we'];
const discussion = fc.array(fc.constantFrom(...vocabulary), { minLength: 0, maxLength: 12 }).map((ws) => ws.join(' '));
const taskTexts = fc.array(discussion, { minLength: 2, maxLength: 8 }).map((ts) => new Map(ts.map((t, i) => [`T${i}`, t])));

describe('task affinity', () => {
  it('is the cosine of the two profiles, the same both ways and in any order of asking, between 0 and 1', () => {
    fc.assert(
      fc.property(taskTexts, fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { maxLength: 20 }), (texts, asked) => {
        const affinity = new TaskAffinity(new Map([...texts].map(([id, t]) => [id, () => t])), 0.2, 0, new PorterStems(words));
        const ids = [...texts.keys()];
        // Some pairs asked first, in any order (the answer is kept), then every pair both ways.
        for (const [i, j] of asked) affinity.similarity(ids[i % ids.length], ids[j % ids.length]);
        for (const a of ids) {
          for (const b of ids) {
            const s = affinity.similarity(a, b)!;
            if (s !== affinity.similarity(b, a)) return false;
            if (a === b ? s !== 1 : Math.abs(s - cosine(texts, a, b)) > 1e-9 || s < 0 || s > 1 + 1e-12) return false;
          }
        }
        return true;
      }),
    );
  });

  it('takes a task it does not know as related, and every task as related below the minimum number of tasks', () => {
    const texts = new Map([['T1', () => 'backup retention days'], ['T2', () => 'newsletter monday thursday'], ['T3', () => 'refund invoice']]);
    const affinity = new TaskAffinity(texts, 0.2, 2, new PorterStems(words));
    expect(affinity.similarity('T1', 'T9')).toBeNull();
    expect(affinity.related('T1', 'T9')).toBe(true);
    expect(affinity.related('T1', 'T2')).toBe(false);
    expect(new TaskAffinity(texts, 0.2, 4, new PorterStems(words)).related('T1', 'T2')).toBe(true);
  });
});
