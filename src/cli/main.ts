// Command-line interface: parses arguments, calls the store, prints, returns an exit code.
// Exit codes: 0 clean, 1 problems in input, 2 usage or fatal error.
import yargs from 'yargs';
import { ConfigError, ConflictError, LockedError, UsageError } from '../store/errors';
import { extractCheck } from '../store/check';
import { bridgeStats, decisionTable, queryDecisions, renderWhy, snapshot, stats, taskContext, why, type TaskView } from '../core/read';
import { excerpt } from '../core/statement';
import { countTokens, loadReadModel } from '../store/read';
import { acceptReview, guard, listPending, rejectReview } from '../store/review';
import { extractRun } from '../store/run';
import { runWatch, type WatchEvent } from '../watch/watch';
import { github, json as jsonReport, stylish } from './report';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  clock: () => Date;
}

const defaultIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  cwd: process.cwd(),
  clock: () => new Date(),
};

function resolveNow(now: unknown, io: Io): string {
  if (now === undefined) return io.clock().toISOString();
  if (typeof now !== 'string' || Number.isNaN(Date.parse(now)) || !/^\d{4}-\d{2}-\d{2}/.test(now)) {
    throw new UsageError(`--now must be an ISO 8601 date-time, got ${JSON.stringify(now)}`);
  }
  return now;
}

function describeEvent(e: WatchEvent, at: string): string {
  if (e.kind === 'ready' || e.kind === 'stopped') return `[${at}] ${e.kind === 'ready' ? e.message ?? 'ready' : 'stopped'}`;
  if (!e.result) return `[${at}] ${e.message ?? e.kind}`;
  const s = e.result.summary;
  const errors = e.result.diagnostics.filter((d) => d.severity === 'error');
  const head = `[${at}] ${e.file ?? 'all files'}: ${s.analysed} analysed, ${s.decisions} new decisions, ${s.patterns} new patterns, ${s.review} new review items, ${s.conflicts} conflicts (${e.ms} ms)`;
  return errors.length > 0 ? `${head}\n${stylish(errors)}` : head;
}

function workspaceArgs(argv: Record<string, unknown>, io: Io) {
  return {
    cwd: io.cwd,
    globs: (argv.globs as string[] | undefined) ?? [],
    memory: argv.memory as string | undefined,
    config: argv.config as string | undefined,
  };
}

async function watchCommand(argv: Record<string, unknown>, io: Io, stop: Promise<void>): Promise<number> {
  if (argv.now !== undefined) resolveNow(argv.now, io);
  await runWatch({
    ...workspaceArgs(argv, io),
    lockTimeout: argv['lock-timeout'] as number,
    now: () => (argv.now as string | undefined) ?? io.clock().toISOString(),
    stop,
    log: (e) => {
      const at = io.clock().toISOString();
      if (argv.json) {
        const r = e.result;
        io.out(JSON.stringify({ at, event: e.kind, file: e.file ?? null, ms: e.ms ?? null, message: e.message ?? null, ...(r ? { summary: r.summary, diagnostics: r.diagnostics } : {}) }));
      } else io.out(describeEvent(e, at));
    },
  });
  return 0;
}

async function checkCommand(argv: Record<string, unknown>, io: Io): Promise<number> {
  const result = await extractCheck({
    ...workspaceArgs(argv, io),
    now: resolveNow(argv.now, io),
  });
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const format = (argv.format as string) ?? 'stylish';
  if (format === 'json') io.out(jsonReport(result.diagnostics, { files: result.files, tasks: result.tasks, stale: result.stale, errors }));
  else if (format === 'github') {
    if (result.diagnostics.length > 0) io.out(github(result.diagnostics));
  } else {
    if (result.diagnostics.length > 0) io.out(stylish(result.diagnostics));
    io.out(
      errors === 0
        ? `extract check: ${result.files} files, ${result.tasks} tasks, all extracted state is current`
        : `extract check: ${errors} problem${errors === 1 ? '' : 's'} (${result.stale} stale tasks) in ${result.files} files`,
    );
  }
  return errors > 0 ? 1 : 0;
}

const DECISION_TYPES = ['constraint', 'decision', 'action_item', 'correction', 'preference'] as const;

async function reviewCommand(argv: Record<string, unknown>, io: Io): Promise<number> {
  const action = (argv.action as string | undefined) ?? 'list';
  const ws = { ...workspaceArgs(argv, io), globs: (argv.tasks as string[] | undefined) ?? [] };
  if (action === 'list') {
    const pending = await listPending(ws);
    if (argv.json) {
      io.out(JSON.stringify(pending.map((p) => ({ ...p.item, discussion: p.messages }))));
      return 0;
    }
    if (pending.length === 0) io.out('extract review: no pending items');
    for (const { item, messages } of pending) {
      io.out(`${item.id}  ${item.task_id}  importance ${item.importance}  ${item.candidate.type}  "${item.topic}"`);
      io.out(`  candidate: ${item.candidate.statement}`);
      for (const m of messages) io.out(`  [${m.index}] ${m.author || m.role}: ${excerpt(m.text, 200)}`);
      io.out('');
    }
    if (pending.length > 0) io.out(`${pending.length} pending; resolve with "extract review accept ID [--statement …] [--type …]" or "extract review reject ID [--reason …]"`);
    return 0;
  }
  const id = argv.id as string | undefined;
  if (!id) throw new UsageError(`extract review ${action} needs a review item id (REV-…)`);
  const now = resolveNow(argv.now, io);
  const resolution =
    action === 'accept'
      ? await acceptReview({ ...ws, now, lockTimeout: argv['lock-timeout'] as number }, id, { statement: argv.statement as string | undefined, type: argv.type as (typeof DECISION_TYPES)[number] | undefined })
      : await rejectReview({ ...ws, now, lockTimeout: argv['lock-timeout'] as number }, id, argv.reason as string | undefined);
  if (argv.json) io.out(JSON.stringify(resolution));
  else if (resolution.decision) io.out(`${id} accepted as ${resolution.decision.id} (${resolution.decision.type}): ${resolution.decision.statement}`);
  else io.out(`${id} rejected${resolution.item.resolution?.reason ? `: ${resolution.item.resolution.reason}` : ''}; it will not be queued again`);
  return 0;
}

async function guardCommand(argv: Record<string, unknown>, io: Io): Promise<number> {
  const text = argv.text as string;
  const findings = await guard(workspaceArgs(argv, io), text, (argv.task as string[] | undefined) ?? []);
  if (argv.json) {
    io.out(JSON.stringify(findings.map((f) => ({ id: f.decision.id, task_id: f.decision.task_id, statement: f.decision.statement, type: f.decision.type, why: f.why }))));
  } else if (findings.length === 0) {
    io.out('extract guard: no active decision contradicts this');
  } else {
    for (const f of findings) io.out(`This seems to contradict ${f.decision.id} (${f.decision.task_id}, ${f.decision.type}): "${f.decision.statement}" — ${f.why}. Which is correct?`);
  }
  return findings.length > 0 ? 1 : 0;
}

function pickTasks(all: readonly TaskView[], ids: readonly string[]): TaskView[] {
  const missing = ids.filter((id) => !all.some((t) => t.id === id));
  if (missing.length > 0) throw new UsageError(`no task ${missing.join(', ')} in the task files read`);
  return ids.map((id) => all.find((t) => t.id === id)!);
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

async function readCommand(name: string, argv: Record<string, unknown>, io: Io): Promise<number> {
  const model = await loadReadModel({ ...workspaceArgs(argv, io), globs: list(argv.tasks) });
  const { decisions, review, patterns } = model.registry;
  const json = Boolean(argv.json);
  if (name === 'context') {
    const contexts = pickTasks(model.tasks, list(argv.task)).map((t) => taskContext(t, decisions, countTokens));
    if (json) io.out(JSON.stringify(contexts.map(({ text, ...rest }) => ({ ...rest, context: text }))));
    else
      for (const c of contexts) {
        io.out(c.text);
        io.out(`---\ntokens (cl100k_base): raw transcript ${c.tokens.raw}, this context ${c.tokens.context} (${c.tokens.saving_percent}% saved)\n`);
      }
    return 0;
  }
  if (name === 'query') {
    const found = queryDecisions(decisions, { tasks: list(argv.task), types: list(argv.type), statuses: list(argv.status), text: argv.text as string | undefined, structure: argv.structure as string | undefined, function: argv.function as string | undefined });
    if (json) io.out(JSON.stringify(found));
    else io.out(found.length > 0 ? decisionTable(found) : 'extract query: no matching decisions');
    return 0;
  }
  if (name === 'why') {
    const messages = new Map(model.tasks.map((t) => [t.id, t.messages]));
    const report = why(argv.id as string, decisions, patterns, (t) => messages.get(t) ?? []);
    if (!report) throw new UsageError(`no decision ${String(argv.id)} in the registry`);
    io.out(json ? JSON.stringify(report) : renderWhy(report));
    return 0;
  }
  if (name === 'snapshot') {
    const snaps = pickTasks(model.tasks, list(argv.task)).map((t) => ({ task: t.id, snapshot: snapshot(t, decisions) }));
    if (json) io.out(JSON.stringify(snaps));
    else for (const s of snaps) io.out(s.snapshot);
    return 0;
  }
  // stats
  if (argv.bridges) {
    const b = bridgeStats(decisions);
    if (json) io.out(JSON.stringify(b));
    else {
      io.out('Most reused structures:');
      for (const s of b.structures.slice(0, 10)) io.out(`  ${s.decisions.length}× ${s.structure}  (${s.decisions.join(', ')})`);
      io.out('Most common functions:');
      for (const f of b.functions.slice(0, 10)) io.out(`  ${f.decisions.length}× ${f.function}  (${f.decisions.join(', ')})`);
      io.out(`Structure without function: ${b.orphan_structures.join(', ') || 'none'}`);
      io.out(`Function without structure: ${b.orphan_functions.join(', ') || 'none'}`);
    }
    return 0;
  }
  const s = stats(decisions, review, patterns, model.tasks.map((t) => taskContext(t, decisions, countTokens)));
  if (json) io.out(JSON.stringify(s));
  else {
    const kv = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
    io.out(`decisions: ${s.decisions.total} (${kv(s.decisions.by_type)})`);
    io.out(`  by status: ${kv(s.decisions.by_status)}; by origin: ${kv(s.decisions.by_origin)}`);
    io.out(`review queue: ${s.review.pending} pending, ${s.review.accepted} accepted, ${s.review.rejected} rejected`);
    io.out(`traceability: ${s.traceability_percent}% of decisions cite their source messages`);
    io.out(`corrections: ${s.corrections}, repeated: ${s.repeated_corrections} (repeat-correction rate ${s.repeat_correction_rate_percent}%)`);
    io.out(`patterns: ${kv(s.patterns_by_type)}`);
    io.out(`context tokens (cl100k_base): raw transcripts ${s.tokens.raw}, extracted context ${s.tokens.context} (${s.tokens.saving_percent}% saved)`);
  }
  return 0;
}

async function runCommand(argv: Record<string, unknown>, io: Io): Promise<number> {
  const started = Date.now();
  const result = await extractRun({
    ...workspaceArgs(argv, io),
    now: resolveNow(argv.now, io),
    lockTimeout: argv['lock-timeout'] as number,
  });
  const ms = Date.now() - started;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const s = result.summary;
  if (argv.json) {
    io.out(JSON.stringify({ ...s, ms, errors, diagnostics: result.diagnostics }));
  } else {
    if (result.diagnostics.length > 0) io.err(stylish(result.diagnostics));
    io.out(
      `extract: ${s.files} file${s.files === 1 ? '' : 's'}, ${s.tasks} tasks (${s.analysed} analysed), ${s.decisions} new decisions, ${s.patterns} new patterns, ` +
        `${s.review} new review items, ${s.conflicts} conflicts, ${errors} errors, ${ms} ms`,
    );
  }
  return errors > 0 || s.conflicts > 0 ? 1 : 0;
}

/** Resolves on the first SIGINT or SIGTERM. */
function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}

export async function main(args: string[], io: Io = defaultIo, stop: () => Promise<void> = signalled): Promise<number> {
  let code = 0;
  let failure: unknown = null;
  // Each command returns its exit code; a thrown error is reported once, after parsing.
  const handle = (command: (argv: Record<string, unknown>) => Promise<number>) => async (argv: unknown) => {
    try {
      code = await command(argv as Record<string, unknown>);
    } catch (err) {
      failure = err;
    }
  };
  const readHandler = (name: string) => handle((argv) => readCommand(name, argv, io));
  const parser = yargs(args)
    .scriptName('extract')
    .usage('$0 <command> [options]')
    .option('memory', { type: 'string', describe: 'memory folder (default: memory/ beside the config, or in the working directory)' })
    .option('config', { type: 'string', describe: 'config file (default: ./extract.config.json when present)' })
    .option('now', { type: 'string', describe: 'ISO date-time to record instead of the clock (for reproducible runs)' })
    .option('json', { type: 'boolean', default: false, describe: 'print machine-readable JSON' })
    .command(
      ['run [globs..]', '$0 [globs..]'],
      'extract decisions, patterns and review items from task discussions and write extracted_state back',
      (y) =>
        y
          .positional('globs', { type: 'string', array: true, describe: 'task files or glob patterns (default: tasks.json)' })
          .option('lock-timeout', { type: 'number', default: 30, describe: 'seconds to wait for another run holding the memory lock' })
          .option('watch', { type: 'boolean', default: false, describe: 'keep running and re-extract task files when they change' }),
      handle((argv) => (argv.watch ? watchCommand(argv, io, stop()) : runCommand(argv, io))),
    )
    .command(
      'check [globs..]',
      'validate task files, registry and pattern log, and fail when any extracted_state is stale (writes nothing)',
      (y) =>
        y
          .positional('globs', { type: 'string', array: true, describe: 'task files or glob patterns (default: tasks.json)' })
          .option('format', { choices: ['stylish', 'json', 'github'] as const, default: 'stylish' as const, describe: 'report format' }),
      handle((argv) => checkCommand(argv, io)),
    )
    .command(
      'review [action] [id]',
      'list pending review items, or accept / reject one',
      (y) =>
        y
          .positional('action', { choices: ['list', 'accept', 'reject'] as const, default: 'list' as const })
          .positional('id', { type: 'string', describe: 'review item id (REV-…)' })
          .option('statement', { type: 'string', describe: 'with accept: the decision statement to record instead of the candidate' })
          .option('type', { choices: DECISION_TYPES, describe: 'with accept: the decision type to record' })
          .option('reason', { type: 'string', describe: 'with reject: why' })
          .option('tasks', { type: 'string', array: true, describe: 'task files to read messages from (default: the configured globs)' })
          .option('lock-timeout', { type: 'number', default: 30 }),
      handle((argv) => reviewCommand(argv, io)),
    )
    .command(
      'guard <text>',
      'list active decisions the text contradicts or whose corrected fact it restates (exit 1 when any)',
      (y) =>
        y
          .positional('text', { type: 'string', demandOption: true })
          .option('task', { type: 'string', array: true, describe: 'only decisions of these tasks (and every correction)' }),
      handle((argv) => guardCommand(argv, io)),
    )
    .command('context <task..>', "what a bot loads first: the task's active decisions, open topics in full, and the token saving", (y) => y.positional('task', { type: 'string', array: true }).option('tasks', { type: 'string', array: true, describe: 'task files (default: the configured globs)' }), readHandler('context'))
    .command(
      'query',
      'a table of decisions, filtered',
      (y) =>
        y
          .option('task', { type: 'string', array: true })
          .option('type', { type: 'string', array: true, choices: DECISION_TYPES })
          .option('status', { type: 'string', array: true, choices: ['active', 'superseded', 'archived'] })
          .option('text', { type: 'string', describe: 'words the statement, topic or context contains' })
          .option('structure', { type: 'string', describe: 'search the bridge structure (files, tools, commands)' })
          .option('function', { type: 'string', describe: 'search the bridge function (what it is for)' })
          .option('tasks', { type: 'string', array: true, describe: 'task files (default: the configured globs)' }),
      readHandler('query'),
    )
    .command('why <id>', 'a decision, what it supersedes or was superseded by, and its source messages quoted', (y) => y.positional('id', { type: 'string', demandOption: true }).option('tasks', { type: 'string', array: true }), readHandler('why'))
    .command('snapshot <task..>', 'one self-contained paragraph of a task\'s state', (y) => y.positional('task', { type: 'string', array: true }).option('tasks', { type: 'string', array: true }), readHandler('snapshot'))
    .command('stats', 'decisions by type and status, review queue, traceability, repeat corrections, token savings', (y) => y.option('bridges', { type: 'boolean', default: false, describe: 'most reused structures, common functions, orphans' }).option('tasks', { type: 'string', array: true }), readHandler('stats'))
    .strict()
    .help()
    .version()
    .fail((msg, err) => {
      failure = err ?? new UsageError(msg);
    })
    .exitProcess(false);
  try {
    await parser.parseAsync();
  } catch (err) {
    failure = failure ?? err;
  }
  if (failure) return reportFailure(failure, io);
  return code;
}

function reportFailure(err: unknown, io: Io): number {
  if (err instanceof UsageError) {
    io.err(`extract: ${err.message}\nRun "extract --help" for usage.`);
    return 2;
  }
  if (err instanceof ConfigError || err instanceof ConflictError) {
    io.err(`extract: ${err.message}`);
    return 2;
  }
  if (err instanceof LockedError) {
    io.err(`extract: ${err.message}`);
    return 75;
  }
  const e = err as Error;
  io.err(`extract: ${e?.stack ?? String(err)}`);
  return 2;
}
