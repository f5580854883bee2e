// testRules: every rule pack and lexicon carries its own examples, and this one function runs
// them (like ESLint's RuleTester). The engine runs it on user packs when it loads them; the test
// suite runs it on every shipped pack and lexicon. Failures are values, never thrown.
import { detect } from './detect';
import { alternationOf } from './lexicons';
import { escapeRegex } from './phrases';
import { unsafeRegexReason } from './regexSafety';
import { compileRule, type CompiledRule } from './rules';
import { compileStatementLexicon, findAct, normalForm, type StatementLexicon } from './sentenceActs';
import { claimSentences, compileSubjects, reversalsIn, subjectClauses, type SubjectLexicon } from './subject';
import { contentTokens } from './text';
import { PorterStems } from './porter';
import type { CompiledSubjects, LexiconDocument, LexiconExamples, Message, RuleExample, RulePack, WordList, Words } from './types';

export interface RuleFailure {
  /** The rule id, or `lexicon/list` for a word list. */
  subject: string;
  /** The example text, when the failure is about one example. */
  example?: string;
  message: string;
}

/**
 * Runs the examples of a rule pack (each rule must fire on its `match` examples and not on its
 * `nomatch` ones, judged with `context` rules too, so that rules reading the answered message
 * see its cues) or of a lexicon (each list must find one of its entries, as whole words, in its
 * `match` examples and none in its `nomatch` ones). Also reports duplicate phrases or entries and
 * regexes that could backtrack catastrophically. Rules and lexicons are compiled with `words`, the
 * engine's word lists (where a cue may stand, what negates it, which words are content).
 */
export function testRules(subject: RulePack | LexiconDocument, words: Words, context: readonly CompiledRule[] = []): RuleFailure[] {
  return 'rules' in subject && Array.isArray(subject.rules) ? testPack(subject as RulePack, words, context) : testLexicon(subject as LexiconDocument, words);
}

function testPack(pack: RulePack, words: Words, context: readonly CompiledRule[]): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const own: CompiledRule[] = [];
  for (const spec of pack.rules) {
    const unsafe = spec.regex ? unsafeRegexReason(spec.regex) : null;
    if (unsafe) {
      failures.push({ subject: spec.id, message: `regex refused (${unsafe}); it could take exponential time` });
      continue;
    }
    const dup = duplicates(spec.phrases ?? []);
    if (dup.length > 0) failures.push({ subject: spec.id, message: `duplicate phrases: ${dup.join(', ')}` });
    try {
      // The engine's own compiled rule when it has this one (bounded as in a run), else a fresh one.
      own.push(context.find((r) => r.spec === spec) ?? compileRule(spec, words));
    } catch (err) {
      failures.push({ subject: spec.id, message: (err as Error).message });
    }
  }
  const ownIds = new Set(own.map((r) => r.id));
  const all = [...context.filter((r) => !ownIds.has(r.id)), ...own];
  for (const rule of own) {
    const check = (e: string | RuleExample, want: boolean) => {
      const ex = typeof e === 'string' ? { text: e } : e;
      if (fires(rule.id, ex, all) !== want) failures.push({ subject: rule.id, example: ex.text, message: `example ${JSON.stringify(ex.text)} should ${want ? '' : 'not '}match` });
    };
    for (const e of rule.spec.examples.match) check(e, true);
    for (const e of rule.spec.examples.nomatch) check(e, false);
  }
  return failures;
}

/** Whether a rule fires on an example, the answered message (if any) detected first. */
function fires(ruleId: string, ex: RuleExample, rules: readonly CompiledRule[]): boolean {
  const messages: Message[] = [];
  if (ex.previous) messages.push({ index: 0, author: 'them', role: ex.previous.role ?? 'unknown', text: ex.previous.text, ts: null });
  messages.push({ index: messages.length, author: 'me', role: ex.role ?? 'unknown', text: ex.text, ts: null });
  const at = messages.length - 1;
  if (ex.next) messages.push({ index: messages.length, author: ex.next.role === 'bot' ? 'them' : 'someone else', role: ex.next.role ?? 'unknown', text: ex.next.text, ts: null });
  return detect(messages, rules).detections[at].some((d) => d.ruleId === ruleId);
}

function duplicates(xs: readonly string[]): string[] {
  const lower = xs.map((x) => x.toLowerCase());
  return [...new Set(lower.filter((x, i) => lower.indexOf(x) !== i))];
}

/** The word lists of a lexicon document with their examples, whatever its shape. */
function listsOf(doc: LexiconDocument): Array<[string, WordList | { entries: unknown[]; examples?: LexiconExamples }]> {
  if ('lists' in doc && doc.lists && typeof doc.lists === 'object') return Object.entries(doc.lists as Record<string, WordList>);
  const examples = ((doc as { examples?: Record<string, LexiconExamples> }).examples ?? {});
  return Object.entries(doc)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => [k, { entries: v as unknown[], examples: examples[k] }]);
}

function testLexicon(doc: LexiconDocument, words: Words): RuleFailure[] {
  if ('acts' in doc && Array.isArray(doc.acts)) return testActs(doc as unknown as StatementLexicon, words);
  if ('reversals' in doc && Array.isArray(doc.reversals)) return testSubjects(doc as unknown as SubjectLexicon, words);
  const failures: RuleFailure[] = [];
  for (const [name, list] of listsOf(doc)) {
    const subject = `${doc.lexicon}/${name}`;
    if (!list.examples) {
      failures.push({ subject, message: 'has no examples' });
      continue;
    }
    const pairs = list.entries.length > 0 && list.entries.every(Array.isArray);
    const flat = pairs ? (list.entries as string[][]).map((p) => p.join(' / ')) : (list.entries as string[]);
    const dup = duplicates(flat);
    if (dup.length > 0) failures.push({ subject, message: `duplicate entries: ${dup.join(', ')}` });
    let matches: (text: string) => boolean;
    if (pairs) {
      const has = (text: string, w: string) => wholeWords(escapeRegex(w)).test(text);
      matches = (text) => (list.entries as string[][]).some(([a, b]) => has(text, a) && has(text, b));
    } else {
      const body = alternationOf(list as WordList);
      const unsafe = (list as WordList).pattern ? unsafeRegexReason(body) : null;
      if (unsafe) {
        failures.push({ subject, message: `entries refused (${unsafe}); they could take exponential time` });
        continue;
      }
      let re: RegExp;
      try {
        re = wholeWords(body);
      } catch (err) {
        failures.push({ subject, message: `entries do not compile: ${(err as Error).message}` });
        continue;
      }
      matches = (text) => re.test(text);
    }
    for (const text of list.examples.match) if (!matches(text)) failures.push({ subject, example: text, message: `example ${JSON.stringify(text)} should match` });
    for (const text of list.examples.nomatch) if (matches(text)) failures.push({ subject, example: text, message: `example ${JSON.stringify(text)} should not match` });
  }
  return failures;
}

/**
 * The subject lexicon: each reversal cue and conditional must match its examples and only them,
 * each slot pattern must find a value of its slot in its match examples only, and each word list
 * must do its job on its examples (a clock time after a time preposition or with am/pm, a day of
 * the month with an ordinal suffix, no claim in a hedged sentence, no subject in generic words).
 */
function testSubjects(lex: SubjectLexicon, words: Words): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const check = (subject: string, examples: { match: string[]; nomatch: string[] } | undefined, found: (text: string) => boolean) => {
    if (!examples) {
      failures.push({ subject, message: 'has no examples' });
      return;
    }
    for (const text of examples.match) if (!found(text)) failures.push({ subject, example: text, message: `example ${JSON.stringify(text)} should match` });
    for (const text of examples.nomatch) if (found(text)) failures.push({ subject, example: text, message: `example ${JSON.stringify(text)} should not match` });
  };
  const regex = (subject: string, source: string): RegExp | null => {
    const unsafe = unsafeRegexReason(source);
    if (unsafe) {
      failures.push({ subject, message: `regex refused (${unsafe}); it could take exponential time` });
      return null;
    }
    try {
      return new RegExp(source, 'iu');
    } catch (err) {
      failures.push({ subject, message: `regex does not compile: ${(err as Error).message}` });
      return null;
    }
  };
  const dup = duplicates(lex.reversals.map((r) => r.id));
  if (dup.length > 0) failures.push({ subject: `${lex.lexicon}/reversals`, message: `duplicate ids: ${dup.join(', ')}` });
  for (const r of lex.reversals) {
    const re = regex(`${lex.lexicon}/${r.id}`, r.regex);
    if (re) check(`${lex.lexicon}/${r.id}`, r.examples, (t) => re.test(t));
  }
  const conditionals = lex.conditionals.regex.map((r) => regex(`${lex.lexicon}/conditionals`, r));
  check(`${lex.lexicon}/conditionals`, lex.conditionals.examples, (t) => conditionals.some((re) => re !== null && re.test(t)));
  let compiled: CompiledSubjects;
  try {
    compiled = compileSubjects(lex, words);
  } catch (err) {
    return [...failures, { subject: `${lex.lexicon}/slots`, message: (err as Error).message }];
  }
  const none = { negatorWords: new Set<string>(), negatorPhrases: [] };
  const clauses = (t: string) => subjectClauses(t, compiled, none);
  const hasValue = (t: string, key: string) => clauses(t).some((c) => c.values.some((v) => v.key === key));
  for (const s of lex.slots) if (s.pattern || s.examples) check(`${lex.lexicon}/${s.slot}`, s.examples, (t) => hasValue(t, s.slot));
  const ex = (lex as { examples?: Record<string, { match: string[]; nomatch: string[] }> }).examples ?? {};
  check(`${lex.lexicon}/timePrepositions`, ex.timePrepositions, (t) => hasValue(t, 'time'));
  check(`${lex.lexicon}/meridiem`, ex.meridiem, (t) => hasValue(t, 'time'));
  // An hour's sign after a number gives a span of hours, except after a word that says when.
  check(`${lex.lexicon}/hourSigns`, ex.hourSigns, (t) => clauses(t).some((c) => c.values.some((v) => v.key === 'duration' && v.value.endsWith(' hour'))));
  check(`${lex.lexicon}/bounds`, ex.bounds, (t) => clauses(t).some((c) => c.values.some((v) => v.bound === true)));
  if (lex.limitNouns) check(`${lex.lexicon}/limitNouns`, ex.limitNouns, (t) => clauses(t).some((c) => c.values.some((v) => v.bound === true)));
  if (lex.lowerBounds) check(`${lex.lexicon}/lowerBounds`, ex.lowerBounds, (t) => clauses(t).some((c) => c.values.some((v) => v.above === true)));
  // A day or month between a determiner and a noun tells which thing is meant: a value marked so, never a new one.
  if (lex.whichDeterminers) check(`${lex.lexicon}/whichDeterminers`, ex.whichDeterminers, (t) => clauses(t).some((c) => c.values.some((v) => v.which === true)));
  // A doing a reversal retires runs on past these words to its thing, and past no other: with the
  // listed word put back as a pronoun ("them"), the doing alone is retired.
  if (lex.doingDeterminers) {
    const listed = new RegExp(`(?<![\\p{L}])(?:${[...compiled.doingDeterminers].map(escapeRegex).join('|')})(?![\\p{L}])`, 'giu');
    const retires = (t: string) => Math.max(0, ...reversalsIn(t, compiled).map((r) => r.old?.size ?? 0));
    check(`${lex.lexicon}/doingDeterminers`, ex.doingDeterminers, (t) => retires(t) > 1 && retires(t.replace(listed, 'them')) === 1);
  }
  if (lex.apartUnits) check(`${lex.lexicon}/apartUnits`, ex.apartUnits, (t) => hasValue(t, 'length'));
  // A number after a word of time, before a part of the day in the plural, is an hour.
  if (lex.dayParts) check(`${lex.lexicon}/dayParts`, ex.dayParts, (t) => clauses(t).some((c) => c.values.some((v) => v.key === 'time')));
  // A number after a word for a whole group, counting no noun, is no value.
  if (lex.wholeGroupWords) check(`${lex.lexicon}/wholeGroupWords`, ex.wholeGroupWords, (t) => clauses(t).every((c) => c.values.every((v) => !v.key.startsWith('count:'))));
  check(`${lex.lexicon}/scales`, ex.scales, (t) => clauses(t).some((c) => c.values.some((v) => Number(v.value.split(' ')[0]) >= 1000)));
  // A number written as words gives a value, as its digits would.
  check(`${lex.lexicon}/numberWords`, ex.numberWords, (t) => clauses(t).some((c) => c.values.some((v) => /^\d/.test(v.value))));
  // An ordinal before a thing's name tells that thing apart ("the second round").
  check(`${lex.lexicon}/ordinalWords`, ex.ordinalWords, (t) => clauses(t).some((c) => (c.ordinals?.size ?? 0) > 0));
  check(`${lex.lexicon}/ordinalSuffixes`, ex.ordinalSuffixes, (t) => hasValue(t, 'date'));
  // (A holiday named with a weekday gives no weekday.)
  if (lex.namedDays) check(`${lex.lexicon}/namedDays`, ex.namedDays, (t) => !hasValue(t, 'weekday'));
  check(`${lex.lexicon}/hedges`, ex.hedges, (t) => claimSentences(t, compiled).length === 0);
  check(`${lex.lexicon}/generic`, ex.generic, (t) => clauses(t).every((c) => c.anchor.size === 0));
  // An example reads some word of another language as its English equivalent.
  const english = new Set(compiled.equivalents.values());
  check(`${lex.lexicon}/equivalents`, ex.equivalents, (t) => clauses(t).some((c) => [...c.anchor].some((a) => english.has(a) && !contentTokens(t, new PorterStems(words)).includes(a))));
  // An example reads a word of another form as the word that names the same thing.
  const forms = new Set(compiled.wordForms.values());
  check(`${lex.lexicon}/wordForms`, ex.wordForms, (t) => clauses(t).some((c) => [...c.anchor].some((a) => forms.has(a) && !contentTokens(t, new PorterStems(words)).includes(a))));
  return failures;
}

/** The sentence-act lexicon: each act must be found in its match examples and not in its nomatch ones. */
function testActs(lex: StatementLexicon, words: Words): RuleFailure[] {
  const failures: RuleFailure[] = [];
  for (const entry of lex.acts) {
    const subject = `${lex.lexicon}/${entry.act}${entry.position ? ` (${entry.position})` : ''}`;
    const dup = duplicates(entry.phrases ?? []);
    if (dup.length > 0) failures.push({ subject, message: `duplicate phrases: ${dup.join(', ')}` });
    const one = compileStatementLexicon({ ...lex, acts: [entry] }, words);
    const found = (text: string) => findAct(one, entry.act, normalForm(text)) !== null;
    for (const text of entry.examples.match) if (!found(text)) failures.push({ subject, example: text, message: `example ${JSON.stringify(text)} should match` });
    for (const text of entry.examples.nomatch) if (found(text)) failures.push({ subject, example: text, message: `example ${JSON.stringify(text)} should not match` });
  }
  return failures;
}

function wholeWords(body: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'iu');
}
