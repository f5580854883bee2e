// The memory folder's lock: one extraction commits at a time. proper-lockfile holds a lock folder
// that a live holder keeps fresh; an owner file beside it names the holder.
import { constants as fsConstants, promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';
import { InterruptedError, LockedError, throwIfStopped } from './errors';
import { named, notALink, openOwn, processAlive, readOwnTextIfExists, realPath } from './files';

const OWNER_FILE = '.extract.owner';

function ownerLine(): string {
  return `pid ${process.pid} on ${hostname()} since ${new Date().toISOString()}`;
}

/**
 * A holder killed with SIGKILL cannot release its lock. When the owner file names a process on
 * this host that no longer exists, the lock is removed at once instead of waiting for it to go stale.
 */
async function breakLockOfDeadHolder(memoryDir: string): Promise<void> {
  const ownerPath = `${memoryDir}/${OWNER_FILE}`;
  const owner = await readOwnTextIfExists(ownerPath);
  const m = owner ? /^pid (\d+) on (\S+) /.exec(owner) : null;
  if (!m || m[2] !== hostname() || Number(m[1]) === process.pid) return;
  if (processAlive(Number(m[1]))) return;
  // Only if nobody replaced the owner meanwhile.
  if ((await readOwnTextIfExists(ownerPath)) !== owner) return;
  await fs.rm(`${memoryDir}/.extract.lock`, { recursive: true, force: true });
  await fs.rm(ownerPath, { force: true });
}

/**
 * Holds the memory folder's lock while `commit` runs; waits up to `timeoutSeconds` for it.
 * Beside the lock, a small owner file names the holder so a waiting process can say who it is.
 */
export async function withMemoryLock<T>(memoryFolder: string, timeoutSeconds: number, commit: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  await fs.mkdir(memoryFolder, { recursive: true });
  // A symlinked memory folder is locked at its real path, so every way to name it shares one lock.
  const memoryDir = await realPath(memoryFolder);
  let compromised: Error | null = null;
  const retries = Math.max(0, Math.ceil((timeoutSeconds * 1000) / 200));
  let release: () => Promise<void>;
  // The lock folder and the owner file are ours: a link planted in their place is refused, never followed.
  await notALink(`${memoryDir}/.extract.lock`);
  await notALink(`${memoryDir}/${OWNER_FILE}`);
  await breakLockOfDeadHolder(memoryDir);
  await redateFutureLock(`${memoryDir}/.extract.lock`);
  try {
    const locking = lockfile.lock(memoryDir, {
      realpath: false,
      lockfilePath: `${memoryDir}/.extract.lock`,
      // A live holder refreshes the lock every stale/2; one that stops refreshing is presumed dead.
      stale: 10_000,
      retries: { retries, factor: 1, minTimeout: 200, maxTimeout: 200 },
      onCompromised: (err) => {
        // Another process took the lock over (we stalled past `stale`): stop committing.
        compromised = err;
      },
    });
    release = await untilStopped(locking, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const holder = (await readOwnTextIfExists(`${memoryDir}/${OWNER_FILE}`).catch(() => null))?.trim() ?? null;
    throw new LockedError(`memory folder ${memoryDir} is locked by another extraction${holder ? ` (${holder})` : ''}; gave up after ${timeoutSeconds} s`, holder);
  }
  try {
    await writeOwner(`${memoryDir}/${OWNER_FILE}`);
    const result = await commit();
    if (compromised) throw compromised;
    return result;
  } finally {
    await fs.rm(`${memoryDir}/${OWNER_FILE}`, { force: true }).catch(() => undefined);
    await release().catch(() => undefined);
  }
}

/** How far in the future a lock's time may lie before it is taken for a wrong one (clocks of one host agree). */
const FUTURE_SLACK_MS = 1000;

/**
 * A live holder dates its lock now, every few seconds; a lock dated in the future (a clock set
 * back, a lock folder arriving from elsewhere) would never look stale and would lock every run
 * out for good. It is dated now instead: a live holder's next refresh dates it again, and one
 * that nobody refreshes goes stale after the usual limit.
 */
async function redateFutureLock(lockPath: string): Promise<void> {
  const st = await fs.lstat(lockPath).catch(() => null);
  if (!st || st.mtimeMs <= Date.now() + FUTURE_SLACK_MS) return;
  const now = new Date();
  await fs.utimes(lockPath, now, now).catch(() => undefined);
}

/** Writes the owner file, never through a link that stands in its place. */
async function writeOwner(path: string): Promise<void> {
  const handle = await openOwn(path, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC, 0o666);
  try {
    await handle.writeFile(`${ownerLine()}\n`);
  } catch (err) {
    throw named(err, path);
  } finally {
    await handle.close();
  }
}

/** Waits for the lock unless asked to stop first; a lock obtained after the stop is let go at once. */
function untilStopped(locking: Promise<() => Promise<void>>, signal: AbortSignal | undefined): Promise<() => Promise<void>> {
  if (!signal) return locking;
  throwIfStopped(signal);
  return new Promise((resolvePromise, reject) => {
    const onAbort = () => {
      locking.then((release) => release().catch(() => undefined)).catch(() => undefined);
      reject(new InterruptedError(String(signal.reason ?? 'a signal')));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    locking.then(
      (release) => {
        signal.removeEventListener('abort', onAbort);
        resolvePromise(release);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
