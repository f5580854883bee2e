// Counts in messages: "1 file", "2 files", "1 registry entry", "3 registry entries".

/** `n` and the word in the number it takes (`many`: the plural when it is not `one` + "s"). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
