// Points in time. Timestamps arrive with any UTC offset ("…T12:10:00+02:00" is before
// "…T11:15:00+01:00"), so order is decided on the instant, never on the text.

/** Milliseconds since the epoch, or null when the text is not a date-time (or date) JavaScript reads. */
export function instantOf(ts: string | null | undefined): number | null {
  if (typeof ts !== 'string' || ts.length === 0) return null;
  const n = utcSeconds(ts) ?? Date.parse(ts);
  return Number.isNaN(n) ? null : n;
}

/**
 * Orders two timestamps by instant. One that cannot be read sorts after every one that can;
 * two unreadable ones, and two that name the same instant, fall back to their text, so the
 * order is total and deterministic.
 */
export function compareInstants(a: string | null | undefined, b: string | null | undefined): number {
  return compareRead(instantOf(a), a, instantOf(b), b);
}

/** `compareInstants` for timestamps already read: `x` is `instantOf(a)`, `y` is `instantOf(b)`. */
export function compareRead(x: number | null, a: string | null | undefined, y: number | null, b: string | null | undefined): number {
  if (x !== null && y !== null && x !== y) return x - y;
  if (x !== null && y === null) return -1;
  if (x === null && y !== null) return 1;
  const s = a ?? '';
  const t = b ?? '';
  return s < t ? -1 : s > t ? 1 : 0;
}

const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const two = (s: string, i: number) => digit(s, i) * 10 + digit(s, i + 1);

/**
 * The common shape of a stored timestamp, "YYYY-MM-DDTHH:MM:SSZ", read without Date.parse (which
 * relating calls millions of times on a large registry). Only values Date.parse reads the same
 * way: every other text, and any day past the 28th, is left to Date.parse.
 */
function utcSeconds(s: string): number | undefined {
  if (s.length !== 20 || s.charCodeAt(19) !== 90 /* Z */ || s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':') return undefined;
  for (const i of DIGIT_POSITIONS) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const minute = two(s, 14);
  const second = two(s, 17);
  if (month < 1 || month > 12 || day < 1 || day > 28 || hour > 23 || minute > 59 || second > 59) return undefined;
  const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + two(s, 2);
  // Date.UTC maps years 0–99 to 1900–1999; Date.parse does not.
  return year < 100 ? undefined : Date.UTC(year, month - 1, day, hour, minute, second);
}
