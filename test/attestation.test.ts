// Fitting reads each writer's clauses without the cue phrases only that writer's discussions
// contain: which writers attest a phrase, the engine that leaves phrases out, and the examples
// training builds with it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadEngine, loadEngineWithout, shippedPhrases } from '../src/app/engine';
import { soleWriters } from '../src/core/attestation';
import { candidateClauses } from '../src/core/pipeline';
import { DEFAULT_CONFIG } from '../src/core/types';
import { ROOT, tempDir } from './helpers';

describe('the one writer who attests a phrase', () => {
  const texts = new Map([
    ['A', ['Let’s go with Redis.', 'Please book the room.']],
    ['B', ['Ok, let us book it.', 'We decided to wait.']],
  ]);

  it('is named for a phrase only one writer says, found with the regex the engine compiles for it (whole words, typographic apostrophes folded)', () => {
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

describe('an engine without some phrases', () => {
  const discussion = [
    { author: 'ops-bot', role: 'bot', text: 'Which database should the queue use?' },
    { author: 'kim', role: 'human', text: 'We decided to use Postgres for the queue.' },
  ];
  const features = (engine: Awaited<ReturnType<typeof loadEngine>>) => candidateClauses('T1', discussion, engine, new Set(['T1'])).candidates.flatMap((w) => w.features);

  it('reads a clause whose only cues it lacks as uncued, in the rule packs and the sentence acts alike', async () => {
    const phrases = await shippedPhrases();
    expect(phrases).toEqual(expect.arrayContaining(['we decided', 'decided to', 'thanks']));
    const full = features(await loadEngine({ ...DEFAULT_CONFIG }, ROOT));
    expect(full).toEqual(expect.arrayContaining(['hint:decision', 'act:decision']));
    const without = features(await loadEngineWithout({ ...DEFAULT_CONFIG }, (p) => p === 'we decided' || p === 'decided to'));
    expect(without).toContain('hint:none');
    // The rule pack's cue and the sentence act both lost their phrases.
    expect(without).not.toContain('hint:decision');
    expect(without).not.toContain('act:decision');
  });

  it('drops a rule or an act left with no phrase, keeps the ones a pattern holds, and leaves the shipped engine as it was', async () => {
    const full = await loadEngine({ ...DEFAULT_CONFIG }, ROOT);
    const none = await loadEngineWithout({ ...DEFAULT_CONFIG }, () => true);
    const ids = (e: typeof full) => e.rules.map((r) => r.id);
    // (confirmations/option-pick is a pattern only; decisions/settled is phrases only.)
    expect(ids(none)).toContain('confirmations/option-pick');
    expect(ids(none)).not.toContain('decisions/settled');
    expect(ids(full)).toContain('decisions/settled');
    expect(features(none)).toContain('hint:none');
    // The shipped packs and lexicons are read once per process and shared: leaving phrases out
    // must not edit them for the shipped engine or for the next engine without other phrases.
    expect(features(await loadEngine({ ...DEFAULT_CONFIG }, ROOT))).toContain('hint:decision');
    expect(await shippedPhrases()).toEqual(expect.arrayContaining(['we decided', 'decided to']));
    expect(features(await loadEngineWithout({ ...DEFAULT_CONFIG }, () => false))).toContain('hint:decision');
  });
});

describe('the examples fitting reads', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { examplesOf, uncuedShares } = require('../scripts/train') as {
    examplesOf: (dir: string, o?: { withoutOwnPhrases?: boolean }) => Promise<{ examples: Array<{ task: string; positive: boolean; features: string[] }> }>;
    uncuedShares: (dir: string) => Promise<Record<'shipped' | 'withoutOwnPhrases', { decisions: number; uncued: number; share: number }>>;
  };

  it('leave out, for each writer, the phrases only that writer says, and keep the ones two writers say', async () => {
    const data = tempDir();
    const ask = (text: string) => ({ author: 'ops-bot', role: 'bot', text });
    const tasks = {
      // Only A says "we decided" and "decided to"; both say "let's go with" (A in a field the engine also reads, `content`).
      T1: { discussion: [ask('Which database should the queue use?'), { author: 'kim', role: 'human', text: 'We decided to use Postgres for the queue.' }, { author: 'kim', role: 'human', content: "And let's go with the blue logo." }] },
      T2: { discussion: [ask('Which cache should we use?'), { author: 'lee', role: 'human', text: "Let's go with Redis for the cache." }] },
    };
    const gold = {
      T1: { writer: 'A', decisions: [{ id: 'T1.1', message: 1, type: 'decision', must: ['postgres'] }] },
      T2: { writer: 'B', decisions: [{ id: 'T2.1', message: 1, type: 'decision', must: ['redis'] }] },
    };
    writeFileSync(join(data, 'tasks.json'), JSON.stringify(tasks));
    writeFileSync(join(data, 'gold.json'), JSON.stringify(gold));
    const positiveOf = async (task: string, withoutOwnPhrases: boolean) => {
      const found = (await examplesOf(data, { withoutOwnPhrases })).examples.find((e) => e.task === task && e.positive);
      expect(found).toBeDefined();
      return found!.features;
    };
    expect(await positiveOf('T1', false)).toContain('hint:decision');
    // A's decision is read as a writer the lists were not written from would see it.
    expect(await positiveOf('T1', true)).toContain('hint:none');
    // B's cue is a phrase A says too: it stays.
    expect(await positiveOf('T2', true)).toContain('hint:decision');
    // What `npm run train -- --cues` prints: of the two decisions, none uncued as shipped, A's without A's own phrases.
    expect(await uncuedShares(data)).toEqual({ shipped: { decisions: 2, uncued: 0, share: 0 }, withoutOwnPhrases: { decisions: 2, uncued: 1, share: 0.5 } });
  });
});
