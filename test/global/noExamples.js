// The README's quick start runs `extract run examples/tasks.json`, which writes extracted_state
// into the repository's examples/; the tests that follow must neither depend on it nor change it.
// Loaded before every test file (jest setupFiles, through noExamples.ts) and, by NODE_OPTIONS,
// into every Node process a test starts (the CLI as a child): the file system refuses to open,
// read, list, look at, copy or write anything there. Relative paths resolve against the working
// directory, file URLs are decoded and symlinks followed. Tests use test/fixtures/ instead.
'use strict';
const fs = require('node:fs');
const { basename, dirname, isAbsolute, join, resolve, sep } = require('node:path');
const { fileURLToPath } = require('node:url');

const EXAMPLES_DIR = join(__dirname, '..', '..', 'examples');
const realpath = fs.realpathSync.native;

/**
 * Whether a path given to the file system names the repository's examples/ or something in it.
 * `follow`: whether the call follows a symlink the path itself names (lstat and rm do not).
 */
function inExamples(path, follow = true) {
  let p = null;
  if (typeof path === 'string') p = path;
  else if (path instanceof URL) p = path.protocol === 'file:' ? fileURLToPath(path) : null;
  else if (Buffer.isBuffer(path)) p = path.toString();
  if (p === null) return false;
  const abs = isAbsolute(p) ? resolve(p) : resolve(process.cwd(), p);
  const inside = (q) => q === EXAMPLES_DIR || q.startsWith(EXAMPLES_DIR + sep);
  if (inside(abs)) return true;
  // Through a symlink (a temp folder's link into examples/, say).
  try {
    return inside(follow ? realpath(abs) : join(realpath(dirname(abs)), basename(abs)));
  } catch {
    return false;
  }
}

/** Functions that act on a symlink itself, not on what it points to. */
const NO_FOLLOW = new Set(['lstat', 'lstatSync', 'unlink', 'unlinkSync', 'rm', 'rmSync', 'rename', 'renameSync']);

/** Functions whose second argument is a path too (the destination), not data. */
const TWO_PATHS = new Set(['cpSync', 'cp', 'copyFileSync', 'copyFile', 'renameSync', 'rename']);

/** Wraps each named function so that a path into examples/ among its path arguments throws (or rejects, for promises). */
function guard(target, names, rejects) {
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    const paths = TWO_PATHS.has(name) ? 2 : 1;
    const wrapped = function (...args) {
      const into = args.slice(0, paths).find((p) => inExamples(p, !NO_FOLLOW.has(name)));
      if (into !== undefined) {
        const err = new Error(`tests must not read or write the repository's examples/ (the quick start rewrites it): ${String(into)}; use test/fixtures/`);
        if (rejects) return Promise.reject(err);
        throw err;
      }
      return original.apply(this, args);
    };
    // What hangs on the function stays (realpathSync.native, promisify's custom form).
    target[name] = Object.assign(wrapped, original);
  }
}

const GUARDED = Symbol.for('extract.tests.noExamples');
if (!fs[GUARDED]) {
  fs[GUARDED] = true;
  // Reads and looks, so that no test depends on what the quick start left there.
  const reads = ['readFile', 'open', 'readdir', 'opendir', 'stat', 'lstat', 'access', 'realpath', 'cp', 'copyFile'];
  // Writes, so that no test changes it.
  const writes = ['writeFile', 'appendFile', 'rename', 'rm', 'rmdir', 'unlink', 'mkdir', 'truncate', 'utimes', 'chmod'];
  const sync = (ns) => ns.flatMap((n) => [n, `${n}Sync`]);
  guard(fs, [...sync([...reads, ...writes]), 'existsSync', 'createReadStream', 'createWriteStream', 'watch', 'watchFile'], false);
  guard(fs.promises, [...reads, ...writes], true);
}

module.exports = { EXAMPLES_DIR, inExamples };
