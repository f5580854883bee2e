// The decision scorer: a logistic regression over a candidate clause's general features (see
// clauseFeatures.ts) that says how sure the text is that the clause is a decision, and one per
// decision type over the same features (each fitted one against the rest; the likeliest type is
// the clause's) that say which type it is. Its weights are data
// (rules/models/decision-scorer.json), fitted by `npm run train` with `fitModels` below; a decision
// records the features that weighed most for it, so a person can see why it was recorded.
import type { DecisionType, LinearModel, ScorerModel } from './types';

export const DECISION_TYPES: readonly DecisionType[] = ['constraint', 'decision', 'action_item', 'preference'];

export type { LinearModel, ScorerModel } from './types';

export interface Scored {
  /** How sure the scorer is that the clause is a decision (0–1). */
  score: number;
  type: DecisionType;
  /** The present features that weighed most for the verdict, strongest first. */
  weighed: string[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function linear(model: LinearModel, features: readonly string[]): number {
  let z = model.bias;
  for (const f of features) z += model.weights[f] ?? 0;
  return z;
}

/** The most probable type under the type model (ties: the order of DECISION_TYPES). */
export function predictType(model: ScorerModel, features: readonly string[]): DecisionType {
  let best: DecisionType = 'decision';
  let bestZ = -Infinity;
  for (const t of DECISION_TYPES) {
    const m = model.types[t];
    if (!m) continue;
    const z = linear(m, features);
    if (z > bestZ) {
      bestZ = z;
      best = t;
    }
  }
  return best;
}

/** Scores one candidate's features. `weighed` lists up to `explain` features that pushed the score up. */
export function scoreCandidate(model: ScorerModel, features: readonly string[], explain = 4): Scored {
  const z = linear(model.decision, features);
  const weighed = [...new Set(features)]
    .map((f) => ({ f, w: model.decision.weights[f] ?? 0 }))
    .filter((x) => x.w > 0)
    .sort((a, b) => b.w - a.w || (a.f < b.f ? -1 : 1))
    .slice(0, explain)
    .map((x) => x.f);
  return { score: Math.round(sigmoid(z) * 1000) / 1000, type: predictType(model, features), weighed };
}

// ---- fitting ---------------------------------------------------------------------------------

export interface Example {
  features: readonly string[];
  /** True when the clause carries a labelled decision. */
  positive: boolean;
  /** The labelled type of a positive. */
  type?: DecisionType;
  /** Who wrote the discussion (for folds that leave one writer out). */
  group: string;
}

export interface FitOptions {
  /** L2 penalty on the weights (not the bias). */
  l2: number;
  /** Full-batch gradient steps. */
  iterations: number;
  /** Step size. */
  rate: number;
  /** Features seen in fewer examples than this are left out (rare features do not generalise). */
  minCount: number;
}

export const DEFAULT_FIT: FitOptions = { l2: 0.02, iterations: 400, rate: 0.5, minCount: 3 };

/** Features seen in at least `minCount` examples, sorted. */
function vocabulary(examples: readonly Example[], minCount: number): string[] {
  const counts = new Map<string, number>();
  for (const e of examples) for (const f of new Set(e.features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= minCount).map(([f]) => f).sort();
}

/**
 * Binary logistic regression by full-batch gradient descent (Adagrad steps) from zero weights:
 * deterministic for the same examples in the same order, whatever the machine.
 */
export function fitLogistic(rows: ReadonlyArray<{ x: readonly number[]; y: number; w?: number }>, dims: number, o: FitOptions): { bias: number; weights: Float64Array } {
  const weights = new Float64Array(dims);
  let bias = 0;
  const g2 = new Float64Array(dims + 1);
  const n = rows.reduce((s, r) => s + (r.w ?? 1), 0) || 1;
  for (let it = 0; it < o.iterations; it++) {
    const grad = new Float64Array(dims);
    let gb = 0;
    for (const r of rows) {
      let z = bias;
      for (const j of r.x) z += weights[j];
      const err = (sigmoid(z) - r.y) * (r.w ?? 1);
      gb += err;
      for (const j of r.x) grad[j] += err;
    }
    for (let j = 0; j < dims; j++) {
      const g = grad[j] / n + o.l2 * weights[j];
      g2[j] += g * g;
      weights[j] -= (o.rate * g) / (Math.sqrt(g2[j]) + 1e-8);
    }
    const g = gb / n;
    g2[dims] += g * g;
    bias -= (o.rate * g) / (Math.sqrt(g2[dims]) + 1e-8);
  }
  return { bias, weights };
}

function asModel(vocab: readonly string[], fit: { bias: number; weights: Float64Array }): LinearModel {
  const weights: Record<string, number> = {};
  vocab.forEach((f, j) => {
    const w = round4(fit.weights[j]);
    if (w !== 0) weights[f] = w;
  });
  return { bias: round4(fit.bias), weights };
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/**
 * Whether a feature is left out of the decision model: the type a rule pack's cue guessed
 * (`hint:decision`, `hint:constraint`, …, alone or paired) says which phrase list matched, and
 * how well each list holds differs from writer to writer; whether a clause decides is weighed by
 * its form, whether any cue matched at all (`hint:none`), its strength and the dialogue. The type
 * models keep every hint: the kind of cue is evidence of the kind of decision.
 */
const outOfDecisionModel = (feature: string) => feature.includes('hint:') && !feature.includes('hint:none');

/**
 * The feature families the type models weigh: what a clause says and how — its acts and form, the
 * kinds of value it carries, the cue kinds that matched, its length and place in its message, and
 * where its statement came from (a clause, an accepted proposal, a correction). Whether a decision
 * is a rule, a choice or a task is in its words, not in who said it or how the dialogue went
 * around it: the speaker, the replies and the discussion's importance vary from writer to writer,
 * and a type model fitted on them learns the writers (left one writer out, type right over the
 * decisions found rose from 0.723 to 0.736 without them, and from 0.677 to 0.709 over the labelled
 * clauses alone).
 */
const TYPE_FAMILY = /^(?:act|value|form|hint|words|origin|verdict|strength|clause|proposal):/;

/** Whether a feature (or a pair, by its first half) is one the type models weigh. */
export const inTypeModel = (feature: string) => TYPE_FAMILY.test(feature);

/** Fits the decision model and the type model (one-vs-rest) on the examples. */
export function fitModels(examples: readonly Example[], o: FitOptions = DEFAULT_FIT): { decision: LinearModel; types: Record<string, LinearModel> } {
  const vocab = vocabulary(examples, o.minCount);
  const index = new Map(vocab.map((f, j) => [f, j]));
  const encode = (e: Example, keep: (f: string) => boolean = () => true) => [...new Set(e.features)].filter(keep).map((f) => index.get(f)).filter((j): j is number => j !== undefined).sort((a, b) => a - b);
  const encoded = examples.map((e) => ({ e, x: encode(e, inTypeModel) }));
  const decision = asModel(vocab, fitLogistic(examples.map((e) => ({ x: encode(e, (f) => !outOfDecisionModel(f)), y: e.positive ? 1 : 0 })), vocab.length, o));
  const typed = encoded.filter(({ e }) => e.positive && e.type);
  const types: Record<string, LinearModel> = {};
  for (const t of DECISION_TYPES) types[t] = asModel(vocab, fitLogistic(typed.map(({ e, x }) => ({ x, y: e.type === t ? 1 : 0 })), vocab.length, o));
  return { decision, types };
}
