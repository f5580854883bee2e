// One clear line per problem: every path a user can type that cannot be used, schema mistakes
// collapsed to the real one, a task without a discussion, watch-mode reports, and messages that
// quote the person's words rather than word stems.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeEvent } from '../src/cli/render/run';
import { cli, EXAMPLE, snapshotDir, tempDir } from './helpers';

const NOW = '2026-02-05T00:00:00Z';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) {
    spawnSync('chmod', ['-R', 'u+rwx', d]);
    rmSync(d, { recursive: true, force: true });
  }
});

function workspace(): string {
  const dir = tempDir('extract-problem-');
  dirs.push(dir);
  cpSync(EXAMPLE, join(dir, 'tasks.json'));
  mkdirSync(join(dir, 'folder.json'));
  writeFileSync(join(dir, 'plain.txt'), 'not a folder');
  // A named pipe, kept outside the folder whose bytes the tests compare (reading a pipe blocks).
  mkdirSync(`${dir}-special`, { recursive: true });
  dirs.push(`${dir}-special`);
  spawnSync('mkfifo', [join(`${dir}-special`, 'pipe.json')]);
  return dir;
}

const asRoot = process.getuid?.() === 0;

describe('paths a user can type', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['a missing task file', ['run', 'nope.json'], /^nope\.json: error: no such task file \[not-found\]$/],
    ['a folder as task file', ['run', 'folder.json'], /^folder\.json: error: is a folder, not a task file \(EISDIR\) \[not-a-file\]$/],
    ['a pipe as task file', ['run', '../PIPE'], /\/pipe\.json: error: is not a regular file .* \[not-a-file\]$/],
    ['a missing config', ['run', '--config', 'nope.config.json'], /^extract: nope\.config\.json: no such file or folder \(ENOENT\)$/],
    ['a folder as config', ['run', '--config', 'folder.json'], /^extract: folder\.json: is a folder, not a file \(EISDIR\)$/],
    ['a file as memory folder', ['run', '--memory', 'plain.txt'], /^extract: plain\.txt\/decisions\.json: a file stands where a folder is expected \(ENOTDIR\)$/],
    ['a missing file for a reading command', ['context', 'T045', '--tasks', 'nope.json'], /^nope\.json: error: no such task file \[not-found\]$/],
    ['a folder for check', ['check', 'folder.json'], /^folder\.json: error: is a folder, not a task file \(EISDIR\) \[not-a-file\]$/],
  ];
  it.each(cases)('%s: one line with its code, exit 1, nothing written', async (_what, args, line) => {
    const dir = workspace();
    const before = snapshotDir(dir);
    const r = await cli([...args.map((a) => a.replace('../PIPE', `${dir}-special/pipe.json`)), '--now', NOW], dir, { env: {} });
    expect(r.status).toBe(1);
    // Every command reports problems on stderr, one line; stdout has the summary at most.
    expect(r.stdout).not.toMatch(/error:/);
    const errLines = r.stderr.split('\n').filter((l) => l !== '');
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(line);
    expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
    expect(snapshotDir(dir)).toEqual(before);
  });

  (asRoot ? it.skip : it)('a task file without read permission', async () => {
    const dir = workspace();
    chmodSync(join(dir, 'tasks.json'), 0o000);
    const r = await cli(['run', 'tasks.json', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^tasks\.json: error: permission denied \(EACCES\) \[unreadable\]$/);
  });
});

describe('task files', () => {
  it('reports one missing text field as one problem, and a task without a discussion as a warning', async () => {
    const dir = workspace();
    writeFileSync(
      join(dir, 'tasks.json'),
      JSON.stringify({ T1: { discussion: [{ author: 'ann' }, 'fine'] }, T2: { title: 'not discussed yet' }, T3: { discussion: ['We decided to ship on Monday.', 7] } }, null, 2),
    );
    const r = await cli(['run', '--json', '--now', NOW], dir);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.errors).toBe(2);
    const lines = report.diagnostics.map((d: { pointer: string; message: string; severity: string }) => `${d.severity} ${d.pointer} ${d.message}`);
    expect(lines).toEqual([
      'error /T1/discussion/0 must have one of the properties "text", "content", "message" or "body" (required); task skipped',
      'error /T3/discussion/1 must be string or object (type); task skipped',
      'warning /T2 task T2 has no discussion; nothing to extract',
    ]);
  });
});

describe('where a problem is', () => {
  it('names the line of a task whose id is all digits (a key, not an array index)', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'tasks.json'), '{\n  "T1": {"discussion": ["We decided to ship on Monday."]},\n  "123": {"title": "not discussed yet"}\n}\n');
    const r = await cli(['run', '--json', '--now', NOW], dir);
    expect(JSON.parse(r.stdout).diagnostics).toEqual([expect.objectContaining({ code: 'no-discussion', pointer: '/123', line: 3, column: 3 })]);
  });
});

/**
 * More problems than a function call takes arguments: spreading this many into one call
 * (`list.push(...problems)`) throws, at the top of the stack already (the limit is set by the
 * stack's size, about 125 000 on a 64-bit Node).
 */
describe('messages', () => {
  it('quote the words as written, not their stems', async () => {
    const dir = workspace();
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    const r = await cli(['guard', "Let's use Redis for the ingestion queue", '--task', 'T046'], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('"Redis"');
    expect(r.stdout).not.toMatch(/"redi"/);
  });

  it('in watch mode, a broken file is reported before any summary, and the summary leads with its errors', () => {
    const text = describeEvent(
      {
        kind: 'problem',
        file: 'tasks.json',
        ms: 3,
        result: {
          summary: { files: 1, tasks: 0, decisions: 0, patterns: 0, review: 0, analysed: 0, conflicts: 0, written: [] },
          diagnostics: [{ code: 'invalid-json', severity: 'error', file: 'tasks.json', line: 3, column: 1, message: 'value expected' }],
          ownWrites: new Map(),
        },
      },
      '2026-02-05T00:00:00.000Z',
    );
    const [first, second] = text.split('\n');
    expect(first).toBe('tasks.json:3:1: error: value expected [invalid-json]');
    expect(second).toMatch(/^\[2026-02-05T00:00:00\.000Z\] tasks\.json: 1 error; 0 analysed/);
  });
});
