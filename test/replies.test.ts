// Reply acts judged by what they answer: who may confirm, partial acceptance, corrections without
// a cue word, option picks, other languages, repeated questions.
import { compileRule, applyRule } from '../src/core/rules';
import { detect } from '../src/core/detect';
import { analyseMessages } from '../src/core/messageAnalysis';
import { PorterStems } from '../src/core/porter';
import { analyseTask, candidateClauses } from '../src/core/pipeline';
import { handsChoiceOn, repeatedQuestions, replyActs, speakerNameWords } from '../src/core/replies';
import type { Message, Role } from '../src/core/types';
import { shippedEngine } from './helpers';

const engine = shippedEngine();

function thread(...turns: Array<[string, Role, string]>): Message[] {
  return turns.map(([author, role, text], index) => ({ index, author, role, text, ts: null }));
}

/** detect() as the pipeline calls it: a question that only hands the options on keeps them open. */
function detected(messages: Message[]) {
  const names = speakerNameWords(messages);
  return detect(messages, engine.rules, undefined, undefined, undefined, (i) => handsChoiceOn(messages[i].text, names, engine.words));
}

function acts(messages: Message[]) {
  const { detections, answered } = detected(messages);
  return { ...replyActs(messages, detections, answered, engine.words), detections };
}

function typesAt(messages: Message[], index: number): string[] {
  return acts(messages)
    .patterns.filter((p) => p.messages[p.messages.length - 1] === index)
    .map((p) => p.type)
    .sort();
}

describe('reply acts', () => {
  it('a thumbs-up after the agent restates the plan confirms it', () => {
    const m = thread(['ana', 'human', 'Keep 14 daily copies in the bucket.'], ['ops-agent', 'bot', 'Will do: 14 daily copies, kept in the bucket.'], ['ana', 'human', '👍']);
    expect(typesAt(m, 2)).toEqual(['confirmation']);
  });

  it('a reply that opens with the name of the one it answers is read after the name; a name of someone else hands the matter on', () => {
    const claim = (reply: string) => thread(['tom', 'human', 'I told Brenner we have 3 months for the registration.'], ['sarah', 'human', reply]);
    expect(typesAt(claim('No – one month after commissioning. I register him today.'), 1)).toEqual(['disagreement']);
    expect(typesAt(claim('Tom, no – one month after commissioning. I register him today.'), 1)).toEqual(['disagreement']);
    expect(typesAt(claim('@tom, no – one month after commissioning.'), 1)).toEqual(['disagreement']);
    // Another word before the comma is no name of the one answered.
    expect(typesAt(claim('Anyway, no – one month after commissioning.'), 1)).toEqual([]);
    const offered = (reply: string) => thread(['aylin', 'human', 'Which of them scans to SharePoint?'], ['office-agent', 'bot', 'The Brother and the HP both scan to SharePoint.'], ['aylin', 'human', reply]);
    expect(typesAt(offered('Thomas, your call.'), 2)).toEqual([]);
    expect(typesAt(offered('Your call.'), 2)).toEqual(['confirmation']);
  });

  it('an agent saying "You\'re right" concedes; it does not confirm', () => {
    const m = thread(['ana', 'human', 'You mixed up the two quotes.'], ['office-agent', 'bot', "You're right, sorry. The windows are in the second quote."]);
    expect(typesAt(m, 1)).toEqual([]);
  });

  it('a sarcastic "great" confirms nothing; the same word said plainly does, and so does an acceptance in a sentence of its own beside a sarcastic one', () => {
    const confirms = (reply: string) =>
      analyseTask('T1', [{ author: 'room-bot', role: 'bot', text: 'The hall is booked, so the exam moves to the library. Fine with you?' }, { author: 'kim', role: 'human', text: reply }], engine, new Set(['T1'])).patterns.some((p) => p.type === 'confirmation');
    expect(confirms('Great, so the kids write it on their knees then. 🙃')).toBe(false);
    expect(confirms('Great, the library works for us.')).toBe(true);
    expect(confirms('Ok, the library it is. Not the gym like last time 🙃')).toBe(true);
    // An acceptance after the sarcastic sentence still confirms, and a decimal point does not end the sarcasm.
    expect(confirms('Great, so the kids sit on the floor again 🙃. Ok, the library works.')).toBe(true);
    expect(confirms('Oh great, so we start at 9.30 and lose the first hour 🙃')).toBe(false);
  });

  it('"wrong" corrects what the agent reported, not a proposal it answers, where it names what to avoid', () => {
    const report = thread(['office-agent', 'bot', 'The first-aid training is on Tuesday at 9:00 in room A1.'], ['markus', 'human', 'Wrong room, the training is in B2 this time.']);
    expect(typesAt(report, 1)).toEqual(['correction']);
    const proposed: [string, Role, string] = ['pricing-agent', 'bot', 'Sale proposal for March:\n1. Teapots 45 → 35\n2. Mugs −20 %, plus a 3-for-25 multipack.'];
    const proposal = thread(proposed, ['katrin', 'human', 'Teapots at 35, yes. Mugs 20 % off, and no multipacks. Multipacks clutter the page and people pick the wrong size.']);
    expect(typesAt(proposal, 1)).not.toContain('correction');
    // (Saying plainly that the proposal is wrong still corrects it.)
    const plainly = thread(proposed, ['katrin', 'human', "That's wrong, the teapot list price is 49."]);
    expect(typesAt(plainly, 1)).toContain('correction');
  });

  it('"yes to both, but …, not …" accepts the rest and corrects one value', () => {
    const m = thread(['menu-agent', 'bot', 'Plan: two set menus, Lunch at 24 EUR and Dinner at 39 EUR. Should I put both online?'], ['ana', 'human', 'Yes to both, but Lunch is 22 EUR, not 24.']);
    expect(typesAt(m, 1)).toEqual(['confirmation', 'correction']);
  });

  it('a correction that opens the reply is a correction only', () => {
    const m = thread(['menu-agent', 'bot', 'The warranty is 12 months. Keep that sentence?'], ['ana', 'human', 'The warranty is 24 months, not 12. Yes, keep the sentence otherwise.']);
    expect(typesAt(m, 1)).toEqual(['correction']);
  });

  it('denying what the agent said of someone it named is a correction; of something it never named is not', () => {
    const named = thread(['support-agent', 'bot', 'Warranty claims go to Lena, our service lead.'], ['max', 'human', "Lena isn't our service lead. We use an outside firm."]);
    expect(typesAt(named, 1)).toEqual(['correction']);
    const other = thread(['support-agent', 'bot', 'Warranty claims go to Lena, our service lead.'], ['max', 'human', "The printer isn't working again."]);
    expect(typesAt(other, 1)).toEqual([]);
  });

  it('a go-ahead or a yes answering a short closing question that offers a step ("Send?") confirms it', () => {
    const offer = 'Corrected: delivery on 19 June, 38,000 words. Send?';
    for (const said of ['ja', 'Ja, schick.', 'go', 'dale', 'Mándalo.']) expect(typesAt(thread(['lab-agent', 'bot', offer], ['ines', 'human', said]), 1)).toEqual(['confirmation']);
    // Not after a report that offers nothing, nor after a question that asks for a fact.
    expect(typesAt(thread(['lab-agent', 'bot', 'The build passed.'], ['ines', 'human', 'go']), 1)).toEqual([]);
    expect(typesAt(thread(['lab-agent', 'bot', 'The order is in. Which supplier did you mean?'], ['ines', 'human', 'ja']), 1)).toEqual([]);
  });

  it("a different value for what the agent's message states corrects it even when the message ends with a question; a value its question puts up is answered, a new one decided is no correction", () => {
    const recorded = (agent: string, reply: string) => analyseTask('T1', [{ author: 'release-bot', role: 'bot', text: agent }, { author: 'mia', role: 'human', text: reply }], engine, new Set(['T1']));
    const corrected = recorded('Order for next week:\n- hake, Friday 7:00 delivery\n- order quantity: 420 portions\nShall I cancel the old standing order?', '460 portions! And yes, cancel it.');
    expect(corrected.patterns.map((p) => p.type)).toContain('correction');
    const answered = recorded('For the canteen: do we stay at 420 portions?', '460 portions, two new classes.');
    expect(answered.patterns.map((p) => p.type)).not.toContain('correction');
    const decided = recorded('Both orders are under the 500 EUR threshold, so no sign-off is needed. Order?', 'Roth, yes. Ab sofort Sign-off ab 300 EUR, nicht 500 EUR.');
    expect(decided.patterns.map((p) => p.type)).not.toContain('correction');
  });

  it('a lettered key opening the reply picks that option of the agent\'s list ("B. …")', () => {
    const options = 'Options: A) wait for SunPeak until July, B) switch to Luma now, C) cancel. Which one?';
    expect(typesAt(thread(['ops-agent', 'bot', options], ['stefan', 'human', 'B. The renovation starts in June.']), 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['ops-agent', 'bot', options], ['stefan', 'human', 'A week of waiting is too long.']), 1)).toEqual([]);
  });

  it("a key picks from the latest agent message that listed it, past colleagues' questions and an agent's message that put up nothing new", () => {
    const options = 'Sure. Options: A) U12 Tuesday 17:30 and U14 Tuesday 19:00, B) U12 Monday 17:30 and U14 Wednesday 18:00. Which would you prefer?';
    const asked = thread(['club-agent', 'bot', options], ['dieter', 'human', 'B is better, but who opens up on Wednesdays?'], ['priya', 'human', 'Could we start at 17:45?'], ['karen', 'human', 'Is the fee still 38?'], ['karen', 'human', 'B then.']);
    expect(typesAt(asked, 4)).toEqual(['confirmation']);
    const acknowledged = thread(['pharmacy-agent', 'bot', 'Three options: A) Monday + Thursday rounds B) Tuesday + Friday rounds C) a short round every weekday. Which would you prefer?'], ['priya', 'human', "It's 31 patients now, not 23."], ['pharmacy-agent', 'bot', "You're right, 31 patients. The options still work."], ['jurgen', 'human', 'B. Monday is chaos anyway.']);
    expect(typesAt(acknowledged, 3)).toEqual(['confirmation']);
    // (A key no message lists, or one listed too far back, picks nothing.)
    expect(typesAt(thread(...acknowledged.slice(0, 3).map((m): [string, Role, string] => [m.author, m.role, m.text]), ['jurgen', 'human', 'D. Monday is chaos anyway.']), 3)).toEqual([]);
  });

  it('a key picks an option after an acceptance word, or before a word that closes the choice ("B then, …", "A yes, …"), but not before one that goes on', () => {
    const options = 'Concrete: A) Hanson with pump hire, 07:00. B) Tarmac, after 11:00 only. Which one?';
    const pickedBy = (reply: string) => acts(thread(['site-bot', 'bot', options], ['dave', 'human', reply])).patterns.filter((p) => p.type === 'confirmation').map((p) => p.rule);
    for (const reply of ['A yes, cancel the pump we booked.', 'B then, the pump is too dear.', 'B passt.', 'B vale.', 'B passt mir.', 'B then I guess.', 'B then – the crane can wait.']) expect(pickedBy(reply)).toEqual(['confirmations/option-pick']);
    // A closing word that goes on says something else of the option: often that it will not do.
    // Keys that are numbers read the same.
    for (const reply of ['B passt nicht, die Zufahrt ist zu schmal.', 'B passt mir nicht, die Zufahrt ist zu schmal.', 'B dann nicht, zu teuer.', 'B vale 400 euros más y llega tarde.', 'B vale el doble y llega tarde.', 'B then no longer works, the crane is late.', "B then doesn't work, the crane is late.", 'A yes or no from the site manager first, please.', 'A then B if Hanson cancels.', 'B please check with Hanson first.', 'A few things first.']) expect(pickedBy(reply)).not.toContain('confirmations/option-pick');
    const numbered = (reply: string) => acts(thread(['site-bot', 'bot', 'Options: 1) Hanson with pump hire, 2) Tarmac after 11. Which one?'], ['dave', 'human', reply])).patterns.filter((p) => p.type === 'confirmation').map((p) => p.rule);
    expect(numbered('2 then no longer works, the crane is late.')).not.toContain('confirmations/option-pick');
    expect(numbered('2 for now.')).toEqual(['confirmations/option-pick']);
    // A letter closing a message (a sign-off, an initial) picks nothing, even after an offer.
    expect(typesAt(thread(['site-bot', 'bot', 'Soll ich die Pumpe für Montag 7 Uhr bestellen?'], ['bernd', 'human', 'Noch nicht, der Statiker hat nicht freigegeben.\nB']), 1)).toEqual([]);
  });

  it('approving words accept the step an agent says it would take, not a statement, a request or a person\'s own preference', () => {
    const after = (said: [string, 'bot' | 'human', string], reply: string) => typesAt(thread(said, ['jonas', 'human', reply]), 1);
    const would = 'Then 30 kits a month is a safer base. I\'d pack them in batches of 12 and order the leaflets to match.';
    for (const reply of ['ok do it.', 'sounds good', 'Fine, go.']) expect(after(['stock-agent', 'bot', would], reply)).toEqual(['confirmation']);
    expect(after(['stock-agent', 'bot', 'Then 30 kits a month is a safer base.'], 'sounds good')).toEqual([]);
    expect(after(['stock-agent', 'bot', "I'd need the delivery address first."], 'sounds good')).toEqual([]);
    expect(after(['hannah', 'human', "I'd rather it wasn't me."], 'sounds good')).toEqual([]);
    // A number with a thousands separator is no option key: "2,480 for the software" picks nothing.
    expect(after(['ap-bot', 'bot', 'Options: 1. Pay the software today for the discount. 2. Pay everything at month end.'], '2,480 for the software. Last year it was 1,900.')).toEqual([]);
  });

  it("a pick after a colleague's reply to the agent's options picks among those options, and answers the agent's message", () => {
    const options = 'Checked the room system. A: Wed 9:00, room 2.08. B: Thu 10:00, room 2.08. C: Thu 14:00, room 3.02.';
    const m = thread(['lab-agent', 'bot', options], ['tomas', 'human', 'A clashes with my teaching.'], ['ingrid', 'human', 'B. Thursdays from next week.']);
    expect(typesAt(m, 2)).toEqual(['confirmation']);
    expect(detect(m, engine.rules).answered).toEqual([-1, 0, 0]);
    // Two colleagues picking in turn, both answer the options.
    const both = thread(['lab-agent', 'bot', options], ['tomas', 'human', 'B'], ['ingrid', 'human', 'B. Thursdays from next week.']);
    expect([typesAt(both, 1), typesAt(both, 2)]).toEqual([['confirmation'], ['confirmation']]);
    // With no options before the colleague's reply there is nothing to pick from, and a plain yes
    // still answers the colleague.
    expect(typesAt(thread(['lab-agent', 'bot', 'The room system is down until noon.'], ['tomas', 'human', 'Typical.'], ['ingrid', 'human', 'B. Thursdays from next week.']), 2)).toEqual([]);
    const yes = thread(['lab-agent', 'bot', options], ['tomas', 'human', 'Can we skip the meeting in May?'], ['ingrid', 'human', 'Yes.']);
    expect(detect(yes, engine.rules).answered[2]).toBe(1);
    // Only so far back: four colleagues' remarks between the options and the pick are a new conversation.
    const far = thread(['lab-agent', 'bot', options], ['tomas', 'human', 'Hm.'], ['ingrid', 'human', 'Not sure.'], ['tomas', 'human', 'Lunch first.'], ['ingrid', 'human', 'Then a walk.'], ['mia', 'human', 'B.']);
    expect(typesAt(far, 5)).toEqual([]);
    // A colleague's question is what the next reply answers, options before it or not.
    const numbered = 'Options: 1. Hanson with pump hire. 2. Tarmac after 11. 3. Both, split pour. Which one?';
    expect(typesAt(thread(['site-bot', 'bot', numbered], ['tomas', 'human', 'How many trucks does Hanson need for the slab?'], ['mia', 'human', '3, maybe 4.']), 2)).toEqual([]);
    expect(typesAt(thread(['site-bot', 'bot', 'Shall I book the minibus for the zoo trip on Friday?'], ['tomas', 'human', 'How many drivers do we have that day?'], ['ingrid', 'human', '2.']), 2)).toEqual([]);
    // What a pick answers is the agent's message, never a colleague's remark that proposes something in between.
    const own = thread(['lab-agent', 'bot', options], ['ingrid', 'human', "Let's not rush, I want to hear Tomas first."], ['tomas', 'human', 'Mia prefers Thursdays.'], ['ingrid', 'human', 'B.']);
    expect(acts(own).patterns.filter((p) => p.type === 'confirmation').map((p) => p.messages)).toEqual([[0, 3]]);
  });

  it("a colleague's question that only hands the agent's options on to someone ('A or B... Dr. Albrecht?') keeps them open for the pick", () => {
    const options = 'Three ways:\nOption A — a 10 EUR charge from the second missed pickup\nOption B — a 10 EUR charge from the first missed pickup\nOption C — a deposit at ordering\nWhich one?';
    const handed = (question: string) => thread(['ops-agent', 'bot', options], ['anke', 'human', question], ['Dr. Albrecht', 'human', 'B. They should notice it right away.']);
    for (const question of ['Deposits are a hassle at the counter, drop C. A or B... Dr. Albrecht?', 'Albrecht, A or B?', 'Dr. Albrecht?']) {
      expect(typesAt(handed(question), 2)).toEqual(['confirmation']);
      expect(detected(handed(question)).answered[2]).toBe(0);
    }
    // A question that asks anything else asks something new.
    const names = new Set(['anke', 'dr', 'albrecht']);
    for (const question of ['Drop C. How much is the deposit, Dr. Albrecht?', 'Thoughts, Dr. Albrecht?', 'Mon or Tue?', 'A or B?', 'Albrecht, A or B. Agreed.']) expect(handsChoiceOn(question, names, engine.words)).toBe(false);
    // A new question before the name asks something new.
    expect(handsChoiceOn('How many trucks does Hanson need? Dr. Albrecht?', names, engine.words)).toBe(false);
    // Through it, the options a colleague asks "How many trucks …?" about are not picked.
    const trucks = thread(['ops-agent', 'bot', options], ['anke', 'human', 'How many trucks does Hanson need, Dr. Albrecht?'], ['mia', 'human', '3, maybe 4.']);
    expect(typesAt(trucks, 2)).toEqual([]);
  });

  it("'ok' accepts a step the agent asks about after a dash or a price with decimals ('… 3.40 EUR a pack — order 6 packs?')", () => {
    const asked = (question: string) => typesAt(thread(['ops-agent', 'bot', question], ['katrin', 'human', 'ok']), 1);
    expect(asked('Corrected in the list. Paper towels are 3.40 EUR a pack at Brandt — order 6 packs?')).toEqual(['confirmation']);
    expect(asked('Paper towels are 3.40 EUR a pack at Brandt. Order 6 packs?')).toEqual(['confirmation']);
    // A question about a fact, after a comma or a dash, offers no step.
    const offersStep = (question: string) => detected(thread(['ops-agent', 'bot', question])).detections[0].map((d) => d.ruleId).includes('prompts/closing-step-question');
    expect(offersStep('The total comes to 21.90, is that right?')).toBe(false);
    expect(offersStep('Paper towels are 3.40 EUR a pack — which size?')).toBe(false);
    expect(offersStep('Paper towels are 3.40 EUR a pack — order 6?')).toBe(true);
  });

  it("a reply naming one side of the agent's either/or question ('Manually.') accepts that side; the same reply to a person's question is an answer", () => {
    const hold = 'I can put the account on hold. Should the hold end automatically after 6 weeks, or only manually?';
    expect(typesAt(thread(['calendar-agent', 'bot', hold], ['anke', 'human', 'Manually. I want to check the account first.']), 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['ops-agent', 'bot', 'Should the surcharge be paid when ordering or on delivery?'], ['dolores', 'human', "delivery, they don't know the final size when they order"]), 1)).toEqual(['confirmation']);
    // Not a side the question sets out, a question back, or a person asking for a fact.
    expect(typesAt(thread(['calendar-agent', 'bot', hold], ['sabine', 'human', 'Tomorrow.']), 1)).toEqual([]);
    expect(typesAt(thread(['calendar-agent', 'bot', hold], ['sabine', 'human', 'Manually?']), 1)).toEqual([]);
    // A side ruled out, or what the question is about, is no pick.
    for (const reply of ['Not manually.', 'Never manually.', 'Hold.', 'End it.']) expect(typesAt(thread(['calendar-agent', 'bot', hold], ['sabine', 'human', reply]), 1)).toEqual([]);
    expect(typesAt(thread(['ops-agent', 'bot', 'Should I send it by post or by email?'], ['sabine', 'human', 'No email, please.']), 1)).not.toContain('confirmation');
    expect(typesAt(thread(['calendar-agent', 'bot', hold], ['sabine', 'human', 'Automatically.']), 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['calendar-agent', 'bot', 'The hold is set. It ends automatically or manually, as you like.'], ['sabine', 'human', 'Manually.']), 1)).toEqual([]);
    expect(typesAt(thread(['dana', 'human', 'Noor, are you coming to the fair or joining by video?'], ['noor', 'human', 'Video, my train was cancelled.']), 1)).toEqual([]);
  });

  it("'no' answering the agent's own yes/no question is an answer, not a correction", () => {
    const m = thread(['shop-agent', 'bot', 'Should I also draft a newsletter?'], ['kim', 'human', 'No.']);
    expect(typesAt(m, 1)).toEqual([]);
  });

  it("'nope' followed by an approval answers 'Anything else?'; 'nope' followed by the right fact corrects", () => {
    const asked = ['hr-assistant', 'bot', 'Changed to a three-month notice period. Anything more before I send it to you to sign?'] as [string, Role, string];
    for (const reply of ["Nope, all fine. Mail it over and I'll sign it, he deserves a proper contract.", "Nope, that's fine, mail it and I'll sign on Monday."]) {
      expect(typesAt(thread(asked, ['gerrit', 'human', reply]), 1)).not.toContain('correction');
    }
    expect(typesAt(thread(asked, ['gerrit', 'human', 'Nope, the start date is the 15th of March, not April.']), 1)).toContain('correction');
  });

  it("a rejection of the agent's question that a colleague answers, not the agent, was part of the people's talk; the same words the agent answers, or nobody has answered yet, correct it, and so does one that takes up what the agent stated", () => {
    const asked = ['club-agent', 'bot', 'Should I keep pitch 1 blocked for the juniors at all?'] as [string, Role, string];
    const reply = ['marco', 'human', 'no, and nobody trains on pitch 1 until April, the groundsman wants the grass to recover'] as [string, Role, string];
    const colleague = ['lena', 'human', 'ha, Rudi will be pleased'] as [string, Role, string];
    const agent = ['club-agent', 'bot', 'Sorry, I had that wrong: pitch 1 is closed to everyone until April.'] as [string, Role, string];
    // (The same person's second message is still their turn: the colleague after it takes the next one.)
    expect(typesAt(thread(asked, reply, colleague), 1)).toEqual([]);
    expect(typesAt(thread(asked, reply, ['marco', 'human', 'and the goals go back in the shed'], colleague), 1)).toEqual([]);
    expect(typesAt(thread(asked, reply, agent), 1)).toEqual(['correction']);
    // A thumbs-up or an empty message takes no turn.
    expect(typesAt(thread(asked, reply, ['lena', 'human', '👍'], agent), 1)).toEqual(['correction']);
    expect(typesAt(thread(asked, reply, ['lena', 'human', ''], colleague), 1)).toEqual([]);
    // A reply nobody has answered yet counts: it may be the correction the agent is about to act on.
    expect(typesAt(thread(asked, reply), 1)).toEqual(['correction']);
    // A reply that takes up what the agent stated before its question rejects that, whoever speaks next.
    const bella = thread(['vet-bot', 'bot', 'Bella is due for her booster on 3 May. Shall I send the reminder?'], ['anna', 'human', 'No, Bella had it in January, it is in the paper file.'], ['jo', 'human', 'I can scan the paper file tomorrow']);
    expect(typesAt(bella, 1)).toEqual(['correction']);
    // A rejection of what the agent claims, not of its question, corrects it whoever speaks next.
    const claimed = thread(['site-agent', 'bot', 'Delivery booked for 7:00 at the main gate.'], ['kim', 'human', 'I said the back gate on Elm Street, the main gate is closed for the crane.'], ['tom', 'human', 'right, the crane is there all week']);
    expect(typesAt(claimed, 1)).toEqual(['correction']);
    // A value set against the one the agent stated corrects it whoever speaks next.
    const stated = thread(['shop-agent', 'bot', 'The trial on the page is 30 days. Keep that line as the headline?'], ['priya', 'human', 'The trial is 14 days, not 30. We cut it in January.'], ['jonas', 'human', 'Is it 14 for the business plan as well?']);
    expect(typesAt(stated, 1)).toEqual(['correction']);
  });

  it('a new value in answer to a question that asks for the value to change answers it and corrects nothing', () => {
    const reply = 'Cap the quiz at 50, the regulars can stand at the bar as always.';
    const recorded = (question: string) => analyseTask('T1', [{ author: 'events-agent', role: 'bot', text: `With the quiz capped at 60 the room could hit 85, over the fire limit. ${question}` }, { author: 'dana', role: 'human', text: reply }], engine, new Set(['T1']));
    const asked = recorded('Lower the quiz cap?');
    expect(asked.patterns.map((p) => p.type)).not.toContain('correction');
    const forms = (question: string) => candidateClauses('T1', [{ author: 'events-agent', role: 'bot', content: `With the quiz capped at 60 the room could hit 85, over the fire limit. ${question}` }, { author: 'dana', role: 'human', content: reply }], engine).candidates.flatMap((w) => w.features);
    expect(forms('Lower the quiz cap?')).not.toContain('form:value-correction');
    expect(forms('Keep it as it is?')).toContain('form:value-correction');
    // (Asked whether to keep it, the new value sets the stated one aside; so does a value of
    // something the question asks nothing about: "Shall I make the booking?" changes no deposit.)
    expect(recorded('Keep it as it is?').patterns.map((p) => p.type)).toContain('correction');
    const deposit = analyseTask('T1', [{ author: 'hall-agent', role: 'bot', text: 'The hall deposit is 200 EUR for Saturday. Shall I make the booking?' }, { author: 'ana', role: 'human', text: 'Deposit is 150 EUR, they told me on the phone.' }], engine, new Set(['T1']));
    expect(deposit.patterns.map((p) => p.type)).toContain('correction');
  });

  it("a \"no\" that gives another value than the one the agent's closing question puts up corrects it whoever speaks next, and states the value it gives", () => {
    const colleague = ['ola', 'human', 'they also asked for gift wrapping'] as [string, Role, string];
    const reply = ['sven', 'human', 'No, 21 like the others. And they pay before we ship.'] as [string, Role, string];
    const valued = ['shop-agent', 'bot', 'Account opened for the Lindqvist order. Credit terms 45 days?'] as [string, Role, string];
    expect(typesAt(thread(valued, reply, colleague), 1)).toEqual(['correction']);
    // (A number further on is of something else: the reply answers the question, and the people talk on.)
    const members = ['club-agent', 'bot', 'Send it to all 25 members now?'] as [string, Role, string];
    for (const said of ['No, wait until 1 March, half of them are away.', 'No, I will send it myself at 5.', 'No, Tom already sent 2 yesterday.']) expect(typesAt(thread(members, ['mia', 'human', said], colleague), 1)).toEqual([]);
    expect(typesAt(thread(members, ['mia', 'human', 'No, 30 of them, the rest are away.'], colleague), 1)).toEqual(['correction']);
    // (The same value again, or a question that puts up none, leaves the reply an answer the people talk on after.)
    expect(typesAt(thread(valued, ['sven', 'human', 'No, 45 is fine, they pay before we ship.'], colleague), 1)).toEqual([]);
    expect(typesAt(thread(['shop-agent', 'bot', 'Account opened for the Lindqvist order. Shall I send them the welcome pack?'], ['sven', 'human', 'No, 21 people on their side, too many packs.'], colleague), 1)).toEqual([]);
    const recorded = analyseTask('T1', thread(valued, reply, colleague).map((m) => ({ author: m.author, role: m.role, text: m.text })), engine, new Set(['T1']));
    const stated = recorded.decisions.map((d) => d.statement);
    expect(stated.some((s) => /\b21\b/.test(s))).toBe(true);
    expect(recorded.decisions.find((d) => /\b21\b/.test(d.statement))?.type).toBe('constraint');
  });

  it('German and Spanish cues: "Nein, das stimmt nicht" corrects, "Passt." and "Vale." confirm', () => {
    const de = thread(['office-agent', 'bot', 'Angebot: Lieferung innerhalb von 10 Werktagen.'], ['tom', 'human', 'Nein, das stimmt nicht. Die Lieferzeit beträgt 5 Werktage.'], ['office-agent', 'bot', 'Korrigiert: Lieferung innerhalb von 5 Werktagen.'], ['tom', 'human', 'Passt.']);
    expect(typesAt(de, 1)).toEqual(['correction']);
    expect(typesAt(de, 3)).toEqual(['confirmation']);
    const es = thread(['support-agent', 'bot', 'Noted: the Madrid team reviews the Spanish macros.'], ['eva', 'human', 'Vale.']);
    expect(typesAt(es, 1)).toEqual(['confirmation']);
  });

  it('a German or Spanish offer or either/or question takes a yes or a pick as its acceptance, as an English one does', () => {
    const cases: Array<[string, string]> = [
      ['Soll ich das Rundschreiben per Post schicken?', 'Ja, bitte.'],
      ['Sollen wir die Lieferung auf Dienstag legen oder auf Mittwoch?', 'Ja.'],
      ['Carmen, ¿reservo el depósito 4 para Japón?', 'Sí, depósito 4 para Japón.'],
      ['¿Quieres que prepare el borrador para el lunes?', 'Vale.'],
      ['Propongo abrir de 9 a 20. ¿Os parece bien?', 'Sí.'],
    ];
    for (const [offer, reply] of cases) expect(typesAt(thread(['agent', 'bot', offer], ['carmen', 'human', reply]), 1)).toEqual(['confirmation']);
    // A question for a fact is no offer: a yes answers it.
    expect(typesAt(thread(['agent', 'bot', '¿Cuándo llega el camión?'], ['carmen', 'human', 'Sí.']), 1)).toEqual([]);
  });

  it('a yes answering a read-back tagged "OK?", a lettered pick with a "but", and a yes to a German question-order proposal accept', () => {
    expect(typesAt(thread(['agent', 'bot', 'Revised: 7:00 to 19:30, lanes 7 to 9, two seasonal lifeguards. OK?'], ['frank', 'human', 'ok']), 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['agent', 'bot', 'Y las fechas: traducción el 20 de marzo, revisión hasta el 10 de abril. ¿Vale?'], ['carla', 'human', 'sí']), 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['agent', 'bot', 'Options: A) reject the lot, B) renegotiate the price, e.g. to 4.80, C) accept at 5.10.'], ['jess', 'human', 'B but ask 4.90, not 4.80.']), 1)).toContain('confirmation');
    expect(typesAt(thread(['agent', 'bot', 'Option A: a delegated admin role for their OU. Option B: helpdesk only. Which one?'], ['dana', 'human', 'A, but only for the testing coordinators.']), 1)).toContain('confirmation');
    expect(typesAt(thread(['agent', 'bot', 'Für Folgetermine mit Verordnung könnte man sie online freischalten?'], ['mira', 'human', 'Ja, aber nur Folgetermine.']), 1)).toEqual(['confirmation']);
    // A report with no question and no tag puts nothing up: a bare "ok" after it is no acceptance of anything.
    expect(typesAt(thread(['agent', 'bot', 'The backup ran at 02:00 and took 14 minutes.'], ['frank', 'human', 'ok']), 1)).toEqual([]);
  });

  it('a thing the agent offered, named with a yes after it, accepts it ("Letter yes.", "9 a 20 me parece bien.")', () => {
    const offer = thread(['agent', 'bot', 'So: a letter to the households, and a leaflet for the glass change?'], ['gary', 'human', 'Letter yes, by Friday please.']);
    expect(typesAt(offer, 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['agent', 'bot', 'Si cerramos a las 20:00, ¿abrimos antes? Por ejemplo de 9 a 20.'], ['carmen', 'human', '9 a 20 me parece bien, desde el lunes 9.']), 1)).toEqual(['confirmation']);
    // Something it never offered is no acceptance.
    expect(typesAt(thread(['agent', 'bot', 'So: a letter to the households, and a leaflet for the glass change?'], ['gary', 'human', 'Website yes, by Friday please.']), 1)).toEqual([]);
  });

  it('picking a numbered option the agent offered confirms it; a number in passing does not', () => {
    const offered = 'Options: 1. I keep asking for a second pickup. 2. You drive to the depot. 3. We book an overflow carrier.';
    expect(typesAt(thread(['shop-agent', 'bot', offered], ['kim', 'human', '3. Nobody drives to the depot in December.']), 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['shop-agent', 'bot', offered], ['kim', 'human', '2 years ago we tried that.']), 1)).toEqual([]);
  });

  it('a bare affirmation accepts another speaker; a listening noise does not', () => {
    expect(typesAt(thread(['a', 'human', 'so the numbers only mean something after a month.'], ['b', 'human', 'right, exactly.']), 1)).toEqual(['confirmation']);
    expect(typesAt(thread(['a', 'human', 'so the numbers only mean something after a month.'], ['b', 'human', 'uhhuh.']), 1)).toEqual([]);
  });

  it('a verdict sent on its own ("That\'s wrong.") is expressed by the same person\'s next message, where its content is', () => {
    const m = thread(
      ['office-agent', 'bot', 'Delivery notes are ordinary correspondence, so they are filed for 2 years.'],
      ['oskar', 'human', "That's wrong."],
      ['oskar', 'human', 'Delivery notes are tax records and have to be filed for 10 years.'],
    );
    const correction = acts(m).patterns.filter((p) => p.type === 'correction');
    expect(correction.map((p) => p.messages)).toEqual([[0, 1, 2]]);
    expect(correction[0].description).toContain('tax records');
    // A question after the verdict is no content of it.
    const asked = thread(['office-agent', 'bot', 'The notes are filed for 2 years.'], ['oskar', 'human', "That's wrong."], ['oskar', 'human', 'Who set that up?']);
    expect(acts(asked).patterns.filter((p) => p.type === 'correction').map((p) => p.messages)).toEqual([[0, 1]]);
  });

  it('a human disagreeing with another human is not a correction of the agent', () => {
    const m = thread(['support-agent', 'bot', 'Discounts up to 15 % are granted by the agent.'], ['a', 'human', "I'd let the agents grant up to 15 % on their own."], ['b', 'human', "That's wrong, keep it at 10 %."]);
    expect(typesAt(m, 2)).toEqual([]);
  });
});

describe('an error the agent admits', () => {
  const patternsAt = (messages: Message[], index: number) =>
    analyseTask('T1', messages.map((m) => ({ author: m.author, role: m.role, text: m.text })), engine, new Set(['T1']))
      .patterns.filter((p) => p.messages.includes(index))
      .map((p) => p.type);

  it("makes the person's message before it a correction, though it has no cue word", () => {
    const m = thread(
      ['editor-bot', 'bot', "I'll book Lukas for two drawing days in the week of March 9."],
      ['lukas', 'human', "Haha, I haven't drawn anything in three years, I do typesetting now. Tilda Marx does our illustration, book her."],
      ['editor-bot', 'bot', "Sorry for the confusion. I'll book Tilda Marx for the two drawing days."],
    );
    expect(patternsAt(m, 1)).toEqual(['correction']);
  });

  it('in German and Spanish too', () => {
    for (const admission of ['Entschuldigung, ich lade alle vier über Teams neu ein.', 'Perdón, reenvío las cuatro invitaciones por Teams.']) {
      const m = thread(['hr-assistant', 'bot', 'Invitations sent, each with a Google Meet link.'], ['thomas', 'human', 'We use Teams with candidates. Please resend the links.'], ['hr-assistant', 'bot', admission]);
      expect(patternsAt(m, 1)).toEqual(['correction']);
    }
  });

  it('so does an agent that says it corrected itself, or admits it after a short opener', () => {
    for (const admission of ['Corrected: kickoff starts at 11:00.', 'Sorry, corrected to 11:00.', 'Oops, my mistake. Kickoff at 11:00 then.', 'Thank you, I have corrected that: kickoff at 11:00.', 'Korrigiert: Beginn um 11 Uhr.']) {
      const m = thread(['planner-agent', 'bot', 'Kickoff is Saturday 4 July at 10:00 in the courtyard, is 10:00 still right?'], ['ana', 'human', '11. the market is in front of the library until 11'], ['planner-agent', 'bot', admission]);
      expect([admission, patternsAt(m, 1)]).toEqual([admission, ['correction']]);
    }
  });

  it('an agent regretting what it cannot do, or reporting what it did, admits no error', () => {
    for (const reply of ["I'm sorry, there is no table free at eight.", 'Done: sent all four invitations again, now with Teams links.', "Sorry, I can't find the 11:00 slot.", 'Correct, the form already blocks party bookings.', "Yes, you're right, 11:00 it is.", 'Correct, good catch that we should tell them.', 'Corrected figures from finance arrived this morning.']) {
      const m = thread(['hr-assistant', 'bot', 'Invitations sent, each with a Google Meet link.'], ['thomas', 'human', 'We use Teams with candidates. Please resend the links.'], ['hr-assistant', 'bot', reply]);
      expect(patternsAt(m, 1)).not.toContain('correction');
    }
  });
});

describe('repeated questions', () => {
  it('an insisting cue with the same subject repeats the earlier question, one without its mark after an @-mention too', () => {
    for (const first of ['Will the new apprentices get their own work phones?', '@it-agent, will the new apprentices get their own work phones', '@it-agent when do the new apprentices get their own work phones']) {
      const m = thread(['elif', 'human', first], ['it-agent', 'bot', 'The contracts exist already; the question is the phone budget.'], ['elif', 'human', 'So do the new apprentices get phones or not?']);
      const { detections } = detect(m, engine.rules);
      expect({ first, repeats: repeatedQuestions(m, detections, engine.words).map((p) => p.messages) }).toEqual({ first, repeats: [[0, 2]] });
    }
    // After a mention with no mark, a verb is the mentioned one's: "@it-agent will set up …" asks nothing.
    const told = thread(['elif', 'human', '@it-agent will set up work phones for the new apprentices'], ['it-agent', 'bot', 'Done for the apprentices.'], ['elif', 'human', 'So do the new apprentices get phones or not?']);
    expect(repeatedQuestions(told, detect(told, engine.rules).detections, engine.words)).toEqual([]);
  });

  it('a new question by the same person on another subject is no repeat', () => {
    const m = thread(['elif', 'human', 'Will the new apprentices get phones?'], ['it-agent', 'bot', 'Shared ones only.'], ['elif', 'human', 'Still, who orders the laptops?']);
    const { detections } = detect(m, engine.rules);
    expect(repeatedQuestions(m, detections, engine.words)).toEqual([]);
  });
});

describe('rule properties', () => {
  const msg = (text: string, role: Role = 'human'): Message => ({ index: 1, author: 'me', role, text, ts: null });
  const ctx = (text: string) => ({ answered: { index: 0, author: 'them', role: 'bot' as Role, text, ts: null }, answeredKinds: new Set<never>() });

  it('a phrase ending in a word does not match inside a contraction', () => {
    const rule = compileRule({ id: 'test/can', kind: 'proposal', phrases: ['i can'], examples: { match: ['I can do it.'], nomatch: ["I can't."] } }, engine.words);
    expect(applyRule(rule, msg('I can do it.'), 'i can do it.', ctx(''))).not.toBeNull();
    expect(applyRule(rule, msg("I can't store them."), "i can't store them.", ctx(''))).toBeNull();
  });

  it("echo: the ref group must name what the answered message mentions", () => {
    const rule = compileRule({ id: 'test/echo', kind: 'confirmation', regex: '^(?<ref>[a-z]+) works', echo: 'all', examples: { match: ['x'], nomatch: ['y'] } }, engine.words);
    expect(applyRule(rule, msg('Thursday works.'), 'thursday works.', ctx('Can you do Thursday?'))).not.toBeNull();
    expect(applyRule(rule, msg('Friday works.'), 'friday works.', ctx('Can you do Thursday?'))).toBeNull();
    expect(applyRule(rule, msg('Friday works.'), 'friday works.', { answered: null, answeredKinds: new Set() })).toBeNull();
  });

  it("echo in a run: the answered message's analysed tokens, stemmed through the run's memo, are what the ref is compared with", () => {
    const rule = compileRule({ id: 'test/echo', kind: 'confirmation', regex: '^(?<ref>[a-z]+) works', echo: 'all', examples: { match: ['x'], nomatch: ['y'] } }, engine.words);
    const m = thread(['bot', 'bot', 'Can you do Thursday?'], ['me', 'human', 'Thursday works.']);
    const stems = new PorterStems(engine.words);
    const analysed = analyseMessages(m, stems, engine.words.statements).at;
    expect(detect(m, [rule], analysed, stems).detections[1].map((d) => d.ruleId)).toEqual(['test/echo']);
    // The analysis is what the rule reads: told the answered message said nothing of Thursday, it does not fire.
    const unrelated = analysed.map((a, i) => (i === 0 ? { ...a, tokens: ['friday'] } : a));
    expect(detect(m, [rule], unrelated, stems).detections[1]).toEqual([]);
  });

  it('hypothetical: a cue in a supposing sentence does not count', () => {
    const rule = compileRule({ id: 'test/hyp', kind: 'correction', phrases: ["that's not"], hypothetical: 'reject', examples: { match: ['x'], nomatch: ['y'] } }, engine.words);
    expect(applyRule(rule, msg("If we add maps we'd need it, but that's not planned."), "if we add maps we'd need it, but that's not planned.", ctx(''))).toBeNull();
    expect(applyRule(rule, msg("That's not planned."), "that's not planned.", ctx(''))).not.toBeNull();
  });
});
