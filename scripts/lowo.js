#!/usr/bin/env node
'use strict';
// Judges the decision scorer the way a model is judged: for each writer of the labelled task
// discussions, fit on all the others, run the CLI on the whole set with those weights, and score
// the writer left out (score.mjs --writer). Prints each writer's rows, then the mean and the
// worst writer of each row, then the in-sample figure (the shipped weights, fitted on every writer)
// beside them. Then the same left-out runs with the writer also read without the phrases only
// that writer's discussions contain: the phrase lists were written by reading these writers, so
// the first table still reads each writer with phrases grown from their own texts. Reads the
// labelled data from EVAL_DIR (default ../shared/eval); writes only to a temp folder.
//
// Usage: node scripts/lowo.js [--json] [--writers C,D,…]
const { execFileSync } = require('node:child_process');
const { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { train, stableJson, labelledIn, ownPhrases, engineWithoutOwnPhrases } = require('./train');

const root = join(__dirname, '..');
const sets = process.env.EVAL_DIR ?? join(root, '..', 'shared', 'eval');
const data = join(sets, 'agent-tasks');
const argv = process.argv.slice(2);
const asJson = argv.includes('--json');
const only = argv.includes('--writers') ? argv[argv.indexOf('--writers') + 1].split(',') : null;

const ROWS = [
  ['decision found (registry or review queue)', 'f1', 'found F1'],
  ['decision found (registry or review queue)', 'p', 'found P'],
  ['decision found (registry or review queue)', 'r', 'found R'],
  ['decision auto-extracted (registry only)', 'f1', 'auto F1'],
  ['decision type right (of matched)', 'value', 'type right'],
  ['correction', 'f1', 'correction F1'],
  ['confirmation', 'f1', 'confirmation F1'],
  ['supersession link', 'f1', 'supersession F1'],
  ['contradiction of an earlier decision', 'f1', 'contradiction F1'],
  ['tasks with nothing to extract that got decisions', 'value', 'empty tasks with decisions'],
  ['words per decision statement (median)', 'value', 'median words'],
];

/** Runs the CLI on a copy of the set with the given scorer (null: the shipped one) and scores the writers. */
function runAndScore(scorerFile, writers) {
  const dir = mkdtempSync(join(tmpdir(), 'lowo-'));
  try {
    copyFileSync(join(data, 'tasks.json'), join(dir, 'tasks.json'));
    const config = scorerFile ? { scorer: scorerFile } : {};
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify(config));
    execFileSync(process.execPath, [join(root, 'bin', 'extract.js'), 'run', 'tasks.json', '--memory', 'memory', '--now', '2026-01-01T00:00:00Z'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    const out = {};
    for (const w of writers) {
      const text = execFileSync(process.execPath, [join(sets, 'score.mjs'), 'agent-tasks', join(data, 'gold.json'), join(dir, 'tasks.json'), join(dir, 'memory'), '--json', '--writer', w], { encoding: 'utf8' });
      out[w] = rowsOf(text);
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The left-out run of `writer` read without the phrases only that writer says (`sole`), with the
 * scorer fitted without them: in this process, as the CLI would run it, with that engine in place
 * of the shipped one (the set is small enough to be analysed in one thread).
 */
async function runWithoutOwnPhrasesAndScore(scorer, writer, sole) {
  const { WarmState } = require(join(root, 'dist', 'app', 'caches.js'));
  const { extractRun } = require(join(root, 'dist', 'app', 'run.js'));
  const engine = await engineWithoutOwnPhrases(sole, writer);
  engine.scorer = scorer;
  class WithThisEngine extends WarmState {
    async engineFor() {
      return engine;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'lowo-own-'));
  try {
    copyFileSync(join(data, 'tasks.json'), join(dir, 'tasks.json'));
    writeFileSync(join(dir, 'extract.config.json'), '{}');
    const result = await extractRun({ cwd: dir, now: '2026-01-01T00:00:00Z', warm: new WithThisEngine() });
    const failed = result.diagnostics.filter((d) => d.severity === 'error');
    if (failed.length > 0) throw new Error(`run without ${writer}'s own phrases: ${failed[0].message}`);
    const text = execFileSync(process.execPath, [join(sets, 'score.mjs'), 'agent-tasks', join(data, 'gold.json'), join(dir, 'tasks.json'), join(dir, 'memory'), '--json', '--writer', writer], { encoding: 'utf8' });
    return rowsOf(text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function rowsOf(text) {
  const rows = {};
  for (const line of text.split('\n').filter(Boolean)) {
    const parsed = JSON.parse(line);
    for (const r of parsed.rows ?? [parsed]) if (r.metric) rows[r.metric] = r;
  }
  return rows;
}

/**
 * A row's figure for one writer; null where it is undefined: a precision, recall or F1 over a
 * writer with nothing labelled and nothing found (score.mjs prints 0 there, which would count a
 * writer without corrections as one whose corrections were all missed).
 */
function pick(rows, [metric, field]) {
  const r = rows[metric];
  if (!r) return null;
  if (['p', 'r', 'f1'].includes(field) && r.tp === 0 && r.fp === 0 && r.fn === 0) return null;
  return r[field] ?? null;
}

/** The row over every writer's items at once (tp, fp, fn summed), for rows counted item by item. */
function pooled(perWriter, [metric, field]) {
  const counted = perWriter.map((writerRows) => writerRows[metric]).filter((r) => r && typeof r.tp === 'number');
  if (counted.length === 0 || !['p', 'r', 'f1'].includes(field)) return null;
  const tp = counted.reduce((s, r) => s + r.tp, 0);
  const fp = counted.reduce((s, r) => s + r.fp, 0);
  const fn = counted.reduce((s, r) => s + r.fn, 0);
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 }[field];
}

async function main() {
  const gold = JSON.parse(readFileSync(join(data, 'gold.json'), 'utf8'));
  const writers = [...new Set(Object.values(gold).map((g) => g.writer))].filter((w) => !only || only.includes(w)).sort();
  const left = {};
  const leftWithoutOwn = {};
  const { tasks } = labelledIn(data);
  const sole = await ownPhrases(tasks, gold);
  const tmp = mkdtempSync(join(tmpdir(), 'lowo-models-'));
  try {
    for (const w of writers) {
      const file = join(tmp, `scorer-${w}.json`);
      const scorer = await train({ data, leaveOut: w, seed: 1 });
      writeFileSync(file, stableJson(scorer));
      left[w] = runAndScore(file, [w])[w];
      leftWithoutOwn[w] = await runWithoutOwnPhrasesAndScore(scorer, w, sole);
      if (!asJson) process.stderr.write(`lowo: writer ${w} scored\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const inSample = runAndScore(null, writers);
  const table = tableOf(writers, left, inSample);
  const withoutOwn = tableOf(writers, leftWithoutOwn, null);
  if (asJson) {
    process.stdout.write(`${JSON.stringify({ set: 'agent-tasks:leave-one-writer-out', writers, table })}\n`);
    process.stdout.write(`${JSON.stringify({ set: 'agent-tasks:leave-one-writer-out-and-their-phrases', writers, table: withoutOwn })}\n`);
    return;
  }
  printTable('agent-tasks, leave one writer out (fit on the other writers, score this one)', writers, table, true);
  printTable("agent-tasks, leave one writer out and read that writer without the phrases only their discussions contain", writers, withoutOwn, false);
}

/** Each row's values per writer, mean, worst writer, pooled figure and (with `inSample`) the in-sample mean. */
function tableOf(writers, left, inSample) {
  return ROWS.map((row) => {
    const values = writers.map((w) => pick(left[w], row));
    const nums = values.filter((v) => typeof v === 'number');
    const mean = nums.length ? nums.reduce((s, v) => s + v, 0) / nums.length : null;
    const lowerIsBetter = row[2].startsWith('empty') || row[2].startsWith('median');
    const worst = nums.length ? (lowerIsBetter ? Math.max(...nums) : Math.min(...nums)) : null;
    const worstWriter = worst === null ? '' : writers[values.indexOf(worst)];
    const ins = inSample ? writers.map((w) => pick(inSample[w], row)).filter((v) => typeof v === 'number') : [];
    const inMean = ins.length ? ins.reduce((s, v) => s + v, 0) / ins.length : null;
    return { row: row[2], values, mean, worst, worstWriter, pooled: pooled(writers.map((w) => left[w]), row), inSample: inMean };
  });
}

function printTable(title, writers, table, withInSample) {
  const fmt = (v) => (v === null || v === undefined ? '  -  ' : Number(v).toFixed(3).padStart(5));
  process.stdout.write(`${title}\n`);
  process.stdout.write(`${'row'.padEnd(28)} ${writers.map((w) => w.padStart(5)).join(' ')}   mean  worst     pooled${withInSample ? '  in-sample mean' : ''}\n`);
  for (const t of table) process.stdout.write(`${t.row.padEnd(28)} ${t.values.map(fmt).join(' ')}  ${fmt(t.mean)} ${fmt(t.worst)} ${t.worstWriter.padEnd(3)} ${fmt(t.pooled)}${withInSample ? `  ${fmt(t.inSample)}` : ''}\n`);
  process.stdout.write('(mean: over the writers where the row is defined; "-": nothing labelled and nothing found. pooled: every left-out writer\'s items counted at once.)\n');
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(2);
});
