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

/** The on-disk form of files we own: 2-space indent, trailing newline, keys in construction order. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * `formatJson({ version, [key]: items })` as pieces of `itemsPerPiece` items each: a large registry
 * is hashed and written piece by piece, never held as one string (nor one buffer). Each piece is
 * printed by JSON.stringify as the list it is part of, so it is indented exactly as in place.
 */
export function listDocumentPieces(version: number, key: string, items: readonly unknown[], itemsPerPiece = 1000): string[] {
  const head = `{\n  "version": ${JSON.stringify(version)},\n  ${JSON.stringify(key)}: `;
  if (items.length === 0) return [`${head}[]\n}\n`];
  const open = `{\n  ${JSON.stringify(key)}: [\n`;
  const close = '\n  ]\n}';
  const pieces: string[] = [`${head}[\n`];
  for (let i = 0; i < items.length; i += itemsPerPiece) {
    const text = JSON.stringify({ [key]: items.slice(i, i + itemsPerPiece) }, null, 2);
    pieces.push(`${i > 0 ? ',\n' : ''}${text.slice(open.length, text.length - close.length)}`);
  }
  pieces.push('\n  ]\n}\n');
  return pieces;
}
