#!/usr/bin/env node
'use strict';
// Benchmark (not a test): every figure is a ratio to the I/O floor of the same task file measured
// in the same run (read + JSON.parse + content hash + JSON.stringify + atomic write), so that a
// slow or busy machine moves both sides alike.
// Cases: synthetic 10 000 × 20 (full run, one task edited then an incremental run, peak RSS),
// the same corpus doubled (growth), 2 000 × 200, the qmsum and irc labelled sets when
// ../shared/eval is present, and the watch daemon's latency on a 1 000-task file (atomic saves
// of a one-message edit until the task file carries the new extracted_state).
// Usage: npm run bench [-- --quick] [-- --only full,growth,long,sets,watch] [-- --json FILE]
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { cpus, tmpdir } = require('node:os');
const { join } = require('node:path');
const { corpus } = require('./corpus');

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = opt('--only') ? new Set(opt('--only').split(',')) : null;
const wants = (c) => !only || only.has(c);
const root = join(__dirname, '..');
const child = join(__dirname, 'bench-child.js');
const cli = join(root, 'bin', 'extract.js');
const evalDir = process.env.EVAL_DIR || join(root, '..', 'shared', 'eval');

if (!existsSync(join(root, 'dist', 'app', 'run.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

/** One measured step in its own process: { ms, maxRssMb }. */
function measure(mode, target) {
  const out = execFileSync(process.execPath, [child, mode, target], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return JSON.parse(out);
}

/** The floor of a file, the median of three (it is short and the machine is shared). */
function floorOf(file) {
  const ms = [0, 1, 2].map(() => measure('floor', file).ms).sort((a, b) => a - b);
  return ms[1];
}

function caseDir(name, text) {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name.replace(/\W+/g, '')}-`));
  writeFileSync(join(dir, 'tasks.json'), text);
  return dir;
}

const mb = (bytes) => bytes / 1048576;
const r2 = (x) => Math.round(x * 100) / 100;
const rows = [];
/** A row of the table: `value` in `unit`, `ratio` to that case's floor (or another base), `target` the ratio it should stay under. */
function row(caseName, measureName, value, unit, ratio, target) {
  const r = { case: caseName, measure: measureName, value: unit === 'ms' ? Math.round(value) : r2(value), unit, ratio: r2(ratio), target };
  rows.push(r);
  process.stderr.write(`${JSON.stringify(r)}\n`);
  return r;
}

/** A full run of one task file: time and peak RSS. Returns what later cases build on. */
function fullRun(name, text, { incremental = false } = {}) {
  const dir = caseDir(name, text);
  const file = join(dir, 'tasks.json');
  const size = mb(statSync(file).size);
  const floor = floorOf(file);
  row(name, `floor (${size.toFixed(1)} MB)`, floor, 'ms', 1, null);
  const run = measure('run', dir);
  row(name, 'full run', run.ms, 'ms', run.ms / floor, incremental ? 5 : null);
  row(name, 'peak RSS / input size', run.maxRssMb, 'MB', run.maxRssMb / size, 4);
  const result = { name, floor, ms: run.ms };
  if (incremental) {
    // One task edited: one message of the first task says something new.
    const value = JSON.parse(readFileSync(file, 'utf8'));
    const first = Object.keys(value)[0];
    value[first].discussion[value[first].discussion.length - 1].text = 'One more note on this task: the deadline moved to Monday.';
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
    const floor2 = floorOf(file);
    const check = measure('check', dir);
    const again = measure('run', dir);
    const clean = measure('check', dir);
    // Heartbeats on the workspace as the last run left it: the first runs in full and, changing
    // nothing over files settled since, records what it found; the next stands on that.
    const idle = measure('run', dir);
    const idleAgain = measure('run', dir);
    row(name, 'one task edited: run', again.ms, 'ms', again.ms / floor2, 1.5);
    row(name, 'one task edited: RSS', again.maxRssMb, 'MB', again.maxRssMb / size, 4);
    row(name, 'check, one task stale', check.ms, 'ms', check.ms / floor2, null);
    row(name, 'check after the run', clean.ms, 'ms', clean.ms / floor2, null);
    row(name, 'nothing changed: run', idle.ms, 'ms', idle.ms / floor2, null);
    row(name, 'nothing changed: next run', idleAgain.ms, 'ms', idleAgain.ms / floor2, null);
  }
  rmSync(dir, { recursive: true, force: true });
  return result;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// The hash the run stores in extracted_state, from the build itself.
const { discussionHash } = require(join(root, 'dist', 'core', 'pipeline.js'));

/**
 * The daemon on a task file: `saves` atomic saves (write a temporary file, rename it over the
 * task file), each editing one message of another task; the latency of a save is the time until
 * the task file carries that task's new extracted_state.
 */
async function watchLatency(name, text, saves) {
  const dir = caseDir(name, text);
  const file = join(dir, 'tasks.json');
  const floor = floorOf(file);
  row(name, `floor (${mb(statSync(file).size).toFixed(1)} MB)`, floor, 'ms', 1, null);
  const daemon = spawn(process.execPath, [cli, '--watch', 'tasks.json', '--memory', 'memory', '--json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  daemon.stdout.on('data', (b) => (log += b));
  daemon.stderr.on('data', (b) => (log += b));
  const exited = new Promise((resolve) => daemon.once('exit', resolve));
  try {
    for (let waited = 0; !/"event":"ready"/.test(log); waited += 20) {
      if (waited > 600_000 || daemon.exitCode !== null) throw new Error(`watch daemon did not start:\n${log}`);
      await sleep(20);
    }
    const latencies = [];
    for (let i = 0; i < saves; i++) {
      const value = JSON.parse(readFileSync(file, 'utf8'));
      const ids = Object.keys(value);
      const id = ids[(i * 37) % ids.length];
      const discussion = value[id].discussion;
      discussion[discussion.length - 1].text = `Edit ${i}: the deadline for this moved to Monday ${i + 1} March.`;
      const want = discussionHash(discussion);
      const next = `${JSON.stringify(value, null, 2)}\n`;
      writeFileSync(`${file}.tmp`, next);
      const before = statSync(`${file}.tmp`);
      const started = process.hrtime.bigint();
      renameSync(`${file}.tmp`, file);
      // Poll cheaply (stat), and read only a file that is no longer the one just saved. The new
      // discussion's hash can stand only in that task's new extracted_state, so finding it in the
      // text is the event; parsing the whole file to look would add the observer's own parse (about
      // a quarter of the floor) to every sample.
      for (let seen = `${before.ino}`; ; ) {
        const st = statSync(file);
        const key = `${st.ino}:${st.size}:${st.mtimeMs}`;
        if (st.ino !== before.ino && key !== seen) {
          seen = key;
          if (readFileSync(file, 'utf8').includes(`"discussion_hash": "${want}"`)) break;
        }
        if (Number(process.hrtime.bigint() - started) > 120e9) throw new Error(`no new state after 120 s:\n${log.slice(-2000)}`);
        await sleep(2);
      }
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      await sleep(200);
    }
    // In save order, for the reader of the figures: which save was slow.
    process.stderr.write(`${JSON.stringify({ case: name, latencies: latencies.map(Math.round) })}\n`);
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
    row(name, `watch latency p50 (${saves} saves)`, at(0.5), 'ms', at(0.5) / floor, null);
    row(name, `watch latency p95 (${saves} saves)`, at(0.95), 'ms', at(0.95) / floor, 2);
  } finally {
    daemon.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const scale = quick ? 0.1 : 1;
  const n = (x) => Math.round(x * scale);
  let one = null;
  if (wants('full') || wants('growth')) one = fullRun(`${n(10000)}x20`, corpus(n(10000), 20, 1), { incremental: wants('full') });
  if (wants('growth')) {
    const two = fullRun(`${n(20000)}x20 (2x)`, corpus(n(20000), 20, 1));
    // Linearity: the doubled input's time over the single one's, each against its own floor first.
    row('growth 1x -> 2x', 'run time ratio', two.ms / one.ms, 'x', two.ms / one.ms, 2.2);
  }
  if (wants('long')) fullRun(`${n(2000)}x200`, corpus(n(2000), 200, 2));
  if (wants('sets')) {
    for (const set of ['qmsum-decisions', 'irc-disentanglement']) {
      const f = join(evalDir, set, 'tasks.json');
      if (existsSync(f)) fullRun(set, readFileSync(f, 'utf8'));
    }
  }
  if (wants('watch')) await watchLatency(`watch ${n(1000)}x20`, corpus(n(1000), 20, 3), 20);

  const pad = (v, w) => String(v).padEnd(w);
  console.log(`\nextract bench ${new Date().toISOString().slice(0, 10)}: node ${process.version}, ${cpus().length} cores${quick ? ' (quick: 1/10 size)' : ''}`);
  console.log(`${pad('case', 24)}${pad('measure', 32)}${pad('value', 14)}${pad('x floor', 9)}target`);
  for (const r of rows) {
    const ok = r.target === null ? '' : `<= ${r.target}${r.ratio <= r.target ? '' : '  (over)'}`;
    console.log(`${pad(r.case, 24)}${pad(r.measure, 32)}${pad(`${r.value} ${r.unit}`, 14)}${pad(r.unit === 'x' ? '' : r.ratio, 9)}${ok}`);
  }
  if (opt('--json')) writeFileSync(opt('--json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores: cpus().length, quick, rows }, null, 2)}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err.stack || err}\n`);
  process.exit(1);
});
