// Writes go through symlinks to the real files and keep the links: a symlinked task file and a
// symlinked memory folder; the lock and the compare-and-swap act on the real paths.
import { cpSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LockedError } from '../src/io/errors';
import { compareAndSwap } from '../src/io/files';
import { extractCheck } from '../src/app/check';
import { extractRun } from '../src/app/run';
import { withMemoryLock } from '../src/io/lock';
import { cli, EXAMPLE, tempDir } from './helpers';

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

// A memory folder arrives by pull request and git keeps links: a link planted in it must never
// redirect a write (an owner file pointing at ~/.ssh/authorized_keys, the pattern log at a shell
// start-up file, the registry at another project's registry).
describe('a link planted in the memory folder', () => {
  const PLANTED = ['.extract.owner', '.extract.lock', 'patterns.jsonl', 'decisions.json', 'review-queue.json', '.checksums', '.engine', '.sources.json', '.last-run'];

  it.each(PLANTED)('memory/%s as a link: the run refuses, naming it, and writes nothing anywhere', async (name) => {
    const dir = temp();
    const victims = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    mkdirSync(join(dir, 'memory'));
    const victim = join(victims, 'authorized_keys');
    writeFileSync(victim, 'ssh-ed25519 AAAA the-owner\n');
    symlinkSync(victim, join(dir, 'memory', name));
    const before = readFileSync(join(dir, 'tasks.json'), 'utf8');
    const r = await cli(['run', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`extract: ${join('memory', name)}: is a symbolic link`);
    expect(readFileSync(victim, 'utf8')).toBe('ssh-ed25519 AAAA the-owner\n');
    expect(readFileSync(join(dir, 'tasks.json'), 'utf8')).toBe(before);
    expect(lstatSync(join(dir, 'memory', name)).isSymbolicLink()).toBe(true);
  });

  it('a dangling link (a file the write would create) is refused too', async () => {
    const dir = temp();
    const victims = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    mkdirSync(join(dir, 'memory'));
    symlinkSync(join(victims, '.bashrc'), join(dir, 'memory', 'patterns.jsonl'));
    expect((await cli(['run', '--now', NOW], dir)).status).toBe(1);
    expect(() => lstatSync(join(victims, '.bashrc'))).toThrow();
  });

  it('the pattern log is appended only without a link, even one planted after the run read the folder', async () => {
    const dir = temp();
    const victims = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    const profile = join(victims, '.profile');
    writeFileSync(profile, 'export PATH=/usr/bin\n');
    // Planted between the unlocked read of the folder and the commit under the lock.
    const run = extractRun({
      cwd: dir,
      now: NOW,
      beforeCommit: async () => {
        rmSync(join(dir, 'memory', 'patterns.jsonl'), { force: true });
        mkdirSync(join(dir, 'memory'), { recursive: true });
        symlinkSync(profile, join(dir, 'memory', 'patterns.jsonl'));
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'ESYMLINK', path: join(dir, 'memory', 'patterns.jsonl') });
    expect(readFileSync(profile, 'utf8')).toBe('export PATH=/usr/bin\n');
  });

  it('review reject refuses a planted registry link as well', async () => {
    const dir = temp();
    const victims = temp();
    cpSync(EXAMPLE, join(dir, 'tasks.json'));
    await extractRun({ cwd: dir, now: NOW });
    const other = join(victims, 'decisions.json');
    writeFileSync(other, readFileSync(join(dir, 'memory', 'decisions.json')));
    rmSync(join(dir, 'memory', 'decisions.json'));
    symlinkSync(other, join(dir, 'memory', 'decisions.json'));
    const before = readFileSync(other, 'utf8');
    const r = await cli(['review', 'reject', 'REV-20260130-001', '--now', NOW], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('memory/decisions.json: is a symbolic link');
    expect(readFileSync(other, 'utf8')).toBe(before);
  });
});
