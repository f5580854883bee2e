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
