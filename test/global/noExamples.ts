// Every test file, and every Node process a test starts, runs with the file system refusing any
// access to the repository's examples/ (which the README's quick start rewrites): see
// noExamples.js, plain JavaScript so that each process can load it with --require (setup.js puts
// it in NODE_OPTIONS).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const guard = require('./noExamples.js') as { EXAMPLES_DIR: string; GUARDED: symbol; NO_PATH: ReadonlySet<string>; inExamples(path: unknown): boolean };

export const EXAMPLES_DIR = guard.EXAMPLES_DIR;
export const inExamples = guard.inExamples;
/** The mark on a guarded file-system function. */
export const GUARDED = guard.GUARDED;
/** The file-system functions that take no path (left unguarded). */
export const NO_PATH = guard.NO_PATH;
