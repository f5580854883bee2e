// Sparse word vectors: each word a number, the numbers in ascending order with a weight each, so
// that two vectors meet in one pass over both (topics compare messages with them, relating
// compares tasks).

export interface SparseVector {
  ids: Int32Array;
  weights: Float64Array;
}

/** The dot product of two sparse vectors: a merge over their sorted ids (their cosine when both are L2-normalized). */
export function dot(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let s = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i];
    const y = b.ids[j];
    if (x === y) s += a.weights[i++] * b.weights[j++];
    else if (x < y) i++;
    else j++;
  }
  return s;
}
