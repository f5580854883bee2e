// Hostile task files, generated: random JSON where strings, arrays and objects are expected,
// huge and deeply nested values, odd Unicode, broken bytes. A run exits 0 or 1, never writes a
// file (or a task) it reported as bad, and a second run changes no byte.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { cli, snapshotDir, tempDir } from './helpers';

const oddText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom('\u0000', '\uFEFFNo, that\u2019s wrong.', 'e\u0301\u200d\u202e', '\uD800', 'Yes?', "Let's go with Redis.", '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 must go in the discussion array.', '') },
  { weight: 1, arbitrary: fc.constant('x'.repeat(25_000)) },
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const message = fc.oneof(
  { weight: 4, arbitrary: oddText },
  { weight: 3, arbitrary: fc.record({ text: fc.oneof(oddText, anyJson), author: fc.oneof(oddText, anyJson), role: fc.oneof(fc.constantFrom('user', 'assistant', 'human', 'bot', 'participant'), anyJson), ts: fc.oneof(fc.constantFrom('2026-01-01T00:00:00Z', 'yesterday', ''), fc.integer(), anyJson) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: anyJson },
);
const discussion = fc.oneof({ weight: 5, arbitrary: fc.array(message, { maxLength: 6 }) }, { weight: 1, arbitrary: anyJson });
const task = fc.oneof(
  { weight: 6, arbitrary: fc.record({ title: fc.oneof(oddText, anyJson), discussion, extracted_state: anyJson }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: anyJson },
);
const taskId = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'T1', 'toString', '', '🚀', 'a/b~c'), fc.string({ maxLength: 6 }));
function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}
/** The file's bytes: JSON of a (mostly) task-shaped value, or something that is not valid JSON at all. */
const fileBytes = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.dictionary(taskId, task, { maxKeys: 4 }), fc.constantFrom(0, 2, '\t')).map(([v, indent]) => Buffer.from(JSON.stringify(v, null, indent))) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v))) },
  { weight: 1, arbitrary: fc.constantFrom(600, 100).map((d) => Buffer.from(JSON.stringify({ T1: { discussion: [deep(d)] } }))) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => Buffer.from(`{"T1": {"discussion": ["${s}`)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 30 }).map((b) => Buffer.concat([Buffer.from('{"T1": {"discussion": ["'), Buffer.from(b), Buffer.from('"]}}')])) },
);

const FILE_LEVEL = new Set(['invalid-json', 'too-deep', 'duplicate-key', 'invalid-utf8', 'invalid-task-file']);

interface Diag {
  code: string;
  severity: string;
  file: string;
  pointer?: string;
}

test('hostile task files: exit 0 or 1, nothing reported bad is written, a second run changes no byte', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fileBytes, { minLength: 1, maxLength: 2 }), async (files) => {
      const dir = tempDir('extract-fuzz-');
      const names = files.map((_, i) => `tasks-${i}.json`);
      files.forEach((bytes, i) => writeFileSync(join(dir, names[i]), bytes));
      const first = await cli(['run', ...names, '--json', '--now', '2026-01-01T00:00:00Z'], dir, { env: {} });
      expect([0, 1]).toContain(first.status);
      expect(first.stderr).toBe('');
      const report = JSON.parse(first.stdout) as { diagnostics: Diag[] };
      for (const [i, name] of names.entries()) {
        const mine = report.diagnostics.filter((d) => d.file === name && d.severity === 'error');
        const after = readFileSync(join(dir, name));
        if (mine.some((d) => FILE_LEVEL.has(d.code))) {
          expect(after.equals(files[i])).toBe(true);
          continue;
        }
        // A task reported as bad is left exactly as it was.
        const badTasks = new Set(mine.filter((d) => d.code === 'schema').map((d) => (d.pointer ?? '').split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~')));
        if (badTasks.size === 0) continue;
        const before = JSON.parse(files[i].toString('utf8')) as Record<string, unknown>;
        const now = JSON.parse(after.toString('utf8')) as Record<string, unknown>;
        for (const id of badTasks) expect(JSON.stringify(Object.getOwnPropertyDescriptor(now, id!)?.value)).toBe(JSON.stringify(Object.getOwnPropertyDescriptor(before, id!)?.value));
      }
      const once = snapshotDir(dir);
      const second = await cli(['run', ...names, '--json', '--now', '2026-02-01T00:00:00Z'], dir, { env: {} });
      expect([0, 1]).toContain(second.status);
      expect(snapshotDir(dir)).toEqual(once);
    }),
    { numRuns: 40 },
  );
});
