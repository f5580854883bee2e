// Reading the rule packs and lexicons (rules/*.json, rules/lexicons/*.json, user rule folders),
// each validated against its schema, and the pipeline's own code for the engine fingerprint.
import { promises as fs } from 'node:fs';
import { basename, join } from 'node:path';
import { sha256, signatureOf } from './files';
import { onceUnlessRejected } from './once';
import type { LexiconDocument, RulePack, ScorerModel } from '../core/types';
import { ConfigError } from './errors';
import { parseJson } from './jsonText';
import { schemaProblems, type SchemaName } from './schemas';

export const RULES_DIR = join(__dirname, '..', '..', 'rules');
/** The shipped decision scorer's weights (`npm run train` writes them). */
export const SCORER_FILE = join(RULES_DIR, 'models', 'decision-scorer.json');

async function readJson(path: string, schema: SchemaName): Promise<unknown> {
  const text = await fs.readFile(path, 'utf8');
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ConfigError(`${path}:${parsed.line}:${parsed.column}: ${parsed.message}`, path);
  const problems = schemaProblems(schema, parsed.value);
  if (problems.length > 0) throw new ConfigError(`${path}: ${problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`, path);
  return parsed.value;
}

/** A decision scorer's weights, validated against schemas/decision-scorer.schema.json. */
export async function loadScorer(path: string = SCORER_FILE): Promise<ScorerModel> {
  return (await readJson(path, 'decision-scorer')) as ScorerModel;
}

/** The .json files of a folder (rule packs, lexicons), by name. */
async function jsonFilesIn(dir: string): Promise<string[]> {
  return (await fs.readdir(dir))
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => join(dir, n));
}

export async function loadPacksFrom(dir: string): Promise<Array<{ file: string; pack: RulePack }>> {
  const out: Array<{ file: string; pack: RulePack }> = [];
  for (const file of await jsonFilesIn(dir)) out.push({ file, pack: (await readJson(file, 'rule-pack')) as RulePack });
  return out;
}

/**
 * Each rule pack file of the folders with its signature (inode, size, time): equal lists mean the
 * packs are the ones read before. A folder that cannot be listed counts as empty.
 */
export async function rulePackSignatures(dirs: readonly string[]): Promise<string[]> {
  const files = (await Promise.all(dirs.map((dir) => jsonFilesIn(dir).catch(() => [] as string[])))).flat();
  return Promise.all(files.map(async (file) => `${file}:${await signatureOf(file)}`));
}

/**
 * Every lexicon of rules/lexicons/, by name, each validated against schemas/<name>-lexicon.schema.json.
 * This is the only place they are read: the engine compiles them (the word lists included) and
 * the stages get them from it. All of them are part of the engine fingerprint.
 */
export async function loadLexicons(): Promise<Map<string, LexiconDocument>> {
  const out = new Map<string, LexiconDocument>();
  for (const file of await jsonFilesIn(join(RULES_DIR, 'lexicons'))) {
    const name = basename(file, '.json');
    out.set(name, (await readJson(file, `${name}-lexicon`)) as LexiconDocument);
  }
  return out;
}

/** Hash of the pipeline's own code, so that a new version re-analyses tasks whose state it wrote (read once; a read that failed is tried again). */
export const coreCodeHash: () => Promise<string> = onceUnlessRejected(async () => {
  const dir = join(__dirname, '..', 'core');
  const names = (await fs.readdir(dir)).filter((n) => /\.(?:js|ts)$/.test(n)).sort();
  const parts = await Promise.all(names.map(async (n) => `${n}\u0000${await fs.readFile(join(dir, n), 'utf8')}`));
  return sha256(parts.join('\u0000'));
});
