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
// Taken before they are wrapped below.
const realpath = fs.realpathSync.native;
const lstat = fs.lstatSync;
const readlink = fs.readlinkSync;

/**
 * `abs` with the symlinks on it followed, also where they lead to nothing (realpath gives up
 * there): a link into examples/ names examples/ whether or not that folder exists. `followLast`:
 * whether a link at the end of the path is followed too.
 */
function linksFollowed(abs, followLast, depth = 0) {
  try {
    return followLast ? realpath(abs) : join(realpath(dirname(abs)), basename(abs));
  } catch {
    // Some part of it is missing: walk it part by part.
  }
  const parts = abs.split(sep).filter(Boolean);
  let at = sep;
  for (let k = 0; k < parts.length; k++) {
    const next = join(at, parts[k]);
    let target = null;
    if (depth < 40 && (followLast || k < parts.length - 1)) {
      try {
        if (lstat(next).isSymbolicLink()) target = readlink(next);
      } catch {
        // Missing from here on: nothing further to follow.
      }
    }
    at = target === null ? next : linksFollowed(resolve(at, target), true, depth + 1);
  }
  return at;
}

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
  return inside(linksFollowed(abs, follow));
}

/** Functions that act on a symlink itself, not on what it points to. */
const NO_FOLLOW = new Set(['lstat', 'unlink', 'rm', 'rename', 'readlink', 'lchown', 'lchmod', 'lutimes', 'symlink', 'link']);

/** The path arguments of functions that take more than their first (a destination, a link's place). */
const PATH_ARGS = { cp: [0, 1], copyFile: [0, 1], rename: [0, 1], link: [0, 1], symlink: [1] };

/**
 * The file system's functions that take no path (a descriptor, or nothing), left as they are:
 * every other function of fs and fs.promises is guarded, so one added to Node is too.
 */
const NO_PATH = new Set(['close', 'fchown', 'fchmod', 'fdatasync', 'fstat', 'fsync', 'ftruncate', 'futimes', 'read', 'readv', 'write', 'writev', 'unwatchFile', 'Dirent', 'Stats', 'ReadStream', 'WriteStream', 'FileReadStream', 'FileWriteStream', 'Dir', '_toUnixTimestamp']);

const GUARDED = Symbol.for('extract.tests.noExamples');
const baseName = (name) => name.replace(/Sync$/, '');

/** Where `name` takes paths. */
function pathArgs(name) {
  return PATH_ARGS[baseName(name)] ?? [0];
}

/** Wraps each function of `target` that takes a path so that a path into examples/ throws (or rejects, for promises). */
function guard(target, rejects) {
  for (const name of Object.keys(target)) {
    const original = target[name];
    if (typeof original !== 'function' || NO_PATH.has(baseName(name)) || original[GUARDED]) continue;
    const positions = pathArgs(name);
    const follow = !NO_FOLLOW.has(baseName(name));
    const wrapped = function (...args) {
      const into = positions.map((k) => args[k]).find((p) => inExamples(p, follow));
      if (into !== undefined) {
        const err = new Error(`tests must not read or write the repository's examples/ (the quick start rewrites it): ${String(into)}; use test/fixtures/`);
        if (rejects) return Promise.reject(err);
        throw err;
      }
      return original.apply(this, args);
    };
    // What hangs on the function stays (realpathSync.native, promisify's custom form).
    target[name] = Object.assign(wrapped, original, { [GUARDED]: true });
  }
}

if (!fs[GUARDED]) {
  fs[GUARDED] = true;
  guard(fs, false);
  guard(fs.promises, true);
}

module.exports = { EXAMPLES_DIR, GUARDED, NO_PATH, inExamples };
