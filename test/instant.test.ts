import fc from 'fast-check';
import { compareInstants, instantOf } from '../src/core/instant';

const byDateParse = (s: string) => {
  const n = Date.parse(s);
  return Number.isNaN(n) ? null : n;
};
const pad = (n: number, w: number) => String(n).padStart(w, '0');

describe('instantOf', () => {
  it('reads every timestamp as Date.parse does, whether or not it has the common stored shape', () => {
    // Components out of range too (month 13, day 31 of February, hour 24, second 60), and other shapes.
    const stamp = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }), fc.constantFrom('Z', '+02:00', '.5Z', 'z', ''))
      .map(([y, mo, d, h, mi, s, tail]) => `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${tail}`);
    fc.assert(fc.property(stamp, (s) => instantOf(s) === byDateParse(s)), { numRuns: 5000 });
    fc.assert(fc.property(fc.string({ maxLength: 24 }), (s) => instantOf(s) === (s.length === 0 ? null : byDateParse(s))));
    // The stored shape with one character swapped for a non-digit, another digit or a separator.
    const swapped = fc
      .tuple(fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), fc.nat({ max: 19 }), fc.constantFrom(':', '/', ' ', 'a', '+', '-', '.', '\u0663', '0', '9', 'T', 'Z'))
      .map(([d, at, c]) => {
        const s = d.toISOString().replace(/\.\d{3}Z$/, 'Z');
        return `${s.slice(0, at)}${c}${s.slice(at + 1)}`;
      });
    fc.assert(fc.property(swapped, (s) => instantOf(s) === byDateParse(s)), { numRuns: 5000 });
  });

  it('orders by instant across offsets, and unreadable stamps last', () => {
    expect(compareInstants('2026-01-01T12:10:00+02:00', '2026-01-01T11:15:00+01:00')).toBeLessThan(0);
    expect(compareInstants('2026-01-01T10:00:00Z', '2026-01-01T09:59:59Z')).toBeGreaterThan(0);
    expect(compareInstants('not a date', '2026-01-01T10:00:00Z')).toBeGreaterThan(0);
    expect(instantOf('2026-02-30T00:00:00Z')).toBe(Date.parse('2026-03-02T00:00:00Z'));
  });
});
