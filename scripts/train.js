#!/usr/bin/env node
'use strict';
// Fits the decision scorer (rules/models/decision-scorer.json) on labelled task discussions: every
// candidate clause the pipeline finds, with its features, labelled positive when it carries a
// labelled decision's content words at that decision's message (or at the proposal a person
// accepted). The thresholds are chosen by leaving one writer out inside the training writers, so
// they are set on clauses the weights were not fitted on. Deterministic: the same data, seed and
// code give byte-identical weights.
//
// Usage: npm run train [-- --data DIR] [--out FILE] [--leave-out WRITER] [--seed N] [--check] [--cues]
//   DIR: a folder with tasks.json and gold.json (default: $EVAL_DIR/agent-tasks or ../shared/eval/agent-tasks)
//   --check: write nothing; exit 1 when FILE is not what fitting gives now (the candidates' features
//   or the data changed since it was fitted), 0 when it is.
//   --cues: write nothing; print the share of labelled decisions that no candidate clause carrying
//   them has a cue for, as the shipped engine reads them and without each writer's own phrases.
const { createHash } = require('node:crypto');
const { readFileSync, writeFileSync, renameSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { rng } = require('./corpus');

const root = join(__dirname, '..');
const dist = join(root, 'dist');

function argsOf(argv) {
  const out = { data: join(process.env.EVAL_DIR ?? join(root, '..', 'shared', 'eval'), 'agent-tasks'), out: join(root, 'rules', 'models', 'decision-scorer.json'), leaveOut: null, seed: 1, check: false, cues: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`train: ${a} takes a value`);
      return argv[++i];
    };
    if (a === '--data') out.data = resolve(value());
    else if (a === '--out') out.out = resolve(value());
    else if (a === '--leave-out') out.leaveOut = value();
    else if (a === '--seed') out.seed = Number.parseInt(value(), 10);
    else if (a === '--check') out.check = true;
    else if (a === '--cues') out.cues = true;
    else throw new Error(`train: unknown argument ${a}`);
  }
  if (!Number.isInteger(out.seed)) throw new Error('train: --seed takes an integer');
  return out;
}

/** Words of a text as the labels' `must` words are matched: lowercased, split on non-letters. */
const toks = (s) => String(s ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const carries = (statement, must) => {
  const ws = toks(statement);
  return ws.length <= 40 && must.every((m) => toks(m).every((t) => ws.some((w) => w.startsWith(t))));
};

/** The labelled decision a candidate states, if any: its content words, at its message or the proposal's acceptance. */
function labelOf(statement, at, sources, decisions) {
  for (const d of decisions) {
    const where = [d.message, d.confirmed_by].filter((x) => x !== undefined && x !== null);
    if (!where.includes(at) && !sources.some((s) => where.includes(s))) continue;
    if (carries(statement, d.must)) return d;
  }
  return null;
}

/** Which of two clauses carrying the same labelled decision states it. */
function preferred(x, y) {
  const rank = (z) => [z.w.c.hint !== null ? 0 : 1, z.at === z.label.message || z.at === z.label.confirmed_by ? 0 : 1, z.w.c.statement.length];
  const a = rank(x);
  const b = rank(y);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * An engine for each writer of the labelled tasks that lacks the phrases (of the rule packs and the
 * sentence acts) only that writer's discussions contain (core/attestation): the lists were written
 * by reading these discussions, and a writer they were not read against finds few phrases of
 * their own in them.
 */
async function enginesWithoutOwnPhrases(tasks, gold, leaveOut) {
  const engines = new Map();
  const sole = await ownPhrases(tasks, gold);
  // (Whose phrases are a writer's own is judged on every writer; the writer left out needs no engine.)
  for (const writer of writersOf(gold)) if (writer !== leaveOut) engines.set(writer, await engineWithoutOwnPhrases(sole, writer));
  return engines;
}

/** The writers of the labelled tasks, sorted. */
function writersOf(gold) {
  return [...new Set(Object.keys(gold).map((id) => String(gold[id].writer ?? '?')))].sort();
}

/** Each shipped phrase that one writer's discussions alone contain → that writer (core/attestation). */
async function ownPhrases(tasks, gold) {
  const { shippedPhrases } = require(join(dist, 'app', 'engine.js'));
  const { normalizeDiscussion } = require(join(dist, 'core', 'normalize.js'));
  const { soleWriters } = require(join(dist, 'core', 'attestation.js'));
  const { DEFAULT_CONFIG } = require(join(dist, 'core', 'types.js'));
  const texts = new Map();
  for (const id of Object.keys(gold).sort()) {
    const writer = String(gold[id].writer ?? '?');
    // (The messages as the engine reads them: whatever field holds the text, clipped and folded alike.)
    texts.set(writer, [...(texts.get(writer) ?? []), ...normalizeDiscussion(tasks[id]?.discussion ?? [], DEFAULT_CONFIG).map((m) => m.text)]);
  }
  return soleWriters(await shippedPhrases(), texts);
}

/** The shipped engine without the phrases `sole` gives to `writer`. */
async function engineWithoutOwnPhrases(sole, writer) {
  const { loadEngineWithout } = require(join(dist, 'app', 'engine.js'));
  const { DEFAULT_CONFIG } = require(join(dist, 'core', 'types.js'));
  return loadEngineWithout({ ...DEFAULT_CONFIG }, (phrase) => sole.get(phrase) === writer);
}

/** The labelled tasks and their labels, read and fingerprinted once per folder (fitting reads them in two ways). */
const labelledData = new Map();
function labelledIn(dataDir) {
  let data = labelledData.get(dataDir);
  if (!data) {
    const tasksText = readFileSync(join(dataDir, 'tasks.json'), 'utf8');
    const goldText = readFileSync(join(dataDir, 'gold.json'), 'utf8');
    const fingerprint = `sha256:${createHash('sha256').update(tasksText).update('\u0000').update(goldText).digest('hex')}`;
    data = { tasks: JSON.parse(tasksText), gold: JSON.parse(goldText), fingerprint };
    labelledData.set(dataDir, data);
  }
  return data;
}

/**
 * Every candidate clause of the labelled tasks, as examples with their writer, label and band; the
 * writer `leaveOut` is not read. With `withoutOwnPhrases`, each writer's clauses are read without
 * the phrases that writer alone says (see enginesWithoutOwnPhrases).
 */
async function examplesOf(dataDir, { withoutOwnPhrases = false, leaveOut = null } = {}) {
  const { loadEngine } = require(join(dist, 'app', 'engine.js'));
  const { candidateClauses } = require(join(dist, 'core', 'pipeline.js'));
  const { DEFAULT_CONFIG } = require(join(dist, 'core', 'types.js'));
  const { tasks, gold, fingerprint } = labelledIn(dataDir);
  const engine = await loadEngine({ ...DEFAULT_CONFIG }, root);
  const without = withoutOwnPhrases ? await enginesWithoutOwnPhrases(tasks, gold, leaveOut) : null;
  const known = new Set(Object.keys(tasks));
  const examples = [];
  const goldCount = new Map();
  for (const id of Object.keys(gold).sort()) {
    const g = gold[id];
    const writer = String(g.writer ?? '?');
    if (writer === leaveOut) continue;
    const decisions = g.decisions ?? [];
    goldCount.set(writer, (goldCount.get(writer) ?? 0) + decisions.filter((d) => !d.optional).length);
    const { messages, candidates } = candidateClauses(id, tasks[id]?.discussion ?? [], without?.get(writer) ?? engine, known);
    const labelled = candidates.map((w) => {
      const at = messages[w.c.p].index;
      const sources = w.c.sources.map((q) => messages[q].index);
      return { w, at, label: labelOf(w.c.statement, at, sources, decisions) };
    });
    // One positive per labelled decision, as one extraction per decision is counted: the clause
    // that states it (a cued one, at the decision's own message, the shortest); a second clause
    // carrying the same words (its reason, an echo) is a negative.
    const chosen = new Map();
    for (const x of labelled) {
      if (!x.label || x.label.optional) continue;
      const best = chosen.get(x.label.id);
      if (!best || preferred(x, best)) chosen.set(x.label.id, x);
    }
    for (const x of labelled) {
      if (x.label && x.label.optional) continue;
      const positive = !!x.label && chosen.get(x.label.id) === x;
      const w = x.w;
      examples.push({
        features: w.features,
        statement: w.c.statement,
        task: id,
        positive,
        type: positive ? x.label.type : undefined,
        group: writer,
        gold: positive ? x.label.id : null,
        band: (w.features.find((f) => f.startsWith('importance:')) ?? 'importance:raw').slice('importance:'.length),
      });
    }
  }
  return { examples, goldCount, fingerprint };
}

/** A deterministic shuffle (the corpus's mulberry32), so the order examples are summed in follows the seed alone. */
function shuffled(xs, seed) {
  const rand = rng(seed);
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const f1 = (tp, fp, fn) => (tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn));

/** Found and auto-extracted F1 at the given thresholds, as the scorer counts them (one extraction per labelled decision). */
function bandF1(scored, golds, registry, review) {
  const { bandOf, settledInDiscussion } = require(join(dist, 'core', 'decide.js'));
  const found = { hit: new Set(), fp: 0 };
  const auto = { hit: new Set(), fp: 0 };
  for (const s of scored) {
    // As decide.ts bands them: certainty lifts a candidate one band, doubt caps it at the queue.
    const band = bandOf(s.score, s.band, settledInDiscussion(s.features), { registry, review });
    const inRegistry = band === 'decision';
    const inQueue = band === 'review';
    for (const [on, acc] of [[inRegistry || inQueue, found], [inRegistry, auto]]) {
      if (!on) continue;
      if (s.gold && !acc.hit.has(s.gold)) acc.hit.add(s.gold);
      else acc.fp++;
    }
  }
  return { found: f1(found.hit.size, found.fp, golds - found.hit.size), auto: f1(auto.hit.size, auto.fp, golds - auto.hit.size) };
}

/** Thresholds chosen on clauses scored by models that never saw their writer. */
function chooseThresholds(examples, goldCount, fit) {
  const { fitModels, scoreCandidate } = require(join(dist, 'core', 'scorer.js'));
  const groups = [...new Set(examples.map((e) => e.group))].sort();
  const scored = [];
  for (const g of groups) {
    const models = fitModels(examples.filter((e) => e.group !== g), fit);
    const model = { ...models, thresholds: { registry: 0.5, review: 0.5 } };
    for (const e of examples.filter((x) => x.group === g)) scored.push({ ...e, score: scoreCandidate(model, e.features).score });
  }
  return thresholdsOfScored(scored, goldCount);
}

/** The thresholds for clauses already scored out of fold (`group`: the writer; `gold`: the labelled decision a clause carries, if any). */
function thresholdsOfScored(scored, goldCount) {
  const groups = [...new Set(scored.map((s) => s.group))].sort();
  // The queue is for the candidates the scorer is unsure of: its band is at least 0.1 wide.
  // Each writer counts the same, as the scorer is judged (the mean over writers left out): pooled,
  // the writers with the longest discussions would choose the thresholds for everyone.
  const byWriter = groups.map((g) => ({ scored: scored.filter((s) => s.group === g), golds: goldCount.get(g) ?? 0 }));
  const grid = new Map();
  for (let r = 20; r <= 90; r++) {
    for (let q = 10; q <= r - 10; q++) {
      let sum = 0;
      for (const w of byWriter) {
        const { found, auto } = bandF1(w.scored, w.golds, r / 100, q / 100);
        sum += found + auto;
      }
      grid.set(`${r},${q}`, sum / byWriter.length);
    }
  }
  return bestOnGrid(grid);
}

/**
 * The pair of thresholds (in hundredths, "registry,review" → figure) whose neighbourhood on the
 * grid scores best: the mean of the figure over the pairs within `radius` hundredths of it. The
 * figure is a step function of counts, flat near its top, where a point more or less on one
 * writer moves the single highest pair from one edge of the plateau to the other; judged with its
 * neighbours, a pair keeps its place when a refit sees slightly different clauses. (Within five
 * hundredths, a refit that saw a few other clauses of one language still moved the pair by two.)
 */
function bestOnGrid(grid, radius = 8) {
  let best = { registry: 0.5, review: 0.5, value: -1 };
  for (const [key] of grid) {
    const [r, q] = key.split(',').map(Number);
    let sum = 0;
    let n = 0;
    for (let dr = -radius; dr <= radius; dr++) {
      for (let dq = -radius; dq <= radius; dq++) {
        const v = grid.get(`${r + dr},${q + dq}`);
        if (v === undefined) continue;
        sum += v;
        n++;
      }
    }
    const value = sum / n;
    if (value > best.value + 1e-9) best = { registry: r / 100, review: q / 100, value };
  }
  return { registry: best.registry, review: best.review };
}

async function train(options) {
  const { fitModels, DEFAULT_FIT } = require(join(dist, 'core', 'scorer.js'));
  // Whether a clause decides is fitted, and its thresholds chosen, on clauses read without the
  // phrases only their writer says: on the labelled writers nearly every decision has a cue, because
  // the lists were grown from them, and weights fitted on that rely on a cue a new writer's
  // decisions mostly lack. The type models read every cue: which list matched is evidence of the
  // kind of decision, wherever a cue is found.
  const { examples, goldCount: counts, fingerprint } = await examplesOf(options.data, { withoutOwnPhrases: true, leaveOut: options.leaveOut });
  const kept = shuffled(examples, options.seed);
  const thresholds = chooseThresholds(kept, counts, DEFAULT_FIT);
  const { decision } = fitModels(kept, DEFAULT_FIT);
  const cued = shuffled((await examplesOf(options.data, { leaveOut: options.leaveOut })).examples, options.seed);
  const { types } = fitModels(cued, DEFAULT_FIT);
  const writers = [...counts.keys()].sort();
  const command = `npm run train -- --seed ${options.seed}${options.leaveOut ? ` --leave-out ${options.leaveOut}` : ''}`;
  return {
    $schema: '../../schemas/decision-scorer.schema.json',
    model: 'decision-scorer',
    description: "How sure a candidate clause is a decision (logistic regression over its general features) and which type it is (one model per type). Fitted on labelled human-agent task discussions, the decision model on each writer's clauses read without the phrases only that writer says; features never name a content word.",
    trained: { command, seed: options.seed, data: fingerprint, examples: kept.length, positives: kept.filter((e) => e.positive).length, writers },
    thresholds,
    decision,
    types,
  };
}

/** Keys sorted at every level, two-space indent, trailing newline: the same model prints the same bytes. */
function stableJson(value) {
  const sort = (v) => (Array.isArray(v) ? v.map(sort) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])])) : v);
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/**
 * Of the labelled decisions some candidate clause carries, how many no such clause has a cue for
 * (its positive example reads `hint:none`: fitting takes a cued clause first), read as shipped and
 * read without each writer's own phrases.
 */
async function uncuedShares(dataDir) {
  const share = ({ examples }) => {
    const positives = examples.filter((e) => e.positive);
    const uncued = positives.filter((e) => e.features.includes('hint:none')).length;
    return { decisions: positives.length, uncued, share: positives.length === 0 ? 0 : uncued / positives.length };
  };
  return { shipped: share(await examplesOf(dataDir)), withoutOwnPhrases: share(await examplesOf(dataDir, { withoutOwnPhrases: true })) };
}

async function main() {
  const options = argsOf(process.argv.slice(2));
  if (options.cues) {
    const { shipped, withoutOwnPhrases } = await uncuedShares(options.data);
    const line = (name, x) => `${name}: ${x.uncued} of ${x.decisions} labelled decisions carried by a candidate have no cue (${(100 * x.share).toFixed(1)} %)\n`;
    process.stdout.write(line('as shipped', shipped) + line("without each writer's own phrases", withoutOwnPhrases));
    return;
  }
  const model = await train(options);
  if (options.check) {
    let shipped = null;
    try {
      shipped = readFileSync(options.out, 'utf8');
    } catch {}
    const fresh = shipped === stableJson(model);
    process.stderr.write(fresh ? `train: ${options.out} is what fitting gives\n` : `train: ${options.out} is not what fitting gives now; run npm run train\n`);
    process.exitCode = fresh ? 0 : 1;
    return;
  }
  const tmp = `${options.out}.tmp-${process.pid}`;
  writeFileSync(tmp, stableJson(model));
  renameSync(tmp, options.out);
  const t = model.thresholds;
  process.stderr.write(`train: ${model.trained.examples} clauses (${model.trained.positives} decisions) from writers ${model.trained.writers.join(', ')}; thresholds registry ${t.registry}, review ${t.review}; wrote ${options.out}\n`);
}

module.exports = { train, stableJson, examplesOf, uncuedShares, bestOnGrid, thresholdsOfScored, labelledIn, ownPhrases, engineWithoutOwnPhrases };

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  });
}
