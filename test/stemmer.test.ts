// The Porter stemmer (src/core/porter.ts) gives, for every word of a reference vocabulary, the stem
// the implementation it was ported from gave (test/fixtures/porter-stems.txt: "word stem" a line,
// the project's own words and a sample of English, with the classic examples of Porter's paper).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { porterStem } from '../src/core/porter';
import { FIXTURES } from './helpers';

const REFERENCE = readFileSync(join(FIXTURES, 'porter-stems.txt'), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => line.split(' ') as [string, string]);

describe('the Porter stemmer', () => {
  it('gives the reference stem of every word of the vocabulary', () => {
    expect(REFERENCE.length).toBeGreaterThan(10_000);
    const wrong = REFERENCE.filter(([word, stem]) => porterStem(word) !== stem).map(([word, stem]) => `${word}: ${porterStem(word)}, not ${stem}`);
    expect(wrong).toEqual([]);
  });

  it('follows the paper on its own examples', () => {
    const paper: Array<[string, string]> = [
      ['caresses', 'caress'], ['ponies', 'poni'], ['cats', 'cat'], ['agreed', 'agre'], ['plastered', 'plaster'], ['motoring', 'motor'],
      ['hopping', 'hop'], ['falling', 'fall'], ['filing', 'file'], ['happy', 'happi'], ['relational', 'relat'], ['hopefulness', 'hope'], ['adjustment', 'adjust'],
    ];
    expect(paper.map(([w]) => porterStem(w))).toEqual(paper.map(([, s]) => s));
  });

  it('leaves words of one or two letters as they are, and is never longer than the word', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,14}$/), (word) => {
        const stem = porterStem(word);
        if (word.length < 3) expect(stem).toBe(word);
        expect(stem.length).toBeLessThanOrEqual(word.length);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});
