#!/usr/bin/env node
'use strict';
// Build step: dist/ emptied before tsc writes it, so that a module removed from src/ leaves no
// compiled copy behind (tsc never deletes an output). The engine fingerprint hashes every file of
// dist/core/, and the package ships dist/ whole.
const { rmSync } = require('node:fs');
const { join } = require('node:path');

rmSync(join(__dirname, '..', 'dist'), { recursive: true, force: true });
