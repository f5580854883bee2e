#!/usr/bin/env node
'use strict';
// Thin shim: the CLI lives in dist/cli/main.js (built from src/cli/main.ts).
const { main } = require('../dist/cli/main.js');
// Piping into `head` closes stdout early: stop quietly, like other command-line tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Interrupted: every file is whole; do not wait for timers (a lock still being retried) to run out.
  if (code === 130 || code === 143) process.exit(code);
});
