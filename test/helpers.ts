// Test helpers. How to write a test here:
// - Run the CLI in-process: `const r = await cli(['run', '--now', NOW], dir)` gives
//   { status, stdout, stderr } exactly as the real command would print them (main() with its own
//   output buffers, working directory, environment and a fixed clock; nothing touches process.*).
//   Use `runCli` (bin/extract.js as a child process, needs the build) only for what needs a real
//   process: signals, kill -9, the shim itself.
// - Temp folders: `tempDir()` or `fixtureDir('basic')`; both are removed after the test file.
//   jest's global setup points TMPDIR at one folder per run and fails the run if anything is left.
// - Fixtures live in test/fixtures/ only. Never read examples/: the README's quick start writes
//   extracted_state into examples/tasks.json, and the tests must pass after it.
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Io } from '../src/cli/main';
import { compileBridgeLexicon, type BridgeLexicon } from '../src/core/bridge';
import { compileLexicon, type ContradictionLexicon } from '../src/core/contradiction';
import { wordLexiconsOf } from '../src/core/lexicons';
import type { Engine } from '../src/core/pipeline';
import { compileRule } from '../src/core/rules';
import { compileStatementLexicon, imperativeVerbs, type StatementLexicon } from '../src/core/sentenceActs';
import { compileSubjects, slotWords, type SubjectLexicon } from '../src/core/subject';
import { DEFAULT_TUNING } from '../src/core/tuning';
import { DEFAULT_CONFIG, type Decision, type LexiconDocument, type RulePack } from '../src/core/types';
import { compileWords } from '../src/core/words';
import type { Words } from '../src/core/types';

export const ROOT = join(__dirname, '..');
export const BIN = join(ROOT, 'bin', 'extract.js');
export const FIXTURES = join(ROOT, 'test', 'fixtures');
/** The tests' own copy of the shipped example, byte for byte as committed (examples/ itself is rewritten by the quick start; test/readme.test.ts holds the two identical). */
export const EXAMPLE = join(FIXTURES, 'example', 'tasks.json');

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder in the temp dir, removed after the test file. */
export function tempDir(prefix = 'extract-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** A temp folder holding test/fixtures/<name>/tasks.json as tasks.json. */
export function fixtureDir(name: 'basic' | 'example'): string {
  const dir = tempDir();
  cpSync(join(FIXTURES, name, 'tasks.json'), join(dir, 'tasks.json'));
  return dir;
}

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** What the clock reads when no --now is given. */
  now?: string;
  env?: Record<string, string | undefined>;
  /** For --watch: resolves when the daemon should stop (default: never). */
  stop?: Promise<void>;
  /** Standard error as a terminal (progress is drawn on it, problems coloured); none by default. */
  terminal?: Io['terminal'];
  /** Milliseconds before the progress bar appears. */
  progressAfter?: number;
}

/** Runs the CLI in-process: main(args) with captured output, as the real command prints it. */
export async function cli(args: string[], cwd: string, options: CliOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    out: (t) => (stdout += `${t}\n`),
    err: (t) => (stderr += `${t}\n`),
    cwd,
    clock: () => new Date(options.now ?? '2026-03-05T00:00:00Z'),
    env: options.env ?? {},
    terminal: options.terminal,
    progressAfter: options.progressAfter,
  };
  // Loaded on first use, so that tests of the core alone do not load the CLI.
  const { main } = require('../src/cli/main') as typeof import('../src/cli/main');
  const status = await main(args, io, () => options.stop ?? new Promise(() => undefined));
  return { status, stdout, stderr };
}

/**
 * `extract mcp` (the built CLI) as an agent host starts it. The transport hands a child only a
 * few variables of its own: the test run's temp folder and the guard on examples/ (in
 * NODE_OPTIONS) go along explicitly.
 */
export function mcpOverStdio(cwd: string): StdioClientTransport {
  const env = { ...getDefaultEnvironment(), NODE_OPTIONS: process.env.NODE_OPTIONS ?? '', TMPDIR: process.env.TMPDIR ?? '' };
  return new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd, env, stderr: 'pipe' });
}

/** Runs the real CLI (the built dist/) as a child process; `env`: set beside the test's own environment. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function shippedPacks(): Array<{ file: string; pack: RulePack }> {
  const dir = join(ROOT, 'rules');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => ({ file: n, pack: JSON.parse(readFileSync(join(dir, n), 'utf8')) as RulePack }));
}

/** A user rule of kind "correction" with its own examples (`match`, and "fine" as the nomatch). */
export function correctionRule(id: string, regex: string, match: string): RulePack['rules'][number] {
  return { id, kind: 'correction', regex, examples: { match: [match], nomatch: ['fine'] } };
}

/** The shipped corrections pack as a user's pack named team (its first `n` rules, all by default). */
export function correctionsAsTeam(n?: number): RulePack {
  const corrections = shippedPacks().find((p) => p.pack.pack === 'corrections')!.pack;
  return { pack: 'team', rules: corrections.rules.slice(0, n).map((r) => ({ ...r, id: r.id.replace(/^corrections\//, 'team/') })) };
}

/**
 * A user rule folder `team-rules` in `dir` holding `pack` as team.json, and (unless `config` is
 * null) the config file naming it.
 */
export function writeTeamRules(dir: string, pack: RulePack, config: object | null = { rules: ['team-rules'] }, indent?: number): void {
  mkdirSync(join(dir, 'team-rules'), { recursive: true });
  writeFileSync(join(dir, 'team-rules', 'team.json'), JSON.stringify(pack, null, indent));
  if (config) writeFileSync(join(dir, 'extract.config.json'), JSON.stringify(config));
}

/** Every lexicon of rules/lexicons/ by name, as the engine reads them (without the schema check). */
export function shippedLexicons(): Map<string, LexiconDocument> {
  const dir = join(ROOT, 'rules', 'lexicons');
  return new Map(
    readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((n) => [n.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, n), 'utf8')) as LexiconDocument]),
  );
}

/** The word lists of `lexicons` (the shipped ones by default) compiled as the engine compiles them. */
export function shippedWords(lexicons: ReadonlyMap<string, LexiconDocument> = shippedLexicons()): Words {
  return compileWords(wordLexiconsOf(lexicons), (lexicons.get('contradiction') as unknown as ContradictionLexicon).negators, slotWords(lexicons.get('subjects') as unknown as SubjectLexicon, 'month'), imperativeVerbs(lexicons.get('statements') as unknown as StatementLexicon));
}

/** An engine of the shipped packs and lexicons (or of `lexicons`, read from elsewhere), as loadEngine builds it with the default config. */
export function shippedEngine(lexicons: ReadonlyMap<string, LexiconDocument> = shippedLexicons()): Engine {
  const words = shippedWords(lexicons);
  const lexicon = (name: string) => lexicons.get(name) as unknown;
  const rules = shippedPacks().flatMap(({ pack }) => pack.rules.map((spec) => compileRule(spec, words)));
  const contradiction = compileLexicon(lexicon('contradiction') as ContradictionLexicon, compileSubjects(lexicon('subjects') as SubjectLexicon, words), words);
  const bridge = compileBridgeLexicon(lexicon('bridge') as BridgeLexicon);
  const statements = compileStatementLexicon(lexicon('statements') as StatementLexicon, words);
  const scorer = JSON.parse(readFileSync(join(ROOT, 'rules', 'models', 'decision-scorer.json'), 'utf8'));
  return { rules, lexicon: contradiction, bridge, statements, words, scorer, config: { ...DEFAULT_CONFIG }, tuning: DEFAULT_TUNING, fingerprint: 'test' };
}

/**
 * Every file below a folder, dot files included, as relative path → text, but those `except`
 * names by their relative path (for comparing bookkeeping files too).
 */
export function filesBelow(dir: string, except: (file: string) => boolean = () => false, base = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const file = path.slice(base.length + 1);
    if (statSync(path).isDirectory()) filesBelow(path, except, base, out);
    else if (!except(file)) out[file] = readFileSync(path, 'utf8');
  }
  return out;
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

/** A registry decision with the given statement and defaults for everything else (relating tests). */
export function decision(id: string, taskId: string, statement: string, createdAt: string, extra: Partial<Decision> = {}): Decision {
  return {
    id,
    task_id: taskId,
    statement,
    type: 'decision',
    confidence: 'medium',
    source: { messages: [1], summary: '' },
    topic: '',
    importance: 30,
    context: '',
    alternatives: [],
    reasons: [],
    bridge: { structure: '', function: '', tolerance: [], enforcement: [], prevention: [] },
    bridge_auto: false,
    downstream: [],
    quality_flags: [],
    origin: 'auto',
    created_at: createdAt,
    supersedes: null,
    superseded_by: null,
    status: 'active',
    corrects: null,
    duplicate_of: null,
    auto: { statement, type: extra.type ?? 'decision', status: 'active', confidence: 'medium' },
    ...extra,
  };
}
