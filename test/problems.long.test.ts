// A file with more problems than a function call takes arguments (150 000): every one is reported,
// by the reader, by run and by check, and in the pattern log.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractCheck } from '../src/app/check';
import { extractRun } from '../src/app/run';
import { readTaskFiles } from '../src/io/taskFile';
import { tempDir } from './helpers';

const MANY = 150_000;

describe('many problems in one file', () => {
  it('are more than a function call takes', () => {
    expect(() => [].push(...new Array<never>(MANY))).toThrow(RangeError);
  });

  it('reports every one of them', async () => {
    const dir = tempDir();
    // A message over a limit of one character, MANY times: a warning each.
    const discussion = Array.from({ length: MANY }, () => 'ab');
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion } }));
    const { files, diagnostics } = await readTaskFiles(dir, [join(dir, 'tasks.json')], { maxMessageChars: 1 });
    expect(files).toHaveLength(1);
    expect(diagnostics).toHaveLength(MANY);
    expect(diagnostics[MANY - 1]).toMatchObject({ code: 'long-message', pointer: `/T1/discussion/${MANY - 1}` });
  });

  it('run and check report them all', async () => {
    const dir = tempDir();
    // MANY tasks that are not discussed yet: a warning each.
    const tasks = Object.fromEntries(Array.from({ length: MANY }, (_, k) => [`T${k}`, { title: 'not discussed yet' }]));
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks));
    const run = await extractRun({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    expect(run.diagnostics.filter((d) => d.code === 'no-discussion')).toHaveLength(MANY);
    const check = await extractCheck({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    expect(check.diagnostics.filter((d) => d.code === 'no-discussion')).toHaveLength(MANY);
  });

  it('reads and checks a pattern log with that many bad lines', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: ['We decided the export goes to the shared drive.'] } }));
    mkdirSync(join(dir, 'memory'));
    writeFileSync(join(dir, 'memory', 'patterns.jsonl'), 'not a pattern\n'.repeat(MANY));
    const run = await extractRun({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    expect(run.diagnostics.filter((d) => d.code === 'bad-log-line')).toHaveLength(MANY);
    const check = await extractCheck({ cwd: dir, now: '2026-03-01T00:00:00Z' });
    expect(check.diagnostics.filter((d) => d.code === 'invalid-json' && d.file.endsWith('patterns.jsonl'))).toHaveLength(MANY);
  });
});
