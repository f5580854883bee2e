// What the watch daemon keeps between saves (app/caches.ts) must never change what a run writes:
// warm runs write byte for byte what one-shot runs write, and anything written by someone else
// in between is read from disk, not from what was kept.
import { mkdirSync, promises as fsPromises, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunCaches, WarmState } from '../src/app/caches';
import { extractRun } from '../src/app/run';
import { openWorkspace } from '../src/app/workspace';
import * as evolve from '../src/core/evolve';
import * as pipeline from '../src/core/pipeline';
import * as memoryIo from '../src/io/memory';
import { DEFAULT_CONFIG, type AnalysisSettings } from '../src/core/types';
import { loadEngine } from '../src/app/engine';
import { canonicalJson } from '../src/core/json';
import type { CompiledRule } from '../src/core/rules';
import { sha256 } from '../src/core/text';
import { tuningOf } from '../src/core/tuning';
import { coreCodeHash, loadLexicons, loadPacksFrom, loadScorer, RULES_DIR } from '../src/io/rulePacks';
import { correctionRule, correctionsAsTeam, fixtureDir, snapshotDir, writeTeamRules } from './helpers';

type Tasks = Record<string, { discussion?: Array<Record<string, unknown>> }>;

/** Edits as a person saving the task file would make them: a message added to one task. */
const EDITS: Array<[string, string]> = [
  ['T103', "We will send the nightly export to the finance-reports folder from now on."],
  ['T100', 'From now on build reports go to the #builds channel instead of the task discussion.'],
  ['T103', 'Thanks, that works.'],
  ['T100', 'Change of plan: build reports go back to the task discussion, not to #builds.'],
];

function say(dir: string, taskId: string, text: string, k: number): void {
  const file = join(dir, 'tasks.json');
  const tasks = JSON.parse(readFileSync(file, 'utf8')) as Tasks;
  tasks[taskId].discussion!.push({ from: 'ana', role: 'user', content: text, timestamp: `2026-03-0${5 + k}T09:00:00Z` });
  writeFileSync(file, `${JSON.stringify(tasks, null, 2)}\n`);
}

/** Every file of the workspace by path (snapshotDir leaves out .engine and .checksums). */
const outputs = (dir: string) => snapshotDir(dir);

/** The shipped settings with one user rule folder, team-rules. */
const TEAM_RULES: AnalysisSettings = { thresholds: DEFAULT_CONFIG.thresholds, humans: [], bots: [], packs: [], rules: ['team-rules'] };
/** The shipped settings alone. */
const SHIPPED_ONLY: AnalysisSettings = { ...TEAM_RULES, rules: [] };

describe('a warm workspace (what the watch daemon keeps between saves)', () => {
  it('writes byte for byte what one-shot runs write, save after save', async () => {
    const cold = fixtureDir('basic');
    const hot = fixtureDir('basic');
    const warm = new WarmState();
    const at = (k: number) => `2026-03-0${5 + k}T12:00:00Z`;
    const errors = (r: { diagnostics: Array<{ severity: string }> }) => r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors(await extractRun({ cwd: cold, now: at(0) }))).toEqual([]);
    expect(errors(await extractRun({ cwd: hot, now: at(0), warm }))).toEqual([]);
    // As the daemon does once its first run is done.
    warm.warmUp((await openWorkspace({ cwd: hot }, new RunCaches({ warm }))).engine);
    for (const [k, [taskId, text]] of EDITS.entries()) {
      say(cold, taskId, text, k);
      say(hot, taskId, text, k);
      const one = await extractRun({ cwd: cold, now: at(k + 1) });
      // The warm run takes the memory folder it kept, not a fresh read of it, and the index of its registry.
      const reads = jest.spyOn(memoryIo, 'readMemory');
      const indexed = jest.spyOn(evolve, 'RegistryIndex');
      const kept = await extractRun({ cwd: hot, now: at(k + 1), warm });
      expect(reads).not.toHaveBeenCalled();
      expect(indexed).not.toHaveBeenCalled();
      reads.mockRestore();
      indexed.mockRestore();
      expect(kept.summary).toEqual(one.summary);
      expect(outputs(hot)).toEqual(outputs(cold));
    }
    // The edits did produce new registry content (the comparison above is not between two idle runs).
    const queue = JSON.parse(readFileSync(join(hot, 'memory', 'review-queue.json'), 'utf8')).items as Array<{ candidate: { statement: string } }>;
    const registry = JSON.parse(readFileSync(join(hot, 'memory', 'decisions.json'), 'utf8')).decisions as Array<{ statement: string }>;
    const said = [...queue.map((i) => i.candidate.statement), ...registry.map((d) => d.statement)];
    expect(said.filter((x) => /#builds/.test(x)).length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['longer', (statement: string) => `${statement} (confirmed by the team lead)`],
    ['of the same length, in place', (statement: string) => statement.toUpperCase()],
  ])('reads the memory folder again when someone else wrote it since the last run (an edit %s)', async (how, edit) => {
    const dir = fixtureDir('basic');
    const cold = fixtureDir('basic');
    const warm = new WarmState();
    await extractRun({ cwd: dir, now: '2026-03-05T12:00:00Z', warm });
    await extractRun({ cwd: cold, now: '2026-03-05T12:00:00Z' });
    // A person edits a statement in the registry by hand between two saves.
    let edited: { id: string; statement: string } | undefined;
    for (const ws of [dir, cold]) {
      const file = join(ws, 'memory', 'decisions.json');
      const text = readFileSync(file, 'utf8');
      const registry = JSON.parse(text);
      edited = registry.decisions[0];
      edited!.statement = edit(edited!.statement);
      const next = `${JSON.stringify(registry, null, 2)}\n`;
      if (how.includes('same length')) expect(next.length).toBe(text.length);
      writeFileSync(file, next);
      // A save that adds a decision, so the registry is written again after the edit.
      say(ws, 'T100', 'We will switch the nightly build to start at two in the morning with the full test list.', 0);
    }
    const r = await extractRun({ cwd: dir, now: '2026-03-06T12:00:00Z', warm });
    await extractRun({ cwd: cold, now: '2026-03-06T12:00:00Z' });
    expect(r.summary.analysed).toBe(1);
    expect(r.summary.written).toContain('memory/decisions.json');
    const after = JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions as Array<{ id: string; statement: string }>;
    expect(after.find((d) => d.id === edited!.id)?.statement).toBe(edited!.statement);
    expect(outputs(dir)).toEqual(outputs(cold));
  });

  it('keeps nothing of a run that failed after merging: the next run reads the memory folder again', async () => {
    const hot = fixtureDir('basic');
    const cold = fixtureDir('basic');
    const warm = new WarmState();
    await extractRun({ cwd: hot, now: '2026-03-05T12:00:00Z', warm });
    await extractRun({ cwd: cold, now: '2026-03-05T12:00:00Z' });
    for (const ws of [hot, cold]) say(ws, 'T103', 'We will send the nightly export to the finance-reports folder from now on.', 0);
    // The run merges into the registry it took, in place, and then fails to write.
    const write = jest.spyOn(memoryIo, 'writeMemory').mockRejectedValueOnce(new Error('disk full'));
    try {
      await expect(extractRun({ cwd: hot, now: '2026-03-06T12:00:00Z', warm })).rejects.toThrow('disk full');
    } finally {
      write.mockRestore();
    }
    const reads = jest.spyOn(memoryIo, 'readMemory');
    try {
      const again = await extractRun({ cwd: hot, now: '2026-03-06T12:00:00Z', warm });
      expect(reads).toHaveBeenCalled();
      expect(again.summary).toEqual((await extractRun({ cwd: cold, now: '2026-03-06T12:00:00Z' })).summary);
    } finally {
      reads.mockRestore();
    }
    expect(outputs(hot)).toEqual(outputs(cold));
  });

  it("keeps nothing of a run during which a person wrote the memory folder, and keeps the person's edit", async () => {
    const dir = fixtureDir('basic');
    const warm = new WarmState();
    await extractRun({ cwd: dir, now: '2026-03-05T12:00:00Z', warm });
    // A run with nothing to change; while it holds the lock, a person archives a decision by hand
    // (people take no lock), after the run read the folder and before it looks at it again.
    const file = join(dir, 'memory', 'decisions.json');
    let archived = '';
    const onPhase = (phase: string) => {
      if (!phase.startsWith('merge into registry')) return;
      const registry = JSON.parse(readFileSync(file, 'utf8'));
      archived = registry.decisions[0].id;
      registry.decisions[0].status = 'archived';
      writeFileSync(file, `${JSON.stringify(registry, null, 2)}\n`);
    };
    expect((await extractRun({ cwd: dir, now: '2026-03-05T12:00:00Z', warm, onPhase })).summary.written).not.toContain('memory/decisions.json');
    // The next save writes the registry again: from the folder as the person left it, read anew.
    say(dir, 'T100', 'We will switch the nightly build to start at two in the morning with the full test list.', 0);
    const reads = jest.spyOn(memoryIo, 'readMemory');
    try {
      const r = await extractRun({ cwd: dir, now: '2026-03-06T12:00:00Z', warm });
      expect(r.summary.written).toContain('memory/decisions.json');
      expect(reads).toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    const after = JSON.parse(readFileSync(file, 'utf8')).decisions as Array<{ id: string; status: string }>;
    expect(after.find((d) => d.id === archived)?.status).toBe('archived');
  });

  it('keeps nothing for a task file that left the workspace', async () => {
    const dir = fixtureDir('basic');
    mkdirSync(join(dir, 'more'));
    writeFileSync(join(dir, 'more', 'tasks.json'), readFileSync(join(dir, 'tasks.json')));
    const warm = new WarmState();
    const both = [join(dir, 'tasks.json'), join(dir, 'more', 'tasks.json')];
    await extractRun({ cwd: dir, now: '2026-03-05T12:00:00Z', warm, files: both });
    const [kept, gone] = both.map((f) => warm.printMemoFor(f));
    expect(warm.printMemoFor(both[1])).toBe(gone);
    expect(warm.earlierDiscussion(both[1], 'T100')).toBeDefined();
    await extractRun({ cwd: dir, now: '2026-03-05T12:00:00Z', warm, files: [both[0]] });
    expect(warm.printMemoFor(both[0])).toBe(kept);
    expect(warm.printMemoFor(both[1])).not.toBe(gone);
    expect(warm.earlierDiscussion(both[1], 'T100')).toBeUndefined();
  });

  it('starts each run with every user rule on, even one switched off for overrunning its budget in the last run', async () => {
    const dir = fixtureDir('basic');
    // Cubic on a long line of "yyy": the bound stops it, and the rule is off for the rest of that run.
    writeTeamRules(dir, { pack: 'team', rules: [correctionRule('team/repeat', '(?=.*zzz).*yyy.*yyy.*qqq', 'yyy yyy qqq zzz')] }, null);
    const analysis = TEAM_RULES;
    const warm = new WarmState();
    const cue = async () => (await warm.engineFor(analysis, dir)).rules.find((r) => r.id === 'team/repeat')!.cue;
    const first = await cue();
    first.exec(`${'yyy '.repeat(4900)}zzz`);
    expect(first.exec('yyy yyy qqq zzz')).toBeNull();
    const next = await cue();
    expect(next).toBe(first);
    expect(next.exec('yyy yyy qqq zzz')).not.toBeNull();
  });

  it('warms up without a trace: a user rule that overruns its budget on the task analysed is neither reported nor left off', async () => {
    const dir = fixtureDir('basic');
    writeTeamRules(dir, { pack: 'team', rules: [correctionRule('team/repeat', '(?=.*zzz).*yyy.*yyy.*qqq', 'yyy yyy qqq zzz')] });
    const file = join(dir, 'tasks.json');
    const tasks = JSON.parse(readFileSync(file, 'utf8')) as Tasks;
    // The first task of twelve messages or more: the one the warm-up analyses.
    tasks.T900 = { discussion: Array.from({ length: 12 }, (_, k) => ({ from: 'ana', role: 'user', content: k === 5 ? `${'yyy '.repeat(4900)}zzz` : `Note ${k} on the release checklist.`, timestamp: '2026-03-04T09:00:00Z' })) };
    writeFileSync(file, `${JSON.stringify(tasks, null, 2)}\n`);
    const warm = new WarmState();
    const codes = (r: { diagnostics: Array<{ code: string }> }) => r.diagnostics.map((d) => d.code).filter((c) => c !== 'no-discussion');
    expect(codes(await extractRun({ cwd: dir, now: '2026-03-05T12:00:00Z', warm }))).toEqual(['slow-regex']);
    const engine = await warm.engineFor(TEAM_RULES, dir);
    const cue = engine.rules.find((r) => r.id === 'team/repeat')!.cue;
    const analysed = jest.spyOn(pipeline, 'analyseTask');
    warm.warmUp(engine);
    // It did analyse the task whose message overruns the rule.
    expect(analysed.mock.calls.map((c) => c[0])).toEqual(['T900']);
    analysed.mockRestore();
    expect(cue.exec('yyy yyy qqq zzz')).not.toBeNull();
    say(dir, 'T100', 'Build reports go to the task discussion.', 1);
    expect(codes(await extractRun({ cwd: dir, now: '2026-03-06T12:00:00Z', warm }))).toEqual([]);
  });

  it('builds the engine again only when the config or a user rule file changed', async () => {
    const dir = fixtureDir('basic');
    const warm = new WarmState();
    const analysis = TEAM_RULES;
    writeTeamRules(dir, correctionsAsTeam(1), null);
    const first = await warm.engineFor(analysis, dir);
    expect(await warm.engineFor(analysis, dir)).toBe(first);
    writeTeamRules(dir, correctionsAsTeam(2), null, 2);
    const second = await warm.engineFor(analysis, dir);
    expect(second).not.toBe(first);
    expect(second.fingerprint).not.toBe(first.fingerprint);
    const stricter = await warm.engineFor({ ...analysis, thresholds: { ...analysis.thresholds, decision: analysis.thresholds.decision + 5 } }, dir);
    expect(stricter).not.toBe(second);
    // What relating worked out is kept for one engine, and started afresh for another.
    const memos = warm.memosFor(stricter);
    memos.subjects.tokenSetOf('Build reports go to the task discussion.');
    expect(warm.memosFor(stricter)).toBe(memos);
    expect(warm.memosFor(second).subjects.size).toBe(0);
    expect(warm.memosFor(second).stale).not.toBe(memos.stale);
  });
});

describe('loadEngine', () => {
  it("compiles what the package ships once per process, and a user's rule folder on every load", async () => {
    const dir = fixtureDir('basic');
    writeTeamRules(dir, correctionsAsTeam(2), null);
    const [a, b] = [await loadEngine(TEAM_RULES, dir), await loadEngine(TEAM_RULES, dir)];
    const byId = (rules: readonly CompiledRule[]) => new Map(rules.map((r) => [r.id, r]));
    const [ra, rb] = [byId(a.rules), byId(b.rules)];
    expect([...ra.keys()]).toEqual([...rb.keys()]);
    for (const [id, rule] of ra) {
      // A user rule's regex carries its run's budget: each engine has its own.
      if (id.startsWith('team/')) expect(rb.get(id)).not.toBe(rule);
      else expect(rb.get(id)).toBe(rule);
    }
    expect(b.words).toBe(a.words);
    expect(b.fingerprint).toBe(a.fingerprint);
  });

  it('reads what the package ships again after a load that could not, instead of failing every load after it', async () => {
    let isolated!: typeof import('../src/app/engine');
    jest.isolateModules(() => {
      isolated = require('../src/app/engine') as typeof import('../src/app/engine');
    });
    // The first listing of the compiled core (hashed into the fingerprint) fails, as on a disk error.
    const readdir = fsPromises.readdir.bind(fsPromises) as (path: string) => Promise<string[]>;
    let failed = false;
    const spy = jest.spyOn(fsPromises, 'readdir').mockImplementation(((path: string) => {
      if (!failed && /[\\/]core$/.test(String(path))) {
        failed = true;
        return Promise.reject(Object.assign(new Error('EIO: i/o error, scandir'), { code: 'EIO' }));
      }
      return readdir(path);
    }) as unknown as typeof fsPromises.readdir);
    try {
      const dir = fixtureDir('basic');
      await expect(isolated.loadEngine(SHIPPED_ONLY, dir)).rejects.toThrow('EIO');
      expect(failed).toBe(true);
      expect((await isolated.loadEngine(SHIPPED_ONLY, dir)).fingerprint).toMatch(/^sha256:/);
    } finally {
      spy.mockRestore();
    }
  });

  it('fingerprints everything that shapes the output: the code, the packs enabled, the lexicons, the scorer and the settings', async () => {
    const dir = fixtureDir('basic');
    writeTeamRules(dir, correctionsAsTeam(2), null);
    const settings: AnalysisSettings[] = [
      TEAM_RULES,
      { ...TEAM_RULES, packs: ['corrections', 'decisions'], humans: ['ana'], bots: ['build-bot'] },
      { ...TEAM_RULES, rules: [], thresholds: { decision: 1, review: 0.5 }, tuning: { statementWords: 12 } } as AnalysisSettings,
    ];
    // Twice over: a fingerprint remembered for settings seen before is theirs, not another's.
    for (const config of [...settings, ...settings.slice().reverse()]) {
      const shipped = await loadPacksFrom(RULES_DIR);
      const enabled = config.packs.length > 0 ? shipped.filter((p) => config.packs.includes(p.pack.pack)) : shipped;
      const extra = config.rules.length > 0 ? await loadPacksFrom(join(dir, 'team-rules')) : [];
      const whole = canonicalJson({
        code: await coreCodeHash(),
        packs: [...enabled, ...extra].map((p) => p.pack),
        lexicons: Object.fromEntries(await loadLexicons()),
        scorer: await loadScorer(),
        thresholds: config.thresholds,
        tuning: tuningOf(config),
        humans: config.humans,
        bots: config.bots,
      });
      expect((await loadEngine(config, dir)).fingerprint).toBe(`sha256:${sha256(whole)}`);
    }
  });
});
