// The only place that touches the disk for writes: atomic replace (temp file in the same
// folder, fsync, rename), skip when unchanged, and compare-and-swap against a person's edit.
import { promises as fs } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import { contentHash } from './taskFile';

export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes atomically unless the file already holds exactly this text. Returns whether it wrote. */
export async function writeIfChanged(path: string, text: string): Promise<boolean> {
  const current = await readTextIfExists(path);
  if (current === text) return false;
  await writeFileAtomic(path, text, { encoding: 'utf8', fsync: true });
  return true;
}

export type CasOutcome = 'written' | 'unchanged' | 'conflict';

/**
 * Writes `text` only if the file still holds the bytes we read (hash `expected`): a person's
 * edit made meanwhile is never overwritten. The check runs just before the atomic rename.
 */
export async function writeIfUnmodified(path: string, text: string, expected: string): Promise<CasOutcome> {
  const current = await readTextIfExists(path);
  if (current === null || contentHash(current) !== expected) return 'conflict';
  if (current === text) return 'unchanged';
  await writeFileAtomic(path, text, { encoding: 'utf8', fsync: true });
  return 'written';
}
