import fc from 'fast-check';
import { bracketSpans, contentTokens, contentWordCount, eitherOrSides, nameWords, outsideQuotes, wordCount, words as wordsOf } from '../src/core/text';
import { PorterStems, stemWord } from '../src/core/porter';
import { shippedWords } from './helpers';
import { verbless } from '../src/core/clauseText';
import { measures } from '../src/core/measures';
import { slotReaders } from '../src/core/pipeline';
import { shippedEngine } from './helpers';

const words = shippedWords();
const fresh = () => new PorterStems(words);

// Words as messages write them: stopwords, short words, possessives, digits, German and punctuation.
const word = fc.constantFrom('the', 'a', 'we', 'Reports', "team's", 'ship', 'shipping', 'v2.1', '14', 'Zahlungsziel', 'ist', 'nicht', 'ok', "don't", 'I', 'x', '—', 'deploys', 'Thursday,');
const text = fc.array(fc.oneof(word, fc.string({ maxLength: 6 })), { maxLength: 12 }).map((ws) => ws.join(' '));

describe('content tokens', () => {
  it('are counted without stemming exactly as many as contentTokens finds', () => {
    fc.assert(fc.property(text, (t) => contentWordCount(t, words) === contentTokens(t, fresh()).length));
    expect(contentWordCount("We'll ship the team's reports on Thursday.", words)).toBe(contentTokens("We'll ship the team's reports on Thursday.", fresh()).length);
    expect(contentWordCount('the a we', words)).toBe(0);
  });

  it('are the same through a run memo of stems as through a fresh one', () => {
    const stems = fresh();
    fc.assert(fc.property(text, (t) => JSON.stringify(contentTokens(t, stems)) === JSON.stringify(contentTokens(t, fresh()))));
    expect(stems.of('shipping')).toBe(stemWord('shipping'));
  });
});

describe('transcript markers', () => {
  it('are no words when written in braces, whatever word is inside, and a word people say when not', () => {
    expect(wordsOf('Yeah . {pause} No , I think {disfmarker} we keep it')).toEqual(['yeah', 'no', 'i', 'think', 'we', 'keep', 'it']);
    expect(wordCount('plug it in {gap} .')).toBe(3);
    expect(wordsOf('[laughter] ok, see the [runbook](https://x.example) and {retries: 3}')).toEqual(['ok', 'see', 'the', 'runbook', 'https', 'x', 'example', 'and', 'retries', '3']);
    // "pause" and "gap" said are content: the step they name is the step.
    expect(contentTokens('Pause the rollout and close the gap.', fresh())).toEqual(['paus', 'rollout', 'close', 'gap']);
    // A marker that is no word of any language is none in braces or not.
    expect(contentTokens('vocalsound remote', fresh())).toEqual(['remot']);
  });
});

describe('names', () => {
  it('are the runs of capitalised words, but a single one opening the text', () => {
    expect(nameWords('Tilda Marx does our catering, hire her.')).toEqual(['Tilda', 'Marx']);
    expect(nameWords('Lukas stays on typesetting.')).toEqual([]);
    expect(nameWords("I'm coaching the trainee, Emil Brandt, head chef.")).toEqual(['Emil', 'Brandt']);
    expect(nameWords('The referee is Prof. Karl-Heinz Ostermann.')).toEqual(['Prof', 'Karl', 'Heinz', 'Ostermann']);
    // Quoted titles and acronyms are no names; a name after a bracket or a colon is.
    expect(nameWords("Noted: 'Lanterns over water' is the poster, 2 300 EUR via SEPA (Moneybird).")).toEqual(['Moneybird']);
    expect(nameWords('Drawings: Lukas Hoffmann')).toEqual(['Lukas', 'Hoffmann']);
  });

  it('are words of the text, in its order', () => {
    fc.assert(
      fc.property(text, (t) => {
        const found = nameWords(t);
        let at = 0;
        for (const w of found) {
          const i = t.indexOf(w, at);
          if (i < 0) return false;
          at = i + w.length;
        }
        return true;
      }),
    );
  });
});

describe('outsideQuotes', () => {
  it("blanks what a quote holds and keeps every offset; an apostrophe inside a word quotes nothing", () => {
    expect(outsideQuotes("Lena said 'I will' and I agree.")).toBe(`Lena said ${' '.repeat("'I will'".length)} and I agree.`);
    expect(outsideQuotes("It's the client's call, I decide.")).toBe("It's the client's call, I decide.");
  });
  it('keeps the length of any text (a law)', () => {
    fc.assert(fc.property(fc.string(), (t) => outsideQuotes(t).length === t.length));
  });
});

describe('bracketSpans', () => {
  it('finds each bracket with the one that closes it, nested or not; one left open or closed unopened holds nothing', () => {
    expect(bracketSpans('zinc (a shed [posh]), fine')).toEqual([[13, 19], [5, 20]]);
    expect(bracketSpans('hot cross buns (bag of 6')).toEqual([]);
    expect(bracketSpans('a) b')).toEqual([]);
  });
  it('opens every span at an opening bracket and closes it at a closing one, spans nested or apart (a law)', () => {
    const bracketed = fc.array(fc.constantFrom('(', ')', '[', ']', 'a', ' '), { maxLength: 30 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(bracketed, (t) => {
        const spans = bracketSpans(t);
        for (const [open, close] of spans) {
          expect('(['.includes(t[open])).toBe(true);
          expect(')]'.includes(t[close - 1])).toBe(true);
        }
        for (const [a, b] of spans) for (const [c, d] of spans) expect(b <= c || d <= a || (a <= c && d <= b) || (c <= a && b <= d)).toBe(true);
      }),
    );
  });
});

describe('eitherOrSides', () => {
  const or = /\b(?:or|oder|o)\b/iu;
  const sides = (t: string) => eitherOrSides(t, or, fresh())?.map((s) => [...s].sort()) ?? null;

  it('are what follows the last "or" and the two words before it, never the thing asked about', () => {
    const asked = sides('I paused the account. Should the pause end automatically after 6 weeks, or only manually?');
    expect(asked).toEqual([[stemWord('automatically'), stemWord('weeks')].sort(), [stemWord('manually')]]);
    expect(asked!.some((side) => side.includes(stemWord('pause')))).toBe(false);
  });

  it('stop at a mark before the "or": what the question is about before a comma is on neither side', () => {
    expect(sides('Delivery window, 2 or 3 days?')).toEqual([[], [stemWord('days')]]);
    expect(sides("And what counts as 'damaged': only broken seals, or dented boxes as well?")![0]).not.toContain(stemWord('counts'));
  });

  it('are none when the text closes with no either/or question', () => {
    expect(sides('Should the pause end automatically or manually? I can do both.')).toBeNull();
    expect(sides('Should the pause end automatically after 6 weeks?')).toBeNull();
    expect(sides('Automatically or manually.')).toBeNull();
  });
});

describe('verbless', () => {
  it('reads items joined by "+" or "&" as items, and a verb as a verb', () => {
    expect(verbless('over-75s + mobility + me + Gareth.')).toBe(true);
    expect(verbless('Soup + salad + bread.')).toBe(true);
    expect(verbless('2pm the day before.')).toBe(true);
    expect(verbless('Tom takes the van on Mondays.')).toBe(false);
  });
});

describe('measures', () => {
  const { unitSlot } = slotReaders(shippedEngine(), new PorterStems(shippedWords()));
  const read = (text: string) => measures(text, unitSlot).map((m) => [m.number, m.slot ?? m.slotBefore]);
  it('reads a currency or a month written before a number as its unit, and the whole word only', () => {
    expect(read('EUR 45, €12 and CHF 30')).toEqual([['45', 'amount'], ['12', 'amount'], ['30', 'amount']]);
    expect(read('Monday June 15, and 14 March')).toEqual([['15', 'date'], ['14', 'date']]);
    // ("Friday" ends in "day", and "year 7" or "day 3" names which one: no duration.)
    expect(read('Friday 14, year 7, day 3, week 12')).toEqual([['14', null], ['7', null], ['3', null], ['12', null]]);
    expect(read('Verwaltungsgebühr 45')).toEqual([['45', null]]);
  });

  it('reads a number with am or pm after it as a time, as one with "Uhr"', () => {
    expect(read('by Friday 3pm, or 15 Uhr, 22 boxes')).toEqual([['3', 'time'], ['15', 'time'], ['22', null]]);
    // (German "am" before a day is no morning: "60 am Freitag" counts.)
    expect(read('Wir brauchen 60 am Freitag.')).toEqual([['60', null]]);
  });
});
