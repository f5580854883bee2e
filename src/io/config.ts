// Loading extract.config.json (optional). Paths in it are relative to the config file's folder;
// without a config, the working directory is the base.
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_CONFIG, type Config } from '../core/types';
import { ConfigError, pathError } from './errors';
import { readTextIfExists } from './files';
import { parseJson } from './jsonText';
import { schemaProblems } from './schemas';

export const CONFIG_FILE = 'extract.config.json';

export interface LoadedConfig {
  config: Config;
  /** Folder that relative paths (globs, memory, rule folders) are resolved against. */
  baseDir: string;
  file: string | null;
}

export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const file = explicit ? resolve(cwd, explicit) : join(cwd, CONFIG_FILE);
  const text = await readTextIfExists(file);
  if (text === null) {
    if (explicit) throw pathError('ENOENT', explicit);
    return { config: { ...DEFAULT_CONFIG, thresholds: { ...DEFAULT_CONFIG.thresholds } }, baseDir: cwd, file: null };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ConfigError(`${file}:${parsed.line}:${parsed.column}: ${parsed.message}`, file);
  const problems = schemaProblems('config', parsed.value);
  if (problems.length > 0) throw new ConfigError(`${file}: ${problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`, file);
  const user = parsed.value as Partial<Config>;
  const config: Config = {
    ...DEFAULT_CONFIG,
    ...user,
    thresholds: { ...DEFAULT_CONFIG.thresholds, ...(user.thresholds ?? {}) },
  };
  if (config.thresholds.review > config.thresholds.decision) {
    throw new ConfigError(`${file}: thresholds.review (${config.thresholds.review}) must not exceed thresholds.decision (${config.thresholds.decision})`, file);
  }
  return { config, baseDir: dirname(file), file };
}
