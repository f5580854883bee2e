// What a caller may pass (CLI, MCP, library): every text and list has a bound, checked before any
// work is done on it, so that the work is bounded too. The README's Safety section lists them.
import { MAX_MESSAGE_CHARS } from '../core/normalize';
import { UsageError } from '../io/errors';

export const BOUNDS = {
  /** A message to record, or a text to guard: as much as the analysis reads of one message. */
  text: MAX_MESSAGE_CHARS,
  /** Words to search decisions for (query's text, structure and function). */
  search: 1_000,
  /** Task ids in one call, once repeated ones are dropped. */
  ids: 1_000,
  /** One id (task, decision) or author. */
  name: 200,
} as const;

/** The text, when it is at most `max` characters long; otherwise a usage error saying so. */
export function bounded(what: string, text: string, max: number): string {
  if (text.length > max) throw new UsageError(`${what} has ${text.length} characters; at most ${max} are accepted`);
  return text;
}

/** The ids without repeats (in their first order), each and all of them within bounds. */
export function boundedIds(what: string, ids: readonly string[]): string[] {
  const distinct = [...new Set(ids)];
  if (distinct.length > BOUNDS.ids) throw new UsageError(`${what}: ${distinct.length} different ids; at most ${BOUNDS.ids} are accepted in one call`);
  for (const id of distinct) bounded(`${what}: an id`, id, BOUNDS.name);
  return distinct;
}
