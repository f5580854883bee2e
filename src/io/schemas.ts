// JSON Schema validation: each schema is compiled once per process, or ahead of time by the build
// (dist/schemas/<name>.js, see scripts/compile-schemas.js) when that module was made from the same text.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';

export const SCHEMA_DIR = join(__dirname, '..', '..', 'schemas');
const PRECOMPILED_DIR = join(__dirname, '..', '..', 'dist', 'schemas');

/** A schema of schemas/: the data files, the config, rule packs, and one per lexicon (`<name>-lexicon`). */
export type SchemaName = 'tasks' | 'decisions' | 'pattern' | 'review-queue' | 'config' | 'rule-pack' | 'sources' | 'last-run' | 'decision-scorer' | `${string}-lexicon`;

const compiled = new Map<SchemaName, ValidateFunction>();
/** The compiler, loaded only when a schema has no validator built ahead of time (it costs ~20 ms to load). */
let ajv: { compile(schema: object): ValidateFunction } | null = null;
function compile(text: string): ValidateFunction {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  ajv ??= new (require('ajv') as typeof import('ajv')).default({ allErrors: true, strict: false });
  return ajv.compile(JSON.parse(text) as object);
}

export function validator(name: SchemaName): ValidateFunction {
  let v = compiled.get(name);
  if (!v) {
    const text = readFileSync(join(SCHEMA_DIR, `${name}.schema.json`), 'utf8');
    v = precompiled(name, text) ?? compile(text);
    compiled.set(name, v);
  }
  return v;
}

/** The build's validator for this schema, if there is one made from exactly this text. */
function precompiled(name: SchemaName, text: string): ValidateFunction | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const v = require(join(PRECOMPILED_DIR, `${name}.js`)) as ValidateFunction & { schemaHash?: string };
    return v.schemaHash === createHash('sha256').update(text).digest('hex') ? v : null;
  } catch {
    return null;
  }
}

export interface SchemaProblem {
  pointer: string;
  message: string;
}

/** The schema violations of a value, most specific first, as JSON pointers and the rule broken. */
export function schemaProblems(name: SchemaName, value: unknown, pointerPrefix = ''): SchemaProblem[] {
  const v = validator(name);
  if (v(value)) return [];
  return dedupe(collapse(v.errors ?? []).map((e: ErrorObject) => ({ pointer: pointerPrefix + e.instancePath, message: describe(e) })));
}

const COMBINATOR = /\/(?:anyOf|oneOf)$/;

/**
 * One problem per real mistake: ajv reports every branch of an anyOf/oneOf. Innermost first, a
 * branch whose type does not fit the value is dropped; when one branch fits, its own errors stand
 * for the whole; alternatives that each require one property become "must have one of …"; when
 * no branch fits, "must be A or B".
 */
function collapse(errors: readonly ErrorObject[]): ErrorObject[] {
  let list = [...errors];
  const combinators = list.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const c of combinators) {
    if (!list.includes(c) || !COMBINATOR.test(c.schemaPath)) continue;
    const inBranch = (e: ErrorObject) => e !== c && e.schemaPath.startsWith(`${c.schemaPath}/`) && (e.instancePath === c.instancePath || e.instancePath.startsWith(`${c.instancePath}/`));
    const branchErrors = list.filter(inBranch);
    const branches = new Map<string, ErrorObject[]>();
    for (const e of branchErrors) {
      const k = e.schemaPath.slice(c.schemaPath.length + 1).split('/')[0];
      branches.set(k, [...(branches.get(k) ?? []), e]);
    }
    const typeMismatch = (es: ErrorObject[]) => es.some((e) => e.keyword === 'type' && e.instancePath === c.instancePath);
    const fitting = [...branches.values()].filter((es) => !typeMismatch(es));
    const allRequired = branchErrors.length > 0 && branchErrors.every((e) => e.keyword === 'required' && e.instancePath === c.instancePath);
    let replacement: ErrorObject[];
    if (allRequired) {
      const names = branchErrors.map((e) => JSON.stringify(String((e.params as { missingProperty: string }).missingProperty)));
      const some = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
      replacement = [{ ...c, keyword: 'required', message: `must have one of the properties ${some}` }];
    } else if (fitting.length === 1) {
      replacement = fitting[0];
    } else if (fitting.length === 0 && branches.size > 0) {
      const types = branchErrors.filter((e) => e.keyword === 'type' && e.instancePath === c.instancePath).map((e) => String((e.params as { type: string | string[] }).type));
      replacement = [{ ...c, keyword: 'type', message: `must be ${[...new Set(types)].join(' or ')}` }];
    } else {
      replacement = [c];
    }
    list = [...list.filter((e) => e !== c && !inBranch(e)), ...replacement];
  }
  return list;
}

function describe(e: ErrorObject): string {
  const rule = e.keyword;
  if (rule === 'additionalProperties') return `unknown property "${String((e.params as { additionalProperty: string }).additionalProperty)}" (additionalProperties)`;
  if (rule === 'enum') return `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)} (enum)`;
  return `${e.message ?? 'is invalid'} (${rule})`;
}

function dedupe(problems: SchemaProblem[]): SchemaProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.pointer}\u0000${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
