// Knowledge evolution across tasks and runs: corrections win explicitly, restated wrong facts are
// flagged, duplicates are linked, old facts go stale, and a person's edits to the registry stand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRun } from '../src/store/run';
import type { Decision, Pattern } from '../src/core/types';
import { runCli, tempDir } from './helpers';

type Msg = [author: string, role: 'human' | 'bot', text: string, ts: string];
const task = (...messages: Msg[]) => ({ discussion: messages.map(([author, role, text, ts]) => ({ author, role, text, ts })) });

// Short discussions on purpose: low thresholds let each topic yield its decision.
const CONFIG = { thresholds: { decision: 1, review: 0.5 } };

function workspace(tasks: Record<string, unknown>): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
  writeFileSync(join(dir, 'extract.config.json'), JSON.stringify(CONFIG));
  return dir;
}

const decisions = (dir: string): Decision[] => JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions;
const patterns = (dir: string): Pattern[] =>
  readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const byStatement = (dir: string, needle: string) => decisions(dir).find((d) => d.statement.includes(needle))!;

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

describe('across the registry', () => {
  it('lets a correction in one task supersede a decision made in another, keeping both', async () => {
    const dir = workspace({ T4: REPORTS_DECISION, T3: REPORTS_CORRECTION });
    await extractRun({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    const old = byStatement(dir, 'are emailed to the team');
    const correction = byStatement(dir, 'must not be emailed anymore');
    expect(old).toMatchObject({ task_id: 'T4', status: 'superseded', superseded_by: correction.id });
    expect(correction).toMatchObject({ task_id: 'T3', status: 'active', supersedes: old.id, type: 'constraint' });
    const why = patterns(dir).find((p) => p.rule === 'evolve/correction-supersedes')!;
    expect(why.description).toMatch(new RegExp(`${correction.id} supersedes ${old.id} .*negates`));
  });

  it('does the same when the correction arrives in a later run', async () => {
    const dir = workspace({ T4: REPORTS_DECISION });
    await extractRun({ cwd: dir, now: '2026-01-06T00:00:00Z' });
    expect(byStatement(dir, 'are emailed to the team').status).toBe('active');
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T4: REPORTS_DECISION, T3: REPORTS_CORRECTION }, null, 2));
    await extractRun({ cwd: dir, now: '2026-02-03T00:00:00Z' });
    expect(byStatement(dir, 'are emailed to the team').status).toBe('superseded');
  });

  it('flags a later decision that restates a corrected fact instead of letting it win', async () => {
    const dir = workspace({ T1: COACH_CORRECTION, T2: COACH_RESTATED });
    await extractRun({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    const correction = byStatement(dir, 'Mark is not a certified coach');
    const restated = byStatement(dir, 'our certified coach');
    expect(correction.status).toBe('active');
    expect(restated.quality_flags).toContain('contradicts_correction');
    const p = patterns(dir).find((x) => x.rule === 'evolve/contradicts-correction')!;
    expect(p).toMatchObject({ task_id: 'T2', type: 'contradiction', extracted_decision: restated.id });
    expect(p.description).toMatch(new RegExp(`^This seems to contradict ${correction.id} \\(a correction in T1`));
  });

  it('links a restatement of an active decision as a near duplicate', async () => {
    const dir = workspace({
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
    });
    await extractRun({ cwd: dir, now: '2026-01-04T00:00:00Z' });
    const first = decisions(dir).find((d) => d.task_id === 'T10')!;
    const second = decisions(dir).find((d) => d.task_id === 'T11')!;
    expect(second.quality_flags).toContain('near_duplicate');
    expect(second.duplicate_of).toBe(first.id);
    expect(first.status).toBe('active');
    expect(second.status).toBe('active');
  });

  it('counts the same correction made again', async () => {
    const again = task(
      ['gus', 'human', 'Where do the weekly build reports go these days?', '2026-02-10T10:00:00Z'],
      ['bot', 'bot', 'I emailed the weekly build reports to the whole team as usual this Monday.', '2026-02-10T10:01:00Z'],
      ['gus', 'human', "No, that's wrong. Weekly build reports must not be emailed anymore; attach them to the task discussion.", '2026-02-10T10:02:00Z'],
    );
    const dir = workspace({ T3: REPORTS_CORRECTION, T5: again });
    await extractRun({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    const repeated = patterns(dir).filter((p) => p.rule === 'evolve/repeated-correction');
    expect(repeated).toHaveLength(1);
    expect(repeated[0]).toMatchObject({ task_id: 'T5', type: 'correction' });
    expect(repeated[0].description).toMatch(/2 times in all/);
  });

  it('flags old decisions whose subject saw newer activity as stale', async () => {
    const dir = workspace({
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
    });
    await extractRun({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    expect(decisions(dir).find((d) => d.task_id === 'T20')!.quality_flags).toContain('stale');
    expect(decisions(dir).find((d) => d.task_id === 'T21')!.quality_flags).not.toContain('stale');
    expect(decisions(dir).find((d) => d.task_id === 'T22')!.quality_flags).not.toContain('stale');
  });

  it('flags statements too short to stand alone and references without substance', async () => {
    const dir = workspace({
      T30: task(
        ['jo', 'human', 'How do we configure the release pipeline for the mobile app this quarter?', '2026-01-01T09:00:00Z'],
        ['bot', 'bot', 'There are several ways to configure the release pipeline for the mobile app.', '2026-01-01T09:01:00Z'],
        ['jo', 'human', "Let's do it as discussed.", '2026-01-01T09:02:00Z'],
      ),
    });
    await extractRun({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    expect(decisions(dir)[0].quality_flags).toEqual(expect.arrayContaining(['naked_statement', 'orphaned_reference']));
  });
});

describe("a person's edits to the registry", () => {
  it('survive later runs: status, statement, type and confidence stay as the person set them', async () => {
    const dir = workspace({ T4: REPORTS_DECISION });
    await extractRun({ cwd: dir, now: '2026-01-06T00:00:00Z' });
    const file = join(dir, 'memory', 'decisions.json');
    const registry = JSON.parse(readFileSync(file, 'utf8'));
    Object.assign(registry.decisions[0], { status: 'archived', statement: 'Weekly build reports: email, for now.', type: 'preference', confidence: 'low' });
    writeFileSync(file, JSON.stringify(registry, null, 2));
    // Change the discussion so the task is analysed again, and add a correction that would supersede it.
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T4: { discussion: [...REPORTS_DECISION.discussion, { author: 'dee', role: 'human', text: 'Thanks!', ts: '2026-01-05T10:06:00Z' }] }, T3: REPORTS_CORRECTION }, null, 2));
    await extractRun({ cwd: dir, now: '2026-02-03T00:00:00Z' });
    const d = decisions(dir).find((x) => x.id === registry.decisions[0].id)!;
    expect(d).toMatchObject({ status: 'archived', statement: 'Weekly build reports: email, for now.', type: 'preference', confidence: 'low' });
  });

  it('accepts decisions added by hand and lists them in the task state, and rejects invalid ones with a pointer', async () => {
    const dir = workspace({ T4: REPORTS_DECISION });
    await extractRun({ cwd: dir, now: '2026-01-06T00:00:00Z' });
    const file = join(dir, 'memory', 'decisions.json');
    const registry = JSON.parse(readFileSync(file, 'utf8'));
    registry.decisions.push({ id: 'DEC-20260107-001', task_id: 'T4', statement: 'Build reports also go to the release channel.', type: 'decision', confidence: 'high', source: { messages: [] }, status: 'active', origin: 'manual', created_at: '2026-01-07T00:00:00Z' });
    writeFileSync(file, JSON.stringify(registry, null, 2));
    const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    tasks.T4.discussion.push({ author: 'dee', role: 'human', text: 'Noted.', ts: '2026-01-07T10:00:00Z' });
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    await extractRun({ cwd: dir, now: '2026-01-08T00:00:00Z' });
    expect(decisions(dir).find((d) => d.id === 'DEC-20260107-001')).toMatchObject({ origin: 'manual', status: 'active' });
    expect(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8')).T4.extracted_state.decisions).toContain('DEC-20260107-001');

    registry.decisions.push({ id: 'DEC-20260107-002', task_id: 'T4', type: 'decision', origin: 'manual' });
    writeFileSync(file, JSON.stringify(registry, null, 2));
    const r = runCli(['run'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/decisions\.json: \/decisions\/\d+ must have required property 'statement'/);
  });
});
