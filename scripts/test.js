#!/usr/bin/env node
'use strict';
// `npm test`: the build of dist/ first (the package.json script `build:emit`; the tests that run
// the real command use it), then jest side by side with the two static checks, the scripts
// `typecheck` (src/ and test/) and `depcheck` (the layering). The checks' output is printed whole
// when jest is done, so that it does not cut into jest's; if any step fails, the whole fails, and
// the others still finish so that every failure is shown. Arguments go to jest
// (`npm test -- test/cli.test.ts`).
//
// Why side by side: jest's workers wait on the child processes some tests start, and the checks
// fill those gaps; run one after the other, they added their whole time to the run's.
const { spawn } = require('node:child_process');
const { delimiter, join } = require('node:path');

const root = join(__dirname, '..');
const CHECKS = ['typecheck', 'depcheck'];
const scripts = require(join(root, 'package.json')).scripts;
const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

// A signal to this process goes to every step still running (Ctrl-C reaches them anyway, through
// the terminal's process group; a SIGTERM from a supervisor does not), and the run fails.
const running = new Set();
let interrupted = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal;
    for (const child of running) child.kill(signal);
  });
}

/** Runs a command; resolves with its exit code and, unless it prints to this terminal, what it printed. */
function run(file, args, inherit) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(file, args, { cwd: root, env, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    if (!inherit) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', (err) => {
      running.delete(child);
      resolve({ code: 1, output: `${output}${err.message}\n` });
    });
    child.on('close', (status, signal) => {
      running.delete(child);
      resolve({ code: status ?? (signal ? 1 : 0), output });
    });
  });
}

const runScript = (name, inherit = false) => run('sh', ['-c', scripts[name]], inherit);

/** One line per step, and the step's output when it failed or had something to say. */
function report(name, { code, output }) {
  process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}: npm run ${name}\n${code === 0 && output.trim() === '' ? '' : output}`);
}

async function main() {
  const build = await runScript('build:emit');
  report('build:emit', build);
  if (build.code !== 0 || interrupted) {
    process.exitCode = 1;
    return;
  }
  const checks = CHECKS.map((name) => runScript(name).then((r) => ({ name, r })));
  const jest = await run(process.execPath, [require.resolve('jest/bin/jest'), ...process.argv.slice(2)], true);
  const done = await Promise.all(checks);
  for (const { name, r } of done) report(name, r);
  process.stdout.write(`npm test: ${seconds()} s${interrupted ? ` (stopped by ${interrupted})` : ''}\n`);
  process.exitCode = interrupted || jest.code !== 0 || done.some(({ r }) => r.code !== 0) ? 1 : 0;
}

main();
