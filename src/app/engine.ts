// Loads the rule packs (shipped ones in rules/, plus user folders from the config) and the
// contradiction lexicon, validates them against their schemas and compiles them once.
import { promises as fs } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { compileBridgeLexicon, type BridgeLexicon } from '../core/bridge';
import { compileLexicon, type ContradictionLexicon } from '../core/contradiction';
import { compileStatementLexicon, type StatementLexicon } from '../core/sentenceActs';
import type { SubjectLexicon } from '../core/subject';
import type { Engine } from '../core/pipeline';
import { canonicalJson } from '../core/json';
import { compileRule, type CompiledRule } from '../core/rules';
import { unsafeRegexReason } from '../core/regexSafety';
import { testRules } from '../core/ruleTester';
import type { Diagnostic } from '../core/types';
import { sha256 } from '../core/text';
import type { Config, LexiconDocument, RulePack } from '../core/types';
import { ConfigError } from '../io/errors';
import { parseJson } from '../io/jsonText';
import { boundUserRules, redosReason, REGEX_BUDGET_MS, type RegexOverrun } from './regexBudget';
import { schemaProblems, type SchemaName } from '../io/schemas';

export const RULES_DIR = join(__dirname, '..', '..', 'rules');

async function readJson(path: string, schema: SchemaName): Promise<unknown> {
  const text = await fs.readFile(path, 'utf8');
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ConfigError(`${path}:${parsed.line}:${parsed.column}: ${parsed.message}`, path);
  const problems = schemaProblems(schema, parsed.value);
  if (problems.length > 0) throw new ConfigError(`${path}: ${problems.map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`, path);
  return parsed.value;
}

export async function loadPacksFrom(dir: string): Promise<Array<{ file: string; pack: RulePack }>> {
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const out: Array<{ file: string; pack: RulePack }> = [];
  for (const name of names) {
    const file = join(dir, name);
    out.push({ file, pack: (await readJson(file, 'rule-pack')) as RulePack });
  }
  return out;
}

/**
 * Every lexicon of rules/lexicons/, by name, each validated against schemas/<name>-lexicon.schema.json.
 * The stages read them (contradiction and bridge through the engine, the word lists with the
 * code); all of them are part of the engine fingerprint.
 */
export async function loadLexicons(): Promise<Map<string, LexiconDocument>> {
  const dir = join(RULES_DIR, 'lexicons');
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const out = new Map<string, LexiconDocument>();
  for (const n of names) {
    const name = n.slice(0, -'.json'.length);
    out.set(name, (await readJson(join(dir, n), `${name}-lexicon`)) as LexiconDocument);
  }
  return out;
}

export async function loadEngine(config: Config, baseDir: string): Promise<Engine> {
  const shipped = await loadPacksFrom(RULES_DIR);
  const enabled = config.packs.length > 0 ? shipped.filter((p) => config.packs.includes(p.pack.pack)) : shipped;
  const extra: Array<{ file: string; pack: RulePack }> = [];
  for (const dir of config.rules) extra.push(...(await loadPacksFrom(resolve(baseDir, dir))));
  for (const { file, pack } of extra) {
    for (const spec of pack.rules) {
      const unsafe = spec.regex ? (unsafeRegexReason(spec.regex) ?? redosReason(spec.regex)) : null;
      if (unsafe) throw new ConfigError(`${file}: rule ${spec.id}: regex refused (${unsafe}); it could take exponential time`, file);
    }
  }
  const seen = new Map<string, string>();
  const rules = [];
  const lexicons = await loadLexicons();
  const lexicon = lexicons.get('contradiction') as unknown as ContradictionLexicon;
  const bridge = lexicons.get('bridge') as unknown as BridgeLexicon;
  const statements = lexicons.get('statements') as unknown as StatementLexicon;
  const subjects = lexicons.get('subjects') as unknown as SubjectLexicon;
  for (const { file, pack } of [...enabled, ...extra]) {
    for (const spec of pack.rules) {
      const other = seen.get(spec.id);
      if (other) throw new ConfigError(`${file}: duplicate rule id ${spec.id} (also in ${other})`, file);
      seen.set(spec.id, file);
      try {
        rules.push(compileRule(spec));
      } catch (err) {
        throw new ConfigError(`${file}: rule ${spec.id}: ${(err as Error).message}`, file);
      }
    }
  }
  const overruns: RegexOverrun[] = [];
  boundUserRules(rules, new Map(extra.flatMap((p) => p.pack.rules.map((r) => [r.id, p.file] as const))), overruns);
  // A user rule must match its own examples (judged with every rule loaded, as in a run).
  for (const { file, pack } of extra) {
    const failure = testRules(pack, rules)[0];
    if (failure) throw new ConfigError(`${file}: rule ${failure.subject}: ${failure.message}`, file);
  }
  const fingerprint = `sha256:${sha256(
    canonicalJson({
      code: await coreCodeHash(),
      packs: [...enabled, ...extra].map((p) => p.pack),
      lexicons: Object.fromEntries(lexicons),
      thresholds: config.thresholds,
      humans: config.humans,
      bots: config.bots,
    }),
  )}`;
  const engine: Engine = { rules, lexicon: compileLexicon(lexicon, subjects), bridge: compileBridgeLexicon(bridge), statements: compileStatementLexicon(statements), config, fingerprint };
  overrunsByEngine.set(engine, overruns);
  return engine;
}

const overrunsByEngine = new WeakMap<Engine, RegexOverrun[]>();

/** User regexes that overran their time budget since the last call (each is then off for the run). */
export function takeRegexOverruns(engine: Engine): RegexOverrun[] {
  const list = overrunsByEngine.get(engine);
  return list ? list.splice(0) : [];
}

/** Overruns found elsewhere (a worker thread's engine) are reported with this engine's. */
export function addRegexOverruns(engine: Engine, found: readonly RegexOverrun[]): void {
  overrunsByEngine.get(engine)?.push(...found);
}

export function overrunDiagnostics(engine: Engine, cwd: string): Diagnostic[] {
  return takeRegexOverruns(engine).map((o) => ({
    code: 'slow-regex',
    severity: 'warning',
    file: relative(cwd, o.file) || o.file,
    message: `rule ${o.ruleId}: its regex took ${o.ms} ms on a message of ${o.chars} characters (budget ${REGEX_BUDGET_MS} ms); the rule is off for the rest of this run`,
  }));
}

let codeHash: Promise<string> | null = null;
/** Hash of the pipeline's own code, so that a new version re-analyses tasks whose state it wrote. */
function coreCodeHash(): Promise<string> {
  codeHash ??= (async () => {
    const dir = join(__dirname, '..', 'core');
    const names = (await fs.readdir(dir)).filter((n) => /\.(?:js|ts)$/.test(n)).sort();
    const parts = await Promise.all(names.map(async (n) => `${n}\u0000${await fs.readFile(join(dir, n), 'utf8')}`));
    return sha256(parts.join('\u0000'));
  })();
  return codeHash;
}
