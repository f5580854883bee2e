// Builds the engine: the rule packs (shipped ones in rules/, plus user folders from the config) and
// the lexicons as io/rulePacks.ts reads them, the word lists compiled once, user regexes checked
// and bounded, every rule compiled once with the word lists, and the fingerprint of everything
// that shapes the output.
import { relative, resolve } from 'node:path';
import { compileBridgeLexicon, type BridgeLexicon } from '../core/bridge';
import { compileLexicon, type ContradictionLexicon } from '../core/contradiction';
import { compileStatementLexicon, imperativeVerbs, type StatementLexicon } from '../core/sentenceActs';
import { compileSubjects, slotWords, type SubjectLexicon } from '../core/subject';
import type { Engine } from '../core/pipeline';
import { canonicalJson, canonicalJsonOfTexts } from '../core/json';
import { onceUnlessRejected } from '../io/once';
import { wordLexiconsOf } from '../core/lexicons';
import { compileRule, type CompiledRule } from '../core/rules';
import { unsafeRegexReason } from '../core/regexSafety';
import { testRules } from '../core/ruleTester';
import { tuningOf } from '../core/tuning';
import type { AnalysisSettings, Diagnostic, LexiconDocument, RulePack, ScorerModel, Words } from '../core/types';
import { sha256 } from '../core/text';
import { compileWords } from '../core/words';
import { ConfigError } from '../io/errors';
import { coreCodeHash, loadLexicons, loadPacksFrom, loadScorer, RULES_DIR } from '../io/rulePacks';
import { boundUserRules, REGEX_BUDGET_MS, REGEX_RUN_BUDGET_MS, type RegexOverrun } from './regexBudget';

export async function loadEngine(config: AnalysisSettings, baseDir: string): Promise<Engine> {
  const shipped = await shippedOnce();
  const enabled = config.packs.length > 0 ? shipped.packs.filter((p) => config.packs.includes(p.pack.pack)) : shipped.packs;
  const extra: Array<{ file: string; pack: RulePack }> = [];
  for (const dir of config.rules) extra.push(...(await loadPacksFrom(resolve(baseDir, dir))));
  for (const { file, pack } of extra) {
    for (const spec of pack.rules) {
      const unsafe = spec.regex ? unsafeRegexReason(spec.regex) : null;
      if (unsafe) throw new ConfigError(`${file}: rule ${spec.id}: regex refused (${unsafe}); it could take exponential time`, file);
    }
  }
  const { words } = shipped.compiled;
  const taken = new Map(enabled.flatMap((p) => p.pack.rules.map((r) => [r.id, p.file] as const)));
  const rules = [...enabled.flatMap((p) => shipped.rules.get(p.file)!), ...compileRules(extra, words, taken)];
  const overruns: RegexOverrun[] = [];
  boundUserRules(rules, new Map(extra.flatMap((p) => p.pack.rules.map((r) => [r.id, p.file] as const))), overruns);
  // A user rule must match its own examples (judged with every rule loaded, as in a run).
  for (const { file, pack } of extra) {
    const failure = testRules(pack, words, rules)[0];
    if (failure) throw new ConfigError(`${file}: rule ${failure.subject}: ${failure.message}`, file);
  }
  const tuning = tuningOf(config);
  const scorer = config.scorer ? await loadScorer(resolve(baseDir, config.scorer)) : shipped.scorer;
  const fingerprint = shipped.fingerprint({ packs: [...enabled, ...extra].map((p) => p.pack), scorer, thresholds: config.thresholds, tuning, humans: config.humans, bots: config.bots });
  const engine: Engine = { rules, ...shipped.compiled, scorer, config, tuning, fingerprint };
  overrunsByEngine.set(engine, overruns);
  return engine;
}

type Packs = Array<{ file: string; pack: RulePack }>;

/**
 * The packs and lexicons with `edit` applied to every list of phrases a clause is read with (each
 * rule's, each sentence act's); a rule or an act left with no phrase and no pattern goes. The one
 * place that says which lists those are, for `shippedPhrases` and `loadEngineWithout` alike.
 */
function editPhraseLists(packs: Packs, lexicons: ReadonlyMap<string, LexiconDocument>, edit: (phrases: readonly string[]) => string[]): { packs: Packs; lexicons: Map<string, LexiconDocument> } {
  const edited = <T extends { phrases?: string[] }>(x: T): T => (x.phrases ? { ...x, phrases: edit(x.phrases) } : x);
  const still = (x: { phrases?: string[]; regex?: string }) => !!x.regex || (x.phrases?.length ?? 0) > 0;
  const statements = lexicons.get('statements') as unknown as StatementLexicon;
  const out = new Map(lexicons);
  out.set('statements', { ...statements, acts: statements.acts.map(edited).filter(still) } as unknown as LexiconDocument);
  return { packs: packs.map(({ file, pack }) => ({ file, pack: { ...pack, rules: pack.rules.map(edited).filter(still) } })), lexicons: out };
}

/** Every phrase of the shipped rule packs and sentence acts: what `loadEngineWithout` may leave out. */
export async function shippedPhrases(): Promise<string[]> {
  const shipped = await shippedOnce();
  const seen: string[] = [];
  editPhraseLists(shipped.packs, shipped.lexicons, (phrases) => (seen.push(...phrases), [...phrases]));
  return seen;
}

/**
 * The shipped engine without the phrases `leftOut` picks (see editPhraseLists), with `config`'s
 * settings (its tuning, its people, the packs it enables); a team's rule folders and scorer are not
 * read. Fitting reads each writer's clauses with it as the lists would read a writer they were not
 * written from (see core/attestation).
 */
export async function loadEngineWithout(config: AnalysisSettings, leftOut: (phrase: string) => boolean): Promise<Engine> {
  const shipped = await shippedOnce();
  const enabled = config.packs.length > 0 ? shipped.packs.filter((p) => config.packs.includes(p.pack.pack)) : shipped.packs;
  const { packs, lexicons } = editPhraseLists(enabled, shipped.lexicons, (phrases) => phrases.filter((p) => !leftOut(p)));
  const { compiled, rules } = compileShipped(packs, lexicons);
  // (Its fingerprint names no state: fitting reads clauses and writes no extracted state.)
  const engine: Engine = { rules, ...compiled, scorer: shipped.scorer, config, tuning: tuningOf(config), fingerprint: 'fitting' };
  overrunsByEngine.set(engine, []);
  return engine;
}

/** The lexicons compiled, then the packs' rules with their word lists, in pack order. */
function compileShipped(packs: Packs, lexicons: ReadonlyMap<string, LexiconDocument>): { compiled: ReturnType<typeof compileLexicons>; rules: CompiledRule[] } {
  const compiled = compileLexicons(lexicons);
  return { compiled, rules: compileRules(packs, compiled.words) };
}

/**
 * What the package ships, read, checked and compiled once per process: the rule packs (each pack's
 * rules compiled), the lexicons and the scorer's weights. Like the code itself (coreCodeHash), these
 * files do not change under a running process; a user's rule folders and scorer are read on every
 * load.
 */
interface Shipped {
  packs: Array<{ file: string; pack: RulePack }>;
  /** The lexicons as read (what an engine without some phrases is compiled from). */
  lexicons: ReadonlyMap<string, LexiconDocument>;
  /** Each shipped pack's rules compiled, by file. */
  rules: ReadonlyMap<string, CompiledRule[]>;
  compiled: ReturnType<typeof compileLexicons>;
  scorer: ScorerModel;
  /** The engine fingerprint for these settings: everything that shapes the output, hashed. */
  fingerprint(settings: FingerprintSettings): string;
}

interface FingerprintSettings {
  packs: RulePack[];
  scorer: ScorerModel;
  thresholds: AnalysisSettings['thresholds'];
  tuning: Engine['tuning'];
  humans: AnalysisSettings['humans'];
  bots: AnalysisSettings['bots'];
}

/** The shipped parts, read once per process; a failed read (a broken install) is tried again on the next load. */
const shippedOnce: () => Promise<Shipped> = onceUnlessRejected(readShipped);

async function readShipped(): Promise<Shipped> {
  const packs = await loadPacksFrom(RULES_DIR);
  const lexicons = await loadLexicons();
  const { compiled, rules: all } = compileShipped(packs, lexicons);
  const rules = new Map<string, CompiledRule[]>();
  let at = 0;
  for (const p of packs) rules.set(p.file, all.slice(at, (at += p.pack.rules.length)));
  const scorer = await loadScorer();
  // The shipped parts' canonical texts, printed once: a fingerprint splices them in.
  const texts = { code: JSON.stringify(await coreCodeHash()), lexicons: canonicalJson(Object.fromEntries(lexicons)), scorer: canonicalJson(scorer) };
  const packTexts = new Map(packs.map((p) => [p.pack, canonicalJson(p.pack)] as const));
  const fingerprint = (settings: FingerprintSettings) =>
    `sha256:${sha256(
      canonicalJsonOfTexts({
        code: texts.code,
        lexicons: texts.lexicons,
        packs: `[${settings.packs.map((p) => packTexts.get(p) ?? canonicalJson(p)).join(',')}]`,
        scorer: settings.scorer === scorer ? texts.scorer : canonicalJson(settings.scorer),
        thresholds: canonicalJson(settings.thresholds),
        tuning: canonicalJson(settings.tuning),
        humans: canonicalJson(settings.humans),
        bots: canonicalJson(settings.bots),
      }),
    )}`;
  return { packs, lexicons, rules, compiled, scorer, fingerprint };
}

/** The lexicons as io read them, compiled: the word lists first, then the lexicons read with them. */
function compileLexicons(read: ReadonlyMap<string, LexiconDocument>): Pick<Engine, 'lexicon' | 'bridge' | 'statements' | 'words'> {
  const contradiction = read.get('contradiction') as unknown as ContradictionLexicon;
  const statements = read.get('statements') as unknown as StatementLexicon;
  const words = compileWords(wordLexiconsOf(read), contradiction.negators, slotWords(read.get('subjects') as unknown as SubjectLexicon, 'month'), imperativeVerbs(statements));
  return {
    lexicon: compileLexicon(contradiction, compileSubjects(read.get('subjects') as unknown as SubjectLexicon, words), words),
    bridge: compileBridgeLexicon(read.get('bridge') as unknown as BridgeLexicon),
    statements: compileStatementLexicon(statements, words),
    words,
  };
}

/**
 * Every rule of the packs compiled with the word lists; a duplicate id (within these packs, or one
 * of `taken`: rule id → file) or a rule that does not compile names its file.
 */
function compileRules(packs: ReadonlyArray<{ file: string; pack: RulePack }>, words: Words, taken: ReadonlyMap<string, string> = new Map()): CompiledRule[] {
  const seen = new Map(taken);
  const rules: CompiledRule[] = [];
  for (const { file, pack } of packs) {
    for (const spec of pack.rules) {
      const other = seen.get(spec.id);
      if (other) throw new ConfigError(`${file}: duplicate rule id ${spec.id} (also in ${other})`, file);
      seen.set(spec.id, file);
      try {
        rules.push(compileRule(spec, words));
      } catch (err) {
        throw new ConfigError(`${file}: rule ${spec.id}: ${(err as Error).message}`, file);
      }
    }
  }
  return rules;
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
    message: o.total
      ? `user regexes spent ${o.ms} ms in slow matches this run (budget ${REGEX_RUN_BUDGET_MS} ms; the last was rule ${o.ruleId}'s, on a message of ${o.chars} characters); every user rule is off for the rest of this run`
      : `rule ${o.ruleId}: its regex took ${o.ms} ms on a message of ${o.chars} characters (budget ${REGEX_BUDGET_MS} ms); the rule is off for the rest of this run`,
  }));
}
