// Deterministic JSON text: the same value always gives the same bytes.

/** Sorted-key JSON, used for hashing and comparison (not for files a person reads). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
      return out;
    }
    return v;
  });
}

/**
 * Whether JSON.stringify prints `a` and `b` alike (for values parsed from JSON): the same
 * primitives, the same lists, the same keys in the same order. Walks both without printing either.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i] || !sameJson((a as Record<string, unknown>)[ka[i]], (b as Record<string, unknown>)[kb[i]])) return false;
  }
  return true;
}

/** The on-disk form of files we own: 2-space indent, trailing newline, keys in construction order. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * What `listDocumentPieces` printed, piece by piece, for a caller that prints the same growing
 * list again and again (the watch daemon, once per save): a piece whose items are the very objects
 * it held, with the very same values in every field, is not printed again. This holds because
 * registry items are changed by giving a field a new value (a new list of flags, a new status),
 * never by editing a list or an object inside them in place.
 */
export class PiecesMemo {
  private readonly printed = new Map<string, PrintedPiece[]>();

  /** The printed piece `index` of the list under `key`, when its items are still exactly these. */
  get(key: string, index: number, items: readonly unknown[]): string | null {
    const piece = this.printed.get(key)?.[index];
    if (!piece || piece.items.length !== items.length) return null;
    for (let i = 0; i < items.length; i++) if (piece.items[i] !== items[i] || !sameFields(piece.fields[i], items[i])) return null;
    return piece.text;
  }

  set(key: string, index: number, items: readonly unknown[], text: string, count: number): void {
    let pieces = this.printed.get(key);
    if (!pieces) this.printed.set(key, (pieces = []));
    pieces[index] = { items, fields: items.map(fieldsOf), text };
    // A list that got shorter leaves no piece behind past its end.
    pieces.length = Math.min(pieces.length, count);
  }
}

interface PrintedPiece {
  items: readonly unknown[];
  /** Each item's keys and values (flat: key, value, key, value…) as they were when it was printed. */
  fields: unknown[][];
  text: string;
}

function fieldsOf(item: unknown): unknown[] {
  if (item === null || typeof item !== 'object') return [item];
  const out: unknown[] = [];
  for (const k of Object.keys(item)) out.push(k, (item as Record<string, unknown>)[k]);
  return out;
}

function sameFields(fields: unknown[], item: unknown): boolean {
  if (item === null || typeof item !== 'object') return fields.length === 1 && fields[0] === item;
  let i = 0;
  for (const k in item) {
    if (!Object.prototype.hasOwnProperty.call(item, k)) continue;
    if (fields[i] !== k || fields[i + 1] !== (item as Record<string, unknown>)[k]) return false;
    i += 2;
  }
  return i === fields.length;
}

/**
 * `formatJson({ version, [key]: items })` as pieces of `itemsPerPiece` items each: a large registry
 * is hashed and written piece by piece, never held as one string (nor one buffer). Each piece is
 * printed by JSON.stringify as the list it is part of, so it is indented exactly as in place.
 * `memo`: pieces printed before (see PiecesMemo), reused where nothing in them changed.
 */
export function listDocumentPieces(version: number, key: string, items: readonly unknown[], itemsPerPiece = 1000, memo?: PiecesMemo): string[] {
  const head = `{\n  "version": ${JSON.stringify(version)},\n  ${JSON.stringify(key)}: `;
  if (items.length === 0) return [`${head}[]\n}\n`];
  const open = `{\n  ${JSON.stringify(key)}: [\n`;
  const close = '\n  ]\n}';
  const pieces: string[] = [`${head}[\n`];
  const memoKey = `${version}\u0000${key}\u0000${itemsPerPiece}`;
  const count = Math.ceil(items.length / itemsPerPiece);
  for (let i = 0, k = 0; i < items.length; i += itemsPerPiece, k++) {
    const slice = items.slice(i, i + itemsPerPiece);
    let piece = memo?.get(memoKey, k, slice) ?? null;
    if (piece === null) {
      const text = JSON.stringify({ [key]: slice }, null, 2);
      piece = `${i > 0 ? ',\n' : ''}${text.slice(open.length, text.length - close.length)}`;
      memo?.set(memoKey, k, slice, piece, count);
    }
    pieces.push(piece);
  }
  pieces.push('\n  ]\n}\n');
  return pieces;
}
