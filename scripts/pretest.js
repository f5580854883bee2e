#!/usr/bin/env node
'use strict';
// What `npm test` runs before jest, side by side (each is one process on one core): the scripts
// `typecheck` (src/ and test/), `depcheck` (the layering) and `build:emit` (dist/, which the tests
// running the real command use, rebuilt only when what it is built from changed; the type-check
// is typecheck's), as package.json defines them and as `npm run` would run them. Each step's
// output is printed whole when it ends; if any fails, the whole fails (exit 1), and the others
// still finish so that every failure is shown.
const { spawn } = require('node:child_process');
const { delimiter, join } = require('node:path');

const root = join(__dirname, '..');
const STEPS = ['typecheck', 'depcheck', 'build:emit'];
const scripts = require(join(root, 'package.json')).scripts;
const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };

/** Runs one package.json script in a shell; resolves with its exit code and everything it printed. */
function runScript(name) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('sh', ['-c', scripts[name]], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => resolve({ code: 1, output: `${output}${err.message}\n` }));
    child.on('close', (status) => resolve({ code: status ?? 1, output }));
  });
}

async function main() {
  const started = Date.now();
  const codes = await Promise.all(
    STEPS.map(async (name) => {
      const { code, output } = await runScript(name);
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}: npm run ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${output}`);
      return code;
    }),
  );
  process.exitCode = codes.some((c) => c !== 0) ? 1 : 0;
}

main();
