// The library API: the same objects the CLI prints with --json, and a package that a user's
// project imports by name (CommonJS require, ESM import, TypeScript types) with internals closed.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '../src/index';
import { cli, EXAMPLE, fixtureDir, ROOT, tempDir } from './helpers';

const NOW = '2026-02-10T00:00:00Z';
const example = () => fixtureDir('example');

const cliJson = async (args: string[], cwd: string): Promise<unknown> => {
  const r = await cli([...args, '--json'], cwd);
  expect(r.stdout).not.toBe('');
  return JSON.parse(r.stdout);
};

describe('library API returns what the CLI prints with --json', () => {
  let dir: string;
  beforeAll(() => {
    dir = example();
  });

  it('extract: the same summary as extract run --json (but for the time taken)', async () => {
    const twin = example();
    const fromCli = await cliJson(['run', '--now', NOW], twin) as Record<string, unknown>;
    const fromApi = await api.extract({ cwd: dir, now: NOW });
    expect(typeof fromApi.ms).toBe('number');
    expect({ ...fromApi, ms: 0 }).toEqual({ ...fromCli, ms: 0 });
    expect(fromApi.decisions).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).toBe(readFileSync(join(twin, 'memory', 'decisions.json'), 'utf8'));
  });

  it('check, context, query, why, guard and reviewList', async () => {
    expect(await api.check({ cwd: dir, now: NOW })).toEqual(await cliJson(['check', '--now', NOW], dir));
    const ctx = await api.context(['T045', 'T046'], { cwd: dir });
    expect(ctx).toEqual(await cliJson(['context', 'T045', 'T046'], dir));
    expect(ctx[0].decisions.length).toBeGreaterThan(0);
    expect(ctx[0].tokens.raw).toBeGreaterThan(ctx[0].tokens.context);
    const constraints = await api.query({ type: ['constraint'], status: ['active'] }, { cwd: dir });
    expect(constraints).toEqual(await cliJson(['query', '--type', 'constraint', '--status', 'active'], dir));
    expect(constraints.length).toBeGreaterThan(0);
    expect(constraints.every((d) => d.type === 'constraint')).toBe(true);
    const id = constraints[0].id;
    const report = await api.why(id, { cwd: dir });
    expect(report).toEqual(await cliJson(['why', id], dir));
    expect(report.sources.length).toBeGreaterThan(0);
    const text = "Let's use Redis for the ingestion queue";
    const findings = await api.guard(text, { cwd: dir, task: ['T046'] });
    expect(findings).toEqual(await cliJson(['guard', text, '--task', 'T046'], dir));
    expect(findings.length).toBeGreaterThan(0);
    const pending = await api.reviewList({ cwd: dir });
    expect(pending).toEqual(await cliJson(['review'], dir));
    expect(pending.every((p) => p.status === 'pending' && p.discussion.length > 0)).toBe(true);
  });

  it('fails with a typed error naming what is missing', async () => {
    await expect(api.context('T999', { cwd: dir })).rejects.toThrow(api.NotFoundError);
    await expect(api.why('DEC-19990101-001', { cwd: dir })).rejects.toThrow(/no decision DEC-19990101-001/);
  });
});

describe('the built package, imported by name from a project', () => {
  let project: string;
  beforeAll(() => {
    project = tempDir('extract-consumer-');
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(ROOT, join(project, 'node_modules', 'tongdiscussion'), 'dir');
    cpSync(EXAMPLE, join(project, 'tasks.json'));
  });
  const node = (file: string, source: string) => {
    writeFileSync(join(project, file), source);
    const r = spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return r.stdout;
  };

  it('exports exactly the documented functions and error classes, from require and from import', () => {
    const expected = ['ConfigError', 'ConflictError', 'DECISION_STATUSES', 'DECISION_TYPES', 'InterruptedError', 'LockedError', 'NotFoundError', 'UsageError', 'bridgeStats', 'check', 'context', 'extract', 'guard', 'init', 'query', 'recordMessage', 'report', 'reviewAccept', 'reviewList', 'reviewReject', 'snapshot', 'stats', 'why'];
    const cjs = node('keys.cjs', "console.log(JSON.stringify(Object.keys(require('tongdiscussion')).sort()))");
    expect(JSON.parse(cjs)).toEqual(expected);
    const esm = node('keys.mjs', "import * as t from 'tongdiscussion'; import { extract, check, guard, context, query } from 'tongdiscussion';\nconsole.log(JSON.stringify(Object.keys(t).filter((k) => k !== 'default' && k !== '__esModule').sort()), [extract, check, guard, context, query].every((f) => typeof f === 'function'))");
    expect(esm.trim()).toBe(`${JSON.stringify(expected)} true`);
  });

  it('keeps the internals closed', () => {
    const out = node('closed.cjs', "try { require('tongdiscussion/dist/core/pipeline'); console.log('open') } catch (e) { console.log(e.code) }");
    expect(out.trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('runs the README example: extract, then context, query and guard', () => {
    const out = node(
      'example.mjs',
      [
        "import { extract, context, query, guard } from 'tongdiscussion';",
        "const run = await extract({ files: ['tasks.json'], now: '2026-02-10T00:00:00Z' });",
        "const [t045] = await context('T045');",
        "const rules = await query({ type: ['constraint'], status: ['active'] });",
        "const hits = await guard(\"Let's use Redis for the ingestion queue\", { task: ['T046'] });",
        'console.log(JSON.stringify({ decisions: run.decisions, errors: run.errors, active: t045.decisions.length, rules: rules.length, hits: hits.map((h) => h.id) }));',
      ].join('\n'),
    );
    const r = JSON.parse(out);
    expect(r.errors).toBe(0);
    expect(r.decisions).toBeGreaterThan(0);
    expect(r.active).toBeGreaterThan(0);
    expect(r.rules).toBeGreaterThan(0);
    expect(r.hits.length).toBeGreaterThan(0);
  });

  it('type-checks a TypeScript consumer against the shipped declarations', () => {
    writeFileSync(
      join(project, 'use.ts'),
      [
        "import { extract, context, query, type Decision, type TaskContext } from 'tongdiscussion';",
        'async function main(): Promise<void> {',
        "  const r = await extract({ now: '2026-02-10T00:00:00Z' });",
        '  const n: number = r.decisions + r.errors;',
        "  const c: TaskContext[] = await context('T045');",
        "  const d: Decision[] = await query({ type: ['constraint'] });",
        '  console.log(n, c[0].tokens.saving_percent, d[0]?.statement);',
        '}',
        'void main();',
      ].join('\n'),
    );
    writeFileSync(join(project, 'bad.ts'), "import { analyseTask } from 'tongdiscussion';\nconsole.log(analyseTask);\n");
    const tsc = (...files: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '--skipLibCheck', '--module', 'node16', '--moduleResolution', 'node16', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules', '@types'), ...files], {
        cwd: project,
        encoding: 'utf8',
        timeout: 60_000,
      });
    // One compiler run over both files (each is checked on its own): every error it reports is bad.ts's.
    const r = tsc('use.ts', 'bad.ts');
    expect(r.stdout.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('bad.ts('))).toEqual([]);
    expect(r.stdout).toMatch(/^bad\.ts\(1,\d+\): error TS\d+: .*has no exported member 'analyseTask'/m);
    expect(r.status).not.toBe(0);
  });
});
