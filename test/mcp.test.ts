// `extract mcp`: driven by the SDK's own client, in memory and over stdio against the real CLI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { check, context, extract, why } from '../src/api';
import { createMcpServer, type McpOptions } from '../src/mcp/server';
import { appendToText, shapeMessage } from '../src/io/discussionText';
import { withMemoryLock } from '../src/io/lock';
import { fixtureDir, mcpOverStdio, ROOT } from './helpers';

const NOW = '2026-02-10T00:00:00Z';
async function workspace(): Promise<string> {
  const dir = fixtureDir('example');
  await extract({ cwd: dir, now: NOW });
  return dir;
}

async function connect(options: McpOptions): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(options).connect(serverSide);
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

type Structured = Record<string, unknown>;
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const r = await client.callTool({ name, arguments: args });
  return { isError: Boolean(r.isError), structured: r.structuredContent as Structured, text: (r.content as Array<{ text: string }>)[0]?.text ?? '' };
};

describe('extract mcp tools', () => {
  let dir: string;
  let client: Client;
  beforeAll(async () => {
    dir = await workspace();
    client = await connect({ cwd: dir });
  });
  afterAll(() => client.close());

  it('lists the read-only tools, each with input and output JSON Schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['context', 'guard', 'query', 'why', 'review_list']);
    for (const t of tools) {
      expect(t.description?.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    const ctx = tools.find((t) => t.name === 'context')!;
    expect(ctx.inputSchema.required).toEqual(['tasks']);
    expect(Object.keys(ctx.outputSchema?.properties ?? {})).toEqual(['contexts']);
  });

  it('context returns what the library (and extract context --json) returns', async () => {
    const r = await call(client, 'context', { tasks: ['T045'] });
    expect(r.isError).toBe(false);
    const contexts = await context(['T045'], { cwd: dir });
    expect(r.structured).toEqual({ contexts });
    // The text a model reads is the context itself, not the object repeated as JSON.
    expect(r.text).toBe(contexts[0].context);
  });

  it('takes one value where a list is expected, and summarises in the text what structuredContent holds', async () => {
    const one = await call(client, 'context', { tasks: 'T045' });
    expect(one.isError).toBe(false);
    expect(one.structured).toEqual((await call(client, 'context', { tasks: ['T045'] })).structured);
    const all = (await call(client, 'query', { type: ['constraint'], status: ['active'] })).structured.decisions as Array<{ task_id: string }>;
    expect(all.length).toBeGreaterThan(0);
    const task = all[0].task_id;
    const q = await call(client, 'query', { type: 'constraint', status: 'active', task });
    expect(q.isError).toBe(false);
    const decisions = q.structured.decisions as Array<{ id: string; statement: string; task_id: string; type: string }>;
    expect(decisions).toEqual(all.filter((d) => d.task_id === task));
    const [head, ...rest] = q.text.split('\n');
    expect(head).toBe(`${decisions.length} decision${decisions.length === 1 ? '' : 's'}:`);
    expect(rest).toEqual(decisions.map((d) => `${d.id} (${d.task_id}) constraint active: ${d.statement}`));
    expect(rest.length).toBeGreaterThan(0);
    expect(q.text.length).toBeLessThan(JSON.stringify(q.structured).length);
  });

  it('guard names the decision a planned action contradicts and what to ask', async () => {
    const hit = await call(client, 'guard', { text: "Let's use Redis for the ingestion queue", tasks: ['T046'] });
    expect(hit.structured.contradicts).toBe(true);
    const [f] = hit.structured.findings as Array<{ id: string; task_id: string; question: string }>;
    expect(f.task_id).toBe('T046');
    expect(f.question).toMatch(new RegExp(`^This seems to contradict ${f.id} .*Which is correct\\?$`));
    const calm = await call(client, 'guard', { text: 'The weather is nice today', tasks: ['T046'] });
    expect(calm.structured).toEqual({ contradicts: false, findings: [] });
  });

  it('query filters, why quotes the sources, review_list shows the queue', async () => {
    const q = await call(client, 'query', { type: ['constraint'], status: ['active'] });
    const decisions = q.structured.decisions as Array<{ id: string; type: string }>;
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.every((d) => d.type === 'constraint')).toBe(true);
    const w = await call(client, 'why', { id: decisions[0].id });
    expect(w.structured).toEqual(JSON.parse(JSON.stringify(await why(decisions[0].id, { cwd: dir }))));
    expect((w.structured.sources as unknown[]).length).toBeGreaterThan(0);
    // A superseded decision's link, in the summary too, with what replaced it changes.
    const all = (await call(client, 'query', {})).structured.decisions as Array<{ id: string; superseded_by?: string | null; superseded_reason?: string | null }>;
    const replaced = all.find((d) => d.superseded_by && d.superseded_reason);
    expect(replaced).toBeDefined();
    const later = await call(client, 'why', { id: replaced!.superseded_by! });
    expect(later.text).toContain(`supersedes ${replaced!.id}`);
    expect(later.text).toContain(`(${replaced!.superseded_reason})`);
    const rl = await call(client, 'review_list');
    const items = rl.structured.items as Array<{ status: string; discussion: unknown[] }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.status === 'pending' && i.discussion.length > 0)).toBe(true);
  });

  it('rejects bad input against the schema and reports a missing decision as a tool error', async () => {
    const bad = await call(client, 'context', { tasks: 45 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/tasks/);
    const missing = await call(client, 'why', { id: 'DEC-19990101-001' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/no decision DEC-19990101-001/);
  });

  it('offers no write tool unless started with allowWrite', async () => {
    const r = await call(client, 'record_message', { task: 'T045', text: 'hello' });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/record_message not found/);
  });
});

describe('record_message (allowWrite)', () => {
  it('takes the role names task files take: agent and assistant are the bot, user the human', async () => {
    const dir = await workspace();
    // Another author's words, a person's among them: a server that relays them.
    const client = await connect({ cwd: dir, allowWrite: true, relay: true, now: () => '2026-02-11T09:00:00Z' });
    for (const [role, recorded] of [['agent', 'bot'], ['assistant', 'bot'], ['user', 'human']] as const) {
      const r = await call(client, 'record_message', { task: 'T046', text: `A note as ${role}.`, author: 'someone', role });
      expect(r.isError).toBe(false);
      expect(r.structured.message).toMatchObject({ role: recorded, text: `A note as ${role}.`, recorded_by: 'agent' });
      expect(r.text).toMatch(new RegExp(`^Recorded message ${r.structured.index} in T046 \\(tasks\\.json\\)`));
    }
    const refused = await call(client, 'record_message', { task: 'T046', text: 'x', role: 'robot' });
    expect(refused.isError).toBe(true);
    await client.close();
  });

  it('appends in the file\'s own style, re-extracts that task and returns its new state', async () => {
    const dir = await workspace();
    const client = await connect({ cwd: dir, allowWrite: true, author: 'tong-bot', now: () => '2026-02-11T09:00:00Z' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('record_message');
    const before = readFileSync(join(dir, 'tasks.json'), 'utf8');
    const said = 'Going forward we will publish every Council review summary in the discussion array before noon.';
    const r = await call(client, 'record_message', { task: 'T045', text: said });
    expect(r.isError).toBe(false);
    const after = readFileSync(join(dir, 'tasks.json'), 'utf8');
    const line = `{ "author": "tong-bot", "role": "bot", "text": ${JSON.stringify(said)}, "ts": "2026-02-11T09:00:00Z" }`;
    expect(after).toContain(line);
    const tasks = JSON.parse(after);
    const index = tasks.T045.discussion.length - 1;
    expect(r.structured).toMatchObject({ task: 'T045', file: 'tasks.json', index, run: { analysed: 1, errors: 0, conflicts: 0 } });
    // Every other task's bytes are as they were.
    const old = JSON.parse(before);
    for (const id of Object.keys(old).filter((k) => k !== 'T045')) expect(tasks[id]).toEqual(old[id]);
    expect(tasks.T045.extracted_state.discussion_hash).not.toBe(old.T045.extracted_state.discussion_hash);
    expect(r.structured.context).toEqual((await context('T045', { cwd: dir }))[0]);
    expect((await check({ cwd: dir, now: NOW })).errors).toBe(0);
    await client.close();
  });

  it('waits for the memory lock like a run, and gives up with a clear error', async () => {
    const dir = await workspace();
    const client = await connect({ cwd: dir, allowWrite: true, lockTimeout: 0 });
    const before = readFileSync(join(dir, 'tasks.json'), 'utf8');
    const r = await withMemoryLock(join(dir, 'memory'), 5, () => call(client, 'record_message', { task: 'T045', text: 'noted' }));
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/is locked by another extraction/);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(before);
    await client.close();
  });
});

describe('appending keeps the task file\'s formatting', () => {
  const msg = (discussion: unknown[]) => shapeMessage(discussion, { author: 'bot', role: 'bot', text: 'Done.', ts: 'T' });

  it('uses the field names and order of the last message', () => {
    expect(shapeMessage([{ from: 'a', content: 'x', time: 1 }], { author: 'b', text: 'y', ts: 't', role: 'bot' })).toEqual({ from: 'b', content: 'y', time: 't', role: 'bot' });
    expect(Object.keys(shapeMessage([{ ts: 1, text: 'x', author: 'a' }], { author: 'b', text: 'y', ts: 't' }))).toEqual(['ts', 'text', 'author']);
    expect(Object.keys(shapeMessage(['plain'], { author: 'b', text: 'y' }))).toEqual(['author', 'text']);
  });

  it('inserts after the last element with the file\'s separator; other bytes unchanged', () => {
    const text = '{\r\n\t"T1": {"x": 1, "discussion": [\r\n\t\t"hi",\r\n\t\t"there"\r\n\t], "y": [1,2]}\r\n}';
    const value = JSON.parse(text);
    const out = appendToText(text, value, 'T1', msg(value.T1.discussion));
    expect(out).toBe('{\r\n\t"T1": {"x": 1, "discussion": [\r\n\t\t"hi",\r\n\t\t"there",\r\n\t\t{"author":"bot","role":"bot","text":"Done.","ts":"T"}\r\n\t], "y": [1,2]}\r\n}');
    const indented = '{\n  "T1": {\n    "discussion": [\n      {\n        "text": "a"\n      }\n    ],\n    "z": 1\n  }\n}   \n';
    const v2 = JSON.parse(indented);
    expect(appendToText(indented, v2, 'T1', { text: 'b' })).toBe('{\n  "T1": {\n    "discussion": [\n      {\n        "text": "a"\n      },\n      {\n        "text": "b"\n      }\n    ],\n    "z": 1\n  }\n}   \n');
    const empty = '{ "T1": { "discussion": [ ] } }';
    expect(appendToText(empty, JSON.parse(empty), 'T1', { text: 'b' })).toBe('{ "T1": { "discussion": [{"text":"b"}] } }');
  });

  it('prints a file that is exactly JSON.stringify output the same way', () => {
    const value = { T1: { discussion: [{ text: 'a' }] }, T2: { discussion: [] } };
    const text = `${JSON.stringify(value, null, 4)}\n`;
    expect(appendToText(text, value, 'T2', { text: 'b' })).toBe(`${JSON.stringify({ ...value, T2: { discussion: [{ text: 'b' }] } }, null, 4)}\n`);
    expect(value.T2.discussion).toEqual([]);
  });
});

describe('extract mcp over stdio (the real CLI)', () => {
  it('serves the tools to a client that starts it as an agent host would, and exits when the client closes', async () => {
    const dir = await workspace();
    const transport = mcpOverStdio(dir);
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getServerVersion()).toMatchObject({ name: 'tongdiscussion', version: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['context', 'guard', 'query', 'why', 'review_list']);
    const r = await call(client, 'context', { tasks: ['T046'] });
    expect(r.structured).toEqual({ contexts: await context('T046', { cwd: dir }) });
    const pid = transport.pid;
    expect(pid).not.toBeNull();
    await client.close();
    // The server process is gone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(() => process.kill(pid!, 0)).toThrow();
  });
});
