// Which tasks talk about the same matter. A later task can reverse or contradict an earlier one
// only when it is about the same thing: two tasks of one chain (a fee set, then raised; a rule
// made, then broken by a draft) share the vocabulary of their matter, while unrelated tasks share
// only the words every task uses. Measured as the cosine of the two discussions' word profiles,
// each word weighted by how rare it is across the tasks of the run (TF-IDF).
import { contentTokens, type Stems } from './text';
import { dot, type SparseVector } from './vectors';

/** The content tokens of a text, counted. */
function profileOf(text: string, stems: Stems): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const t of contentTokens(text, stems)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/**
 * The affinity of the tasks of one run. `texts` gives each task's whole discussion as one text;
 * a task it does not know (one only the registry remembers) is taken as related to every task.
 * Everything is worked out on the first question and kept for the run.
 */
export class TaskAffinity {
  private vectors: Map<string, TaskVector> | null = null;
  /** Each pair's cosine once worked out, by the pair's number (see pairKey). */
  private readonly known = new Map<number, number>();

  constructor(
    private readonly texts: ReadonlyMap<string, () => string>,
    private readonly threshold: number,
    /** With fewer tasks than this, every task is related to every other (see related). */
    private readonly minTasks: number,
    private readonly stems: Stems,
  ) {}

  private build(): Map<string, TaskVector> {
    const counts = new Map<string, ReadonlyMap<string, number>>();
    const df = new Map<string, number>();
    for (const [id, text] of this.texts) {
      const p = profileOf(text(), this.stems);
      counts.set(id, p);
      for (const t of p.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    }
    // Each word a number, so that a profile is two arrays sorted by word and two profiles meet in
    // one pass (the pairs compared grow with the tasks; hashing every shared word did not scale).
    const wordId = new Map<string, number>();
    for (const t of df.keys()) wordId.set(t, wordId.size);
    const n = counts.size;
    const out = new Map<string, TaskVector>();
    for (const [id, p] of counts) {
      const entries: Array<[number, number]> = [];
      let sq = 0;
      for (const [t, c] of p) {
        // Smoothed: with two tasks, a word both use still counts a little.
        const w = (1 + Math.log(c)) * Math.log((n + 1) / (df.get(t)! + 0.5));
        if (w <= 0) continue;
        entries.push([wordId.get(t)!, w]);
        sq += w * w;
      }
      entries.sort((x, y) => x[0] - y[0]);
      out.set(id, { index: out.size, ids: Int32Array.from(entries, (e) => e[0]), weights: Float64Array.from(entries, (e) => e[1]), norm: Math.sqrt(sq) });
    }
    return out;
  }

  /** Cosine of the two tasks' profiles (1 for the same task; null when either task is unknown). */
  similarity(a: string, b: string): number | null {
    if (a === b) return 1;
    this.vectors ??= this.build();
    const va = this.vectors.get(a);
    const vb = this.vectors.get(b);
    if (!va || !vb) return null;
    const key = pairKey(va.index, vb.index, this.vectors.size);
    const kept = this.known.get(key);
    if (kept !== undefined) return kept;
    const sim = va.norm === 0 || vb.norm === 0 ? 0 : dot(va, vb) / (va.norm * vb.norm);
    this.known.set(key, sim);
    return sim;
  }

  /** Whether a decision or message of task `b` may be related to one of task `a`. */
  related(a: string, b: string): boolean {
    // A handful of tasks cannot tell the words every task uses from the words of one matter.
    if (this.texts.size < this.minTasks) return true;
    const sim = this.similarity(a, b);
    return sim === null || sim >= this.threshold;
  }
}

/** A task's profile (its words' numbers and weights), the profile's length, and the task's number. */
interface TaskVector extends SparseVector {
  index: number;
  norm: number;
}

/** One number per unordered pair of tasks (exact: n² stays far below 2^53 for any task file). */
function pairKey(i: number, j: number, n: number): number {
  return i < j ? i * n + j : j * n + i;
}

/** Every pair of tasks related (a caller with no discussions at hand: a review's acceptance, a library user). */
export const ALL_RELATED = { related: (_a: string, _b: string) => true } as const;

export type Affinity = Pick<TaskAffinity, 'related'>;
