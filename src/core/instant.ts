// Points in time. Timestamps arrive with any UTC offset ("…T12:10:00+02:00" is before
// "…T11:15:00+01:00"), so order is decided on the instant, never on the text.

/** Milliseconds since the epoch, or null when the text is not a date-time (or date) JavaScript reads. */
export function instantOf(ts: string | null | undefined): number | null {
  if (typeof ts !== 'string' || ts.length === 0) return null;
  const n = Date.parse(ts);
  return Number.isNaN(n) ? null : n;
}

/**
 * Orders two timestamps by instant. One that cannot be read sorts after every one that can;
 * two unreadable ones, and two that name the same instant, fall back to their text, so the
 * order is total and deterministic.
 */
export function compareInstants(a: string | null | undefined, b: string | null | undefined): number {
  const x = instantOf(a);
  const y = instantOf(b);
  if (x !== null && y !== null && x !== y) return x - y;
  if (x !== null && y === null) return -1;
  if (x === null && y !== null) return 1;
  const s = a ?? '';
  const t = b ?? '';
  return s < t ? -1 : s > t ? 1 : 0;
}
