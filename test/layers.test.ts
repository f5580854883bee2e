// Only the command line prints: every other module returns values (or takes an injected writer).
// Module imports are checked by dependency-cruiser (`npm run depcheck`); console use is checked here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', 'src');
const PRINTS = /\bconsole\s*\.\s*[a-z]+\s*\(|\bprocess\s*\.\s*(?:stdout|stderr)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** `file:line: text` of each line outside src/cli that writes to the console or the process's output. */
export function printingLines(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  return files
    .filter((f) => !f.path.startsWith('cli/'))
    .flatMap((f) => f.text.split('\n').flatMap((line, i) => (PRINTS.test(line) && !/^\s*(?:\/\/|\*)/.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])));
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
    const files = sources(SRC).map((p) => ({ path: relative(SRC, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
    expect(files.length).toBeGreaterThan(40);
    expect(printingLines(files)).toEqual([]);
  });
});
