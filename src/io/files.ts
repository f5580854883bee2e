// The only place that touches the disk for writes: atomic replace (temp file in the same
// folder, fsync, rename), skip when unchanged, and compare-and-swap against a person's edit.
import { constants as fsConstants, promises as fs, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { pathError } from './errors';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** How a file's bytes are identified for compare-and-swap and for the registry's checksums. */
export function contentHash(text: string): string {
  return `sha256:${sha256(text)}`;
}

/** A piece of a file's content: text, or text already encoded as UTF-8. */
export type Piece = string | Uint8Array;

/** `contentHash` of the text that `pieces` make up together. */
export function contentHashOfPieces(pieces: readonly Piece[]): string {
  const h = createHash('sha256');
  for (const p of pieces) h.update(p);
  return `sha256:${h.digest('hex')}`;
}

/**
 * Inode, size and modification time: what tells a file apart from the one seen before without
 * reading it (a save by rename brings a new inode, a write in place a new time).
 */
export function fileSignature(st: Pick<Stats, 'ino' | 'size' | 'mtimeMs'> | null): string {
  return st ? `${st.ino}:${st.size}:${st.mtimeMs}` : '-';
}

/** When the file a signature names was last modified (ms since the epoch), or null for none ('-'). */
export function modifiedAt(signature: string): number | null {
  return signature === '-' ? null : Number(signature.split(':')[2]);
}

/** The signature of the file at `path` now ('-' when there is none). */
export async function signatureOf(path: string): Promise<string> {
  return fileSignature(await fs.stat(path).catch(() => null));
}

export function readTextIfExists(path: string): Promise<string | null> {
  return readIfExists(path, () => fs.readFile(path, 'utf8'));
}

/** What `read` gives for the file at `path`, or null when it does not exist. */
async function readIfExists<T>(path: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Some errors (EISDIR) come without the path: name it, so the one-line report can.
    (err as NodeJS.ErrnoException).path ??= path;
    throw err;
  }
}

/**
 * Writes atomically unless the file already holds exactly this text. Returns the signature (see
 * fileSignature) of the file it wrote, or null when it wrote nothing.
 * `current`: what the file holds (null: absent) when the caller knows it, instead of reading it again.
 */
export async function writeIfChanged(linkOrPath: string, text: string, current?: string | null, follow = true): Promise<string | null> {
  const path = follow ? await realPath(linkOrPath) : await notALink(linkOrPath);
  if (current === undefined) current = follow ? await readTextIfExists(path) : await readOwnTextIfExists(path);
  if (current === text) return null;
  return replaceWith(path, text);
}

/**
 * Creates a file atomically (its folder too) unless one exists there; `replace`: write it anyway
 * (only if its text differs). Returns whether it wrote.
 */
export async function writeNewFile(path: string, text: string, replace = false): Promise<boolean> {
  const current = await readTextIfExists(path);
  if (current !== null && !replace) return false;
  await fs.mkdir(dirname(path), { recursive: true });
  return (await writeIfChanged(path, text, current)) !== null;
}

/** The atomic replace itself: temp file, fsync, rename. Returns the signature of the file renamed into place. */
async function replaceWith(path: string, content: string | readonly Piece[]): Promise<string> {
  await removeStaleTemps(dirname(path), basename(path));
  const { tmp, signature } = await writeTemp(path, content);
  await renameOrRemove(tmp, path);
  return signature;
}

/**
 * Writes the text that `pieces` make up (whose content hash is `hash`) atomically, unless the file
 * already has that hash. `currentHash`: the hash of what the file holds (null: absent), as the
 * caller read it. Returns the signature of the file it wrote, or null.
 */
export async function writePiecesIfChanged(linkOrPath: string, pieces: readonly Piece[], hash: string, currentHash: string | null, follow = true): Promise<string | null> {
  const path = follow ? await realPath(linkOrPath) : await notALink(linkOrPath);
  if (currentHash === hash) return null;
  return replaceWith(path, pieces);
}

/**
 * Writes every byte (at `position`, or where the handle is): one write call may take fewer bytes
 * than it is given, and a file cut short must never be renamed into place.
 */
async function writeAll(handle: FileHandle, bytes: Uint8Array, position: number | null = null): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position === null ? null : position + done);
    if (bytesWritten <= 0) throw new Error(`write made no progress after ${done} of ${bytes.length} bytes`);
    done += bytesWritten;
  }
}

/** Characters written at a time when a text comes in pieces. */
const WRITE_CHUNK = 1 << 20;

/**
 * Writes the content that `pieces` make up, at `position` (or where the handle is), gathered into
 * writes of about a megabyte: one write call per piece would cost a round trip through the thread
 * pool each, and the whole text is never one string. Pieces already encoded are not encoded
 * again. Returns the number of bytes written.
 */
export async function writeChunks(handle: FileHandle, pieces: Iterable<Piece>, position: number | null = null): Promise<number> {
  let written = 0;
  let chunk = '';
  let gathered: Uint8Array[] = [];
  let gatheredBytes = 0;
  const gather = (bytes: Uint8Array) => {
    gathered.push(bytes);
    gatheredBytes += bytes.length;
  };
  const flush = async () => {
    if (chunk.length > 0) gather(Buffer.from(chunk, 'utf8'));
    chunk = '';
    if (gatheredBytes === 0) return;
    const bytes = gathered.length === 1 ? gathered[0] : Buffer.concat(gathered, gatheredBytes);
    gathered = [];
    gatheredBytes = 0;
    await writeAll(handle, bytes, position === null ? null : position + written);
    written += bytes.length;
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') chunk += piece;
    else {
      if (chunk.length > 0) gather(Buffer.from(chunk, 'utf8'));
      chunk = '';
      gather(piece);
    }
    if (chunk.length + gatheredBytes >= WRITE_CHUNK) await flush();
  }
  await flush();
  return written;
}

/**
 * The one atomic writer: the new content goes to a temp file in the target's folder (named by
 * our pid, so a later writer can tell a dead writer's leftovers), is fsynced, and only then
 * renamed over the target by the caller. The file keeps its permission bits. Returns the temp
 * file and its signature (a rename keeps it: inode, size and time stay).
 */
async function writeTemp(path: string, text: string | readonly Piece[]): Promise<{ tmp: string; signature: string }> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${++tmpCounter}.tmp`);
  const mode = await fs.stat(path).then((st) => st.mode & 0o7777, () => 0o666);
  const handle = await fs.open(tmp, 'wx', mode);
  let signature: string;
  try {
    if (typeof text === 'string') await handle.writeFile(text, 'utf8');
    else await writeChunks(handle, text);
  await handle.sync();
    signature = fileSignature(await handle.stat());
  } catch (err) {
    await handle.close();
    await fs.rm(tmp, { force: true });
    throw named(err, path);
  }
  await handle.close();
  return { tmp, signature };
}

async function renameOrRemove(tmp: string, path: string): Promise<void> {
  try {
    await fs.rename(tmp, path);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/**
 * The path itself, when what it names is not a symbolic link (or nothing yet). A file of the memory
 * folder that is a link was planted there (git keeps links, and a memory folder arrives by pull
 * request): it is never read or written through, whatever it points at.
 */
export async function notALink(path: string): Promise<string> {
  const st = await fs.lstat(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    err.path ??= path;
    throw err;
  });
  if (st?.isSymbolicLink()) throw pathError('ESYMLINK', path);
  return path;
}

/** Flags that refuse to open a symbolic link (ELOOP), where the platform has them. */
export const NO_FOLLOW = fsConstants.O_NOFOLLOW ?? 0;

/**
 * Opens a file of the memory folder without following a link that stands in its place: a link
 * planted between our look and our open makes the open fail (reported as ESYMLINK) instead of
 * writing where it points.
 */
export async function openOwn(path: string, flags: number, mode?: number): Promise<FileHandle> {
  try {
    return await fs.open(path, flags | NO_FOLLOW, mode);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ELOOP') throw pathError('ESYMLINK', path);
    e.path ??= path;
    throw err;
  }
}

/** A memory file's text, or null when it does not exist; refuses a symbolic link (see notALink). */
export async function readOwnTextIfExists(path: string): Promise<string | null> {
  const handle = await openOwn(path, fsConstants.O_RDONLY).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!handle) return null;
  try {
    return await handle.readFile('utf8');
  } catch (err) {
    (err as NodeJS.ErrnoException).path ??= path;
    throw err;
  } finally {
    await handle.close();
  }
}

/**
 * The error, naming `path` when it names no file: a write or fsync on an open file fails without
 * one ("ENOSPC: no space left on device, write"), and the one-line report must say which file.
 */
export function named(err: unknown, path: string): unknown {
  if (err !== null && typeof err === 'object' && typeof (err as NodeJS.ErrnoException).code === 'string') (err as NodeJS.ErrnoException).path ??= path;
  return err;
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

/** Whether a process of this host is still running (one that exists but is not ours counts as alive). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The name writeTemp gives a temp file: `.<target>.<pid>.<n>.tmp`. */
const TEMP_NAME = /^\.(?:.+)\.(\d+)\.\d+\.tmp$/;

/** Whether a path names one of this writer's temp files (a watcher has no use for them). */
export function isTempFile(path: string): boolean {
  return TEMP_NAME.test(basename(path));
}

/** Temp files left by a writer that was killed mid-write (kill -9) are removed by the next one. */
async function removeStaleTemps(dir: string, base: string): Promise<void> {
  const prefix = `.${base}.`;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const m = name.startsWith(prefix) ? TEMP_NAME.exec(name) : null;
    if (m && Number(m[1]) !== process.pid && !processAlive(Number(m[1]))) await fs.rm(join(dir, name), { force: true });
  }
}

/** What the caller read: the text, and the bytes it was decoded from when it has them (compared as they lie on disk). */
export interface ReadContent {
  text: string;
  bytes?: Uint8Array;
}

/** The file's bytes, or null when it does not exist. */
function readBytesIfExists(path: string): Promise<Buffer | null> {
  return readIfExists(path, () => fs.readFile(path));
}

/**
 * Writes `text` only if the file still holds what was read (`had`): a person's edit made meanwhile
 * is never overwritten. The new content goes to a temp file in the same folder and is fsynced
 * first; the one look at the file comes after that, immediately before the rename, so the window
 * in which an edit could slip in is a re-read and a rename, not a whole write. Also gives the
 * signature (see fileSignature) of the file it wrote: taken from the temp file before the rename,
 * so it is ours even if someone replaces the file right after (unchanged: of the file found
 * holding the text).
 */
export async function compareAndSwap(linkOrPath: string, text: string, had: ReadContent): Promise<{ outcome: CasOutcome; signature: string | null }> {
  // Through a symlink to the real file: the link stays a link, and the swap happens beside the target.
  const path = await realPath(linkOrPath);
  const current = (): Promise<string | Buffer | null> => (had.bytes ? readBytesIfExists(path) : readTextIfExists(path));
  const unmodified = (now: string | Buffer | null) => now !== null && (typeof now === 'string' ? now === had.text : Buffer.compare(now, had.bytes!) === 0);
  const conflict = { outcome: 'conflict' as const, signature: null };
  // Nothing new to write: one look tells no change from someone else's edit. The signature is
  // taken before that look, so an edit made after it changes the signature.
  if (had.text === text) {
    const signature = await signatureOf(path);
    return unmodified(await current()) ? { outcome: 'unchanged', signature } : conflict;
  }
  await removeStaleTemps(dirname(path), basename(path));
  // A temp write that fails on a file gone or changed meanwhile (its folder removed, say) is that conflict, not an error.
  const written = await writeTemp(path, text).then(
    (temp) => ({ temp, failed: null }),
    (failed: unknown) => ({ temp: null, failed }),
  );
  const drop = () => (written.temp ? fs.rm(written.temp.tmp, { force: true }) : Promise.resolve());
  const now = await current().catch(async (err: unknown) => {
    await drop();
    throw written.failed ?? err;
  });
  if (!unmodified(now)) {
    await drop();
    return conflict;
  }
  if (!written.temp) throw written.failed;
  await renameOrRemove(written.temp.tmp, path);
  return { outcome: 'written', signature: written.temp.signature };
}
