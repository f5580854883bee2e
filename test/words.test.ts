// The word lists of rules/lexicons/ reach the stages through the engine: io reads them, the engine
// compiles them once (and no module of src/core loads a file: test/layers.test.ts). An engine built
// with other lists behaves by those lists, in each module that reads one, so no module can still be
// reading the shipped file behind the engine's back.
import { detect } from '../src/core/detect';
import { applyRule, compileRule } from '../src/core/rules';
import type { WordLexiconName } from '../src/core/lexicons';
import { analyseTask, type Engine } from '../src/core/pipeline';
import { relateNewDecisions } from '../src/core/relate';
import { optionListsIn, statementAt } from '../src/core/statement';
import { claimSentences } from '../src/core/subject';
import type { LexiconDocument, Message, WordLexicon } from '../src/core/types';
import { decision, shippedEngine, shippedLexicons } from './helpers';

/** The shipped lexicons with one word list's entries replaced (a copy; the files are not touched). */
function withList(name: WordLexiconName | 'contradiction', key: string, entries: (shipped: string[]) => string[]): Map<string, LexiconDocument> {
  const lexicons = shippedLexicons();
  const doc = structuredClone(lexicons.get(name)) as LexiconDocument & { lists?: WordLexicon['lists'] } & Record<string, unknown>;
  if (doc.lists) doc.lists[key].entries = entries(doc.lists[key].entries);
  else doc[key] = entries(doc[key] as string[]);
  lexicons.set(name, doc);
  return lexicons;
}

const shipped = shippedEngine();
const thread = (...turns: Array<[string, Message['role'], string]>): Message[] => turns.map(([author, role, text], index) => ({ index, author, role, text, ts: null }));
const discussion = (messages: Message[]) => messages.map((m) => ({ author: m.author, role: m.role, text: m.text }));
const analysed = (engine: Engine, messages: Message[]) => analyseTask('T1', discussion(messages), engine, new Set(['T1']));

describe('an engine built with other word lists behaves by them', () => {
  it('stopwords and transcript markers: which words are content (topic labels)', () => {
    const messages = thread(['ann', 'human', 'The queue runs on Postgres.'], ['bo', 'human', 'Postgres queue it is, Postgres for the jobs.']);
    const label = (engine: Engine) => analysed(engine, messages).topics[0].label.split(' ');
    expect(label(shipped)).toContain('postgres');
    expect(label(shippedEngine(withList('stopwords', 'conversational', (l) => [...l, 'postgres'])))).not.toContain('postgres');
    expect(label(shippedEngine(withList('transcript-markers', 'markers', (l) => [...l, 'postgres'])))).not.toContain('postgres');
  });

  it('transcript markers: the authors that are events, not speakers (a line of theirs stands alone)', () => {
    const messages = thread(['ann', 'human', 'The nightly deploy pipeline runs at noon now.'], ['system', 'human', 'The nightly deploy pipeline runs at noon now.'], ['bo', 'human', 'The nightly deploy pipeline, at noon, fine.']);
    const topicOfEvent = (engine: Engine) => analysed(engine, messages).topics.find((t) => t.messages.includes(1))!.messages;
    expect(topicOfEvent(shipped)).toEqual([1]);
    expect(topicOfEvent(shippedEngine(withList('transcript-markers', 'systemAuthors', (l) => l.filter((a) => a !== 'system'))))).not.toEqual([1]);
  });

  it('cues: what may stand before a cue at the start of a sentence (the rules compiled with the engine)', () => {
    const messages = thread(['bot', 'bot', 'Booked the 8 pm show.'], ['ann', 'human', 'Oh, actually I meant the 6 pm show.']);
    const fires = (engine: Engine) => detect(messages, engine.rules).detections[1].some((d) => d.ruleId === 'corrections/actually-or-stop');
    expect(fires(shipped)).toBe(true);
    expect(fires(shippedEngine(withList('cues', 'leadingFillers', () => ['qqzx'])))).toBe(false);
  });

  it("replies: how an agent's reply opens when it admits an error (the message it answers is a correction)", () => {
    const messages = thread(['hr-assistant', 'bot', 'Invitations sent, each with a Google Meet link.'], ['thomas', 'human', 'We use Teams with candidates. Please resend the links.'], ['hr-assistant', 'bot', 'Sorry about that, resent with Teams links.']);
    const corrects = (engine: Engine) => analysed(engine, messages).patterns.some((p) => p.type === 'correction');
    expect(corrects(shipped)).toBe(true);
    expect(corrects(shippedEngine(withList('replies', 'errorAdmissions', () => ['qqzx'])))).toBe(false);
  });

  it("replies: the short words an agent may say before admitting an error ('Oops, my mistake.')", () => {
    const messages = thread(['hr-assistant', 'bot', 'Invitations sent, each with a Google Meet link.'], ['thomas', 'human', 'We use Teams with candidates. Please resend the links.'], ['hr-assistant', 'bot', 'Oops, my mistake. Resent with Teams links.']);
    const corrects = (engine: Engine) => analysed(engine, messages).patterns.some((p) => p.type === 'correction');
    expect(corrects(shipped)).toBe(true);
    expect(corrects(shippedEngine(withList('replies', 'errorAdmissionOpeners', () => ['qqzx'])))).toBe(false);
  });

  it('cues: the words that may open a sentence before its supposing opener (a cue in a supposition does not fire)', () => {
    const text = "And if we add maps we'd need it, but that's not planned.";
    const fires = (engine: Engine) => {
      const rule = compileRule({ id: 'test/hyp', kind: 'correction', phrases: ["that's not"], hypothetical: 'reject', examples: { match: ['x'], nomatch: ['y'] } }, engine.words);
      return applyRule(rule, { index: 1, author: 'ann', role: 'human', text, ts: null }, text.toLowerCase(), { answered: null, answeredKinds: new Set() }) !== null;
    };
    expect(fires(shipped)).toBe(false);
    expect(fires(shippedEngine(withList('cues', 'supposingLeads', () => ['qqzx'])))).toBe(true);
  });

  it('statement words: who may stand before a choice verb, and the articles before what the options are for', () => {
    const offered = 'Options for the backup window: (a) Saturday night after the batch run, (b) Sunday 03:00 UTC, or (c) both days. Which one?';
    const statements = (engine: Engine, reply: string) => analysed(engine, thread(['ops-bot', 'bot', offered], ['kim', 'human', reply])).decisions.map((d) => d.statement);
    expect(statements(shipped, "I'd go with b.")).toEqual(['Backup window: Sunday 03:00 UTC.']);
    expect(statements(shippedEngine(withList('statement-words', 'choiceSubjects', () => ['qqzx'])), "I'd go with b.")).not.toEqual(['Backup window: Sunday 03:00 UTC.']);
    expect(statements(shippedEngine(withList('statement-words', 'optionSubjectArticles', () => ['qqzx'])), 'Go with (b).')).toEqual(['The backup window: Sunday 03:00 UTC.']);
  });

  it("the contradiction lexicon's negators: a negated cue does not fire", () => {
    const messages = thread(['ann', 'human', 'Qqzx we decided to keep the API v1 running until June.']);
    const fires = (engine: Engine) => detect(messages, engine.rules).detections[0].some((d) => d.ruleId === 'decisions/settled');
    expect(fires(shipped)).toBe(true);
    expect(fires(shippedEngine(withList('contradiction', 'negators', (l) => [...l, 'qqzx'])))).toBe(false);
  });

  it('claims: what a clause claims (a speaker contradicting themselves)', () => {
    const messages = thread(['ann', 'human', 'The staging deploy window is on Thursday afternoon.'], ['bo', 'human', 'Noted.'], ['ann', 'human', 'Sorry, the staging deploy window is not on Thursday afternoon.']);
    const contradicts = (engine: Engine) => analysed(engine, messages).patterns.some((p) => p.type === 'contradiction');
    expect(contradicts(shipped)).toBe(true);
    expect(contradicts(shippedEngine(withList('claims', 'conditionals', (l) => [...l, 'staging'])))).toBe(false);
  });

  it('statement words: the abbreviations after whose period a sentence goes on (a statement runs on past them)', () => {
    const messages = thread(['bot', 'bot', 'Who signs the supplier contracts from now on?'], ['ann', 'human', 'From now on every supplier contract goes to Dr. Weber for signature.'], ['bot', 'bot', 'Understood, Dr. Weber signs them.']);
    const statements = (engine: Engine) => analysed(engine, messages).decisions.map((d) => d.statement);
    expect(statements(shipped)).toEqual(['From now on every supplier contract goes to Dr. Weber for signature.']);
    expect(statements(shippedEngine(withList('statement-words', 'abbreviations', (l) => l.filter((w) => w !== 'dr'))))).not.toContain('From now on every supplier contract goes to Dr. Weber for signature.');
  });

  it('statement words: the abbreviations after whose period a sentence goes on before a number', () => {
    const messages = thread(['bot', 'bot', 'Which tolerances do the drawings follow from now on?'], ['ann', 'human', 'From now on every drawing follows the tolerances of Fig. 3 in the handbook.'], ['bot', 'bot', 'Understood, the tolerances of Fig. 3.']);
    const statements = (engine: Engine) => analysed(engine, messages).decisions.map((d) => d.statement);
    expect(statements(shipped)).toEqual(['From now on every drawing follows the tolerances of Fig. 3 in the handbook.']);
    expect(statements(shippedEngine(withList('statement-words', 'numberAbbreviations', (l) => l.filter((w) => w !== 'fig'))))).not.toContain('From now on every drawing follows the tolerances of Fig. 3 in the handbook.');
  });

  it('statement words: the words that split an option list, and that make a phrase more than one option', () => {
    const options = (engine: Engine, text: string) => optionListsIn(engine.statements, text);
    expect(options(shipped, 'We could use Vault or Consul.')).toEqual([['Vault', 'Consul']]);
    // Without "or" among the disjunctions, the two names are one phrase, which is no list (and
    // holds a joining word, so no single option either).
    expect(options(shippedEngine(withList('statement-words', 'disjunctions', () => ['qqzx'])), 'We could use Vault or Consul.')).toEqual([]);
    expect(options(shippedEngine(withList('statement-words', 'disjunctions', (l) => [...l, 'vs'])), 'Go with Vault vs Consul.')).toEqual([['Vault', 'Consul']]);
    expect(options(shipped, 'What about retries and dead letters?')).toEqual([]);
    expect(options(shippedEngine(withList('statement-words', 'itemJoiners', (l) => l.filter((w) => w !== 'and'))), 'What about retries and dead letters?')).toEqual([['retries and dead letters']]);
  });

  it('claims: the conjunctions after a comma that open a claim of its own (what supersession and contradiction compare)', () => {
    const text = 'Guests max 4, and extra beds cost a surcharge.';
    const claims = (engine: Engine) => claimSentences(text, engine.lexicon.subjects);
    expect(claims(shipped)).toEqual(['Guests max 4', 'and extra beds cost a surcharge.']);
    expect(claims(shippedEngine(withList('claims', 'claimJoiners', (l) => l.filter((w) => w !== 'and'))))).toEqual([text]);
  });

  it("claims: a value after a comma with a scope of its own ('90 only for audit logs') is a claim of its own, and a change of that scope replaces nothing the first claim set", () => {
    const text = 'Retention: 30 days for everything, 90 only for audit logs.';
    const claims = (engine: Engine) => claimSentences(text, engine.lexicon.subjects);
    expect(claims(shipped)).toEqual(['Retention: 30 days for everything', '90 only for audit logs.']);
    // ("only" that closes a list scopes the whole list.)
    expect(claimSentences('Standups Monday, Wednesday, Friday only.', shipped.lexicon.subjects)).toEqual(['Standups Monday, Wednesday, Friday only.']);
    const without = shippedEngine(withList('claims', 'valueClauseVerbs', (l) => l.filter((w) => w !== 'only for')));
    expect(claims(without)).toEqual([text]);
    // The audit logs' new duration is not a new duration for everything.
    const links = (engine: Engine) => analyseTask('T1', [
      { author: 'maya', role: 'human', text: 'Loki bill is up 40%. What is it?' },
      { author: 'ops-agent', role: 'bot', text: 'Retention is 90 days for all streams, debug logs from etl-runner are 46% of it.' },
      { author: 'maya', role: 'human', text: 'Retention: 30 days for everything, 90 only for audit logs.' },
      { author: 'ops-agent', role: 'bot', text: 'Will do. Note that gateway access logs are classified as regular application logs.' },
      { author: 'oskar', role: 'human', text: "That's wrong. Gateway access logs are audit logs under our SOC 2 scope and have to be kept 12 months." },
    ], engine, new Set(['T1'])).decisions.filter((d) => d.supersedes !== undefined && d.supersedes !== null).map((d) => d.statement);
    expect(links(shipped)).toEqual([]);
    expect(links(without)).not.toEqual([]);
  });

  it("claims: a quoted draft is a claim of its own, and the question after it is not (agents end a draft with one)", () => {
    const draft = "Draft poster: 'Join us on 17 May at the Boathouse.' Shall I send it to print?";
    expect(claimSentences(draft, shipped.lexicon.subjects)).toEqual(["Draft poster: 'Join us on 17 May at the Boathouse.'"]);
    expect(claimSentences('The venue is booked (see the mail.) We pay on arrival.', shipped.lexicon.subjects)).toEqual(['The venue is booked (see the mail.)', 'We pay on arrival.']);
  });

  it('claims: the items of a list before the first one a hedge governs; a sentence that opens hedged claims nothing', () => {
    const claims = (text: string) => claimSentences(text, shipped.lexicon.subjects);
    expect(claims('Current plan: tyre checks every 30 days, email first, a call if there is no email, trailers included.')).toEqual(['Current plan: tyre checks every 30 days, email first']);
    expect(claims('If the client agrees, the kickoff moves to the 12th.')).toEqual([]);
    expect(claims('Maybe Thursday, or Friday.')).toEqual([]);
    // An item that opens with the hedge governs what came before it.
    expect(claims('We ship on Friday, if QA signs off.')).toEqual([]);
    expect(claims('Thursday, maybe.')).toEqual([]);
    expect(claims('Wir liefern am Freitag, falls QA zustimmt.')).toEqual([]);
    // (Without the hedge in the list, the sentence is one claim as it was.)
    expect(claims('Current plan: tyre checks every 30 days, email first, trailers included.')).toEqual(['Current plan: tyre checks every 30 days, email first, trailers included.']);
  });

  it('statement words: the nouns that label options in running text (a pick by key)', () => {
    const messages = thread(['bot', 'bot', 'Option 1: the old print shop, 120 seats. Option 2: the forum, 200 seats. Which one should I book?'], ['ann', 'human', 'Option 2.']);
    const statements = (engine: Engine) => [...analysed(engine, messages).decisions, ...analysed(engine, messages).review].map((d) => d.statement);
    expect(statements(shipped)).toContain('The forum, 200 seats.');
    expect(statements(shippedEngine(withList('statement-words', 'optionLabels', () => ['qqzx'])))).not.toContain('The forum, 200 seats.');
  });

  it('statement words: the verdict before a statement', () => {
    const text = 'No, that is wrong. The results go in the discussion array.';
    expect(statementAt(shipped.words, text, 0)).toBe('The results go in the discussion array.');
    expect(statementAt(shippedEngine(withList('statement-words', 'leadingVerdicts', () => ['qqzx'])).words, text, 0)).toBe('No, that is wrong.');
  });

  it('relations: a pointer without the substance (flagged when the engine relates a decision)', () => {
    const flags = (engine: Engine) => {
      const d = decision('DEC-20260301-001', 'T1', 'See the doc for the retention rules.', '2026-03-01T09:00:00Z');
      relateNewDecisions({ decisions: [d] }, [d], engine.lexicon);
      return d.quality_flags;
    };
    expect(flags(shipped)).toContain('orphaned_reference');
    expect(flags(shippedEngine(withList('relations', 'referenceNouns', () => ['qqzx'])))).not.toContain('orphaned_reference');
  });

  it('relations: an opening verb on a pronoun points back too ("Set it back to info.")', () => {
    const flags = (engine: Engine, statement: string) => {
      const d = decision('DEC-20260301-001', 'T1', statement, '2026-03-01T09:00:00Z');
      relateNewDecisions({ decisions: [d] }, [d], engine.lexicon);
      return d.quality_flags;
    };
    expect(flags(shipped, 'Set it back to info.')).toContain('orphaned_reference');
    expect(flags(shipped, 'Quarantine them and open tickets.')).toContain('orphaned_reference');
    // A determiner or a conjunction after the verb names what follows.
    expect(flags(shipped, 'Move this meeting to Friday.')).not.toContain('orphaned_reference');
    expect(flags(shipped, 'Note that the fee rises to 50 EUR in March.')).not.toContain('orphaned_reference');
    // "Thursday it is": the pronoun is the subject of a settlement.
    expect(flags(shipped, 'Thursday it is, from the first of May.')).not.toContain('orphaned_reference');
    expect(flags(shippedEngine(withList('relations', 'pronounObjects', () => ['qqzx'])), 'Set it back to info.')).not.toContain('orphaned_reference');
  });

  it('replies: a question without its mark (asked again)', () => {
    const messages = thread(['ann', 'human', 'what time does the shop open on sunday'], ['bot', 'bot', 'I will check the opening hours.'], ['ann', 'human', 'what time does the shop open on sunday']);
    const repeated = (engine: Engine) => analysed(engine, messages).patterns.some((p) => p.type === 'repeated_question');
    expect(repeated(shipped)).toBe(true);
    expect(repeated(shippedEngine(withList('replies', 'questionWords', () => ['qqzx'])))).toBe(false);
    expect(repeated(shippedEngine(withList('replies', 'questionOpeners', () => ['qqzx'])))).toBe(true);
    // The opening word is a whole word, and a sentence's end makes it no question.
    expect(shipped.words.questionOpening.test("can't make it on friday")).toBe(false);
    expect(shipped.words.questionOpening.test('Do the group thing.')).toBe(false);
    expect(shipped.words.questionOpening.test('is it just me')).toBe(true);
  });

  it('cues: a question asking for content opens with a word of the one list of words that ask', () => {
    expect(shipped.words.cues.openQuestion.test('whose turn is it to order?')).toBe(true);
    expect(shipped.words.cues.openQuestion.test('is that okay?')).toBe(false);
    const without = shippedEngine(withList('replies', 'questionWords', (words) => words.filter((w) => w !== 'whose')));
    expect(without.words.cues.openQuestion.test('whose turn is it to order?')).toBe(false);
  });
});
