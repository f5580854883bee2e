// Appending one list to another. `target.push(...items)` passes every item as an argument: a list
// that grows with the input (one diagnostic per bad line, one pattern per repeated question)
// overflows the stack past some hundred thousand items, so such lists are appended item by item.

/** Appends `items` to `target`, however many there are. */
export function appendAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}
