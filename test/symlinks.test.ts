// Writes go through symlinks to the real files and keep the links: a symlinked task file and a
// symlinked memory folder; the lock and the compare-and-swap act on the real paths.
import { cpSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LockedError } from '../src/io/errors';
import { compareAndSwap } from '../src/io/files';
import { extractCheck } from '../src/app/check';
import { extractRun } from '../src/app/run';
import { withMemoryLock } from '../src/io/lock';
import { EXAMPLE, tempDir } from './helpers';

const NOW = '2026-02-05T00:00:00Z';
const dirs: string[] = [];
const temp = () => {
  const d = tempDir('extract-link-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('symlinks', () => {
  it('writes a symlinked task file through the link and keeps the link', async () => {
    const dir = temp();
    mkdirSync(join(dir, 'real'));
    cpSync(EXAMPLE, join(dir, 'real', 'tasks.json'));
    symlinkSync(join('real', 'tasks.json'), join(dir, 'tasks.json'));
    const r = await extractRun({ cwd: dir, now: NOW });
    expect(r.summary.written).toContain('tasks.json');
    expect(lstatSync(join(dir, 'tasks.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'tasks.json'))).toBe(join('real', 'tasks.json'));
    const real = JSON.parse(readFileSync(join(dir, 'real', 'tasks.json'), 'utf8'));
    expect(real.T045.extracted_state.decisions.length).toBeGreaterThan(0);
    const again = await extractRun({ cwd: dir, now: NOW });
    expect(again.summary.written).toEqual([]);
    expect((await extractCheck({ cwd: dir, now: NOW })).stale).toBe(0);
  });

  it('writes into the real folder behind a symlinked memory folder and keeps the link', async () => {
    const dir = temp();
    const elsewhere = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    symlinkSync(elsewhere, join(dir, 'memory'));
    await extractRun({ cwd: dir, now: NOW });
    expect(lstatSync(join(dir, 'memory')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(elsewhere, 'decisions.json'), 'utf8')).decisions.length).toBeGreaterThan(0);
    expect(readFileSync(join(elsewhere, 'patterns.jsonl'), 'utf8').length).toBeGreaterThan(0);
  });

  it('shares one lock between the link and the real path of a memory folder', async () => {
    const real = temp();
    const dir = temp();
    symlinkSync(real, join(dir, 'memory'));
    await withMemoryLock(join(dir, 'memory'), 0, async () => {
      await expect(withMemoryLock(real, 0, async () => 'second')).rejects.toBeInstanceOf(LockedError);
    });
  });

  it('compares and swaps against the real file: an edit made through the target is a conflict', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'target.json'), '{"a": 1}\n');
    symlinkSync('target.json', join(dir, 'link.json'));
    writeFileSync(join(dir, 'target.json'), '{"a": 2}\n');
    expect((await compareAndSwap(join(dir, 'link.json'), '{"a": 3}\n', { text: '{"a": 1}\n' })).outcome).toBe('conflict');
    expect((await compareAndSwap(join(dir, 'link.json'), '{"a": 3}\n', { text: '{"a": 2}\n' })).outcome).toBe('written');
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'target.json'), 'utf8')).toBe('{"a": 3}\n');
  });
});
