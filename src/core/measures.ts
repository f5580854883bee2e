// The numbers a text gives and what they measure (an amount, a share, a clock time, a count of
// things): whether a reply corrects a value it was told, or only rounds it.
import { contentToken, lastQuestion, outsideQuotes, words, type Span, type Stems } from './text';

export const NUMBER = /\d+(?:[.,:]\d+)?/g;

/**
 * A clause that puts a different number on something the agent's message numbered: it shares a
 * content word with one of the agent's sentences that has a number, and its own number is none of
 * the agent's.
 */
export function correctsValue(body: string, agentText: string, agentSentences: readonly Span[], stems: Stems, unitSlot?: (word: string) => string | null, measured = false): boolean {
  // (`measured`: the two numbers must be in one known unit's slot, or both clock times; see sameMeasure.)
  const mine = numbersOf(body);
  if (mine.length === 0) return false;
  const theirs = new Set(numbersOf(agentText));
  const written = measures(body, unitSlot);
  const quoted = measures(agentText, unitSlot);
  if (written.every((m) => theirs.has(sameNumber(m.number)) || roundsOneOf(m, quoted))) return false;
  // (The word that makes a number an hour is no subject: "bis 15 Uhr" and "bei 11 Uhr" share
  // none. A unit such as "days" is shared: both measure the same thing.)
  const subjectWords = (text: string) => words(text).filter((w) => unitSlot?.(w) !== 'time').flatMap((w) => contentToken(w, stems) ?? []);
  const subject = new Set(subjectWords(body.replace(NUMBER, ' ')));
  // A clock time answers a clock time, a count a count: "every Monday at 8:00" changes nothing
  // about "2,400 subscribers".
  const kin = measured ? sameMeasure : sameKind;
  // (A name the agent quotes, "the folder 'Derby Feb 2026'", gives neither a value nor a subject.)
  return agentSentences.some((s) => {
    // (Only a quote with a capitalised word is a name; a quoted value, "36 months", stays.)
    const said = outsideQuotes(s.text, (inner) => /\p{Lu}/u.test(inner));
    return measures(said, unitSlot).some((n) => written.some((m) => kin(m, n))) && subjectWords(said).some((t) => subject.has(t));
  });
}

/**
 * A whole number that is one of the agent's decimals rounded, in the same unit ("80 euro just in
 * bank fees" for "€80.50"): the person quotes the figure, and corrects nothing. Rounding moves a
 * figure by a hundredth of it at most ("2 hours" for "1.5 hours" is another value), and three
 * digits after the mark are thousands, not decimals ("2,316").
 */
function roundsOneOf(mine: Measure, theirs: readonly Measure[]): boolean {
  if (!/^\d+$/.test(mine.number)) return false;
  const whole = Number(mine.number);
  return theirs.some((t) => {
    const d = /^(\d+)[.,](\d{1,2})$/.exec(t.number);
    if (!d || !sameMeasure(mine, t)) return false;
    const value = Number(`${d[1]}.${d[2]}`);
    return Math.abs(value - whole) <= value * ROUNDING_SHARE;
  });
}

/** How far, as a share of the figure, a rounded figure may lie from it. */
const ROUNDING_SHARE = 0.01;

/** A number as written and the slot of the unit after it, when the unit is known ("14 days" → duration, "4 TB" → size). */
export interface Measure {
  number: string;
  slot: string | null;
  /** The word written right after the number, lower-cased ('' when none). */
  unit: string;
  /** The slot of the word right before it, where that is a unit ("€45", "EUR 45"). */
  slotBefore: string | null;
}

/** A whole word of at most eleven letters ("September"), or a currency sign, right before a number. */
const UNIT_BEFORE = /(?<![\p{L}€$£])([\p{L}€$£]{1,11})\s?$/u;

/** The slots a word written before a number gives it. */
const SLOTS_BEFORE: readonly string[] = ['amount', 'date'];

/** How far back from a number the word before it is looked for. */
const UNIT_BEFORE_REACH = 16;

export function measures(text: string, unitSlot: ((word: string) => string | null) | undefined): Measure[] {
  return [...text.matchAll(NUMBER)].map((m) => {
    const unit = /^\s?([\p{L}%€$£]+)/u.exec(text.slice(m.index! + m[0].length))?.[1].toLowerCase() ?? '';
    // (The whole word before it: "June 15" is a date; "Friday 14" has no unit before it, though
    // "day" ends "Friday".)
    const before = UNIT_BEFORE.exec(text.slice(Math.max(0, m.index! - UNIT_BEFORE_REACH), m.index!))?.[1].toLowerCase();
    // (Before a number, only a currency or a month says its unit: "EUR 45", "June 15". "Year 7",
    // "day 3" and "room 42" name which one, not a duration or a count.)
    const slotBefore = before && unitSlot ? unitSlot(before) : null;
    return { number: m[0], unit, slot: unit && unitSlot ? unitSlot(unit) : null, slotBefore: slotBefore !== null && SLOTS_BEFORE.includes(slotBefore) ? slotBefore : null };
  });
}

const isClock = (n: string) => /^\d{1,2}:\d{2}$/.test(n);

/** A number in a known unit, written after it or before it ("15 EUR", "€15", "3 weeks"). */
const inUnit = (m: Measure) => m.slot !== null || m.slotBefore !== null;

/** A number before a word of three letters or more that is no unit: a count of those things ("27 tools"; not "18th", "50k"). */
const countsThings = (m: Measure) => !inUnit(m) && /^\p{L}{3,}$/u.test(m.unit);

/** A clock time and a number that could be an hour ("9"), or two numbers, or two times. */
function sameKind(x: Measure, y: Measure): boolean {
  // "14 days" is no new value for "4 TB": two known units of different slots measure different things.
  if (x.slot && y.slot && x.slot !== y.slot) return false;
  // Nor is "15 EUR" for "27 tools": a number before a word that is no unit counts those things.
  if ((inUnit(x) && countsThings(y)) || (inUnit(y) && countsThings(x))) return false;
  const [a, b] = [x.number, y.number];
  const hour = (n: string) => /^\d{1,2}$/.test(n) && Number(n) <= 24;
  return isClock(a) === isClock(b) || (isClock(a) && hour(b)) || (isClock(b) && hour(a));
}

/**
 * Whether the person's number measures what the agent's does: two clock times; a number in a known
 * unit and one in the same unit's slot ("24 months" / "36 months", "€45" / "39 EUR"); a number
 * before the same word ("10 per class" / "12 per class"); or a bare number, which takes the unit
 * of the number it answers ("make the plan price 79" / "£80 on the plan"). A number of another
 * kind beside one of the agent's words ("NZ is 4% of Monday orders" / "3m12s on orders") counts
 * something else.
 */
export function sameMeasure(mine: Measure, theirs: Measure): boolean {
  if (isClock(mine.number) || isClock(theirs.number)) return isClock(mine.number) && isClock(theirs.number);
  const slotOf = (m: Measure) => m.slot ?? m.slotBefore;
  const slot = slotOf(mine);
  if (slot !== null) return slotOf(theirs) === slot;
  return mine.unit === '' || mine.unit === theirs.unit;
}

/** "10:00" and "10" name the same hour: a reply picking "Thursday 10" repeats the offer's value. */
export function sameNumber(n: string): string {
  return normalNumber(n).replace(/[:.]00$/, '');
}

/** The numbers a text writes, each as `sameNumber` compares it ("2,000" and "2000" alike; "4.1.3" as "4.1" and "3"). */
export function numbersOf(text: string): string[] {
  return (text.match(NUMBER) ?? []).map(sameNumber);
}

/** The numbers the last question of a message's sentences puts up ("Payment terms net 30?": 30); none without a question. */
export function closingQuestionNumbers(sentences: readonly Span[]): string[] {
  const closing = lastQuestion(sentences);
  return closing ? numbersOf(closing.text) : [];
}

/** A value's number as the discussion may have written it, without leading zeros or thousands separators, a colon between what may be hours and minutes ("07:00" → "7:00", "2.20" → "2:20", "2,400" → "2400"); null for a value without one. */
export function numberKey(value: string): string | null {
  const n = value.match(WRITTEN_NUMBER)?.[0];
  return n === undefined ? null : normalNumber(n);
}

/** The numbers a text writes, each as numberKey writes it ("1,400" and "1400" alike). */
export function writtenNumbers(text: string): Set<string> {
  return new Set((text.match(WRITTEN_NUMBER) ?? []).map(normalNumber));
}

/** A number as written, with its separators: "12:30", "2,400", "3,95". */
const WRITTEN_NUMBER = /\d+(?:[.,:]\d+)*/g;

// ("2.20" may be read as a time of day, 02:20, where nothing says it is a price: either way of
// writing it is the same number, which "2.40, not 2.20" denies.)
const normalNumber = (n: string): string => n.replace(/[.,](?=\d{3}(?!\d))/g, '').replace(/^0+(?=\d)/, '').replace(/^(\d{1,2})\.([0-5]\d)$/, '$1:$2');
