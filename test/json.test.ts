import fc from 'fast-check';
import { canonicalJson, canonicalJsonOfTexts, formatJson, listDocumentPieces } from '../src/core/json';

describe('listDocumentPieces', () => {
  it('makes up exactly the text formatJson prints for the whole document, however many items each piece holds', () => {
    // Items as the registry holds them: objects with strings (newlines and quotes included), numbers, nulls, nested lists.
    const item = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), fc.constantFrom('decisions', 'items'), fc.integer({ min: 1, max: 5 }), (items, key, perPiece) => {
        const pieces = listDocumentPieces(1, key, items, perPiece);
        return pieces.join('') === formatJson({ version: 1, [key]: items });
      }),
    );
  });

  it('prints an empty list on one line, as JSON.stringify does', () => {
    expect(listDocumentPieces(1, 'items', [])).toEqual(['{\n  "version": 1,\n  "items": []\n}\n']);
    expect(listDocumentPieces(1, 'decisions', [{ a: 'x\ny' }, { b: [1, []] }], 1)).toHaveLength(4);
  });
});

describe('canonicalJsonOfTexts', () => {
  it('prints what canonicalJson prints for the object whose fields have those texts', () => {
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined));
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 6 }), (object) => {
        const texts = Object.fromEntries(Object.entries(object).map(([k, v]) => [k, canonicalJson(v) as string | undefined]));
        return canonicalJsonOfTexts(texts) === canonicalJson(object);
      }),
    );
  });

  it('lists integer-like keys first, ascending, as a JavaScript object does', () => {
    const object = { b: 1, '10': [2], a: null, '2': { y: 1, x: 2 } };
    const texts = Object.fromEntries(Object.entries(object).map(([k, v]) => [k, canonicalJson(v)]));
    expect(canonicalJsonOfTexts(texts)).toBe('{"2":{"x":2,"y":1},"10":[2],"a":null,"b":1}');
    expect(canonicalJsonOfTexts(texts)).toBe(canonicalJson(object));
  });
});
