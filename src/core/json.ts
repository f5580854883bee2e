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
 * canonicalJson of an object whose fields are given as their own canonicalJson text: the same
 * bytes, without printing again a large value whose text is known (a field whose text is undefined
 * is left out, as JSON.stringify leaves out an undefined value).
 */
export function canonicalJsonOfTexts(fields: Readonly<Record<string, string | undefined>>): string {
  // In the order canonicalJson's object lists its keys: sorted, then integer-like keys first, ascending.
  const ordered: Record<string, true> = Object.create(null) as Record<string, true>;
  for (const k of Object.keys(fields).sort()) ordered[k] = true;
  const parts: string[] = [];
  for (const k of Object.keys(ordered)) {
    const text = fields[k];
    if (text !== undefined) parts.push(`${JSON.stringify(k)}:${text}`);
  }
  return `{${parts.join(',')}}`;
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
  /** By list, the pieces of the last print, each under its first item. */
  private readonly printed = new Map<string, ReadonlyMap<unknown, PrintedPiece>>();

  /** The printed piece that starts with `items[0]`, when its items are still exactly these (`first`: it opens the list). */
  get(key: string, items: readonly unknown[], first: boolean): PrintedPiece | null {
    const piece = this.printed.get(key)?.get(items[0]);
    if (!piece || opensList(piece) !== first || piece.items.length !== items.length) return null;
    for (let i = 0; i < items.length; i++) if (piece.items[i] !== items[i] || !sameFields(piece.fields[i], items[i])) return null;
    return piece;
  }

  /**
   * Takes `text`, a document exactly as `listDocumentPieces(version, key, items, itemsPerPiece)`
   * prints it (one this program wrote), as printed pieces of these items. Returns the pieces, or
   * null when the text is not that print.
   */
  seed(version: number, key: string, items: readonly unknown[], itemsPerPiece: number, text: string): string[] | null {
    const cuts = cutPieces(items, itemsPerPiece);
    const pieces = documentPiecesOf(text, version, key, items.length, cuts);
    if (!pieces) return null;
    const kept = new Map<unknown, PrintedPiece>();
    cuts.forEach(([from, to], k) => {
      const slice = items.slice(from, to);
      kept.set(slice[0], { items: slice, fields: slice.map(fieldsOf), text: pieces[k + 1] });
    });
    this.printed.set(pieceKey(version, key, itemsPerPiece), kept);
    return pieces;
  }

  /** The pieces of one print, in place of those of the print before. */
  keep(key: string, pieces: ReadonlyMap<unknown, PrintedPiece>): void {
    this.printed.set(key, pieces);
  }
}

interface PrintedPiece {
  items: readonly unknown[];
  /** Each item's keys and values (flat: key, value, key, value…) as they were when it was printed. */
  fields: unknown[][];
  text: string;
}

/** Whether a printed piece opens its list: every later piece starts with the comma after the item before it. */
const opensList = (piece: PrintedPiece) => piece.text.charCodeAt(0) !== 44;

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

const pieceKey = (version: number, key: string, itemsPerPiece: number) => `${version}\u0000${key}\u0000${itemsPerPiece}`;

/** FNV-1a of a string: a cheap, fixed spread of ids. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Where the pieces of a list begin and end, [from, to) each. A piece ends after an item chosen by
 * its id (about one in `itemsPerPiece`), so an item added or removed changes the piece it falls
 * in and not every piece after it; at most four times `itemsPerPiece` items, and items without an
 * id are cut by count.
 */
function cutPieces(items: readonly unknown[], itemsPerPiece: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = 0;
  for (let i = 0; i < items.length; i++) {
    const size = i - from + 1;
    const item = items[i];
    const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    const cut = size >= itemsPerPiece * 4 || (typeof id === 'string' ? fnv1a(id) % itemsPerPiece === 0 : size >= itemsPerPiece);
    if (cut || i === items.length - 1) {
      out.push([from, i + 1]);
      from = i + 1;
    }
  }
  return out;
}

/** What `formatJson({ version, [key]: items })` prints around the items: the whole of it when there are none. */
function documentFrame(version: number, key: string): { empty: string; open: string; close: string } {
  const head = `{\n  "version": ${JSON.stringify(version)},\n  ${JSON.stringify(key)}: `;
  return { empty: `${head}[]\n}\n`, open: `${head}[\n`, close: '\n  ]\n}\n' };
}

/**
 * The pieces `listDocumentPieces` prints for `count` items cut at `cuts`, cut out of `text` where
 * it is exactly that print (otherwise null). In that print each item is an object whose closing
 * brace alone sits at four spaces' indent, so the items end where a line is that brace followed by
 * the next item.
 */
function documentPiecesOf(text: string, version: number, key: string, count: number, cuts: ReadonlyArray<readonly [number, number]>): string[] | null {
  const { empty, open, close } = documentFrame(version, key);
  if (count === 0) return text === empty ? [text] : null;
  if (!text.startsWith(`${open}    {`) || !text.endsWith(`\n    }${close}`)) return null;
  // Where each item but the last ends (just after its closing brace).
  const ends: number[] = [];
  const between = '\n    },\n    {';
  for (let at = text.indexOf(between, open.length); at >= 0; at = text.indexOf(between, at + between.length)) ends.push(at + 6);
  if (ends.length !== count - 1) return null;
  const pieces = [open];
  for (const [from, to] of cuts) pieces.push(text.slice(from === 0 ? open.length : ends[from - 1], to < count ? ends[to - 1] : text.length - close.length));
  pieces.push(close);
  return pieces;
}

/**
 * `formatJson({ version, [key]: items })` as pieces of about `itemsPerPiece` items each (see
 * cutPieces): a large registry is hashed and written piece by piece, never held as one string (nor
 * one buffer). Each piece is printed by JSON.stringify as the list it is part of, so it is indented
 * exactly as in place. `memo`: pieces printed before (see PiecesMemo), reused where nothing in
 * them changed.
 */
export function listDocumentPieces(version: number, key: string, items: readonly unknown[], itemsPerPiece = 1000, memo?: PiecesMemo): string[] {
  const frame = documentFrame(version, key);
  if (items.length === 0) return [frame.empty];
  // What JSON.stringify prints around a piece's items when printing them as the list alone.
  const open = `{\n  ${JSON.stringify(key)}: [\n`;
  const close = '\n  ]\n}';
  const pieces: string[] = [frame.open];
  const memoKey = pieceKey(version, key, itemsPerPiece);
  const kept = new Map<unknown, PrintedPiece>();
  for (const [from, to] of cutPieces(items, itemsPerPiece)) {
    const slice = items.slice(from, to);
    let piece = memo?.get(memoKey, slice, from === 0) ?? null;
    if (piece === null) {
      const text = JSON.stringify({ [key]: slice }, null, 2);
      piece = { items: slice, fields: memo ? slice.map(fieldsOf) : [], text: `${from > 0 ? ',\n' : ''}${text.slice(open.length, text.length - close.length)}` };
    }
    if (memo) kept.set(slice[0], piece);
    pieces.push(piece.text);
  }
  memo?.keep(memoKey, kept);
  pieces.push(frame.close);
  return pieces;
}
