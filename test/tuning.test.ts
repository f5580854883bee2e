// The analysis's thresholds and windows come from one tuning object: a config may change any of
// them, the change is part of the engine fingerprint (so it re-analyses), and a bad value is a
// one-line config error.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TUNING, tuningOf } from '../src/core/tuning';
import { schemaProblems } from '../src/io/schemas';
import { cli, fixtureDir } from './helpers';

const NOW = '2026-01-01T00:00:00Z';
const LONG = 'All task work must go in the discussion array of the task, not Telegram.';

function statements(dir: string): string[] {
  return (JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions as Array<{ statement: string }>).map((d) => d.statement);
}

const engineOf = (dir: string) => readFileSync(join(dir, 'memory', '.engine'), 'utf8');

describe('tuning', () => {
  it('merges a partial tuning over the shipped values; the older staleAfterDays key wins', () => {
    const t = tuningOf({ tuning: { candidates: { statementMaxWords: 12 } } });
    expect(t.candidates).toEqual({ ...DEFAULT_TUNING.candidates, statementMaxWords: 12 });
    expect(t.decide).toEqual(DEFAULT_TUNING.decide);
    expect(tuningOf({ tuning: { relate: { staleAfterDays: 10 } }, staleAfterDays: 30 }).relate.staleAfterDays).toBe(30);
    expect(tuningOf({ tuning: { relate: { staleAfterDays: 10 } } }).relate.staleAfterDays).toBe(10);
  });

  it('has a schema entry for every field, and the shipped values pass it', () => {
    const schema = JSON.parse(readFileSync(join(__dirname, '..', 'schemas', 'config.schema.json'), 'utf8')).properties.tuning;
    const keys = (o: Record<string, unknown>) => Object.keys(o).sort();
    expect(keys(schema.properties)).toEqual(keys(DEFAULT_TUNING as unknown as Record<string, unknown>));
    for (const [stage, fields] of Object.entries(DEFAULT_TUNING)) expect(keys(schema.properties[stage].properties)).toEqual(keys(fields));
    expect(schemaProblems('config', { tuning: DEFAULT_TUNING })).toEqual([]);
  });

  it('re-analyses with a changed value and honours it: a lower statement limit cuts a long statement', async () => {
    const dir = fixtureDir('example');
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    expect(statements(dir)).toContain(LONG);
    const before = engineOf(dir);

    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ tuning: { candidates: { statementMaxWords: 12 } } }));
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(0);
    expect(engineOf(dir)).not.toBe(before);
    expect(r.stdout).toMatch(/8 tasks \(8 analysed\)/);
    expect(statements(dir)).toContain('All task work must go in the discussion array of the task.');

    // From scratch, the long form is never made.
    const fresh = fixtureDir('example');
    writeFileSync(join(fresh, 'extract.config.json'), JSON.stringify({ tuning: { candidates: { statementMaxWords: 12 } } }));
    expect((await cli(['run', '--now', NOW], fresh)).status).toBe(0);
    expect(statements(fresh)).not.toContain(LONG);
    expect(statements(fresh)).toContain('All task work must go in the discussion array of the task.');
  });

  it('refuses an invalid or unknown tuning value in one line naming its JSON pointer', async () => {
    const dir = fixtureDir('example');
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ tuning: { candidates: { statementMaxWords: 0 } } }));
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/\/tuning\/candidates\/statementMaxWords must be >= 1/);

    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ tuning: { decide: { spacing: 3 } } }));
    const u = await cli(['run', '--now', NOW], dir);
    expect(u.status).toBe(2);
    expect(u.stderr).toMatch(/\/tuning\/decide .*spacing/);
  });
});
