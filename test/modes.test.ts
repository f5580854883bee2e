// The three ways it runs: batch (lock), CI check, and the watch daemon, on real temp files (the
// daemon as a real process, stopped with SIGTERM).
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isOwnWrite } from '../src/watch/watch';
import { BIN, ROOT, cli, tempDir } from './helpers';

const NOW = '2026-03-05T00:00:00Z';
const FIXTURE = join(ROOT, 'test', 'fixtures', 'basic', 'tasks.json');

function fixtureDir(): string {
  const dir = tempDir();
  cpSync(FIXTURE, join(dir, 'tasks.json'));
  return dir;
}

describe('extract check', () => {
  it('fails on tasks never extracted, passes after a run, fails again when a discussion changes', async () => {
    const dir = fixtureDir();
    const before = await cli(['check'], dir);
    expect(before.status).toBe(1);
    expect(before.stderr).toMatch(/tasks\.json:2:5: error: task T100 has a discussion but no extracted_state/);
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(0);
    const clean = await cli(['check'], dir);
    expect(clean.stdout).toMatch(/all extracted state is current/);
    expect(clean.status).toBe(0);
    const text = readFileSync(join(dir, 'tasks.json'), 'utf8');
    writeFileSync(join(dir, 'tasks.json'), text.replace('See you downstairs.', 'See you downstairs at 12:30.'));
    const stale = await cli(['check', '--format', 'github'], dir);
    expect(stale.status).toBe(1);
    const lines = text.split('\n');
    const t102 = lines.findIndex((l) => l.includes('"T102"'));
    const line = lines.findIndex((l, i) => i > t102 && l.includes('"extracted_state"')) + 1;
    // T101 has no discussion: a warning, then the one stale task.
    const [warning, ...rest] = stale.stdout.split('\n');
    expect(warning).toMatch(/^::warning file=tasks\.json,line=\d+,col=\d+::task T101 has no discussion; nothing to extract \(at \/T101\)$/);
    expect(rest.join('\n')).toBe(`::error file=tasks.json,line=${line},col=9::extracted_state of T102 is out of date with its discussion; run "extract run" (at /T102/extracted_state)\n`);
  });

  it('writes nothing', async () => {
    const dir = fixtureDir();
    const text = readFileSync(join(dir, 'tasks.json'), 'utf8');
    await cli(['check'], dir);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(text);
    expect(() => readFileSync(join(dir, 'memory', 'decisions.json'))).toThrow();
  });

  it('validates the registry and every pattern log line, with line numbers', async () => {
    const dir = fixtureDir();
    await cli(['run', '--now', NOW], dir);
    const log = join(dir, 'memory', 'patterns.jsonl');
    writeFileSync(log, `${readFileSync(log, 'utf8')}{"id":"PAT-1","type":"gossip"}\n`);
    const r = await cli(['check', '--format', 'json'], dir);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    const lines = readFileSync(log, 'utf8').trim().split('\n').length;
    expect(report.diagnostics.filter((d: { file: string }) => d.file === 'memory/patterns.jsonl').map((d: { line: number }) => d.line)).toContain(lines);
    writeFileSync(join(dir, 'memory', 'decisions.json'), '{"version": 1, "decisions": [{"id": "nope"}]}');
    const bad = await cli(['check'], dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/decisions\.json.*\[invalid-registry\]/);
  });
});

describe('memory lock', () => {
  it('makes a second run wait, then exit 75 naming the holder', async () => {
    const dir = fixtureDir();
    mkdirSync(join(dir, 'memory', '.extract.lock'), { recursive: true });
    writeFileSync(join(dir, 'memory', '.extract.owner'), 'pid 4242 on build-host since 2026-03-05T00:00:00Z\n');
    const text = readFileSync(join(dir, 'tasks.json'), 'utf8');
    const r = await cli(['run', '--lock-timeout', '1', '--now', NOW], dir);
    expect(r.status).toBe(75);
    expect(r.stderr).toMatch(/locked by another extraction \(pid 4242 on build-host since 2026-03-05T00:00:00Z\); gave up after 1 s/);
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(text);
  });
});

describe('extract --watch', () => {
  it('tells its own write-back from a save by the signature, and by the text when the signature is its own', async () => {
    const own = { signature: '12:100:1700000000000', text: 'as the daemon wrote it' };
    const read = jest.fn(async () => 'as the daemon wrote it');
    // Another inode, size or time: a save, known without reading the file.
    expect(await isOwnWrite(own, '13:100:1700000000000', read)).toBe(false);
    expect(await isOwnWrite(undefined, '12:100:1700000000000', read)).toBe(false);
    expect(read).not.toHaveBeenCalled();
    expect(await isOwnWrite(own, own.signature, read)).toBe(true);
    // A write in place of the same size within one tick of a coarse clock keeps the signature, not the text.
    expect(await isOwnWrite(own, own.signature, async () => 'as a person saved it!!')).toBe(false);
  });

  // A daemon a failed test leaves running is killed, so that jest can end.
  const daemons: Array<ReturnType<typeof spawn>> = [];
  afterEach(() => {
    for (const child of daemons.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  function startDaemon(dir: string, json = true) {
    const child = spawn(process.execPath, [BIN, '--watch', ...(json ? ['--json'] : []), '--now', NOW], { cwd: dir });
    daemons.push(child);
    const lines: string[] = [];
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
    });
    const waitFor = async (pred: (events: Array<Record<string, unknown>>) => boolean, ms = 15_000) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
        if (pred(events)) return events;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`timed out; log so far:\n${lines.join('\n')}`);
    };
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, lines, waitFor, exited };
  }

  it('extracts on start and on change, ignores its own writes, survives a broken file, and stops cleanly on SIGTERM', async () => {
    const dir = fixtureDir();
    const d = startDaemon(dir);
    await d.waitFor((ev) => ev.some((e) => e.event === 'ready'));
    const afterStart = readFileSync(join(dir, 'tasks.json'), 'utf8');
    expect(afterStart).toBe(readFileSync(join(ROOT, 'test', 'fixtures', 'basic', 'expected', 'tasks.json'), 'utf8'));

    const tasks = JSON.parse(afterStart);
    tasks.T102.discussion.push("Let's meet at the ramen place downstairs at noon every Friday from now on.");
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    let events = await d.waitFor((ev) => ev.filter((e) => e.event === 'extracted').length >= 2);
    const change = events.filter((e) => e.event === 'extracted')[1] as { summary: { analysed: number } };
    expect(change.summary.analysed).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8')).T102.extracted_state.discussion_hash).not.toBe(
      JSON.parse(afterStart).T102.extracted_state.discussion_hash,
    );

    writeFileSync(join(dir, 'tasks.json'), '{"T1": {"discussion": [');
    events = await d.waitFor((ev) => ev.some((e) => e.event === 'problem'));
    expect(JSON.stringify(events.find((e) => e.event === 'problem'))).toMatch(/invalid-json/);
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    await d.waitFor((ev) => ev.filter((e) => e.event === 'extracted').length >= 3);
    // Our own write must not trigger another extraction.
    await new Promise((r) => setTimeout(r, 1000));
    expect(d.lines.map((l) => JSON.parse(l).event).filter((e: string) => e === 'extracted')).toHaveLength(3);

    // An atomic save (a whole new file renamed over the old one), as most editors and tools save.
    const saved = JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8'));
    saved.T103.discussion.push({ from: 'lena', role: 'user', content: 'We will keep the header row in every export.', timestamp: '2026-03-04T09:00:00Z' });
    writeFileSync(join(dir, 'tasks.json.tmp'), JSON.stringify(saved, null, 2));
    renameSync(join(dir, 'tasks.json.tmp'), join(dir, 'tasks.json'));
    events = await d.waitFor((ev) => ev.filter((e) => e.event === 'extracted').length >= 4);
    expect((events.filter((e) => e.event === 'extracted')[3] as { summary: { analysed: number } }).summary.analysed).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'tasks.json'), 'utf8')).T103.extracted_state.discussion_hash).not.toBe(JSON.parse(afterStart).T103.extracted_state.discussion_hash);

    d.child.kill('SIGTERM');
    expect(await d.exited).toBe(0);
    expect(JSON.parse(d.lines[d.lines.length - 1]).event).toBe('stopped');
    // Every task's state is current with its discussion when the daemon has stopped.
    const checked = await cli(['check'], dir);
    expect(checked.status).toBe(0);
    expect(checked.stderr).not.toMatch(/: error: /);
  });
});
