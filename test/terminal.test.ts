// Terminal manners: counts in the right number, problems on stderr, colour and progress only where a
// person watches (and as NO_COLOR / FORCE_COLOR / CI / --quiet / --json say), unknown ids as data
// errors, `extract watch` as a command, and a top-level help that lists each command on one line.
import { existsSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { colourWanted } from '../src/cli/terminal';
import { cli, fixtureDir, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';
const RED = '\u001b[31m';

/** A stream that says it is a terminal and keeps what is drawn on it. */
function fakeTerminal(): { stream: PassThrough & { isTTY: boolean; columns: number }; drawn: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
  let drawn = '';
  stream.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
  return { stream, drawn: () => drawn };
}

/** A workspace with one well-formed task file and one that is not JSON. */
function brokenWorkspace(): string {
  const dir = fixtureDir('basic');
  writeFileSync(join(dir, 'broken.json'), '{ "T1": ');
  return dir;
}

describe('counts', () => {
  it('says "1 file", "1 task", "1 error" and "1 problem" in the singular', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: ['We decided the reports go to the wiki.'] } }));
    writeFileSync(join(dir, 'bad.json'), '{');
    const run = await cli(['run', 'tasks.json', 'bad.json', '--now', NOW], dir);
    expect(run.stdout).toMatch(/^extract: 2 files, 1 task \(1 analysed\), \d+ new decisions?, .*0 conflicts, 1 error, \d+ ms\n$/);
    const check = await cli(['check', 'tasks.json', '--now', NOW], dir);
    expect(check.stdout).toBe('extract check: 1 file, 1 task, all extracted state is current\n');
    const broken = await cli(['check', 'bad.json', '--now', NOW], dir);
    expect(broken.stdout).toBe('extract check: 1 problem (0 stale tasks) in 1 file\n');
  });
});

describe('streams and exit codes', () => {
  it('prints problems on stderr and the summary on stdout, for run and check alike', async () => {
    const dir = brokenWorkspace();
    for (const command of ['run', 'check']) {
      const r = await cli([command, 'tasks.json', 'broken.json', '--now', NOW], dir);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^broken\.json:1:\d+: error: /);
      expect(r.stdout).not.toMatch(/broken\.json/);
      expect(r.stdout).toMatch(/^extract( check)?: /);
    }
  });

  it('exits 1 without the usage text for an unknown task or decision id, 2 with it for a bad command line', async () => {
    const dir = fixtureDir('example');
    await cli(['run', '--now', NOW], dir);
    for (const args of [['why', 'DEC-20990101-001'], ['context', 'T999'], ['snapshot', 'T999']]) {
      const r = await cli(args, dir);
      expect({ args, status: r.status, lines: r.stderr.trimEnd().split('\n').length }).toEqual({ args, status: 1, lines: 1 });
      expect(r.stderr).toMatch(/^extract: no (task|decision) /);
    }
    const usage = await cli(['why'], dir);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Usage: extract why/);
  });
});

describe('colour', () => {
  it.each([
    [{}, false, false],
    [{}, true, true],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    [{ TERM: 'dumb' }, true, false],
  ])('env %j on a terminal: %s → colour %s', (env, tty, wanted) => {
    expect(colourWanted(env, tty)).toBe(wanted);
  });

  it('colours the severity of a problem on a terminal, and not with NO_COLOR or in a pipe', async () => {
    const dir = brokenWorkspace();
    const args = ['check', 'broken.json', '--now', NOW];
    const terminal = await cli(args, dir, { terminal: fakeTerminal().stream });
    expect(terminal.stderr).toContain(`${RED}error\u001b[39m:`);
    expect((await cli(args, dir, { terminal: fakeTerminal().stream, env: { NO_COLOR: '1' } })).stderr).not.toContain('\u001b[');
    expect((await cli(args, dir)).stderr).not.toContain('\u001b[');
    expect((await cli(args, dir, { env: { FORCE_COLOR: '1' } })).stderr).toContain(RED);
  });
});

describe('progress', () => {
  const drawnFor = async (args: string[], env: Record<string, string> = {}) => {
    const dir = fixtureDir('example');
    const t = fakeTerminal();
    const r = await cli([...args, '--now', NOW], dir, { terminal: t.stream, progressAfter: 0, env });
    expect(r.status).toBe(0);
    return { drawn: t.drawn(), stdout: r.stdout };
  };

  it('draws tasks analysed of all, files and time on the terminal while a run goes on, then clears it', async () => {
    const { drawn, stdout } = await drawnFor(['run']);
    expect(drawn).toMatch(/analysing \[[^\]]*\] \d+\/8 tasks \| 1 file \| \d+s/);
    expect(stdout).not.toMatch(/analysing/);
  });

  it.each([
    ['in CI', ['run'], { CI: 'true' }],
    ['with --quiet', ['run', '--quiet'], {}],
    ['with --json', ['run', '--json'], {}],
  ])('draws nothing %s', async (_name, args, env) => {
    expect((await drawnFor(args, env)).drawn).toBe('');
  });

  it('draws nothing for a quick run (under the delay) and without a terminal', async () => {
    const dir = fixtureDir('example');
    const t = fakeTerminal();
    await cli(['run', '--now', NOW], dir, { terminal: t.stream, progressAfter: 60_000 });
    expect(t.drawn()).toBe('');
  });

  it('--quiet leaves only the problems', async () => {
    const dir = brokenWorkspace();
    const r = await cli(['run', 'tasks.json', 'broken.json', '--quiet', '--now', NOW], dir);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/broken\.json/);
  });
});

describe('commands', () => {
  it('extract watch runs the daemon (watch is a command, not a file name)', async () => {
    const dir = fixtureDir('example');
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = cli(['watch', '--now', NOW], dir, { stop: stopped });
    // Stop it once its first run has written the memory folder.
    for (let k = 0; k < 200 && !existsSync(join(dir, 'memory', 'decisions.json')); k++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    stop();
    const r = await running;
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/all files: 8 analysed/);
    expect(r.stdout).not.toMatch(/watch\b.*not found/);
  });

  it('the top-level help lists each command on one line and leaves exit codes to each command\'s help', async () => {
    const r = await cli(['--help'], tempDir());
    expect(r.status).toBe(0);
    const commands = r.stdout.split('\n').filter((line) => /^ {2}extract \w+/.test(line));
    expect(commands.map((line) => line.trim().split(/\s+/)[1])).toEqual(['run', 'watch', 'check', 'init', 'review', 'guard', 'context', 'query', 'why', 'snapshot', 'stats', 'report', 'mcp']);
    // Each description fits on its own line: no line of the list continues on the next.
    const listed = r.stdout.slice(r.stdout.indexOf('Commands:'), r.stdout.indexOf('Options:')).trim().split('\n').slice(1);
    expect(listed).toHaveLength(commands.length);
    expect(r.stdout).not.toMatch(/Exit codes/);
    expect((await cli(['run', '--help'], tempDir())).stdout).toMatch(/Exit codes: 0 clean/);
  });
});
