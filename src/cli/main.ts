// Command-line interface: parses arguments, calls the library (src/api.ts), prints, returns an
// exit code. Data goes to stdout; problems, progress and failures to stderr.
// Exit codes: 0 clean, 1 problems in input or an unknown id, 2 usage or fatal error.
import { appendAll } from '../core/lists';
import { isAbsolute, relative, resolve } from 'node:path';
import yargs, { type ArgumentsCamelCase, type Argv } from 'yargs';
import { DECISION_STATUSES, DECISION_TYPES, type Diagnostic } from '../core/types';
import { ConfigError, ConflictError, fsProblem, InterruptedError, LockedError, NotFoundError, UsageError } from '../io/errors';
import { writeIfChanged } from '../io/files';
import * as api from '../api';
import { runWatch } from '../watch/watch';
import { renderContext } from './render/context';
import { safeText } from './render/safe';
import { github, json as jsonReport, stylish } from './render/diagnostics';
import { renderGuard, renderPending, renderResolution } from './render/review';
import { describeEvent, renderCheckSummary, renderDryRun, renderRunSummary } from './render/run';
import { decisionTable, renderBridgeStats, renderStats } from './render/tables';
import { renderWhy } from './render/why';
import { renderInit } from './render/init';
import { ANSI_PAINT, colourWanted, NO_PAINT, progressBar, type Paint, type ProgressStream } from './terminal';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  clock: () => Date;
  /** Environment the command reads (DEBUG, CI, NO_COLOR, FORCE_COLOR); the process environment when absent. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Standard error when it is a terminal: progress is drawn there, and problems are coloured. */
  terminal?: ProgressStream;
  /** Milliseconds a run goes on before its progress bar appears (default 1000). */
  progressAfter?: number;
}

const defaultIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  cwd: process.cwd(),
  clock: () => new Date(),
  terminal: process.stderr.isTTY ? process.stderr : undefined,
};

const envOf = (io: Io) => io.env ?? process.env;
const resolveNow = (now: string | undefined, io: Io): string => now ?? io.clock().toISOString();
/** How problems printed on stderr are coloured. */
const paintOf = (io: Io): Paint => (colourWanted(envOf(io), io.terminal !== undefined) ? ANSI_PAINT : NO_PAINT);
/** Problems on stderr, one a line. */
function problems(io: Io, diagnostics: readonly Diagnostic[]): void {
  if (diagnostics.length > 0) io.err(stylish(diagnostics, paintOf(io)));
}

function workspaceArgs(argv: { memory?: string; config?: string; globs?: string[] }, io: Io) {
  return { cwd: io.cwd, globs: argv.globs ?? [], memory: argv.memory, config: argv.config };
}
/** The library's workspace options from the command line (`files`: the globs or --tasks). */
function workspace(argv: { memory?: string; config?: string }, io: Io, files: readonly string[] | undefined): api.WorkspaceOptions {
  return { cwd: io.cwd, memory: argv.memory, config: argv.config, files: (files ?? []).map(String) };
}

/** Phase timings of a run on stderr when EXTRACT_TIMING is set (like ESLint's TIMING). */
function phaseTimings(io: Io): ((phase: string, ms: number) => void) | undefined {
  if (!envOf(io).EXTRACT_TIMING) return undefined;
  return (phase, ms) => io.err(`extract timing: ${phase} ${ms.toFixed(1)} ms`);
}

async function watchCommand(argv: ArgsOf<typeof watchOptions>, io: Io, stop: Promise<void>): Promise<number> {
  await runWatch({
    ...workspaceArgs(argv, io),
    lockTimeout: argv['lock-timeout'],
    onPhase: phaseTimings(io),
    now: () => resolveNow(argv.now, io),
    stop,
    log: (e) => {
      const at = io.clock().toISOString();
      if (argv.json) {
        const r = e.result;
        io.out(JSON.stringify({ at, event: e.kind, file: e.file ?? null, ms: e.ms ?? null, message: e.message ?? null, ...(r ? { summary: r.summary, diagnostics: r.diagnostics } : {}) }));
      } else if (!argv.quiet || (e.result?.diagnostics.length ?? 0) > 0) io.out(describeEvent(e, at));
    },
  });
  return 0;
}

async function checkCommand(argv: ArgsOf<typeof checkOptions>, io: Io): Promise<number> {
  const result = await api.check({ ...workspace(argv, io, argv.globs), now: resolveNow(argv.now, io) });
  const format = argv.json ? 'json' : argv.format;
  if (format === 'json') io.out(jsonReport(result.diagnostics, { files: result.files, tasks: result.tasks, stale: result.stale, errors: result.errors }));
  else if (format === 'github') {
    if (result.diagnostics.length > 0) io.out(github(result.diagnostics));
  } else {
    problems(io, result.diagnostics);
    if (!argv.quiet) io.out(renderCheckSummary(result, result.errors));
  }
  return result.errors > 0 ? 1 : 0;
}

async function reviewCommand(argv: ArgsOf<typeof reviewOptions>, io: Io): Promise<number> {
  const action = argv.action;
  const ws = workspace(argv, io, argv.tasks);
  if (action === 'list') {
    const pending = await api.reviewList(ws);
    if (argv.json) io.out(JSON.stringify(pending));
    else for (const line of renderPending(pending)) io.out(line);
    return 0;
  }
  const id = argv.id;
  if (!id) throw new UsageError(`extract review ${action} needs a review item id (REV-…)`);
  const options = { ...ws, now: resolveNow(argv.now, io), lockTimeout: argv['lock-timeout'] };
  const resolution = action === 'accept' ? await api.reviewAccept(id, { statement: argv.statement, type: argv.type }, options) : await api.reviewReject(id, argv.reason, options);
  io.out(argv.json ? JSON.stringify(resolution) : renderResolution(id, resolution));
  return 0;
}

async function guardCommand(argv: ArgsOf<typeof guardOptions>, io: Io): Promise<number> {
  const findings = await api.guard(argv.text, { ...workspace(argv, io, undefined), task: list(argv.task) });
  if (argv.json) io.out(JSON.stringify(findings));
  else for (const line of renderGuard(findings)) io.out(line);
  return findings.length > 0 ? 1 : 0;
}

/** Diagnostics that mean a named task file could not be read at all. */
const PATH_PROBLEMS = new Set(['not-found', 'not-a-file', 'unreadable']);

const list = (v: readonly string[] | undefined): string[] => (v ?? []).map(String);

/**
 * A reading command: the library call with the workspace's problems printed on stderr; exit 1
 * when a named task file could not be read (whatever the call made of what was left).
 */
async function reading<T>(argv: { memory?: string; config?: string; tasks?: string[] }, io: Io, call: (options: api.ReadingOptions) => Promise<T>, print: (value: T) => void): Promise<number> {
  const found: Diagnostic[] = [];
  const unreadable = () => found.some((d) => PATH_PROBLEMS.has(d.code));
  let value: T;
  try {
    value = await call({ ...workspace(argv, io, argv.tasks), onDiagnostics: (d) => appendAll(found, d) });
  } catch (err) {
    problems(io, found);
    // What could not be found there follows from the file that could not be read: that one line says it.
    if (err instanceof NotFoundError && unreadable()) return 1;
    throw err;
  }
  problems(io, found);
  if (unreadable()) return 1;
  print(value);
  return 0;
}

const contextCommand = (argv: ArgsOf<typeof contextOptions>, io: Io) =>
  reading(argv, io, (o) => api.context(list(argv.task), o), (contexts) => {
    if (argv.json) io.out(JSON.stringify(contexts));
    else for (const line of contexts.flatMap(renderContext)) io.out(line);
  });

const queryCommand = (argv: ArgsOf<typeof queryOptions>, io: Io) =>
  reading(argv, io, (o) => api.query({ task: list(argv.task), type: argv.type, status: argv.status, text: argv.text, structure: argv.structure, function: argv.function }, o), (found) => {
    if (argv.json) io.out(JSON.stringify(found));
    else io.out(found.length > 0 ? decisionTable(found) : 'extract query: no matching decisions');
  });

const whyCommand = (argv: ArgsOf<typeof whyOptions>, io: Io) => reading(argv, io, (o) => api.why(argv.id, o), (report) => io.out(argv.json ? JSON.stringify(report) : renderWhy(report)));

const snapshotCommand = (argv: ArgsOf<typeof snapshotOptions>, io: Io) =>
  reading(argv, io, (o) => api.snapshot(list(argv.task), o), (snaps) => {
    if (argv.json) io.out(JSON.stringify(snaps));
    // One paragraph a task: text from the data escaped, so it stays one line (see safeText).
    else for (const s of snaps) io.out(safeText(s.snapshot));
  });

const statsCommand = (argv: ArgsOf<typeof statsOptions>, io: Io) =>
  argv.bridges
    ? reading(argv, io, api.bridgeStats, (b) => (argv.json ? io.out(JSON.stringify(b)) : renderBridgeStats(b).forEach((line) => io.out(line))))
    : reading(argv, io, api.stats, (s) => (argv.json ? io.out(JSON.stringify(s)) : renderStats(s).forEach((line) => io.out(line))));

async function reportCommand(argv: ArgsOf<typeof reportOptions>, io: Io): Promise<number> {
  let html = '';
  const status = await reading(argv, io, api.report, (page) => {
    html = page;
  });
  if (status !== 0) return status;
  if (argv.out === undefined) {
    io.out(html.replace(/\n$/, ''));
    return 0;
  }
  const written = await writeIfChanged(resolve(io.cwd, argv.out), html);
  io.out(`extract report: ${written !== null ? 'wrote' : 'unchanged'} ${argv.out}`);
  return 0;
}

async function initCommand(argv: ArgsOf<typeof initOptions>, io: Io): Promise<number> {
  const result = await api.init({ cwd: io.cwd, force: argv.force === true });
  if (argv.json) io.out(JSON.stringify(result));
  else for (const line of renderInit(result)) io.out(line);
  return 0;
}

/** A clock that always reads `now`, when it is given. */
function fixedClock(now: string | undefined): (() => string) | undefined {
  return now === undefined ? undefined : () => now;
}

async function mcpCommand(argv: ArgsOf<typeof mcpOptions>, io: Io, stop: Promise<void>): Promise<number> {
  // Loaded only for this command: the SDK is not needed by the others.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { serveStdio } = require('../mcp/stdio') as typeof import('../mcp/stdio');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { version } = require('../../package.json') as { version: string };
  await serveStdio(
    { cwd: io.cwd, memory: argv.memory, config: argv.config, files: list(argv.tasks), allowWrite: argv['allow-write'], author: argv.author, relay: argv.relay, lockTimeout: argv['lock-timeout'], now: fixedClock(argv.now), version },
    stop,
  );
  return 0;
}

let stoppableRuns = 0;
/** True while a run handles SIGINT/SIGTERM itself (the bin's start-up handler then stands back). */
export function handlingSignals(): boolean {
  return stoppableRuns > 0;
}

/** Runs `work` with an AbortSignal that SIGINT or SIGTERM aborts (the reason is the signal's name). */
async function stoppable<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => controller.abort(name);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  stoppableRuns++;
  try {
    return await work(controller.signal);
  } finally {
    stoppableRuns--;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function runCommand(argv: ArgsOf<typeof runOptions>, io: Io): Promise<number> {
  const env = envOf(io);
  const ws = workspace(argv, io, argv.globs);
  // A bar only where a person watches the run: a terminal, not CI, and neither --quiet nor --json.
  const bar = io.terminal && !env.CI && !argv.quiet && !argv.json ? progressBar({ stream: io.terminal, after: io.progressAfter ?? 1000 }) : null;
  let result: api.ExtractResult;
  try {
    result = await stoppable((signal) =>
      api.extract({ ...ws, now: resolveNow(argv.now, io), lockTimeout: argv['lock-timeout'], dryRun: argv['dry-run'] === true, signal, onPhase: phaseTimings(io), onProgress: bar?.update }),
    );
  } finally {
    bar?.stop();
  }
  if (argv.json) io.out(JSON.stringify(result));
  else {
    problems(io, result.diagnostics);
    if (argv['dry-run']) for (const line of renderDryRun(result, result.errors, result.ms)) io.out(line);
    else if (!argv.quiet) io.out(renderRunSummary(result, result.errors, result.ms));
  }
  return result.errors > 0 || result.conflicts > 0 ? 1 : 0;
}

/** Resolves on the first SIGINT or SIGTERM (the daemon then stops cleanly). */
function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stoppableRuns--;
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    stoppableRuns++;
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}

const COMMANDS = ['run', 'watch', 'check', 'init', 'review', 'guard', 'context', 'query', 'why', 'snapshot', 'stats', 'report', 'mcp'] as const;

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment), for "did you mean". */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The command a bare word was probably meant to be, when it looks like a mistyped command rather than a file. */
export function closestCommand(word: string): string | null {
  if (!/^[a-z]{2,12}$/i.test(word)) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of COMMANDS) {
    const d = distance(word.toLowerCase(), c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 2)) ? best : null;
}

const USAGE: Record<string, string> = {
  run: 'extract run [GLOB...] [--memory DIR] [--config FILE] [--now ISO] [--json] [--quiet] [--lock-timeout S] [--dry-run | --watch]',
  watch: 'extract watch [GLOB...] [--memory DIR] [--config FILE] [--json] [--quiet] [--lock-timeout S]',
  init: 'extract init [--force]',
  check: 'extract check [GLOB...] [--format stylish|json|github] [--json] [--memory DIR] [--config FILE]',
  review: 'extract review [list | accept ID [--statement TEXT] [--type TYPE] | reject ID [--reason TEXT]]',
  guard: 'extract guard TEXT [--task ID...]',
  context: 'extract context TASK... [--tasks FILE...]',
  query: 'extract query [--task ID...] [--type TYPE...] [--status STATUS...] [--text WORDS] [--structure WORDS] [--function WORDS]',
  why: 'extract why DECISION-ID [--tasks FILE...]',
  snapshot: 'extract snapshot TASK... [--tasks FILE...]',
  stats: 'extract stats [--bridges] [--tasks FILE...]',
  report: 'extract report [--out FILE] [--tasks FILE...]',
  mcp: 'extract mcp [--allow-write [--author NAME] [--relay]] [--tasks FILE...] [--memory DIR] [--config FILE]',
};

function usageLine(args: readonly string[]): string {
  const first = args.find((a) => !a.startsWith('-'));
  return `Usage: ${first !== undefined && first in USAGE ? USAGE[first] : 'extract <command> [options]  (commands: ' + COMMANDS.join(', ') + ')'}`;
}

/** --lock-timeout: a non-negative number of seconds. */
function seconds(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--lock-timeout must be a number of seconds, got ${JSON.stringify(v)}`);
  return n;
}

/** --now: an ISO 8601 date-time. */
function isoDate(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}/.test(v)) {
    throw new UsageError(`--now must be an ISO 8601 date-time, got ${JSON.stringify(v)}`);
  }
  return v;
}

const EXIT_CODES = 'Exit codes: 0 clean; 1 problems in the input (malformed JSON, schema violations, stale state, conflicts, a contradiction found by guard, an unknown task, decision or review id); 2 usage or fatal error (bad arguments, config or rule pack); 75 memory folder locked by another run; 130/143 interrupted by SIGINT/SIGTERM.';

/** Options every command takes (`--now` is validated while parsing). */
const globalOptions = (y: Argv) =>
  y
    .option('memory', { type: 'string', describe: 'memory folder (default: memory/ beside the config, or in the working directory)' })
    .option('config', { type: 'string', describe: 'config file (default: ./extract.config.json when present)' })
    .option('now', { type: 'string', describe: 'ISO date-time to record instead of the clock (for reproducible runs)', coerce: isoDate })
    .option('json', { type: 'boolean', default: false, describe: 'print machine-readable JSON' });

/** --quiet: for the commands that print a summary. */
const quiet = { type: 'boolean', default: false, describe: 'print problems only: no summary line, no progress' } as const;

/** What a builder adds to the parser's options. */
type OptionsOf<B> = B extends (...args: never[]) => Argv<infer U> ? U : never;
/** The arguments a command's handler receives, as its builder declares them. */
type ArgsOf<B> = ArgumentsCamelCase<OptionsOf<B>>;
type Globals = OptionsOf<typeof globalOptions>;

const globs = { type: 'string', array: true, describe: "task files or glob patterns (default: the config's globs, else tasks.json)" } as const;
const workspaceFiles = { type: 'string', array: true, describe: 'task files to read (default: the files the memory folder was built from, else the configured globs, else ./tasks.json)' } as const;
const lockTimeout = (describe: string) => ({ type: 'string', default: '30', describe, coerce: seconds }) as const;

const watchOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .positional('globs', globs)
    .option('lock-timeout', lockTimeout('seconds to wait for another run holding the memory lock'))
    .option('quiet', quiet)
    .example('$0 watch', 'run, then re-extract whenever a task file changes; stop with Ctrl-C');

const runOptions = (y: Argv<Globals>) =>
  watchOptions(y)
    .option('watch', { type: 'boolean', describe: 'keep running and re-extract task files when they change (the same as "extract watch")' })
    .option('dry-run', { type: 'boolean', describe: 'report what a run would change and write nothing' })
    .conflicts('dry-run', 'watch')
    .example('$0 run examples/tasks.json', "extract the example; writes memory/ and each task's extracted_state")
    .example('$0 run "projects/**/tasks.json" --json', 'every task file below projects/, one JSON summary line')
    .example('$0 run --dry-run', 'list the files a run would write, write nothing');

const initOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .option('force', { type: 'boolean', default: false, describe: 'overwrite the files init writes when they exist' })
    .example('$0 init', 'write extract.config.json, memory/.gitignore and .github/workflows/extract-check.yml; print the cron line and the MCP entry');

const checkOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .positional('globs', globs)
    .option('format', { choices: ['stylish', 'json', 'github'] as const, default: 'stylish' as const, describe: 'report format (--json is the same as --format json)' })
    .option('quiet', quiet)
    .example('$0 check examples/tasks.json', 'exit 1 if any extracted_state is out of date')
    .example('$0 check --format github', 'workflow annotations for GitHub Actions');

const reviewOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .positional('action', { choices: ['list', 'accept', 'reject'] as const, default: 'list' as const, describe: 'list (default), accept or reject' })
    .positional('id', { type: 'string', describe: 'review item id (REV-…), for accept and reject' })
    .option('statement', { type: 'string', describe: 'with accept: the decision statement to record instead of the candidate' })
    .option('type', { choices: DECISION_TYPES, describe: 'with accept: the decision type to record' })
    .option('reason', { type: 'string', describe: 'with reject: why' })
    .option('tasks', workspaceFiles)
    .option('lock-timeout', lockTimeout('seconds to wait for another run holding the memory lock'))
    .example('$0 review', 'pending items with their messages')
    .example('$0 review accept REV-20260130-001 --type constraint', 'record the candidate as a constraint decision')
    .example('$0 review reject REV-20260130-001 --reason "small talk"', 'never queue it again');

const guardOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .positional('text', { type: 'string', demandOption: true, describe: 'what a bot is about to say or do' })
    .option('task', { type: 'string', array: true, describe: 'only decisions of these tasks (and every correction)' })
    .example('$0 guard "Deploy on Friday evening" --task T045', 'exit 1 and name the decision it contradicts');

const contextOptions = (y: Argv<Globals>) =>
  y.epilogue(EXIT_CODES).positional('task', { type: 'string', array: true, demandOption: true, describe: 'task ids' }).option('tasks', workspaceFiles).example('$0 context T045', 'the compact context of T045');

const queryOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .option('task', { type: 'string', array: true, describe: 'only decisions of these task ids' })
    .option('type', { type: 'string', array: true, choices: DECISION_TYPES, describe: 'only decisions of these types' })
    .option('status', { type: 'string', array: true, choices: DECISION_STATUSES, describe: 'only decisions with these statuses' })
    .option('text', { type: 'string', describe: 'words the statement, topic or context contains' })
    .option('structure', { type: 'string', describe: 'search the bridge structure (files, tools, commands)' })
    .option('function', { type: 'string', describe: 'search the bridge function (what it is for)' })
    .option('tasks', workspaceFiles)
    .example('$0 query --type constraint --status active', 'every rule still in force')
    .example('$0 query --text telegram --json', 'decisions that mention Telegram, as JSON');

const whyOptions = (y: Argv<Globals>) =>
  y.epilogue(EXIT_CODES).positional('id', { type: 'string', demandOption: true, describe: 'decision id (DEC-…)' }).option('tasks', workspaceFiles).example('$0 why DEC-20260130-001', 'the decision and the messages it came from');

const snapshotOptions = (y: Argv<Globals>) =>
  y.epilogue(EXIT_CODES).positional('task', { type: 'string', array: true, demandOption: true, describe: 'task ids' }).option('tasks', workspaceFiles).example('$0 snapshot T045', 'status, key decisions, blockers, next actions');

const statsOptions = (y: Argv<Globals>) =>
  y.epilogue(EXIT_CODES).option('bridges', { type: 'boolean', default: false, describe: 'most reused structures, common functions, orphans' }).option('tasks', workspaceFiles).example('$0 stats --json', 'the metrics as JSON');

const reportOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .option('out', { type: 'string', describe: 'file to write (default: standard output)' })
    .option('tasks', workspaceFiles)
    .example('$0 report --out decision-log.html', 'write the page; open it in any browser, offline');

const mcpOptions = (y: Argv<Globals>) =>
  y
    .epilogue(EXIT_CODES)
    .option('allow-write', { type: 'boolean', default: false, describe: "offer record_message, which appends to a task's discussion and extracts again" })
    .option('author', { type: 'string', default: 'agent', describe: 'with --allow-write: the author record_message writes as (role bot)' })
    .option('relay', { type: 'boolean', default: false, describe: "with --allow-write: let record_message relay a person's words (role human, their author); each such message records who recorded it" })
    .option('tasks', workspaceFiles)
    .option('lock-timeout', lockTimeout('seconds record_message waits for the memory lock'))
    .example('$0 mcp', 'read-only tools for an agent host (configure it to start this command)')
    .example('$0 mcp --allow-write', 'also let the agent record messages');

export async function main(args: string[], io: Io = defaultIo, stop: () => Promise<void> = signalled): Promise<number> {
  let failure: unknown = null;
  // Parse everything first; the chosen command runs only once the whole command line is valid.
  const chosen: { run: (() => Promise<number>) | null } = { run: null };
  const later = (run: () => Promise<number>) => {
    chosen.run = run;
  };
  // "extract --help" alone lists the commands: without the default command, whose options,
  // examples and exit codes yargs would otherwise print there as well.
  const topHelp = args.some((a) => a === '--help' || a === '-h') && !args.some((a) => !a.startsWith('-'));
  const parser = globalOptions(
    yargs()
      .scriptName('extract')
      .usage('$0 <command> [options]\n\nExtract decisions, patterns and task state from the discussion arrays of task files.'),
  )
    .command(topHelp ? 'run [globs..]' : ['run [globs..]', '$0 [globs..]'], 'extract decisions and patterns; write memory/ and extracted_state', runOptions, (argv) => {
      const bare = argv.globs?.[0];
      const typed = args.find((a) => !a.startsWith('-'));
      if (bare !== undefined && typed === bare && !COMMANDS.some((c) => c === bare)) {
        const guess = closestCommand(bare);
        if (guess) throw new UsageError(`unknown command "${bare}"; did you mean "${guess}"?`);
      }
      later(() => (argv.watch ? watchCommand(argv, io, stop()) : runCommand(argv, io)));
    })
    .command('watch [globs..]', 'run, then re-extract each task file when it changes, until stopped', watchOptions, (argv) => later(() => watchCommand(argv, io, stop())))
    .command('check [globs..]', 'validate the files and fail when any extracted state is out of date', checkOptions, (argv) => later(() => checkCommand(argv, io)))
    .command('init', 'set up this folder: config, memory/.gitignore, CI workflow', initOptions, (argv) => later(() => initCommand(argv, io)))
    .command('review [action] [id]', 'list pending review items, or accept or reject one', reviewOptions, (argv) => later(() => reviewCommand(argv, io)))
    .command('guard <text>', 'list the active decisions a text contradicts', guardOptions, (argv) => later(() => guardCommand(argv, io)))
    .command('context <task..>', "a task's active decisions and open topics, for a bot to load first", contextOptions, (argv) => later(() => contextCommand(argv, io)))
    .command('query', 'a table of decisions, filtered', queryOptions, (argv) => later(() => queryCommand(argv, io)))
    .command('why <id>', 'a decision, its supersession chain and its source messages', whyOptions, (argv) => later(() => whyCommand(argv, io)))
    .command('snapshot <task..>', "one paragraph of a task's state", snapshotOptions, (argv) => later(() => snapshotCommand(argv, io)))
    .command('stats', 'decisions by type and status, review queue, traceability, token savings', statsOptions, (argv) => later(() => statsCommand(argv, io)))
    .command('report', 'the decision log as one self-contained HTML page', reportOptions, (argv) => later(() => reportCommand(argv, io)))
    .command('mcp', 'serve the task state to agents (Model Context Protocol on stdio)', mcpOptions, (argv) => later(() => mcpCommand(argv, io, stop())))
    .strict()
    .help()
    .alias('h', 'help')
    .version()
    .epilogue('Run "extract COMMAND --help" for its options, examples and exit codes.')
    .wrap(Math.min(110, process.stdout.columns || 110))
    .fail((msg, err) => {
      failure ??= err ?? new UsageError(msg);
    })
    .exitProcess(false);
  let printed = '';
  try {
    // With a callback, yargs hands --help and --version text over instead of printing it.
    await parser.parseAsync(args, {}, (_err, _argv, output) => {
      printed = output;
    });
  } catch (err) {
    failure ??= err;
  }
  if (failure) return reportFailure(failure, io, args);
  if (printed) io.out(printed);
  if (!chosen.run) return 0; // --help or --version was printed
  try {
    return await chosen.run();
  } catch (err) {
    return reportFailure(err, io, args);
  }
}

function reportFailure(err: unknown, io: Io, args: readonly string[]): number {
  if (err instanceof UsageError || isYargsError(err)) {
    io.err(`extract: ${(err as Error).message.replace(/:?\s*\n\s*/g, ': ')}\n${usageLine(args)}\nRun "extract --help" for every option.`);
    return 2;
  }
  if (err instanceof NotFoundError) {
    io.err(`extract: ${err.message}`);
    return 1;
  }
  if (err instanceof ConfigError || err instanceof ConflictError) {
    io.err(`extract: ${err.message}`);
    return 2;
  }
  if (err instanceof InterruptedError) {
    io.err(`extract: ${err.message}`);
    return err.signal === 'SIGINT' ? 130 : 143;
  }
  if (err instanceof LockedError) {
    io.err(`extract: ${err.message}`);
    return 75;
  }
  // A path the user typed that cannot be used: one line naming it, exit 1 (like a bad input file).
  const fsErr = fsProblem(err);
  if (fsErr) {
    const rel = relative(io.cwd, fsErr.path);
    io.err(`extract: ${rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : fsErr.path}: ${fsErr.message}`);
    if (envOf(io).DEBUG) io.err((err as Error).stack ?? '');
    return 1;
  }
  const e = err as Error;
  io.err(`extract: ${(envOf(io).DEBUG ? e?.stack : e?.message) ?? String(err)}`);
  return 2;
}

const isYargsError = (err: unknown): boolean => err instanceof Error && err.name === 'YError';
