// JSON Schema validation: each schema is compiled once per process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

export const SCHEMA_DIR = join(__dirname, '..', '..', 'schemas');

export type SchemaName = 'tasks' | 'decisions' | 'pattern' | 'review-queue' | 'config' | 'rule-pack' | 'lexicon' | 'bridge-lexicon' | 'sources' | 'statement-lexicon';

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new Map<SchemaName, ValidateFunction>();

export function validator(name: SchemaName): ValidateFunction {
  let v = compiled.get(name);
  if (!v) {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, `${name}.schema.json`), 'utf8')) as object;
    v = ajv.compile(schema);
    compiled.set(name, v);
  }
  return v;
}

export interface SchemaProblem {
  pointer: string;
  message: string;
}

/** The schema violations of a value, most specific first, as JSON pointers and the rule broken. */
export function schemaProblems(name: SchemaName, value: unknown, pointerPrefix = ''): SchemaProblem[] {
  const v = validator(name);
  if (v(value)) return [];
  return dedupe((v.errors ?? []).map((e: ErrorObject) => ({ pointer: pointerPrefix + e.instancePath, message: describe(e) })));
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
