// The decision scorer: fitting is deterministic and learns what the labels say, a decision records
// the features that weighed most, the bands follow certainty and importance, features never name a
// content word, and a team's own weights (config `scorer`) replace the shipped ones.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { bandOf, settledInDiscussion } from '../src/core/decide';
import { candidateClauses } from '../src/core/pipeline';
import { fitModels, scoreCandidate, type Example, type ScorerModel } from '../src/core/scorer';
import { describeFeature, valueFeatures } from '../src/core/clauseFeatures';
import { schemaProblems } from '../src/io/schemas';
import { cli, fixtureDir, ROOT, shippedEngine, tempDir } from './helpers';

const engine = shippedEngine();
const shipped = JSON.parse(readFileSync(join(ROOT, 'rules', 'models', 'decision-scorer.json'), 'utf8')) as ScorerModel;

/** Examples where `signal` marks the decisions and `noise` is on every other one. */
function toyExamples(): Example[] {
  const out: Example[] = [];
  for (let i = 0; i < 40; i++) {
    const positive = i % 3 === 0;
    out.push({ features: [positive ? 'act:rule' : 'act:smalltalk', i % 2 === 0 ? 'value:number' : 'words:3-5'], positive, type: positive ? (i % 2 === 0 ? 'constraint' : 'decision') : undefined, group: String(i % 4) });
  }
  return out;
}

describe('fitting', () => {
  it('is deterministic: the same examples give the same weights, to the last digit', () => {
    expect(JSON.stringify(fitModels(toyExamples()))).toBe(JSON.stringify(fitModels(toyExamples())));
  });

  it('learns what separates decisions from the rest, and their type', () => {
    const { decision, types } = fitModels(toyExamples());
    expect(decision.weights['act:rule']).toBeGreaterThan(0);
    expect(decision.weights['act:smalltalk']).toBeLessThan(0);
    const model: ScorerModel = { ...shipped, decision, types };
    expect(scoreCandidate(model, ['act:rule']).score).toBeGreaterThan(0.5);
    expect(scoreCandidate(model, ['act:smalltalk']).score).toBeLessThan(0.5);
    expect(scoreCandidate(model, ['act:rule', 'value:number']).type).toBe('constraint');
  });

  it('weighs whether a cue matched, not the type its phrase list guessed, in the decision model; the type models weigh that type', () => {
    const examples: Example[] = [];
    for (let i = 0; i < 40; i++) {
      const positive = i % 2 === 0;
      const hint = positive ? (i % 4 === 0 ? 'hint:constraint' : 'hint:decision') : i % 4 === 1 ? 'hint:decision' : 'hint:none';
      examples.push({ features: [hint, `speaker:owner&${hint}`, positive ? 'act:rule' : 'act:smalltalk'], positive, type: positive ? (hint === 'hint:constraint' ? 'constraint' : 'decision') : undefined, group: String(i % 4) });
    }
    const { decision, types } = fitModels(examples);
    expect(Object.keys(decision.weights).filter((f) => f.includes('hint:') && !f.includes('hint:none'))).toEqual([]);
    expect(decision.weights['hint:none']).toBeLessThan(0);
    expect(types.constraint.weights['hint:constraint']).toBeGreaterThan(0);
  });

  it("fits the type models on what a clause says and how, never on who says it or how the dialogue went", () => {
    // Here the owner happens to say every rule: a type model that weighed the speaker would learn
    // this writer's habit, and call the next owner's choice a rule.
    const examples: Example[] = [];
    for (let i = 0; i < 40; i++) {
      const positive = i % 2 === 0;
      const rule = i % 4 === 0;
      const features = [rule ? 'act:rule' : 'act:decision', rule ? 'speaker:owner' : 'speaker:other-person', rule ? 'next:person-confirms' : 'next:agent-asks', rule ? 'speaker:owner&hint:constraint' : 'origin:clause&hint:decision'];
      examples.push({ features, positive, type: positive ? (rule ? 'constraint' : 'decision') : undefined, group: String(i % 4) });
    }
    const { decision, types } = fitModels(examples);
    for (const t of Object.values(types)) for (const f of Object.keys(t.weights)) expect(f.split('&')[0]).toMatch(/^(act|value|form|hint|words|origin|verdict|strength|clause|proposal):/);
    expect(types.constraint.weights['act:rule']).toBeGreaterThan(0);
    expect(types.decision.weights['origin:clause&hint:decision']).toBeGreaterThan(0);
    // The decision model still weighs the dialogue.
    expect(Object.keys(decision.weights)).toEqual(expect.arrayContaining(['speaker:owner', 'next:person-confirms']));
    expect(scoreCandidate({ ...shipped, decision, types }, ['act:rule', 'speaker:other-person']).type).toBe('constraint');
  });

  it('writes byte-identical weights when `npm run train` runs twice on the same labelled data', () => {
    const data = tempDir();
    const tasks = {
      T1: { discussion: [
        { author: 'ops-bot', role: 'bot', text: 'Should the nightly export go to the shared drive or to S3?' },
        { author: 'kim', role: 'human', text: 'S3, and keep it for 30 days. Thanks!' },
        { author: 'ops-bot', role: 'bot', text: 'Understood: S3, kept 30 days.' },
      ] },
      T2: { discussion: [
        { author: 'ops-bot', role: 'bot', text: 'The deploy failed twice this week. Shall I add a retry?' },
        { author: 'lee', role: 'human', text: 'No retries. We fix the flaky test instead. My laptop took 15 minutes for the suite.' },
      ] },
    };
    const gold = {
      T1: { writer: 'A', decisions: [{ id: 'T1.1', message: 1, type: 'decision', must: ['s3'] }] },
      T2: { writer: 'B', decisions: [{ id: 'T2.1', message: 1, type: 'constraint', must: ['retries'] }] },
    };
    writeFileSync(join(data, 'tasks.json'), JSON.stringify(tasks));
    writeFileSync(join(data, 'gold.json'), JSON.stringify(gold));
    const train = (out: string) => spawnSync(process.execPath, [join(ROOT, 'scripts', 'train.js'), '--data', data, '--out', join(data, out), '--seed', '7'], { encoding: 'utf8' });
    expect(train('a.json').status).toBe(0);
    expect(train('b.json').status).toBe(0);
    const a = readFileSync(join(data, 'a.json'), 'utf8');
    expect(a).toBe(readFileSync(join(data, 'b.json'), 'utf8'));
    const model = JSON.parse(a);
    expect(schemaProblems('decision-scorer', model)).toEqual([]);
    expect(model.trained).toMatchObject({ seed: 7, writers: ['A', 'B'] });
    expect(model.trained.data).toMatch(/^sha256:[0-9a-f]{64}$/);
    // --check writes nothing and says whether a model file is what fitting gives now.
    const check = (out: string) => spawnSync(process.execPath, [join(ROOT, 'scripts', 'train.js'), '--data', data, '--out', join(data, out), '--seed', '7', '--check'], { encoding: 'utf8' });
    expect(check('a.json').status).toBe(0);
    writeFileSync(join(data, 'b.json'), a.replace(/"bias": -?[0-9.]+/, '"bias": 9'));
    const stale = check('b.json');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/b\.json is not what fitting gives now/);
    expect(readFileSync(join(data, 'b.json'), 'utf8')).not.toBe(a);
  });
});

describe('choosing the thresholds', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { bestOnGrid } = require('../scripts/train') as { bestOnGrid: (grid: Map<string, number>) => { registry: number; review: number } };
  const gridOf = (value: (r: number, q: number) => number) => {
    const grid = new Map<string, number>();
    for (let r = 20; r <= 90; r += 5) for (let q = 10; q <= r - 10; q += 5) grid.set(`${r},${q}`, value(r, q));
    return grid;
  };

  it('takes the middle of a broad plateau over a single higher point at its edge', () => {
    const plateau = (r: number, q: number) => (Math.abs(r - 50) <= 5 && Math.abs(q - 30) <= 5 ? 1.3 : 1.0);
    const grid = gridOf(plateau);
    grid.set('65,40', 1.31);
    expect(bestOnGrid(grid)).toEqual({ registry: 0.5, review: 0.3 });
  });

  it('judges each pair of a grid in hundredths with the pairs within eight hundredths of it', () => {
    const fine = new Map<string, number>();
    for (let r = 20; r <= 90; r++) for (let q = 10; q <= r - 10; q++) fine.set(`${r},${q}`, Math.abs(r - 50) <= 8 && Math.abs(q - 30) <= 8 ? 1.3 - 0.001 * (Math.abs(r - 50) + Math.abs(q - 30)) : 1.0);
    fine.set('62,45', 1.35);
    expect(bestOnGrid(fine)).toEqual({ registry: 0.5, review: 0.3 });
    // A ridge a little higher than the plateau but only ten hundredths across is too narrow to hold
    // a pair when a refit shifts the figure: the plateau's middle wins.
    const ridged = new Map<string, number>();
    const inside = (r: number, q: number, cr: number, cq: number, w: number) => Math.abs(r - cr) <= w && Math.abs(q - cq) <= w;
    for (let r = 20; r <= 90; r++) for (let q = 10; q <= r - 10; q++) ridged.set(`${r},${q}`, inside(r, q, 70, 45, 5) ? 1.33 : inside(r, q, 45, 25, 10) ? 1.3 : 1.0);
    const chosen = bestOnGrid(ridged);
    expect([Math.abs(chosen.registry - 0.45) <= 0.05, Math.abs(chosen.review - 0.25) <= 0.05]).toEqual([true, true]);
  });

  it("counts each writer the same: a small writer's decisions are not traded for a large writer's false ones", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { thresholdsOfScored } = require('../scripts/train') as { thresholdsOfScored: (scored: object[], golds: Map<string, number>) => { registry: number; review: number } };
    const clause = (group: string, score: number, gold: string | null) => ({ group, gold, score, band: 'decision', features: [] });
    // Writer A: twenty decisions scored 0.8 and twenty other clauses at 0.42. Writer B: its two
    // decisions score 0.42. Pooled, keeping B's two would cost twenty false records of A's; each
    // writer counted the same, B's two are worth A's twenty.
    const scored = [
      ...Array.from({ length: 20 }, (_, k) => clause('A', 0.8, `A${k}`)),
      ...Array.from({ length: 20 }, () => clause('A', 0.42, null)),
      clause('B', 0.42, 'B0'),
      clause('B', 0.42, 'B1'),
    ];
    const chosen = thresholdsOfScored(scored, new Map([['A', 20], ['B', 2]]));
    expect(chosen.review).toBeLessThanOrEqual(0.42);
  });

  it('takes the highest point where the figure rises to one peak', () => {
    expect(bestOnGrid(gridOf((r, q) => 2 - Math.abs(r - 35) / 100 - Math.abs(q - 20) / 100))).toEqual({ registry: 0.35, review: 0.2 });
  });
});

describe('the shipped scorer', () => {
  it('is valid, names how it was fitted, and weighs only general features', () => {
    expect(schemaProblems('decision-scorer', shipped)).toEqual([]);
    expect(shipped.trained.command).toMatch(/^npm run train/);
    const families = /^(act|value|words|speaker|message|answers|verdict|next|dialogue|form|clause|hint|strength|origin|proposal|accepted|accepted-by|importance|sibling|later):[a-z0-9@_+-]+$/;
    for (const feature of Object.keys(shipped.decision.weights)) for (const part of feature.split('&')) expect(part).toMatch(families);
    // The type models weigh only what a clause says and how.
    for (const t of Object.values(shipped.types)) for (const feature of Object.keys(t.weights)) expect(feature.split('&')[0]).toMatch(/^(act|value|form|hint|words|origin|verdict|strength|clause|proposal):/);
  });

  it('explains a score by the present features that pushed it up, strongest first', () => {
    const present = Object.entries(shipped.decision.weights).sort((a, b) => b[1] - a[1]);
    const [top, second] = present;
    const negative = present[present.length - 1];
    const scored = scoreCandidate(shipped, [second[0], negative[0], top[0]]);
    expect(scored.weighed).toEqual([top[0], second[0]]);
    expect(describeFeature('speaker:person')).toBe('said by a person');
    expect(describeFeature('act:rule@start')).toBe('opens with a rule cue');
  });

  it('says every feature the shipped models weigh in words, never by its name', () => {
    const names = new Set([...Object.keys(shipped.decision.weights), ...Object.values(shipped.types).flatMap((t) => Object.keys(t.weights))]);
    const unsaid = [...names].filter((f) => /[a-z]+:[a-z]/.test(describeFeature(f)));
    expect(unsaid).toEqual([]);
  });
});

describe('bands', () => {
  const t = { registry: 0.6, review: 0.3 };
  const bands = ['raw', 'review', 'decision'] as const;
  const importance = fc.constantFrom('decision' as const, 'review' as const, 'raw' as const);

  it('never puts a more certain candidate in a lower band (the same importance, settled or not)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), importance, fc.boolean(), (a, b, imp, settled) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(bands.indexOf(bandOf(hi, imp, settled, t))).toBeGreaterThanOrEqual(bands.indexOf(bandOf(lo, imp, settled, t)));
      }),
    );
  });

  it('records nothing the scorer rejects, and nothing in a negligible stretch unless a person settled it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), importance, fc.boolean(), (score, imp, settled) => {
        const band = bandOf(score, imp, settled, t);
        if (score < t.review) expect(band).toBe('raw');
        if (imp === 'raw' && !settled) expect(band).not.toBe('decision');
        if (score >= t.review && score < t.registry) expect(band).not.toBe('decision');
      }),
    );
    expect(settledInDiscussion(['next:person-confirms'])).toBe(true);
    expect(settledInDiscussion(['verdict:correction'])).toBe(true);
    expect(settledInDiscussion(['act:rule'])).toBe(false);
  });
});

describe('features', () => {
  it('never name a content word of the discussion', () => {
    // Invented words (no vocabulary of any list has them) written into every kind of message.
    const word = fc.stringMatching(/^[qxz][a-z]{7,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 3, maxLength: 6 }), (words) => {
        const [a, b, c] = words;
        const discussion = [
          { author: 'ops-bot', role: 'bot', text: `Should we use ${a} or ${b} for the ${c}? Options:\n1. ${a}\n2. ${b}` },
          { author: 'kim', role: 'human', text: `${a}. We never use ${b} for the ${c}, because ${words.join(' ')} is 40 EUR.` },
          { author: 'ops-bot', role: 'bot', text: `Understood: ${a} for the ${c}.` },
          { author: 'lee', role: 'human', text: `Thanks, ${c} looks good!` },
        ];
        const { candidates } = candidateClauses('T1', discussion, engine);
        expect(candidates.length).toBeGreaterThan(0);
        for (const w of candidates) for (const f of w.features) for (const x of words) expect(f.toLowerCase()).not.toContain(x);
      }),
      { numRuns: 25 },
    );
  });

  it('read a value by its notation, and a decimal as neither a time, a date nor a file', () => {
    expect(valueFeatures('0.03 for both.')).toEqual(['value:number']);
    expect(valueFeatures('It took 1.5 hours.')).toEqual(['value:number']);
    expect(valueFeatures('The rate goes to 0.45 per page.')).toEqual(['value:number']);
    expect(valueFeatures('Meet at 9.30 then.')).toContain('value:time');
    expect(valueFeatures('Standup at 14:30.')).toContain('value:time');
    expect(valueFeatures('Due 14.3., not later.')).toContain('value:date');
    expect(valueFeatures('Due 14/3.')).toContain('value:date');
    expect(valueFeatures('Set LOG_LEVEL in values-prod.yaml.')).toContain('value:code');
  });

  it('read an agent question followed by a note as an offer, and a plain report as none', () => {
    const replyTo = (agentText: string) => {
      const discussion = [
        { author: 'ilse', role: 'human' as const, text: 'The gym needs a written policy for pausing memberships.' },
        { author: 'desk-agent', role: 'bot' as const, text: agentText },
        { author: 'ilse', role: 'human' as const, text: 'The desk manager signs off on pauses longer than 3 months.' },
      ];
      return candidateClauses('T1', discussion, engine).candidates.filter((w) => w.c.p === 2);
    };
    // A question that quotes a word ('"hold"') still asks.
    for (const question of ['Something else: who signs off on long pauses? The backlog was all sitting with Tomasz.', 'Is "hold" the right label for the pause form? The backlog was all sitting with Tomasz.']) {
      const asked = replyTo(question);
      expect(asked.length).toBeGreaterThan(0);
      for (const w of asked) expect(w.features).toContain('dialogue:agent-offers');
    }
    // A report, and one that quotes a question it does not ask.
    for (const report of ['Pause requests last quarter: 96 in total. The backlog was all sitting with Tomasz.', 'One member wrote: "Why is this so slow?" The backlog was all sitting with Tomasz.']) {
      const reported = replyTo(report);
      expect(reported.length).toBeGreaterThan(0);
      for (const w of reported) expect(w.features).not.toContain('dialogue:agent-offers');
    }
  });
});

describe('a team scorer (config `scorer`)', () => {
  /** The shipped scorer with a bias that accepts or rejects every candidate. */
  function biased(dir: string, bias: number): void {
    writeFileSync(join(dir, 'team-scorer.json'), JSON.stringify({ ...shipped, decision: { bias, weights: {} } }));
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ scorer: 'team-scorer.json' }));
  }
  const decisions = (dir: string) => JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions as Array<{ statement: string; scorer?: { score: number } }>;

  it('replaces the shipped weights: one that rejects everything records nothing from discussions with an agent, one that accepts everything records more', async () => {
    const none = fixtureDir('example');
    biased(none, -20);
    const all = fixtureDir('example');
    biased(all, 20);
    const shippedDir = fixtureDir('example');
    for (const dir of [none, all, shippedDir]) expect((await cli(['run', '--now', '2026-02-05T00:00:00Z'], dir)).status).toBe(0);
    expect(decisions(none).filter((d) => d.scorer)).toEqual([]);
    expect(decisions(all).length).toBeGreaterThan(decisions(shippedDir).length);
    expect(decisions(all).every((d) => !d.scorer || d.scorer.score === 1)).toBe(true);
  });

  it('refuses a scorer file that is not one, naming the file and the pointer', async () => {
    const dir = fixtureDir('example');
    writeFileSync(join(dir, 'team-scorer.json'), JSON.stringify({ model: 'decision-scorer', thresholds: { registry: 2, review: 0 } }));
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ scorer: 'team-scorer.json' }));
    const r = await cli(['run'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/team-scorer\.json: .*\/thresholds\/registry/);
  });

  it('shows the features that weighed most in `extract why`', async () => {
    const dir = fixtureDir('example');
    await cli(['run', '--now', '2026-02-05T00:00:00Z'], dir);
    const scored = JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions.find((d: { scorer?: unknown }) => d.scorer);
    const r = await cli(['why', scored.id], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`  weighed: ${scored.scorer.weighed.map(describeFeature).join(', ')} (score ${scored.scorer.score})`);
  });
});
