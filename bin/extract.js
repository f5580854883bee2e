#!/usr/bin/env node
'use strict';
// Thin shim: the CLI lives in dist/cli/main.js (built from src/cli/main.ts).
const { main } = require('../dist/cli/main.js');
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
