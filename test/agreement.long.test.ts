// `extract run` and `extract check` agree: over generated workspaces (supersession inside a task
// and across tasks, review items accepted and rejected, several task files, a memory folder in a
// non-default place), a run followed by a check finds nothing stale whatever clock either was
// given (the stale flag is the clock's, not the discussions'), and another run changes no byte.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { extractCheck } from '../src/app/check';
import { readMemory } from '../src/io/memory';
import { acceptReview, rejectReview } from '../src/app/review';
import { extractRun } from '../src/app/run';
import { snapshotDir, tempDir } from './helpers';

type Msg = [author: string, role: 'human' | 'bot', text: string];

// Building blocks: each is a short exchange that yields a decision, a correction or a review item.
const BLOCKS: Msg[][] = [
  [
    ['dee', 'human', 'How should the weekly build reports reach the team now that the channel is gone?'],
    ['bot', 'bot', 'Two options for the weekly build reports: email them to the team, or attach them to the task discussion.'],
    ['dee', 'human', 'We decided the weekly build reports are emailed to the team.'],
  ],
  [
    ['cy', 'human', 'Where do the weekly build reports go now that everybody reads the task discussions?'],
    ['bot', 'bot', 'The weekly build reports are emailed to the whole team every Monday morning, with the failing tests attached.'],
    ['cy', 'human', "No, that's wrong. Weekly build reports must not be emailed anymore; attach them to the task discussion instead."],
  ],
  [
    ['ann', 'human', 'Who is running the Saturday training session for the junior team at the club this month?'],
    ['bot', 'bot', 'Mark will run it. Mark is a certified coach with ten years of experience running junior sessions at the club.'],
    ['ann', 'human', "No, that's wrong. Mark is not a certified coach, he is a volunteer parent, so a certified coach must supervise him."],
  ],
  [
    ['bob', 'human', 'Who leads the junior team session on Saturday? The parents keep asking who is in charge of the junior team.'],
    ['bot', 'bot', 'Several parents volunteered to help with the junior team session, and the pitch is booked from nine to eleven.'],
    ['bob', 'human', 'We decided that Mark, our certified coach, leads the junior team session on Saturday alone.'],
  ],
  [
    ['eve', 'human', 'Which queue should the billing export jobs use from now on?'],
    ['bot', 'bot', 'We could keep the Redis queue or move the billing export jobs to the Postgres queue.'],
    ['eve', 'human', "Let's go with the Postgres queue for the billing export jobs."],
  ],
  [
    ['eve', 'human', 'The billing export jobs keep failing on the Postgres queue every night.'],
    ['bot', 'bot', 'Should I move the billing export jobs back to the Redis queue?'],
    ['eve', 'human', "No, that's wrong. The billing export jobs must not use the Postgres queue; keep them on Redis."],
  ],
  [
    ['fay', 'human', 'When is the deploy window for the search index?'],
    ['bot', 'bot', 'The deploy window for the search index is Thursday at 14:00 UTC, after the freeze.'],
    ['fay', 'human', 'Yes, that is right.'],
  ],
];

const DAY = 24 * 3600 * 1000;
function discussion(blocks: readonly number[], startDay: number) {
  const out: Array<{ author: string; role: string; text: string; ts: string }> = [];
  blocks.forEach((b, k) => {
    BLOCKS[b].forEach(([author, role, text], m) => {
      out.push({ author, role, text, ts: new Date(Date.UTC(2026, 0, 1) + (startDay + k) * DAY + m * 60_000).toISOString() });
    });
  });
  return out;
}

const taskSpec = fc.record({ blocks: fc.array(fc.nat(BLOCKS.length - 1), { minLength: 1, maxLength: 3 }), day: fc.nat(40) });
const fileSpec = fc.array(taskSpec, { minLength: 1, maxLength: 3 });
const workspaceSpec = fc.record({
  files: fc.array(fileSpec, { minLength: 1, maxLength: 3 }),
  memory: fc.constantFrom<string | undefined>(undefined, 'state/mem', '../outside-memory'),
  queueAll: fc.boolean(),
  reviews: fc.array(fc.constantFrom('accept', 'reject'), { maxLength: 3 }),
  // Days after 2026-01-01 of the run's clock and of the check's: before, among and long after the discussions (decisions turn stale after 90 days).
  runDay: fc.integer({ min: 0, max: 500 }),
  checkDay: fc.integer({ min: 0, max: 500 }),
});
const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY).toISOString();

function noErrors(diagnostics: ReadonlyArray<{ severity: string; message: string }>): string[] {
  return diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
}

test('a run followed by a check finds nothing stale whatever the clocks, and another run changes no byte', async () => {
  await fc.assert(
    fc.asyncProperty(workspaceSpec, async (spec) => {
      const root = tempDir('extract-agree-');
      try {
        const dir = join(root, 'project');
        mkdirSync(dir);
        const globs: string[] = [];
        let n = 0;
        spec.files.forEach((tasks, fi) => {
          const value: Record<string, unknown> = {};
          for (const t of tasks) value[`T${++n}`] = { title: `task ${n}`, discussion: discussion(t.blocks, t.day) };
          const name = fi === 0 ? 'tasks.json' : `more/tasks-${fi}.json`;
          mkdirSync(join(dir, name, '..'), { recursive: true });
          writeFileSync(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
          globs.push(name);
        });
        const thresholds = spec.queueAll ? { decision: 10_000, review: 0.5 } : { decision: 1, review: 0.5 };
        writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ thresholds }));
        const ws = { cwd: dir, globs, memory: spec.memory };
        const now = dayOf(spec.runDay);

        const first = await extractRun({ ...ws, now });
        expect(noErrors(first.diagnostics)).toEqual([]);
        const memoryDir = join(dir, spec.memory ?? 'memory');
        const pending = (await readMemory(memoryDir, 'memory')).registry.review.filter((r) => r.status === 'pending');
        for (const [k, action] of spec.reviews.entries()) {
          const item = pending[k];
          if (!item) break;
          if (action === 'accept') await acceptReview({ ...ws, now }, item.id, {});
          else await rejectReview({ ...ws, now }, item.id, 'not a decision');
        }

        const check = await extractCheck({ ...ws, now: dayOf(spec.checkDay) });
        expect(noErrors(check.diagnostics)).toEqual([]);
        expect(check.stale).toBe(0);

        const before = { project: snapshotDir(dir), memory: snapshotDir(memoryDir) };
        const again = await extractRun({ ...ws, now });
        expect(again.summary.written).toEqual([]);
        expect({ project: snapshotDir(dir), memory: snapshotDir(memoryDir) }).toEqual(before);
        expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(before.project['tasks.json']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }),
    { numRuns: 40 },
  );
});
