// Unit tests of the pure stages: each would fail if its stage were broken.
import { clusterTopics, parseSeconds } from '../src/core/cluster';
import { clauseClaims, utteranceConflict } from '../src/core/contradiction';
import { contradiction, viewOf } from '../src/core/subject';
import { decideTask } from '../src/core/decide';
import { analyseMessages } from '../src/core/messageAnalysis';
import { replyActs } from '../src/core/replies';
import { optionListsIn, statementAt } from '../src/core/statement';
import fc from 'fast-check';
import { answeredPositions, detect, nextTurnPositions } from '../src/core/detect';
import { dateKey, normalizeDiscussion } from '../src/core/normalize';
import { analyseTask, candidateClauses } from '../src/core/pipeline';
import { DEFAULT_TUNING } from '../src/core/tuning';
import { classify, importanceScore } from '../src/core/score';
import { sentences, wordCount } from '../src/core/text';
import { PorterStems } from '../src/core/porter';
import type { Message } from '../src/core/types';
import { shippedEngine } from './helpers';

const engine = shippedEngine();

/** Topics of the messages as the pipeline clusters them (each message analysed with the engine's stopwords). */
function cluster(m: Message[], replyLike: boolean[]): ReturnType<typeof clusterTopics> {
  const text = analyseMessages(m, new PorterStems(engine.words), engine.words.statements);
  return clusterTopics(m, answeredPositions(m), replyLike, DEFAULT_TUNING.cluster, text.at, text.stemmer, engine.words.systemAuthors);
}
const speakers = { humans: ['maria'], bots: ['tong-bot'] };

function msgs(...turns: Array<[string, 'human' | 'bot', string]>): Message[] {
  return turns.map(([author, role, text], index) => ({ index, author, role, text, ts: null }));
}

describe('normalize', () => {
  it('accepts strings and the common field aliases and maps roles', () => {
    const out = normalizeDiscussion(
      [
        'plain string',
        { from: 'maria', content: 'hello', timestamp: '2026-01-30T10:00:00Z' },
        { user: 'x', role: 'assistant', body: 'b' },
        { name: 'p', role: 'participant', message: 'm', created_at: '2026-02-01' },
        { author: 'tong-bot', text: 'bot by config' },
        42,
        { author: 'ghost', text: 'unknown role' },
      ],
      speakers,
    );
    expect(out.map((m) => [m.index, m.author, m.role, m.text, m.ts])).toEqual([
      [0, '', 'unknown', 'plain string', null],
      [1, 'maria', 'human', 'hello', '2026-01-30T10:00:00Z'],
      [2, 'x', 'bot', 'b', null],
      [3, 'p', 'human', 'm', '2026-02-01'],
      [4, 'tong-bot', 'bot', 'bot by config', null],
      [6, 'ghost', 'unknown', 'unknown role', null],
    ]);
  });

  it('folds typographic apostrophes so phrase rules see one spelling', () => {
    expect(normalizeDiscussion(['That\u2019s wrong'], speakers)[0].text).toBe("That's wrong");
  });

  it('takes the calendar date of full timestamps only', () => {
    expect(dateKey('2026-01-30T13:25:00-05:00')).toBe('20260130');
    expect(dateKey('15:04:21')).toBeNull();
    expect(dateKey(null)).toBeNull();
  });
});

describe('detect', () => {
  it('judges a reply by the message it answers', () => {
    const m = msgs(['bot', 'bot', 'Would you like me to book it?'], ['u', 'human', 'Yes please.'], ['bot', 'bot', 'The weather is nice.'], ['u', 'human', 'Yes please.']);
    const { detections } = detect(m, engine.rules);
    expect(detections[1].map((d) => d.kind)).toContain('confirmation');
    expect(detections[3].map((d) => d.kind)).not.toContain('confirmation');
  });

  it('does not treat a "no" answering the bot\u2019s own question as a correction', () => {
    const m = msgs(['bot', 'bot', 'Do you want to hear more options?'], ['u', 'human', 'No.'], ['bot', 'bot', 'I posted the report to Telegram.'], ['u', 'human', 'No, it belongs in the task.']);
    const { detections } = detect(m, engine.rules);
    expect(detections[1].map((d) => d.kind)).not.toContain('correction');
    expect(detections[3].map((d) => d.kind)).toContain('correction');
  });

  it('skips same-speaker runs when finding the answered message', () => {
    expect(answeredPositions(msgs(['a', 'human', 'x'], ['b', 'bot', 'y'], ['b', 'bot', 'z'], ['a', 'human', 'w']))).toEqual([-1, 0, 0, 2]);
  });

  it('the answered message and the next turn are, for every message, what walking from it finds (one pass each, a law)', () => {
    const key = (m: Message) => (m.author ? `a:${m.author}` : `r:${m.role}`);
    const anonymous = (m: Message) => !m.author && m.role === 'unknown';
    const says = (m: Message) => /[\p{L}\p{N}]/u.test(m.text);
    const walkBack = (m: readonly Message[], i: number) => {
      let j = i - 1;
      if (!anonymous(m[i])) while (j >= 0 && key(m[j]) === key(m[i])) j--;
      return j;
    };
    const walkOn = (m: readonly Message[], i: number) => {
      for (let j = i + 1; j < m.length; j++) if (says(m[j]) && (anonymous(m[i]) || key(m[j]) !== key(m[i]))) return j;
      return -1;
    };
    const message = fc.record({ author: fc.constantFrom('', 'ana', 'ben', 'ops-bot'), role: fc.constantFrom('human', 'bot', 'unknown'), text: fc.constantFrom('ok', '', '👍', 'No, 30 days.', '…') });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (raw) => {
        const m: Message[] = raw.map((r, index) => ({ index, author: r.author, role: r.role as Message['role'], text: r.text, ts: null }));
        expect(answeredPositions(m)).toEqual(m.map((_, i) => walkBack(m, i)));
        expect(nextTurnPositions(m)).toEqual(m.map((_, i) => walkOn(m, i)));
      }),
      { seed: 24, numRuns: 400 },
    );
  });
});

describe('cluster', () => {
  it('keeps a two-party thread together and attaches short replies to what they answer', () => {
    const m = msgs(
      ['u', 'human', 'Where should the council results go after the review?'],
      ['b', 'bot', 'I can post the council results in the discussion array of the task.'],
      ['u', 'human', 'ok'],
    );
    const topics = cluster(m, [false, false, true]);
    expect(topics).toHaveLength(1);
    expect(topics[0].messages).toEqual([0, 1, 2]);
  });

  it('separates interleaved threads in a multi-party chat by addressee and overlap', () => {
    const m = msgs(
      ['alice', 'human', 'my wifi driver crashes after the kernel upgrade'],
      ['bob', 'human', 'how do I mount an ntfs partition at boot'],
      ['carol', 'human', 'alice: which wifi chipset is it? check the kernel driver with lspci'],
      ['dave', 'human', 'bob: add the ntfs partition to fstab to mount it at boot'],
      ['alice', 'human', 'carol: intel wifi chipset, the kernel driver is iwlwifi'],
      ['bob', 'human', 'dave: thanks, the fstab mount works at boot now'],
    );
    const topics = cluster(m, m.map(() => false));
    const topicOf = (i: number) => topics.findIndex((t) => t.messages.includes(i));
    expect(topicOf(0)).toBe(topicOf(2));
    expect(topicOf(2)).toBe(topicOf(4));
    expect(topicOf(1)).toBe(topicOf(3));
    expect(topicOf(3)).toBe(topicOf(5));
    expect(topicOf(0)).not.toBe(topicOf(1));
  });

  it('in a timestamped chat room, links a reply to whoever called the speaker and keeps a speaker going on', () => {
    const stamp = (ms: Message[], times: string[]) => ms.map((x, k) => ({ ...x, ts: times[k] }));
    const m = stamp(
      msgs(
        ['erin', 'human', 'is there a way to pin a crate version in the workspace'],
        ['frank', 'human', 'anyone seen segfaults with the new allocator'],
        ['gina', 'human', 'erin: use an exact version requirement in the manifest'],
        ['erin', 'human', 'great, that did it'],
        ['frank', 'human', 'it only happens in release builds'],
        ['hal', 'human', 'I think frank hit the allocator bug from last week'],
      ),
      ['10:00:00', '10:00:20', '10:01:00', '10:01:30', '10:01:40', '10:02:10'],
    );
    const topics = cluster(m, m.map(() => false));
    const topicOf = (i: number) => topics.findIndex((t) => t.messages.includes(i));
    expect(topicOf(3)).toBe(topicOf(2));
    expect(topicOf(2)).toBe(topicOf(0));
    expect(topicOf(4)).toBe(topicOf(1));
    expect(topicOf(5)).toBe(topicOf(1));
    expect(topicOf(0)).not.toBe(topicOf(1));
  });

  it('reads clock-only and ISO timestamps', () => {
    expect(parseSeconds('01:02:03')).toBe(3723);
    expect(parseSeconds('2026-01-01T00:00:10Z')! - parseSeconds('2026-01-01T00:00:00Z')!).toBe(10);
    expect(parseSeconds('soon')).toBeNull();
  });
});

describe('score', () => {
  it('computes importance = message_count × avg_length / decision_words', () => {
    expect(importanceScore(6, 25, 5)).toBe(30);
    expect(importanceScore(3, 10, 0)).toBe(0);
  });

  it('classifies by the thresholds: > decision, review..decision, < review', () => {
    const t = { decision: 20, review: 10 };
    expect(classify(20.01, t)).toBe('decision');
    expect(classify(20, t)).toBe('review');
    expect(classify(10, t)).toBe('review');
    expect(classify(9.99, t)).toBe('raw');
  });
});

describe('text', () => {
  it('counts words and splits sentences with offsets', () => {
    expect(wordCount("It's the end-to-end test, isn't it?")).toBe(6);
    expect(sentences('No, that is wrong. Put it in the array!').map((s) => s.text)).toEqual(['No, that is wrong.', 'Put it in the array!']);
  });

  it('takes the fact after a bare verdict as the statement', () => {
    const text = 'No, that is wrong. The results go in the discussion array.';
    expect(statementAt(engine.words, text, 0)).toBe('The results go in the discussion array.');
  });
});

describe('contradiction', () => {
  it('between two statements, needs the same subject, then a polarity, value or slot mismatch', () => {
    // The relation relating uses across the registry (a decision against an earlier one).
    const subjects = engine.lexicon.subjects;
    const c = (earlier: string, later: string) => contradiction(viewOf(earlier, subjects, engine.lexicon), viewOf(later, subjects, engine.lexicon), subjects.generic, true);
    expect(c('The deploy window is on Thursday', 'The deploy window is on Friday')).toMatch(/another weekday: thursday → friday/);
    expect(c('Retries are limited to 3 attempts per job', 'Retries are limited to 5 attempts per job')).toMatch(/another number of attempt: 3 → 5/);
    expect(c('Post the council results in Telegram', 'Never post the council results in Telegram')).toMatch(/rules out "post"/);
    expect(c('Post the council results in Telegram', 'The ramen place is busy at noon')).toBeNull();
    expect(c('Results go in the discussion array, not Telegram', 'Keep everything in the discussion array')).toBeNull();
  });

  it("reads a count written against its word after the thing a ban bans ('No rentals in 34RS') as no number the ban rules out, and one right after the negator as one", () => {
    const subjects = engine.lexicon.subjects;
    const c = (earlier: string, later: string) => contradiction(viewOf(earlier, subjects, engine.lexicon), viewOf(later, subjects, engine.lexicon), subjects.generic, true);
    expect(c('Speed limit on site is 20mph.', 'Speed limit on site is 30mph.')).toMatch(/20 → 30/);
    expect(c('Order 20pcs of the M8 bolts.', 'Order 50pcs of the M8 bolts.')).toMatch(/20 → 50/);
    expect(c('Only use 12V chargers for the scooters.', 'Only use 24V chargers for the scooters.')).toMatch(/12 → 24/);
    // Such a count may be a name: a rule that bans something in it ("No rentals in 34RS") rules no
    // number out that naming it again gives. Right after the negator it is what the rule bans.
    expect(c('No rentals in 34RS until the 100hr is signed off.', 'Put Kyle in 34RS at 0800.')).toBeNull();
    expect(c('No 12pcs packs for the scooters.', 'Use 12pcs packs for the scooters.')).toMatch(/12, which was ruled out/);
  });

  it('takes a doing that a reversal retires with its thing: doing it to something else uses nothing retired', () => {
    const subjects = engine.lexicon.subjects;
    const view = (text: string) => viewOf(text, subjects, engine.lexicon);
    const c = (earlier: string, later: string) => contradiction(view(earlier), view(later), subjects.generic, true);
    const rule = 'Get a replacement quote instead of booking another repair visit.';
    expect(c(rule, 'Book the surveyor for Tuesday.')).toBeNull();
    expect(c(rule, 'Booked the gas check for Tuesday.')).toBeNull();
    expect(c(rule, 'Book another repair visit for Friday.')).toMatch(/which was retired/);
    // The head of the thing is enough: another visit is booked again.
    expect(c(rule, 'Book another visit from Brandt for the boiler.')).toMatch(/which was retired/);
    // The head is the last word of the thing, however many words come before it.
    expect(c('We do a picnic instead of booking the monthly team lunch.', 'Book a team offsite for June.') ?? '').not.toMatch(/which was retired/);
    expect(c('We do a picnic instead of booking the monthly team lunch.', 'Book the lunch at Lindner for Friday.')).toMatch(/which was retired/);
    // A doing alone is what it retires, and so is one with a pronoun or a place after it.
    expect(c('Call them instead of emailing.', 'Emailing them now.')).toMatch(/which was retired/);
    expect(c('WhatsApp the tenants instead of calling them in the evening.', 'Call the tenants tomorrow about the boiler.')).toMatch(/which was retired/);
    expect(c('Use building A instead of building B for the party.', 'Book building B on Saturday.')).toMatch(/which was retired/);
  });

  it('between one speaker\'s turns, needs nearly the same clause with the mismatch in its shared part', () => {
    const stems = new PorterStems(engine.words);
    const u = (a: string, b: string) => utteranceConflict(clauseClaims(a, engine.lexicon, stems), clauseClaims(b, engine.lexicon, stems), engine.lexicon);
    expect(u('The staging deploy window is on Thursday afternoon.', 'Sorry, the staging deploy window is not on Thursday afternoon.')).toMatch(/negates/);
    expect(u('The backup job runs every night at 2 am.', 'The backup job runs every night at 4 am.')).toMatch(/values/);
    // A decimal is one value; prices of two things are no conflict, two prices of one thing are.
    expect(u('Translation is 0.12 euros per word.', 'Translation is 0.14 euros per word.')).toMatch(/0\.12 vs 0\.14/);
    expect(u('English to German translation is 0.12 euros per word.', 'Proofreading is 0.04 euros per word.')).toBeNull();
    expect(u('The Hafenröstung is 24 euros per kilo.', 'The Ethiopia is 31 euros per kilo.')).toBeNull();
    expect(u('For the Weber quote: translation costs 0.12 euros per word.', 'Our translation rate is 0.14 euros per word.')).toMatch(/0\.12 vs 0\.14/);
    expect(u('The deposit is 200 euros per booking.', 'The deposit for the hall is 150 euros per booking.')).toMatch(/200 vs 150/);
    expect(u('The new case feels light in the hand.', 'The new case feels heavy in the hand.')).toBeNull();
    // Two codes of one kind are two things; the same code with another value conflicts.
    expect(u('P3 tickets get a first reply within 48 hours.', 'P2 tickets get a first reply within 4 hours.')).toBeNull();
    expect(u('P2 tickets get a first reply within 8 hours.', 'P2 tickets get a first reply within 4 hours.')).toMatch(/8 vs 4/);
    // Different events on different days, and turns that only share a few words and some "not".
    expect(u('The cluster was upgraded on Monday and all checks are green.', 'The deploy window is Thursday from 14:00 to 16:00.')).toBeNull();
    expect(u('Operating another service for that volume seems like a waste.', "Let's go with the Postgres queue. It adds no new service to operate.")).toBeNull();
    expect(u('I think the remote should have big buttons.', "I'm not sure the remote needs a screen, the buttons are enough.")).toBeNull();
    // Hedges, conditionals and a bare "no" answering someone are not denials.
    expect(u('We use the red case for the prototype.', "I don't know, we use the red case for the prototype.")).toBeNull();
    expect(u('The battery lasts a year.', 'If the screen is on, the battery does not last a year.')).toBeNull();
    expect(u('The maximum energy of each utterance.', 'No, the maximum energy of each utterance.')).toBeNull();
  });
});

describe('decide', () => {
  const discussion = [
    { author: 'maria', role: 'human', text: 'Please run the council review on the vendor proposals and publish the council results with the scores when it is done.' },
    { author: 'tong-bot', role: 'bot', text: 'The council review is finished and I posted the council results with all scores to the team Telegram group.' },
    { author: 'maria', role: 'human', text: 'No, that is wrong. All council results must go in the discussion array, not Telegram, so the next session can find them.' },
    { author: 'tong-bot', role: 'bot', text: 'Understood. I will move the council results into the discussion array and delete the Telegram post. Is that correct?' },
    { author: 'maria', role: 'human', text: 'Yes, that is right.' },
  ];

  it('turns a human correction into a high-confidence constraint with its source messages', () => {
    const a = analyseTask('T1', discussion, engine, new Set(['T1']));
    const constraint = a.decisions.find((d) => d.type === 'constraint');
    expect(constraint).toMatchObject({ statement: 'All council results must go in the discussion array, not Telegram.', confidence: 'high' });
    // The agent's restatement that the person confirms is the same decision: its sources join.
    expect(constraint!.sourceMessages).toEqual([1, 2, 3, 4]);
    expect(a.patterns.map((p) => [p.type, p.messages])).toEqual([
      ['correction', [1, 2]],
      ['confirmation', [3, 4]],
    ]);
    expect(a.patterns[0].decision).toBe(a.decisions.indexOf(constraint!));
  });

  it('extracts a confirmed decision of a long topic with high confidence', () => {
    const a = analyseTask(
      'T2',
      [
        { author: 'sam', role: 'human', text: 'We need a queue for the ingestion workers; Redis, RabbitMQ or a Postgres table are the candidates on the table for this quarter and the load is small.' },
        { author: 'bot', role: 'bot', text: 'For a few hundred jobs per minute a Postgres table with SKIP LOCKED is plenty, and it shares backups and monitoring with the rest of the data we already run.' },
        { author: 'sam', role: 'human', text: 'What about retries and dead letters? RabbitMQ gives us those for free and I do not want to lose jobs when an upstream API times out at night.' },
        { author: 'bot', role: 'bot', text: 'A Postgres job table covers both with an attempts counter, a backoff timestamp and a failed state that the dashboard lists as dead letters, so no job is lost.' },
        { author: 'sam', role: 'human', text: "Let's go with Postgres." },
        { author: 'bot', role: 'bot', text: 'Agreed, that works.' },
      ],
      engine,
      new Set(['T2']),
    );
    const d = a.decisions.find((x) => x.type === 'decision');
    expect(d).toMatchObject({ statement: "Let's go with Postgres.", confidence: 'high', sourceMessages: [3, 4, 5] });
    expect(d!.importance).toBeGreaterThan(20);
  });

  it('lists the options proposed earlier in the topic that the decision did not pick as alternatives', () => {
    const a = analyseTask(
      'T3',
      [
        { author: 'bot', role: 'bot', text: 'The ingestion workers need a job queue. The options are Redis with BullMQ, RabbitMQ, or a Postgres table with SKIP LOCKED.' },
        { author: 'sam', role: 'human', text: 'We already run Postgres for everything else and the load is a few hundred jobs per minute, so another service seems like a waste.' },
        { author: 'bot', role: 'bot', text: 'At a few hundred jobs per minute a Postgres table is comfortably fast and shares backups and monitoring with the rest of the data.' },
        { author: 'sam', role: 'human', text: 'What about retries and dead letters? RabbitMQ gives us those for free and I do not want to lose jobs at night.' },
        { author: 'bot', role: 'bot', text: 'A Postgres job table handles both with an attempts counter and a failed state that the dashboard lists as dead letters, so no job is lost when an upstream API times out at night.' },
        { author: 'sam', role: 'human', text: 'Good, and the on-call rotation already knows how to restore the Postgres backups and read its monitoring dashboards, which matters more to me than raw speed here.' },
        { author: 'bot', role: 'bot', text: 'Then the remaining work is a migration for the jobs table, a worker loop that claims rows with SKIP LOCKED, and a dashboard panel for the failed state.' },
        { author: 'sam', role: 'human', text: "Let's go with the Postgres queue instead of Redis." },
      ],
      engine,
      new Set(['T3']),
    );
    const d = a.decisions.find((x) => x.type === 'decision')!;
    expect(d.statement).toBe("Let's go with the Postgres queue instead of Redis.");
    expect(d.alternatives).toEqual(['Redis', 'Redis with BullMQ', 'RabbitMQ']);
    expect(optionListsIn(engine.statements, 'Should we pick tabs or spaces? Either way is more or less fine.')).toEqual([['tabs', 'spaces']]);
    expect(optionListsIn(engine.statements, 'How about Friday?')).toEqual([['Friday']]);
    expect(optionListsIn(engine.statements, 'What about retries and dead letters?')).toEqual([]);
  });

  it('keeps an option whole across the commas and "or" inside its brackets and the comma of a number', () => {
    expect(optionListsIn(engine.statements, 'The options are a secrets manager (Vault, AWS Secrets Manager), sops with age, or plain env files.')).toEqual([
      ['secrets manager (Vault, AWS Secrets Manager)', 'sops with age', 'plain env files'],
    ]);
    expect(optionListsIn(engine.statements, 'The options are a print run of 1,500, a print run of 2,000, or no reprint at all.')).toEqual([['print run of 1,500', 'print run of 2,000', 'no reprint']]);
    expect(optionListsIn(engine.statements, 'Options: (a) DocuSign, (b) print, sign and scan, or (c) a meeting at their office. Which one?')).toEqual([['DocuSign', 'print', 'a meeting at their office']]);
  });

  it('reads a name followed only by a courtesy as the option it picks, not as whom the message addresses, and keeps the name capitalised', () => {
    const a = analyseTask(
      'T5',
      [
        { author: 'lena', role: 'human', text: 'Our lease ends in March. Can you compare the two offices we saw, Mitte and Kreuzberg?' },
        { author: 'bot', role: 'bot', text: 'Mitte: 420 m², 9,800 EUR a month, available from 1 March. Kreuzberg: 380 m², 8,100 EUR a month, available from 1 April, needs new flooring. Which one should I prepare the application for?' },
        { author: 'lena', role: 'human', text: 'Kreuzberg is cheaper but the April start leaves us a month without an office. Mitte, please.' },
        { author: 'bot', role: 'bot', text: 'Understood, I am preparing the application for Mitte and will send it to the landlord today.' },
      ],
      engine,
      new Set(['T5']),
    );
    const picked = a.decisions.find((x) => /\bMitte\b/.test(x.statement));
    expect(picked).toMatchObject({ type: 'decision', messageIndex: 2 });
  });

  it('gives a decision the other options of a list only when it picks one of them, and each decision of a message its own reasons', () => {
    const a = analyseTask(
      'T4',
      [
        { author: 'ruth', role: 'human', text: 'We need a place off the studio laptop for the raw photos; right now they live on the same drive as the editing software, which is no backup at all.' },
        { author: 'bot', role: 'bot', text: 'For about 300 GB of raw files a month the options are a cloud drive, the NAS we already own, or a second partition on the same laptop. Which one should I set up?' },
        { author: 'ruth', role: 'human', text: 'The NAS, because we already own it. Also, from now on nobody ships prints on a Saturday, since weekend couriers lost two parcels in May.' },
        { author: 'bot', role: 'bot', text: 'Understood: the raw photos go to the NAS, and I added the Saturday shipping stop to the order rules.' },
      ],
      engine,
      new Set(['T4']),
    );
    const nas = a.decisions.find((x) => x.statement.includes('NAS'))!;
    const saturday = a.decisions.find((x) => x.statement.includes('Saturday'))!;
    expect(nas.alternatives).toEqual(['cloud drive', 'second partition on the same laptop']);
    expect(nas.reasons).toEqual(['we already own it']);
    expect(saturday.alternatives).toEqual([]);
    expect(saturday.reasons).toEqual(['weekend couriers lost two parcels in May']);
  });

  /** What a task of one agent question and one person's answer decides: each decision's statement and reasons. */
  const decidedOn = (question: string, answer: string) =>
    analyseTask(
      'T6',
      [
        { author: 'bot', role: 'bot', text: question },
        { author: 'eva', role: 'human', text: answer },
        { author: 'bot', role: 'bot', text: 'Understood, I have updated the plan.' },
      ],
      engine,
      new Set(['T6']),
    ).decisions.map((d) => [d.statement, d.reasons]);

  it('keeps the reason a German or Spanish speaker gives after a decision out of its statement, as an English one', () => {
    expect(decidedOn('Should the reminder go out by SMS or by email?', 'Per SMS, sonst liest es niemand.')).toEqual([['Reminder: per SMS.', ['liest es niemand']]]);
    expect(decidedOn('Should we keep the old supplier or switch in March?', 'Wir bleiben beim alten Lieferanten, denn der Vertrag läuft bis Juni.')).toEqual([['Wir bleiben beim alten Lieferanten.', ['der Vertrag läuft bis Juni']]]);
    expect(decidedOn('¿Hacemos la reunión el martes o el jueves?', 'El martes, ya que el local está libre ese día.')).toEqual([['El martes.', ['el local está libre ese día']]]);
  });

  it('reads a short pick of the agent\'s options followed by a comma and a clause of its own as the pick, with that clause as its reason', () => {
    expect(decidedOn('Should the bike deposit be taken at signup or at pickup?', 'pickup, the mechanics check the frame before handing it over')).toEqual([['Bike deposit: pickup.', ['the mechanics check the frame before handing it over']]]);
    // A clause joined by "and" says more than why: it stays in the statement.
    const joined = candidateClauses('T7', [
      { author: 'bot', role: 'bot', text: 'Proposal for the staff accounts: passwords of at least 6 characters; the first one goes out by post.' },
      { author: 'eva', role: 'human', text: '10 characters minimum, and staff change them every 60 days.' },
    ], engine, new Set(['T7'])).candidates.map((w) => [w.c.statement, w.c.reasons]);
    expect(joined).toEqual([['10 characters minimum, and staff change them every 60 days.', []]]);
    // After a pick that opens with a number, the parts that open with one too are more of it; the reason follows them.
    const split = (answer: string) =>
      candidateClauses('T8', [
        { author: 'bot', role: 'bot', text: 'Requesting 3 temps from LaborMax. All on day shift 06:00-14:30?' },
        { author: 'roy', role: 'human', text: answer },
      ], engine, new Set(['T8'])).candidates.map((w) => [w.c.statement, w.c.reasons]);
    expect(split("2 on days, 1 on the evening shift, that's where we're short")).toEqual([['2 on days, 1 on the evening shift.', ["that's where we're short"]]]);
    expect(split("2 on days, that's where the forklifts are")).toEqual([['2 on days.', ["that's where the forklifts are"]]]);
    // A part of another shape, one with a verb, or what leaves no reason of three words with a verb is read as before.
    expect(split('2 on days, 10 minutes late though')).toEqual([['2 on days.', ['10 minutes late though']]]);
    expect(split('2 on days, 14:30 is too late for the loaders')).toEqual([['2 on days.', ['14:30 is too late for the loaders']]]);
    expect(decidedOn('Budget for the offsite: €450 or €600 per head?', '€450, €600 is more than finance approved')).toEqual([['Budget for the offsite: €450.', ['€600 is more than finance approved']]]);
  });

  it('queues mid-importance topics for review instead of deciding', () => {
    const messages = msgs(['a', 'human', 'we will use the blue theme for the landing page header and footer']);
    const detections = detect(messages, engine.rules).detections;
    const a = decideTask({
      messages,
      text: analyseMessages(messages, new PorterStems(engine.words), engine.words.statements),
      detections,
      answered: [-1],
      replies: replyActs(messages, detections, [-1], engine.words),
      topics: [{ id: 1, label: 'theme', messages: [0] }],
      clauses: [],
      thresholds: { decision: 2, review: 0.5 },
      tuning: engine.tuning,
      lexicon: engine.lexicon,
      statements: engine.statements,
      words: engine.words,
      rules: new Map(engine.rules.map((r) => [r.id, r])),
      knownTaskIds: new Set(),
      taskId: 'T',
      scorer: engine.scorer,
    });
    expect(a.review).toHaveLength(1);
    expect(a.decisions).toHaveLength(0);
  });

  it('detects the same question asked again', () => {
    const a = analyseTask(
      'T3',
      [
        { author: 'lee', role: 'human', text: 'When is the staging deploy window this week?' },
        { author: 'ops', role: 'bot', text: 'The cluster was upgraded on Monday.' },
        { author: 'lee', role: 'human', text: 'When is the staging deploy window this week?' },
      ],
      engine,
      new Set(),
    );
    expect(a.patterns.filter((p) => p.type === 'repeated_question').map((p) => p.messages)).toEqual([[0, 2]]);
  });

  it('yields nothing for small talk', () => {
    const a = analyseTask('T4', ['Morning all!', 'Good morning :)', 'Anyone tried the new ramen place?', 'Not yet, looks busy.'], engine, new Set());
    expect(a.decisions).toEqual([]);
    expect(a.review).toEqual([]);
    expect(a.patterns).toEqual([]);
  });

  it('links task ids the topic mentions as downstream', () => {
    const a = analyseTask('T1', discussion.map((m, i) => (i === 1 ? { ...m, text: `${m.text} See T7 for the schedule.` } : m)), engine, new Set(['T1', 'T7']));
    expect(a.decisions[0].downstream).toEqual(['T7']);
  });
});
