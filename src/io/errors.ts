// Operational failures are typed; the CLI maps them to exit codes. Each carries a `code`, a message
// and, where a file is at fault, that `file`. Problems found in input are Diagnostics (values), not
// errors. They live in the lowest layer that throws them (the lock, the config and task file
// readers) so that io/, app/, the library and the CLI share one vocabulary.
export class UsageError extends Error {
  readonly code = 'usage';
}

/** What the caller named (a task, a decision, a review item) is not in the workspace: a data error, not a usage one. */
export class NotFoundError extends Error {
  readonly code = 'not-found';
}

export class ConfigError extends Error {
  readonly code = 'config';
  constructor(message: string, readonly file: string) {
    super(message);
  }
}

/** A file changed under us between read and write and kept changing. */
export class ConflictError extends Error {
  readonly code = 'conflict';
  constructor(message: string, readonly file: string) {
    super(message);
  }
}

/** Another process holds the memory folder's lock and did not let go in time. */
export class LockedError extends Error {
  readonly code = 'locked';
  constructor(message: string, readonly holder: string | null) {
    super(message);
  }
}

/** A run stopped by SIGINT or SIGTERM; every file it wrote is whole, the rest are as they were. */
export class InterruptedError extends Error {
  readonly code = 'interrupted';
  constructor(readonly signal: string) {
    super(`interrupted by ${signal}; every file is either as it was or fully written`);
  }
}

/** Throws when the run was asked to stop. */
export function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new InterruptedError(typeof signal.reason === 'string' ? signal.reason : 'a signal');
}

const FS_REASONS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a file stands where a folder is expected',
  EEXIST: 'exists and is not a folder',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'name too long',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
  ESYMLINK: 'is a symbolic link; files in the memory folder are never read or written through one',
};

/** A file-system error (it has an errno code and a path) as one line: "PATH: what happened (CODE)". */
export function fsProblem(err: unknown): { path: string; code: string; message: string } | null {
  const e = err as NodeJS.ErrnoException;
  // Duck-typed: errors from node:fs may come from another realm (a test runner's sandbox).
  if (typeof err !== 'object' || err === null || typeof e.code !== 'string' || !/^E[A-Z]+$/.test(e.code) || typeof e.path !== 'string') return null;
  return { path: e.path, code: e.code, message: `${FS_REASONS[e.code] ?? e.message.replace(/^[A-Z]+: /, '').split(',')[0]} (${e.code})` };
}

/** An error naming a path, like the ones node:fs throws (for a path the tool checks itself). */
export function pathError(code: string, path: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`${code}: ${FS_REASONS[code] ?? code}, ${path}`);
  err.code = code;
  err.path = path;
  return err;
}
