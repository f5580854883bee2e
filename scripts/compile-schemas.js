#!/usr/bin/env node
'use strict';
// Build step: every schema of schemas/ compiled ahead of time to a standalone validator in
// dist/schemas/<name>.js (ajv's code generation costs a few hundred milliseconds per process
// otherwise). Each module carries the hash of the schema text it was built from; at run time a
// schema whose text no longer matches is compiled afresh, so a stale build never validates wrongly.
const { createHash } = require('node:crypto');
const { mkdirSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const Ajv = require('ajv').default;
const standaloneCode = require('ajv/dist/standalone').default;

const root = join(__dirname, '..');
const from = join(root, 'schemas');
const to = join(root, 'dist', 'schemas');
mkdirSync(to, { recursive: true });
for (const file of readdirSync(from).filter((n) => n.endsWith('.schema.json')).sort()) {
  const text = readFileSync(join(from, file), 'utf8');
  // The same options as src/io/schemas.ts, plus keeping the generated source.
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
  const code = standaloneCode(ajv, ajv.compile(JSON.parse(text)));
  const hash = createHash('sha256').update(text).digest('hex');
  writeFileSync(join(to, file.replace(/\.schema\.json$/, '.js')), `${code}\nmodule.exports.schemaHash = ${JSON.stringify(hash)};\n`);
}
