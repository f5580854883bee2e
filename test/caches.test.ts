// The core keeps no state between runs: what a run works out about a text lives in that
// message's analysis record or in a memo the pipeline creates for the run and passes down.
// A module-level Map or Set outlives every run, so a new one must be argued for here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const CORE = join(__dirname, '..', 'src', 'core');

/**
 * Top-level Maps and Sets the core may have, by "file:name", with why each may stay.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  // Constants built from literals, never written after (sets built from the word lists are the
  // engine's: see words.ts).
  'candidateInput.ts:NO_TOKENS': 'constant (empty, read only)',
  // Keyed weakly by the caller's own objects (a discussion array, a registry): an entry lives as
  // long as its key and describes only that object, so nothing carries over to another input.
  'pipeline.ts:hashes': 'weak, keyed by input',
};

const DECLARATION = /^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\b[^=\n]*=\s*new\s+(?:Weak)?(?:Map|Set)\b/gm;

/** Names of the module-level Maps and Sets a source text declares. */
export function topLevelCollections(source: string): string[] {
  return [...source.matchAll(DECLARATION)].map((m) => m[1]);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return name.endsWith('.ts') ? [p] : [];
  });
}

describe('module-level state in src/core', () => {
  it('recognises a top-level Map or Set and ignores ones inside functions', () => {
    const text = [
      'const seen = new Map<string, number>();',
      'export const NAMES: ReadonlySet<string> = new Set(["a"]);',
      'let byKey = new WeakMap<object, string>();',
      'function f() {',
      '  const local = new Map();',
      '}',
    ].join('\n');
    expect(topLevelCollections(text)).toEqual(['seen', 'NAMES', 'byKey']);
  });

  it('has no Map or Set outside the allow-list', () => {
    const found = sources(CORE).flatMap((file) => topLevelCollections(readFileSync(file, 'utf8')).map((name) => `${relative(CORE, file).split('\\').join('/')}:${name}`));
    expect(found.filter((key) => !(key in ALLOWED))).toEqual([]);
    // An entry that no longer exists is dropped from the list too, so it cannot come back unnoticed.
    expect(Object.keys(ALLOWED).filter((key) => !found.includes(key))).toEqual([]);
  });
});
