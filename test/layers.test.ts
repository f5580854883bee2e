// Only the command line prints: every other module returns values (or takes an injected writer).
// Module imports are checked by dependency-cruiser (`npm run depcheck`); console use is checked here.
import * as fs from 'node:fs';
import { cpSync, createReadStream, existsSync, mkdirSync, openSync, promises as fsPromises, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GUARDED, inExamples, NO_PATH } from './global/noExamples';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { cli, FIXTURES, mcpOverStdio, ROOT, runCli, tempDir } from './helpers';

const SRC = join(__dirname, '..', 'src');
const PRINTS = /\bconsole\s*\.\s*[a-z]+\s*\(|\bprocess\s*\.\s*(?:stdout|stderr)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

type SourceFile = { path: string; text: string };

/** Every TypeScript file of src/, by its path below src/ with forward slashes. */
function srcFiles(): SourceFile[] {
  return sources(SRC).map((p) => ({ path: relative(SRC, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
}

/** `file:line: text` of each line, outside comments, that `pattern` matches. */
function matchingLines(files: readonly SourceFile[], pattern: RegExp): string[] {
  return files.flatMap((f) => f.text.split('\n').flatMap((line, i) => (pattern.test(line) && !/^\s*(?:\/\/|\*)/.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])));
}

/** Each line outside src/cli that writes to the console or the process's output. */
export function printingLines(files: readonly SourceFile[]): string[] {
  return matchingLines(
    files.filter((f) => !f.path.startsWith('cli/')),
    PRINTS,
  );
}

describe('who prints', () => {
  it('finds console and process output in a module outside the CLI, and none in the CLI', () => {
    const files = [
      { path: 'app/x.ts', text: 'const a = 1;\nconsole.log(a);\n// console.log in a comment\n' },
      { path: 'io/y.ts', text: "process.stderr.write('timing\\n');" },
      { path: 'cli/main.ts', text: "process.stdout.write('ok\\n');" },
    ];
    expect(printingLines(files)).toEqual(['app/x.ts:2: console.log(a);', "io/y.ts:1: process.stderr.write('timing\\n');"]);
  });

  it('no module of src/ outside src/cli writes to the console, stdout or stderr', () => {
    const files = srcFiles();
    expect(files.length).toBeGreaterThan(40);
    expect(printingLines(files)).toEqual([]);
  });
});

// The core is pure: the lexicons and every other data file come in through the engine (src/io
// reads them, src/app compiles them). A core module may require a package by its name (a lazy
// load of a library), never a path or a computed name, and imports no JSON.
const LOADS_DATA = /\brequire\s*\(\s*(?!['"][@a-z][\w./-]*['"]\s*\))|\bfrom\s+['"][^'"]+\.json['"]/;

/** Each line of src/core that requires a path (or a computed name) or imports a JSON file. */
export function coreDataLoads(files: readonly SourceFile[]): string[] {
  return matchingLines(files.filter((f) => f.path.startsWith('core/')), LOADS_DATA);
}

describe('the build', () => {
  it('leaves in dist/ only what the modules of src/ compile to, and the compiled schemas', () => {
    // The engine fingerprint hashes every file of dist/core/, and the package ships dist/ whole:
    // a module removed from src/ must leave no compiled copy behind.
    const DIST = join(ROOT, 'dist');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [relative(DIST, join(dir, e.name)).split('\\').join('/')]));
    const modules = new Set(srcFiles().map((f) => f.path.replace(/\.ts$/, '')));
    const schemas = new Set(readdirSync(join(ROOT, 'schemas')).filter((n) => n.endsWith('.schema.json')).map((n) => `schemas/${n.replace(/\.schema\.json$/, '')}`));
    const orphans = files(DIST).filter((f) => !modules.has(f.replace(/\.(?:d\.ts|js)$/, '')) && !schemas.has(f.replace(/\.js$/, '')));
    expect(orphans).toEqual([]);
  });

  // `npm test` builds with --if-changed: an out-of-date dist/ would run the tests against old code.
  it('is redone when a file it reads or a file it wrote changed, and only then', () => {
    const { inputsHash, outputsHash } = require('../scripts/build') as { inputsHash: (root: string) => string; outputsHash: (root: string) => string };
    const dir = tempDir();
    const put = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    put('src/core/a.ts', 'export const a = 1;\n');
    put('schemas/x.schema.json', '{}');
    put('tsconfig.json', '{}');
    put('package-lock.json', '{"lockfileVersion":3}');
    put('dist/core/a.js', 'exports.a = 1;\n');
    const inputs = inputsHash(dir);
    const outputs = outputsHash(dir);
    fs.utimesSync(join(dir, 'src/core/a.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(inputsHash(dir)).toBe(inputs);
    for (const [path, text] of [
      ['src/core/a.ts', 'export const a = 2;\n'],
      ['src/core/b.ts', ''],
      ['src/cli/c.ts', 'export {};\n'],
      ['schemas/x.schema.json', '{"type":"object"}'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
      ['tsconfig.build.json', '{}'],
    ]) {
      const before = existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : null;
      put(path, text);
      expect(inputsHash(dir)).not.toBe(inputs);
      if (before === null) fs.rmSync(join(dir, path));
      else put(path, before);
      expect(inputsHash(dir)).toBe(inputs);
    }
    expect(outputsHash(dir)).toBe(outputs);
    fs.rmSync(join(dir, 'dist/core/a.js'));
    expect(outputsHash(dir)).not.toBe(outputs);
    put('dist/core/a.js', 'exports.a = 1;\n');
    put('dist/core/orphan.js', '');
    expect(outputsHash(dir)).not.toBe(outputs);
  });
});

describe('the core loads no data', () => {
  it('finds a require of a path or a template and a JSON import in the core, not a package required by name', () => {
    const files = [
      { path: 'core/a.ts', text: "nlp ??= require('compromise') as Nlp;\nconst lex = require('../../rules/lexicons/cues.json');" },
      { path: 'core/b.ts', text: "const l = require(`../../rules/lexicons/${name}.json`);\n// require('../x.json') in a comment" },
      { path: 'core/c.ts', text: "import data from './words.json';\nimport { x } from './words';" },
      { path: 'io/d.ts', text: "const schema = require('../../schemas/x.json');" },
    ];
    expect(coreDataLoads(files)).toEqual([
      "core/a.ts:2: const lex = require('../../rules/lexicons/cues.json');",
      'core/b.ts:1: const l = require(`../../rules/lexicons/${name}.json`);',
      "core/c.ts:1: import data from './words.json';",
    ]);
  });

  it('no module of src/core requires a file or imports JSON', () => {
    const files = srcFiles();
    expect(files.filter((f) => f.path.startsWith('core/')).length).toBeGreaterThan(30);
    expect(coreDataLoads(files)).toEqual([]);
  });
});

/** The modules of src/core each module imports (type-only imports too), by name without `.ts`. */
export function coreImports(files: readonly SourceFile[]): Map<string, string[]> {
  const core = files.filter((f) => /^core\/[^/]+\.ts$/.test(f.path));
  return new Map(core.map((f) => [f.path.slice('core/'.length, -'.ts'.length), [...f.text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'\.\/([\w-]+)'/gms)].map((m) => m[1])]));
}

/** The longest chain of imports (a cycle is the layering check's to refuse; it ends a chain here). */
export function longestChain(imports: ReadonlyMap<string, readonly string[]>): string[] {
  const memo = new Map<string, string[]>();
  const from = (m: string, path: ReadonlySet<string>): string[] => {
    const known = memo.get(m);
    if (known) return known;
    let best = [m];
    for (const next of imports.get(m) ?? []) {
      if (path.has(next) || !imports.has(next)) continue;
      const chain = [m, ...from(next, new Set([...path, next]))];
      if (chain.length > best.length) best = chain;
    }
    memo.set(m, best);
    return best;
  };
  return [...imports.keys()].sort().map((m) => from(m, new Set([m]))).reduce((a, b) => (b.length > a.length ? b : a), []);
}

describe('the core is a few modules deep', () => {
  it('finds the longest chain, type-only imports counted', () => {
    const files = [
      { path: 'core/pipeline.ts', text: "import { decide } from './decide';\nimport type { Task } from './types';" },
      { path: 'core/decide.ts', text: "import {\n  statementAt,\n} from './statement';" },
      { path: 'core/statement.ts', text: "import type { Stems } from './text';" },
      { path: 'core/text.ts', text: "import { createHash } from 'node:crypto';" },
      { path: 'core/types.ts', text: '' },
      { path: 'io/x.ts', text: "import { a } from './pipeline';" },
    ];
    expect(longestChain(coreImports(files))).toEqual(['pipeline', 'decide', 'statement', 'text']);
  });

  // Each step of the longest chain is a call (the pipeline, a stage, the readers of a stage, their
  // helpers, the sentence acts, the text utilities); a stage importing another for its output's
  // type alone made it twelve deep.
  it('no chain of imports in src/core is longer than six modules', () => {
    const imports = coreImports(srcFiles());
    expect(imports.size).toBeGreaterThan(30);
    expect(longestChain(imports).length).toBeLessThanOrEqual(6);
    expect(imports.get('text')).toEqual([]);
    expect(imports.get('types')).toEqual([]);
  });
});

// The README's quick start runs `extract run examples/tasks.json`, which writes extracted_state
// into that file; the tests that follow must not depend on it, so none reads the repo's examples/.
const READS_EXAMPLES = /(?:ROOT|__dirname)\b[^;\n]*['"`](?:\.\.\/)*examples\b/;

/** Each line of a test that builds a path into the repository's examples/ folder. */
export function examplesReads(files: readonly SourceFile[]): string[] {
  return matchingLines(files, READS_EXAMPLES);
}

describe('tests and the quick start', () => {
  it("finds a test path into the repository's examples/, not a temp folder named examples", () => {
    const files = [
      { path: 'a.test.ts', text: "const f = join(ROOT, 'examples', 'tasks.json');" },
      { path: 'b.test.ts', text: "readFileSync(join(__dirname, '../examples/tasks.json'))" },
      { path: 'c.test.ts', text: "mkdirSync(join(dir, 'examples'));\ncpSync(EXAMPLE, join(dir, 'examples', 'tasks.json'));\nexpect(sources).toEqual(['../examples/tasks.json']);" },
    ];
    expect(examplesReads(files)).toEqual(["a.test.ts:1: const f = join(ROOT, 'examples', 'tasks.json');", "b.test.ts:1: readFileSync(join(__dirname, '../examples/tasks.json'))"]);
  });

  it("refuses, while tests run, every way into the repository's examples/, and nothing else", async () => {
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      expect(() => readFileSync('examples/tasks.json')).toThrow(/must not read or write the repository's examples/);
      expect(() => readFileSync(join(FIXTURES, '..', '..', 'examples', 'tasks.json'))).toThrow(/examples/);
      expect(() => readdirSync(join(ROOT, 'examples'))).toThrow(/examples/);
      await expect(fsPromises.readFile(join(ROOT, 'examples', 'tasks.json'))).rejects.toThrow(/examples/);
      // The CLI in-process reads through the same module: a test naming the example fails (from a
      // folder of its own: the repository's memory/ is the quick start's too).
      expect(await cli(['check', join(ROOT, 'examples', 'tasks.json')], tempDir())).toMatchObject({ status: 2, stderr: expect.stringMatching(/must not read or write the repository's examples/) });
      // Nor write there: the quick start's own output must stay as it left it.
      expect(() => writeFileSync(join(ROOT, 'examples', 'tasks.json'), '{}')).toThrow(/must not read or write/);
      expect(() => mkdirSync(join(ROOT, 'examples', 'memory'))).toThrow(/must not read or write/);
      await expect(fsPromises.writeFile('examples/tasks.json', '{}')).rejects.toThrow(/must not read or write/);
      await expect(fsPromises.rename(join(FIXTURES, 'none.json'), join(ROOT, 'examples', 'tasks.json'))).rejects.toThrow(/must not read or write/);
      expect(() => cpSync(join(FIXTURES, 'example', 'tasks.json'), join(ROOT, 'examples', 'tasks.json'))).toThrow(/must not read or write/);
    } finally {
      process.chdir(cwd);
    }
    // Every other way in: looks, streams, opening, copying out, a symlink, a percent-encoded file URL.
    const refused = /must not read or write/;
    expect(() => existsSync(join(ROOT, 'examples', 'tasks.json'))).toThrow(refused);
    expect(() => statSync(join(ROOT, 'examples'))).toThrow(refused);
    expect(() => openSync(join(ROOT, 'examples', 'tasks.json'), 'r')).toThrow(refused);
    expect(() => createReadStream(join(ROOT, 'examples', 'tasks.json'))).toThrow(refused);
    expect(() => cpSync(join(ROOT, 'examples', 'tasks.json'), join(tempDir(), 'copy.json'))).toThrow(refused);
    await expect(fsPromises.access(join(ROOT, 'examples'))).rejects.toThrow(refused);
    const link = join(tempDir(), 'link');
    symlinkSync(join(ROOT, 'examples'), link);
    expect(() => readFileSync(join(link, 'tasks.json'))).toThrow(refused);
    // A link to a place in examples/ that does not exist (yet) leads there all the same.
    const dangling = join(tempDir(), 'dangling');
    symlinkSync(join(ROOT, 'examples', 'not-yet'), dangling);
    expect(() => writeFileSync(join(dangling, 'tasks.json'), '{}')).toThrow(refused);
    expect(() => mkdirSync(dangling)).toThrow(refused);
    expect(() => readFileSync(new URL(`file://${join(ROOT, 'exam%70les', 'tasks.json')}`))).toThrow(refused);
    // A child process a test starts (the CLI, built) is refused too.
    expect(runCli(['check', join(ROOT, 'examples', 'tasks.json')], tempDir())).toMatchObject({ status: 2, stderr: expect.stringMatching(refused) });
    // A temp folder named examples is a test's own.
    const own = join(tempDir(), 'examples');
    mkdirSync(own);
    writeFileSync(join(own, 'tasks.json'), '{}');
    expect(readFileSync(join(own, 'tasks.json'), 'utf8')).toBe('{}');
    expect(inExamples(join(ROOT, 'examples-old', 'x'))).toBe(false);
  });

  it('guards every function of the file system that takes a path, at every path it takes', async () => {
    // Left alone: the functions that take a descriptor or no path at all, and only those.
    expect([...NO_PATH].sort()).toEqual(['Dir', 'Dirent', 'FileReadStream', 'FileWriteStream', 'ReadStream', 'Stats', 'WriteStream', '_toUnixTimestamp', 'close', 'fchmod', 'fchown', 'fdatasync', 'fstat', 'fsync', 'ftruncate', 'futimes', 'read', 'readv', 'unwatchFile', 'write', 'writev']);
    // Where paths go: a copy's, a rename's and a hard link's two ends, a symlink's own place.
    const positions = (name: string) => ({ cp: [0, 1], copyFile: [0, 1], rename: [0, 1], link: [0, 1], symlink: [1] })[name.replace(/Sync$/, '')] ?? [0];
    const unguarded: string[] = [];
    const letThrough: string[] = [];
    // Paths that do not exist: should a function get through, it fails there and changes nothing.
    const inside = join(ROOT, 'examples', 'no-such-folder', 'tasks.json');
    const elsewhere = join(tempDir(), 'no-such-folder', 'other.json');
    for (const [where, target] of [['fs', fs], ['fs.promises', fs.promises]] as const) {
      for (const name of Object.keys(target)) {
        const fn = (target as unknown as Record<string, unknown>)[name];
        if (typeof fn !== 'function' || NO_PATH.has(name.replace(/Sync$/, ''))) continue;
        if (!(fn as unknown as Record<symbol, unknown>)[GUARDED]) {
          unguarded.push(`${where}.${name}`);
          continue;
        }
        // The examples path at each place a path goes, a temp path at the others.
        for (const at of positions(name)) {
          const args = Array.from({ length: Math.max(...positions(name)) + 1 }, (_, k) => (k === at ? inside : elsewhere));
          let refused = false;
          try {
            const out = (fn as (...a: unknown[]) => unknown)(...args, () => undefined);
            // (A promise from Node's own realm is no instance of the test's Promise.)
            if (typeof (out as Promise<unknown> | undefined)?.then === 'function') await (out as Promise<unknown>).catch((err: Error) => (refused = /must not read or write/.test(err.message)));
          } catch (err) {
            refused = /must not read or write/.test((err as Error).message);
          }
          if (!refused) letThrough.push(`${where}.${name} (argument ${at})`);
        }
      }
    }
    expect(unguarded).toEqual([]);
    expect(letThrough).toEqual([]);
  });

  it("refuses examples/ to the MCP server a test starts as an agent host would", async () => {
    const dir = tempDir();
    // A memory folder that records the example as its task file.
    mkdirSync(join(dir, 'memory'));
    writeFileSync(join(dir, 'memory', '.sources.json'), JSON.stringify({ version: 1, task_files: [relative(join(dir, 'memory'), join(ROOT, 'examples', 'tasks.json'))] }));
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(mcpOverStdio(dir));
    try {
      const r = await client.callTool({ name: 'context', arguments: { tasks: ['T045'] } });
      expect(r.isError).toBe(true);
      expect((r.content as Array<{ text: string }>)[0].text).toMatch(/must not read or write the repository's examples/);
    } finally {
      await client.close();
    }
  });

  it("no test reads the repository's examples/: they use test/fixtures/", () => {
    const TEST = __dirname;
    const files = sources(TEST).map((p) => ({ path: relative(TEST, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
    expect(files.length).toBeGreaterThan(20);
    // (The guard itself names the folder it guards.)
    expect(examplesReads(files.filter((f) => f.path !== 'layers.test.ts' && f.path !== 'global/noExamples.ts'))).toEqual([]);
  });
});
