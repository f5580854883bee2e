import { compileStatementLexicon } from '../src/core/sentenceActs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileBridgeLexicon } from '../src/core/bridge';
import { compileLexicon } from '../src/core/contradiction';
import type { Engine } from '../src/core/pipeline';
import { compileRule } from '../src/core/rules';
import { DEFAULT_CONFIG, type RulePack } from '../src/core/types';

export const ROOT = join(__dirname, '..');
export const BIN = join(ROOT, 'bin', 'extract.js');

export function tempDir(prefix = 'extract-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI (the built dist/) as a child process. */
export function runCli(args: string[], cwd: string): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function shippedPacks(): Array<{ file: string; pack: RulePack }> {
  const dir = join(ROOT, 'rules');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => ({ file: n, pack: JSON.parse(readFileSync(join(dir, n), 'utf8')) as RulePack }));
}

export function shippedEngine(): Engine {
  const rules = shippedPacks().flatMap(({ pack }) => pack.rules.map(compileRule));
  const lexicon = compileLexicon(JSON.parse(readFileSync(join(ROOT, 'rules', 'lexicons', 'contradiction.json'), 'utf8')));
  const bridge = compileBridgeLexicon(JSON.parse(readFileSync(join(ROOT, 'rules', 'lexicons', 'bridge.json'), 'utf8')));
  const statements = compileStatementLexicon(JSON.parse(readFileSync(join(ROOT, 'rules', 'lexicons', 'statements.json'), 'utf8')));
  return { rules, lexicon, bridge, statements, config: { ...DEFAULT_CONFIG }, fingerprint: 'test' };
}

/** Every file below a folder, as relative path → bytes (for byte-for-byte comparisons). */
export function snapshotDir(dir: string, base = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (name.startsWith('.')) continue;
    if (statSync(p).isDirectory()) snapshotDir(p, base, out);
    else out[p.slice(base.length + 1)] = readFileSync(p, 'utf8');
  }
  return out;
}
