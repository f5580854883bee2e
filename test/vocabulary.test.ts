// One list of decision types and statuses (src/core/types.ts): the schemas of the files that hold
// decisions name the same, so that the CLI's choices, the MCP tools' enums and the files agree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DECISION_STATUSES, DECISION_TYPES } from '../src/core/types';
import { ROOT } from './helpers';

/** Every `enum` under a key named `key` in a JSON value, with its JSON pointer. */
function enumsAt(value: unknown, key: string, at = ''): Array<[string, unknown[]]> {
  if (value === null || typeof value !== 'object') return [];
  const out: Array<[string, unknown[]]> = [];
  for (const [k, v] of Object.entries(value)) {
    const here = `${at}/${k}`;
    if (k === key && v && typeof v === 'object' && Array.isArray((v as { enum?: unknown[] }).enum)) out.push([here, (v as { enum: unknown[] }).enum]);
    out.push(...enumsAt(v, key, here));
  }
  return out;
}

const schema = (name: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', `${name}.schema.json`), 'utf8'));

it('the decision and review-queue schemas list exactly the decision types and statuses of the code', () => {
  const types = [...enumsAt(schema('decisions'), 'type'), ...enumsAt(schema('review-queue'), 'type')];
  expect(types.length).toBeGreaterThanOrEqual(3);
  for (const [pointer, values] of types) expect({ pointer, values }).toEqual({ pointer, values: [...DECISION_TYPES] });
  const statuses = enumsAt(schema('decisions'), 'status').filter(([, values]) => values.includes('active'));
  expect(statuses.length).toBeGreaterThanOrEqual(2);
  for (const [pointer, values] of statuses) expect({ pointer, values }).toEqual({ pointer, values: [...DECISION_STATUSES] });
});
