// Deterministic crash points for the fault tests, preloaded into the CLI with `node --require`.
// It numbers every operation that changes the file system (open for writing, write, fsync,
// rename, remove, mkdir, truncate, append), in the order the program issues them, so that
// "kill the process just before operation n" means the same moment on every machine and every run.
//   KILLPOINT_AT=n     SIGKILL itself just before the n-th operation (1-based)
//   KILLPOINT_TORN=1   ... and when that operation writes data, write only its first half first
//   KILLPOINT_LOG=file on a normal exit, write the operations performed, one per line
'use strict';
const fs = require('node:fs');

const at = Number(process.env.KILLPOINT_AT || 0);
const torn = process.env.KILLPOINT_TORN === '1';
const logFile = process.env.KILLPOINT_LOG;
const original = { writeFileSync: fs.writeFileSync, writeSync: fs.writeSync };
const ops = [];

/** Called before each mutating operation; `half` performs the first half of a data write. */
function point(name, target, half) {
  // Temp-file names are random or carry the pid: the log names them by their pattern.
  const where = typeof target === 'string' ? target.replace(process.cwd(), '.').replace(/\.\d+(\.\d+\.tmp)?$/, '.*') : target;
  ops.push(`${name} ${where}`);
  if (ops.length !== at) return;
  if (torn && half) half();
  process.kill(process.pid, 'SIGKILL');
  for (;;); // SIGKILL is delivered before kill() returns; never run past the kill point
}

const firstHalf = (data, encoding) => {
  const buf = typeof data === 'string' ? Buffer.from(data, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return buf.subarray(0, Math.floor(buf.length / 2));
};
const encodingOf = (options) => (typeof options === 'string' ? options : options && options.encoding);
const writes = (flags) => flags !== undefined && (typeof flags === 'number' ? (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT)) !== 0 : /[wa+]/.test(flags));

/** Wraps `obj[name]` so that `point` runs first; `describe(args)` gives the target and the torn half. */
function wrap(obj, name, describe) {
  const fn = obj[name];
  if (typeof fn !== 'function') return;
  obj[name] = function (...args) {
    const d = describe.call(this, args);
    if (d) point(name, d.target, d.half);
    return fn.apply(this, args);
  };
}

const byPath = (args) => ({ target: String(args[0]) });
for (const api of [fs, fs.promises]) {
  const sync = api === fs ? ['', 'Sync'] : [''];
  for (const s of sync) {
    wrap(api, `open${s}`, (args) => (writes(args[1]) ? { target: String(args[0]) } : null));
    wrap(api, `writeFile${s}`, (args) => ({ target: String(args[0]), half: () => original.writeFileSync(args[0], firstHalf(args[1], encodingOf(args[2]))) }));
    wrap(api, `appendFile${s}`, byPath);
    for (const n of ['rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'truncate', 'copyFile']) wrap(api, `${n}${s}`, byPath);
  }
}
for (const s of ['', 'Sync']) {
  wrap(fs, `write${s}`, (args) => args[0] !== 1 && args[0] !== 2 && ({
    target: `fd`,
    half: () => (typeof args[1] === 'string' ? original.writeSync(args[0], firstHalf(args[1], args[3]), 0, undefined, args[2]) : original.writeSync(args[0], firstHalf(args[1]), 0, undefined, typeof args[4] === 'number' ? args[4] : null)),
  }));
  for (const n of ['writev', 'fsync', 'fdatasync', 'ftruncate']) wrap(fs, `${n}${s}`, () => ({ target: 'fd' }));
}

// FileHandle is not exported: patch its prototype when the first handle is opened.
let handlesPatched = false;
const openPromise = fs.promises.open;
fs.promises.open = async function (...args) {
  const handle = await openPromise.apply(this, args);
  if (!handlesPatched) {
    handlesPatched = true;
    const proto = Object.getPrototypeOf(handle);
    wrap(proto, 'write', function (a) {
      return { target: 'handle', half: () => original.writeSync(this.fd, firstHalf(a[0], typeof a[0] === 'string' ? a[2] : undefined), 0, undefined, typeof a[0] === 'string' ? (typeof a[1] === 'number' ? a[1] : null) : typeof a[3] === 'number' ? a[3] : null) };
    });
    wrap(proto, 'writeFile', function (a) {
      return { target: 'handle', half: () => original.writeSync(this.fd, firstHalf(a[0], encodingOf(a[1]))) };
    });
    for (const n of ['appendFile', 'writev', 'sync', 'datasync', 'truncate']) wrap(proto, n, () => ({ target: 'handle' }));
  }
  return handle;
};

if (logFile) process.on('exit', () => original.writeFileSync(logFile, ops.map((o) => `${o}\n`).join('')));
