#!/usr/bin/env node
'use strict';
// Thin shim: the CLI lives in dist/cli/main.js (built from src/cli/main.ts).
// A signal outside a run (while the modules load, while arguments are parsed) ends the process the
// way an interrupted run does, instead of Node's default of dying without an exit code; during a
// run, the run's own handler stops it cleanly and this one stands back.
let cli = null;
const early = (signal) => {
  if (cli && cli.handlingSignals()) return;
  process.stderr.write(`extract: interrupted by ${signal}; every file is either as it was or fully written\n`);
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', early);
process.on('SIGTERM', early);
cli = require('../dist/cli/main.js');
// Piping into `head` closes stdout early: stop quietly, like other command-line tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
cli.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Interrupted: every file is whole; do not wait for timers (a lock still being retried) to run out.
  if (code === 130 || code === 143) process.exit(code);
});
