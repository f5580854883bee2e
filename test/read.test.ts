// The reading side on the shipped example: context, query, why, snapshot, stats.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeOf, compileBridgeLexicon, structuresOf } from '../src/core/bridge';
import { renderWhy } from '../src/cli/render/why';
import { EXAMPLE, ROOT, cli, decision, tempDir } from './helpers';

const NOW = '2026-02-05T00:00:00Z';
let dir: string;
let decisions: Array<{ id: string; task_id: string; statement: string; type: string; status: string }>;

beforeAll(async () => {
  dir = tempDir();
  cpSync(EXAMPLE, join(dir, 'tasks.json'));
  expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
  decisions = JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions;
});

const correction = () => decisions.find((d) => d.statement.startsWith('All task work must go'))!;

describe('extract context', () => {
  it("shows the task's active decisions with ids and a real token count with the saving", async () => {
    const r = await cli(['context', 'T045'], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('# T045 — Publish the Council review results');
    expect(r.stdout).toContain(`- ${correction().id} [constraint, high] All task work must go in the discussion array of the task, not Telegram.`);
    const m = /tokens \(cl100k_base\): raw transcript (\d+), this context (\d+) \(([\d.]+)% saved\)/.exec(r.stdout)!;
    const [raw, ctx, saved] = [Number(m[1]), Number(m[2]), Number(m[3])];
    expect(ctx).toBeLessThan(raw);
    expect(saved).toBeCloseTo((100 * (raw - ctx)) / raw, 0);
    const json = JSON.parse((await cli(['context', 'T045', '--json'], dir)).stdout)[0];
    expect(json.tokens).toEqual({ raw, context: ctx, saving_percent: saved });
  });

  it('lists open topics in full', async () => {
    const t = tempDir();
    cpSync(EXAMPLE, join(t, 'tasks.json'));
    const tasks = JSON.parse(readFileSync(join(t, 'tasks.json'), 'utf8'));
    tasks.T047.discussion.push({ author: 'lee', role: 'human', text: "I don't think Thursday works for the deploy, the release freeze starts Wednesday. Can we move the staging window?" });
    writeFileSync(join(t, 'tasks.json'), JSON.stringify(tasks, null, 2));
    await cli(['run', '--now', NOW], t);
    const state = JSON.parse(readFileSync(join(t, 'tasks.json'), 'utf8')).T047.extracted_state;
    const open = state.topics.filter((x: { status: string }) => x.status === 'open');
    expect(open.length).toBeGreaterThan(0);
    const r = await cli(['context', 'T047'], t);
    expect(r.stdout).toContain('Open topics:');
    expect(r.stdout).toContain("[4] lee: I don't think Thursday works for the deploy");
  });

  it('refuses unknown tasks', async () => {
    const r = await cli(['context', 'T999'], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no task T999/);
  });
});

describe('extract query', () => {
  it('prints a table filtered by task, type, status and text', async () => {
    const r = await cli(['query', '--task', 'T045', '--type', 'constraint'], dir);
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+TASK\s+TYPE\s+STATUS\s+CONF\s+STATEMENT$/);
    expect(lines.slice(1)).toHaveLength(decisions.filter((d) => d.task_id === 'T045' && d.type === 'constraint').length);
    expect(lines[1]).toMatch(new RegExp(`^${correction().id}\\s+T045\\s+constraint\\s+active\\s+high\\s+All task work`));
    const byText = JSON.parse((await cli(['query', '--text', 'postgres queue', '--json'], dir)).stdout);
    expect(byText.map((d: { task_id: string }) => d.task_id)).toEqual(['T046']);
  });

  it('searches bridge definitions from either side', async () => {
    const byStructure = JSON.parse((await cli(['query', '--structure', 'Telegram', '--json'], dir)).stdout);
    expect(byStructure.map((d: { id: string }) => d.id)).toEqual([correction().id]);
    const byFunction = JSON.parse((await cli(['query', '--function', 'backs everything', '--json'], dir)).stdout);
    expect(byFunction.map((d: { task_id: string }) => d.task_id)).toEqual(['T046']);
  });
});

describe('extract why', () => {
  it('quotes the source messages with author and time', async () => {
    const r = await cli(['why', correction().id], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`${correction().id} (T045) constraint, high confidence, active, origin auto`);
    expect(r.stdout).toContain('[3] maria at 2026-01-30T13:25:00-05:00: "No, that\'s wrong. All task work must go in the discussion array');
    expect(r.stdout).toContain('[2] tong-bot at 2026-01-30T13:10:00-05:00:');
  });

  it('shows what a decision superseded and what superseded it', async () => {
    const t = tempDir();
    const msg = (author: string, role: string, text: string, ts: string) => ({ author, role, text, ts });
    writeFileSync(join(t, 'extract.config.json'), JSON.stringify({ thresholds: { decision: 1, review: 0.5 } }));
    writeFileSync(
      join(t, 'tasks.json'),
      JSON.stringify({
        A: { discussion: [msg('dee', 'human', 'How do the weekly build reports reach the team?', '2026-01-05T10:00:00Z'), msg('bot', 'bot', 'Email them to the team or attach them to the task discussion.', '2026-01-05T10:01:00Z'), msg('dee', 'human', 'We decided the weekly build reports are emailed to the team.', '2026-01-05T10:05:00Z')] },
        B: { discussion: [msg('cy', 'human', 'Where do the weekly build reports go now?', '2026-02-02T10:00:00Z'), msg('bot', 'bot', 'The weekly build reports are emailed to the whole team every Monday.', '2026-02-02T10:01:00Z'), msg('cy', 'human', "No, that's wrong. Weekly build reports must not be emailed anymore; attach them to the task discussion.", '2026-02-02T10:02:00Z')] },
      }),
    );
    await cli(['run', '--now', NOW], t);
    const ds = JSON.parse(readFileSync(join(t, 'memory', 'decisions.json'), 'utf8')).decisions;
    const old = ds.find((d: { task_id: string }) => d.task_id === 'A');
    const fix = ds.find((d: { task_id: string }) => d.task_id === 'B');
    // With what the newer one changes, in brackets, on both sides of the link.
    expect(old.superseded_reason).toBe('it retires "emailed" (not-anymore)');
    expect((await cli(['why', fix.id], t)).stdout).toContain(`  supersedes ${old.id} (A): "We decided the weekly build reports are emailed to the team." (${old.superseded_reason})`);
    expect((await cli(['why', old.id], t)).stdout).toMatch(new RegExp(`superseded by ${fix.id} \\(B\\): "Weekly build reports must not be emailed anymore.*" \\(${old.superseded_reason.replace(/[()]/g, '\\$&')}\\)`));
  });
});

describe('renderWhy', () => {
  it("shows the older decision's reason only on the link it names: a later decision that also says it supersedes it gets none", () => {
    const old = decision('DEC-20260101-001', 'T1', 'The newsletter goes out on Mondays.', '2026-01-01T10:00:00Z', { status: 'superseded', superseded_by: 'DEC-20260102-001', superseded_reason: 'a new weekday: monday → thursday' });
    const first = decision('DEC-20260102-001', 'T1', 'It goes out on Thursdays.', '2026-01-02T10:00:00Z', { supersedes: old.id });
    const second = decision('DEC-20260103-001', 'T1', 'It goes out at 17:00.', '2026-01-03T10:00:00Z', { supersedes: old.id });
    const report = (d: typeof first) => renderWhy({ decision: d, supersedes: old, superseded_by: null, sources: [], patterns: [] });
    expect(report(first)).toContain(`supersedes ${old.id} (T1): "The newsletter goes out on Mondays." (a new weekday: monday → thursday)`);
    expect(report(second)).toContain(`supersedes ${old.id} (T1): "The newsletter goes out on Mondays."\n`);
  });
});

describe('extract snapshot', () => {
  it('prints one self-contained paragraph per task', async () => {
    const r = await cli(['snapshot', 'T045'], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Publish the Council review results state 2026-01-30: in_progress\. Decided: All task work must go in the discussion array of the task, not Telegram[^\n]*\. (No open questions|Open: [^\n]+)\. Next: [^\n]+\.\n$/);
  });
});

describe('extract stats', () => {
  it('reports decisions by type and status, queue, traceability, repeat corrections and tokens', async () => {
    const s = JSON.parse((await cli(['stats', '--json'], dir)).stdout);
    expect(s.decisions.total).toBe(decisions.length);
    expect(s.traceability_percent).toBe(100);
    const queued = JSON.parse(readFileSync(join(dir, 'memory', 'review-queue.json'), 'utf8')).items.length;
    expect(s.review.pending + s.review.accepted + s.review.rejected).toBe(queued);
    // The example's three corrections: T045's (the discussion array, not Telegram), T050's (2,400
    // subscribers, not 4,100) and T051's (free shipping from 40 EUR).
    expect(s.corrections).toBe(3);
    expect(s.tokens.context).toBeLessThan(s.tokens.raw);
    const text = (await cli(['stats'], dir)).stdout;
    expect(text).toMatch(/^decisions: \d+ \(/);
    expect(text).toMatch(/traceability: 100% of decisions cite their source messages/);
  });

  it('lists reused structures, common functions and orphans with --bridges', async () => {
    const b = JSON.parse((await cli(['stats', '--bridges', '--json'], dir)).stdout);
    const reused = b.structures.find((x: { structure: string }) => x.structure === 'discussion array');
    expect(reused).toEqual({ structure: 'discussion array', decisions: expect.arrayContaining([correction().id]) });
    expect(reused.decisions.length).toBeGreaterThanOrEqual(2);
    // Listed most reused first.
    expect(b.structures.map((x: { decisions: string[] }) => x.decisions.length)).toEqual([...b.structures.map((x: { decisions: string[] }) => x.decisions.length)].sort((x, y) => y - x));
    expect(b.orphan_structures).toContain(correction().id);
  });
});

describe('bridge definitions', () => {
  const lex = compileBridgeLexicon(JSON.parse(readFileSync(join(ROOT, 'rules', 'lexicons', 'bridge.json'), 'utf8')));

  it('finds code, paths, commands, named tools and artefacts as structure', async () => {
    expect(structuresOf('Always run `npm test` and the linter before pushing.', lex)).toEqual(['npm test', 'linter']);
    expect(structuresOf('Use the CI workflow in .github/workflows/ci.yml with --frozen-lockfile.', lex)).toEqual(['.github/workflows/ci.yml', '--frozen-lockfile', 'ci workflow']);
  });

  it('sorts clauses into enforcement, prevention and tolerance, and takes the purpose as function', async () => {
    const b = bridgeOf('Reports must be attached to the task discussion, never emailed; the file name does not matter', ['the next run can compare against them'], true, lex);
    expect(b).toEqual({
      structure: 'reports, task discussion, file',
      function: 'the next run can compare against them',
      enforcement: ['Reports must be attached to the task discussion'],
      prevention: ['never emailed'],
      tolerance: ['the file name does not matter'],
    });
  });
});
