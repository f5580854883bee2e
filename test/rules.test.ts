// Every shipped rule pack and lexicon passes testRules (its own match/nomatch examples, judged in
// context with every shipped rule, no duplicate phrases or entries, no unsafe regex) and its schema.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compilePhrases } from '../src/core/phrases';
import { testRules } from '../src/core/ruleTester';
import type { LexiconDocument, RulePack } from '../src/core/types';
import { schemaProblems } from '../src/io/schemas';
import { ROOT, shippedEngine, shippedPacks } from './helpers';

const engine = shippedEngine();
const packs = shippedPacks();
const lexiconDir = join(ROOT, 'rules', 'lexicons');
const lexicons = readdirSync(lexiconDir)
  .filter((n) => n.endsWith('.json'))
  .sort()
  .map((n) => ({ name: n.slice(0, -5), doc: JSON.parse(readFileSync(join(lexiconDir, n), 'utf8')) as LexiconDocument }));

describe.each(packs.map((p) => [p.file, p.pack] as const))('rule pack %s', (_file, pack) => {
  it('is valid against schemas/rule-pack.schema.json', () => {
    expect(schemaProblems('rule-pack', pack)).toEqual([]);
  });
  it('passes testRules', () => {
    expect(testRules(pack, engine.words, engine.rules)).toEqual([]);
  });
});

describe.each(lexicons.map((l) => [l.name, l.doc] as const))('lexicon %s', (name, doc) => {
  it(`is valid against schemas/${name}-lexicon.schema.json and names itself`, () => {
    expect(schemaProblems(`${name}-lexicon`, doc)).toEqual([]);
    expect(doc.lexicon).toBe(name);
  });
  it('passes testRules', () => {
    expect(testRules(doc, engine.words)).toEqual([]);
  });
});

test('rule ids are unique across packs', () => {
  const ids = packs.flatMap((p) => p.pack.rules.map((r) => r.id));
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

describe('testRules', () => {
  const pack: RulePack = {
    pack: 'team',
    rules: [{ id: 'team/ship', kind: 'decision_cue', phrases: ['ship it', 'ship it'], examples: { match: ['Ship it today.', 'Hold it.'], nomatch: ['Ship it now.', 'Fine.'] } }],
  };

  it('returns each failing example, and duplicate phrases, as values', () => {
    expect(testRules(pack, engine.words, engine.rules)).toEqual([
      { subject: 'team/ship', message: 'duplicate phrases: ship it' },
      { subject: 'team/ship', example: 'Hold it.', message: 'example "Hold it." should match' },
      { subject: 'team/ship', example: 'Ship it now.', message: 'example "Ship it now." should not match' },
    ]);
  });

  it('judges a rule with the context rules (the answered message is detected first)', () => {
    // A confirmation of a read-back needs the read-back rule to fire on the answered message.
    const confirm = packs.find((p) => p.pack.pack === 'confirmations')!.pack;
    expect(testRules(confirm, engine.words, []).length).toBeGreaterThan(0);
    expect(testRules(confirm, engine.words, engine.rules)).toEqual([]);
  });

  it('refuses a regex that could backtrack catastrophically', () => {
    const evil: RulePack = { pack: 'team', rules: [{ id: 'team/evil', kind: 'correction', regex: '(a+)+$', examples: { match: ['aaaa'], nomatch: ['b'] } }] };
    expect(testRules(evil, engine.words)).toEqual([{ subject: 'team/evil', message: expect.stringMatching(/^regex refused/) }]);
  });

  it("runs a word list's examples as whole words, and pattern entries as regexes", () => {
    const doc = {
      lexicon: 'team',
      lists: {
        fillers: { pattern: true, entries: ['um+', 'well'], examples: { match: ['ummm, yes', 'Well.', 'oh'], nomatch: ['dummy', 'wellness', 'um, no'] } },
        pairs: { entries: ['a', 'A'], examples: { match: ['a'], nomatch: ['b'] } },
      },
    } as LexiconDocument;
    expect(testRules(doc, engine.words)).toEqual([
      { subject: 'team/fillers', example: 'oh', message: 'example "oh" should match' },
      { subject: 'team/fillers', example: 'um, no', message: 'example "um, no" should not match' },
      { subject: 'team/pairs', message: 'duplicate entries: a' },
    ]);
  });
});

describe('compilePhrases', () => {
  const matches = (phrases: string[], text: string) => compilePhrases(phrases).test(text.toLowerCase());

  it("keeps the apostrophe of a contraction's tail, so \"'ll\" is not the end of \"roll\" or \"all\"", () => {
    expect(matches(["'ll"], "We'll move it.")).toBe(true);
    expect(matches(["'ll"], 'Rolling back all of it still takes an hour.')).toBe(false);
    expect(matches(["'ll"], 'roll')).toBe(false);
  });

  it('leaves an apostrophe inside a phrase optional ("dont" is "don\'t")', () => {
    expect(matches(["don't"], 'We dont ship on Fridays.')).toBe(true);
    expect(matches(["don't"], "We don't ship on Fridays.")).toBe(true);
  });

  it("keeps the apostrophe after a pronoun: \"i'm\" is not German \"im\", \"we'll\" not \"well\"", () => {
    expect(matches(["i'm"], "I'm taking Thursdays.")).toBe(true);
    expect(matches(["i'm"], 'Das haben wir im Januar umgestellt.')).toBe(false);
    expect(matches(["we'll"], 'Well, that works.')).toBe(false);
    expect(matches(["we're"], 'They were late.')).toBe(false);
    // One that spells no other word may still be typed without it.
    expect(matches(["you're"], 'youre right')).toBe(true);
    expect(matches(["i've"], 'ive decided')).toBe(true);
  });
});
