// Faults and hostile input: nothing a person wrote is lost, every file stays whole, and bad input
// gets a clear error in bounded time (kill -9 mid-run and a 50 MB message: faults.long.test.ts).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRun } from '../src/app/run';
import { EXAMPLE, cli, correctionRule, tempDir, writeTeamRules } from './helpers';

const NOW = '2026-03-05T00:00:00Z';

describe('a person editing while a run is in flight', () => {
  it('keeps their edit and extracts the new content', async () => {
    const dir = tempDir();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    await extractRun({
      cwd: dir,
      now: NOW,
      beforeCommit: async (attempt) => {
        if (attempt > 0) return;
        const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
        tasks.T046.status = 'done';
        tasks.T046.discussion.push({ author: 'sam', role: 'user', text: 'Migration merged, closing this.' });
        writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
      },
    });
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(after.T046.status).toBe('done');
    expect(after.T046.discussion).toHaveLength(8);
    expect(after.T046.extracted_state.topics.flatMap((t: { messages: number[] }) => t.messages)).toContain(7);
  });

  it('reports a conflict and leaves the file as the person left it when it keeps changing', async () => {
    const dir = tempDir();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    let n = 0;
    const result = await extractRun({
      cwd: dir,
      now: NOW,
      beforeCommit: async () => {
        const tasks = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
        tasks.T048.edits = ++n;
        writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
      },
    });
    expect(result.summary.conflicts).toBe(1);
    expect(result.diagnostics.map((d) => d.code)).toContain('conflict');
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(after.T048.edits).toBe(n);
    expect(after.T045.extracted_state).toBeUndefined();
  });
});

describe('hostile input', () => {
  it('never pollutes prototypes through __proto__ or constructor keys', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'tasks.json'),
      '{"__proto__": {"polluted": true, "discussion": ["No, that is wrong. Results must go in the task."]}, "constructor": {"prototype": {"polluted": true}, "discussion": [{"__proto__": {"text": "x"}, "text": "hello", "constructor": "y"}]}}',
    );
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(0);
    const after = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    expect(Object.keys(after)).toEqual(['__proto__', 'constructor']);
    expect(Object.prototype.hasOwnProperty.call(after, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const decisions = JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions;
    expect(decisions.map((d: { task_id: string }) => d.task_id)).toEqual([]);
  });

  it('refuses invalid UTF-8 with its line and column and writes nothing to the file', async () => {
    const dir = tempDir();
    const bytes = Buffer.concat([Buffer.from('{\n  "T1": {"discussion": ["caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"]}\n}\n')]);
    writeFileSync(join(dir, 'tasks.json'), bytes);
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/tasks\.json:2:29: error: invalid UTF-8 byte 0xc3; file left as it is \[invalid-utf8\]/);
    expect(readFileSync(join(dir, 'tasks.json')).equals(bytes)).toBe(true);
  });

  it('refuses a user rule pack with a catastrophic regex at load, and one whose examples fail', async () => {
    const dir = tempDir();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    const pack = (regex: string, match: string) => ({ pack: 'team', rules: [correctionRule('team/evil', regex, match)] });
    writeTeamRules(dir, pack('(a+)+$', 'aaaa'));
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/team\.json: rule team\/evil: regex refused \(nested quantifier.*\); it could take exponential time/);
    writeFileSync(join(dir, 'team-rules', 'team.json'), JSON.stringify(pack('\\bwrong\\b', 'this is right')));
    const r2 = await cli(['run', '--now', NOW], dir);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/rule team\/evil: example "this is right" should match/);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(readFileSync(EXAMPLE, 'utf8'));
  });
});
