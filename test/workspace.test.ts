// Reading commands find the workspace a run was pointed at: the memory folder records the task
// files it was built from (memory/.sources.json, relative to the folder), and context, snapshot,
// why, query, stats and review read those by default.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { EXAMPLE, ROOT, cli as run, tempDir } from './helpers';

const NOW = '2026-02-05T00:00:00Z';
const cli = (args: string[], cwd: string) => run(args, cwd, { now: NOW });

/** The README's quick start: the example extracted from the project root. */
async function quickStart(): Promise<string> {
  const dir = tempDir('extract-ws-');
  mkdirSync(join(dir, 'examples'));
  cpSync(EXAMPLE, join(dir, 'examples', 'tasks.json'));
  const r = await cli(['run', 'examples/tasks.json', '--now', NOW], dir);
  expect(r.status).toBe(0);
  return dir;
}

describe('after "extract run examples/tasks.json"', () => {
  it('records the task files in memory/.sources.json, relative to the memory folder, valid against its schema', async () => {
    const dir = await quickStart();
    const sources = JSON.parse(readFileSync(join(dir, 'memory', '.sources.json'), 'utf8'));
    expect(sources).toEqual({ version: 1, task_files: ['../examples/tasks.json'] });
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'sources.schema.json'), 'utf8'));
    expect(new Ajv({ strict: false }).validate(schema, sources)).toBe(true);
  });

  it('context, snapshot, why, query and stats read the example without being told', async () => {
    const dir = await quickStart();
    const context = await cli(['context', 'T045'], dir);
    expect(context.stderr).toBe('');
    expect(context.status).toBe(0);
    expect(context.stdout).toMatch(/tokens \(cl100k_base\): raw transcript [1-9]\d*/);
    expect((await cli(['snapshot', 'T045'], dir)).stdout).toMatch(/^Publish the Council review results state/);
    const [decision] = JSON.parse((await cli(['query', '--task', 'T045', '--json'], dir)).stdout);
    const why = await cli(['why', decision.id], dir);
    expect(why.stdout).toContain('Said in:\n  [');
    expect(why.stdout).not.toContain('(no source messages)');
    const stats = JSON.parse((await cli(['stats', '--json'], dir)).stdout);
    expect(stats.tokens.raw).toBeGreaterThan(0);
  });

  it('review lists messages and accepting brings the example\'s task state up to date', async () => {
    const dir = await quickStart();
    const pending = JSON.parse((await cli(['review', '--json'], dir)).stdout);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending[0].discussion.length).toBeGreaterThan(0);
    const r = await cli(['review', 'accept', pending[0].id, '--now', NOW], dir);
    expect(r.status).toBe(0);
    const decisionId = /accepted as (DEC-\d{8}-\d+)/.exec(r.stdout)![1];
    const tasks = JSON.parse(readFileSync(join(dir, 'examples', 'tasks.json'), 'utf8'));
    expect(tasks[pending[0].task_id].extracted_state.decisions).toContain(decisionId);
    expect((await cli(['check', 'examples/tasks.json'], dir)).status).toBe(0);
  });

  it('adds the files of later runs, and --tasks still wins', async () => {
    const dir = await quickStart();
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ X1: { discussion: ['We decided to ship on Monday.'] } }));
    expect((await cli(['run', 'other.json', '--now', NOW], dir)).status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'memory', '.sources.json'), 'utf8')).task_files).toEqual(['../examples/tasks.json', '../other.json']);
    expect((await cli(['snapshot', 'X1', 'T045'], dir)).status).toBe(0);
    const only = await cli(['snapshot', 'T045', '--tasks', 'other.json'], dir);
    expect(only.status).toBe(1);
    expect(only.stderr).toMatch(/no task T045/);
  });

  it('falls back to the configured files, with a warning, when the record is broken', async () => {
    const dir = await quickStart();
    writeFileSync(join(dir, 'memory', '.sources.json'), '{"version": 1, "task_files": "examples"}');
    cpSync(join(dir, 'examples', 'tasks.json'), join(dir, 'tasks.json'));
    const r = await cli(['context', 'T045'], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('memory/.sources.json: warning: /task_files must be array (type); the recorded task files are ignored [invalid-sources]\n');
  });
});
