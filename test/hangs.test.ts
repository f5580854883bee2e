// Nothing hangs: a user regex that can backtrack exponentially is refused when its pack loads,
// one the checker lets through is bounded when it runs (a warning, not a hang), and SIGTERM or
// SIGINT end a run within seconds with every file either as it was or fully written
// (SIGINT at many moments of a run: signals.long.test.ts).
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detect } from '../src/core/detect';
import { compileRule } from '../src/core/rules';
import type { Message } from '../src/core/types';
import { boundUserRules, REGEX_BUDGET_MS, REGEX_RUN_BUDGET_MS, type RegexOverrun } from '../src/app/regexBudget';
import { unsafeRegexReason } from '../src/core/regexSafety';
import { bigTasks, runUntilSignal } from './signals';
import { EXAMPLE, cli, correctionRule, shippedWords, snapshotDir, tempDir, writeTeamRules } from './helpers';

const NOW = '2026-02-05T00:00:00Z';
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('extract-hang-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function teamPack(dir: string, regex: string, match: string): void {
  writeTeamRules(dir, { pack: 'team', rules: [correctionRule('team/repeat', regex, match)] });
}

describe('user regexes', () => {
  it('refuses at load, naming the rule, a regex whose repeated alternatives overlap (no nested quantifier needed)', async () => {
    const dir = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    teamPack(dir, '(a|aa)+$', 'aaaa');
    const before = snapshotDir(dir);
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/team\.json: rule team\/repeat: regex refused \(the alternatives of a repeated group can match the same text in more than one way, at 0\); it could take exponential time/);
    // One line, as the CLI prints it.
    expect(r.stderr.split('\n')).toEqual([expect.stringMatching(/\S/), '']);
    expect(snapshotDir(dir)).toEqual(before);
  });

  it('accepts a regex that is only polynomial (bounded when it runs)', async () => {
    const dir = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    teamPack(dir, '\\bwrong\\b.*\\bagain\\b', 'wrong once again');
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
  });

  const slow = 'a'.repeat(5000) + 'b';
  const messages: Message[] = [
    { index: 0, author: 'ann', role: 'human', text: slow, ts: null },
    { index: 1, author: 'ann', role: 'human', text: slow, ts: null },
  ];
  it.each([
    ['one the linear engine can run', '(a|aa)+$'],
    ['one with a lookahead, run under a timeout', '(?:(?=a)(?:a|aa))+$'],
  ])('bounds %s: it costs a warning, not a hang', (_what, regex) => {
    const rule = compileRule({ id: 'team/slow', kind: 'correction', regex, examples: { match: [], nomatch: [] } }, shippedWords());
    const overruns: RegexOverrun[] = [];
    boundUserRules([rule], new Map([['team/slow', '/team/team.json']]), overruns);
    detect(messages, [rule]);
    // Either the linear engine took over, or the budget stopped it once and switched the rule off.
    expect(overruns.length).toBeLessThanOrEqual(1);
    for (const o of overruns) expect(o).toMatchObject({ ruleId: 'team/slow', file: '/team/team.json', chars: slow.length });
  });
});

describe('signals', () => {
  it('SIGTERM during analysis ends the run within seconds and writes nothing', async () => {
    const dir = temp();
    const text = bigTasks(1500);
    writeFileSync(join(dir, 'tasks.json'), text);
    const r = await runUntilSignal(dir, 'SIGTERM', 200, NOW);
    // The signal was sent while the run was under way (the whole run takes tens of seconds). A run
    // that went on would end with 0 and a registry written: 143 and no registry show it stopped.
    expect(r.stopMs).toBeGreaterThanOrEqual(0);
    expect(r.code).toBe(143);
    expect(r.stderr).toBe('extract: interrupted by SIGTERM; every file is either as it was or fully written\n');
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(text);
    expect(existsSync(join(dir, 'memory', 'decisions.json'))).toBe(false);
  });
});

describe('the static check of user regexes', () => {
  it.each([
    ['(a|aa)+$'],
    ['(\\w|\\d)*x'],
    ['(a?a)+b'],
    ['(?:a|b|ab)*c'],
    ['(x+x+)+y'],
    ['^(?:[a-z]|[aeiou])+!'],
    ['(?:foo(?:bar|ba)r?)+z'],
  ])('refuses %s, which can split one text into repetitions in many ways', (regex) => {
    expect(unsafeRegexReason(regex)).not.toBeNull();
  });

  it.each([['(?:ab|ac)+'], ['(a|ab)+c'], ['(?:\\w|-)+'], ['\\bwrong\\b.*\\bagain\\b'], ['(?:foo|bar)+baz'], ['\\b(?:no|nope)\\b[,.!]?'], ['(?:\\d{4}-\\d{2})']])('accepts %s', (regex) => {
    expect(unsafeRegexReason(regex)).toBeNull();
  });

  it('loads a pack of 60 user regexes at once: nothing runs per pattern at start-up but the static check', async () => {
    const dir = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    const rules = Array.from({ length: 60 }, (_, k) => correctionRule(`team/r${k}`, `\\b(?:wrong${k}|bad${k})\\b(?:\\s+\\w+){0,1}\\s+(?:again|twice)\\b`, `wrong${k} again`));
    writeTeamRules(dir, { pack: 'team', rules });
    const r = await cli(['check', '--now', NOW], dir);
    expect(r.stderr).not.toContain('refused');
    expect(r.stderr).not.toContain('team/r');
  });
});

it('user regexes have a total budget per run: one under the per-message budget cannot add up over many messages', () => {
  // A lookahead (so no linear engine) that takes some milliseconds on each message, under a
  // generous per-message budget, against a run budget made small so the test is quick.
  const rule = compileRule({ id: 'team/slowish', kind: 'correction', regex: '(?=a.*a.*a.*a.*b)', examples: { match: [], nomatch: [] } }, shippedWords());
  const overruns: RegexOverrun[] = [];
  const budgets = { messageMs: 5_000, runMs: 300 };
  boundUserRules([rule], new Map([['team/slowish', '/team/team.json']]), overruns, budgets);
  // The cost grows with the fourth power of the length: some 20 ms a message, 400 of them would take seconds.
  const text = 'a'.repeat(60);
  const many: Message[] = Array.from({ length: 400 }, (_, index) => ({ index, author: 'ann', role: 'human', text, ts: null }));
  detect(many, [rule]);
  // One overrun of the run's budget, and the rule off after it: the 400 messages did not each pay.
  expect(overruns).toEqual([expect.objectContaining({ ruleId: 'team/slowish', total: true })]);
  // The run's budget is the shipped default unless told otherwise.
  expect(REGEX_RUN_BUDGET_MS).toBeGreaterThan(REGEX_BUDGET_MS);
});
