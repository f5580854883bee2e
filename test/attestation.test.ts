// Fitting reads each writer's clauses without the cue phrases only that writer's discussions
// contain: which writers attest a phrase, the engine that leaves phrases out, and the examples
// training builds with it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadEngine, loadEngineWithout, shippedCuePhrases } from '../src/app/engine';
import { soleWriters } from '../src/core/attestation';
import { candidateClauses } from '../src/core/pipeline';
import { DEFAULT_CONFIG } from '../src/core/types';
import { ROOT, tempDir } from './helpers';

describe('the one writer who attests a phrase', () => {
  const texts = new Map([
    ['A', ['Let’s go with Redis.', 'Please book the room.']],
    ['B', ['Ok, let us book it.', 'We decided to wait.']],
  ]);

  it('is named for a phrase only one writer says, matched as a cue is (whole words, typographic apostrophes folded)', () => {
    const sole = soleWriters(["let's go with", 'we decided', 'book', 'ok', 'nobody says this'], texts);
    expect(sole.get("let's go with")).toBe('A');
    expect(sole.get('we decided')).toBe('B');
    // Both say "book"; nobody says the last phrase; "ok" is a word of B's, not the end of "book".
    expect(sole.has('book')).toBe(false);
    expect(sole.has('nobody says this')).toBe(false);
    expect(sole.get('ok')).toBe('B');
  });

  it('is the writer whose texts hold the word, for exactly the words one writer uses', () => {
    const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'omega');
    const writerTexts = fc.array(fc.array(word, { maxLength: 6 }).map((ws) => ws.join(' ')), { maxLength: 3 });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('A', 'B', 'C'), writerTexts), (byWriter) => {
        const map = new Map(Object.entries(byWriter));
        const sole = soleWriters(['alpha', 'beta', 'gamma', 'delta', 'omega'], map);
        for (const w of ['alpha', 'beta', 'gamma', 'delta', 'omega']) {
          const users = [...map].filter(([, ts]) => ts.some((t) => t.split(' ').includes(w))).map(([writer]) => writer);
          expect(sole.get(w)).toBe(users.length === 1 ? users[0] : undefined);
        }
      }),
    );
  });
});

describe('an engine without some cue phrases', () => {
  const discussion = [
    { author: 'ops-bot', role: 'bot', text: 'Which database should the queue use?' },
    { author: 'kim', role: 'human', text: 'We decided to use Postgres for the queue.' },
  ];
  const hints = (engine: Awaited<ReturnType<typeof loadEngine>>) => candidateClauses('T1', discussion, engine, new Set(['T1'])).candidates.flatMap((w) => w.features.filter((f) => /^hint:/.test(f)));

  it('reads a clause whose only cues it lacks as uncued, and the shipped engine does not', async () => {
    const phrases = await shippedCuePhrases();
    expect(phrases).toEqual(expect.arrayContaining(['we decided', 'decided to']));
    const full = await loadEngine({ ...DEFAULT_CONFIG }, ROOT);
    expect(hints(full)).toContain('hint:decision');
    const without = await loadEngineWithout({ ...DEFAULT_CONFIG }, (p) => p === 'we decided' || p === 'decided to');
    expect(hints(without)).not.toContain('hint:decision');
    expect(hints(without)).toContain('hint:none');
  });
});

describe('the examples fitting reads', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { examplesOf } = require('../scripts/train') as { examplesOf: (dir: string, o?: { ownPhrases?: boolean }) => Promise<{ examples: Array<{ task: string; positive: boolean; features: string[] }> }> };

  it('leave out, for each writer, the cue phrases only that writer says', async () => {
    const data = tempDir();
    const ask = (text: string) => ({ author: 'ops-bot', role: 'bot', text });
    const tasks = {
      T1: { discussion: [ask('Which database should the queue use?'), { author: 'kim', role: 'human', text: 'We decided to use Postgres for the queue.' }] },
      T2: { discussion: [ask('Shall I add a retry to the deploy?'), { author: 'lee', role: 'human', text: 'No retries, fix the flaky test instead.' }] },
    };
    const gold = {
      T1: { writer: 'A', decisions: [{ id: 'T1.1', message: 1, type: 'decision', must: ['postgres'] }] },
      T2: { writer: 'B', decisions: [{ id: 'T2.1', message: 1, type: 'constraint', must: ['retries'] }] },
    };
    writeFileSync(join(data, 'tasks.json'), JSON.stringify(tasks));
    writeFileSync(join(data, 'gold.json'), JSON.stringify(gold));
    const positiveOf = async (ownPhrases: boolean) => (await examplesOf(data, { ownPhrases })).examples.find((e) => e.task === 'T1' && e.positive)!;
    expect((await positiveOf(true)).features).toContain('hint:decision');
    // Only A says "we decided" and "decided to": A's decision is read as a writer the lists were not written from would see it.
    expect((await positiveOf(false)).features).toContain('hint:none');
  });
});
