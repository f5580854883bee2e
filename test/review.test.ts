// The review queue round trips and the guard, through the real CLI.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeOf } from '../src/core/bridge';
import { compileLexicon } from '../src/core/contradiction';
import { compileSubjects } from '../src/core/subject';
import { guardFindings } from '../src/core/guard';
import type { Decision } from '../src/core/types';
import { EXAMPLE, ROOT, cli, shippedEngine, shippedWords, tempDir } from './helpers';

const NOW = '2026-02-05T00:00:00Z';

/**
 * The example; with `queueAll`, thresholds that send every candidate the discussion has not
 * settled to the review queue: no topic reaches the registry's importance, and the scorer is sure
 * of nothing (it keeps its weights, with a registry threshold no score reaches).
 */
async function exampleDir(queueAll = false): Promise<string> {
  const dir = tempDir();
  cpSync(EXAMPLE, join(dir, 'tasks.json'));
  if (queueAll) {
    const model = JSON.parse(readFileSync(join(ROOT, 'rules', 'models', 'decision-scorer.json'), 'utf8'));
    writeFileSync(join(dir, 'unsure-scorer.json'), JSON.stringify({ ...model, thresholds: { registry: 1, review: 0 } }));
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ thresholds: { decision: 10_000, review: 1 }, scorer: 'unsure-scorer.json' }));
  }
  expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
  return dir;
}

const queue = (dir: string) => JSON.parse(readFileSync(join(dir, 'memory', 'review-queue.json'), 'utf8')).items;
const registry = (dir: string) => JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions;

describe('extract review', () => {
  it('lists pending items with their messages', async () => {
    const dir = await exampleDir(true);
    const r = await cli(['review'], dir);
    expect(r.status).toBe(0);
    const [item] = queue(dir);
    expect(r.stdout).toContain(`${item.id}  ${item.task_id}  importance ${item.importance}  ${item.candidate.type}`);
    expect(r.stdout).toContain(`  candidate: ${item.candidate.statement}`);
    expect(r.stdout).toMatch(/^ {2}\[\d+\] [\w-]+: \S/m);
    const json = JSON.parse((await cli(['review', '--json'], dir)).stdout);
    expect(json[0]).toMatchObject({ id: item.id, status: 'pending' });
    expect(json[0].discussion.length).toBe(item.messages.length);
  });

  it('accepts an item as a review-origin decision listed in the task state, once', async () => {
    const dir = await exampleDir(true);
    const [item] = queue(dir);
    const r = await cli(['review', 'accept', item.id, '--statement', 'Publish Council results with every reviewer score.', '--type', 'decision', '--now', '2026-02-06T00:00:00Z'], dir);
    expect(r.status).toBe(0);
    const decision = registry(dir).find((d: { origin: string }) => d.origin === 'review');
    expect(decision).toMatchObject({ task_id: item.task_id, statement: 'Publish Council results with every reviewer score.', type: 'decision', confidence: 'high', status: 'active' });
    expect(decision.source.messages).toEqual(item.messages);
    expect(r.stdout).toBe(`${item.id} accepted as ${decision.id} (decision): Publish Council results with every reviewer score.\n`);
    expect(queue(dir)[0]).toMatchObject({ status: 'accepted', resolution: { at: '2026-02-06T00:00:00Z', decision: decision.id } });
    expect(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'))[item.task_id].extracted_state.decisions).toContain(decision.id);
    expect((await cli(['check'], dir)).status).toBe(0);
    // A later run keeps it, and it cannot be accepted twice.
    expect((await cli(['run', '--now', '2026-02-07T00:00:00Z'], dir)).status).toBe(0);
    expect(registry(dir).find((d: { id: string }) => d.id === decision.id).status).toBe('active');
    const again = await cli(['review', 'accept', item.id], dir);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/is already accepted/);
  });

  it('records an accepted decision with the bridge an extracted one of the same statement gets', async () => {
    const dir = await exampleDir(true);
    const [item] = queue(dir);
    const statement = 'The auditors also read these files, so the column names must stay stable from month to month.';
    expect((await cli(['review', 'accept', item.id, '--statement', statement, '--type', 'constraint', '--now', '2026-02-06T00:00:00Z'], dir)).status).toBe(0);
    const decision = registry(dir).find((d: Decision) => d.origin === 'review');
    const expected = bridgeOf(statement, [], true, shippedEngine().bridge);
    expect(expected.structure).not.toBe('');
    expect(decision.bridge).toEqual(expected);
    expect(decision.bridge_auto).toBe(true);
    // So the bridge queries find it like any other decision.
    const found = JSON.parse((await cli(['query', '--structure', expected.structure.split(', ')[0], '--json'], dir)).stdout);
    expect(found.map((d: Decision) => d.id)).toContain(decision.id);
  });

  it('rejects an item with a reason and never queues the same candidate again', async () => {
    const dir = await exampleDir(true);
    const [item] = queue(dir);
    const r = await cli(['review', 'reject', item.id, '--reason', 'not a decision, just the request', '--now', '2026-02-06T00:00:00Z'], dir);
    expect(r.status).toBe(0);
    expect(queue(dir).find((x: { id: string }) => x.id === item.id)).toMatchObject({ status: 'rejected', resolution: { at: '2026-02-06T00:00:00Z', reason: 'not a decision, just the request' } });
    const before = queue(dir).length;
    // Force re-analysis of every task: the candidate comes back with the same fingerprint and stays rejected.
    rmSync(join(dir, 'memory', '.engine'));
    const rerun = /(\d+) tasks \((\d+) analysed\)/.exec((await cli(['run', '--now', '2026-02-07T00:00:00Z'], dir)).stdout)!;
    expect(rerun[2]).toBe(rerun[1]);
    const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(queue(dir)).toHaveLength(before);
    expect(queue(dir).find((x: { id: string }) => x.id === item.id).status).toBe('rejected');
    expect(tasks[item.task_id].extracted_state.review).toContain(item.id);
    expect((await cli(['review'], dir)).stdout).not.toContain(item.id);
  });

  it('refuses unknown ids as a data error (exit 1, no usage text)', async () => {
    const dir = await exampleDir(true);
    const r = await cli(['review', 'reject', 'REV-20990101-001'], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(/Usage:/);
    expect(r.stderr).toMatch(/no review item REV-20990101-001/);
  });
});

describe('guardFindings', () => {
  const words = shippedWords();
  const lexicon = compileLexicon(JSON.parse(readFileSync(join(ROOT, 'rules', 'lexicons', 'contradiction.json'), 'utf8')), compileSubjects(JSON.parse(readFileSync(join(ROOT, 'rules', 'lexicons', 'subjects.json'), 'utf8')), words), words);
  /** A correction in the registry: its statement and the wrong fact it corrected. */
  const correctionOf = (id: string, statement: string, corrects: string) =>
    ({ id, task_id: 'T1', statement, type: 'constraint', confidence: 'high', source: { messages: [0, 1] }, status: 'active', origin: 'auto', created_at: '2026-01-05T09:05:00Z', corrects }) as unknown as Decision;
  it('finds a text that restates the fact a correction corrected, even without a conflict with the correction itself', () => {
    const correction = correctionOf('DEC-20260110-001', 'Mark is a volunteer parent who helps at training.', 'Mark is a certified coach with ten years of experience running junior sessions.');
    const [finding] = guardFindings('Our certified coach Mark will run the junior sessions alone.', [correction], lexicon);
    expect(finding.decision.id).toBe('DEC-20260110-001');
    expect(finding.why).toMatch(/^it restates what DEC-20260110-001 corrected: "Mark is a certified coach/);
    expect(guardFindings('The pitch is booked from nine to eleven on Saturday.', [correction], lexicon)).toEqual([]);
    // A text of two sentences is read whole as well as sentence by sentence.
    expect(guardFindings('Mark is our certified coach. He has ten years of experience with junior sessions.', [correction], lexicon).map((f) => f.why)).toEqual([expect.stringMatching(/^it restates what DEC-20260110-001 corrected/)]);
    expect(guardFindings('Our certified coach Mark will run the junior sessions alone.', [{ ...correction, status: 'superseded' }], lexicon)).toEqual([]);
  });

  it("reads a wrong value an agent put as a question, and tells the wrong value again from another value of the corrected slot", () => {
    // The person names the backups by "them": what they are about is what the agent asked.
    const correction = correctionOf('DEC-20260105-001', '7 days is too short, we keep them 30 days.', 'How long should we keep the nightly backups? 7 days?');
    const why = (text: string) => guardFindings(text, [correction], lexicon).map((f) => f.why);
    expect(why('Keep the backups for 7 days.')).toEqual(['it restates what DEC-20260105-001 corrected: "How long should we keep the nightly backups? 7 days?"']);
    expect(why('Keep the backups for 14 days.')).toEqual(['it gives another duration: 30 day → 14 day']);
    expect(why('We keep the nightly backups for 14 days.')).toEqual(['it gives another duration: 30 day → 14 day']);
    expect(why('Keep the backups for 30 days.')).toEqual([]);
  });

  it('reads a bare number said against a decision of one amount in that amount\'s currency, and a count of things as a count', () => {
    const limit = { ...correctionOf('DEC-20260201-001', 'Anything over 25,000 EUR needs the CFO signature.', ''), corrects: null, type: 'decision' } as unknown as Decision;
    const why = (text: string) => guardFindings(text, [limit], lexicon).map((f) => f.why);
    expect(why('Purchases over 50k need the CFO signature.')).toEqual(['it gives another limit of amount: 25000 eur → 50000 eur']);
    expect(why('Purchases over 25k need the CFO signature.')).toEqual([]);
    // (Three purchases are three things, not 3 EUR.)
    expect(why('3 purchases need the CFO signature this month.')).toEqual([]);
  });

  it('reads a long text line by line: a line that gives the corrected fact again with its wrong number is caught, one with the same words and no wrong number is not', () => {
    const correction = correctionOf('DEC-20260302-001', 'Feeds go to new-gate.wholesale.example on port 2222 since February.', "Uploading now with 'sftp -P 22 feeds@old-gate.wholesale.example' to the inbox folder.");
    const steps = (line: string) => `Monthly price run, first Monday:\n1. 06:00 export the price list from the shop\n2. 06:10 ${line}\n3. 06:20 check the wholesaler's import report\nThese are the same steps as last time.`;
    const why = (text: string) => guardFindings(text, [correction], lexicon).map((f) => f.why);
    expect(why(steps('`sftp -P 22 feeds@old-gate.wholesale.example` and upload to the inbox folder'))).toEqual([`it restates what DEC-20260302-001 corrected: "Uploading now with 'sftp -P 22 feeds@old-gate.wholesale.example' to the inbox folder."`]);
    expect(why(steps('upload with sftp to the inbox folder'))).toEqual([]);
    expect(why(steps('`sftp -P 2222 feeds@new-gate.wholesale.example` and upload to the inbox folder'))).toEqual([]);
  });
});

describe('extract guard', () => {
  it('exits 1 and names the decision a text contradicts, 0 when nothing does', async () => {
    const dir = await exampleDir();
    const hit = await cli(['guard', "Let's use Redis for the ingestion queue", '--task', 'T046'], dir);
    expect(hit.status).toBe(1);
    const postgres = registry(dir).find((d: { statement: string }) => d.statement.includes('Postgres queue'));
    expect(hit.stdout).toMatch(new RegExp(`^This seems to contradict ${postgres.id} \\(T046, decision\\): "Let's go with the Postgres queue instead of Redis\\." — .+\\. Which is correct\\?$`, 'm'));
    const ok = await cli(['guard', 'I will add the migration for the jobs table today', '--task', 'T046'], dir);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('extract guard: no active decision contradicts this\n');
  });

  it('catches a text that restates a fact a person corrected, from any task', async () => {
    const dir = await exampleDir();
    const r = await cli(['guard', 'I posted the Council results to the team Telegram group', '--task', 'T047', '--json'], dir);
    expect(r.status).toBe(1);
    const [finding] = JSON.parse(r.stdout);
    expect(finding).toMatchObject({ task_id: 'T045', type: 'constraint' });
    expect(finding.why).toMatch(/restates what DEC-\d{8}-\d{3} corrected|negates/);
  });
});
