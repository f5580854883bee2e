// The README's quick start runs `extract run examples/tasks.json`, which writes extracted_state
// into the repository's examples/; the tests that follow must not depend on it. Every test file
// runs with the file system refusing to open, read, list, copy or write anything there (relative paths
// resolve against the working directory, which is the repository's root under jest): tests use
// test/fixtures/ instead.
import fs from 'node:fs';
import { isAbsolute, join, resolve, sep } from 'node:path';

export const EXAMPLES_DIR = join(__dirname, '..', '..', 'examples');

/** Whether a path given to the file system names the repository's examples/ or something in it. */
export function inExamples(path: unknown): boolean {
  const p = typeof path === 'string' ? path : path instanceof URL ? path.pathname : Buffer.isBuffer(path) ? path.toString() : null;
  if (p === null) return false;
  const abs = isAbsolute(p) ? resolve(p) : resolve(process.cwd(), p);
  return abs === EXAMPLES_DIR || abs.startsWith(EXAMPLES_DIR + sep);
}

const GUARDED = Symbol.for('extract.tests.noExamples');

/** Functions whose second argument is a path too (the destination), not data. */
const TWO_PATHS = new Set(['cpSync', 'cp', 'copyFileSync', 'copyFile', 'renameSync', 'rename']);

/** Wraps each named function so that a path into examples/ among its path arguments throws (or rejects, for promises). */
function guard<T extends object>(target: T, names: readonly string[], rejects = false): void {
  for (const name of names) {
    const original = (target as Record<string, unknown>)[name];
    if (typeof original !== 'function') continue;
    const paths = TWO_PATHS.has(name) ? 2 : 1;
    (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      const into = args.slice(0, paths).find(inExamples);
      if (into !== undefined) {
        const err = new Error(`tests must not read or write the repository's examples/ (the quick start rewrites it): ${String(into)}; use test/fixtures/`);
        if (rejects) return Promise.reject(err);
        throw err;
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

if (!(fs as unknown as Record<symbol, boolean>)[GUARDED]) {
  (fs as unknown as Record<symbol, boolean>)[GUARDED] = true;
  // Reads, so that no test depends on what the quick start left there; writes, so that no test changes it.
  guard(fs, ['readFileSync', 'readFile', 'openSync', 'open', 'readdirSync', 'readdir', 'createReadStream', 'statSync', 'stat', 'lstatSync', 'lstat', 'cpSync', 'cp', 'copyFileSync', 'copyFile']);
  guard(fs, ['writeFileSync', 'writeFile', 'appendFileSync', 'appendFile', 'createWriteStream', 'renameSync', 'rename', 'rmSync', 'rm', 'unlinkSync', 'unlink', 'mkdirSync', 'mkdir']);
  guard(fs.promises, ['readFile', 'open', 'readdir', 'stat', 'lstat', 'cp', 'copyFile', 'writeFile', 'appendFile', 'rename', 'rm', 'unlink', 'mkdir'], true);
}
