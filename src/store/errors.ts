// Operational failures are typed; the CLI maps them to exit codes. Problems found in input are
// Diagnostics (values), not errors.
export class UsageError extends Error {
  readonly code = 'usage';
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
