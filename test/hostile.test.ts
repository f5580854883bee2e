// A hostile workspace or caller, tried as an attacker would: each test is an attack that used to
// work (data lost silently, a hang, a person impersonated, a forged line on a terminal or in a CI
// log) and now gets a clear error or a bounded, safe result.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';

describe('duplicate keys in a task file', () => {
  const discussion = (word: string) => [
    { author: 'maria', role: 'human', text: `We use ${word} for all queues from now on.` },
    { author: 'bot', role: 'bot', text: 'Understood.' },
  ];

  it('a task id given twice is an error at the second, and the file is left as it is (the first discussion is not dropped)', async () => {
    const dir = tempDir();
    const text = `{\n  "T1": ${JSON.stringify({ discussion: discussion('Redis') })},\n  "T1": ${JSON.stringify({ discussion: discussion('Kafka') })}\n}\n`;
    writeFileSync(join(dir, 'tasks.json'), text);
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('tasks.json:3:3: error: key "T1" appears a second time in the same object; file left as it is [duplicate-key]');
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(text);
    expect((await cli(['check', '--now', NOW], dir)).status).toBe(1);
  });

  it('a key twice inside a task (written with an escape the second time) is located there too', async () => {
    const dir = tempDir();
    const text = `{"T1": {"discussion": ${JSON.stringify(discussion('Redis'))},\n "disc\\u0075ssion": ${JSON.stringify(discussion('Kafka'))}}}`;
    writeFileSync(join(dir, 'tasks.json'), text);
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('tasks.json:2:2: error: key "discussion" appears a second time in the same object; file left as it is [duplicate-key]');
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(text);
  });

  it('the same key in two different objects is fine', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: discussion('Redis') }, T2: { discussion: discussion('Kafka') } }, null, 2));
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
  });
});

it('a key given twice in a hand-edited registry is an error at the second, not a silent loss', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: ['We use Redis for all queues from now on.'] } }));
  mkdirSync(join(dir, 'memory'));
  writeFileSync(join(dir, 'memory', 'decisions.json'), '{"decisions": [],\n  "decisions": []}\n');
  const r = await cli(['run', '--now', NOW], dir);
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('memory/decisions.json:2:3: key "decisions" appears a second time in the same object');
});
