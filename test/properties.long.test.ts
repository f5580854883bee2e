// Laws of the write-back, checked over random task files with fast-check:
// every key a person owns survives byte-identical in value and order, and a second run on the
// output changes nothing (idempotence).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { extractRun } from '../src/app/run';
import { tempDir } from './helpers';

const phrases = [
  'Please publish the report in the task discussion.',
  'I posted the report to Telegram.',
  "No, that's wrong. Reports must go in the discussion array.",
  'Would you like me to move it?',
  'Yes please.',
  "Let's go with the Postgres queue.",
  'When is the deploy window?',
  'The deploy window is Thursday.',
  'We decided to keep the old API until June because clients still use it.',
  'Can you update the changelog by Friday?',
  'ok',
];

const message = fc.oneof(
  fc.constantFrom(...phrases),
  fc.record({ author: fc.constantFrom('ana', 'bot'), role: fc.constantFrom('human', 'assistant', 'user'), text: fc.constantFrom(...phrases) }),
);
const userKey = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== 'discussion' && k !== 'extracted_state');
const userValue = fc.jsonValue({ maxDepth: 2 });
const task = fc.tuple(fc.dictionary(userKey, userValue, { maxKeys: 4 }), fc.option(fc.array(message, { maxLength: 8 }), { nil: undefined }));
const taskFile = fc.dictionary(fc.stringMatching(/^[A-Z]{1,3}-?[0-9]{1,4}$/), task, { minKeys: 1, maxKeys: 4 });

function withoutState(value: Record<string, Record<string, unknown>>): Array<[string, Array<[string, unknown]>]> {
  return Object.entries(value).map(([id, t]) => [id, Object.entries(t).filter(([k]) => k !== 'extracted_state')]);
}

test('user keys are untouched and a second run is a no-op', async () => {
  await fc.assert(
    fc.asyncProperty(taskFile, fc.constantFrom(0, 2, 4, '\t'), async (spec, indent) => {
      const value: Record<string, Record<string, unknown>> = {};
      for (const [id, [user, discussion]] of Object.entries(spec)) {
        value[id] = discussion === undefined ? { ...user } : { ...user, discussion };
      }
      const dir = tempDir('extract-prop-');
      const file = join(dir, 'tasks.json');
      const original = JSON.stringify(value, null, indent);
      writeFileSync(file, original);
      await extractRun({ cwd: dir, now: '2026-01-01T00:00:00Z' });
      const once = readFileSync(file, 'utf8');
      const parsed = JSON.parse(once) as Record<string, Record<string, unknown>>;
      expect(withoutState(parsed)).toEqual(withoutState(JSON.parse(original)));
      for (const [id, t] of Object.entries(parsed)) {
        expect('extracted_state' in t).toBe(Array.isArray(value[id].discussion));
      }
      const memoryBefore = readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8') + readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8');
      await extractRun({ cwd: dir, now: '2026-06-01T00:00:00Z' });
      expect(readFileSync(file, 'utf8')).toBe(once);
      expect(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8') + readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8')).toBe(memoryBefore);
    }),
    { numRuns: 40 },
  );
});
