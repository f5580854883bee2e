// `extract mcp`: the reading commands (and, with --allow-write, recording a message) as tools of a
// Model Context Protocol server, so an agent reaches the task state without parsing CLI text.
// Each tool declares a JSON Schema for its input and for its structured output; results are the
// library's objects (what the CLI prints with --json), wrapped in an object as MCP requires.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { plural } from '../core/plural';
import { context, DECISION_STATUSES, DECISION_TYPES, guard, query, recordMessage, reviewList, UsageError, why, type NewMessage, type WorkspaceOptions } from '../api';

export interface McpOptions extends WorkspaceOptions {
  /** Offer record_message (the only tool that writes). */
  allowWrite?: boolean;
  /** Who record_message writes as (role bot): the agent this server serves (default "agent"). */
  author?: string;
  /**
   * Let record_message relay someone else's words (role human, another author); each such message
   * records this server's author as `recorded_by`. Off by default: an agent cannot pose as a person.
   */
  relay?: boolean;
  /** Seconds record_message waits for the memory lock. */
  lockTimeout?: number;
  /** Fixed clock for recorded messages and runs (reproducible tests); default: the time of the call. */
  now?: () => string;
  version?: string;
}

const STATUSES = DECISION_STATUSES;

/** A list a model may also give as one value: "T045" is ["T045"]. */
const listOf = <T extends z.ZodTypeAny>(item: T) => z.union([item, z.array(item)]).transform((v): Array<z.infer<T>> => (Array.isArray(v) ? v : [v]));
/** Roles as task files accept them: agent, assistant and bot are the agent; user and human a person. */
const ROLE_ALIASES = { bot: 'bot', agent: 'bot', assistant: 'bot', human: 'human', user: 'human' } as const;

const message = z.object({ index: z.number().int(), author: z.string(), role: z.string(), text: z.string(), ts: z.string().nullable(), recorded_by: z.string().optional().describe('who recorded a relayed message') });
const taskContext = z.object({
  task: z.string(),
  title: z.string().nullable(),
  decisions: z.array(z.object({ id: z.string(), type: z.enum(DECISION_TYPES), confidence: z.string(), statement: z.string(), flags: z.array(z.string()) })),
  open_topics: z.array(z.object({ id: z.number().int(), label: z.string(), messages: z.array(message) })),
  tokens: z.object({ raw: z.number(), context: z.number(), saving_percent: z.number() }).describe('cl100k_base tokens of the raw transcript and of this context'),
  context: z.string().describe('the compact context as text: active decisions first, then open topics in full'),
});
const decision = z
  .object({
    id: z.string(),
    task_id: z.string(),
    statement: z.string(),
    type: z.enum(DECISION_TYPES),
    confidence: z.string(),
    status: z.enum(STATUSES),
    source: z.object({ messages: z.array(z.number().int()), summary: z.string() }).passthrough(),
    topic: z.string().nullable().optional(),
    alternatives: z.array(z.string()).optional(),
    reasons: z.array(z.string()).optional(),
    quality_flags: z.array(z.string()).optional(),
    supersedes: z.string().nullable().optional(),
    superseded_by: z.string().nullable().optional(),
    superseded_reason: z.string().nullable().optional(),
    created_at: z.string(),
  })
  .passthrough();
const pattern = z.object({ id: z.string(), task_id: z.string(), type: z.string(), messages: z.array(z.number().int()), description: z.string() }).passthrough();
const diagnostic = z.object({ code: z.string(), severity: z.enum(['error', 'warning']), file: z.string(), message: z.string() }).passthrough();
const finding = z.object({
  id: z.string(),
  task_id: z.string(),
  statement: z.string(),
  type: z.enum(DECISION_TYPES),
  why: z.string(),
  question: z.string().describe('what to ask the person: "This seems to contradict DEC-…. Which is correct?"'),
});
const reviewItem = z
  .object({
    id: z.string(),
    task_id: z.string(),
    topic: z.string(),
    importance: z.number(),
    candidate: z.object({ statement: z.string(), type: z.enum(DECISION_TYPES) }),
    status: z.literal('pending'),
    discussion: z.array(message),
  })
  .passthrough();

/** The structured result, and beside it a short summary a model reads (ids, statements, counts): the whole object is in structuredContent. */
const result = (structured: Record<string, unknown>, summary: string): CallToolResult => ({ structuredContent: structured, content: [{ type: 'text' as const, text: summary }] });

const MAX_LINES = 20;
/** Lines of a summary, the first MAX_LINES of them and how many more. */
function lines(items: readonly string[], none: string): string {
  if (items.length === 0) return none;
  const shown = items.slice(0, MAX_LINES);
  return [...shown, ...(items.length > MAX_LINES ? [`… and ${items.length - MAX_LINES} more (see structuredContent)`] : [])].join('\n');
}
const decisionLine = (d: { id: string; type: string; status?: string; statement: string; task_id?: string }) => `${d.id}${d.task_id ? ` (${d.task_id})` : ''} ${d.type}${d.status ? ` ${d.status}` : ''}: ${d.statement}`;

/**
 * The message record_message writes: the server's own (role bot, its author) unless the server
 * relays people's words, and then one that names who recorded it.
 */
function messageAs(self: string, relay: boolean, text: string, author: string | undefined, role: 'human' | 'bot' | undefined): NewMessage {
  const relayed = role === 'human' || (author !== undefined && author !== self);
  if (!relayed) return { text, author: self, role: 'bot' };
  if (!relay) throw new UsageError(`this server records messages as ${JSON.stringify(self)} with role bot; relaying someone else's words (author ${JSON.stringify(author ?? self)}, role ${role ?? 'bot'}) needs a server started with --relay`);
  return { text, author: author ?? self, role: role ?? 'bot', recorded_by: self };
}

/** The tools every server offers, and record_message when writing is allowed. */
export function createMcpServer(options: McpOptions = {}): McpServer {
  const ws: WorkspaceOptions = { cwd: options.cwd, memory: options.memory, config: options.config, files: options.files };
  const server = new McpServer({ name: 'tongdiscussion', version: options.version ?? '0.0.0' }, { instructions: 'Task state extracted from the discussion arrays of task files: load a task\'s context before working on it, guard a planned action against recorded decisions, and query or trace decisions.' });
  for (const register of [contextTool, guardTool, queryTool, whyTool, reviewListTool]) register(server, ws);
  if (options.allowWrite) recordMessageTool(server, ws, options);
  return server;
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function contextTool(server: McpServer, ws: WorkspaceOptions): void {
  server.registerTool(
    'context',
    {
      title: 'Task context',
      description: "What to load before working on a task: its active decisions, its open topics in full, and token counts of the raw transcript and of this context.",
      inputSchema: { tasks: listOf(z.string()).describe('a task id or a list of them, e.g. "T045" or ["T045", "T046"]') },
      outputSchema: { contexts: z.array(taskContext) },
      annotations: readOnly,
    },
    async ({ tasks }) => {
      const contexts = await context(tasks, ws);
      return result({ contexts }, contexts.map((c) => c.context).join('\n\n'));
    },
  );
}

function guardTool(server: McpServer, ws: WorkspaceOptions): void {
  server.registerTool(
    'guard',
    {
      title: 'Guard an action',
      description: 'Checks what you are about to say or do against the recorded decisions: lists the active decisions it seems to contradict, or whose corrected fact it restates (corrections bind every task), with the question to ask the person.',
      inputSchema: {
        text: z.string().min(1).describe('the planned statement or action'),
        tasks: listOf(z.string()).optional().describe('only decisions of this task or these tasks (and every correction)'),
      },
      outputSchema: { contradicts: z.boolean(), findings: z.array(finding) },
      annotations: readOnly,
    },
    async ({ text: said, tasks }) => {
      const findings = await guard(said, { ...ws, task: tasks ?? [] });
      return result({ contradicts: findings.length > 0, findings }, lines(findings.map((f) => f.question), 'No active decision contradicts this.'));
    },
  );
}

function queryTool(server: McpServer, ws: WorkspaceOptions): void {
  server.registerTool(
    'query',
    {
      title: 'Query decisions',
      description: 'Decisions of the registry across tasks, filtered like `extract query`: by task, type, status, words of the statement, or the bridge structure / function.',
      inputSchema: {
        task: listOf(z.string()).optional().describe('a task id or a list of them'),
        type: listOf(z.enum(DECISION_TYPES)).optional().describe('a decision type or a list of them'),
        status: listOf(z.enum(STATUSES)).optional().describe('a status or a list of them'),
        text: z.string().optional().describe('words the statement, topic or context contains'),
        structure: z.string().optional().describe('words of the bridge structure (files, tools, commands)'),
        function: z.string().optional().describe('words of the bridge function (what it is for)'),
      },
      outputSchema: { decisions: z.array(decision) },
      annotations: readOnly,
    },
    async (filter) => {
      const decisions = await query(filter, ws);
      return result({ decisions }, `${plural(decisions.length, 'decision')}:\n${lines(decisions.map(decisionLine), '(none)')}`);
    },
  );
}

function whyTool(server: McpServer, ws: WorkspaceOptions): void {
  server.registerTool(
    'why',
    {
      title: 'Why a decision',
      description: 'A decision with its quoted source messages, what it supersedes or was superseded by, its reasons and alternatives, and the patterns that produced it.',
      inputSchema: { id: z.string().describe('decision id, e.g. DEC-20260130-001') },
      outputSchema: { decision, supersedes: decision.nullable(), superseded_by: decision.nullable(), sources: z.array(message), patterns: z.array(pattern) },
      annotations: readOnly,
    },
    async ({ id }) => {
      const report = await why(id, ws);
      const summary = [
        decisionLine(report.decision),
        ...(report.supersedes ? [`supersedes ${decisionLine(report.supersedes)}${report.supersedes.superseded_by === report.decision.id && report.supersedes.superseded_reason ? ` (${report.supersedes.superseded_reason})` : ''}`] : []),
        ...(report.superseded_by ? [`superseded by ${decisionLine(report.superseded_by)}${report.decision.superseded_reason ? ` (${report.decision.superseded_reason})` : ''}`] : []),
        ...report.sources.map((m) => `[${m.index}] ${m.author || m.role}: ${m.text}`),
      ];
      return result({ ...report }, summary.join('\n'));
    },
  );
}

function reviewListTool(server: McpServer, ws: WorkspaceOptions): void {
  server.registerTool(
    'review_list',
    {
      title: 'Review queue',
      description: 'Pending review items: topics important enough for a person to look at but not to decide alone, each with its candidate decision and messages.',
      inputSchema: {},
      outputSchema: { items: z.array(reviewItem) },
      annotations: readOnly,
    },
    async () => {
      const items = await reviewList(ws);
      return result({ items }, `${plural(items.length, 'pending item')}:\n${lines(items.map((r) => `${r.id} (${r.task_id}) ${r.candidate.type}: ${r.candidate.statement}`), '(none)')}`);
    },
  );
}

/** record_message: offered only when writing is allowed. */
function recordMessageTool(server: McpServer, ws: WorkspaceOptions, options: McpOptions): void {
  const self = options.author ?? 'agent';
  server.registerTool(
    'record_message',
    {
      title: 'Record a message',
      description: `Appends a message to a task's discussion (under the memory lock, never over a concurrent edit), extracts again, and returns the task's updated context. The message is yours: role bot, author ${JSON.stringify(self)}${options.relay ? "; to relay a person's words give their author and role human, and the message records that you recorded it" : ''}.`,
      inputSchema: {
        task: z.string().describe('task id'),
        text: z.string().min(1).describe('the message'),
        author: z.string().optional().describe(options.relay ? `whose words these are (default: ${self})` : `must be ${self} when given: this server records messages as its agent`),
        role: z.enum(['human', 'bot', 'agent', 'assistant', 'user']).optional().describe(options.relay ? 'human (also: user) for a person\'s words; default: bot (also: agent, assistant)' : 'must be bot (also: agent, assistant) when given'),
      },
      outputSchema: {
        task: z.string(),
        file: z.string(),
        index: z.number().int().describe('index of the new message in the discussion'),
        message: z.record(z.string()),
        run: z.object({ analysed: z.number(), decisions: z.number(), patterns: z.number(), review: z.number(), conflicts: z.number(), errors: z.number(), written: z.array(z.string()), diagnostics: z.array(diagnostic) }).passthrough(),
        context: taskContext,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ task, text: said, author, role }) => {
      const now = options.now?.() ?? new Date().toISOString();
      const r = await recordMessage(task, messageAs(self, options.relay === true, said, author, role && ROLE_ALIASES[role]), { ...ws, now, lockTimeout: options.lockTimeout });
      const run = r.run;
      return result({ ...r }, `Recorded message ${r.index} in ${r.task} (${r.file}); ${plural(run.decisions, 'new decision')}, ${plural(run.patterns, 'new pattern')}, ${plural(run.review, 'new review item')}.\n\n${r.context.context}`);
    },
  );
}
