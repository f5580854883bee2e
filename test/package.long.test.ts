// The package as a user installs it: packed as the registry would get it (the build in dist/, the
// rules and schemas, both bins), installed as a dev dependency of a fresh project (from the npm
// cache when it holds the dependencies), and run there with `npx --no-install`, which never
// fetches a package of that name from the registry.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE, ROOT, tempDir } from './helpers';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function sh(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000, env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

it('installs from its packed tarball into a project and runs there', () => {
  const store = tempDir('extract-pack-');
  // The build is in dist/ already (npm test builds first): pack it as it is.
  const packed = sh(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', store], ROOT);
  expect(packed.status).toBe(0);
  const [{ filename, files }] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const paths = files.map((f) => f.path);
  // The library's entry and its declarations (a TypeScript consumer's types: test/api.test.ts), both bins' code, the rules and schemas.
  expect(paths).toEqual(expect.arrayContaining(['bin/extract.js', 'dist/index.js', 'dist/index.d.ts', 'dist/api.d.ts', 'dist/cli/main.js', 'rules/corrections.json', 'schemas/config.schema.json', 'README.md', 'LICENSE', 'package.json']));
  expect(paths.filter((p) => /^(src|test|examples|scripts)\//.test(p))).toEqual([]);

  const project = join(tempDir('extract-project-'), 'my-project');
  sh('mkdir', ['-p', project], ROOT);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'my-project', version: '1.0.0', private: true }, null, 2)}\n`);
  const installed = sh(npm, ['install', '--save-dev', '--prefer-offline', join(store, filename)], project);
  expect(installed.stderr).not.toMatch(/ERR!|npm error/);
  expect(installed.status).toBe(0);
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).devDependencies).toHaveProperty('tongdiscussion');

  cpSync(EXAMPLE, join(project, 'tasks.json'));
  const run = sh(npx, ['--no-install', 'extract', 'run', '--now', '2026-03-05T00:00:00Z'], project);
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/^extract: 1 file, 8 tasks \(8 analysed\), /);
  expect(run.status).toBe(0);
  expect(sh(npx, ['--no-install', 'extract', 'check', '--now', '2026-03-05T00:00:00Z'], project).status).toBe(0);
  const version = sh(npx, ['--no-install', 'tongdiscussion', '--version'], project);
  expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
});
