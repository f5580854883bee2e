#!/usr/bin/env node
'use strict';
// Builds dist/: empties it (tsc never deletes the output of a module removed from src/, and the
// engine fingerprint hashes every file of dist/core/), compiles src/ with tsc, then the schemas
// (scripts/compile-schemas.js).
//
// Usage: node scripts/build.js [--no-check] [--if-changed]
//   --no-check    emit without type-checking (npm test type-checks src/ and test/ beside it)
//   --if-changed  do nothing when neither what the build reads nor dist/ changed since the last
//                 build: the hash of both is kept in node_modules/.cache/tongdiscussion/build.json.
//                 What it reads: every file of src/ and schemas/, the tsconfig files, the lockfile
//                 (the compiler's and ajv's versions) and the build scripts.
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const dist = join(root, 'dist');
const stampFile = join(root, 'node_modules', '.cache', 'tongdiscussion', 'build.json');
const INPUT_DIRS = ['src', 'schemas'];
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'scripts/build.js', 'scripts/compile-schemas.js'];

/** Every file below `dir`, as paths relative to `root`, sorted. (Walked by hand: `readdirSync`'s `recursive` is missing or cut short on Node 20 before 20.6.) */
function filesUnder(root, dir) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (err) {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return;
      throw err;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.isFile()) out.push(relative(root, join(d, e.name)).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** A file's bytes, or null when it is not there (an editor's swap file may go between listing and reading). */
function contentOf(full) {
  try {
    return readFileSync(full);
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw err;
  }
}

/** One hash of the files' paths and contents (paths relative to `root`). */
function hashOf(root, paths) {
  const h = createHash('sha256');
  for (const p of paths) {
    h.update(p).update('\u0000').update(contentOf(join(root, p)) ?? '(none)').update('\u0000');
  }
  return h.digest('hex');
}

/** What the build reads, as one hash: a file added, removed or edited changes it; a file touched does not. */
const inputsHash = (root) => hashOf(root, [...INPUT_DIRS.flatMap((d) => filesUnder(root, join(root, d))), ...INPUT_FILES]);
/** What the build wrote, as one hash. */
const outputsHash = (root) => hashOf(root, filesUnder(root, join(root, 'dist')));

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

function writeStamp(stamp) {
  mkdirSync(join(stampFile, '..'), { recursive: true });
  const tmp = `${stampFile}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(stamp)}\n`);
  renameSync(tmp, stampFile);
}

/** Runs a node script; stops the build with its exit code when it fails. */
function run(script, args) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--no-check' && a !== '--if-changed');
  if (unknown.length > 0) {
    process.stderr.write(`build: unknown argument ${unknown[0]}\n`);
    process.exit(2);
  }
  const inputs = inputsHash(root);
  const stamp = readStamp();
  if (args.includes('--if-changed') && stamp?.inputs === inputs && stamp.outputs === outputsHash(root)) {
    process.stdout.write('build: dist/ is up to date\n');
    return;
  }
  rmSync(dist, { recursive: true, force: true });
  run(require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json', ...(args.includes('--no-check') ? ['--noCheck'] : [])]);
  run(join(__dirname, 'compile-schemas.js'), []);
  writeStamp({ inputs, outputs: outputsHash(root) });
}

module.exports = { inputsHash, outputsHash };

if (require.main === module) main();
