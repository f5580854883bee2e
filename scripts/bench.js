#!/usr/bin/env node
'use strict';
// Benchmark (not a test): the I/O floor of a task file (read + JSON.parse + JSON.stringify +
// atomic write) against a full `extract run` of the same file, measured side by side in one run.
// Corpora: synthetic 10 000 × 20 and 2 000 × 200 (and the 10 000 × 20 corpus doubled, for
// growth), plus the qmsum and irc labelled sets when ../shared/eval is present.
// Usage: npm run bench [-- --quick]
const { execFileSync } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const quick = process.argv.includes('--quick');
const root = join(__dirname, '..');
const child = join(__dirname, 'bench-child.js');
const evalDir = process.env.EVAL_DIR || join(root, '..', 'shared', 'eval');

if (!existsSync(join(root, 'dist', 'app', 'run.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

// Deterministic PRNG (mulberry32): the same corpus every time.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = ['the release notes', 'the staging deploy', 'the council results', 'the billing export', 'the onboarding doc', 'the job queue', 'the nightly build report', 'the API rate limit', 'the search index', 'the audit log'];
const PLACES = ['the discussion array', 'Telegram', 'the wiki', 'the shared drive', 'the task board', 'email'];
const HUMAN = [
  (s, p) => `Please prepare ${s} and put it in ${p} when it is done.`,
  (s, p) => `No, that's wrong. ${s[0].toUpperCase()}${s.slice(1)} must go in ${p}, not anywhere else.`,
  () => 'Yes, that is right.',
  () => 'ok',
  (s) => `When is ${s} due this week?`,
  (s, p) => `Let's go with ${p} for ${s}.`,
  (s) => `I don't think so, ${s} still has open issues we should look at first.`,
  (s) => `Can you update ${s} by Friday?`,
  () => 'Thanks, looks good.',
  (s) => `Why did you not check ${s} before sending it?`,
];
const BOT = [
  (s, p) => `I have prepared ${s} and posted it to ${p} so that everyone can see it.`,
  (s, p) => `Shall I move ${s} to ${p}?`,
  (s) => `${s[0].toUpperCase()}${s.slice(1)} is scheduled for Thursday at 14:00 UTC, after the freeze.`,
  (s) => `Understood. I will update ${s} and link it from the task. Is that correct?`,
  (s) => `There are two options for ${s}: keep the current setup or move to the new service.`,
  () => 'Done.',
];

function corpus(tasks, messages, seed) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const out = {};
  for (let t = 0; t < tasks; t++) {
    const discussion = [];
    const day = String(1 + (t % 28)).padStart(2, '0');
    for (let m = 0; m < messages; m++) {
      const human = m % 2 === 0;
      const s = pick(SUBJECTS);
      const p = pick(PLACES);
      discussion.push({ author: human ? 'maria' : 'tong-bot', role: human ? 'human' : 'assistant', text: (human ? pick(HUMAN) : pick(BOT))(s, p), ts: `2026-02-${day}T${String(8 + (m % 10)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00Z` });
    }
    out[`T${String(t).padStart(5, '0')}`] = { title: `Task ${t}`, status: 'open', discussion };
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

function measure(mode, target) {
  const out = execFileSync(process.execPath, [child, mode, target], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return JSON.parse(out);
}

function caseDir(name, text) {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  writeFileSync(join(dir, 'tasks.json'), text);
  return dir;
}

const rows = [];
function bench(name, text, { incremental = false } = {}) {
  const dir = caseDir(name, text);
  const file = join(dir, 'tasks.json');
  const sizeMb = statSync(file).size / 1048576;
  const messages = Object.values(JSON.parse(text)).reduce((n, t) => n + (Array.isArray(t.discussion) ? t.discussion.length : 0), 0);
  const floor = measure('floor', file);
  const run = measure('run', dir);
  const row = { case: name, mb: +sizeMb.toFixed(1), messages, floorMs: Math.round(floor.ms), runMs: Math.round(run.ms), ratio: +(run.ms / floor.ms).toFixed(2), rssMb: Math.round(run.maxRssMb), rssPerInput: +(run.maxRssMb / sizeMb).toFixed(2) };
  if (incremental) {
    const value = JSON.parse(readFileSync(file, 'utf8'));
    const first = Object.keys(value)[0];
    value[first].discussion.push({ author: 'maria', role: 'human', text: 'One more note on this task: the deadline moved to Monday.', ts: '2026-02-28T09:00:00Z' });
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
    const floor2 = measure('floor', file);
    // check beside run: the same edited workspace, checked (one stale task) and then extracted.
    const check = measure('check', dir);
    const again = measure('run', dir);
    const clean = measure('check', dir);
    row.checkMs = Math.round(check.ms);
    row.cleanCheckMs = Math.round(clean.ms);
    row.incrementalMs = Math.round(again.ms);
    row.incrementalRatio = +(again.ms / floor2.ms).toFixed(2);
  }
  rmSync(dir, { recursive: true, force: true });
  rows.push(row);
  process.stderr.write(`${JSON.stringify(row)}\n`);
  return row;
}

const scale = quick ? 0.1 : 1;
const a = bench('10000x20', corpus(Math.round(10000 * scale), 20, 1), { incremental: true });
const b = bench('20000x20 (2x)', corpus(Math.round(20000 * scale), 20, 1));
bench('2000x200', corpus(Math.round(2000 * scale), 200, 2));
for (const set of ['qmsum-decisions', 'irc-disentanglement']) {
  const f = join(evalDir, set, 'tasks.json');
  if (existsSync(f)) bench(set, readFileSync(f, 'utf8'));
}

const pad = (v, n) => String(v).padEnd(n);
console.log(`\nextract bench ${new Date().toISOString().slice(0, 10)} — node ${process.version}, ${require('node:os').cpus().length} cores${quick ? ' (quick: 1/10 size)' : ''}`);
console.log(`${pad('case', 22)}${pad('MB', 7)}${pad('messages', 10)}${pad('floor ms', 10)}${pad('run ms', 10)}${pad('run/floor', 11)}${pad('peak RSS MB', 13)}RSS/input`);
for (const r of rows) console.log(`${pad(r.case, 22)}${pad(r.mb, 7)}${pad(r.messages, 10)}${pad(r.floorMs, 10)}${pad(r.runMs, 10)}${pad(r.ratio, 11)}${pad(r.rssMb, 13)}${r.rssPerInput}`);
console.log(`incremental (one task edited in ${a.case}): ${a.incrementalMs} ms = ${a.incrementalRatio}x its floor`);
console.log(`check beside run (${a.case}): check with that task stale ${a.checkMs} ms, check after the run ${a.cleanCheckMs} ms, incremental run ${a.incrementalMs} ms`);
console.log(`growth 1x -> 2x input: time x${(b.runMs / a.runMs).toFixed(2)}`);
