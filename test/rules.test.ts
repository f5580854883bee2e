// Every rule of every shipped pack must match its `examples.match` and not its `examples.nomatch`,
// judged in context (the answered message is detected with all rules first), and every pack
// must satisfy its schema with no duplicate ids or phrases.
import { detect } from '../src/core/detect';
import type { Message, RuleExample } from '../src/core/types';
import { schemaProblems } from '../src/store/schemas';
import { shippedEngine, shippedPacks } from './helpers';

const engine = shippedEngine();
const packs = shippedPacks();

function asExample(e: string | RuleExample): RuleExample {
  return typeof e === 'string' ? { text: e } : e;
}

function fires(ruleId: string, example: RuleExample): boolean {
  const messages: Message[] = [];
  if (example.previous) {
    messages.push({ index: 0, author: 'them', role: example.previous.role ?? 'unknown', text: example.previous.text, ts: null });
  }
  messages.push({ index: messages.length, author: 'me', role: example.role ?? 'unknown', text: example.text, ts: null });
  const { detections } = detect(messages, engine.rules);
  return detections[messages.length - 1].some((d) => d.ruleId === ruleId);
}

describe.each(packs.map((p) => [p.file, p.pack] as const))('rule pack %s', (_file, pack) => {
  it('is valid against schemas/rule-pack.schema.json', () => {
    expect(schemaProblems('rule-pack', pack)).toEqual([]);
  });

  it('has no duplicate phrases within a rule', () => {
    for (const rule of pack.rules) {
      const phrases = (rule.phrases ?? []).map((p) => p.toLowerCase());
      expect(phrases.filter((p, i) => phrases.indexOf(p) !== i)).toEqual([]);
    }
  });

  for (const rule of pack.rules) {
    describe(rule.id, () => {
      it.each(rule.examples.match.map((e) => [asExample(e).text, asExample(e)] as const))('matches %j', (_t, example) => {
        expect(fires(rule.id, example)).toBe(true);
      });
      it.each(rule.examples.nomatch.map((e) => [asExample(e).text, asExample(e)] as const))('does not match %j', (_t, example) => {
        expect(fires(rule.id, example)).toBe(false);
      });
    });
  }
});

test('rule ids are unique across packs', () => {
  const ids = packs.flatMap((p) => p.pack.rules.map((r) => r.id));
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});
