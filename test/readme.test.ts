// The README's examples are real: every ```console block is a session whose `$ extract …`
// commands run, in order, in one project made of a copy of the shipped example (the tests' mirror
// of it, test/fixtures/example), and each command's printed output must be what the README shows.
// After a deliberate change of output, `UPDATE_README=1 npx jest test/readme.test.ts` writes the
// real outputs into the README's blocks; without it, any difference fails.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cli, EXAMPLE, ROOT, tempDir } from './helpers';

const README = join(ROOT, 'README.md');
/** The clock of the README's session. */
const NOW = '2026-03-10T12:00:00Z';
/** How the project folder is shown in the README. */
const PROJECT = '/home/me/my-project';

interface Command {
  /** Index of the `$ …` line in the README's lines. */
  line: number;
  args: string[];
  /** Index of the first line after the command's output. */
  end: number;
  expected: string;
}

/** Shell words of a command line: plain words, '…' and "…" quoted ones. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) out.push(m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]);
  return out;
}

/** The commands of every console block, with the output the README shows for each. */
function commandsOf(lines: readonly string[]): Command[] {
  const out: Command[] = [];
  let inBlock = false;
  let current: Command | null = null;
  const close = (end: number) => {
    if (current) out.push({ ...current, end, expected: lines.slice(current.line + 1, end).join('\n') });
    current = null;
  };
  lines.forEach((line, k) => {
    if (!inBlock) {
      inBlock = line === '```console';
      return;
    }
    if (line === '```') {
      close(k);
      inBlock = false;
      return;
    }
    if (!line.startsWith('$ ')) return;
    close(k);
    // "npm ci && npx extract run …": the part that is the extraction.
    const command = line.slice(2).split('&&').pop()!.trim();
    const argv = words(command);
    const at = argv.indexOf('extract');
    if (at < 0 || !/^(npx( --no-install)?|extract)$/.test(argv.slice(0, at).join(' ') || 'extract')) throw new Error(`README.md:${k + 1}: not an extract command: ${line}`);
    current = { line: k, args: argv.slice(at + 1), end: k + 1, expected: '' };
  });
  if (inBlock) throw new Error('README.md: a console block is not closed');
  return out;
}

/** What may differ between two runs of the same command: the time a run took, and where the project is. */
function normalized(text: string, project: string): string {
  return text
    .split(project)
    .join(PROJECT)
    .split(join(ROOT, 'bin', 'extract.js'))
    .join(`${PROJECT}/node_modules/tongdiscussion/bin/extract.js`)
    .replace(/, \d+ ms$/gm, ', N ms')
    .replace(/\s+$/g, '');
}

it('every command of the README prints what the README shows', async () => {
  const text = readFileSync(README, 'utf8');
  const lines = text.split('\n');
  const commands = commandsOf(lines);
  expect(commands.length).toBeGreaterThanOrEqual(10);

  // The user's project: the example where the quick start finds it, and the package installed.
  const project = join(tempDir('extract-readme-'), 'my-project');
  mkdirSync(join(project, 'examples'), { recursive: true });
  cpSync(EXAMPLE, join(project, 'examples', 'tasks.json'));
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(BIN, join(project, 'node_modules', '.bin', 'extract'));

  const update = process.env.UPDATE_README === '1';
  const actual: string[] = [];
  for (const c of commands) {
    const r = await cli(c.args, project, { now: NOW });
    // An example that fails (an id the example no longer yields) is fixed by hand, never recorded.
    expect({ command: lines[c.line], stderr: r.stderr }).toEqual({ command: lines[c.line], stderr: '' });
    const printed = r.stdout;
    actual.push(update ? printed.replace(/\s+$/, '').split(project).join(PROJECT).split(join(ROOT, 'bin', 'extract.js')).join(`${PROJECT}/node_modules/tongdiscussion/bin/extract.js`) : printed);
  }
  if (update) {
    // From the end, so that the line numbers of earlier commands hold.
    const next = [...lines];
    for (let k = commands.length - 1; k >= 0; k--) {
      const c = commands[k];
      next.splice(c.line + 1, c.end - c.line - 1, ...(actual[k] === '' ? [] : actual[k].split('\n')));
    }
    writeFileSync(README, next.join('\n'));
    return;
  }
  for (const [k, c] of commands.entries()) {
    const command = `README.md:${c.line + 1}: ${lines[c.line]}`;
    expect({ command, printed: normalized(actual[k], project) }).toEqual({ command, printed: normalized(c.expected, PROJECT) });
  }
});

it('the tests\' example is the shipped one, as committed', () => {
  // The shipped example itself is read from git: the quick start rewrites the working copy, and no
  // test opens a file in examples/.
  const git = require('node:child_process').spawnSync('git', ['show', 'HEAD:examples/tasks.json'], { cwd: ROOT, encoding: 'utf8' });
  expect(git.stderr).toBe('');
  expect(git.status).toBe(0);
  expect(readFileSync(EXAMPLE, 'utf8')).toBe(git.stdout);
});
