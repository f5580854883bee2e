// Knowledge that evolves: a later change of plan retires what it changes (a corrected value too),
// a restated wrong or replaced fact is caught, and guard runs the same check on a text; a reversal
// never links decisions whose slots differ.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { DEFAULT_RELATE_OPTIONS, relateNewDecisions, retireAcceptedBySince } from '../src/core/relate';
import { replacement, SubjectMemo, viewOf, wrongValueRestated } from '../src/core/subject';
import { guardFindings } from '../src/core/guard';
import { PorterStems } from '../src/core/porter';
import type { Decision } from '../src/core/types';
import { cli, decision, runCli, shippedEngine, tempDir } from './helpers';

const engine = shippedEngine();

/**
 * A discussion as a person writes it down, one message a line: "MM-DD HH:MM author: text", in
 * 2026, Central European winter time. Authors named "bot" or ending in "-agent" are the bot.
 */
function transcript(lines: string): Array<{ author: string; role: string; text: string; ts: string }> {
  return lines
    .trim()
    .split('\n')
    .map((line) => {
      const [, day, time, author, text] = /^\s*(\d\d-\d\d) (\d\d:\d\d) ([\w-]+): (.+)$/.exec(line)!;
      return { author, role: /^bot$|-agent$/.test(author) ? 'bot' : 'human', text, ts: `2026-${day}T${time}:00+01:00` };
    });
}

/** The registry's decisions in `dir`'s memory folder. */
/** The decisions one run at `now` records of `tasks` (with `config` as extract.config.json), in a temp dir it then removes. */
async function decisionsAfterRun(tasks: object, now: string, config?: object): Promise<Decision[]> {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
  if (config) writeFileSync(join(dir, 'extract.config.json'), JSON.stringify(config));
  expect((await cli(['run', '--now', now], dir)).status).toBe(0);
  const decisions = decisionsIn(dir);
  rmSync(dir, { recursive: true, force: true });
  return decisions;
}

function decisionsIn(dir: string): Decision[] {
  return JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions;
}

/** The contradiction patterns in `dir`'s memory folder, in order. */
function contradictionsIn(dir: string): Array<{ task_id: string; messages: number[]; description: string; contradicts?: string[] }> {
  const patterns = readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; task_id: string; messages: number[]; description: string; contradicts?: string[] });
  return patterns.filter((p) => p.type === 'contradiction');
}

/** Three tasks as a new user would write them: a corrected retention, release rules, then a change of plan. */
const THREE_TASKS = {
  T1: {
    title: 'Backups',
    discussion: transcript(`
      01-05 09:00 ana: How long do we keep the nightly backups of the customer database?
      01-05 09:01 ops-agent: I'd keep the nightly backups for 7 days, which keeps the storage bill low. Shall I set that up?
      01-05 09:03 ana: No, 7 days is too short, we keep them 30 days. Finance needs a full month to reconcile.
      01-05 09:04 ops-agent: Understood: the nightly backups are kept for 30 days.
    `),
  },
  T2: {
    title: 'Release rules',
    discussion: transcript(`
      01-12 10:00 ben: Rule for the future: we never release on a Friday.
      01-12 10:02 release-agent: Noted. Where should the encryption key for the release builds live? I could commit it to the repo so the pipeline finds it.
      01-12 10:05 ben: No, the encryption key stays in the vault, nicht im Repo.
      01-12 10:06 release-agent: Understood. The release is on Tuesday the 17th as planned.
      01-12 10:07 ben: Yes.
    `),
  },
  T3: {
    title: 'Backup costs',
    discussion: transcript(`
      03-02 09:00 ana: The backup storage bill doubled this quarter.
      03-02 09:02 ana: Change of plan: from now on we keep the nightly backups for 14 days only.
      03-02 09:05 ops-agent: Done: nightly backups are now kept for 14 days.
    `),
  },
};

describe('a hand-written three-task file', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify(THREE_TASKS, null, 2));
  const run = runCli(['run', '--now', '2026-04-01T00:00:00Z'], dir);
  const decisions = (): Decision[] => decisionsIn(dir);

  it('runs', () => {
    expect(run.status).toBe(0);
  });

  it("lets a later change of plan retire the value a person's correction set, in another task", () => {
    const corrected = decisions().find((d) => d.task_id === 'T1' && /30 days/.test(d.statement))!;
    const changed = decisions().find((d) => d.task_id === 'T3' && /14 days/.test(d.statement))!;
    // The correction states the corrected fact and keeps the wrong one as what it corrects.
    expect(corrected.corrects).toMatch(/7 days/);
    expect(corrected).toMatchObject({ status: 'superseded', superseded_by: changed.id });
    expect(changed).toMatchObject({ status: 'active', supersedes: corrected.id });
    expect(changed.quality_flags).not.toContain('stale');
  });

  it('links nothing across different subjects', () => {
    const friday = decisions().find((d) => d.task_id === 'T2' && /Friday/.test(d.statement))!;
    const key = decisions().find((d) => d.task_id === 'T2' && /encryption key/.test(d.statement))!;
    expect(friday).toMatchObject({ status: 'active', superseded_by: null, supersedes: null });
    expect(key).toMatchObject({ status: 'active', superseded_by: null, supersedes: null });
  });

  it.each([
    ['We release on a Friday.', 'Friday', 'friday'],
    ["Let's keep the encryption key in the repo.", 'encryption key', 'repo'],
    ['Keep the backups for 7 days.', '14 days', '7 day'],
    ['We keep the nightly backups for a week.', '14 days', '1 week'],
  ])('guard answers %j with the decision and the value it conflicts with (exit 1)', async (text, statement, value) => {
    const g = await cli(['guard', text], dir);
    expect(g.status).toBe(1);
    const d = decisions().find((x) => x.status === 'active' && x.statement.includes(statement))!;
    expect(g.stdout).toContain(`This seems to contradict ${d.id}`);
    expect(g.stdout).toContain(value);
  });

  it('guard finds nothing against the value in force in other units: two weeks are the 14 days (exit 0)', async () => {
    const g = await cli(['guard', 'Keep the nightly backups for two weeks.'], dir);
    expect([g.status, g.stdout.trim()]).toEqual([0, expect.stringContaining('no active decision contradicts this')]);
  });

  it('exits 1 from the real command on a contradiction, and 0 on what agrees', () => {
    expect(runCli(['guard', 'We release on a Friday.'], dir).status).toBe(1);
    expect(runCli(['guard', 'We release on Tuesday.'], dir).status).toBe(0);
  });

  it('lets guard pass what agrees with the decisions in force', async () => {
    expect((await cli(['guard', 'Keep the nightly backups for 14 days.'], dir)).status).toBe(0);
    expect((await cli(['guard', 'We release on Tuesday.'], dir)).status).toBe(0);
  });
});

describe('a ban with a limit and an exception', () => {
  const dir = tempDir();
  const tasks = {
    T1: {
      title: 'Dispatch stop',
      discussion: transcript(`
        05-11 09:00 dispatch-agent: Two spoiled loads last month came from Saturday afternoon dispatches. Should I add a stop?
        05-11 09:05 henrik: Yes. No dispatches from cold-store-2 on Saturdays after 12:00, unless it's a rush order signed off by Marek or me.
        05-11 09:06 dispatch-agent: Done: the stop is in rules/dispatch.yaml.
      `),
    },
  };
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
  const run = runCli(['run', '--now', '2026-06-01T00:00:00Z'], dir);

  it('runs', () => {
    expect(run.status).toBe(0);
  });

  it('guards the ban that stands before its "unless" inside its limit, and lets the exception and a time short of the limit pass', async () => {
    const ban = decisionsIn(dir).find((d) => /unless/.test(d.statement))!;
    const banned = await cli(['guard', 'We dispatch from cold-store-2 on Saturday at 15:00.'], dir);
    expect(banned.status).toBe(1);
    expect(banned.stdout).toContain(`This seems to contradict ${ban.id}`);
    expect((await cli(['guard', 'Marek signed off the rush order, so we dispatch it on Saturday.'], dir)).status).toBe(0);
    expect((await cli(['guard', 'We dispatch from cold-store-2 on Tuesday.'], dir)).status).toBe(0);
    // The ban holds past its limit only.
    expect((await cli(['guard', 'We dispatch from cold-store-2 on Saturday at 10:00.'], dir)).status).toBe(0);
    // Inside it, the thing it bans and the limit's slot are subject enough.
    const late = await cli(['guard', 'Dispatch at 15:00 on Saturday.'], dir);
    expect(late.status).toBe(1);
    expect(late.stdout).toContain(`This seems to contradict ${ban.id}`);
  });
});

describe("a value given to a limit's name", () => {
  const view = (text: string) => viewOf(text, engine.lexicon.subjects, engine.lexicon);
  const limitOf = (text: string) => view(text).clauses.flatMap((c) => c.values.filter((v) => v.bound).map((v) => v.value));

  it.each([
    ['Raise the purchase approval limit to 50k.', '50000'],
    ['Cap it at 2,500 words on the website.', '2500'],
    ['Overall cap for the bathroom is 9,000, tiles included.', '9000'],
    // (A thing named in two words, with its linking word before the value.)
    ['Overall cap for the roof repair is 9,000.', '9000'],
    ['Die Obergrenze für den neuen Dachausbau ist 9.000 Euro.', '9000 eur'],
    ['A 12k cap on the centrifuge.', '12000'],
    ['Decision: the bathroom budget cap is 9,000.', '9000'],
    ['Die Obergrenze ist 500 Euro.', '500 eur'],
    ['El tope es de 300 euros.', '300 eur'],
  ])('%j is a limit of %s', (text, value) => {
    expect(limitOf(text)).toEqual([value]);
  });

  it.each([
    'Raise the price to 50k.',
    'The limit stays as it is, order 3 more toner packs.',
    // Another value is what the noun is given, a noun before another noun names a thing, and a day says when.
    'We hit the limit yesterday and need 3 more desks.',
    'Order 20 limit switches.',
    'The new approval limit takes effect on Monday.',
    'La fecha límite es el 15 de marzo.',
  ])('%j sets no limit', (text) => {
    expect(limitOf(text)).toEqual([]);
  });

  it('never reads a day, a month or a time as a limit through a limit noun: they say when, not how much', () => {
    const noun = fc.constantFrom('limit', 'cap', 'threshold', 'Obergrenze', 'límite', 'tope');
    const filler = fc.array(fc.constantFrom('the', 'new', 'approval', 'is', 'to', 'at', 'starts', 'on', 'for', 'ist', 'es', 'el', 'de'), { maxLength: 4 });
    const when = fc.constantFrom('Monday', 'Friday', 'March', 'Dienstag', 'viernes', '15 March', 'March 15', '14:00', '9am');
    fc.assert(
      fc.property(noun, filler, when, (n, words, w) => {
        const text = `The ${n} ${words.join(' ')} ${w}.`;
        const bound = view(text).clauses.flatMap((c) => c.values.filter((v) => v.bound && ['weekday', 'month', 'date', 'time'].includes(v.key)));
        expect([text, bound]).toEqual([text, []]);
      }),
      { numRuns: 200 },
    );
  });

  it('raised, retires the limit it raises, and guard then flags the old figure', async () => {
    const dir = tempDir();
    const tasks = {
      P1: {
        title: 'Purchasing rules',
        discussion: transcript(`
          01-05 09:00 nora: We need a rule for big purchases.
          01-05 09:01 buyer-agent: Proposal: purchases over 25k need the CFO's approval. Shall I put that in the handbook?
          01-05 09:02 nora: Yes. Purchases over 25k need the CFO's approval.
        `),
      },
      P2: {
        title: 'Purchasing approvals are too slow',
        discussion: transcript(`
          03-05 09:00 nora: The CFO is drowning in approvals for routine purchases.
          03-05 09:01 buyer-agent: Last quarter 41 purchases needed the CFO, most of them between 25k and 50k.
          03-05 09:02 nora: Decision: the purchase approval limit is 50k from April.
        `),
      },
    };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-06T00:00:00Z'], dir)).status).toBe(0);
    const item = JSON.parse(readFileSync(join(dir, 'memory', 'review-queue.json'), 'utf8')).items.find((r: { candidate: { statement: string } }) => /50k/.test(r.candidate.statement));
    expect((await cli(['review', 'accept', item.id, '--now', '2026-03-06T01:00:00Z'], dir)).status).toBe(0);
    const [old, raised] = [decisionsIn(dir).find((d) => /25k/.test(d.statement))!, decisionsIn(dir).find((d) => /50k/.test(d.statement))!];
    expect(old).toMatchObject({ status: 'superseded', superseded_by: raised.id });
    const g = await cli(['guard', "Purchases over 25k need the CFO's approval."], dir);
    expect(g.status).toBe(1);
    expect(g.stdout).toContain(`This seems to contradict ${raised.id}`);
  });
});

describe("an agent carrying out what a person of its discussion said", () => {
  /** Two tasks: a refund limit set, then, in a later discussion, a person's `reply` to the agent's report and the agent's `confirmation`. */
  const tasks = (confirmation: string, reply: string) => ({
    R1: {
      title: 'Refund rules for the support desk',
      discussion: transcript(`
        01-05 09:00 support-agent: Shall refunds under 20 EUR be approved automatically, without waiting for Lea?
        01-05 09:02 lea: Yes. Refunds under 20 EUR are approved automatically.
      `),
    },
    R2: {
      title: 'Refund rules two weeks in',
      discussion: transcript(`
        01-19 09:00 support-agent: Two weeks in: 96 refunds approved automatically, 41 waited for Lea, most of them annual plans at 29.99 EUR. Should I adjust anything?
        01-19 09:05 priya: ${reply}
        01-19 09:06 support-agent: ${confirmation}
      `),
    },
  });

  async function contradictionsAfterRun(confirmation: string, reply = 'raise the auto limit to 30 then, window stays') {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks(confirmation, reply), null, 2));
    expect((await cli(['run', '--now', '2026-01-20T00:00:00Z'], dir)).status).toBe(0);
    const found = contradictionsIn(dir).filter((p) => p.task_id === 'R2' && p.messages.includes(2));
    rmSync(dir, { recursive: true, force: true });
    return found;
  }

  it('reads the agent giving again the value the person just set as carrying it out, not as contradicting the earlier limit', async () => {
    expect(await contradictionsAfterRun('Understood: refunds under 30 EUR are approved automatically from today.')).toEqual([]);
  });

  it('still flags an agent giving a value nobody of the discussion said', async () => {
    const [found] = await contradictionsAfterRun('Understood: refunds under 25 EUR are approved automatically from today.');
    expect(found?.description).toMatch(/This seems to contradict DEC-\S+ \(R1: "Refunds under 20 EUR are approved automatically\."\)/);
  });

  it.each([
    // A number a person only mentions, muses about or rules out is no value they decided.
    'Lea was out sick for 30 hours, that is why they waited.',
    "Not sure yet. Maybe 30 would work, I'll check with finance first.",
    'Careful, back in 2024 the limit was 30 EUR and some old help pages still say so.',
    "No, don't raise it to 30. The limit stays at 20 EUR.",
  ])('still flags an agent giving a number a person said without deciding it (%j)', async (reply) => {
    const [found] = await contradictionsAfterRun('Understood: refunds under 30 EUR are approved automatically from today.', reply);
    expect(found?.description).toMatch(/This seems to contradict DEC-\S+ \(R1: "Refunds under 20 EUR are approved automatically\."\)/);
  });
});

describe('a rule that names who alone may act', () => {
  const dir = tempDir();
  const tasks = {
    T1: {
      title: 'Vendor contracts',
      discussion: transcript(`
        03-02 10:00 legal-agent: The Acme renewal is ready for signature. Who approves vendor contracts from now on?
        03-02 10:04 maria: As a rule: only Anna approves vendor contracts.
        03-02 10:05 legal-agent: Noted: Anna approves all vendor contracts. I'll send her the Acme renewal.
      `),
    },
  };
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
  const run = runCli(['run', '--now', '2026-04-01T00:00:00Z'], dir);

  it('runs', () => {
    expect(run.status).toBe(0);
  });

  it('guards what someone else is about to do in its place, and lets the one it names pass', async () => {
    const only = decisionsIn(dir).find((d) => /only Anna/i.test(d.statement))!;
    const tom = await cli(['guard', 'Tom approves the vendor contract with Acme.'], dir);
    expect(tom.status).toBe(1);
    expect(tom.stdout).toContain(`This seems to contradict ${only.id}`);
    expect(tom.stdout).toContain('it names "Tom" for what only "Anna" may do');
    expect((await cli(['guard', 'Anna approves the vendor contract with Acme.'], dir)).status).toBe(0);
    expect((await cli(['guard', 'Tom approves the travel budget.'], dir)).status).toBe(0);
  });
});

describe('a name a correction put in place of another', () => {
  const dir = tempDir();
  const tasks = {
    T1: {
      title: 'Spring cover: brewery feature',
      discussion: transcript(`
        01-05 09:00 ute: The brewery feature is the spring cover. Book the illustrator for the drawing days.
        01-05 09:01 desk-agent: I'll book Lukas for two drawing days at the brewery in the week of March 9 and ask the brewmaster for access.
        01-05 09:03 lukas: Oh no, I stopped drawing for clients ages ago, I do typesetting now. Tilda Marx does our illustration, book her.
        01-05 09:04 desk-agent: My mistake. I'll book Tilda Marx for the two drawing days at the brewery, and Lukas stays on typesetting.
      `),
    },
    T2: {
      title: 'Spring issue: contributors page',
      discussion: transcript(`
        02-02 09:00 ute: Please draft the contributors page for the spring issue, with the brewery feature first.
        02-02 09:05 desk-agent: Draft: 'Okan spent three days in the brew house for our cover story. Illustrations: Lukas Hoffmann, who sketched the brewers through two long mash days.'
        02-02 09:07 lukas: I'll do the typesetting of the page this afternoon.
        02-02 09:09 ute: For the web version I'd still like a few extra sketches from Lukas Hoffmann of the brewers.
      `),
    },
  };
  writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // (A person naming the other one decides nothing against the correction: only the agent's draft is flagged.)
  it("flags an agent's draft that gives the replaced name in the same role, and guard does too (exit 1)", async () => {
    expect(runCli(['run', '--now', '2026-02-03T00:00:00Z'], dir).status).toBe(0);
    const tilda = decisionsIn(dir).find((d) => d.statement.includes('Tilda Marx'))!;
    expect(tilda).toMatchObject({ task_id: 'T1', status: 'active', type: 'constraint' });
    const contradictions = contradictionsIn(dir);
    expect(contradictions.map((p) => [p.task_id, p.messages])).toEqual([['T2', [1]]]);
    expect(contradictions[0].description).toContain(`${tilda.id}`);
    expect(contradictions[0].description).toContain('it names Lukas where the correction named Tilda Marx');
    const g = await cli(['guard', 'Cover illustration: Lukas Hoffmann.'], dir);
    expect(g.status).toBe(1);
    expect(g.stdout).toContain(`This seems to contradict ${tilda.id}`);
  });

  it('lets guard pass the name the correction gave, and the replaced name in another role', async () => {
    expect((await cli(['guard', 'Cover illustration: Tilda Marx.'], dir)).status).toBe(0);
    expect((await cli(['guard', 'Typesetting: Lukas Hoffmann.'], dir)).status).toBe(0);
  });
});

describe("an agent's steps that copy a corrected command in one line", () => {
  /** The agent's monthly steps; `line2` is the upload step. */
  const steps = (line2: string) => `Monthly price run, first Monday:\n1. 06:00 export the price list from the shop\n2. 06:10 ${line2}\n3. 06:20 check the wholesaler's import report\nThese are the same steps as last time.`;
  const tasks = (line2: string) => ({
    T1: {
      title: 'Price list upload',
      discussion: transcript(`
        03-02 09:00 mia: @feed-agent please upload the new price list to the wholesaler today.
        03-02 09:01 feed-agent: Uploading now with \`sftp -P 22 feeds@old-gate.wholesale.example\` to the inbox folder. The file has 1,240 rows.
        03-02 09:03 mia: No, the old gate is gone. Feeds go to new-gate.wholesale.example on port 2222 since February.
        03-02 09:05 feed-agent: Thanks, uploaded to new-gate.wholesale.example on port 2222.
      `),
    },
    T2: {
      title: 'Monthly price run',
      discussion: [
        { author: 'mia', role: 'human', text: '@feed-agent post the steps for the monthly price run.', ts: '2026-04-01T09:00:00+01:00' },
        { author: 'feed-agent', role: 'bot', text: steps(line2), ts: '2026-04-01T09:02:00+01:00' },
        { author: 'mia', role: 'human', text: 'Thanks.', ts: '2026-04-01T09:05:00+01:00' },
      ],
    },
  });
  const contradictionsAfterRun = async (line2: string) => {
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks(line2), null, 2));
      expect((await cli(['run', '--now', '2026-05-01T00:00:00Z'], dir)).status).toBe(0);
      return { decisions: decisionsIn(dir), contradictions: contradictionsIn(dir) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('flags the message whose line gives the wrong command again, with its wrong number, whatever the other lines say', async () => {
    const { decisions, contradictions } = await contradictionsAfterRun('`sftp -P 22 feeds@old-gate.wholesale.example` and upload to the inbox folder');
    const correction = decisions.find((d) => d.task_id === 'T1' && d.corrects)!;
    expect(correction.statement).toContain('port 2222');
    expect(contradictions.map((p) => [p.task_id, p.messages, p.contradicts])).toEqual([['T2', [1], [correction.id]]]);
    expect(contradictions[0].description).toContain(`it restates what ${correction.id} corrected`);
  });

  it('leaves a line with the corrected value, or the same words without the wrong number, alone', async () => {
    expect((await contradictionsAfterRun('`sftp -P 2222 feeds@new-gate.wholesale.example` and upload to the inbox folder')).contradictions).toEqual([]);
    expect((await contradictionsAfterRun('upload with sftp to the inbox folder')).contradictions).toEqual([]);
  });
});

describe('a correction that names the right place', () => {
  /** The agent's summary: the wrong venue far into it, beyond the excerpt a decision's context keeps. */
  const LONG = "Where things stand after the calls and the mail thread: the choir concert is set for a Saturday in May with around 120 guests from the member choirs. The quotes for the sound system are still open, and two of the three soloists have confirmed their pieces. The Boathouse on Dock 7 keeps 16 May free for us at 3,100 EUR, so the concert happens at the Boathouse and I'll print it as the location on the poster. The Town Hall in Eschen was also looked at (2,600 EUR).";
  /** The agent's summary: the wrong venue in a sentence that also names the host of the day. */
  const WITH_HOST = 'Summary: around 120 guests from the member choirs, sound system quotes still open. The concert happens at the Boathouse on 16 May, and Karin Voss from the choir association will host the evening.';

  /** A venue corrected in T1, then what the agent writes in a later task. */
  function concert(summary: string, correction: string, later: string): Record<string, { discussion: unknown[] }> {
    return {
      T1: {
        discussion: transcript(`
          03-02 09:00 wiebke: Please give me the state of things for the summer concert.
          03-02 09:01 events-agent: ${summary}
          03-02 09:03 wiebke: ${correction}
          03-02 09:04 events-agent: Thank you, corrected: the venue is the Town Hall.
        `),
      },
      T2: {
        discussion: transcript(`
          03-20 09:00 wiebke: Please send the poster and the running order around.
          03-20 09:02 events-agent: ${later}
        `),
      },
    };
  }

  /** A folder holding `tasks`, after one run; and the decision the correction made. */
  async function ranOn(tasks: object): Promise<{ dir: string; hall: Decision }> {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-21T00:00:00Z'], dir)).status).toBe(0);
    const hall = decisionsIn(dir).find((d) => d.statement.startsWith("It's the Town Hall"))!;
    expect(hall).toMatchObject({ task_id: 'T1', status: 'active', type: 'constraint' });
    return { dir, hall };
  }

  it("keeps the sentence it corrected, however far into the message, and flags an agent's quoted draft that names the wrong place again", async () => {
    const { dir, hall } = await ranOn(concert(LONG, "No. It's the Town Hall. The Boathouse only kept it free for us tentatively and gave it away on Monday.", "Draft poster: 'Join us on Saturday, 16 May, from 19:00 at the Boathouse on Dock 7 for an evening of choral music.' Shall I send it to print?"));
    expect(hall.corrects).toBe("The Boathouse on Dock 7 keeps 16 May free for us at 3,100 EUR, so the concert happens at the Boathouse and I'll print it as the location on the poster.");
    expect((await cli(['why', hall.id], dir)).stdout).toContain('  corrects: The Boathouse on Dock 7 keeps 16 May free for us');
    const contradictions = contradictionsIn(dir);
    expect(contradictions.map((p) => [p.task_id, p.messages, p.contradicts])).toEqual([['T2', [1], [hall.id]]]);
    expect(contradictions[0].description).toContain('it names Boathouse where the correction named Town Hall');
    const g = await cli(['guard', 'Join us at the Boathouse on Dock 7.'], dir);
    expect(g.status).toBe(1);
    expect(g.stdout).toContain(`This seems to contradict ${hall.id}`);
    // The right place, and a text naming only part of the wrong one in passing, go against nothing.
    expect((await cli(['guard', 'Join us at the Town Hall on 16 May.'], dir)).status).toBe(0);
    expect((await cli(['guard', 'The water taxi leaves from Dock 7 at 9.'], dir)).status).toBe(0);
  });

  it('does not hold another name of the corrected sentence against a later text, only the corrected one', async () => {
    const { dir } = await ranOn(concert(WITH_HOST, "No. It's the Town Hall. The Boathouse only kept it free for us tentatively.", "I've sent the draft running order to Karin Voss from the choir association for review."));
    expect(contradictionsIn(dir)).toEqual([]);
    expect((await cli(['guard', 'Karin Voss will welcome the guests.'], dir)).status).toBe(0);
    expect((await cli(['guard', 'The concert happens at the Boathouse.'], dir)).status).toBe(1);
  });

  it('holds the name the correction rules out against a later text, and not a name beside it', async () => {
    const { dir, hall } = await ranOn(concert(WITH_HOST, "No. It's the Town Hall, not the Boathouse.", "Draft running order: 'Welcome at the Boathouse at 19:00, songs until 22:00.' Shall I print it?"));
    expect(hall.corrects).toBe('The concert happens at the Boathouse on 16 May');
    expect(contradictionsIn(dir).map((p) => [p.task_id, p.contradicts])).toEqual([['T2', [hall.id]]]);
    expect((await cli(['guard', 'Karin Voss will welcome the guests at 19:00.'], dir)).status).toBe(0);
  });

  it('reads what a correction corrects again when its task is analysed again (a registry an earlier version wrote)', async () => {
    const tasks = concert(WITH_HOST, "No. It's the Town Hall, not the Boathouse.", 'Running order sent.');
    const { dir, hall } = await ranOn(tasks);
    const file = join(dir, 'memory', 'decisions.json');
    const registry = JSON.parse(readFileSync(file, 'utf8')) as { decisions: Decision[] };
    registry.decisions.find((d) => d.id === hall.id)!.corrects = 'Summary: around 120 guests from the member choirs, sound system quotes still open.';
    writeFileSync(file, JSON.stringify(registry, null, 2));
    tasks.T1.discussion.push(...transcript('03-02 09:06 wiebke: Thanks.'));
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-22T00:00:00Z'], dir)).status).toBe(0);
    expect(decisionsIn(dir).find((d) => d.id === hall.id)!.corrects).toBe('The concert happens at the Boathouse on 16 May');
  });
});

describe('a statement that leaves to its task what it is about', () => {
  /** Two tasks: a studio rent agreed, then a number said alone in a later task, each titled `titles`. */
  const twoTasks = (titles: [string, string], answer = '04-06 10:06 tom: 90 is fair. ok 90.') => ({
    T1: {
      title: titles[0],
      discussion: transcript(`
        02-02 09:00 lena: The studio wants to know what we pay per evening from March.
        02-02 09:02 course-agent: The studio offers the room for 80 EUR per evening, kiln included. Shall I confirm?
        02-02 09:05 lena: Studio rent 80 EUR per evening, fine. Confirm it.
        02-02 09:06 course-agent: Confirmed with the studio.
      `),
    },
    T2: {
      title: titles[1],
      discussion: transcript(`
        04-06 10:00 course-agent: The studio repaired the kiln and asks for more per evening from May. They suggest 95 EUR.
        04-06 10:04 lena: Too much for eight students. I'd offer 90.
        ${answer}
        04-06 10:07 course-agent: I'll tell the studio.
      `),
    },
  });
  const runOn = async (tasks: object) => {
    const decisions = await decisionsAfterRun(tasks, '2026-05-01T00:00:00Z');
    return { rent: decisions.find((d) => d.task_id === 'T1' && /80 EUR/.test(d.statement))!, answer: decisions.find((d) => d.task_id === 'T2' && /90/.test(d.statement))! };
  };

  it('reads a bare number as a new value of what both task titles name, and says so in the reason', async () => {
    const { rent, answer } = await runOn(twoTasks(['Pottery course: studio rent', 'Pottery course: studio rent after the kiln repair']));
    expect(answer.statement).toBe('90.');
    expect(rent).toMatchObject({ status: 'superseded', superseded_by: answer.id });
    expect(rent.superseded_reason).toBe("a new amount: 80 eur → 90 eur, on what both tasks' titles name (Pottery, course, studio, rent)");
    expect(answer.supersedes).toBe(rent.id);
  });

  it('links nothing when the titles share fewer than two subject words, or when an agent says the number', async () => {
    for (const titles of [['Pottery course: studio rent', 'Kiln repair'], ['Studio rent', 'Studio cleaning rota']] as Array<[string, string]>) {
      const { rent, answer } = await runOn(twoTasks(titles));
      expect([titles, rent.status, answer.supersedes]).toEqual([titles, 'active', null]);
    }
  });

  it('relates a statement a person accepts from the review queue through the titles too', async () => {
    const tasks = twoTasks(['Pottery course: studio rent', 'Pottery course: studio rent after the kiln repair'], '04-06 10:06 tom: Offer them 90 per evening.');
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-05-01T00:00:00Z'], dir)).status).toBe(0);
    const queued = JSON.parse(readFileSync(join(dir, 'memory', 'review-queue.json'), 'utf8')).items.find((r: { task_id: string }) => r.task_id === 'T2') as { id: string };
    expect((await cli(['review', 'accept', queued.id, '--statement', '90.', '--now', '2026-05-02T00:00:00Z'], dir)).status).toBe(0);
    const rent = decisionsIn(dir).find((d) => d.task_id === 'T1' && /80 EUR/.test(d.statement))!;
    const accepted = decisionsIn(dir).find((d) => d.statement === '90.')!;
    expect(rent).toMatchObject({ status: 'superseded', superseded_by: accepted.id, superseded_reason: expect.stringContaining("on what both tasks' titles name") });
  });

  it("meets an earlier decision that shares no word with the later one through the tasks' titles: a statement that is all value", () => {
    const titles: Record<string, string> = { T1: 'Booster reminders: moving them to the agent', T2: 'Booster reminders: too many lapses', T3: 'Dental month: offer' };
    const relate = (taskOfOlder: string) => {
      const older = decision('DEC-20260105-001', taskOfOlder, 'A las 10 está bien.', '2026-01-05T09:05:00Z');
      const newer = decision('DEC-20260209-001', 'T2', 'Send at 18:00 instead.', '2026-02-09T09:05:00Z');
      relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => titles[id] });
      return older.superseded_reason ?? older.status;
    };
    expect(relate('T1')).toBe("a new time: 10:00 → 18:00, on what both tasks' titles name (Booster, reminders)");
    // (A task about something else is not met by its title.)
    expect(relate('T3')).toBe('active');
  });

  it('reads a title put as a question for what it names, as one put as a statement', () => {
    const relate = (title: string) => {
      const older = decision('DEC-20260205-001', 'T1', 'Dental offer: 15% off scale and polish.', '2026-02-05T09:05:00Z');
      const newer = decision('DEC-20260305-001', 'T2', '10% from now on.', '2026-03-05T09:05:00Z');
      relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => (id === 'T1' ? 'Dental offer for February' : title) });
      return older.superseded_reason ?? older.status;
    };
    expect(relate('Dental offer: keep going after February?')).toMatch(/^a new percent.*15.*→.*10.*, on what both tasks' titles name \(Dental, offer\)$/);
    expect(relate('Dental offer: keep going after February')).toMatch(/^a new percent.*15.*→.*10.*/);
  });

  it('meets the decisions of tasks titled alike up to a bound: a registry of such tasks, each with many decisions, relates in linear time', () => {
    const olders = Array.from({ length: 3000 }, (_, k) => decision(`DEC-20260105-${String(k + 1).padStart(4, '0')}`, `T${k % 100}`, `${k % 2 === 0 ? 'Fine' : 'Ok'}, ${k % 23} it is.`, '2026-01-05T09:05:00Z'));
    const newers = Array.from({ length: 300 }, (_, k) => decision(`DEC-20260209-${String(k + 1).padStart(4, '0')}`, `N${k}`, 'Send at 18:00 instead.', '2026-02-09T09:05:00Z'));
    const titleOf = (id: string) => `Booster reminders: round ${id}`;
    // (Who said a decision is asked once for each earlier decision a later one is weighed against.)
    let weighed = 0;
    relateNewDecisions({ decisions: [...olders, ...newers] }, newers, engine.lexicon, undefined, { titleOf, spokenBy: () => (weighed++, 'human') });
    expect(weighed).toBeLessThanOrEqual(newers.length * 2 * DEFAULT_RELATE_OPTIONS.maxCandidates);
    expect(olders.every((o) => o.status === 'active')).toBe(true);
  });

  it("changes a value a correction accepted from the agent's words as any other, and one the correction set only by a change of plan", () => {
    const titles: Record<string, string> = { T1: 'Quiz night comeback', T2: 'Quiz night: move off Wednesdays' };
    const relate = (statement: string, corrects: string, later = 'Cap the quiz at 50, the regulars stand at the bar.') => {
      const older = decision('DEC-20260116-001', 'T1', statement, '2026-01-16T09:05:00Z', { type: 'constraint', corrects });
      const newer = decision('DEC-20260304-001', 'T2', later, '2026-03-04T09:05:00Z');
      relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => titles[id], spokenBy: () => 'human' });
      return older.superseded_reason ?? older.status;
    };
    // "cap 60 yes. no bookings": the 60 is the agent's, accepted; the correction is of the bookings.
    expect(relate('Cap 60 yes.', 'Recommend: cap at 60, table bookings in advance, max 6 per team.')).toBe("a new number: 60 → 50, on what both tasks' titles name (Quiz, night)");
    // (Another number of the agent's words, about another thing, takes nothing from it.)
    expect(relate('Cap 60 yes.', 'Recommend: cap at 60, table bookings in advance, max 25 per team.')).toBe("a new number: 60 → 50, on what both tasks' titles name (Quiz, night)");
    // (A cap the correction set against the agent's 80 changes only with a change of plan, and so
    // does a value the agent named beside another of its kind: it was chosen against that one.
    // The wrong value said again never replaces the correction.)
    expect(relate('Cap 60, not 80.', 'Recommend: cap at 80, table bookings in advance.')).toBe('active');
    expect(relate('Cap 60.', 'Recommend: cap at 80, up from 60 last year.', 'Cap the quiz at 80, the regulars stand at the bar.')).toBe('active');
    expect(relate('Thursday.', 'Recommend: quiz on Wednesday (Thursday has football).', 'The quiz is on Wednesday.')).toBe('active');
  });

  it('never lets the value a correction corrected, said again, replace the correction: a count, or one said beside the right one; a guard names it', () => {
    const older = () => decision('DEC-20260116-001', 'T1', 'Quiz cap 60.', '2026-01-16T09:05:00Z', { type: 'constraint', corrects: 'Recommend: quiz cap at 80.' });
    const relate = (later: string) => {
      const o = older();
      const newer = decision('DEC-20260304-001', 'T2', later, '2026-03-04T09:05:00Z');
      relateNewDecisions({ decisions: [o, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => (id === 'T1' ? 'Quiz night' : 'Pub events'), spokenBy: () => 'human' });
      return o.superseded_reason ?? o.status;
    };
    expect(relate('Cap the quiz at 80.')).toBe('active');
    expect(relate('Change of plan: cap the quiz at 80 from now on.')).toBe('active');
    // (Another value is a change like any other, and 80 of another thing is no wrong cap.)
    expect(relate('Cap the quiz at 50.')).toBe('a new number: 60 → 50');
    const view = (text: string) => viewOf(text, engine.lexicon.subjects, engine.lexicon);
    const wrongAgain = (later: string) => wrongValueRestated(view('Recommend: quiz cap at 80.'), view('Quiz cap 60.'), view(later));
    expect(wrongAgain('Cap the quiz at 80.')).toBe('it gives 80, the value that was corrected');
    expect(wrongAgain('Order 80 chairs for the garden.')).toBeNull();
    // (A guard names the conflict.)
    expect(guardFindings('Cap the quiz at 80.', [older()], engine.lexicon).map((f) => f.decision.id)).toEqual(['DEC-20260116-001']);
    // The wrong value beside the right one in the corrected words is told apart by what the
    // correction kept: "Quiz on Thursday." of "quiz on Wednesday (Thursday has football)".
    const picked = (later: string) => {
      const o = decision('DEC-20260116-002', 'T1', 'Quiz on Thursday.', '2026-01-16T09:05:00Z', { type: 'constraint', corrects: 'Recommend: quiz on Wednesday (Thursday has football).' });
      const newer = decision('DEC-20260304-002', 'T2', later, '2026-03-04T09:05:00Z');
      relateNewDecisions({ decisions: [o, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => (id === 'T1' ? 'Quiz night' : 'Pub events'), spokenBy: () => 'human' });
      return o.superseded_reason ?? o.status;
    };
    expect(picked('The quiz is on Wednesday.')).toBe('active');
    expect(picked('The quiz moves to Friday.')).toBe('a new weekday: thursday → friday');
  });

  it('takes one word two titles share for the matter only when it is a name', () => {
    const relate = (titles: Record<string, string>) => {
      const older = decision('DEC-20260202-001', 'T1', 'Payment terms: net 14.', '2026-02-02T09:05:00Z');
      const newer = decision('DEC-20260406-001', 'T2', 'Net 30 for Keller.', '2026-04-06T10:06:00Z');
      relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => titles[id] });
      return older.superseded_reason ?? older.status;
    };
    expect(relate({ T1: 'Keller & Partner – monthly catering', T2: 'Keller – new delivery time' })).toBe("a new number: 14 → 30, on what both tasks' titles name (Keller)");
    expect(relate({ T1: 'Monthly catering orders', T2: 'Catering – new delivery time' })).toBe('active');
  });

  it('takes a subject that is only what both titles name for that whole matter, against a statement that names nothing else', () => {
    const titles: Record<string, string> = { T1: 'Vaccination clinic – plan', T2: 'Vaccination clinic – clash with a course' };
    const relate = (said: string, statement: string) => {
      const older = decision('DEC-20260202-001', 'T1', said, '2026-02-02T09:05:00Z');
      const newer = decision('DEC-20260406-001', 'T2', statement, '2026-04-06T10:06:00Z');
      relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => titles[id] });
      return older.superseded_reason ?? older.status;
    };
    expect(relate('14 June it is.', 'Clinic moves to Saturday 21 June, same times.')).toMatch(/^a new date: .*14.*→.*21.*, on what both tasks' titles name \(vaccination, clinic\)$/i);
    // A subject of its own, beside the titles' words or without them, is another thing of the same matter.
    expect(relate('14 June it is.', 'Clinic flyers go out on Saturday 21 June.')).toBe('active');
    expect(relate('14 June it is.', 'Flyers go out on Saturday 21 June.')).toBe('active');
  });

  it("lets a person's explicit change of plan retire the value a correction set, in a task whose title names the matter, and nothing less", () => {
    const titles: Record<string, string> = { T1: 'Hartmann BBQ – inquiry', T2: 'Hartmann BBQ – date moved' };
    const relate = (statement: string, spokenBy: 'bot' | 'human' = 'human') => {
      const older = decision('DEC-20260202-001', 'T1', "No, it's Friday the 10th, not Saturday.", '2026-02-02T09:05:00Z', { type: 'constraint', corrects: 'Created inquiry: Hartmann BBQ, Sat 11 Jul.' });
      const newer = decision('DEC-20260406-001', 'T2', statement, '2026-04-06T10:06:00Z');
      relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => titles[id], spokenBy: (d) => (d === newer ? spokenBy : 'human') });
      return older.superseded_reason ?? older.status;
    };
    expect(relate('Change of plan: Friday the 17th.')).toMatch(/day 10 → day 17, on what both tasks' titles name \(Hartmann, BBQ\)/);
    // No explicit change, an agent, or the value the correction ruled out: the correction stands.
    expect(relate('Friday the 17th.')).toBe('active');
    expect(relate('Change of plan: Friday the 17th.', 'bot')).toBe('active');
    expect(relate('Change of plan: Saturday the 11th.')).toBe('active');
  });

  it("never lets an agent's number retire a person's decision, nor one about another thing of the same tasks", () => {
    const titles: Record<string, string> = { T1: 'Pottery course: studio rent', T2: 'Pottery course: studio rent after the kiln repair' };
    const relate = (statement: string, spokenBy: 'bot' | 'human') => {
      const older = decision('DEC-20260202-001', 'T1', 'Studio rent 80 EUR per evening, fine.', '2026-02-02T09:05:00Z');
      const newer = decision('DEC-20260406-001', 'T2', statement, '2026-04-06T10:06:00Z');
      relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: (id) => titles[id], spokenBy: (d) => (d === newer ? spokenBy : 'human') });
      return older.status;
    };
    expect(relate('90.', 'human')).toBe('superseded');
    expect(relate('90.', 'bot')).toBe('active');
    // A clause with a subject of its own that the older one does not share is about that.
    expect(relate('The deposit for the keys is 90 EUR.', 'human')).toBe('active');
  });
});

describe("an agent's draft that missed a change", () => {
  /** A minimum charge set in one task and raised in the next; `draft`: the agent's message in the second after the change. */
  const tasks = (draft: string) => ({
    T1: {
      title: 'Minimum charge for small jobs',
      discussion: transcript(`
        03-02 09:00 invoice-agent: Three invoices in February were under 30 EUR. Options: A) minimum charge 45 EUR per job, B) leave as is.
        03-02 09:05 tom: A.
        03-02 09:06 invoice-agent: Minimum charge of 45 EUR per job applies from 1 March.
      `),
    },
    T2: {
      title: 'Raise the minimum charge',
      discussion: transcript(`
        03-17 10:00 tom: the 45 minimum is too low, the certificates alone took more admin than that. I'd go 60
        03-17 10:02 helga: 60 is what everyone charges. ok 60
        03-17 10:05 invoice-agent: ${draft}
        03-17 10:07 helga: published
      `),
    },
  });
  const contradictionsOf = async (draft: string) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks(draft), null, 2));
    expect((await cli(['run', '--now', '2026-04-01T00:00:00Z'], dir)).status).toBe(0);
    return contradictionsIn(dir).filter((p) => p.task_id === 'T2');
  };

  it('is asked about in the discussion that made the change, when it quotes the number the change dropped', async () => {
    const found = await contradictionsOf("Noted. Draft for the price page: 'For small jobs a minimum charge of 45 EUR (net) applies.' Send it to Helga to publish?");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ messages: [2], description: expect.stringMatching(/^This seems to contradict DEC-20260317-\d{3} \(T2: "60\."\); it gives 45 eur, the value that was replaced \(DEC-20260302-\d{3}: "Minimum charge 45 EUR per job\."\)/) });
  });

  it("lets the agent's update that gives the new number pass, and the person's message that named the old one before the change", async () => {
    expect(await contradictionsOf('Updated: the minimum charge per job is now 60 EUR instead of 45 EUR, from 1 April.')).toEqual([]);
    expect(await contradictionsOf('Noted.')).toEqual([]);
  });
});

describe('a change of plan accepted from the review queue', () => {
  /** A Monday rule the agent takes on, and a change of plan to Thursdays that waits for a person. */
  const mondayThenThursday = () =>
    transcript(`
      01-05 09:00 eva: We send the team newsletter every Monday morning.
      01-05 09:01 bot: Noted, Monday mornings.
      02-02 09:00 eva: Mondays are packed for everyone, nobody reads it before noon.
      02-02 09:02 eva: Change of plan: from now on the team newsletter goes out every Thursday morning.
    `);
  const queued = (dir: string, pattern: RegExp) => JSON.parse(readFileSync(join(dir, 'memory', 'review-queue.json'), 'utf8')).items.find((r: { candidate: { statement: string } }) => pattern.test(r.candidate.statement));

  it('supersedes what it changes in its own task, and the next run adds it again as nothing new', async () => {
    const dir = tempDir();
    const tasks = {
      T7: {
        discussion: mondayThenThursday(),
      },
    };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-01T00:00:00Z'], dir)).status).toBe(0);
    const registry = (): Decision[] => decisionsIn(dir);
    // The Monday rule the agent took on is a decision; the change of plan waits for a person.
    expect(registry().find((d) => /Monday/.test(d.statement))).toMatchObject({ status: 'active' });
    const thursday = queued(dir, /Thursday/);
    expect((await cli(['review', 'accept', thursday.id, '--now', '2026-03-03T00:00:00Z'], dir)).status).toBe(0);
    const [old, changed] = [registry().find((d) => /Monday/.test(d.statement))!, registry().find((d) => /Thursday/.test(d.statement))!];
    expect(old).toMatchObject({ status: 'superseded', superseded_by: changed.id });
    expect(changed).toMatchObject({ status: 'active', supersedes: old.id });
    // The next run, with the candidate now a decision (its summary says so), finds the accepted one instead of adding a second.
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ thresholds: { decision: 1, review: 0.5 } }));
    rmSync(join(dir, 'memory', '.engine'), { force: true });
    expect((await cli(['run', '--now', '2026-03-04T00:00:00Z'], dir)).status).toBe(0);
    expect(registry().filter((d) => /Thursday/.test(d.statement))).toHaveLength(1);
    expect(registry().find((d) => d.id === changed.id)).toMatchObject({ status: 'active', supersedes: old.id, source: { summary: expect.stringMatching(/^decision from message 3/) } });
  });

  it('is related where it was said: accepted weeks later, it never retires a change made since, and that change retires it', async () => {
    const dir = tempDir();
    const tasks = {
      T7: {
        title: 'Team newsletter',
        discussion: mondayThenThursday(),
      },
      T8: {
        title: 'Team newsletter schedule',
        discussion: transcript(`
          03-02 09:00 eva: Change of plan: from now on we send the team newsletter every Friday morning.
          03-02 09:01 bot: Noted, Friday mornings from now on.
        `),
      },
    };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-05T00:00:00Z'], dir)).status).toBe(0);
    const item = queued(dir, /Thursday/);
    const friday = () => decisionsIn(dir).find((d) => /Friday/.test(d.statement))!;
    expect(friday()).toMatchObject({ status: 'active' });
    expect((await cli(['review', 'accept', item.id, '--now', '2026-03-10T00:00:00Z'], dir)).status).toBe(0);
    const thursday = decisionsIn(dir).find((d) => /Thursday/.test(d.statement))!;
    // Dated by its message, not by the day it was accepted; the Friday of March still stands.
    expect(thursday).toMatchObject({ created_at: expect.stringMatching(/^2026-02-02T09:02/), status: 'superseded', superseded_by: friday().id });
    expect(friday()).toMatchObject({ status: 'active' });
    expect((await cli(['context', 'T8'], dir)).stdout).toContain(friday().id);
    // What the next run and check read is what acceptance left.
    const before = readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8');
    expect((await cli(['run', '--now', '2026-03-11T00:00:00Z'], dir)).status).toBe(0);
    expect(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).toBe(before);
    expect((await cli(['check', '--now', '2026-03-11T00:00:00Z'], dir)).status).toBe(0);
  });
  it('meets a later decision that names little through what the tasks\' titles both name', async () => {
    const dir = tempDir();
    const tasks = {
      T7: { title: 'Team newsletter', discussion: mondayThenThursday() },
      T8: { title: 'Team newsletter schedule', discussion: transcript(`
          03-02 09:00 bot: Which day should it go out from now on: Thursday or Friday?
          03-02 09:01 eva: Friday at 8:00.
          03-02 09:02 bot: Noted: Friday at 8:00 from now on.
        `) },
    };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-05T00:00:00Z'], dir)).status).toBe(0);
    expect((await cli(['review', 'accept', queued(dir, /Thursday/).id, '--now', '2026-03-10T00:00:00Z'], dir)).status).toBe(0);
    const friday = decisionsIn(dir).find((d) => d.statement === 'Friday at 8:00.')!;
    expect(friday).toMatchObject({ status: 'active' });
    expect(decisionsIn(dir).find((d) => /Thursday/.test(d.statement))).toMatchObject({ status: 'superseded', superseded_by: friday.id, superseded_reason: expect.stringContaining('thursday → friday') });
  });

  /** Runs `dir`, accepts the queued 600 € cap, and expects "Raise it to 700." to retire it, at acceptance and in the next run. */
  const acceptedAfterRaise = async (dir: string) => {
    expect((await cli(['run', '--now', '2026-05-01T00:00:00Z'], dir)).status).toBe(0);
    const raise = decisionsIn(dir).find((d) => d.statement === 'Raise it to 700.')!;
    expect(raise).toMatchObject({ status: 'active' });
    expect((await cli(['review', 'accept', queued(dir, /600/).id, '--now', '2026-05-02T00:00:00Z'], dir)).status).toBe(0);
    const cap = () => decisionsIn(dir).find((d) => /600/.test(d.statement))!;
    expect(cap()).toMatchObject({ status: 'superseded', superseded_by: raise.id, superseded_reason: 'a new amount: 600 eur → 700 eur' });
    expect(decisionsIn(dir).find((d) => d.id === raise.id)).toMatchObject({ status: 'active' });
    // The next run leaves what acceptance did.
    const before = readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8');
    expect((await cli(['run', '--now', '2026-05-03T00:00:00Z'], dir)).status).toBe(0);
    expect(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).toBe(before);
  };

  it('is retired by a later decision that names its subject only through the report it answered', async () => {
    const raised = (answer: string) => ({
      T1: { title: 'Monthly consumables order', discussion: transcript(`
          02-02 09:00 ana: We need a supplier for the monthly consumables order.
          02-02 09:01 stock-agent: Three offers: Medline 574 €, Hoffmann 612 €, Praxis24 548 € with a week's delivery. Which one?
          02-02 09:05 ana: Medline. From now on the monthly order is capped at 600 €, anything above needs my ok.
        `) },
      T2: { title: 'Medline prices', discussion: transcript(`
          04-01 09:00 stock-agent: Monthly report: March spend with Medline 588 €, under the 600 € cap. Medline raised glove prices by 11 % from April, so the basket is now about 630 €. Should I trim it?
          ${answer}
        `) },
    });
    // Said by someone else and agreed to after, the answer is still the one the report asked for.
    for (const agreed of [false, true]) {
      const dir = tempDir();
      const answer = agreed ? '04-01 09:05 bob: Raise it to 700. We don\'t skimp on gloves.\n          04-01 09:07 ana: Agreed.' : '04-01 09:05 ana: Raise it to 700. We don\'t skimp on gloves.\n          04-01 09:06 stock-agent: Done: the monthly cap is now 700 €.';
      writeFileSync(join(dir, 'tasks.json'), JSON.stringify(raised(answer), null, 2));
      await acceptedAfterRaise(dir);
    }
  });

  it('weighs first the later decisions whose question shares the most words with it, however many share one or two', () => {
    const cap = decision('DEC-20260202-001', 'T1', "From now on the monthly order is capped at 600 €, anything above needs Ana's ok.", '2026-02-02T09:05:00Z', { origin: 'review' });
    // Sixty delivery days settled since, each answering a question on the monthly order.
    const days = Array.from({ length: 60 }, (_, k) => decision(`DEC-20260301-${String(k + 1).padStart(3, '0')}`, `D${k + 1}`, 'Tuesday.', '2026-03-01T09:00:00Z'));
    const raise = decision('DEC-20260401-001', 'T2', 'Raise it to 700.', '2026-04-01T09:05:00Z');
    const asked = (d: Decision) => (d === raise ? 'Monthly report: March spend with Medline 588 €, under the 600 € cap on the monthly order. Should I trim it?' : d.task_id.startsWith('D') ? 'The monthly order is packed. Which delivery day?' : null);
    retireAcceptedBySince({ decisions: [cap, ...days, raise] }, cap, engine.lexicon, undefined, { askedText: asked, spokenBy: () => 'human' });
    expect(cap).toMatchObject({ status: 'superseded', superseded_by: raise.id });
  });

  it('is not retired by a later decision of its own task on another subject, at acceptance or in the next run', async () => {
    const dir = tempDir();
    const discussion = [...mondayThenThursday(), ...transcript(`
          03-02 09:00 eva: From now on the team standup is on Friday mornings.
          03-02 09:01 bot: Noted, standup on Friday mornings.
        `)];
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T7: { title: 'Team newsletter', discussion } }, null, 2));
    expect((await cli(['run', '--now', '2026-03-05T00:00:00Z'], dir)).status).toBe(0);
    expect((await cli(['review', 'accept', queued(dir, /Thursday/).id, '--now', '2026-03-10T00:00:00Z'], dir)).status).toBe(0);
    const thursday = () => decisionsIn(dir).find((d) => /Thursday/.test(d.statement))!;
    expect(thursday()).toMatchObject({ status: 'active', superseded_by: null });
    discussion.push(...transcript(`
          03-12 09:00 eva: Thanks all.
        `));
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ T7: { title: 'Team newsletter', discussion } }, null, 2));
    expect((await cli(['run', '--now', '2026-03-12T10:00:00Z'], dir)).status).toBe(0);
    expect(thursday()).toMatchObject({ status: 'active', superseded_by: null });
  });

  it('leaves the decisions made since with the relations the run gave them: no pattern is said again', async () => {
    const dir = tempDir();
    const tasks = {
      T6: { title: 'Team newsletter rules', discussion: transcript(`
          01-02 09:00 eva: One rule: the team newsletter never goes out on a Friday.
          01-02 09:01 bot: Noted, never on a Friday.
        `) },
      T7: { title: 'Team newsletter', discussion: mondayThenThursday() },
      T8: { title: 'Team newsletter schedule', discussion: transcript(`
          03-02 09:00 bot: Shall I send the team newsletter every Friday morning from now on?
          03-02 09:01 eva: Yes, do that.
        `) },
    };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-05T00:00:00Z'], dir)).status).toBe(0);
    const patterns = () => readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8');
    const before = patterns();
    // (The run flags the Friday plan against the T6 rule once.)
    expect(before).toMatch(/"task_id":"T8","type":"contradiction"/);
    const friday = () => decisionsIn(dir).find((d) => /Friday morning/.test(d.statement))!;
    const linked = friday().supersedes;
    expect((await cli(['review', 'accept', queued(dir, /Thursday/).id, '--now', '2026-03-10T00:00:00Z'], dir)).status).toBe(0);
    expect(patterns()).toBe(before);
    expect(friday().supersedes).toBe(linked);
    expect(decisionsIn(dir).find((d) => /Thursday/.test(d.statement))).toMatchObject({ status: 'superseded', superseded_by: friday().id });
  });
});

describe('a correction in a short exchange', () => {
  it('records the corrected fact as a decision at once, not as a candidate for review', async () => {
    const dir = tempDir();
    const tasks = {
      T1: {
        title: 'Trainer profile for the website',
        discussion: transcript(`
          01-05 09:00 maria: Please draft my trainer profile for the website.
          01-05 09:01 web-agent: Draft: 'Maria Keller is a certified trainer for agile methods and runs our workshops in person.' Shall I publish it?
          01-05 09:03 maria: That's wrong. I'm not the certified trainer - the training is run through our partner firm, Novak & Co.
          01-05 09:04 web-agent: Apologies. Corrected: 'Maria Keller organises our workshops; the certified training is run by our partner firm, Novak & Co.'
          01-05 09:05 maria: Right.
        `),
      },
    };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-03-01T00:00:00Z'], dir)).status).toBe(0);
    const registry = (): Decision[] => decisionsIn(dir);
    const queue = () => JSON.parse(readFileSync(join(dir, 'memory', 'review-queue.json'), 'utf8')).items as unknown[];
    expect(registry().map((d) => [d.type, d.status, d.statement])).toEqual([['constraint', 'active', 'The training is run through our partner firm, Novak & Co.']]);
    expect(queue()).toEqual([]);
  });
});

describe('a correction that sides with an earlier decision', () => {
  it.each([
    ["cut the delivery service part, we only just agreed we don't offer that. the rest reads well", 'Cut the delivery service part'],
    // A reversal cue in the correction names what the agent got wrong, not a change of plan.
    ["cut the delivery service part, we don't do that anymore. the rest reads well", 'Cut the delivery service part'],
  ])("retires nothing the agent's corrected draft went against: %s", async (fix, said) => {
    const decisions = await decisionsAfterRun(
      {
        T1: {
          title: 'Spring flyer for the bakery',
          discussion: transcript(`
            03-02 09:00 ines: Should we offer catering for events this year? Several customers asked for party platters and delivery.
            03-02 09:05 greta: No event catering and no delivery service this year, we don't have the staff for it. Maybe next spring.
            03-02 09:10 ines: Please draft the spring flyer.
            03-02 09:12 print-agent: Flyer text: 'Fresh bread every morning - event catering for your party, and our delivery service brings it to your door.' OK?
            03-02 09:20 greta: ${fix}
          `),
        },
      },
      '2026-04-01T00:00:00Z',
      // (Every topic of so short a discussion counts, so that both statements are decisions.)
      { thresholds: { decision: 1, review: 0.5 } },
    );
    const rule = decisions.find((d) => /No event catering/.test(d.statement));
    const correction = decisions.find((d) => d.statement.startsWith(said));
    expect(correction).toMatchObject({ status: 'active', supersedes: null });
    expect(rule).toMatchObject({ status: 'active', superseded_by: null });
  });
});

describe('a proposal accepted with a step of its own', () => {
  it('keeps both: the step said in the breath that accepts the proposal replaces nothing of it', async () => {
    const decisions = await decisionsAfterRun(
      {
        T1: {
          title: 'Summer barbecue',
          discussion: transcript(`
            05-04 10:00 mark: Is the barbecue still Saturday July 11? I need to book the caterer.
            05-04 10:02 calendar-agent: Yes, the barbecue is booked for Saturday July 11, 3-7 pm, on the roof terrace.
            05-04 10:05 lisa: Could we have it on the Friday instead? Friday July 10, 5-9?
            05-04 10:07 calendar-agent: The roof terrace is open Friday July 10, 5-9 pm, and I can release the Saturday July 11 booking. Move the barbecue?
            05-04 10:10 lisa: yes, move it. Mark, book the caterer for the 10th.
          `),
        },
      },
      '2026-06-01T00:00:00Z',
      { thresholds: { decision: 1, review: 0.5 } },
    );
    expect(decisions.map((d) => [d.statement, d.status, d.supersedes])).toEqual([
      ['Release the Saturday July 11 booking.', 'active', null],
      ['Move the barbecue.', 'active', null],
      ['Mark: book the caterer for the 10th.', 'active', null],
    ]);
  });

  it('lets a step said with the acceptance replace the proposal where it says so', async () => {
    const decisions = await decisionsAfterRun(
      {
        T1: {
          title: 'Offsite review',
          discussion: transcript(`
            03-02 10:00 ops-agent: I can book the large meeting room for the offsite review on Friday at 10:00 and send the invite to all six. Shall I?
            03-02 10:01 mia: Yes, but Thursday instead of Friday, Jonas is out on Friday.
          `),
        },
      },
      '2026-04-01T00:00:00Z',
      { thresholds: { decision: 1, review: 0.5 } },
    );
    expect(decisions.map((d) => d.status)).toEqual(['superseded', 'active']);
    expect(decisions[1]).toMatchObject({ statement: 'Thursday instead of Friday, Jonas is out on Friday.', supersedes: decisions[0].id });
  });
});

describe('a reversal and the slots it links', () => {
  // Values of different slots, in the three languages.
  const slotValues: Record<string, fc.Arbitrary<string>> = {
    weekday: fc.constantFrom('on Monday', 'on Tuesdays', 'am Dienstag', 'el viernes', 'on Saturday'),
    duration: fc.integer({ min: 2, max: 90 }).chain((n) => fc.constantFrom(`for ${n} days`, `für ${n} Tage`, `durante ${n} semanas`, `for ${n} weeks`)),
    amount: fc.integer({ min: 5, max: 900 }).chain((n) => fc.constantFrom(`for ${n} EUR`, `for €${n}`, `for ${n}k USD`, `für ${n} Euro`)),
    time: fc.integer({ min: 6, max: 20 }).chain((h) => fc.constantFrom(`at ${h}:30`, `um ${h}:00`, `a las ${h}:15`)),
    percent: fc.integer({ min: 1, max: 60 }).map((n) => `with ${n}% off`),
  };
  const slot = fc.constantFrom(...Object.keys(slotValues));
  const pair = fc
    .tuple(slot, slot)
    .filter(([a, b]) => a !== b)
    .chain(([a, b]) => fc.tuple(slotValues[a], slotValues[b]));
  const subject = fc.constantFrom('the team newsletter goes out', 'the supplier invoices are paid', 'the warehouse inventory is counted', 'the partner workshop runs');
  const cue = fc.constantFrom('Change of plan: from now on', 'Ab sofort:', 'A partir de ahora', 'Scratch that,', 'Going forward');

  it('never links two decisions whose values fill different slots', () => {
    fc.assert(
      fc.property(subject, pair, cue, (what, [before, after], reversal) => {
        const older = decision('DEC-20260105-001', 'T1', `${what[0].toUpperCase()}${what.slice(1)} ${before}.`, '2026-01-05T09:00:00Z');
        const newer = decision('DEC-20260301-001', 'T2', `${reversal} ${what} ${after}.`, '2026-03-01T09:00:00Z', { downstream: ['T1'] });
        // (Titles naming the subject of both tasks: a statement may leave its subject to them; and
        // the agent's message the person answers recaps the older value as in force.)
        relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: () => `Rules: ${what}`, openingText: (d) => (d === newer ? `Currently ${what} ${before}. Keep it that way?` : null), spokenBy: () => 'human' });
        expect(older.status).toBe('active');
        expect(newer.supersedes).toBeNull();
        const memo = new SubjectMemo(new PorterStems(engine.words));
        const view = (t: string) => viewOf(t, engine.lexicon.subjects, engine.lexicon, memo);
        const mine = view(newer.statement);
        expect(replacement(view(older.statement), mine, mine.reversals, false, engine.lexicon.subjects.generic, 'loose')).toBeNull();
      }),
      { seed: 25, numRuns: 150 },
    );
  });

  it('links them when the same slot gets a new value', () => {
    const older = decision('DEC-20260105-001', 'T1', 'The team newsletter goes out on Monday.', '2026-01-05T09:00:00Z');
    const newer = decision('DEC-20260301-001', 'T2', 'Ab sofort: the team newsletter goes out am Donnerstag.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon);
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id });
  });

  it('links them when the agent opening the exchange recaps the older value and a person gives the same slot another', () => {
    const older = decision('DEC-20260105-001', 'T1', 'The team newsletter goes out on Monday.', '2026-01-05T09:00:00Z');
    const newer = decision('DEC-20260301-001', 'T2', 'Thursday, starting next week.', '2026-03-01T09:00:00Z');
    const context = (spokenBy: 'human' | 'bot') => ({ openingText: (d: Decision) => (d === newer ? 'Four newsletter sends since January, the open rate is down to 21%. Keep Monday?' : null), spokenBy: () => spokenBy });
    // (An agent never reverses a person.)
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, context('bot'));
    expect(older).toMatchObject({ status: 'active' });
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, context('human'));
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id, superseded_reason: 'a new weekday: monday → thursday, the value the message it answers had in force' });
  });

  it('retires both where the value the agent recaps was said twice, and neither where two values of the slot were in force', () => {
    const context = (newer: Decision) => ({ openingText: (d: Decision) => (d === newer ? 'Four newsletter sends since January, the open rate is down to 21%. Keep Monday?' : null), spokenBy: () => 'human' as const });
    const first = decision('DEC-20260105-001', 'T1', 'The team newsletter goes out on Monday.', '2026-01-05T09:00:00Z');
    const again = decision('DEC-20260105-002', 'T1', 'Newsletter: Monday it is.', '2026-01-05T09:10:00Z');
    const newer = decision('DEC-20260301-001', 'T2', 'Thursday, starting next week.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [first, again, newer] }, [newer], engine.lexicon, undefined, context(newer));
    expect(first).toMatchObject({ status: 'superseded', superseded_by: newer.id });
    expect(again).toMatchObject({ status: 'superseded', superseded_by: newer.id });
    // The statuses of two earlier decisions (T1 09:00, and `secondTask` at `secondAt`) once
    // "Thursday, starting next week." answers the agent's `opening` in T2.
    const statusesAfter = (firstSaid: string, secondSaid: string, opening: string, secondTask = 'T1', secondAt = '2026-01-05T09:10:00Z') => {
      const one = decision('DEC-20260105-001', 'T1', firstSaid, '2026-01-05T09:00:00Z');
      const two = decision(secondTask === 'T1' ? 'DEC-20260105-002' : 'DEC-20260110-001', secondTask, secondSaid, secondAt);
      const later = decision('DEC-20260301-001', 'T2', 'Thursday, starting next week.', '2026-03-01T09:00:00Z');
      const opened = { openingText: (d: Decision) => (d === later ? opening : null), spokenBy: () => 'human' as const };
      relateNewDecisions({ decisions: [one, two, later] }, [later], engine.lexicon, undefined, opened);
      return [one.status, two.status];
    };
    const recap = 'Four newsletter sends since January, the open rate is down to 21%. Keep Monday?';
    // (Said again in another task, it is the same value in force.)
    expect(statusesAfter('The team newsletter goes out on Monday.', 'Newsletter: Monday it is.', recap, 'T3', '2026-01-10T09:10:00Z')).toEqual(['superseded', 'superseded']);
    // (The same day for two things is two values in force: neither is retired for the other.)
    expect(statusesAfter('The team newsletter goes out on Monday.', 'The blog digest goes out on Monday.', 'Four newsletter and blog digest sends since January, all on Monday. Keep Monday?')).toEqual(['active', 'active']);
    // (Monday and Wednesday both in force: which one Thursday replaces is not said.)
    expect(statusesAfter('The team newsletter goes out on Monday.', 'Newsletter: Wednesday it is.', 'Four newsletter sends since January, on Monday and on Wednesday. Keep them?')).toEqual(['active', 'active']);
  });

  it('links them when a statement that is all value gives the same slot a new value, in tasks whose titles name the subject', () => {
    const older = decision('DEC-20260105-001', 'T1', 'The team newsletter goes out on Monday.', '2026-01-05T09:00:00Z');
    const newer = decision('DEC-20260301-001', 'T2', 'Thursday then.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { titleOf: () => 'Rules: the team newsletter goes out' });
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id });
  });
});

describe('a value the agent recaps as in force', () => {
  /** A fee set in one task; in a later one the agent opens with `opening`, a colleague comments, and `answer` settles it. */
  const twoTasks = (opening: string, answer = '05-20 09:05 kofler: Then 35 EUR, from June 1.', between = '05-20 09:02 anke: Frankly 15 bothers nobody, two regulars paid and brought the drill back late again.') => ({
    T1: {
      title: 'Late-return policy',
      discussion: transcript(`
        04-06 09:00 ops-agent: 27 tools came back late in March. Shall we charge for late returns?
        04-06 09:02 kofler: Yes. A fee of 15 EUR from the first delay, we waive it at our discretion.
        04-06 09:03 ops-agent: Noted: 15 EUR from the first delay.
      `),
    },
    T2: {
      title: 'Three-week review',
      discussion: transcript(`
        05-20 09:00 ops-agent: ${opening}
        ${between}
        ${answer}
        05-20 09:06 ops-agent: Done, the website says so from June 1.
      `),
    },
  });
  const runOn = async (tasks: object) => {
    const decisions = await decisionsAfterRun(tasks, '2026-06-01T00:00:00Z');
    return { fee: decisions.find((d) => d.task_id === 'T1' && /15 EUR/.test(d.statement))!, answer: decisions.find((d) => d.task_id === 'T2' && /35 EUR/.test(d.statement))! };
  };
  const recap = 'Three weeks with the fee: 12 late returns, 8 fees charged, 2 waived. Keep the 15 EUR or change it?';

  it('is replaced by the new value a person settles on, though other people spoke in between and neither statement names the fee', async () => {
    const { fee, answer } = await runOn(twoTasks(recap));
    expect(answer).toMatchObject({ statement: '35 EUR, from June 1.', status: 'active', supersedes: fee.id });
    expect(fee).toMatchObject({ status: 'superseded', superseded_by: answer.id, superseded_reason: 'a new amount: 15 eur → 35 eur, the value the message it answers had in force' });
  });

  it('is replaced as well when the fee is worded with the words of the question that asked for it: its amount corrects no count', async () => {
    // ("27 tools came back late" is a count; "15 EUR from the first late return" gives the fee asked for.)
    const { fee, answer } = await runOn(JSON.parse(JSON.stringify(twoTasks(recap)).replaceAll('from the first delay', 'from the first late return')));
    expect(fee).toMatchObject({ statement: 'A fee of 15 EUR from the first late return, we waive it at our discretion.', corrects: null, status: 'superseded', superseded_by: answer.id });
  });

  it('is replaced when the recap names the new value too, beside the one in force, as what speaks for it', async () => {
    const { fee, answer } = await runOn(twoTasks('Three weeks with the fee: 12 late returns, 8 fees charged. The rental place across town charges 35 EUR and has half our late returns. Keep the 15 EUR or change it?'));
    expect(answer).toMatchObject({ statement: '35 EUR, from June 1.', supersedes: fee.id });
    expect(fee).toMatchObject({ status: 'superseded', superseded_reason: 'a new amount: 15 eur → 35 eur, the value the message it answers had in force' });
  });

  it('stays when the agent recaps another value, two of the slot, or an agent spoke since its recap', async () => {
    const stays = async (tasks: object) => {
      const { fee, answer } = await runOn(tasks);
      expect(answer).toBeDefined();
      expect(fee).toMatchObject({ status: 'active', superseded_by: null });
    };
    // (Not the fee in force: the registry says 15.)
    await stays(twoTasks(recap.replace('15 EUR', '20 EUR'), undefined, '05-20 09:02 anke: Frankly 20 bothers nobody.'));
    // (Which of the two amounts the answer replaces is not said.)
    await stays(twoTasks(recap.replace('Keep the 15 EUR or change it?', 'Keep the 15 EUR, and the 5 EUR for dirty returns, or change it?')));
    // (The answer concludes what the agent asked last, about something else.)
    await stays(twoTasks(recap, undefined, "05-20 09:02 anke: Frankly 15 bothers nobody.\n        05-20 09:03 ops-agent: Shall I also print new labels for the rental shelf?"));
  });

  it('stays when the new value is of another thing: one the message asks about, or one the answer names in words of its own', async () => {
    const other = async (opening: string, answer: string) => {
      const decisions = await decisionsAfterRun(twoTasks(opening, `05-20 09:05 kofler: ${answer}`), '2026-06-01T00:00:00Z');
      expect(decisions.find((d) => d.task_id === 'T2' && d.statement.includes('35 EUR'))).toBeDefined();
      expect(decisions.find((d) => d.task_id === 'T1' && /15 EUR/.test(d.statement))).toMatchObject({ status: 'active', superseded_by: null });
    };
    await other('The late fee is 15 EUR now. Should weekend rentals pay a deposit too?', 'Weekend rentals pay 35 EUR.');
    await other(recap, 'Keep it. And for weekend rentals we take a deposit of 35 EUR.');
    await other(recap, 'Keep the fee as it is. Dirty returns cost 35 EUR from June 1.');
  });
});

describe('a span written with its unit on the number', () => {
  it('is found by the recap that writes it apart ("48h" by "48 h"), though the two share no other word, and replaced by the new value a person picks', async () => {
    const tasks = {
      T1: {
        title: 'Appointment reminders',
        discussion: transcript(`
          03-02 09:00 desk-agent: The reminder texts are ready. How long before the appointment should they go out?
          03-02 09:03 vogel: 48h before the appointment. Start on Monday.
        `),
      },
      T2: {
        title: 'Six weeks in',
        discussion: transcript(`
          04-20 09:00 desk-agent: The reminder texts have run for 6 weeks. Several owners say 48 h is too early and they forget by the day. Options: keep 48 hours, move to 24 hours, or both.
          04-20 09:04 vogel: OK, we switch to 24 hours from Monday.
        `),
      },
    };
    const decisions = await decisionsAfterRun(tasks, '2026-05-01T00:00:00Z');
    const older = decisions.find((d) => d.task_id === 'T1' && d.statement.includes('48h'))!;
    const newer = decisions.find((d) => d.task_id === 'T2' && d.statement.includes('24 hours'))!;
    expect(newer).toMatchObject({ status: 'active', supersedes: older.id });
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id, superseded_reason: 'a new duration: 48 hour → 24 hour, the value the message it answers had in force' });
  });
});

describe("alternatives an agent puts up to choose from, in a run", () => {
  const tasks = (offer: string) => ({
    T1: {
      title: 'Client meeting',
      discussion: transcript(`
        02-02 13:30 desk-agent: The client can meet Thursday or Friday at 7:45. Which day should I book?
        02-02 13:40 clara: We decided: the client meeting is on Friday at 7:45, before my site visit at the Kornhaus. Thursday I am at the trade fair all day, so that one is out.
        02-02 13:41 desk-agent: Booked: client meeting on Friday at 7:45.
      `),
    },
    T2: {
      title: 'Client meeting follow-up',
      discussion: [{ author: 'desk-agent', role: 'bot', text: offer, ts: '2026-03-01T10:00:00+01:00' }],
    },
  });
  const contradictionsAfterRun = async (offer: string) => {
    const dir = tempDir();
    try {
      writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks(offer), null, 2));
      expect((await cli(['run', '--now', '2026-03-02T00:00:00Z'], dir)).status).toBe(0);
      return contradictionsIn(dir).filter((p) => p.task_id === 'T2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('flags none of the options, and what the message asserts beside them', async () => {
    expect(await contradictionsAfterRun('The client asked to move. Options:\nA) keep the client meeting on Friday at 7:45\nB) client meeting on Thursday at 7:45\nC) client meeting on Monday at 9:00\nWhich one?')).toEqual([]);
    expect(await contradictionsAfterRun('Draft: the client meeting is on Thursday at 7:45, before the site visit at the Kornhaus.')).toHaveLength(1);
  });
});

describe("an agent restating a change a person just made", () => {
  it('is flagged against the older decision of another task, the one trace of the change until something supersedes it', async () => {
    const dir = tempDir();
    const tasks = {
      T1: {
        title: 'Change orders - who signs off',
        discussion: transcript(`
          03-05 09:00 ops-agent: Change orders this quarter: 14, most under 400 euros. Who should approve them?
          03-05 09:05 maren: Under 500 euros the project architect can approve, everything above comes to me.
          03-05 09:06 ops-agent: Noted: change orders under 500 euros approved by the project architect, above that by Maren.
        `),
      },
      T2: {
        title: 'Q1 studio ops review',
        discussion: transcript(`
          04-02 09:00 ops-agent: Q1 review: most change orders went to Maren, and she approved nearly all of them within a day.
          04-02 09:05 maren: Ok let's do 1000. Under 1000 the project architect decides.
          04-02 09:06 ops-agent: Updated: change orders up to 1,000 euros are approved by the project architect, above that by Maren.
        `),
      },
    };
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    expect((await cli(['run', '--now', '2026-04-03T00:00:00Z'], dir)).status).toBe(0);
    expect(contradictionsIn(dir).filter((p) => p.task_id === 'T2').map((p) => p.messages)).toEqual([[2]]);
    rmSync(dir, { recursive: true, force: true });
  });
});
