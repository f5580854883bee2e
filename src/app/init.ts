// `extract init`: sets a project folder up for extraction — the config with every default spelled
// out, a .gitignore in the memory folder for the bookkeeping that belongs to one machine, and a CI
// workflow that runs `extract check` — and says how to run it from cron and from an agent host.
// Files that exist are kept unless `force` is given.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DEFAULT_CONFIG } from '../core/types';
import { DEFAULT_TUNING } from '../core/tuning';
import { CONFIG_FILE } from '../io/config';
import { writeNewFile } from '../io/files';

/** This package's folder (the same from src/ under a test runner and from dist/). */
const PACKAGE_ROOT = join(__dirname, '..', '..');

/**
 * Memory files that describe this machine, not the discussions: the last run's record (inodes,
 * sizes and times of this checkout's files) and the lock. Everything else in the memory folder is
 * the same on every machine and is meant to be committed.
 */
export const PER_MACHINE_FILES = ['.last-run', '.extract.lock'] as const;

export const WORKFLOW_FILE = join('.github', 'workflows', 'extract-check.yml');

const posix = (path: string) => path.split(sep).join('/');

function configText(cwd: string): string {
  const config = {
    $schema: posix(relative(cwd, join(PACKAGE_ROOT, 'schemas', 'config.schema.json'))),
    globs: DEFAULT_CONFIG.globs,
    memory: DEFAULT_CONFIG.memory,
    thresholds: DEFAULT_CONFIG.thresholds,
    humans: DEFAULT_CONFIG.humans,
    bots: DEFAULT_CONFIG.bots,
    packs: DEFAULT_CONFIG.packs,
    rules: DEFAULT_CONFIG.rules,
    staleAfterDays: DEFAULT_TUNING.relate.staleAfterDays,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

const GITIGNORE = `# Bookkeeping of extract that belongs to one machine (file inodes and times, the lock):
# never committed. Everything else in this folder is the same on every machine.
${PER_MACHINE_FILES.join('\n')}
`;

const WORKFLOW = `# Fails a pull request whose committed task files carry out-of-date extracted_state, with
# annotations on the offending lines. Written by "extract init".
name: extract check
on:
  pull_request:
  push:
    branches: [main]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - run: npx --no-install extract check --format github
`;

export interface InitResult {
  /** Each file init looked after, relative to the folder, and whether it wrote it or kept the one there. */
  files: Array<{ file: string; action: 'wrote' | 'kept' }>;
  /** A crontab line that runs the extraction every five minutes in this folder. */
  cron: string;
  /** The server entry for an agent host's MCP configuration (`mcpServers`), running the locally installed binary. */
  mcp: { command: string; args: string[] };
}

/** Shell quoting for a path in the cron line. */
const quoted = (path: string) => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`);

export async function initWorkspace(cwd: string, options: { force?: boolean } = {}): Promise<InitResult> {
  const planned: Array<[string, string]> = [
    [CONFIG_FILE, configText(cwd)],
    [join(DEFAULT_CONFIG.memory, '.gitignore'), GITIGNORE],
    [WORKFLOW_FILE, WORKFLOW],
  ];
  const files: InitResult['files'] = [];
  for (const [file, text] of planned) {
    const wrote = await writeNewFile(join(cwd, file), text, options.force === true);
    files.push({ file: posix(file), action: wrote ? 'wrote' : 'kept' });
  }
  // The binary installed in this project when there is one, else this package's own (a clone):
  // never a bare "npx extract", which fetches whatever package the registry calls "extract".
  const localBin = join(cwd, 'node_modules', '.bin', 'extract');
  const config = join(cwd, CONFIG_FILE);
  const mcp = existsSync(localBin) ? { command: localBin, args: ['mcp', '--config', config] } : { command: 'node', args: [join(PACKAGE_ROOT, 'bin', 'extract.js'), 'mcp', '--config', config] };
  const cron = `*/5 * * * * cd ${quoted(cwd)} && npx --no-install extract run --quiet --lock-timeout 60 2>&1 | logger -t extract`;
  return { files, cron, mcp };
}
