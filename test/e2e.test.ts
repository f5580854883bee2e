// extract run on fixtures copied to temp dirs: in-process, and the real CLI as a child process where
// the process itself matters (exact output of bin/extract.js, exit codes).
// Set UPDATE_EXPECTED=1 to rewrite test/fixtures/*/expected after a deliberate change.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, cli, runCli, snapshotDir, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';
const FIXTURE = join(ROOT, 'test', 'fixtures', 'basic');

function copyFixture(): string {
  const dir = tempDir();
  cpSync(join(FIXTURE, 'tasks.json'), join(dir, 'tasks.json'));
  return dir;
}

describe('extract run', () => {
  it('writes exactly the expected files for the fixture (child process)', () => {
    const dir = copyFixture();
    const r = runCli(['run', '--now', NOW], dir);
    expect(r.stderr).toMatch(/^tasks\.json:\d+:\d+: warning: task T101 has no discussion; nothing to extract \(at \/T101\) \[no-discussion\]\n$/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^extract: 1 file, 3 tasks \(3 analysed\), 1 new decision, 2 new patterns, 1 new review item, 0 conflicts, 0 errors, \d+ ms\n$/);
    const actual = snapshotDir(dir);
    const expectedDir = join(FIXTURE, 'expected');
    if (process.env.UPDATE_EXPECTED) {
      rmSync(expectedDir, { recursive: true, force: true });
      for (const [rel, text] of Object.entries(actual)) {
        mkdirSync(join(expectedDir, rel, '..'), { recursive: true });
        writeFileSync(join(expectedDir, rel), text);
      }
    }
    expect(actual).toEqual(snapshotDir(expectedDir));
  });

  it('changes no byte when run again on its own output, even with a later clock', async () => {
    const dir = copyFixture();
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    const first = snapshotDir(dir);
    const again = await cli(['run', '--now', '2026-04-01T00:00:00Z'], dir);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/0 new decisions, 0 new patterns, 0 new review items/);
    expect(snapshotDir(dir)).toEqual(first);
  });

  it('re-analyses only tasks whose discussion changed, and everything when the memory is gone', async () => {
    const dir = copyFixture();
    await cli(['run', '--now', NOW], dir);
    expect((await cli(['run', '--now', NOW], dir)).stdout).toMatch(/3 tasks \(0 analysed\)/);
    const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    tasks.T102.discussion.push('See you at noon then.');
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 4));
    expect((await cli(['run', '--now', NOW], dir)).stdout).toMatch(/3 tasks \(1 analysed\)/);
    rmSync(join(dir, 'memory'), { recursive: true });
    expect((await cli(['run', '--now', NOW], dir)).stdout).toMatch(/3 tasks \(3 analysed\), 1 new decision,/);
  });

  it('moves last_extracted only for the task whose discussion changed', async () => {
    const dir = copyFixture();
    await cli(['run', '--now', NOW], dir);
    const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    tasks.T102.discussion.push('Actually I will bring sandwiches instead, the canteen is closed today.');
    writeFileSync(join(dir, 'tasks.json'), `${JSON.stringify(tasks, null, 2)}\n`);
    await cli(['run', '--now', '2026-04-01T00:00:00Z'], dir);
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(after.T100.extracted_state.last_extracted).toBe(NOW);
    expect(after.T102.extracted_state.last_extracted).toBe('2026-04-01T00:00:00Z');
  });

  it('reports malformed JSON as file:line:column, exits 1, and leaves that file alone while others are extracted', async () => {
    const dir = copyFixture();
    const broken = '{\n  "T1": {\n    "discussion": ["a", "b",]\n  }\n}\n';
    writeFileSync(join(dir, 'broken.json'), broken);
    const r = await cli(['run', 'broken.json', 'tasks.json', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^broken\.json:3:29: error: .+ \[invalid-json\]$/m);
    expect(readFileSync(join(dir, 'broken.json'), 'utf8')).toBe(broken);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(readFileSync(join(FIXTURE, 'expected', 'tasks.json'), 'utf8'));
  });

  it('skips a task that breaks the schema, names its JSON pointer, and extracts the rest', async () => {
    const dir = copyFixture();
    const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    tasks.T103 = { title: 'bad', discussion: [{ author: 'x' }] };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/tasks\.json:\d+:\d+: error: .*task skipped \(at \/T103\/discussion\/0\) \[schema\]/);
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(after.T103.extracted_state).toBeUndefined();
    expect(after.T100.extracted_state.decisions).toHaveLength(1);
  });

  it('validates again a task whose discussion changed after it was extracted', async () => {
    const dir = copyFixture();
    await cli(['run', '--now', NOW], dir);
    const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    tasks.T100.discussion.push({ from: 'ana', role: 'user' });
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/task skipped \(at \/T100\/discussion\/5\) \[schema\]/);
  });

  it('prints the summary as JSON with --json', async () => {
    const dir = copyFixture();
    const r = await cli(['run', '--json', '--now', NOW], dir);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ files: 1, tasks: 3, decisions: 1, patterns: 2, review: 1, conflicts: 0, errors: 0 });
  });

  it('exits 2 on a usage error and 1 when a named file does not exist (child process)', () => {
    const dir = copyFixture();
    expect(runCli(['run', '--now', 'yesterday'], dir).status).toBe(2);
    expect(runCli(['run', '--frobnicate'], dir).status).toBe(2);
    const missing = runCli(['run', 'nope.json', '--now', NOW], dir);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/nope\.json: error: no such task file/);
  });

  it('uses extract.config.json for globs, memory folder and thresholds', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'boards'));
    cpSync(join(FIXTURE, 'tasks.json'), join(dir, 'boards', 'a.json'));
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ globs: ['boards/*.json'], memory: 'state', thresholds: { decision: 1, review: 0.5 } }));
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(0);
    expect(existsSync(join(dir, 'state', 'decisions.json'))).toBe(true);
    const decisions = JSON.parse(readFileSync(join(dir, 'state', 'decisions.json'), 'utf8')).decisions;
    expect(decisions.length).toBeGreaterThan(1);
  });
});
