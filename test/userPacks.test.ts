// Behaviour follows a rule's kind, never its id: a user pack whose rules have kind "correction"
// yields exactly what the shipped corrections pack yields, through `run` and `guard`.
import { rmSync, writeFileSync } from 'node:fs';
import type { RulePack } from '../src/core/types';
import { join } from 'node:path';
import { cli, correctionsAsTeam, fixtureDir, shippedPacks, snapshotDir, writeTeamRules } from './helpers';

const NOW = '2026-03-05T00:00:00Z';
const WRONG_FACT_AGAIN = 'I sent the failing test list and the timing chart to the whole team.';

function workspace(config: object | null, extraPack: RulePack | null): string {
  const dir = fixtureDir('basic');
  if (extraPack) writeTeamRules(dir, extraPack, config);
  else if (config) writeFileSync(join(dir, 'extract.config.json'), JSON.stringify(config));
  return dir;
}

describe('a user pack with kind "correction"', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('behaves like the shipped corrections pack through run and guard', async () => {
    const shipped = shippedPacks().map((p) => p.pack);
    const team = correctionsAsTeam();
    const others = shipped.map((p) => p.pack).filter((name) => name !== 'corrections');

    const a = workspace(null, null);
    const b = workspace({ packs: others, rules: ['team-rules'] }, team);
    dirs.push(a, b);
    expect((await cli(['run', '--now', NOW], a)).status).toBe(0);
    expect((await cli(['run', '--now', NOW], b)).status).toBe(0);

    const outputs = (dir: string) => {
      const snap = snapshotDir(dir);
      delete snap['extract.config.json'];
      delete snap['team-rules/team.json'];
      return snap;
    };
    const shippedOut = outputs(a);
    const teamOut = outputs(b);
    // The correction was found and linked: a constraint that records what it corrects, and its pattern.
    const decisions = JSON.parse(teamOut['memory/decisions.json']).decisions;
    const correction = decisions.find((d: { corrects?: string | null }) => d.corrects);
    expect(correction).toMatchObject({ type: 'constraint', task_id: 'T100' });
    const patterns = teamOut['memory/patterns.jsonl'].trim().split('\n').map((l) => JSON.parse(l));
    expect(patterns.find((p: { type: string }) => p.type === 'correction')).toMatchObject({ rule: 'team/that-is-wrong', extracted_decision: correction.id });
    // Everything else is byte for byte what the shipped pack gives, the rule ids aside.
    for (const [file, text] of Object.entries(shippedOut)) {
      expect([file, teamOut[file]?.replace(/"team\//g, '"corrections/')]).toEqual([file, text]);
    }

    for (const dir of [a, b]) {
      const r = await cli(['guard', WRONG_FACT_AGAIN, '--task', 'T100', '--json'], dir);
      expect(r.status).toBe(1);
      const [finding] = JSON.parse(r.stdout);
      expect(finding).toMatchObject({ id: correction.id, type: 'constraint' });
      expect(finding.why).toMatch(/^it restates what DEC-\d{8}-\d{3} corrected/);
    }
  });
});
