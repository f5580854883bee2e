// `extract init` sets a project up, and the memory it leads to commits cleanly: a run that changes
// nothing changes no file git would commit, and the bookkeeping that differs per machine is ignored.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE } from '../src/io/config';
import { DEFAULT_CONFIG } from '../src/core/types';
import { cli, filesBelow, fixtureDir, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';

/** Sets every file's times an hour back, as files a run finds settled. */
function settle(dir: string): void {
  const then = new Date(Date.now() - 3_600_000);
  for (const file of Object.keys(filesBelow(dir))) utimesSync(join(dir, file), then, then);
}

/** What git would commit in `dir`: every file but those its .gitignore files name (git itself decides). */
function committable(dir: string): Record<string, string> {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  if (git('rev-parse', '--git-dir').status !== 0) expect(git('init', '-q').status).toBe(0);
  const listed = git('ls-files', '--others', '--cached', '--exclude-standard');
  expect(listed.status).toBe(0);
  const files = listed.stdout.split('\n').filter(Boolean).sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

describe('extract init', () => {
  it('writes the config with its defaults, memory/.gitignore and the CI workflow, and keeps them when run again', async () => {
    const dir = fixtureDir('example');
    const r = await cli(['init'], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const config = JSON.parse(readFileSync(join(dir, CONFIG_FILE), 'utf8'));
    expect(config).toMatchObject({ globs: DEFAULT_CONFIG.globs, memory: DEFAULT_CONFIG.memory, thresholds: DEFAULT_CONFIG.thresholds, staleAfterDays: 90 });
    expect(readFileSync(join(dir, 'memory', '.gitignore'), 'utf8')).toMatch(/^\.last-run$/m);
    const workflow = readFileSync(join(dir, '.github', 'workflows', 'extract-check.yml'), 'utf8');
    expect(workflow).toMatch(/- run: npx --no-install extract check --format github\n/);
    expect(r.stdout).toMatch(/^extract init: wrote extract\.config\.json\nextract init: wrote memory\/\.gitignore\nextract init: wrote \.github\/workflows\/extract-check\.yml\n/);

    // The config it writes is valid: a run and a check on it pass.
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    expect((await cli(['check', '--now', NOW], dir)).status).toBe(0);

    writeFileSync(join(dir, CONFIG_FILE), '{"globs": ["tasks.json"]}\n');
    const again = await cli(['init'], dir);
    expect(again.stdout).toMatch(/kept the existing extract\.config\.json/);
    expect(readFileSync(join(dir, CONFIG_FILE), 'utf8')).toBe('{"globs": ["tasks.json"]}\n');
    await cli(['init', '--force'], dir);
    expect(JSON.parse(readFileSync(join(dir, CONFIG_FILE), 'utf8'))).toEqual(config);
  });

  it('prints a cron line and an MCP entry that run the local binary, never a bare "npx extract"', async () => {
    const dir = fixtureDir('example');
    const r = await cli(['init', '--json'], dir);
    const result = JSON.parse(r.stdout) as { cron: string; mcp: { command: string; args: string[] } };
    expect(result.cron).toMatch(/^\*\/5 \* \* \* \* cd \S+ && npx --no-install extract run /);
    const printed = r.stdout + (await cli(['init'], dir)).stdout;
    expect(printed).not.toMatch(/npx (?!--no-install)\S*\s*extract/);
    expect(result.mcp.args.slice(-3)).toEqual(['mcp', '--config', join(dir, CONFIG_FILE)]);
    // The entry's command line, started from another folder as an agent host does, reads this
    // project (shown with "stats" in place of "mcp", which would wait for a client).
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    const args = result.mcp.args.map((a) => (a === 'mcp' ? 'stats' : a));
    const started = spawnSync(result.mcp.command === 'node' ? process.execPath : result.mcp.command, [...args, '--json'], { cwd: tempDir(), encoding: 'utf8', timeout: 60_000 });
    expect(started.stderr).toBe('');
    expect(JSON.parse(started.stdout).decisions.total).toBeGreaterThan(0);
  });
});

describe('memory that commits', () => {
  it('a run that changes nothing changes no file git would commit, and the workspace passes check when cloned elsewhere', async () => {
    const dir = fixtureDir('example');
    await cli(['init'], dir);
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    settle(dir);
    const before = committable(dir);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['memory/decisions.json', 'memory/.gitignore', 'tasks.json', CONFIG_FILE]));
    // The runs that follow record what they found (memory/.last-run) and then stand on it.
    for (let k = 0; k < 3; k++) expect(JSON.parse((await cli(['run', '--now', NOW, '--json'], dir)).stdout).written).toEqual([]);
    expect(Object.keys(filesBelow(join(dir, 'memory')))).toContain('.last-run');
    expect(committable(dir)).toEqual(before);

    // Another machine: only the committed files, at another path.
    const clone = join(tempDir(), 'clone');
    for (const file of Object.keys(before)) cpSync(join(dir, file), join(clone, file), { recursive: true });
    const check = await cli(['check'], clone, { now: '2026-09-01T00:00:00Z' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const run = await cli(['run', '--now', NOW, '--json'], clone);
    expect(JSON.parse(run.stdout).written).toEqual([]);
  });
});
