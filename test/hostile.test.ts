// A hostile workspace or caller, tried as an attacker would: each test is an attack that used to
// work (data lost silently, a hang, a person impersonated, a forged line on a terminal or in a CI
// log) and now gets a clear error or a bounded, safe result.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { context, extract, guard, query, recordMessage } from '../src/api';
import { createMcpServer, type McpOptions } from '../src/mcp/server';
import { withMemoryLock } from '../src/io/lock';
import { BIN, cli, fixtureDir, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';

describe('duplicate keys in a task file', () => {
  const discussion = (word: string) => [
    { author: 'maria', role: 'human', text: `We use ${word} for all queues from now on.` },
    { author: 'bot', role: 'bot', text: 'Understood.' },
  ];

  it('a task id given twice is an error at the second, and the file is left as it is (the first discussion is not dropped)', async () => {
    const dir = tempDir();
    const text = `{\n  "T1": ${JSON.stringify({ discussion: discussion('Redis') })},\n  "T1": ${JSON.stringify({ discussion: discussion('Kafka') })}\n}\n`;
    writeFileSync(join(dir, 'tasks.json'), text);
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('tasks.json:3:3: error: key "T1" appears a second time in the same object; file left as it is [duplicate-key]');
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(text);
    expect((await cli(['check', '--now', NOW], dir)).status).toBe(1);
  });

  it('a key twice inside a task (written with an escape the second time) is located there too', async () => {
    const dir = tempDir();
    const text = `{"T1": {"discussion": ${JSON.stringify(discussion('Redis'))},\n "disc\\u0075ssion": ${JSON.stringify(discussion('Kafka'))}}}`;
    writeFileSync(join(dir, 'tasks.json'), text);
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('tasks.json:2:2: error: key "discussion" appears a second time in the same object; file left as it is [duplicate-key]');
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(text);
  });

  it('the same key in two different objects is fine', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: discussion('Redis') }, T2: { discussion: discussion('Kafka') } }, null, 2));
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
  });
});

it('a key given twice in a hand-edited registry is an error at the second, not a silent loss', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: ['We use Redis for all queues from now on.'] } }));
  mkdirSync(join(dir, 'memory'));
  writeFileSync(join(dir, 'memory', 'decisions.json'), '{"decisions": [],\n  "decisions": []}\n');
  const r = await cli(['run', '--now', NOW], dir);
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('memory/decisions.json:2:3: key "decisions" appears a second time in the same object');
});

describe('every text a caller gives has a bound, and the work on it is linear', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fixtureDir('example');
    await extract({ cwd: dir, now: NOW });
  });

  /** A copy of the example whose registry cannot be read: a refusal that names the bound there came before any reading. */
  const unreadable = () => {
    const copy = fixtureDir('example');
    mkdirSync(join(copy, 'memory'), { recursive: true });
    writeFileSync(join(copy, 'memory', 'decisions.json'), '{"decisions": [');
    return copy;
  };

  it('query --text of 100 000 characters is refused with the bound before the registry is read', async () => {
    const r = await cli(['query', '--text', 'x'.repeat(100_000)], unreadable());
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe("extract: the query's text has 100000 characters; at most 1000 are accepted");
    await expect(query({ structure: 'y'.repeat(1001) }, { cwd: dir })).rejects.toThrow("the query's structure has 1001 characters; at most 1000 are accepted");
  });

  it('a guard text past the bound is refused before the registry is read; one word of 20 000 consonants within it is checked', async () => {
    await expect(guard('x'.repeat(20_001), { cwd: unreadable() })).rejects.toThrow('the text to guard has 20001 characters; at most 20000 are accepted');
    expect(await guard('x'.repeat(20_000), { cwd: dir })).toEqual([]);
    expect(await query({ text: 'x'.repeat(1_000) }, { cwd: dir })).toEqual([]);
  });

  it('context with 300 000 task ids is refused before the registry is read; the same id given many times is one context', async () => {
    const many = Array.from({ length: 300_000 }, (_, k) => `T${k}`);
    await expect(context(many, { cwd: unreadable() })).rejects.toThrow('tasks: 300000 different ids; at most 1000 are accepted in one call');
    const same = await context(Array.from({ length: 300_000 }, () => 'T045'), { cwd: dir });
    expect(same.map((c) => c.task)).toEqual(['T045']);
  });

  it('record_message past the bound is refused and nothing is written', async () => {
    const before = readFileSync(join(dir, 'tasks.json'), 'utf8');
    await expect(recordMessage('T045', { text: 'We use Postgres. '.repeat(2_000), author: 'agent', role: 'bot' }, { cwd: dir, now: NOW })).rejects.toThrow('the message has 34000 characters; at most 20000 are accepted');
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(before);
  });
});

describe('record_message writes as the agent unless the server relays people', () => {
  const connect = async (options: McpOptions): Promise<Client> => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(options).connect(serverSide);
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(clientSide);
    return client;
  };
  const said = 'No, that is wrong. We use Redis for all queues from now on.';

  it('an agent cannot record a message as a person: role human and another author are refused, nothing is written', async () => {
    const dir = fixtureDir('example');
    await extract({ cwd: dir, now: NOW });
    const before = readFileSync(join(dir, 'tasks.json'), 'utf8');
    const client = await connect({ cwd: dir, allowWrite: true, author: 'tong-bot', now: () => NOW });
    for (const args of [{ role: 'human' }, { author: 'maria' }, { author: 'maria', role: 'human' }]) {
      const r = await client.callTool({ name: 'record_message', arguments: { task: 'T045', text: said, ...args } });
      expect(r.isError).toBe(true);
      expect((r.content as Array<{ text: string }>)[0].text).toContain('needs a server started with --relay');
    }
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(before);
    // Without author and role, the message is the agent's own.
    const ok = await client.callTool({ name: 'record_message', arguments: { task: 'T045', text: said } });
    expect(ok.isError).toBeFalsy();
    expect((ok.structuredContent as { message: Record<string, string> }).message).toMatchObject({ author: 'tong-bot', role: 'bot' });
    await client.close();
  });

  it('a relaying server keeps who recorded a person\'s words, and why shows it', async () => {
    const dir = fixtureDir('example');
    await extract({ cwd: dir, now: NOW });
    const client = await connect({ cwd: dir, allowWrite: true, author: 'tong-bot', relay: true, now: () => NOW });
    const r = await client.callTool({ name: 'record_message', arguments: { task: 'T045', text: said, author: 'maria', role: 'human' } });
    expect(r.isError).toBeFalsy();
    const { message, index } = r.structuredContent as { message: Record<string, string>; index: number };
    expect(message).toMatchObject({ author: 'maria', role: 'human', recorded_by: 'tong-bot' });
    expect(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8')).T045.discussion[index].recorded_by).toBe('tong-bot');
    await client.close();
    const made = (await query({ task: ['T045'], text: 'Redis' }, { cwd: dir })).find((d) => d.source.messages.includes(index));
    expect(made).toBeDefined();
    const shown = await cli(['why', made!.id], dir);
    expect(shown.stdout).toContain(`[${index}] maria (recorded by tong-bot)`);
    expect(JSON.parse((await cli(['why', made!.id, '--json'], dir)).stdout).sources).toContainEqual(expect.objectContaining({ index, author: 'maria', recorded_by: 'tong-bot' }));
  });
});

describe('the MCP server over stdio (the built CLI) stays up and ends on time', () => {
  /** `extract mcp ARGS` as a child, speaking raw JSON-RPC lines. */
  const serve = (dir: string, args: string[] = []) => {
    const child = spawn(process.execPath, [BIN, 'mcp', ...args], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<{ code: number | null }>((resolve) => child.on('exit', (code) => resolve({ code })));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const reply = async (id: number): Promise<Record<string, unknown>> => {
      for (let waited = 0; waited < 30_000; waited += 20) {
        const line = out.split('\n').find((l) => l.includes(`"id":${id}`));
        if (line) return JSON.parse(line) as Record<string, unknown>;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no reply ${id}; stderr: ${err}`);
    };
    const start = async () => {
      send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
      await reply(1);
      send({ method: 'notifications/initialized' });
    };
    return { child, send, reply, start, exited, stderr: () => err };
  };

  it('answers a request line over the bound with a JSON-RPC error under its id, and serves the next request', async () => {
    const dir = fixtureDir('example');
    await extract({ cwd: dir, now: NOW });
    const s = serve(dir);
    await s.start();
    const huge = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"guard","arguments":{"text":"${'a'.repeat(12 * 1024 * 1024)}"}}}\n`;
    for (let k = 0; k < huge.length; k += 1 << 20) s.child.stdin.write(huge.slice(k, k + (1 << 20)));
    expect(await s.reply(7)).toMatchObject({ id: 7, error: { code: -32600, message: expect.stringContaining('request line longer than') } });
    s.send({ id: 8, method: 'tools/list' });
    expect(((await s.reply(8)).result as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    s.child.stdin.end();
    expect((await s.exited).code).toBe(0);
  }, 60_000);

  it.each(['SIGTERM', 'a closed stdin'])('%s ends the server while a call waits for the memory lock, and the call writes nothing', async (how) => {
    const dir = fixtureDir('example');
    await extract({ cwd: dir, now: NOW });
    const s = serve(dir, ['--allow-write', '--lock-timeout', '60']);
    await s.start();
    await withMemoryLock(join(dir, 'memory'), 5, async () => {
      s.send({ id: 5, method: 'tools/call', params: { name: 'record_message', arguments: { task: 'T045', text: 'noted' } } });
      await new Promise((r) => setTimeout(r, 300));
      const before = readFileSync(join(dir, 'tasks.json'), 'utf8');
      if (how === 'SIGTERM') s.child.kill('SIGTERM');
      else s.child.stdin.end();
      // Awaited while this test still holds the lock: the waiting call (allowed 60 s) cannot have
      // ended the server by finishing, only the signal or the closed input can.
      const { code } = await s.exited;
      expect(code).toBe(0);
      expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(before);
    });
  });
});

describe('text from the data reaches a terminal or a CI log escaped, one line per field', () => {
  const author = 'maria\n::error file=deploy.yml,line=1::forged annotation';
  const said = 'From now on we deploy only on Tuesdays.\u001b]0;pwned\u0007\u001b[2J \u202egnp.exe';
  const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  let dir: string;
  let id: string;
  beforeAll(async () => {
    dir = tempDir();
    const discussion = [
      { author, role: 'human', text: said },
      { author: 'bot', role: 'bot', text: 'Understood: deploys only on Tuesdays.' },
    ];
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ 'T1\u001b[31m': { title: 'Deploys\u202e', discussion } }, null, 2));
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    const decisions = JSON.parse((await cli(['query', '--json'], dir)).stdout) as Array<{ id: string }>;
    expect(decisions.length).toBeGreaterThan(0);
    id = decisions[0].id;
  });

  it.each([
    ['why', () => ['why', id]],
    ['query', () => ['query']],
    ['snapshot', () => ['snapshot', 'T1\u001b[31m']],
    ['context', () => ['context', 'T1\u001b[31m']],
  ])('%s prints no control character, bidi override or forged line', async (_name, args) => {
    const r = await cli(args(), dir);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(r.stdout).not.toMatch(UNSAFE);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
  });

  it('why shows the escapes, and --json keeps the data exact', async () => {
    expect((await cli(['why', id], dir)).stdout).toContain('maria\\n::error file=deploy.yml,line=1::forged annotation');
    const json = JSON.parse((await cli(['why', id, '--json'], dir)).stdout) as { sources: Array<{ author: string; text: string }> };
    expect(json.sources[0]).toMatchObject({ author, text: said });
  });

  it('a diagnostic naming a hostile key stays one escaped line, in stylish and github formats', async () => {
    const bad = tempDir();
    writeFileSync(join(bad, 'tasks.json'), JSON.stringify({ 'T9\n::error::forged\u001b[2J': { discussion: 'not a list' } }));
    for (const format of ['stylish', 'github']) {
      const r = await cli(['check', '--format', format, '--now', NOW], bad);
      expect(r.status).toBe(1);
      expect(r.stdout).not.toMatch(UNSAFE);
      expect(r.stdout.split('\n').filter((l) => l.startsWith('::error::forged'))).toEqual([]);
    }
  });
});

it("the report's policy runs its own script and style by their hashes, never any inline code (no 'unsafe-inline')", async () => {
  const dir = fixtureDir('example');
  await extract({ cwd: dir, now: NOW });
  const html = (await cli(['report'], dir)).stdout;
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1];
  expect(policy).not.toContain('unsafe-inline');
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  expect(scripts).toHaveLength(1);
  expect(policy).toContain(`script-src ${hash(scripts[0])}`);
  expect(policy).toContain(`style-src ${hash(styles[0])}`);
  expect(policy).toMatch(/^default-src 'none';/);
});

it('a lock folder dated in the future goes stale after the usual limit instead of locking every run out', async () => {
  const dir = fixtureDir('example');
  const lock = join(dir, 'memory', '.extract.lock');
  mkdirSync(lock, { recursive: true });
  const future = new Date('2100-01-01T00:00:00Z');
  utimesSync(lock, future, future);
  // Not taken at once: it may be a live holder's, whose clock runs ahead. It is dated now instead,
  // so that it goes stale once nobody refreshes it.
  const before = Date.now();
  const first = await cli(['run', '--now', NOW, '--lock-timeout', '0'], dir);
  expect(first.status).toBe(75);
  expect(statSync(lock).mtimeMs).toBeGreaterThanOrEqual(before - 1000);
  expect(statSync(lock).mtimeMs).toBeLessThanOrEqual(Date.now() + 1000);
  // Left unrefreshed past the stale limit (10 s; dated back rather than waited for), it is taken.
  const unrefreshed = new Date(Date.now() - 11_000);
  utimesSync(lock, unrefreshed, unrefreshed);
  const second = await cli(['run', '--now', NOW, '--lock-timeout', '0'], dir);
  expect(second.stderr).toBe('');
  expect(second.status).toBe(0);
});

it('a message too long to analyse whole is cut where a sentence ends: the cut never invents a statement', async () => {
  const dir = tempDir();
  const tail = 'We use Postgres for every queue from now on. ';
  const filler = 'The weather report came in late again. ';
  const cutAt = 20_000 - 'We use Po'.length;
  const head = filler.repeat(Math.ceil(cutAt / filler.length)).slice(0, cutAt - 1).replace(/.$/, '. ');
  const message = `${head.slice(0, cutAt)}${tail.repeat(50)}`;
  expect(message.slice(20_000 - 9, 20_000)).toBe('We use Po');
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T1: { discussion: [{ author: 'maria', role: 'human', text: message }, { author: 'bot', role: 'bot', text: 'Understood.' }] } }));
  expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
  const memory = ['decisions.json', 'review-queue.json'].map((f) => readFileSync(join(dir, 'memory', f), 'utf8')).join('\n');
  expect(memory).not.toMatch(/\bPo\b/);
});

it('a write that fails on a full disk or a file-size limit names the file it was writing', () => {
  const dir = fixtureDir('example');
  // A 4 KiB file-size limit (the signal it raises ignored, as for a full disk the write just fails).
  const script = `ulimit -f 4; exec "${process.execPath}" -e 'process.on("SIGXFSZ", () => {}); process.argv.splice(1, 0, "extract"); require(${JSON.stringify(BIN)})' run --now ${NOW}`;
  const r = spawnSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  expect(r.status).toBe(1);
  expect(r.stderr).toBe('extract: memory/decisions.json: file too large (EFBIG)\n');
});
