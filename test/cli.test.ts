// The command line is parsed in full before anything runs: a bad command, option or value exits 2
// with the usage line and leaves every file as it was; --help and --dry-run write nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, fixtureDir, snapshotDir } from './helpers';

const NOW = '2026-02-05T00:00:00Z';
const example = () => fixtureDir('example');

describe('arguments are checked before anything is written', () => {
  const refused: Array<[string[], RegExp]> = [
    [['run', '--bogus'], /Unknown argument: bogus/],
    [['--bogus'], /Unknown argument: bogus/],
    [['rnu'], /unknown command "rnu"; did you mean "run"\?/],
    [['chek'], /did you mean "check"\?/],
    [['check', '--format=xml'], /Invalid values: Argument: format, Given: "xml"/],
    [['run', '--lock-timeout', 'abc'], /--lock-timeout must be a number of seconds, got "abc"/],
    [['run', '--lock-timeout', '-3'], /--lock-timeout must be a number of seconds/],
    [['run', '--now', 'yesterday'], /--now must be an ISO 8601 date-time, got "yesterday"/],
    [['run', '--dry-run', '--watch'], /dry-run and watch are mutually exclusive/],
    [['review', 'approve', 'REV-1'], /Invalid values/],
    [['context'], /Not enough non-option arguments/],
    [['query', '--type', 'wish'], /Invalid values/],
  ];
  it.each(refused)('extract %j exits 2 with the usage line and writes nothing', async (args, message) => {
    const dir = example();
    const before = snapshotDir(dir);
    const r = await cli(args, dir);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(message);
    expect(lines[1]).toMatch(/^Usage: extract /);
    expect(lines).toHaveLength(3);
    expect(snapshotDir(dir)).toEqual(before);
  });

  it.each([[['-h']], [['--help']], [['run', '-h']], [['check', '--help']], [['--version']]])('extract %j prints and writes nothing', async (args) => {
    const dir = example();
    const before = snapshotDir(dir);
    const r = await cli(args, dir);
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(snapshotDir(dir)).toEqual(before);
  });
});

describe('help', () => {
  it.each(['run', 'check', 'review', 'guard', 'context', 'query', 'why', 'snapshot', 'stats'])('describes every option of %s, with examples and the exit codes', async (command) => {
    const r = await cli([command, '--help'], example());
    expect(r.status).toBe(0);
    const options = r.stdout.split('\n').filter((l) => /^\s+(?:-\w, )?--[\w-]+\s/.test(l));
    expect(options.length).toBeGreaterThan(3);
    for (const line of options) {
      const described = line.replace(/^\s+(?:-\w, )?--[\w-]+\s+/, '').replace(/\[[^\]]*\]/g, '').trim();
      expect({ line, described: described.length > 0 }).toEqual({ line, described: true });
    }
    expect(r.stdout).toMatch(/Examples:\n {2}extract /);
    expect(r.stdout).toContain('Exit codes: 0 clean; 1 problems in the input');
  });
});

describe('extract run --dry-run', () => {
  it('lists what a run would write, writes nothing, and the run then writes exactly that', async () => {
    const dir = example();
    const before = snapshotDir(dir);
    const dry = await cli(['run', '--dry-run', '--now', NOW], dir);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/^would write: memory\/decisions\.json, memory\/review-queue\.json, memory\/patterns\.jsonl, tasks\.json\nextract \(dry run, nothing written\): 1 file, 8 tasks \(8 to analyse\), \d+ new decisions/);
    expect(snapshotDir(dir)).toEqual(before);
    const run = await cli(['run', '--json', '--now', NOW], dir);
    // The dry run announced the decisions the run then made.
    expect(dry.stdout).toContain(`, ${JSON.parse(run.stdout).decisions} new decisions`);
    expect(JSON.parse(run.stdout).written).toEqual(['memory/decisions.json', 'memory/review-queue.json', 'memory/patterns.jsonl', 'tasks.json']);
    const after = snapshotDir(dir);
    const again = await cli(['run', '--dry-run', '--json', '--now', NOW], dir);
    expect(JSON.parse(again.stdout)).toMatchObject({ dry_run: true, written: [], decisions: 0, analysed: 0 });
    expect(snapshotDir(dir)).toEqual(after);
  });
});

describe('extract check', () => {
  it('honours --json', async () => {
    const dir = example();
    await cli(['run', '--now', NOW], dir);
    const r = await cli(['check', '--json'], dir);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ files: 1, tasks: 8, stale: 0, errors: 0, diagnostics: [] });
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toContain('extracted_state');
  });

  it('reads a decision a person added by hand with only the fields the schema requires', async () => {
    const dir = example();
    await cli(['run', '--now', NOW], dir);
    const file = join(dir, 'memory', 'decisions.json');
    const registry = JSON.parse(readFileSync(file, 'utf8'));
    const taskId = registry.decisions[0].task_id;
    registry.decisions.push({ id: 'DEC-20260301-901', task_id: taskId, statement: 'Invoices go out on the first working day of the month.', type: 'decision', confidence: 'high', source: { messages: [], summary: 'added by hand' }, status: 'active', origin: 'manual', created_at: '2026-03-01T09:00:00Z' });
    writeFileSync(file, JSON.stringify(registry, null, 2));
    for (const args of [['check'], ['query'], ['stats'], ['why', 'DEC-20260301-901'], ['context', taskId], ['run', '--now', NOW]]) {
      const r = await cli(args, dir);
      expect([args, r.stderr]).toEqual([args, expect.not.stringMatching(/Cannot read|TypeError/)]);
      expect(r.status).toBeLessThan(2);
    }
  });
});
