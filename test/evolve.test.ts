// Knowledge evolution across tasks and runs: corrections win explicitly, restated wrong facts are
// flagged, duplicates are linked, old facts go stale, and a person's edits to the registry stand.
// Pure: the pipeline runs in memory on a registry passed from run to run; only the last test reads
// a registry file a person broke.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { addedByPeople, IdAllocator, RegistryIndex, type Registry } from '../src/core/evolve';
import { analyseFiles, mergeAnalyses, runPipeline } from '../src/core/pipeline';
import { stats, why } from '../src/core/read';
import { DEFAULT_CONFIG, type Decision, type Pattern } from '../src/core/types';
import { extractRun } from '../src/app/run';
import { cli, shippedEngine, tempDir } from './helpers';

type Msg = [author: string, role: 'human' | 'bot', text: string, ts: string];
type Task = { discussion: Array<{ author: string; role: string; text: string; ts: string }> };
const task = (...messages: Msg[]): Task => ({ discussion: messages.map(([author, role, text, ts]) => ({ author, role, text, ts })) });

// Short discussions on purpose: low thresholds let each topic yield its decision.
const THRESHOLDS = { decision: 1, review: 0.5 };
const engine = { ...shippedEngine(), config: { ...DEFAULT_CONFIG, thresholds: THRESHOLDS } };
const EMPTY: Registry = { engine: null, decisions: [], review: [], patterns: [] };

/** One run over the given tasks on top of `registry` (the previous run's): returns the new registry. */
function run(tasks: Record<string, Task>, now: string, registry: Registry = EMPTY): Registry {
  const files = [{ path: 'tasks.json', tasks: Object.entries(tasks).map(([id, t]) => ({ id, discussion: t.discussion, previous: null })) }];
  return runPipeline({ files, registry, now }, engine).registry;
}

const byStatement = (r: Registry, needle: string): Decision => r.decisions.find((d) => d.statement.includes(needle))!;
const byRule = (r: Registry, rule: string): Pattern[] => r.patterns.filter((p) => p.rule === rule);

const COACH_CORRECTION = task(
  ['ann', 'human', 'Who is running the Saturday training session for the junior team at the club this month?', '2026-01-10T09:00:00Z'],
  ['bot', 'bot', 'Mark will run it. Mark is a certified coach with ten years of experience running junior sessions at the club.', '2026-01-10T09:01:00Z'],
  ['ann', 'human', "No, that's wrong. Mark is not a certified coach, he is a volunteer parent, so a certified coach must supervise him.", '2026-01-10T09:02:00Z'],
);
const COACH_RESTATED = task(
  ['bob', 'human', 'Who leads the junior team session on Saturday? The parents keep asking who is in charge of the junior team.', '2026-02-01T10:00:00Z'],
  ['bot', 'bot', 'Several parents volunteered to help with the junior team session, and the pitch is booked from nine to eleven.', '2026-02-01T10:05:00Z'],
  ['bob', 'human', 'We decided that Mark, our certified coach, leads the junior team session on Saturday alone.', '2026-02-01T10:10:00Z'],
);
const REPORTS_DECISION = task(
  ['dee', 'human', 'How should the weekly build reports reach the team now that the channel is gone?', '2026-01-05T10:00:00Z'],
  ['bot', 'bot', 'Two options for the weekly build reports: email them to the team, or attach them to the task discussion.', '2026-01-05T10:01:00Z'],
  ['dee', 'human', 'We decided the weekly build reports are emailed to the team.', '2026-01-05T10:05:00Z'],
);
const REPORTS_CORRECTION = task(
  ['cy', 'human', 'Where do the weekly build reports go now that everybody reads the task discussions?', '2026-02-02T10:00:00Z'],
  ['bot', 'bot', 'The weekly build reports are emailed to the whole team every Monday morning, with the failing tests attached.', '2026-02-02T10:01:00Z'],
  ['cy', 'human', "No, that's wrong. Weekly build reports must not be emailed anymore; attach them to the task discussion instead.", '2026-02-02T10:02:00Z'],
);

describe('id allocation', () => {
  /** The rule, read plainly: the highest number per prefix and day among the ids of that shape. */
  function nextByRule(ids: readonly string[], prefix: string, day: string): string {
    let max = 0;
    for (const id of ids) {
      const m = /^([A-Z]+-\d{8})-(\d+)$/.exec(id);
      if (m && m[1] === `${prefix}-${day}`) max = Math.max(max, Number(m[2]));
    }
    return `${prefix}-${day}-${String(max + 1).padStart(3, '0')}`;
  }
  // Ids of the registry's shape, and near misses: a letter in the number, no number, a huge number, another prefix or day.
  const id = fc.oneof(
    fc.tuple(fc.constantFrom('DEC', 'DEC', 'PAT', 'dec'), fc.constantFrom('20260201', '20260201', '20260202', '2026020'), fc.oneof(fc.nat({ max: 30 }).map(String), fc.constantFrom('', '40x', '1200', '007', '12345678901234567890'))).map(([p, d, n]) => `${p}-${d}-${n}`),
    fc.string({ maxLength: 20 }),
  );

  /** The index of a registry holding these ids, spread over its decisions, patterns and review items. */
  function registryIndexOver(ids: readonly string[]): RegistryIndex {
    const third = (k: number) => ids.filter((_, i) => i % 3 === k);
    const registry = {
      engine: null,
      decisions: third(0).map((x) => ({ id: x, task_id: 'T1', origin: 'auto' })),
      patterns: third(1).map((x) => ({ id: x, task_id: 'T1', type: 'repeated_question', messages: [], rule: 'r' })),
      review: third(2).map((x) => ({ id: x, task_id: 'T1' })),
    } as unknown as Registry;
    return new RegistryIndex(registry);
  }

  it('allocates above every id of the same prefix and day, however the ids are ordered', () => {
    fc.assert(
      fc.property(fc.array(id, { maxLength: 40 }), fc.constantFrom('DEC', 'PAT'), fc.constantFrom('20260201', '20260202'), (ids, prefix, day) => {
        const expected = nextByRule(ids, prefix, day);
        expect(registryIndexOver(ids).ids.allocate(prefix, day)).toBe(expected);
        const allocator = new IdAllocator();
        for (const x of ids) allocator.see(x);
        expect(allocator.allocate(prefix, day)).toBe(expected);
      }),
    );
    // Right after an id of the same prefix and day: a number with a letter in it, or none, is no id.
    for (const last of ['DEC-20260201-40x', 'DEC-20260201-', 'DEC-20260201-4-0', 'DEC-20260201-0x1F']) {
      expect(registryIndexOver(['DEC-20260201-5', last]).ids.allocate('DEC', '20260201')).toBe('DEC-20260201-006');
    }
    expect(registryIndexOver(['DEC-20260201-5', 'DEC-20260201-12345678901234567890']).ids.allocate('DEC', '20260201')).toBe(nextByRule(['DEC-20260201-12345678901234567890'], 'DEC', '20260201'));
  });
});

describe('the registry index', () => {
  /** Everything an index answers, for comparing two indexes of one registry. */
  function answers(index: RegistryIndex, registry: Registry, allocate: boolean): unknown {
    const tasks = [...new Set([...registry.decisions, ...registry.patterns, ...registry.review].map((x) => x.task_id))].sort();
    const owned = tasks.map((t) => {
      const o = index.ownedBy(t)!;
      return [t, o.decisionList.map((d) => d.id).sort(), [...o.decisions].sort(), [...o.patterns].sort(), [...o.review].sort(), addedByPeople(o).sort()];
    });
    const days = [...new Set([...registry.decisions, ...registry.patterns, ...registry.review].map((x) => x.id.split('-')[1]))].sort();
    // Allocating moves the counter (asked only of an index not used again): once per prefix and day.
    const next = allocate ? days.flatMap((day) => ['DEC', 'PAT', 'REV'].map((prefix) => index.ids.allocate(prefix, day))) : [];
    const ids = (m: Map<string, { id: string }>) => [...m].map(([k, v]) => `${k}=${v.id}`).sort();
    return { owned, next, decisions: ids(index.decisionByFingerprint), patterns: ids(index.patternByKey), review: ids(index.reviewByFingerprint) };
  }

  it('kept with the registry it merged into, answers as an index built afresh from that registry', () => {
    const runs: Array<[Record<string, Task>, string]> = [
      [{ T1: COACH_CORRECTION, T4: REPORTS_DECISION }, '2026-03-01T00:00:00Z'],
      [{ T1: COACH_CORRECTION, T2: COACH_RESTATED, T4: REPORTS_DECISION }, '2026-03-02T00:00:00Z'],
      [{ T1: COACH_CORRECTION, T2: COACH_RESTATED, T3: REPORTS_CORRECTION, T4: REPORTS_DECISION }, '2026-03-03T00:00:00Z'],
      [{ T2: COACH_RESTATED, T3: task(['cy', 'human', 'We decided the weekly build reports are emailed to the team.', '2026-02-03T10:00:00Z']) }, '2026-03-04T00:00:00Z'],
    ];
    // A decision a person added by hand: the index lists it among those the pipeline never drops.
    const registry: Registry = structuredClone(EMPTY);
    registry.decisions.push({ ...run({ T4: REPORTS_DECISION }, '2026-02-01T00:00:00Z').decisions[0], id: 'DEC-20260101-001', origin: 'manual', fingerprint: undefined, auto: undefined });
    let kept = new RegistryIndex(registry);
    for (const [k, [tasks, now]] of runs.entries()) {
      const files = [{ path: 'tasks.json', tasks: Object.entries(tasks).map(([id, t]) => ({ id, discussion: t.discussion, previous: null })) }];
      const out = mergeAnalyses(analyseFiles(files, engine), registry, now, engine, true, { index: kept });
      // The kept index was taken, not rebuilt: the same object, still the index of this registry.
      expect(out.index).toBe(kept);
      expect(out.index.indexes(registry)).toBe(true);
      const last = k === runs.length - 1;
      expect(answers(out.index, registry, last)).toEqual(answers(new RegistryIndex(registry), registry, last));
      kept = out.index;
    }
    expect(addedByPeople(kept.ownedBy('T4')!)).toEqual(['DEC-20260101-001']);
    expect(registry.decisions.length).toBeGreaterThan(2);
    expect(registry.patterns.length).toBeGreaterThan(0);
  });

  it('answers again whether a state is held once its task owns more ids', () => {
    const registry = run({ T4: REPORTS_DECISION }, '2026-03-01T00:00:00Z');
    const index = new RegistryIndex(registry);
    const owned = registry.decisions.filter((d) => d.task_id === 'T4').map((d) => d.id);
    const state = { decisions: owned, patterns: [], review: [], topics: [], discussion_hash: 'sha256:x', last_extracted: '2026-03-01T00:00:00Z' };
    expect(index.holdsStateOf('T4', state)).toBe(true);
    expect(index.holdsStateOf('T5', state)).toBe(false);
    // Asked again (the answer is remembered): still held.
    expect(index.holdsStateOf('T4', state)).toBe(true);
    // A decision a person added for the task: a state that does not name it is no longer held.
    const manual = { ...registry.decisions[0], id: 'DEC-20260301-009', origin: 'manual' as const, fingerprint: undefined };
    registry.decisions.push(manual);
    index.addDecision(manual);
    expect(index.holdsStateOf('T4', state)).toBe(false);
    expect(index.holdsStateOf('T4', { ...state, decisions: [...owned, manual.id] })).toBe(true);
    // A state naming an id the task does not own yet is held once the task owns it.
    const ahead = { ...state, decisions: [...owned, manual.id], patterns: ['PAT-20260301-001'] };
    expect(index.holdsStateOf('T4', ahead)).toBe(false);
    const pattern = { id: 'PAT-20260301-001', task_id: 'T4', type: 'correction', messages: [2], description: 'd', rule: 'r', extracted_decision: null, detected_at: '2026-03-01T00:00:00Z', auto_detected: true } as Pattern;
    registry.patterns.push(pattern);
    index.addPattern(pattern);
    expect(index.holdsStateOf('T4', ahead)).toBe(true);
  });

  it('remembers a held state for its own task only', () => {
    const registry = { engine: null, decisions: [{ id: 'DEC-20260301-001', task_id: 'T4', origin: 'auto' }, { id: 'DEC-20260301-002', task_id: 'T6', origin: 'auto' }], patterns: [], review: [] } as unknown as Registry;
    const index = new RegistryIndex(registry);
    const state = { decisions: ['DEC-20260301-001'], patterns: [], review: [], topics: [], discussion_hash: 'sha256:x', last_extracted: '2026-03-01T00:00:00Z' };
    expect(index.holdsStateOf('T4', state)).toBe(true);
    // The same state object stored with another task that owns as many ids: not held (it names T4's decision).
    expect(index.holdsStateOf('T6', state)).toBe(false);
  });

  it('is not taken for a registry whose lists someone else changed, nor for another registry', () => {
    const registry = run({ T1: COACH_CORRECTION, T4: REPORTS_DECISION }, '2026-03-01T00:00:00Z');
    const index = new RegistryIndex(registry);
    expect(index.indexes(registry)).toBe(true);
    expect(index.indexes(structuredClone(registry))).toBe(false);
    // A list replaced by one of the same length (a copy someone edited) is not the list indexed.
    const review = registry.review;
    registry.review = [...review];
    expect(index.indexes(registry)).toBe(false);
    registry.review = review;
    expect(index.indexes(registry)).toBe(true);
    registry.decisions.push({ ...registry.decisions[0], id: 'DEC-20991231-001', fingerprint: undefined });
    expect(index.indexes(registry)).toBe(false);
    // Merging with the stale index builds a fresh one, which sees the added decision (its id is allocated above).
    const files = [{ path: 'tasks.json', tasks: [{ id: 'T9', discussion: REPORTS_CORRECTION.discussion, previous: null }] }];
    const out = mergeAnalyses(analyseFiles(files, engine), registry, '2026-03-02T00:00:00Z', engine, true, { index });
    expect(out.index).not.toBe(index);
    expect(out.index.ids.allocate('DEC', '20991231')).toBe('DEC-20991231-002');
  });
});

describe('across the registry', () => {
  it('lets a correction in one task supersede a decision made in another, keeping both', () => {
    const r = run({ T4: REPORTS_DECISION, T3: REPORTS_CORRECTION }, '2026-03-01T00:00:00Z');
    const old = byStatement(r, 'are emailed to the team');
    const correction = byStatement(r, 'must not be emailed anymore');
    expect(old).toMatchObject({ task_id: 'T4', status: 'superseded', superseded_by: correction.id });
    expect(correction).toMatchObject({ task_id: 'T3', status: 'active', supersedes: old.id, type: 'constraint' });
    // A correction says itself that it replaces the old decision: nothing is left for a person to settle.
    expect(r.patterns.filter((p) => p.type === 'contradiction' && p.task_id === 'T3')).toEqual([]);
  });

  it('does the same when the correction arrives in a later run', () => {
    const first = run({ T4: REPORTS_DECISION }, '2026-01-06T00:00:00Z');
    expect(byStatement(first, 'are emailed to the team').status).toBe('active');
    const second = run({ T4: REPORTS_DECISION, T3: REPORTS_CORRECTION }, '2026-02-03T00:00:00Z', first);
    expect(byStatement(second, 'are emailed to the team')).toMatchObject({ id: byStatement(first, 'are emailed to the team').id, status: 'superseded' });
    // The run before is untouched: each run works on its own copy of the registry.
    expect(byStatement(first, 'are emailed to the team').status).toBe('active');
  });

  it('flags a later decision that restates a corrected fact instead of letting it win', () => {
    const r = run({ T1: COACH_CORRECTION, T2: COACH_RESTATED }, '2026-03-01T00:00:00Z');
    const correction = byStatement(r, 'Mark is not a certified coach');
    const restated = byStatement(r, 'our certified coach');
    expect(correction.status).toBe('active');
    expect(restated.quality_flags).toContain('contradicts_correction');
    const p = r.patterns.find((x) => x.rule === 'evolve/contradicts-correction')!;
    expect(p).toMatchObject({ task_id: 'T2', type: 'contradiction', extracted_decision: restated.id });
    expect(p.description).toMatch(new RegExp(`^This seems to contradict ${correction.id} \\(a correction in T1`));
    // `why` of the correction shows what contradicts it, by the pattern's field.
    expect(p.contradicts).toEqual([correction.id]);
    expect(why(correction.id, r.decisions, r.patterns, () => [])!.patterns.map((x) => x.id)).toContain(p.id);
  });

  it('links a restatement of an active decision as a near duplicate', () => {
    const r = run({
      T10: task(
        ['eve', 'human', 'Which database do we use for the ingestion job queue of the workers?', '2026-01-01T09:00:00Z'],
        ['bot', 'bot', 'Postgres with SKIP LOCKED or Redis both work for the ingestion job queue.', '2026-01-01T09:01:00Z'],
        ['eve', 'human', "Let's use Postgres for the ingestion job queue.", '2026-01-01T09:02:00Z'],
      ),
      T11: task(
        ['fay', 'human', 'Did we pick a database for the ingestion job queue of the workers yet?', '2026-01-03T09:00:00Z'],
        ['bot', 'bot', 'There were two candidates for the ingestion job queue: Postgres and Redis.', '2026-01-03T09:01:00Z'],
        ['fay', 'human', "We'll use Postgres for the ingestion job queue.", '2026-01-03T09:02:00Z'],
      ),
    }, '2026-01-04T00:00:00Z');
    const first = r.decisions.find((d) => d.task_id === 'T10')!;
    const second = r.decisions.find((d) => d.task_id === 'T11')!;
    expect(second.quality_flags).toContain('near_duplicate');
    expect(second.duplicate_of).toBe(first.id);
    expect(first.status).toBe('active');
    expect(second.status).toBe('active');
  });

  it('counts the same correction made again', () => {
    const again = task(
      ['gus', 'human', 'Where do the weekly build reports go these days?', '2026-02-10T10:00:00Z'],
      ['bot', 'bot', 'I emailed the weekly build reports to the whole team as usual this Monday.', '2026-02-10T10:01:00Z'],
      ['gus', 'human', "No, that's wrong. Weekly build reports must not be emailed anymore; attach them to the task discussion.", '2026-02-10T10:02:00Z'],
    );
    const r = run({ T3: REPORTS_CORRECTION, T5: again }, '2026-03-01T00:00:00Z');
    const repeated = r.patterns.filter((p) => (p.repeats?.length ?? 0) > 0);
    expect(repeated).toHaveLength(1);
    const first = r.decisions.find((d) => d.task_id === 'T3' && d.corrects)!;
    expect(repeated[0]).toMatchObject({ task_id: 'T5', type: 'correction', repeats: [first.id] });
    expect(repeated[0].description).toMatch(/2 times in all/);
    // Stats count the repeats by the field, whatever rule found them.
    expect(stats(r.decisions, r.review, r.patterns, []).repeated_corrections).toBe(1);
  });

  it('flags old decisions whose subject saw newer activity as stale', () => {
    const r = run({
      T20: task(
        ['hal', 'human', 'What retention do we keep for the audit log archive of the billing service?', '2025-01-01T09:00:00Z'],
        ['bot', 'bot', 'Retention for the audit log archive can be anything from thirty days to two years.', '2025-01-01T09:01:00Z'],
        ['hal', 'human', 'We decided to keep the audit log archive of the billing service on cold storage.', '2025-01-01T09:02:00Z'],
      ),
      T21: task(
        ['ida', 'human', 'The audit log archive of the billing service needs an owner for the cold storage bucket.', '2026-02-01T09:00:00Z'],
        ['bot', 'bot', 'Nobody owns the cold storage bucket of the audit log archive at the moment.', '2026-02-01T09:01:00Z'],
        ['ida', 'human', 'We decided that the platform team owns the audit log archive cold storage bucket.', '2026-02-01T09:02:00Z'],
      ),
      // Just as old, but nothing newer was said about its subject: age alone is not staleness.
      T22: task(
        ['jon', 'human', 'Which font do we use for the printed quarterly newsletter of the garden club?', '2025-01-01T09:00:00Z'],
        ['bot', 'bot', 'Serif fonts print well in the quarterly newsletter; sans-serif reads better on screens.', '2025-01-01T09:01:00Z'],
        ['jon', 'human', 'We decided to print the quarterly newsletter of the garden club in a serif font.', '2025-01-01T09:02:00Z'],
      ),
    }, '2026-03-01T00:00:00Z');
    expect(r.decisions.find((d) => d.task_id === 'T20')!.quality_flags).toContain('stale');
    expect(r.decisions.find((d) => d.task_id === 'T21')!.quality_flags).not.toContain('stale');
    expect(r.decisions.find((d) => d.task_id === 'T22')!.quality_flags).not.toContain('stale');
  });

  it('flags statements too short to stand alone and references without substance', () => {
    const r = run({
      T30: task(
        ['jo', 'human', 'How do we configure the release pipeline for the mobile app this quarter?', '2026-01-01T09:00:00Z'],
        ['bot', 'bot', 'There are several ways to configure the release pipeline for the mobile app: one pipeline per platform with its own signing keys and store upload step, or one shared pipeline that builds both apps and uploads them in parallel, with the keys in the secrets manager.', '2026-01-01T09:01:00Z'],
        ['jo', 'human', "We'll do it as discussed.", '2026-01-01T09:02:00Z'],
        ['bot', 'bot', 'Agreed.', '2026-01-01T09:03:00Z'],
      ),
    }, '2026-03-01T00:00:00Z');
    expect(r.decisions[0].quality_flags).toEqual(expect.arrayContaining(['naked_statement', 'orphaned_reference']));
  });
});

describe("a person's edits to the registry", () => {
  it('survive later runs: status, statement, type and confidence stay as the person set them', () => {
    const first = run({ T4: REPORTS_DECISION }, '2026-01-06T00:00:00Z');
    const edited = structuredClone(first);
    Object.assign(edited.decisions[0], { status: 'archived', statement: 'Weekly build reports: email, for now.', type: 'preference', confidence: 'low' });
    // The discussion changes so the task is analysed again, and a correction arrives that would supersede it.
    const changed = { discussion: [...REPORTS_DECISION.discussion, { author: 'dee', role: 'human', text: 'Thanks!', ts: '2026-01-05T10:06:00Z' }] };
    const next = run({ T4: changed, T3: REPORTS_CORRECTION }, '2026-02-03T00:00:00Z', edited);
    expect(next.decisions.find((x) => x.id === first.decisions[0].id)).toMatchObject({ status: 'archived', statement: 'Weekly build reports: email, for now.', type: 'preference', confidence: 'low' });
    // Without the edit, the same runs supersede it: the edit is what kept it.
    expect(run({ T4: changed, T3: REPORTS_CORRECTION }, '2026-02-03T00:00:00Z', first).decisions.find((x) => x.id === first.decisions[0].id)!.status).toBe('superseded');
  });

  it('keeps decisions added by hand and lists them in the task state', () => {
    const first = run({ T4: REPORTS_DECISION }, '2026-01-06T00:00:00Z');
    // What a person writes by hand: only the required fields.
    const manual = { id: 'DEC-20260107-001', task_id: 'T4', statement: 'Build reports also go to the release channel.', type: 'decision', confidence: 'high', source: { messages: [] }, status: 'active', origin: 'manual', created_at: '2026-01-07T00:00:00Z' } as unknown as Decision;
    const registry = { ...first, decisions: [...first.decisions, manual] };
    const discussion = [...REPORTS_DECISION.discussion, { author: 'dee', role: 'human', text: 'Noted.', ts: '2026-01-07T10:00:00Z' }];
    const out = runPipeline({ files: [{ path: 'tasks.json', tasks: [{ id: 'T4', discussion, previous: null }] }], registry, now: '2026-01-08T00:00:00Z' }, engine);
    expect(out.registry.decisions.find((d) => d.id === 'DEC-20260107-001')).toMatchObject({ origin: 'manual', status: 'active', statement: manual.statement });
    expect(out.states.get('tasks.json')!.get('T4')!.decisions).toContain('DEC-20260107-001');
  });

  it('refuses a registry file with an invalid decision, naming its JSON pointer', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T4: REPORTS_DECISION }, null, 2));
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ thresholds: THRESHOLDS }));
    await extractRun({ cwd: dir, now: '2026-01-06T00:00:00Z' });
    const file = join(dir, 'memory', 'decisions.json');
    const registry = JSON.parse(readFileSync(file, 'utf8'));
    registry.decisions.push({ id: 'DEC-20260107-002', task_id: 'T4', type: 'decision', origin: 'manual' });
    writeFileSync(file, JSON.stringify(registry, null, 2));
    const r = await cli(['run'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/decisions\.json: \/decisions\/\d+ must have required property 'statement'/);
  });
});

describe('inside one task', () => {
  // Default thresholds: what lands in the registry is decided by the band rules, not forced low.
  const shipped = shippedEngine();
  const runShipped = (tasks: Record<string, Task>) =>
    runPipeline({ files: [{ path: 'tasks.json', tasks: Object.entries(tasks).map(([id, t]) => ({ id, discussion: t.discussion, previous: null })) }], registry: EMPTY, now: '2026-03-01T00:00:00Z' }, shipped).registry;

  it("records a person's rule the agent takes on at once, without a review", () => {
    const r = runShipped({
      T1: task(
        ['greta', 'human', 'Auto-reordering doubled a flour delivery on Monday. From now on no automatic reorders for the bakery stock at all.', '2026-02-19T09:00:00+01:00'],
        ['stock-bot', 'bot', 'Understood: automatic reorders switched off for the bakery stock.', '2026-02-19T09:01:00+01:00'],
      ),
    });
    expect(r.decisions.map((d) => d.statement)).toEqual(['From now on no automatic reorders for the bakery stock at all.']);
    expect(r.review).toEqual([]);
  });

  it('keeps the same rule in the review queue when the agent only asks back', () => {
    const r = runShipped({
      T1: task(
        ['greta', 'human', 'Auto-reordering doubled a flour delivery on Monday. From now on no automatic reorders for the bakery stock at all.', '2026-02-19T09:00:00+01:00'],
        ['stock-bot', 'bot', 'Do you mean the café stock as well?', '2026-02-19T09:01:00+01:00'],
      ),
    });
    expect(r.decisions).toEqual([]);
    expect(r.review.map((x) => x.candidate.statement)).toEqual(['From now on no automatic reorders for the bakery stock at all.']);
  });

  it('reads a change dated from tomorrow as a change of plan, not as two people disagreeing', () => {
    const dated = runShipped({
      T1: task(
        ['frank', 'human', 'Heat wave for the next ten days, 34 degrees forecast. The council wants us open until 21:00. Can we?', '2026-07-08T09:00:00+01:00'],
        ['pool-bot', 'bot', 'Current setup: open 7:00 to 20:00, lifeguards 1 per 50 bathers. Extending to 21:00 needs one extra hour of cover per day with 2 lifeguards, about 20 extra staff hours over 10 days.', '2026-07-08T09:01:00+01:00'],
        ['sue', 'human', 'we close 19:30, not 20:00. and it is 1 per 40. please get this right, it is a safety thing', '2026-07-08T09:05:00+01:00'],
        ['pool-bot', 'bot', 'Apologies. From 19:30: extending to 21:00 with 1 per 40 and minimum 2 on deck needs 3 lifeguards for 1.5 extra hours a day, about 45 extra staff hours over 10 days.', '2026-07-08T09:06:00+01:00'],
        ['anita', 'human', 'The council will cover the overtime for the heat wave. Send me the figure.', '2026-07-08T09:10:00+01:00'],
        ['frank', 'human', 'then yes, we close at 21:00 from tomorrow until end of season. Evening lanes are dropped, whole pool public swim till close.', '2026-07-08T09:20:00+01:00'],
        ['sue', 'human', 'lane swimmers will riot. the early club especially', '2026-07-08T09:21:00+01:00'],
        ['frank', 'human', 'morning lanes stay. only the evening lanes go.', '2026-07-08T09:22:00+01:00'],
        ['pool-bot', 'bot', 'Clear. I will send Ms Patel the overtime figure today and update the website and poster to 7:00 to 21:00.', '2026-07-08T09:23:00+01:00'],
      ),
    });
    expect(byStatement(dated, 'close 19:30')).toMatchObject({ status: 'superseded', superseded_by: byStatement(dated, 'close at 21:00').id });
    expect(byRule(dated, 'contradiction/decisions')).toEqual([]);
  });

  it('lets a new value answering a message that names the old one replace it, and flags only two people disagreeing', () => {
    const meeting = (second: Msg): Task =>
      task(
        ['assistant', 'bot', 'The tenant proposed Tuesday 9:00 or Wednesday 15:00 for the viewing of the flat.', '2026-02-02T08:25:00+01:00'],
        ['lena', 'human', 'Tuesday 9 is fine.', '2026-02-02T08:31:00+01:00'],
        ['assistant', 'bot', 'The tenant messaged again: her son has a dentist slot on Tuesday morning. She asks if Wednesday suits us.', '2026-02-02T13:12:00+01:00'],
        second,
        ['assistant', 'bot', "Sent: 'Wednesday, 7:45 at the flat.'", '2026-02-02T13:44:00+01:00'],
      );
    const own = runShipped({ T1: meeting(['lena', 'human', 'Then Wednesday at 7:45, ahead of my other viewing. Tell her so.', '2026-02-02T13:40:00+01:00']) });
    const tuesday = byStatement(own, 'Tuesday 9');
    const wednesday = byStatement(own, 'Wednesday at 7:45');
    expect(tuesday).toMatchObject({ status: 'superseded', superseded_by: wednesday.id });
    expect(own.patterns.filter((p) => p.type === 'contradiction')).toEqual([]);
    const other = runShipped({ T1: meeting(['piet', 'human', 'Then Wednesday at 7:45, ahead of my other viewing. Tell her so.', '2026-02-02T13:40:00+01:00']) });
    expect(byStatement(other, 'Tuesday 9').status).toBe('superseded');
    expect(byRule(other, 'contradiction/decisions')).toHaveLength(1);
  });

  it('lets a reversal replace the decision whose value it changes, not another that shares a word', () => {
    const r = runShipped({
      T1: task(
        ['club-bot', 'bot', 'What should we settle for the club bulletin: the day it goes out and who approves it?', '2026-02-09T09:00:00+01:00'],
        ['ines', 'human', "We'll send the club bulletin every Monday at 8:00. Let's go with the print shop instead of the copier, because it's cheaper for 300 copies.", '2026-02-09T09:05:00+01:00'],
        ['club-bot', 'bot', 'Noted: Mondays at 8:00, printed at the print shop.', '2026-02-09T09:06:00+01:00'],
        ['ines', 'human', 'And as a rule: no adverts in the club bulletin without the board.', '2026-02-09T09:10:00+01:00'],
        ['club-bot', 'bot', 'Understood: no adverts without the board.', '2026-02-09T09:11:00+01:00'],
        ['ines', 'human', 'Change of plan: no bulletin on Mondays, it goes out on Thursdays at 17:00 from now on.', '2026-03-02T10:12:00+01:00'],
        ['club-bot', 'bot', 'Understood: Thursdays at 17:00 from the next issue on.', '2026-03-02T10:14:00+01:00'],
      ),
    });
    const monday = byStatement(r, 'every Monday at 8:00');
    const thursday = byStatement(r, 'Thursdays at 17:00');
    expect(monday).toMatchObject({ status: 'superseded', superseded_by: thursday.id });
    expect(byStatement(r, 'adverts in the club').status).toBe('active');
    // A weekday and a time are no correction of the agent's figures, and the "instead of" belongs to its own clause.
    expect(r.patterns.filter((p) => p.type === 'correction')).toEqual([]);
    expect(monday.alternatives).toEqual([]);
    expect(byStatement(r, 'print shop').alternatives).toEqual(['the copier']);
  });

  it("does not let the agent's restatement of a person's decision replace it", () => {
    const r = runShipped({
      T1: task(
        ['nora', 'human', 'The shop reopening moves by a week, to Thursday the 16th. The regulars hear it from us first.', '2026-04-10T09:00:00+02:00'],
        ['shop-bot', 'bot', "Understood. I'll change the website notice and the door sign to April 16, 10:00, and let the three wholesale buyers know the new date.", '2026-04-10T09:05:00+02:00'],
        ['nora', 'human', 'Good.', '2026-04-10T09:06:00+02:00'],
      ),
    });
    expect(r.decisions.length).toBeGreaterThanOrEqual(2);
    expect(r.decisions.filter((d) => d.status === 'superseded')).toEqual([]);
  });
});
