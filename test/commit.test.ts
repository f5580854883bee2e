// Memory that commits: what a run writes passes `check` at any later time, on the example
// (on a generated 300-task file: commit.long.test.ts), through the library as through the CLI.
import * as api from '../src/index';
import { cli, fixtureDir } from './helpers';

const errorsOf = (r: { diagnostics: ReadonlyArray<{ severity: string; message: string }> }) => r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);

describe('the example', () => {
  it('run --now then check (clock now) passes, in the CLI and the library', async () => {
    const dir = fixtureDir('example');
    expect((await cli(['run', '--now', '2026-05-01T00:00:00Z'], dir)).status).toBe(0);
    const r = await cli(['check'], dir, { now: '2026-11-27T00:00:00Z' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);

    const lib = fixtureDir('example');
    expect(errorsOf(await api.extract({ cwd: lib, now: '2026-05-01T00:00:00Z' }))).toEqual([]);
    const checked = await api.check({ cwd: lib });
    expect(errorsOf(checked)).toEqual([]);
    expect(checked.stale).toBe(0);
  });
});
