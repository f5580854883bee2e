// Every word list ships for a reason: each list, act class and key of a lexicon in
// rules/lexicons/ is named by some code in src/ (a list nobody reads is a list someone edits in
// vain), and each named word list carries its own examples, which rules.test.ts runs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers';

/** Every TypeScript file under a folder, as one text. */
function sourceText(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceText(path);
      return name.endsWith('.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

const SRC = sourceText(join(ROOT, 'src'));
const LEXICONS = join(ROOT, 'rules', 'lexicons');
const FRAMING = new Set(['$schema', 'lexicon', 'description', 'examples']);

/**
 * The names the code uses as a string, a property or an identifier: every run of word characters
 * and hyphens after a quote or a dot (with each of its leading parts up to a hyphen: a key
 * `repeated` is named by the string 'repeated-question'), or before a colon or an opening
 * parenthesis (with each of its trailing parts after a hyphen).
 * Collected once: testing a pattern per key against the whole source took seconds per lexicon.
 */
function namesIn(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/['"`.]([\w-]+)/g)) {
    const parts = m[1]!.split('-');
    for (let k = 1; k <= parts.length; k += 1) names.add(parts.slice(0, k).join('-'));
  }
  for (const m of source.matchAll(/([\w-]+)\s*[:(]/g)) {
    const parts = m[1]!.split('-');
    for (let k = 0; k < parts.length; k += 1) names.add(parts.slice(k).join('-'));
  }
  return names;
}

const NAMES = namesIn(SRC);

/** Whether the code names `key`: as a string, a property or an identifier. */
const named = (key: string) => NAMES.has(key);

type Lexicon = Record<string, unknown> & { lists?: Record<string, { examples?: { match?: unknown[]; nomatch?: unknown[] } }>; acts?: Array<{ act: string }> };

/** What a lexicon holds that no code names: its named lists, its act classes, or else its top-level keys. */
function unread(lex: Lexicon): string[] {
  if (lex.lists) return Object.keys(lex.lists).filter((key) => !named(key)).map((key) => `lists.${key}`);
  if (lex.acts) return [...new Set(lex.acts.map((a) => a.act))].filter((act) => !named(act)).map((act) => `act ${act}`);
  return Object.keys(lex).filter((key) => !FRAMING.has(key) && !named(key));
}

const lexicons: Array<[string, Lexicon]> = readdirSync(LEXICONS)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(join(LEXICONS, f), 'utf8')) as Lexicon]);

it('finds the shipped lexicons', () => {
  expect(lexicons.length).toBeGreaterThanOrEqual(8);
});

describe.each(lexicons)('%s', (file, lex) => {
  it('has no list, act class or key that no code reads', () => {
    expect({ file, unread: unread(lex) }).toEqual({ file, unread: [] });
  });

  it('gives each named word list examples that match and examples that do not', () => {
    const bare = Object.entries(lex.lists ?? {})
      .filter(([, l]) => !(l.examples && (l.examples.match?.length ?? 0) > 0 && (l.examples.nomatch?.length ?? 0) > 0))
      .map(([key]) => key);
    expect({ file, bare }).toEqual({ file, bare: [] });
  });
});

it('notices a list, an act class or a key that no code reads', () => {
  const example = { entries: ['x'], examples: { match: ['x'], nomatch: ['y'] } };
  expect(unread({ lists: { nonNegating: example, aListNobodyReads: example } })).toEqual(['lists.aListNobodyReads']);
  expect(unread({ acts: [{ act: 'rejection' }, { act: 'an-act-nobody-reads' }] })).toEqual(['act an-act-nobody-reads']);
  expect(unread({ description: 'd', negators: [], keyNobodyReads: [] })).toEqual(['keyNobodyReads']);
});
