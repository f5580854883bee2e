#!/usr/bin/env node
'use strict';
// Runs one measured step in its own process so that peak RSS belongs to that step alone.
// The floor: read + JSON.parse + content hash + JSON.stringify + atomic write of the same file.
// Usage: node bench-child.js floor FILE | run DIR [NOW] | check DIR [NOW]
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

async function main() {
  const [mode, target, now] = process.argv.slice(2);
  const started = process.hrtime.bigint();
  if (mode === 'floor') {
    const writeFileAtomic = require('write-file-atomic');
    const text = readFileSync(target, 'utf8');
    const value = JSON.parse(text);
    require('node:crypto').createHash('sha256').update(text).digest('hex');
    const out = `${JSON.stringify(value, null, 2)}\n`;
    await writeFileAtomic(`${target}.floor`, out, { fsync: true });
  } else if (mode === 'check') {
    const { extractCheck } = require(join(__dirname, '..', 'dist', 'app', 'check.js'));
    const result = await extractCheck({ cwd: target, now: now || '2026-01-01T00:00:00Z' });
    const stale = result.diagnostics.filter((d) => d.code === 'stale-state').length;
    const other = result.diagnostics.filter((d) => d.severity === 'error' && d.code !== 'stale-state' && d.code !== 'stale-registry');
    if (other.length > 0) throw new Error(JSON.stringify(other.slice(0, 3)));
    process.stderr.write(`check: ${stale} stale tasks\n`);
  } else {
    const { extractRun } = require(join(__dirname, '..', 'dist', 'app', 'run.js'));
    const result = await extractRun({ cwd: target, now: now || '2026-01-01T00:00:00Z', lockTimeout: 60 });
    if (result.diagnostics.some((d) => d.severity === 'error')) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}
main().catch((err) => {
  process.stderr.write(`${err.stack || err}\n`);
  process.exit(1);
});
