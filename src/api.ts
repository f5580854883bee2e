// The library: each function does what the CLI command of the same name does and returns the
// object that command prints with --json. Nothing here prints; problems in the input come back
// as diagnostics (or through `onDiagnostics` for the reading functions), operational failures
// as typed errors (UsageError, ConfigError, LockedError, InterruptedError).
import { bridgeStats as bridgeStatsOf, queryDecisions, snapshotParagraph, stats as statsOf, taskContext, taskSnapshot, why as whyReport, type BridgeStats, type Stats, type TaskView, type WhyReport } from './core/read';
import type { Decision, DecisionStatus, DecisionType, Diagnostic, Message, ReviewItem } from './core/types';
import type { Progress } from './app/analysePool';
import { extractCheck } from './app/check';
import { appendMessage, type NewMessage } from './app/discussion';
import { NotFoundError } from './io/errors';
import { renderReport } from './report/html';
import { boundedQuery, countTokens, loadReadModel, pickTasks } from './app/read';
import { boundedIds } from './app/bounds';
import { guard as guardFindings } from './app/guard';
import { acceptReview, listPending, rejectReview } from './app/review';
import { initWorkspace, type InitResult } from './app/init';
import { extractRun } from './app/run';

/** Where the workspace is. Every field is optional; the defaults are the CLI's. */
export interface WorkspaceOptions {
  /** Folder that relative paths, `tasks.json` and `extract.config.json` are looked up in (default: process.cwd()). */
  cwd?: string;
  /** Memory folder (default: `memory/` beside the config file, or in `cwd`). */
  memory?: string;
  /** Config file (default: `extract.config.json` in `cwd` when present). */
  config?: string;
  /**
   * Task files or glob patterns. Default for `extract` and `check`: the config's globs, else
   * `tasks.json`; for the reading functions: the files the memory folder was built from.
   */
  files?: string[];
}

/** Receives warnings and errors found while reading (the CLI prints them on stderr). */
export interface ReadingOptions extends WorkspaceOptions {
  onDiagnostics?: (diagnostics: Diagnostic[]) => void;
}

export interface ExtractOptions extends WorkspaceOptions {
  /** ISO 8601 time recorded as the extraction time (default: now). */
  now?: string;
  /** Seconds to wait for another run holding the memory lock (default 30). */
  lockTimeout?: number;
  /** Compute everything, write nothing; `written` lists the files a run would write. */
  dryRun?: boolean;
  /** Aborting stops the run at the next safe point; every file is then old or whole. */
  signal?: AbortSignal;
  /** Told how many of the tasks to analyse are done (`done` of `total`), as the analysis goes on. */
  onProgress?: Progress;
  /** Told how long each phase of the run took (the CLI prints them when EXTRACT_TIMING is set). */
  onPhase?: (phase: string, ms: number) => void;
}

/** What `extract run --json` prints. */
export interface ExtractResult {
  files: number;
  tasks: number;
  analysed: number;
  decisions: number;
  patterns: number;
  review: number;
  conflicts: number;
  /** Files written (or, with dryRun, that would be written), relative to cwd where possible. */
  written: string[];
  ms: number;
  errors: number;
  dry_run?: true;
  diagnostics: Diagnostic[];
}

/** What `extract check --json` prints. */
export interface CheckResult {
  files: number;
  tasks: number;
  stale: number;
  errors: number;
  diagnostics: Diagnostic[];
}

/** One element of what `extract guard --json` prints. */
export interface GuardFinding {
  id: string;
  task_id: string;
  statement: string;
  type: DecisionType;
  /** Why the text seems to contradict the decision. */
  why: string;
  /** What to ask the person: "This seems to contradict DEC-…. Which is correct?" */
  question: string;
}

/** One element of what `extract context --json` prints. */
export interface TaskContext {
  task: string;
  title: string | null;
  decisions: Array<{ id: string; type: DecisionType; confidence: Decision['confidence']; statement: string; flags: string[] }>;
  open_topics: Array<{ id: number; label: string; messages: Message[] }>;
  tokens: { raw: number; context: number; saving_percent: number };
  /** The compact context as text, what `extract context` prints without --json. */
  context: string;
}

/** Filters of `extract query`; every given filter must hold. */
export interface DecisionFilter {
  task?: string[];
  type?: DecisionType[];
  status?: DecisionStatus[];
  /** Words the statement, topic or context contains. */
  text?: string;
  /** Words of the bridge structure (files, tools, commands). */
  structure?: string;
  /** Words of the bridge function (what it is for). */
  function?: string;
}

/** One element of what `extract review --json` prints: a pending item with its messages. */
export type PendingReview = ReviewItem & { discussion: Message[] };

export interface RecordMessageOptions extends ExtractOptions {
  /** The message's time (default: `now`). */
  ts?: string;
}

/** What `recordMessage` returns: where the message went, the run that re-extracted it, and the task's context after it. */
export interface RecordMessageResult {
  task: string;
  file: string;
  index: number;
  message: Record<string, string>;
  run: ExtractResult;
  context: TaskContext;
}

const cwdOf = (o: WorkspaceOptions) => o.cwd ?? process.cwd();
const nowOf = (o: { now?: string }) => o.now ?? new Date().toISOString();
const errorCount = (ds: readonly Diagnostic[]) => ds.filter((d) => d.severity === 'error').length;

/** Runs the extraction (`extract run`): analyses changed tasks, writes memory/ and each task's extracted_state. */
export async function extract(options: ExtractOptions = {}): Promise<ExtractResult> {
  const started = Date.now();
  const result = await extractRun({
    cwd: cwdOf(options),
    globs: options.files ?? [],
    memory: options.memory,
    config: options.config,
    now: nowOf(options),
    lockTimeout: options.lockTimeout,
    dryRun: options.dryRun,
    signal: options.signal,
    onProgress: options.onProgress,
    onPhase: options.onPhase,
  });
  const ms = Date.now() - started;
  return { ...result.summary, ms, errors: errorCount(result.diagnostics), ...(options.dryRun ? { dry_run: true as const } : {}), diagnostics: result.diagnostics };
}

/** Validates task files, registry and pattern log and reports stale extracted_state (`extract check`); writes nothing. */
export async function check(options: WorkspaceOptions & { now?: string } = {}): Promise<CheckResult> {
  const r = await extractCheck({ cwd: cwdOf(options), globs: options.files ?? [], memory: options.memory, config: options.config, now: nowOf(options) });
  return { files: r.files, tasks: r.tasks, stale: r.stale, errors: errorCount(r.diagnostics), diagnostics: r.diagnostics };
}

/** Active decisions the text seems to contradict, or whose corrected fact it restates (`extract guard`). */
export async function guard(text: string, options: WorkspaceOptions & { task?: string[] } = {}): Promise<GuardFinding[]> {
  const findings = await guardFindings({ cwd: cwdOf(options), globs: options.files ?? [], memory: options.memory, config: options.config }, text, options.task ?? []);
  return findings.map(({ decision: d, why: reason }) => ({
    id: d.id,
    task_id: d.task_id,
    statement: d.statement,
    type: d.type,
    why: reason,
    question: `This seems to contradict ${d.id} (${d.task_id}, ${d.type}): "${d.statement}" — ${reason}. Which is correct?`,
  }));
}

async function readModel(options: ReadingOptions) {
  const model = await loadReadModel({ cwd: cwdOf(options), globs: options.files ?? [], memory: options.memory, config: options.config });
  if (model.diagnostics.length > 0) options.onDiagnostics?.(model.diagnostics);
  return model;
}

function contextOf(task: TaskView, decisions: readonly Decision[]): TaskContext {
  const { text, ...rest } = taskContext(task, decisions, countTokens);
  return { ...rest, context: text };
}

/** What a bot loads first (`extract context`): each task's active decisions, open topics in full, token counts. */
export async function context(tasks: string | string[], options: ReadingOptions = {}): Promise<TaskContext[]> {
  // The ids are bounded before anything is read: an over-long call costs nothing.
  const ids = boundedIds('tasks', typeof tasks === 'string' ? [tasks] : tasks);
  const model = await readModel(options);
  return pickTasks(model.tasks, ids).map((t) => contextOf(t, model.registry.decisions));
}

/** Decisions of the registry that pass every given filter (`extract query`). */
export async function query(filter: DecisionFilter = {}, options: ReadingOptions = {}): Promise<Decision[]> {
  const bounded = boundedQuery({ tasks: filter.task, types: filter.type, statuses: filter.status, text: filter.text, structure: filter.structure, function: filter.function });
  const model = await readModel(options);
  return queryDecisions(model.registry.decisions, bounded, model.words);
}

/** A decision with what it supersedes or was superseded by and its source messages (`extract why`). */
export async function why(id: string, options: ReadingOptions = {}): Promise<WhyReport> {
  const model = await readModel(options);
  const messages = new Map(model.tasks.map((t) => [t.id, t.messages]));
  const report = whyReport(id, model.registry.decisions, model.registry.patterns, (t) => messages.get(t) ?? []);
  if (!report) throw new NotFoundError(`no decision ${id} in the registry`);
  return report;
}

/** Pending review items with the messages they cover (`extract review --json`). */
export async function reviewList(options: WorkspaceOptions = {}): Promise<PendingReview[]> {
  const pending = await listPending({ cwd: cwdOf(options), globs: options.files ?? [], memory: options.memory, config: options.config });
  return pending.map((p) => ({ ...p.item, discussion: p.messages }));
}

/** One element of what `extract snapshot --json` prints. */
export interface TaskSnapshot {
  task: string;
  /** "{title} state {date}: {status}. {key decisions}. {open questions}. Next: {action items}." */
  snapshot: string;
}

/** One self-contained paragraph of each task's state (`extract snapshot`). */
export async function snapshot(tasks: string | string[], options: ReadingOptions = {}): Promise<TaskSnapshot[]> {
  const model = await readModel(options);
  return pickTasks(model.tasks, typeof tasks === 'string' ? [tasks] : tasks).map((t) => ({ task: t.id, snapshot: snapshotParagraph(taskSnapshot(t, model.registry.decisions)) }));
}

/** Decisions by type, status and origin, the review queue, traceability, repeat corrections and token savings (`extract stats`). */
export async function stats(options: ReadingOptions = {}): Promise<Stats> {
  const model = await readModel(options);
  const { decisions, review, patterns } = model.registry;
  return statsOf(decisions, review, patterns, model.tasks.map((t) => taskContext(t, decisions, countTokens)));
}

/** The most reused bridge structures, the most common functions, and decisions with one side only (`extract stats --bridges`). */
export async function bridgeStats(options: ReadingOptions = {}): Promise<BridgeStats> {
  const model = await readModel(options);
  return bridgeStatsOf(model.registry.decisions);
}

/** What `extract review accept|reject --json` prints: the resolved item and, when accepted, the decision recorded. */
export interface ReviewResolution {
  item: ReviewItem;
  decision: Decision | null;
}

/** Records a pending review item as a decision (its candidate, or the statement and type given) and extracts again (`extract review accept`). */
export function reviewAccept(id: string, choice: { statement?: string; type?: DecisionType } = {}, options: WorkspaceOptions & { now?: string; lockTimeout?: number } = {}): Promise<ReviewResolution> {
  return acceptReview({ cwd: cwdOf(options), globs: options.files ?? [], memory: options.memory, config: options.config, now: nowOf(options), lockTimeout: options.lockTimeout }, id, choice);
}

/** Rejects a pending review item for good (`extract review reject`). */
export function reviewReject(id: string, reason?: string, options: WorkspaceOptions & { now?: string; lockTimeout?: number } = {}): Promise<ReviewResolution> {
  return rejectReview({ cwd: cwdOf(options), globs: options.files ?? [], memory: options.memory, config: options.config, now: nowOf(options), lockTimeout: options.lockTimeout }, id, reason);
}

/**
 * Sets a folder up (`extract init`): extract.config.json with every default spelled out,
 * memory/.gitignore for the files that belong to one machine, a CI workflow running
 * `extract check`; returns them with a crontab line and an MCP server entry for the folder.
 * Existing files are kept unless `force` is set.
 */
export function init(options: { cwd?: string; force?: boolean } = {}): Promise<InitResult> {
  return initWorkspace(cwdOf(options), { force: options.force });
}

/** The decision log as one self-contained HTML page (`extract report`); the same state gives the same bytes. */
export async function report(options: ReadingOptions = {}): Promise<string> {
  const model = await readModel(options);
  return renderReport({ ...model.registry, tasks: model.tasks });
}

/**
 * Appends a message to a task's discussion (under the memory lock, never over a person's
 * concurrent edit), then extracts again and returns the task's new context.
 */
export async function recordMessage(task: string, message: NewMessage, options: RecordMessageOptions = {}): Promise<RecordMessageResult> {
  const now = nowOf(options);
  const cwd = cwdOf(options);
  const appended = await appendMessage({ cwd, globs: options.files ?? [], memory: options.memory, config: options.config, lockTimeout: options.lockTimeout }, task, { ...message, ts: message.ts ?? options.ts ?? now });
  const run = await extract({ ...options, cwd, now, files: appended.files });
  const model = await readModel({ ...options, cwd, files: [appended.file] });
  const [view] = pickTasks(model.tasks, [task]);
  return { task, file: appended.display, index: appended.index, message: appended.message, run, context: contextOf(view, model.registry.decisions) };
}

export { ConfigError, ConflictError, InterruptedError, LockedError, NotFoundError, UsageError } from './io/errors';
export type { NewMessage } from './app/discussion';
export type { InitResult } from './app/init';
export type { BridgeStats, Stats, WhyReport } from './core/read';
export { DECISION_STATUSES, DECISION_TYPES } from './core/types';
export type { Decision, DecisionStatus, DecisionType, Diagnostic, ExtractedState, Message, Pattern, ReviewItem } from './core/types';
