// The only place that touches the disk for writes: atomic replace (temp file in the same
// folder, fsync, rename), skip when unchanged, and compare-and-swap against a person's edit.
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { contentHash } from './taskFile';

export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Some errors (EISDIR) come without the path: name it, so the one-line report can.
    (err as NodeJS.ErrnoException).path ??= path;
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

/** The file or folder a path names once every symlink is followed (the path itself when it does not exist yet). */
export async function realPath(path: string): Promise<string> {
  try {
    return await fs.realpath(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return path;
    throw err;
  }
}

export type CasOutcome = 'written' | 'unchanged' | 'conflict';

let tmpCounter = 0;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Temp files left by a writer that was killed mid-write (kill -9) are removed by the next one. */
async function removeStaleTemps(dir: string, base: string): Promise<void> {
  const prefix = `.${base}.`;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const m = name.startsWith(prefix) ? /^\.(?:.+)\.(\d+)\.\d+\.tmp$/.exec(name) : null;
    if (m && Number(m[1]) !== process.pid && !alive(Number(m[1]))) await fs.rm(join(dir, name), { force: true });
  }
}

/**
 * Writes `text` only if the file still holds the bytes we read (hash `expected`): a person's
 * edit made meanwhile is never overwritten. The new content goes to a temp file in the same
 * folder and is fsynced first; the comparison runs after that, immediately before the rename,
 * so the window in which an edit could slip in is a re-read and a rename, not a whole write.
 */
export async function writeIfUnmodified(linkOrPath: string, text: string, expected: string): Promise<CasOutcome> {
  // Through a symlink to the real file: the link stays a link, and the swap happens beside the target.
  const path = await realPath(linkOrPath);
  await removeStaleTemps(dirname(path), basename(path));
  const before = await readTextIfExists(path);
  if (before === null || contentHash(before) !== expected) return 'conflict';
  if (before === text) return 'unchanged';
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${++tmpCounter}.tmp`);
  const mode = (await fs.stat(path)).mode & 0o7777;
  const handle = await fs.open(tmp, 'wx', mode);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    const now = await readTextIfExists(path);
    if (now === null || contentHash(now) !== expected) {
      await fs.rm(tmp, { force: true });
      return 'conflict';
    }
    await fs.rename(tmp, path);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  return 'written';
}
