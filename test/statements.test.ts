// The statement lexicon's own examples, and the candidates stage on discussions written for these
// tests: what a person would write down, not the cue that announced it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sentenceCandidates } from '../src/core/candidates';
import { negates } from '../src/core/contradiction';
import { detect } from '../src/core/detect';
import { analyseTask, slotReaders } from '../src/core/pipeline';
import { normalizeDiscussion } from '../src/core/normalize';
import { replyActs } from '../src/core/replies';
import { compileStatementLexicon, contentStart, findAct, normalForm, splitClauses, splitSentences, type StatementLexicon } from '../src/core/sentenceActs';
import { PorterStems } from '../src/core/porter';
import { wordCount } from '../src/core/text';
import { DEFAULT_TUNING } from '../src/core/tuning';
import { shippedEngine } from './helpers';
import { DEFAULT_CONFIG } from '../src/core/types';

const raw = JSON.parse(readFileSync(join(__dirname, '..', 'rules', 'lexicons', 'statements.json'), 'utf8')) as StatementLexicon;
const engine = shippedEngine();
const lexicon = compileStatementLexicon(raw, engine.words);

describe('statement lexicon examples', () => {
  for (const entry of raw.acts) {
    const one = compileStatementLexicon({ lexicon: 'statements', acts: [entry] }, engine.words);
    describe(`${entry.act}${entry.position ? ` (${entry.position})` : ''}`, () => {
      it.each(entry.examples.match)('matches %s', (text) => expect(findAct(one, entry.act, normalForm(text))).not.toBeNull());
      it.each(entry.examples.nomatch)('does not match %s', (text) => expect(findAct(one, entry.act, normalForm(text))).toBeNull());
    });
  }
});

describe('an act at the start of a sentence', () => {
  it('stands after the words that may stand before a rule cue, as a rule cue does ("Well, …", "So …")', () => {
    expect(findAct(lexicon, 'opinion', normalForm("Well, I'm not sure we need them."))).not.toBeNull();
    expect(findAct(lexicon, 'opinion', normalForm("So I think we keep them."))).not.toBeNull();
    expect(findAct(lexicon, 'opinion', normalForm("I'm not sure we need them."))).not.toBeNull();
    // A speaker's frankness says nothing of the act after it.
    expect(findAct(lexicon, 'opinion', normalForm("Frankly I'm not sure we need them."))).not.toBeNull();
    expect(findAct(lexicon, 'opinion', normalForm('To be honest, I think we keep them.'))).not.toBeNull();
  });
  it('does not stand after words that carry content', () => {
    expect(findAct(lexicon, 'opinion', normalForm("Priya says I'm not sure we need them."))).toBeNull();
    expect(findAct(lexicon, 'opinion', normalForm("The team, I think, keeps them."))).toBeNull();
  });
});

describe('sentences and clauses', () => {
  const split = (text: string) => splitSentences(text, engine.words.statements).map((s) => s.text);

  it('splits sentences without breaking numbers, times or abbreviations', () => {
    expect(split('Rating 4.6 is good. We ship at 16:30, e.g. the small ones. Done!')).toEqual(['Rating 4.6 is good.', 'We ship at 16:30, e.g. the small ones.', 'Done!']);
    // A person's title: the name after it belongs to the same sentence.
    const titled = splitSentences('The jury is chaired by Prof. Lindqvist this year. Sra. Ortega keeps the minutes.', engine.words.statements).map((s) => s.text);
    expect(titled).toEqual(['The jury is chaired by Prof. Lindqvist this year.', 'Sra. Ortega keeps the minutes.']);
    // A number after a figure's or a page's abbreviation goes with it; a word after the same period starts a sentence.
    expect(split('The tiling moves to 25 March. See Fig. 3 on pp. 12–14 for the plan.')).toEqual(['The tiling moves to 25 March.', 'See Fig. 3 on pp. 12–14 for the plan.']);
    // (Not a single "p.": an initial before a number ends its sentence.)
    expect(split('Send the contract to Maria P. 3 copies go to legal.')).toEqual(['Send the contract to Maria P.', '3 copies go to legal.']);
    // A word that is also an abbreviation ends the sentence before a number.
    expect(split('Put the totals in a separate tab. 2 decimals for all amounts from now on.')).toEqual(['Put the totals in a separate tab.', '2 decimals for all amounts from now on.']);
    expect(split('No. NPS is quarterly. Send it to no. 14.')).toEqual(['No.', 'NPS is quarterly.', 'Send it to no. 14.']);
  });
  it("keeps a German date's day and month in one sentence; a day's number before another word ends it", () => {
    expect(split('Das Sommerfest ist am 14. Juni. Danach räumen wir auf.')).toEqual(['Das Sommerfest ist am 14. Juni.', 'Danach räumen wir auf.']);
    expect(split('Wir treffen uns am 27. Danach gehen wir essen.')).toEqual(['Wir treffen uns am 27.', 'Danach gehen wir essen.']);
    // Only after a word that leads a date, or a comma: a number ending a sentence stays its end.
    expect(split('Ab sofort ist das Sommerfest am Samstag, 14. Juni.')).toEqual(['Ab sofort ist das Sommerfest am Samstag, 14. Juni.']);
    expect(split('From now on the spinning class is capped at 12. March classes start on Monday.')).toHaveLength(2);
  });
  it('reads a day with its period that opens a message before a month as a date, a numbered list as a list', () => {
    expect(split('27. April geht, dann hab ich Zeit.')).toEqual(['27. April geht, dann hab ich Zeit.']);
    expect(split('Passt.\n1. Mai ist gut.')).toEqual(['Passt.', '1. Mai ist gut.']);
    // Lines numbered one after another are a list, whatever their first word; dates on lines of their own are dates.
    expect(split('1. April: Kickoff\n2. Mai: Review')).toEqual(['April: Kickoff', 'Mai: Review']);
    expect(split('1. Call the vendor\n2. Book the room')).toEqual(['Call the vendor', 'Book the room']);
    expect(split('3. März: Kickoff\n17. März: Review')).toEqual(['3. März: Kickoff', '17. März: Review']);
    // Only the line's opening: a number that ends a sentence further on ends it, before a month's name too.
    expect(split('How many tables? 12. May I also book the hall?')).toEqual(['How many tables?', '12.', 'May I also book the hall?']);
    expect(split('Spinning class cap: 12. March classes start on Monday.')).toHaveLength(2);
  });
  it('ends a sentence after a value that is no day or list number, though the next one opens in lower case', () => {
    expect(split('12:30. we need time to clean up and do the till')).toEqual(['12:30.', 'we need time to clean up and do the till']);
    expect(split('4,000. we need margin for the reviewer round')).toEqual(['4,000.', 'we need margin for the reviewer round']);
    expect(split('24h. 48 is way too long for online')).toEqual(['24h.', '48 is way too long for online']);
    expect(split('2000. we\'ll change it again within the year')).toEqual(['2000.', "we'll change it again within the year"]);
    expect(split('20%. we changed that last week')).toEqual(['20%.', 'we changed that last week']);
    expect(split('9-1. the 8:30 slots are half empty every week')).toEqual(['9-1.', 'the 8:30 slots are half empty every week']);
    expect(split('they got their visas after all, so +15. we\'re at 135')).toEqual(['they got their visas after all, so +15.', "we're at 135"]);
    // A number of one or two digits after a word ends it as well: chat writes the next one in lower case.
    expect(split('lower it to 2. the ones that flake twice always flake more')).toEqual(['lower it to 2.', 'the ones that flake twice always flake more']);
    expect(split('make it 60 a month not 40. the delivery fee is peanuts')).toEqual(['make it 60 a month not 40.', 'the delivery fee is peanuts']);
    // After a noun it ends one whatever follows; a year is no ordinal.
    expect(split('see step 1. then restart it')).toEqual(['see step 1.', 'then restart it']);
    expect(split('tue 17:30 pitch 2. thu 18:00 pitch 1')).toEqual(['tue 17:30 pitch 2.', 'thu 18:00 pitch 1']);
    expect(split('it was faster in 2024. probably not anymore')).toEqual(['it was faster in 2024.', 'probably not anymore']);
    // After a function word, before a noun or a month, it is an ordinal or a date, in German written in lower case too.
    for (const said of ['die 1. und die 3. variante streichen wir', 'der 3. oktober ist feiertag', 'urlaub vom 3-5. mai', 'das 100. jubiläum feiern wir im mai', 'wir nehmen die 2. variante mit dem größeren raum', 'jeden 1. montag', 'offsite ist freitag 3. oktober, bitte buchen']) expect(split(said)).toEqual([said]);
    // (A day's number or an inline list's goes on: "am 5. juni", "bis zum 5. dann", "1. ask them, and 2. book it".)
    expect(split('wir treffen uns am 5. juni wieder')).toHaveLength(1);
    expect(split('bis zum 5. dann passt es')).toHaveLength(1);
    expect(split('next steps: 1. ask them to redraft, and 2. book the room')).toHaveLength(1);
    expect(split('Am 5.6. treffen wir uns')).toHaveLength(1);
  });
  it('reads a German or Spanish "we move" as a decision, as the English one is', () => {
    const moved = replying([
      ['kita', 'human', 'Wann ist das Sommerfest?'],
      ['kita-bot', 'bot', 'Bisher am Samstag, 14. Juni.'],
    ], 'kita');
    expect(moved('Das Sommerfest verschieben wir auf Sonntag, den 15. Juni.')).toEqual(['Das Sommerfest verschieben wir auf Sonntag, den 15. Juni.']);
  });
  it("reads a Spanish verb in the future of 'we' as a plan, and a view marked at a sentence's end as an opinion", () => {
    const said = replying([
      ['rosa', 'human', '¿Seguimos con el mismo catering?'],
      ['venue-bot', 'bot', 'El proveedor actual es Sabores del Sur. Options: A) full fee; B) half fee; C) no fee, same-day slots after 2 no-shows.'],
    ], 'rosa');
    expect(said('En lugar de Sabores del Sur, trabajaremos con Cocina Mar.')).toEqual(['En lugar de Sabores del Sur, trabajaremos con Cocina Mar.']);
    expect(said('Lo veremos.')).toEqual([]);
    expect(said('Option C is fair I think.')).toEqual([]);
  });
  it("reads a reply of an option's own words as its pick, though the tagger takes one of them for a verb", () => {
    // Every word on one side of the agent's either/or question ("samples" read as a verb).
    expect(answering('spec-writer', 'Palette stays at 40 EUR/m². For the meeting: physical samples board or slides only?')('samples board')).toEqual(['Samples board.']);
    // A name the agent wrote ("Wintergarten" read as a participle), the question closing another sentence.
    expect(answering('vendor-desk', 'The Festsaal seats 130. 135 needs either the Wintergarten extension (+EUR 1,800) or 5 guests at a lounge table in the foyer. Which do you prefer?')('Wintergarten.')).toEqual(['Wintergarten.']);
    // A word of the agent's message that is neither keeps its reading: "Laminate does look tired." picks nothing.
    expect(answering('kitchen-bot', 'Oak fronts or MDF fronts with laminate? Which one?')('Laminate does look tired after five years.')).toEqual([]);
  });
  it('reads a number however it is written: "2000" picks "2,000 copies", settles "2,000", and an option opens after "either"', () => {
    const printRun = answering('comms-bot', 'Final draft v4 attached. Print run with PrintHaus: 2,000 copies at £0.11 each or 5,000 at £0.07. Which?');
    expect(printRun('2000.')).toEqual(['2,000 copies at £0.11 each.']);
    expect(printRun('5,000.')).toEqual(['5,000 at £0.07.']);
    expect(replying([['print-bot', 'bot', 'The flyer is ready. How many should I print?'], ['nina', 'human', 'I would print 2,000 flyers.']], 'omar')('ok 2000')).toEqual(['2000.']);
    expect(answering('venue-bot', 'We can either book Hall A for 40 people or the Riverside room for 25 at 300 EUR.')('Hall A.')).toEqual(['Book Hall A for 40 people.']);
    // Alternatives asked in the question itself are framed by it.
    expect(answering('ops-agent', 'Should the limit be 1,000 EUR or 2,000 EUR?')('1,000')).toEqual(['Limit: 1,000.']);
    expect(answering('ops-agent', 'Budget tiers: 1,000, 2,000 or 5,000 EUR per month?')('2,000')).toEqual(['Budget tiers: 2,000.']);
    // A later alternative of a question says what its number is of.
    expect(answering('ops-agent', 'Should I print 2,000 or 5,000 copies?')('5000')).toEqual(['5,000 copies.']);
    expect(answering('ops-agent', 'Should I book 3 or 4 rooms for the offsite?')('4')).toEqual(['4 rooms for the offsite.']);
  });
  it('reads an acceptance run on without its comma as framing, as "Yes, …" is', () => {
    const hold = answering('ci-agent', 'With a 24h interval the Play step from 20% to 50% would land on Friday 13 March. Hold it until Monday?');
    expect(hold('yes hold till monday')).toEqual(['Hold till monday.']);
    expect(hold('ok then hold till monday')).toEqual(['Hold till monday.']);
    // Only a bare yes frames: "good call …" and "both …" say more with their first word.
    expect(hold('good call hold it till monday')).not.toContain('Call hold it till monday.');
    // What does not open with a step or a joining word keeps the acceptance's words.
    expect(hold('ok monday is fine')).toEqual(['Ok monday is fine.']);
  });

  it('reads a sentence that opens by naming its topic as no pick of the option that shares its word', () => {
    const said = replying([
      ['joaquin', 'human', 'The no-shows are killing us.'],
      ['clinic-bot', 'bot', 'Options: A) charge the full fee; B) charge half the fee; C) no fee, but same-day slots only after 2 no-shows.'],
    ], 'joaquin');
    expect(said("About the fee... I don't like to charge.")).toEqual([]);
    expect(said('The fee, yes.')).not.toEqual([]);
    // What follows the topic's colon or comma is the pick.
    expect(said('About the fee: C.')).toEqual(['No fee, but same-day slots only after 2 no-shows.']);
    expect(said('As for the fee, B.')).toEqual(['Charge half the fee.']);
  });
  it('reads the words that open a reply as no decision of their own: postponements, uncertainty, a task that takes care of something', () => {
    const said = replying([
      ['ines', 'human', 'Who caters the summer party?'],
      ['party-bot', 'bot', 'Two offers: Frischküche Müller for 900 EUR or Cocina Mar for 850 EUR.'],
    ], 'ines');
    expect(said('Die Entscheidung verschieben wir auf nächste Woche.')).toEqual([]);
    expect(said('Lo decidiremos el lunes con la junta.')).toEqual([]);
    expect(said('Honestly no idea, ask Maria.')).toEqual([]);
    expect(said('Take care of the invoices by Friday.')).not.toEqual([]);
  });
  it('reads letters written as initials with spaces ("z. B.", "d. h.", "J. R. Smith") as no sentence end', () => {
    const texts = (t: string) => splitSentences(t, engine.words.statements).map((x) => x.text);
    expect(texts('Soll ich ein Schreiben mit Frist aufsetzen, z. B. Rückmeldung bis 31. Mai? Das geht.')).toEqual(['Soll ich ein Schreiben mit Frist aufsetzen, z. B. Rückmeldung bis 31. Mai?', 'Das geht.']);
    expect(texts('Ask J. R. Smith. He signs.')).toEqual(['Ask J. R. Smith.', 'He signs.']);
    // A single letter before a word still ends its sentence.
    expect(texts('Take option B. C is too expensive.')).toEqual(['Take option B.', 'C is too expensive.']);
  });

  it('ends a sentence after a bare "No." but not inside "no. 14"', () => {
    expect(splitSentences('No. NPS is quarterly.', engine.words.statements).map((s) => s.text)).toEqual(['No.', 'NPS is quarterly.']);
    expect(splitSentences('Leave the parcel at no. 9 on Friday.', engine.words.statements).map((s) => s.text)).toEqual(['Leave the parcel at no. 9 on Friday.']);
  });
  it('ends a sentence after an emoji before a capital letter, the emoji staying with the sentence it closes', () => {
    expect(split("He's pleased, the paella stays on the menu 😂 He's asking for a late checkout.")).toEqual(["He's pleased, the paella stays on the menu 😂", "He's asking for a late checkout."]);
    expect(split('Great 👍🏽 Thanks!')).toEqual(['Great 👍🏽', 'Thanks!']);
    // Not before a lower-case word, not after a one-letter word, and not where the emoji opens the text.
    expect(split('Ok 👍 see you at nine.')).toEqual(['Ok 👍 see you at nine.']);
    expect(split('I ❤️ Berlin.')).toEqual(['I ❤️ Berlin.']);
    expect(split('😅 Seriously though, Thursday.')).toEqual(['😅 Seriously though, Thursday.']);
  });
  it('splits a message with a long run of spaces in linear time (what may stand before an emoji is read only where one is)', () => {
    const parts = split(`ab${' '.repeat(100_000)}xy 😂 Ok.`);
    expect([parts.length, parts[0].endsWith('xy 😂'), parts[1]]).toEqual([2, true, 'Ok.']);
  });
  it('states a clause without the emoji that closes it', () => {
    const found = candidates([['release-bot', 'bot', 'The release build is green.'], ['kim', 'human', 'Ship the release on Friday 🚀🚀']]);
    expect(found.map((c) => c.statement)).toEqual(['Ship the release on Friday.']);
    // (The clause keeps it, and what is read of it: a laugh or an emoji is a feature of its own.)
    expect(found[0].features).toContain('form:emoji');
  });

  it('ends a sentence before a lower-case word, as chat is written, but not after an abbreviation', () => {
    expect(split('prettier 3 is the trailing comma change, right? ugh')).toEqual(['prettier 3 is the trailing comma change, right?', 'ugh']);
    expect(split('wow! that was fast. thanks')).toEqual(['wow!', 'that was fast.', 'thanks']);
    expect(split('haha. fair. set it back to info')).toEqual(['haha.', 'fair.', 'set it back to info']);
    // An abbreviation, or a word with a period of its own, goes on.
    expect(split('Use the e.g. self-hosted runner, incl. its cache.')).toEqual(['Use the e.g. self-hosted runner, incl. its cache.']);
    expect(split('Kulturkreis Lindenhof e.V. welcomes you to a night of poems.')).toEqual(['Kulturkreis Lindenhof e.V. welcomes you to a night of poems.']);
    expect(split('Bitte ggf. Rechnung schicken.')).toEqual(['Bitte ggf. Rechnung schicken.']);
    expect(split('Geöffnet Mo. bis Fr. ab 9 Uhr, ab Jan. wieder länger.')).toEqual(['Geöffnet Mo. bis Fr. ab 9 Uhr, ab Jan. wieder länger.']);
    // A weekday's or month's short name goes on, but not before a capitalised word that starts a new sentence.
    expect(split('From August 3 then: Jonas Mon, Wed, Thu, Fri. Should the supplier call stay on Wednesday?')).toEqual(['From August 3 then: Jonas Mon, Wed, Thu, Fri.', 'Should the supplier call stay on Wednesday?']);
    expect(split('Deliveries Mon. to Fri. 14:00, closed Dec. 24 to Jan. 2.')).toEqual(['Deliveries Mon. to Fri. 14:00, closed Dec. 24 to Jan. 2.']);
    expect(split('Ask Fr. Müller, she books the room.')).toEqual(['Ask Fr. Müller, she books the room.']);
    // (A name or a subject after a date is the sentence going on.)
    for (const text of ['We agreed that until Dec. Marco covers the night shift.', 'From Jan. PayPal is the default.', 'Ab Okt. Frau Weber übernimmt die Abrechnung.']) expect(split(text)).toEqual([text]);
    expect(split('Release on Thu. The docs follow.')).toEqual(['Release on Thu.', 'The docs follow.']);
    // An imperative with what it acts on opens the next sentence too; a name with its verb does not.
    expect(split('Tri-County delivers Tue and Thu. Set up a standing delivery for the season?')).toEqual(['Tri-County delivers Tue and Thu.', 'Set up a standing delivery for the season?']);
    expect(split('The van is free until Fri. Book it for the move?')).toEqual(['The van is free until Fri.', 'Book it for the move?']);
    expect(split('Until Dec. Mark covers the night shift.')).toEqual(['Until Dec. Mark covers the night shift.']);
    expect(split('I think so. then we go with the van')).toEqual(['I think so.', 'then we go with the van']);
    expect(split('Instead of files. chart-agent already has read access.')).toEqual(['Instead of files.', 'chart-agent already has read access.']);
  });
  it('judges each period by a window of the words around it, not by the sentence so far', () => {
    // A line of 18 000 characters in which no period ends a sentence ("etc." before a capital):
    // read from the sentence's start, each judgement read a longer text, and the line cost the
    // square of its length. Each one now reads a window, whatever the line's length.
    const read: number[] = [];
    const spied = (re: RegExp) => ({ test: (text: string) => (read.push(text.length), re.test(text)) }) as unknown as RegExp;
    const { abbreviation, dateAbbreviation, numberAbbreviation, dayWithPeriod, dayOpening, monthName } = engine.words.statements;
    const words = { abbreviation: spied(abbreviation), dateAbbreviation: spied(dateAbbreviation), sentenceOpener: engine.words.statements.sentenceOpener, stepOpening: (text: string) => (read.push(text.length), engine.words.statements.stepOpening(text)), functionWord: engine.words.statements.functionWord, article: engine.words.statements.article, numberAbbreviation: spied(numberAbbreviation), dayWithPeriod: spied(dayWithPeriod), dayOpening: spied(dayOpening), monthName: spied(monthName) };
    const line = 'etc. And '.repeat(2_000);
    expect(splitSentences(line, words)).toHaveLength(1);
    expect(read.length).toBeGreaterThan(1_000);
    expect(Math.max(...read)).toBeLessThan(100);
    expect(splitSentences('Das Sommerfest ist am 14. Juni, z.B. mit Grill.', words).map((s) => s.text)).toEqual(['Das Sommerfest ist am 14. Juni, z.B. mit Grill.']);
  });
  it('finds the instruction after a lower-case chat opener, and nothing in a question asked without its mark', () => {
    const all = (lines: Array<[string, 'human' | 'bot', string]>) => allCandidates(lines).map((c) => c.statement);
    const agent: [string, 'human' | 'bot', string] = ['ops-bot', 'bot', "Debug logging is on in prod-values.yaml since 9 March, set by Tunde."];
    expect(all([agent, ['tunde', 'human', 'haha. fair. set it back to info']])).toContain('Set it back to info.');
    const asked = all([agent, ['dana', 'human', 'works for me. unrelated: is the printer on floor 2 jammed again or am I the only one']]);
    expect(asked.some((s) => /printer/i.test(s))).toBe(false);
    expect(all([agent, ['dana', 'human', 'did anyone check the other services']]).some((s) => /services/.test(s))).toBe(false);
    // A question word with its verb drawn in opens one too.
    expect(all([agent, ['dana', 'human', "who's working it then, I'm off monday"]]).some((s) => /working/i.test(s))).toBe(false);
    // Nor after the name of a speaker it is asked of: an @-mention, a name and a mark, or a name
    // and a question word.
    expect(all([agent, ['dana', 'human', '@ops-bot which choices do we have for the other services']]).some((s) => /choices/i.test(s))).toBe(false);
    expect(all([agent, ['dana', 'human', 'ops-bot how many services log at debug']]).some((s) => /services/i.test(s))).toBe(false);
    expect(all([agent, ['dana', 'human', 'ops-bot: is that the only service at debug']]).some((s) => /service/i.test(s))).toBe(false);
    // A speaker's name before a verb is the subject of a statement, and a question word with a verb
    // drawn in that opens an idiom opens no question.
    expect(all([['tunde', 'human', 'Who has the debug logging?'], agent, ['dana', 'human', 'tunde will set the other services back to info from monday']])).toContain('Tunde will set the other services back to info from monday.');
    expect(all([agent, ['dana', 'human', "what's done is done, set it back to info"]]).some((s) => /set it back to info/i.test(s))).toBe(true);
    // "Do" before an object is an instruction, not a question.
    expect(all([agent, ['dana', 'human', 'Do the other services as well.']])).toContain('Do the other services as well.');
  });
  it('ends a sentence after a run of marks as after one, wherever the run stops', () => {
    expect(split('Stop!!!!!! Now we wait.')).toEqual(['Stop!!!!!!', 'Now we wait.']);
    expect(split('What?!?! no way')).toEqual(['What?!?!', 'no way']);
    expect(split('Done...... Next we ship.')).toEqual(['Done......', 'Next we ship.']);
    expect(split(`x${'!'.repeat(5000)}y`)).toEqual([`x${'!'.repeat(5000)}y`]);
  });

  it('ends a sentence after a closing quote', () => {
    expect(splitSentences("Add the note: 'Runs small.' That matches the returns.", engine.words.statements).map((s) => s.text)).toEqual(["Add the note: 'Runs small.'", 'That matches the returns.']);
  });
  it('gives each list line its own sentence, without the marker', () => {
    expect(splitSentences('Options:\n1. Keep it\n- Drop it', engine.words.statements).map((s) => s.text)).toEqual(['Options:', 'Keep it', 'Drop it']);
  });
  it('splits a sentence holding two statements, not a hyphenated word', () => {
    const s = splitSentences('Exports are out for now, but the sample board stays in the beta.', engine.words.statements)[0];
    expect(splitClauses(lexicon, s).map((c) => c.text)).toEqual(['Exports are out for now', 'the sample board stays in the beta.']);
    const h = splitSentences('Per-team access and read-only links are in scope.', engine.words.statements)[0];
    expect(splitClauses(lexicon, h)).toHaveLength(1);
  });
  it('breaks no clause inside brackets or quotes: what they hold is said inside the clause around them', () => {
    const quoted = splitSentences("Mr Hendry is fine with zinc ('looks like a shed, but a posh one'), the plans go in on Monday.", engine.words.statements)[0];
    expect(splitClauses(lexicon, quoted).map((c) => c.text)).toEqual(["Mr Hendry is fine with zinc ('looks like a shed, but a posh one'), the plans go in on Monday."]);
    const bracketed = splitSentences('The hall is booked (the small one, but we can open the partition) and the caterer is confirmed.', engine.words.statements)[0];
    expect(splitClauses(lexicon, bracketed)).toHaveLength(1);
    // (Outside them it breaks as before.)
    const after = splitSentences("Zinc is fine ('a posh shed'), but the glazing stays as drawn.", engine.words.statements)[0];
    expect(splitClauses(lexicon, after).map((c) => c.text)).toEqual(["Zinc is fine ('a posh shed')", 'the glazing stays as drawn.']);
  });
  it('keeps a word said again for weight in the clause it opens: the negation stays with what it negates', () => {
    const stressed = splitSentences('And never — NEVER — put a dish out without its card, even if it waits in the kitchen.', engine.words.statements)[0];
    expect(splitClauses(lexicon, stressed)).toHaveLength(1);
    const stated = recorded([
      ['events-agent', 'bot', 'Noted: every dish on the buffet gets a tent card. Shall I add that to the checklist?'],
      ['dana', 'human', 'Good. And never — NEVER — put a dish out without its card, even if it waits in the kitchen.'],
    ]);
    const statements = [...stated.decisions, ...stated.review].map((d) => d.statement);
    expect(statements).toContainEqual(expect.stringMatching(/^Never\b.*put a dish out without its card/));
    expect(statements).not.toContainEqual(expect.stringMatching(/^Put a dish out/));
    // (Only a word said again between dashes: "Sí, sí, sí, y cambia …" still has two clauses.)
    const repeated = recorded([
      ['taller-bot', 'bot', '¿Cambio las pastillas hoy?'],
      ['kim', 'human', 'Sí, sí, sí, y cambia también los discos de freno.'],
    ]);
    expect([...repeated.decisions, ...repeated.review].map((d) => d.statement)).toContainEqual(expect.stringMatching(/^Cambia también los discos de freno/));
  });
});

/** Every candidate clause of a discussion, a plain clause (no cue) included: what the scorer weighs. */
function allCandidates(lines: Array<[string, 'human' | 'bot', string]>) {
  const messages = normalizeDiscussion(
    lines.map(([author, role, text]) => ({ author, role, text })),
    DEFAULT_CONFIG,
  );
  const { detections, answered } = detect(messages, engine.rules);
  const { verdict } = replyActs(messages, detections, answered, engine.words);
  const stems = new PorterStems(engine.words);
  return sentenceCandidates({ messages, detections, answered, verdict, lexicon, tuning: DEFAULT_TUNING.candidates, stems, negated: (lower) => negates(engine.lexicon, lower), ...slotReaders(engine, stems) });
}

/** The clauses the cues make something of. */
function candidates(lines: Array<[string, 'human' | 'bot', string]>) {
  return allCandidates(lines).filter((c) => c.hint !== null);
}

/** The statements of a person's message after the given ones (each case below varies that message). */
function replying(before: Array<[string, 'human' | 'bot', string]>, author = 'kim'): (answer: string) => string[] {
  return (answer) => candidates([...before, [author, 'human', answer]]).map((c) => c.statement);
}

/** The statements of an agent's proposal that a person's reply accepts. */
function acceptedSteps(offered: string, reply: string): string[] {
  return acceptedTyped(offered, reply).map(([statement]) => statement);
}

/** The same, each with the type it is recorded as. */
function acceptedTyped(offered: string, reply = 'Yes.'): Array<[string, string]> {
  return candidates([['ops-agent', 'bot', offered], ['kim', 'human', reply]]).filter((c) => c.cue === 'accepted-proposal').map((c) => [c.statement, c.type]);
}

/** The statements of a person's answer to one agent message. */
function answering(agent: string, said: string): (answer: string) => string[] {
  return replying([[agent, 'bot', said]]);
}

/** The pattern types the whole analysis records for a person's reply to an agent's message. */
function typesAtReply(offered: string, reply: string): string[] {
  return recorded([['ops-agent', 'bot', offered], ['kim', 'human', reply]]).patterns.filter((x) => x.messages[x.messages.length - 1] === 1).map((x) => x.type);
}

/** What the whole analysis records of a discussion (the shipped scorer weighing every candidate). */
function recorded(lines: Array<[string, 'human' | 'bot', string]>) {
  return analyseTask('T1', lines.map(([author, role, text]) => ({ author, role, text })), engine, new Set(['T1']));
}

describe('decision candidates', () => {
  it("keeps a new proposal the agent makes after a person's decision, and merges only a read-back of it", () => {
    const after = (proposal: string) =>
      candidates([
        ['omar', 'human', 'so 10 days is too short with our workshop calendar'],
        ['nina', 'human', 'ok, 21 days then.'],
        ['service-bot', 'bot', proposal],
        ['omar', 'human', 'ok do it'],
      ]).map((c) => [c.statement, c.sources]);
    // Sharing a word ("day") with the decision does not make a new proposal its restatement.
    expect(after('I could also keep 3 service slots per day free for the next 2 weeks. Do that?')).toEqual([
      ['21 days then.', [1]],
      ['Keep 3 service slots per day free for the next 2 weeks.', [2, 3]],
    ]);
    // Taking the decision up as the next step is the person's decision said again: its sources join,
    // also when the step says much more around the number it settled.
    expect(after('I can move the reminders to 21 days ahead, from tomorrow. Do that?')).toEqual([['21 days then.', [1, 2, 3]]]);
    expect(after('I can move all service reminders in the booking system to 21 days ahead, from tomorrow. Do that?')).toEqual([['21 days then.', [1, 2, 3]]]);
  });

  it("picks from what an agent's offer to do more puts up, not from the report around it; a message that asks or proposes a choice puts up all it says", () => {
    const report = 'The Friday mailing went out two hours late, opens are down to 31%.';
    const after = (offer: string) => replying([['mail-agent', 'bot', `${report} ${offer}`]], 'lea');
    // A remark naming a word of the report picks nothing, whether the offer is a proposal or sets out alternatives.
    expect(after('I can split the numbers by region if that helps.')('Hm. So much for Friday.')).toEqual([]);
    expect(after('I can send a reminder to the non-openers or wait a week.')('Hm. So much for Friday.')).toEqual([]);
    // What the offer puts up is still picked.
    // Picked, the agent's own offer is the step it offers, not something the person picking it can do.
    expect(after('I can send a reminder to the non-openers or wait a week.')('The non-openers.')).toEqual(['Send a reminder to the non-openers.']);
    expect(replying([['mail-agent', 'bot', 'Ich kann die Erinnerung heute schicken oder eine Woche warten.']], 'lea')('Die Erinnerung.')).toEqual(['Die Erinnerung heute schicken.']);
    // A person's own "I can" is theirs: picked by a colleague, it still says who does it.
    expect(replying([['jonas', 'human', 'I can drive the van on Friday, or we take the train on Saturday.']], 'lea')('The van then.')).toEqual(['Jonas: drive the van on Friday.']);
    // A question, a request to choose and a proposal of a choice lean on the sentences around them: they are put up with them.
    expect(replying([['desk-agent', 'bot', 'Acme quotes 42k, Borg 45k. Let me know which one.']], 'lea')('Borg.')).toEqual(['Borg.']);
    expect(replying([['desk-agent', 'bot', 'Acme quotes 42k, Borg 45k. Let me know.']], 'lea')('Borg.')).toEqual(['Borg.']);
    expect(replying([['desk-agent', 'bot', 'Monday is full. I suggest Tuesday. Wednesday also works.']], 'lea')('Wednesday.')).toEqual(['Wednesday.']);
    expect(replying([['desk-agent', 'bot', 'El lunes está lleno. Propongo el martes. El miércoles también sirve.']], 'lea')('El miércoles.')).toEqual(['El miércoles.']);
    expect(replying([['desk-agent', 'bot', 'Both of them are free on Wednesday at noon. Shall I set that up and tell them?']], 'lea')('Yes, Wednesday noon.')).toEqual(['Wednesday noon.']);
    // A list laid out line by line puts up its items.
    expect(replying([['desk-agent', 'bot', 'Two rooms are free:\n- the Garden room, 80 seats\n- Hall A, 200 seats\nI can book either for Thursday.']], 'lea')('The Garden room.')).toContain('The Garden room.');
  });

  it("keeps the step an agent asks leave for apart from a person's report it shares words with, even when the agent opens by taking something on", () => {
    const accepted = (report: string) =>
      candidates([
        ['ann', 'human', report],
        ['practice-agent', 'bot', "Understood. Shall I switch this morning's two vaccination appointments to the stock in the prep-room fridge?"],
        ['ann', 'human', 'ok do it.'],
      ]).map((c) => [c.statement, c.sources]);
    // A report's numbers are what a read-back of it repeats: a step that gives none of them is a
    // step of its own, accepted as such, and the report stays what it was.
    expect(accepted('The vaccine fridge is at 9 degrees.')).toEqual([["Switch this morning's two vaccination appointments to the stock in the prep-room fridge.", [1, 2]]]);
  });

  it("keeps a step an agent proposes for the people a person's decision names apart from it: shared names are no read-back", () => {
    const steps = (said: string, proposal: string) =>
      allCandidates([
        ['sam', 'human', said],
        ['ops-agent', 'bot', proposal],
        ['sam', 'human', 'yes pls'],
      ]).map((c) => [c.statement, c.sources]);
    expect(steps('From now on Katrin does the DE review, Marc the FR.', 'Got it. Shall I send the brief to Jonas and Élodie tonight and cc Katrin and Marc?')).toEqual([
      ['From now on Katrin does the DE review, Marc the FR.', [0]],
      ['Send the brief to Jonas and Élodie tonight and cc Katrin and Marc.', [1, 2]],
    ]);
    // A weekday is a value, not a name: a step that takes it up with the person reads the decision back.
    expect(steps('From now on Anna takes Friday.', 'Shall I put Anna on the Friday rota?')).toEqual([['From now on Anna takes Friday.', [0, 1, 2]]]);
  });

  it('says what is proposed after a label and the reason put between them, not the label alone', () => {
    expect(acceptedSteps("For the Sunday bake — since it's only rolls and pastries, Matthias could start at 4:30 instead of 2:00. Does that work?", 'Passt.')).toEqual(['For the Sunday bake, Matthias could start at 4:30 instead of 2:00.']);
    // A reason after what is said still goes with the reasons.
    expect(acceptedSteps('Matthias could start at 4:30 instead of 2:00, since it is only rolls. Does that work?', 'Passt.')).toEqual(['Matthias could start at 4:30 instead of 2:00.']);
  });

  it("reads a reply that opens with a value of the kind the agent's question puts up as that value, said apart from why", () => {
    expect(answering('booking-agent', 'Noted: no surgery on Saturdays. Last bookable slot 12:45?')('12:30. we need time to clean up and do the till')).toEqual(['Last bookable slot: 12:30.']);
    expect(answering('routing-agent', 'Noted. Interval 12 months for all species?')('6 months for rabbits and guinea pigs')).toEqual(['6 months for rabbits and guinea pigs.']);
    // (A bare number answers the one number the question gives.)
    expect(answering('booking-agent', 'House calls removed. Slot length for home visits: 30 minutes?')('60, plus travel. these cannot be rushed')).toEqual(['60, plus travel.']);
    // A value picked from the question's choice may be spelled out by what follows it.
    expect(answering('copydesk', 'Vote story: keep the Thursday 20:00 web push slot, or move it to Tuesday?')('tuesday. same drill, 19:00 file / 20:00 push.')).toEqual(['Tuesday. Same drill, 19:00 file / 20:00 push.']);
    // A value of another kind, or one said later in the reply, answers nothing asked.
    expect(answering('dispatch', 'The van is booked. Start at 6:00?')('3 drivers. we need all of them')).toEqual([]);
    expect(answering('booking-agent', 'Noted. Last bookable slot 12:45?')('Lunch is at 12:30 anyway.')).toEqual([]);
  });

  it('reads a day with its month as a date, so a new date for what the agent dated sets it', () => {
    const asked = answering('events-agent', 'Noted. Does the guest list deadline stay at 3 June?');
    expect(asked('guest list 28 may now, the caterer needs it earlier')).toEqual(['Guest list 28 may now, the caterer needs it earlier.']);
    // (A duration is no date: "10 days" answers nothing about 3 June.)
    expect(asked('guest list 10 days before, the caterer needs it earlier')).toEqual([]);
  });
  it('reads a rule a label announces after a determiner, and keeps the words a cue spans around as what it says', () => {
    const found = candidates([
      ['rel-bot', 'bot', 'The 2.3 build is ready. Shall I release it tomorrow, Friday?'],
      ['ana', 'human', 'One rule for the future: no release on a Friday, ever. Release on Tuesday the 17th as planned.'],
    ]);
    expect(found.map((c) => [c.statement, c.type])).toEqual([
      ['No release on a Friday, ever.', 'constraint'],
      ['Release on Tuesday the 17th as planned.', 'action_item'],
    ]);
    // A content word after "rule" makes a compound, not a label: no rule is announced.
    const reply = answering('ops-bot', 'The freeze covers hotfixes too. Keep it like that?');
    expect(reply("One rule change I'd question: the weekend freeze for hotfixes.")).not.toContain('The weekend freeze for hotfixes.');
  });

  it("states a settlement that names only a number with what the number is of, from the question it answers", () => {
    const found = candidates([
      ['lena', 'human', 'What should we charge for the sourdough loaf?'],
      ['shop-bot', 'bot', "Competitors nearby charge 4.50 to 5.20 EUR. I'd suggest 4.80 EUR."],
      ['lena', 'human', '4.80 it is.'],
    ]);
    expect(found.map((c) => [c.statement, c.type])).toEqual([['Sourdough loaf: 4.80 it is.', 'decision']]);
  });

  it('takes several options picked by their keys as one decision each, and a choice asked back as none', () => {
    const options = replying([
      ['marisol', 'human', 'Food cost is too high. Propose fixes.'],
      ['kitchen-bot', 'bot', 'Options: A) raise the hake from 22 to 24 EUR; B) swap the hake for cod; C) cut the cheek portion from 250 g to 220 g.'],
    ], 'marisol');
    const picked = ['Raise the hake from 22 to 24 EUR.', 'Cut the cheek portion from 250 g to 220 g.'];
    expect(options('Ok, A and C.')).toEqual(picked);
    expect(options('A + C')).toEqual(picked);
    expect(options('Vale, A y C.')).toEqual(picked);
    expect(options('A or C?')).toEqual([]);
  });

  it("takes a bare number as the one alternative of the agent's that names it", () => {
    const fee = replying([
      ['mark', 'human', 'Where are we on the Kessler fee?'],
      ['recruit-bot', 'bot', 'Our standard is 18% of first-year salary; Kessler asked for 15%. Options: hold at 18, meet at 16, or accept 15.'],
    ], 'mark');
    expect(fee('16.')).toEqual(['Meet at 16.']);
    // A question after the alternatives is what a bare number answers.
    const guests = replying([
      ['mark', 'human', 'Book the cellar room for the workshop.'],
      ['recruit-bot', 'bot', 'I can book the cellar room on Tuesday at 10, Wednesday at 14 or Friday at 9. How many guests should I plan for?'],
    ], 'mark');
    expect(guests('10.')).not.toContain('I can book the cellar room on Tuesday at 10.');
    // Bare numbers offered say nothing of what is done with them.
    const bare = replying([
      ['mark', 'human', 'When do we start the call?'],
      ['recruit-bot', 'bot', 'Is 9 or 12 better?'],
    ], 'mark');
    expect(bare('12.')).not.toContain('12 better.');
  });

  it('states a short pick that closes the choice as the alternative it names, from a list or a sentence with "or"', () => {
    // The alternatives may come from a person, with the agent's comparison in between.
    const venue = replying([
      ['lea', 'human', 'The venue can do the garden terrace for 300 EUR more, or the cellar bar at the usual price.'],
      ['event-bot', 'bot', 'The terrace needs a rain plan; the cellar bar holds 60 people, enough for the guest list.'],
    ], 'sam');
    expect(venue('Cellar bar then.')).toEqual(['The cellar bar at the usual price.']);
    // A list laid out line by line, without keys: the item's name, not its figures.
    const quotes = replying([
      ['clara', 'human', 'What came in for the roof?'],
      ['build-bot', 'bot', 'Three quotes for the roof:\n- Dachbau Ernst: 31,000 EUR, start in May\n- Holzbau Lindner: 28,500 EUR, start in June, gutters included\n- Meier GmbH: 35,200 EUR, start in April'],
    ], 'clara');
    expect(quotes('Lindner then.')).toEqual(['Holzbau Lindner.']);
    // A word two items share names neither of them.
    const twins = replying([
      ['clara', 'human', 'What came in for the roof?'],
      ['build-bot', 'bot', 'Two quotes for the roof:\n- Holzbau Ernst: 31,000 EUR, start in May\n- Holzbau Lindner: 28,500 EUR, start in June'],
    ], 'clara');
    expect(twins('Holzbau then.')).not.toContain('Holzbau Lindner.');
  });

  it('spells out an option picked by its key inside a longer sentence, however far back the list was', () => {
    const windowLines: Array<[string, 'human' | 'bot', string]> = [
      ['ines', 'human', 'How do we handle the move of the archive server?'],
      ['infra-bot', 'bot', 'Options:\n- **A:** Saturday night window 22:00-02:00, the archive read-only meanwhile\n- **B:** live migration with dual writes, no downtime but two days of double disk\n- **C:** a new server and a cut-over, about a week of setup\nI would recommend A.'],
      ['ole', 'human', 'B fills the disk, we are at 80% already.'],
      ['ines', 'human', 'Let me check the weekend traffic first.'],
      ['ole', 'human', 'Lunch at 12?'],
      ['ines', 'human', 'Sure.'],
      ['infra-bot', 'bot', 'The weekend traffic numbers are in the sheet.'],
    ];
    const window = replying(windowLines, 'ines');
    expect(window('We go with A on the 14th, as long as the copy finishes in 3 hours in a rehearsal.')).toEqual(['We go with A (Saturday night window 22:00-02:00) on the 14th, as long as the copy finishes in 3 hours in a rehearsal.']);
    expect(window('If the rehearsal runs over, we fall back to C and shift everything by a week.')).toEqual(['If the rehearsal runs over, we fall back to C (a new server and a cut-over) and shift everything by a week.']);
    // The dialogue features and the topic's importance read the words said, not the names set
    // beside the keys.
    const said = 'We go with A on the 14th, as long as the copy finishes in 3 hours in a rehearsal.';
    const [spelled] = candidates([...windowLines, ['ines', 'human', said]]).filter((c) => c.statement.startsWith('We go with A ('));
    expect(spelled.said).toBe(said);
    // An article is no key, and a number is one only after its label.
    expect(window('We go with a shorter window on the 14th, three hours at most.')).toEqual(['We go with a shorter window on the 14th, three hours at most.']);
    const numbered = replying([
      ['ines', 'human', 'Which printer do we lease?'],
      ['office-bot', 'bot', 'Two offers:\n1. Kyocera Ecosys M5526, colour laser, 455 EUR\n2. Canon i-Sensys MF655, 612 EUR'],
    ], 'ines');
    expect(numbered('We go with option 1 for the second floor as well, the toner is cheaper.')).toEqual(['We go with option 1 (Kyocera Ecosys M5526) for the second floor as well, the toner is cheaper.']);
    expect(numbered('We go with 2 printers on the second floor, the toner is cheaper.')).toEqual(['We go with 2 printers on the second floor, the toner is cheaper.']);
  });

  it('states a rule without the lead-in of news before its colon, but keeps a label and a lead-in that what follows needs', () => {
    const news = replying([['data-bot', 'bot', 'The deletion job keeps raw events for 13 months.']], 'jonas');
    expect(news('Kurze Info zur Aufbewahrung, der Datenschutz hat geantwortet: Rohdaten dürfen wir nur 6 Monate speichern.')).toEqual(['Rohdaten dürfen wir nur 6 Monate speichern.']);
    expect(news('Quick update from the call with legal today: we never keep raw events longer than 6 months.')).toEqual(['We never keep raw events longer than 6 months.']);
    // A label of a word or two names what the rule is about.
    expect(news('Raw events: we never keep them longer than 6 months.')).toEqual(['Raw events: we never keep them longer than 6 months.']);
  });

  it('joins a ban of a word or two to the instruction it follows, and leaves one after a decision a rule of its own', () => {
    const csm = replying([['ux-agent', 'bot', 'Three agency clients ask for white-label reports. Should their account leads tell them it is not in 2.0?']], 'priya');
    expect(csm('Yes, tell their account leads that white-label reports are not in 2.0 but planned for autumn. No dates, please.')).toEqual(['Tell their account leads that white-label reports are not in 2.0 but planned for autumn, no dates.']);
    const flaky = replying([['ci-agent', 'bot', 'Flaky tests broke 27 builds last week. Mute them or rerun them?']], 'priya');
    expect(flaky('Each muted test gets an issue with an owner. No automatic reruns.')).toEqual(['Each muted test gets an issue with an owner.', 'No automatic reruns.']);
  });

  it('moves what a decision is for ("so we can …") to its reasons, but keeps a conclusion "so" draws', () => {
    const found = candidates([
      ['ops-bot', 'bot', 'The rollback takes 6 minutes today. Shall I keep the old builds around?'],
      ['mia', 'human', "Keep the last 4 builds on the hosts so we can roll back past one build."],
    ]);
    expect(found.map((c) => [c.statement, c.reasons])).toEqual([['Keep the last 4 builds on the hosts.', ['we can roll back past one build']]]);
    // What the dialogue reads of it is what was said: the agent restating the purpose restates it.
    expect(found[0].said).toBe('Keep the last 4 builds on the hosts so we can roll back past one build.');
    const restated = candidates([
      ['ops-bot', 'bot', 'The rollback takes 6 minutes today. Shall I keep the old builds around?'],
      ['mia', 'human', 'Keep the last 4 builds on the hosts so we can roll back past one build.'],
      ['ops-bot', 'bot', 'Done: from now on we can roll back past one build.'],
    ]);
    expect(restated[0].features).toContain('next:agent-restates');
    // And the topic's importance divides its words by the words said (16), not by the statement's (8).
    const lines: Array<[string, 'human' | 'bot', string]> = [
      ['ops-bot', 'bot', 'The rollback takes 6 minutes today. Shall I keep the old builds around?'],
      ['mia', 'human', 'Keep the last 4 builds on the hosts so we can roll back past one build.'],
    ];
    const weighed = recorded(lines).review.find((r) => r.statement === 'Keep the last 4 builds on the hosts.')!;
    const words = lines.reduce((n, [, , text]) => n + wordCount(text), 0);
    expect(weighed.importance).toBeCloseTo(words / wordCount(lines[1][2]), 1);
    const drawn = replying([['van-bot', 'bot', 'Shall I plan the deliveries for Mondays again?']], 'mia');
    expect(drawn('The van is full on Mondays, so we deliver on Tuesdays from now on.')).toEqual(['The van is full on Mondays, so we deliver on Tuesdays from now on.']);
  });

  it("gives the agent's question's subject to the clause that answers it, not to the next one", () => {
    const found = replying([
      ['dietrich', 'human', 'Tell Brenner today.'],
      ['freight-bot', 'bot', 'I am drafting the mail to Brenner. Should it go to Ms Kaya (purchasing) or to the managing director?'],
    ], 'dietrich')('Yes, Kaya. And always cc Mr Polat from sales.');
    expect(found).toContain('Always cc Mr Polat from sales.');
    expect(found.some((s) => /Kaya: always/i.test(s))).toBe(false);
    // A courtesy before the answer decides nothing: the answer still takes the subject.
    const monthly = replying([
      ['ines', 'human', 'Can you plan the club newsletter?'],
      ['club-bot', 'bot', 'Should the newsletter go out weekly, or monthly?'],
    ], 'ines')('Good point. Monthly from now on.');
    expect(monthly).toEqual(['Newsletter: monthly from now on.']);
    // An answer that names the question's thing in a compound, as German does, needs no label.
    const fee = replying([
      ['jana', 'human', 'Wie viele Retouren hatten wir im März?'],
      ['shop-bot', 'bot', 'Im März gab es 212 Retouren, die Rücksendegebühr von 3,95 € hat 64 Kunden abgeschreckt. Soll die Gebühr bleiben?'],
    ], 'jana')('Die Rücksendegebühr bleibt bei 3,95 €.');
    expect(fee).toEqual(['Die Rücksendegebühr bleibt bei 3,95 €.']);
  });

  it('names what a question puts a value on by the words beside the value, or by the label before it', () => {
    // [the agent's question, the person's answer, the statement recorded]
    const cases: Array<[string, string, string]> = [
      // A clock time's colon is no label: the answer still takes the question's subject.
      ['Understood: Saturday hours 9:00–14:00 from 4 April. Last online slot 13:30 then?', '13:30 yes.', 'Last online slot: 13:30 yes.'],
      // The value words next to a number go with it ("Wednesday 25").
      ['Understood. Delivery Wednesday 25 at 7:00?', 'tuesday 24th', 'Delivery: Tuesday 24th.'],
      // An agent's "Understood:" before the line that puts up the value names nothing.
      ['Understood: contract term 6 or 12 months. Which one?', '6 months.', 'Contract term: 6 months.'],
      // A question that opens with a value after a label asks about what the label names ...
      ['Noted, max 2 split shifts per week. Publishing: 7 days ahead ok, or longer?', '14 days yeah', 'Publishing: 14 days yeah.'],
      // ... unless the label is a name or a word for the kind of text; and what is left of a
      // phrase that names nothing once its values are out ("ahead", "vorher") is no subject.
      ['Carmen: 7 days ahead ok?', '14 days', '14 days.'],
      ['Hinweis: 7 Tage vorher ok?', '14 Tage', '14 Tage.'],
      ['Re: 7 days ahead ok, or longer?', '14 days', '14 days.'],
      ['Question: 7 days ahead ok, or longer?', '14 days', '14 days.'],
      // A phrase before a comma or a dash is someone addressed only when it is a name.
      ['Delivery window, 2 or 3 days?', '3 days', 'Delivery window: 3 days.'],
      ['Dress code – smart or casual?', 'casual', 'Dress code: casual.'],
      // A first name that begins a thing's name is no person ("Amber alert"); a verb-like thing stays.
      ['Amber alert after 30 minutes?', '15 minutes', 'Amber alert: 15 minutes.'],
      ['Support 24/7?', 'weekdays only', 'Support: weekdays only.'],
      // A unit before the number names the thing; a name with a digit stays; a closing "ok" goes.
      ['Saturday opening hours 9:00–14:00?', '10:00–14:00', 'Saturday opening hours: 10:00-14:00.'],
      ['Response time 24 hours ok?', '48 hours', 'Response time: 48 hours.'],
      ['2FA grace period 30 days?', '14 days', '2FA grace period: 14 days.'],
      // A unit in capitals, or a range of hours, is part of the value.
      ['Storage quota 10GB ok?', '20GB', 'Storage quota: 20GB.'],
      ['Hours 9am–5pm ok?', '8am–6pm', 'Hours: 8am-6pm.'],
      ['Speed 100Mbps ok?', '200Mbps', 'Speed: 200Mbps.'],
      ['5G rollout Monday?', 'tuesday', '5G rollout: Tuesday.'],
      // A number before what it counts leaves the thing; a compound with a number stays whole.
      ['Need 4 invigilators in the hall?', '4 in the hall is fine', 'Invigilators: 4 in the hall is fine.'],
      ['Existing 15-minute vaccination bookings too?', 'no leave those', 'Existing 15-minute vaccination bookings: no leave those.'],
      // A statement that names the thing itself takes no label.
      ['Publishing: 7 days ahead ok, or longer?', 'Publishing 14 days ahead.', 'Publishing 14 days ahead.'],
      // A last question that only lists the values to choose from asks the question before it.
      ['When should the works start? Mid-May, during the outdoor season, or September?', 'may.', 'Works: May.'],
      // ... and after a yes-or-no question the last one asks of its own thing.
      ['Do you want the report sent by email? 10am or 2pm for the review call?', '2pm.', 'Review call: 2pm.'],
      // A phrase of values alone (days of the week, a number written out and its unit) names no thing.
      ['From 2 March Lucía works Tuesday, Wednesday and Thursday plus Monday — so four days a week?', 'no no, tres días.', 'No no, tres días.'],
      ['Your diary shows you working Monday, Wednesday and Thursday — is that still right?', 'no no, los lunes no.', 'No no, los lunes no.'],
    ];
    for (const [question, answer, statement] of cases) {
      expect({ question, answer, recorded: answering('ops-bot', question)(answer) }).toEqual({ question, answer, recorded: [statement] });
    }
    // A person of the discussion is no label either.
    expect(replying([['jonas', 'human', 'Can we publish the rota?'], ['rota-agent', 'bot', 'Jonas: 7 days ahead ok, or longer?']], 'kim')('14 days')).toEqual(['14 days.']);
  });

  it('names no subject by a person addressed with a dash ("Tom – could you …")', () => {
    expect(answering('ops-assistant', "Will do. Tom – could you send Station's pars by tomorrow noon so Friday's order is right?")('yep, by noon tomorrow')).toEqual(["Station's pars: by noon tomorrow."]);
  });

  it('names what a choice question is about without the first of the things it sets against each other', () => {
    const asked = answering('ticket-bot', 'Then: closed tickets older than 24 months are purged. Should the purge run daily or monthly?');
    expect(asked('monthly, first sunday night')).toEqual(['Purge run: monthly, first sunday night.']);
    // (A subject with no choice after it keeps its words.)
    expect(answering('club-bot', 'Should the newsletter go out weekly, or monthly?')('monthly')).toEqual(['Newsletter: monthly.']);
    // Wherever the word stands first in the question, and with a comma before the "or".
    expect(answering('ticket-bot', 'Should the daily purge run daily or monthly?')('monthly, first sunday night')).toEqual(['Daily purge run: monthly, first sunday night.']);
    expect(answering('ticket-bot', 'Should the purge run daily, or monthly?')('monthly, first sunday night')).toEqual(['Purge run: monthly, first sunday night.']);
    // A word of the second alternative that the first shares ("days") cuts nothing of it.
    // ("keep it simple" after it names nothing of its own: no statement.)
    expect(answering('docket-agent', '14 and 3 calendar days, or business days?')('calendar. keep it simple')).toEqual(['Calendar.']);
  });

  it("states a settlement of a day and an hour with the label of the agent's line that put them up", () => {
    const reply = (label: string) =>
      candidates([
        ['clara', 'human', 'Please arrange a meeting with the Lindqvists this week.'],
        ['assistant', 'bot', `The floor plans are about 80 % done.\n${label}: the Lindqvists can do Thursday 10:00 or Friday 15:00.`],
        ['clara', 'human', 'Thursday 10 is fine.'],
      ]).map((c) => c.statement);
    expect(reply('Meeting')).toEqual(['Meeting: Thursday 10 is fine.']);
    // A label that names no thing ("For reference") is no subject.
    expect(reply('For reference')).toEqual(['Thursday 10 is fine.']);
  });

  it('reads a conclusion drawn from what the agent said as a decision, not as a correction of its value', () => {
    const reply = (said: string) => candidates([
      ['lena', 'human', 'Flour went up 20% this month.'],
      ['shop-bot', 'bot', 'That adds about 0.30 EUR per sourdough loaf in cost.'],
      ['lena', 'human', said],
    ]).map((c) => [c.statement, c.type, c.cue]);
    expect(reply('Then the sourdough loaf costs 5.20 EUR.')).toEqual([['The sourdough loaf costs 5.20 EUR.', 'decision', 'conclusion']]);
    // Said as a plain statement right after the agent's figure, another figure corrects it.
    expect(reply('The sourdough loaf costs 5.20 EUR.')).toEqual([['The sourdough loaf costs 5.20 EUR.', 'constraint', 'value-correction']]);
  });

  it('reads an amount as a correction only of a value of its kind: not of a count of things, but of the value a tagged statement puts up', () => {
    const reply = (agent: string, said: string) => candidates([
      ['hire-bot', 'bot', agent],
      ['kofler', 'human', said],
    ]).map((c) => [c.statement, c.type, c.cue]);
    // "15 EUR" gives the fee the agent asked about; it corrects nothing of "27 ladders".
    expect(reply('27 ladders came back late in May. Shall we charge for late returns?', 'Yes. A fee of 15 EUR from the first late return, we waive it at our discretion.')).toEqual([
      ['A fee of 15 EUR from the first late return, we waive it at our discretion.', 'decision', 'accepted-answer'],
    ]);
    // "…, correct?" states the value it asks a yes for, as a sentence without the tag does.
    expect(reply('I listed 40 rental ladders. Day passes are 12 EUR as well, correct?', 'day passes are 15 EUR. only weekly passes are 12 EUR.')).toEqual([
      ['Day passes are 15 EUR.', 'constraint', 'value-correction'],
    ]);
  });

  it("records no step from an agent's offer that leaves its object open ('Should I adjust anything?'), and one from an offer that names something beside it", () => {
    const statements = (offer: string, reply: string) => recorded([
      ['mara', 'human', 'The new refund flow works fine, but Bauer complained about the delay.'],
      ['support-bot', 'bot', offer],
      ['mara', 'human', reply],
    ]).decisions.map((d) => d.statement);
    expect(statements('Should I adjust anything?', 'ok 30 then')).not.toContainEqual(expect.stringMatching(/anything/i));
    expect(statements('Shall I change anything else?', 'Yes, please.')).not.toContainEqual(expect.stringMatching(/anything/i));
    // An offer that names what it acts on is still a step the reply accepts, and so is one on
    // "something", which stands for what the discussion is about.
    expect(statements('Shall I raise the auto-approval limit to 30 EUR?', 'Yes, please.')).toContainEqual(expect.stringMatching(/auto-approval limit to 30 EUR/));
    expect(statements('Should I send something written to Bauer?', 'Yes, please.')).toContainEqual(expect.stringMatching(/something written/i));
    expect(statements('Should I draft something?', 'Yes, please.')).toContainEqual(expect.stringMatching(/draft something/i));
  });

  it('reads a fix followed by an acceptance of the rest as both a correction and a confirmation; a value inside the acceptance corrects nothing', () => {
    const draft: [string, 'human' | 'bot', string] = ['bar-bot', 'bot', 'Draft: Wed-Thu 16:00-23:00, Fri-Sat 12:00-00:00. House pale stays at £5.80 a pint. Want me to send it to the printer?'];
    const kinds = (reply: string) => recorded([draft, ['mia', 'human', reply]]).patterns.filter((x) => x.type === 'correction' || x.type === 'confirmation').map((x) => `${x.type} ${x.rule}`).sort();
    expect(kinds("Pale went up to £6.20 in January, you've got the old price. Rest looks ok")).toEqual(['confirmation confirmations/rest-accepted', 'correction statements/value-correction']);
    expect(kinds('Die Pale kostet seit Januar £6.20. Sonst passt alles.')).toEqual(['confirmation confirmations/rest-accepted', 'correction statements/value-correction']);
    // The acceptance names the value: it corrects nothing.
    expect(kinds('£6.20 is fine.')).not.toContain('correction statements/value-correction');
  });

  it('reads a value set against an earlier stated one it rules out as a correction, whoever stated it and however far back', () => {
    const corrections = (lines: Array<[string, 'human' | 'bot', string]>) => {
      const { decisions, patterns } = recorded(lines);
      return { patterns: patterns.filter((x) => x.type === 'correction').map((x) => x.rule), constraints: decisions.filter((d) => d.correction).map((d) => d.statement) };
    };
    const events: Array<[string, 'human' | 'bot', string]> = [
      ['margaret', 'human', 'Move the 30 April talk to Saturday 2 May, 10:30, in the children\'s area.'],
      ['events-agent', 'bot', "Got it: Sat 2 May, 10:30, children's area, cap 60 as for the others. Shall I contact the publishers?"],
    ];
    expect(corrections([...events, ['fatima', 'human', '40 not 60 for the kids one. the carpet area takes 40 max incl. parents']])).toEqual({ patterns: ['statements/value-correction'], constraints: ['40 not 60 for the kids one.'] });
    // (A colleague's reply in between: the 85 % is the agent's, two messages back, and the reply
    // denies the agent's statement as a reply right after it would; further back than that, the
    // value set against it is still read as a correction.)
    const strongroom: Array<[string, 'human' | 'bot', string]> = [
      ['margaret', 'human', 'Mrs Okafor offers her photo collection, about 3 metres. Do we have room?'],
      ['catalogue-agent', 'bot', 'The strongroom is at 85% capacity, so 3 metres would fit.'],
      ['margaret', 'human', 'We take it, but only with a signed deed of gift.'],
    ];
    const audit: [string, 'human', string] = ['sam', 'human', 'the strongroom is at 92% not 85, I did the audit in Feb'];
    expect(corrections([...strongroom, audit]).patterns).toEqual(['dialogue/value-denied']);
    expect(corrections([...strongroom, ['lee', 'human', 'I can collect it on Friday.'], audit]).patterns).toEqual(['statements/value-correction']);
    // A number nobody stated, or one only asked about, was not said: "X not Y" is a choice then.
    expect(corrections([...events.slice(0, 1), ['events-agent', 'bot', 'Shall I cap it at 60 as for the others?'], ['fatima', 'human', '40 not 60 for the kids one.']]).patterns).toEqual([]);
    expect(corrections([...events.slice(0, 1), ['events-agent', 'bot', 'Noted. Anything else for the talk?'], ['fatima', 'human', 'deposit 30 not 20, we got burned last year']]).patterns).toEqual([]);
    // A value said in a word is denied the same way ("on thurs" — "wednesday, not thursday"); a
    // negation of what is done by that day denies the doing, not the day.
    const photos: Array<[string, 'human' | 'bot', string]> = [
      ['fiona', 'human', '@social-agent the hot cross bun post needs new photos. Sepp is doing new ones on thurs.'],
      ['social-agent', 'bot', 'Noted: I will hold the post until the photos are in.'],
    ];
    expect(corrections([...photos, ['sepp', 'human', 'Photos I do wednesday, not thursday. Da back ich die Probecharge.']]).constraints).toEqual(['Photos I do wednesday, not thursday.']);
    expect(corrections([...photos, ['sepp', 'human', 'Thursday evening by post will not reach her by friday.']])).toEqual({ patterns: [], constraints: [] });
    // Passed on by the way or read out of a report, it still corrects.
    const later = (said: string) => corrections([...strongroom, ['lee', 'human', 'I can collect it on Friday.'], ['sam', 'human', said]]).patterns;
    expect(later('The strongroom is at 92% btw, not 85.')).toEqual(['statements/value-correction']);
    expect(later('The audit report says 92%, not 85.')).toEqual(['statements/value-correction']);
    // (Said in sarcasm it corrects nothing.)
    expect(later('Oh great, so the strongroom is at 92% btw, not 85 🙃')).toEqual([]);
    // (Nor as a supposition or a guess.)
    expect(later('If the auditors recount, it would be 92%, not 85.')).toEqual([]);
    expect(later('Probably 92% btw, not 85.')).toEqual([]);
    // An instruction that sets a value against a stated one corrects it too.
    const tour: Array<[string, 'human' | 'bot', string]> = [
      ['helen', 'human', '@tour-agent can you summarise the flight options?'],
      ['tour-agent', 'bot', 'Two ways to fly: A) easyJet to Málaga, £142 pp. B) Vueling via Barcelona, £236 pp. For 34 singers A comes to about £4,830 plus the coach.'],
      ['ruth', 'human', 'A. Three hours on a coach is too long.'],
    ];
    expect(corrections([...tour, ['gareth', 'human', 'Hold 36, not 34 — the Okafor sisters both confirmed yesterday.']])).toEqual({ patterns: ['statements/value-correction'], constraints: ['Hold 36, not 34.'] });
  });

  it("reads what a person says they told the agent before, with no mark after 'I told you', as the corrected fact", () => {
    const constraints = (reply: string) =>
      recorded([
        ['depot-agent', 'bot', 'The pump seals are late. Options: A) fit the spare seal from the shelf today; B) wait for the delivery on Friday. Which?'],
        ['tomas', 'human', reply],
      ]).decisions.filter((d) => d.correction).map((d) => d.statement);
    expect(constraints('A no. I told you the spare seal is for the north pump, it goes in on Monday.')).toContainEqual(expect.stringMatching(/^The spare seal is for the north pump/));
    expect(constraints('A no. I told you that the spare seal is for the north pump.')).toContainEqual(expect.stringMatching(/^The spare seal is for the north pump/));
    // ("I told you so" tells no fact, nor do "I told you not to …", a time or a topic after it.)
    expect(constraints('I told you so, those seals were always going to be late.')).toEqual([]);
    expect(constraints('I told you not to order any more seals.')).not.toContainEqual(expect.stringMatching(/^Not to order/));
    expect(constraints('I told you yesterday the walk-in thermostat is broken.')).not.toContainEqual(expect.stringMatching(/^Yesterday/));
    expect(constraints('I told you about the broken seal yesterday, use the spare.')).not.toContainEqual(expect.stringMatching(/^About/));
    // (What it frames says what something is: the object of the telling is no fact.)
    expect(constraints('I told you the whole story yesterday, just scrap it.')).not.toContainEqual(expect.stringMatching(/^The whole story/));
    // (Nor does one that looks back: "the oak was the better option" settles nothing now.)
    expect(constraints('I told you the oak was the better option.')).toEqual([]);
  });

  it("reads a proposal verb put first with its 'I' left out ('Suggest 50 blue and 50 red this time?') as the agent's proposal, which a person's yes accepts", () => {
    const offered = 'Last year we ordered 40 blue and 60 red mugs. Suggest 50 blue and 50 red this time?';
    expect(acceptedSteps(offered, 'yes, perfect')).toEqual(['50 blue and 50 red this time.']);
    expect(acceptedSteps('The old supplier is 4% cheaper on the reorder. Recommend we keep them for the autumn order.', 'Agreed.')).toEqual(['We keep them for the autumn order.']);
    // A label that says what kind of text follows proposes nothing of its own.
    expect(acceptedSteps('Suggested order for the fixes: the focus styles first, then the icon names. Any changes?', 'no changes')).not.toContain('Suggested order for the fixes.');
  });

  it('takes the step a last question asks leave for from the sentence that put it up in full', () => {
    const asked = 'The JSON export dropped the decimals in the totals. I would like to move the exchange between services to Avro files with a strict schema. OK to move to Avro?';
    expect(acceptedSteps(asked, 'Approved.')).toEqual(['Move the exchange between services to Avro files with a strict schema.']);
    // A question that asks for more than the sentence before put up is its own step.
    expect(acceptedSteps('I would like to switch the handoff to Parquet files. OK to switch the charts to Parquet too?', 'Approved.')).toEqual(['Switch the charts to Parquet too.']);
  });

  it('states an offered step without the joining word after the offer ("I could also …")', () => {
    expect(acceptedSteps('I could also keep 3 service slots free next week. Do that?', 'ok do it')).toEqual(['Keep 3 service slots free next week.']);
    expect(acceptedSteps('I can then send the rota to the drivers. Shall I?', 'yes')).toEqual(['Send the rota to the drivers.']);
    // A name or a day after the cue is what is proposed, not someone addressed.
    expect(acceptedSteps('I propose Anna, not Tom, as the on-call lead for March. OK?', 'yes')).toEqual(['Anna, not Tom, as the on-call lead for March.']);
    expect(acceptedSteps('I suggest Monday, Wednesday and Friday for the standups. OK?', 'yes')).toEqual(['Monday, Wednesday and Friday for the standups.']);
  });

  it('takes an ask for the person\'s word ("Let me know if …") as no step the agent offers', () => {
    expect(acceptedSteps('Test sent to the number ending 123. Let me know if the wording reads ok.', 'reads fine.')).toEqual([]);
    expect(acceptedSteps('Entwurf ist im Ordner. Sag mir Bescheid, wenn er passt.', 'passt.')).toEqual([]);
    expect(acceptedSteps('Test sent. Keep me posted, and let me know if the wording reads ok.', 'reads fine.')).toEqual([]);
    // "Let me" before a step still offers it, and so does a step after the ask.
    expect(acceptedSteps('The quote is ready. Let me send it to the client today.', 'ok do it')).toEqual(['Send the quote to the client today.']);
    expect(acceptedSteps("The quote is ready. Let me know and I'll send it to the client today.", 'ok')).toEqual(['Send the quote to the client today.']);
    // A person's request that ends by asking to hear back is still a request.
    expect(answering('legal-bot', 'Contract is signed.')('Please send the signed contract to Marc by Friday and let me know when done.')).toEqual(['Please send the signed contract to Marc by Friday and let me know when done.']);
  });

  it("takes an approval of the agent's 'OK to …?' as the step it asks leave for", () => {
    for (const asked of ['The old export breaks the dates. OK to move the export to ISO dates?', 'The old export breaks the dates. Is it okay to move the export to ISO dates?']) {
      const found = candidates([
        ['lena', 'human', 'Can you fix the export?'],
        ['data-bot', 'bot', asked],
        ['lena', 'human', 'Approved.'],
      ]);
      expect([asked, found.map((c) => c.statement)]).toEqual([asked, ['Move the export to ISO dates.']]);
    }
  });

  it("takes a bare yes, or a yes with the value, to the agent's 'Shall we …?' as the proposal it answers", () => {
    for (const asked of ['Shall we open the shop at 9:00 on Saturdays?', 'Shall I open the shop at 9:00 on Saturdays?']) {
      for (const answer of ['Yes.', 'Yes, 9:00.']) {
        const found = candidates([
          ['lena', 'human', 'Can you plan the Saturday opening hours?'],
          ['shop-bot', 'bot', asked],
          ['lena', 'human', answer],
        ]);
        expect([asked, answer, found.map((c) => c.statement)]).toEqual([asked, answer, ['Open the shop at 9:00 on Saturdays.']]);
      }
    }
  });

  it("reads German and Spanish function words as no content: an offer to do 'it' names nothing a reader could act on", () => {
    for (const [offer, yes] of [
      ['Soll ich es veröffentlichen?', 'Ja, bitte.'],
      ['¿Quieres que lo publique?', 'Sí, por favor.'],
      ['Shall I publish it?', 'Yes, please.'],
    ]) {
      const found = candidates([
        ['jana', 'human', 'Kannst du die Öffnungszeiten für die Website zusammenstellen?'],
        ['praxis-bot', 'bot', `Montag bis Freitag 8:00 bis 18:00. ${offer}`],
        ['jana', 'human', yes],
      ]);
      expect([offer, found.map((c) => c.statement)]).toEqual([offer, []]);
    }
    // An English word that is also a Spanish or German one stays content.
    const reply = answering('farm-bot', 'The feed order for the calves is due on Friday.');
    expect(reply('Order hay.')).toEqual(['Order hay.']);
  });

  it('reads an English clause that opens with a verb in its base form as a step, whatever the verb, but not a noun the tagger may take for one', () => {
    const reply = answering('stage-bot', 'The Look Unique hazer stays below the detector limit. Rental is 180 EUR per week.');
    const step = candidates([['stage-bot', 'bot', 'The Look Unique hazer stays below the detector limit.'], ['greta', 'human', 'Do it. Rent the Look Unique for the whole run.']]);
    expect(step.map((c) => [c.statement, c.type, c.cue])).toEqual([['Rent the Look Unique for the whole run.', 'action_item', 'imperative']]);
    // What it acts on may open with a number in words as well as in digits.
    const seats = candidates([['event-bot', 'bot', 'The stage by the lake is not step-free.'], ['lucia', 'human', 'Save three end seats in the second row for the grandparents.']]);
    expect(seats.map((c) => [c.statement, c.type, c.cue])).toEqual([['Save three end seats in the second row for the grandparents.', 'action_item', 'imperative']]);
    // The verb alone is its cue: "Draft it." says nothing a reader could act on.
    expect(reply('Draft it.')).toEqual([]);
    expect(reply('Load time matters more than colour choice here.')).toEqual([]);
    expect(reply('Back from the offsite.')).toEqual([]);
    // Past the word that accepts, as the same step said alone.
    const sell = candidates([['ops-agent', 'bot', 'The old HS 82 trimmer: keep it as a backup or sell it?'], ['kevin', 'human', 'sell. nobody wants a backup that dies every month'], ['greg', 'human', 'ok sell the 82']]);
    expect(sell.filter((c) => c.p === 2).map((c) => [c.statement, c.cue])).toEqual([['Ok sell the 82.', 'imperative']]);
  });

  it('keeps an instruction on "it" that sets a value, and drops one that names nothing (a number, a weekday: "Cap it at 8.", "Ship it on Friday.")', () => {
    const perMorning = answering('clinic-bot', 'How many cats per morning should I book?');
    expect(perMorning('Cap it at 8.')).toEqual(['Cap it at 8.']);
    expect(perMorning('Make it 8.')).toEqual(['Make it 8.']);
    expect(perMorning('Make it eight.')).toEqual(['Make it eight.']);
    expect(answering('release-bot', 'The release build is green.')('Ship it on Friday.')).toEqual(['Ship it on Friday.']);
    // Without a value the verb alone is its cue, and a statement about what we do sets nothing.
    expect(answering('release-bot', 'The release build is green.')('Ship it.')).toEqual([]);
    expect(answering('hr-bot', 'The draft contract has a trial period of 4 weeks.')('Trial period is 8 weeks, not 4. We always do 8.')).toEqual(['Trial period is 8 weeks, not 4.']);
  });

  it('keeps a step given to a person apart from the choice before it ("Friday it is. Pieter, you take the call.")', () => {
    const said = allCandidates([
      ['pieter', 'human', 'I can do the handover calls.'],
      ['front-agent', 'bot', 'Riverside offers three slots for the weekly call: Monday 08:00, Wednesday 13:00, Friday 17:00.'],
      ['maren', 'human', 'Friday it is. Pieter, you take the call.'],
    ]).filter((c) => c.p === 2).map((c) => c.statement);
    expect(said).toEqual(['Friday it is.', 'Pieter: you take the call.']);
  });

  it("never takes the agent a question addresses for the question's subject", () => {
    const said = allCandidates([
      ['lena', 'human', 'Shelf, how busy were the Thursday evenings in June after 19:00?'],
      ['Shelf', 'bot', 'Four Thursdays in June: on average 11 visitors between 19:00 and 20:00, with 2 staff on duty.'],
      ['ute', 'human', 'Ab sofort Donnerstag bis 19 Uhr.'],
    ]).filter((c) => c.p === 2).map((c) => c.statement);
    expect(said).toEqual(['Thursday evenings: ab sofort Donnerstag bis 19 Uhr.']);
  });

  it("reads German 'nur' as a rule only where 'only' would be one ('nur mit Ausweis'), not in a report ('nur noch 50')", () => {
    const reply = answering('lab-agent', 'The courier comes at 17:00 tomorrow. Anything I should order?');
    expect(reply('Wir haben nur noch ungefähr 50 Barcode-Etiketten.')).toEqual([]);
    expect(reply('Der alte Logger hat nur gepiept.')).toEqual([]);
    expect(reply('Zugang zum Kühlraum nur mit Ausweis.')).toEqual(['Zugang zum Kühlraum nur mit Ausweis.']);
  });

  it('reads "X then." as a pick of a value a message just before it named, though no one offered it as a choice, and a remark that names none as no decision', () => {
    const said = replying(
      [
        ['desk-agent', 'bot', 'Booking data for the last 8 weeks: Tuesday and Thursday mornings have the fewest dog appointments.'],
        ['sanne', 'human', "Thursday mornings I'm in surgery."],
      ],
      'maren',
    );
    expect(said('Tuesdays then.')).toEqual(['Tuesdays then.']);
    expect(said('Best year yet then.')).toEqual([]);
  });

  it('reads "X then." as a pick of a value put up just before it in another language', () => {
    const said = replying(
      [
        ['megan', 'human', "I'll train the milkers on reading the plates Thursday after morning milking."],
        ['carmen', 'human', 'El jueves no, viene el nutricionista a las 8. Viernes mejor.'],
      ],
      'megan',
    );
    expect(said('Friday then, same time.')).toEqual(['Friday then, same time.']);
    // (A day no one put up is no pick of one.)
    expect(said('Monday then, same time.')).toEqual([]);
  });

  it('keeps a qualifier opened by "but" with the statement it qualifies ("Paper stays, but with a 15 € scan fee")', () => {
    const said = answering('office-bot', 'Paper drop-off stays possible for clients without online access. Should there be a fee for it?')('Yes, paper stays for them, but with a scan fee of 15 € a month.');
    expect(said.filter((x) => /paper/i.test(x))).toEqual(['Paper stays for them, but with a scan fee of 15 € a month.']);
    expect(answering('product-bot', 'Themes: all of them in the beta?')('Themes are out for the beta, but Marta gets her demo board.')).toEqual(expect.arrayContaining(['Themes are out for the beta.']));
  });

  it('reads a decision after "but" in a sentence of its own ("I hear you but we go with A.")', () => {
    const found = candidates([
      ['clinic-bot', 'bot', 'Options: (A) one full dental day on 17 June, (B) two Friday afternoons.'],
      ['mia', 'human', 'B is easier for the staff honestly'],
      ['keller', 'human', 'I hear you but we go with A. One setup, one cleanup.'],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['One full dental day on 17 June.']);
  });

  it("keeps an option the agent offered that opens the reply before a comma: it is the pick, not a name addressed", () => {
    const reply = answering('shop-bot', 'Metal pads or resin? Metal lasts longer in the wet, resin is quieter.');
    expect(reply('Metal, because they ride in the rain all winter.')).toEqual(['Metal, because they ride in the rain all winter.']);
    // A name that is no option is still whom the clause speaks to.
    expect(reply('Priya, order the metal pads.')).toEqual(['Order the metal pads.']);
  });

  it('takes no subject from a question that asks for more ("Anything else?")', () => {
    const reply = answering('home-bot', 'Draft: Tom does Tuesdays, you do Thursdays. Anything else?');
    expect(reply('Yes. One more rule: Wednesday afternoons belong to Oma.')).toEqual(['Wednesday afternoons belong to Oma.']);
  });

  it('reads an opinion marker in the part it qualifies: before any comma the clause is a view, after one only its reason is', () => {
    const reply = answering('db-bot', 'Postgres or MySQL for the new service?');
    expect(reply('The driver is the bigger issue imo, not the version.')).toEqual([]);
    expect(reply('We go with Postgres, imo the safer bet.')).toEqual(['We go with Postgres, imo the safer bet.']);
  });

  it("takes 'good' as an acceptance of the agent's proposal, but not 'good to know' or 'good question'", () => {
    const reply = answering('it-bot', 'Proposal: call the copier company, the service contract covers both parts.');
    expect(reply('Good. The heating in room 112 is awful.')).toContain('The heating in room 112 is awful.');
    expect(reply('Ah, good to know. The heating in room 112 is awful.')).not.toContain('The heating in room 112 is awful.');
    expect(reply('Good question. The heating in room 112 is awful.')).not.toContain('The heating in room 112 is awful.');
  });

  it('states the decision without its preamble, one per decisive clause', () => {
    const found = candidates([
      ['ops-bot', 'bot', 'The nightly jobs write their reports to three different places today.'],
      ['kim', 'human', 'OK. Decision: every nightly job writes its report to the shared drive as CSV. And as a rule: nobody deletes a report by hand.'],
    ]);
    expect(found.map((c) => [c.statement, c.type])).toEqual([
      ['Every nightly job writes its report to the shared drive as CSV.', 'decision'],
      ['Nobody deletes a report by hand.', 'constraint'],
    ]);
  });

  it("takes what a rule label announces as the rule, even when it is said in the first person ('New rule: I only need …')", () => {
    const found = candidates([
      ['books-bot', 'bot', 'This week: seven purchase orders for your sign-off.'],
      ['thomas', 'human', 'Fine. New rule: I only need to sign orders over 2,500. Everything else Jonas signs.'],
    ]);
    expect(found.find((c) => c.statement.startsWith('I only need'))).toMatchObject({ statement: 'I only need to sign orders over 2,500.', type: 'constraint' });
    // An acceptance label before an explanation makes no decision of it.
    expect(candidates([['books-bot', 'bot', 'Kessler is 2,000 cheaper than Huber.'], ['thomas', 'human', "Fine by me: it's 2,000 cheaper anyway."]])).toEqual([]);
    // Without the label the same words explain a wish; they rule nothing.
    const plain = candidates([
      ['books-bot', 'bot', 'This week: seven purchase orders for your sign-off.'],
      ['thomas', 'human', 'I only need to sign orders over 2,500.'],
    ]);
    expect(plain).toEqual([]);
  });

  it("turns an agent's accepted offer into a decision and a bare acceptance into none", () => {
    const found = candidates([
      ['kim', 'human', 'The staging certificate expires on Friday.'],
      ['ops-bot', 'bot', 'Shall I renew it with the ACME client and add a reminder two weeks before expiry?'],
      ['kim', 'human', 'Yes, go ahead.'],
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ statement: 'Renew it with the ACME client and add a reminder two weeks before expiry.', type: 'action_item', strength: 'accepted', sources: [1, 2] });
  });

  it('keeps a currency sign that opens the statement with its number', () => {
    const said = replying([['rev', 'bot', 'The Segelclub asks for a group rate. Shall we offer €195?']], 'sophie');
    expect(said('€185 then, but non-refundable with full prepayment by 15 May.')).toEqual(['€185 then, but non-refundable with full prepayment by 15 May.']);
    expect(said('$185 it is.')).toEqual(['$185 it is.']);
  });

  it('reads an acceptance followed by a number as saying something of its own, with or without a comma', () => {
    const said = replying([['felix', 'human', 'we need 2 people behind the bar on sat, we had 180 guests last saturday']], 'nina');
    expect(said('ok 2 on saturdays from now on')).toEqual(['Ok 2 on saturdays from now on.']);
    expect(said('ok, 2 on saturdays from now on')).toEqual(['2 on saturdays from now on.']);
    // Without a number, one content word after the acceptance is still only the acceptance.
    expect(said('ok fine by me')).toEqual([]);
  });

  it('knows a person of the discussion by first name when a step is addressed to them, unless two share it', () => {
    const before: Array<[string, 'human' | 'bot', string]> = [
      ['Jonas Pfeiffer', 'human', 'Heads-up from the depot: the driver on Umlauf 12 has to sign on at 06:20.'],
      ['routa', 'bot', 'The roster freeze is on 6 March. Shall I note the new sign-on time?'],
    ];
    expect(replying(before, 'Katrin Vogel')('Jonas, please update the Umlauf 12 duty card before the roster freeze.')).toEqual(['Jonas Pfeiffer: please update the Umlauf 12 duty card before the roster freeze.']);
    // Two people called Jonas: the first name names neither.
    const two: Array<[string, 'human' | 'bot', string]> = [['Jonas Weber', 'human', 'Same here.'], ...before];
    expect(replying(two, 'Katrin Vogel')('Jonas, please update the Umlauf 12 duty card before the roster freeze.')).toEqual(['Please update the Umlauf 12 duty card before the roster freeze.']);
    // Nor is the speaker's own first name someone else.
    expect(replying(before, 'Jonas Pfeiffer')('Jonas, please update the Umlauf 12 duty card before the roster freeze.')).toEqual(['Please update the Umlauf 12 duty card before the roster freeze.']);
  });

  it("keeps the person a step is addressed to ('Noor, tell …'), but not an agent, a name that never spoke or the speaker", () => {
    const said = replying(
      [
        ['noor', 'human', 'The sports desk sends its results on Thursday.'],
        ['cal', 'human', 'And the printer wants the files by Wednesday.'],
        ['news-bot', 'bot', 'For a Monday send I need the results by Friday noon. Shall I tell the sports desk?'],
      ],
      'miriam',
    );
    expect(said('Noor, tell the sports desk their results deadline moves to Friday noon.')).toEqual(['Noor: tell the sports desk their results deadline moves to Friday noon.']);
    expect(said('Noor, please tell the sports desk their results deadline moves to Friday noon.')).toEqual(['Noor: please tell the sports desk their results deadline moves to Friday noon.']);
    // A name that is also the first word of the step is still the person addressed.
    expect(said('Cal, call the sports desk about the Friday deadline.')).toEqual(['Cal: call the sports desk about the Friday deadline.']);
    expect(said('News-bot, tell the sports desk their results deadline moves to Friday noon.')).toEqual(['Tell the sports desk their results deadline moves to Friday noon.']);
    expect(said('Jonas, tell the sports desk their results deadline moves to Friday noon.')).toEqual(['Tell the sports desk their results deadline moves to Friday noon.']);
    expect(said('Miriam, tell the sports desk their results deadline moves to Friday noon.')).toEqual(['Tell the sports desk their results deadline moves to Friday noon.']);
    // Telling someone how things stand for them gives them no step; what they are doing from now on is one.
    expect(said("Noor, you're done with the results from now on.")).toEqual(["You're done with the results from now on."]);
    expect(said("Noor, you're taking the Friday results from now on.")).toEqual(["Noor: you're taking the Friday results from now on."]);
  });

  it("reads a step after an @-handle as the step: '@booking-agent block both pitches' tells the agent to block them", () => {
    const said = replying(
      [
        ['jens', 'human', 'Summer tournament: which date?'],
        ['booking-agent', 'bot', 'Both pitches are free on Sat 13 June and Sun 5 July.'],
      ],
      'jens',
    );
    expect(said('@booking-agent block both pitches 13 june 8-18h')).toEqual(['Block both pitches 13 june 8-18h.']);
    expect(said('@booking-agent: block both pitches 13 june 8-18h')).toEqual(['Block both pitches 13 june 8-18h.']);
    // Each handle opens its own step, in the middle of a message too.
    expect(said('13 june is good. @booking-agent block both pitches that day. @newsletter-agent send the invitation to the clubs by end of feb')).toEqual(['Block both pitches that day.', 'Send the invitation to the clubs by end of feb.']);
    // A handle before a verb that has it for its subject is what the sentence is about: it stays.
    expect(said('@booking-agent has the 13 june slot, both pitches 8-18h')).toEqual(['@booking-agent has the 13 june slot, both pitches 8-18h.']);
    // A verb in the past after the handle too: the sentence's content starts at the handle.
    expect(contentStart(lexicon, '@booking-agent blocked both pitches for 13 june')).toBe(0);
    expect(contentStart(lexicon, '@booking-agent block both pitches for 13 june')).toBe('@booking-agent '.length);
  });

  it("names the person who accepted an offer where the agent said 'you' to them, and leaves a 'you' that acts", () => {
    const offer = (text: string) =>
      candidates([
        ['britta', 'human', 'The neighbour at no. 22 parks in front of our gate again.'],
        ['office-bot', 'bot', text],
        ['britta', 'human', 'Yes, do that.'],
      ]).map((c) => c.statement);
    expect(offer('Shall I write a note to no. 22 for you to sign, with your address as the sender?')).toEqual(["Write a note to no. 22 for Britta to sign, with Britta's address as the sender."]);
    expect(offer('Shall I send the note to no. 22 unless you object?')).toEqual(['Send the note to no. 22 unless you object.']);
    // Words the agent quotes, and a "you" that is a group, stay as written.
    expect(offer("Shall I end the note to no. 22 with 'Thank you for your understanding'?")).toEqual(["End the note to no. 22 with 'Thank you for your understanding'."]);
    expect(offer('Shall I send the note to no. 22 to you all for review first?')).toEqual(['Send the note to no. 22 to you all for review first.']);
    // A proposal that names another person of the discussion may mean them by "you": left as said.
    const named = candidates([
      ['emil', 'human', 'The neighbour at no. 22 parks in front of our gate again.'],
      ['office-bot', 'bot', 'Emil, shall I write a note to no. 22 for you to sign?'],
      ['britta', 'human', 'Yes, do that.'],
    ]).map((c) => c.statement);
    expect(named).toEqual(['Write a note to no. 22 for you to sign.']);
  });

  it("turns each decisive sentence of an accepted labelled suggestion into a decision, without its conditions and figures", () => {
    const found = candidates([
      ['kim', 'human', 'How do we check it is really him? He writes from a new address.'],
      ['support-bot', 'bot', "Suggestion: send a confirmation code to the phone number on the old account. If that number is gone, ask for the last invoice number. No passport copies (e.g. 'a scan'), we would have to store them. Shall I?"],
      ['kim', 'human', 'Makes sense, do that.'],
    ]);
    expect(found.map((c) => [c.statement, c.type, c.strength])).toEqual([
      ['Send a confirmation code to the phone number on the old account.', 'action_item', 'accepted'],
      ["No passport copies (e.g. 'a scan'), we would have to store them.", 'constraint', 'accepted'],
    ]);
  });

  it('accepts each inline lettered item of a proposal, and keeps a correction of one beside it', () => {
    const found = candidates([
      ['ux-bot', 'bot', "For the remainder: (a) two tiles with the feature list folded under them, and (c) a fixed price for Pro, I'd put 24 EUR per user. Shall I do both?"],
      ['kim', 'human', 'Yes to both, but Pro is 21 EUR, not 24.'],
    ]);
    expect(found.map((c) => [c.statement, c.strength])).toEqual([
      ['Two tiles with the feature list folded under them.', 'accepted'],
      ["A fixed price for Pro, I'd put 24 EUR per user.", 'accepted'],
      ['Pro is 21 EUR, not 24.', 'correction'],
    ]);
  });

  it("accepts an agent's proposal a person names it by a few messages later", () => {
    const found = candidates([
      ['ux-bot', 'bot', 'Suggested order for the open issues: focus styles first, then icon names, then toasts.'],
      ['kim', 'human', 'For contrast we keep the grey as it is.'],
      ['ux-bot', 'bot', 'The grey passes on white but not on the card background.'],
      ['ana', 'human', 'Fine with that order from ux-bot.'],
    ]);
    expect(found.find((c) => c.cue === 'accepted-proposal')).toMatchObject({ statement: 'Focus styles first, then icon names, then toasts.', strength: 'accepted', sources: [0, 3] });
  });

  it("names what a bare value is of where the agent's message gives the same kind of value to a thing ('the rabies booster was €39' — 'C.' → 'Rabies booster: €45.')", () => {
    const options = 'Last year the rabies booster was €39 incl. exam. I see three options:\nA) keep €39\nB) €42\nC) €45\nShould I draft the reminder too?';
    expect(answering('clinic-assistant', options)('C.')).toContain('Rabies booster: €45.');
    // A word that only says which of its values is meant stays out; a bare number may drop the currency.
    expect(answering('clinic-assistant', 'The current booster price is €45. The vaccine costs us 18% more now. Raise it?')('50 then.')).toContain('Booster price: 50 then.');
    // A value of one digit is a bare value too, and a value written before the thing it is of names it ("a 3-year warranty").
    expect(answering('shop-agent', 'The listing still states a 3-year warranty, while the supplier covers just 2 years on the new kettle. Do we list 3 years and cover the last year ourselves, or list 2?')('2 years.')).toContain('Warranty: 2 years.');
    // Another item of the list gives its own thing a value, not the one picked.
    const rates = 'Options:\nA) Katrin at 0.035, Marc stays at 0.025 (split rates per pair)\nB) 0.03 for both reviewers as a compromise\nWhich way?';
    expect(answering('ops-agent', rates)('B.')).toContain('0.03 for both reviewers as a compromise.');
    // A value answered, not picked, names the thing a numbered point gives it.
    expect(answering('clinic-assistant', 'Status:\n1. The current booster price is €45.\n2. The vaccine costs us 18% more now.\nRaise it?')('50 then.')).toContain('Booster price: 50 then.');
    // A value of another kind names nothing: 11.4 m is no count of modules.
    expect(answering('solar-agent', 'The south face is 11.4 m. How many modules should I plan?')('26.').join(' ')).not.toMatch(/face/i);
  });

  it("takes what a text says ('The draft says …') for a report of its words, not a decision; a clause that only points at a text ('like the rules say') keeps its own", () => {
    const said = answering('release-bot', 'I moved the launch note to May 6. Anything more to fix in the draft?');
    const found = said("Yes, actually. The draft says interns can read and export. We settled that in February: interns only read. Take 'and export' out.");
    expect(found).not.toContain('The draft says interns can read and export.');
    expect(found).toContain("Take 'and export' out.");
    expect(answering('support-bot', 'A customer asked us to delete his data. How should I proceed?')('Forward it to the privacy team today, like the rules say.')).toEqual(['Forward it to the privacy team today, like the rules say.']);
  });

  it("names what an accepted offer calls 'it' by the thing the agent named just before ('The returns policy should be reviewed … — shall I forward it to Dr. Albers?')", () => {
    expect(answering('shop-agent', 'The returns policy should be reviewed by your adviser — shall I forward it to Dr. Albers?')('Yes, forward it to her.')).toEqual(['Forward the returns policy to Dr. Albers.']);
    expect(answering('site-agent', "Brandt's deposit invoice (25 %, 8,900 EUR) came in today. I'll email it to the Okafors unless you object.")('Ok, email it.')).toEqual(["Email Brandt's deposit invoice to the Okafors unless you object."]);
    // Not a pronoun's referent: a sentence opening with a pronoun, the last item of a list, a plural for "it".
    expect(answering('support-agent', 'It was sent from a private Yahoo account. Shall I forward it to privacy@example.com?')('Yes.')).toEqual(['Forward it to privacy@example.com.']);
    expect(answering('pool-agent', 'Flyer text:\n- Early bird Mon–Fri 6:30–8:00\n- Aqua-fit Tuesday 18:00\nSend it to print?')('ja')).not.toContain('Send Aqua-fit Tuesday 18:00 to print.');
    expect(answering('hr-agent', 'The applications are in the shared folder. Shall I forward it to Felix?')('Yes.')).toEqual(['Forward it to Felix.']);
    // The sentence before may join clauses: the first that opens with a phrase of the pronoun's number.
    expect(answering('site-agent', 'Novak wires the basement on Friday; the two extra outlets can be done the same day. Shall I add them to his job?')('yes')).toEqual(['Add the two extra outlets to his job.']);
    expect(answering('site-agent', 'The new meter is due on Friday; the outlets can wait. Shall I book it for Monday?')('yes')).toEqual(['Book the new meter for Monday.']);
    // A phrase that stops inside a quote names nothing whole; a quote closed inside it does, and an apostrophe before a digit opens none.
    expect(answering('order-agent', "The '90s price list is ready. Send it to Marc for review?")('yes send')).toEqual(["Send the '90s price list to Marc for review."]);
    expect(answering('order-agent', 'The "Q3 report " is ready. Send it to Marc for review?')('yes send')).toEqual(['Send the "Q3 report " to Marc for review.']);
    expect(answering('order-agent', "Draft 'Price list 2026 – Hanse Weinkontor' ready. Send it to Marc for review?")('yes send')).toEqual(['Send it to Marc for review.']);
    expect(answering('order-agent', "The 'Hanse' price list is ready. Send it to Marc for review?")('yes send')).toEqual(["Send the 'Hanse' price list to Marc for review."]);
  });

  it("reads a person's step on 'it' or 'them' with the object that the messages just before give the same verb", () => {
    // Each row: what was said before, the person's step, what is recorded of it.
    const read: Array<[Array<[string, 'human' | 'bot', string]>, string, string]> = [
      [[['shop-agent', 'bot', 'Spend this month: 588 EUR, under the 600 EUR cap. Should I trim the order, or do you want to raise the cap?']], 'Raise it to 700.', 'Raise the cap to 700.'],
      [[['lucia', 'human', "The reanalysis won't be done until the 7th. Can we push the internal draft?"]], 'Push it to the 9th.', 'Push the internal draft to the 9th.'],
      [[['lab-agent', 'bot', 'Should we raise the centrifuge cap to 15,000 USD?'], ['tom', 'human', 'Waiting is silly.']], 'Raise it to 15k.', 'Raise the centrifuge cap to 15k.'],
      [[['tom', 'human', "Do we keep the 'second no-show' rule?"]], 'Keep it. Second one.', "Keep the 'second no-show' rule. Second one."],
      // The question, not a statement or a report beside it, says what the step is on.
      [[['shop-agent', 'bot', 'Should I raise the cap? Customers hate when we raise the price.']], 'Raise it to 700.', 'Raise the cap to 700.'],
      [[['office-agent', 'bot', 'Should I send the report? Sending the newsletter failed yesterday.']], 'Send it tomorrow.', 'Send the report tomorrow.'],
      [[['office-agent', 'bot', 'Shall I send the reminders today?']], 'Send them tomorrow.', 'Send the reminders tomorrow.'],
      [[['cafe-agent', 'bot', 'Should I print the menus?']], 'Print them today.', 'Print the menus today.'],
      // A question that opens with the verb offers the step as "Should I …?" does.
      [[['mail-agent', 'bot', 'The draft is ready. Send the newsletter to all members today?']], 'Send it tomorrow.', 'Send the newsletter tomorrow.'],
      // The verb said with no phrase after it, a phrase of the other number, or no such verb at all: "it" stays.
      [[['lucia', 'human', "The reanalysis won't be done until the 7th. Can we push it?"]], 'Push it to the 9th.', 'Push it to the 9th.'],
      // Options laid out, and a step put up beside a second one, are no question of one thing.
      [[['lab-agent', 'bot', 'Two ways: raise the centrifuge cap to 15,000 USD, or keep the 12,000 USD cap and wait.']], 'Raise it to 15k.', 'Raise it to 15k.'],
      [[['tom', 'human', "Do we keep the 'second no-show' rule or charge from the first one now?"]], 'Keep it. Second one.', 'Keep it. Second one.'],
      [[['office-agent', 'bot', 'Shall I send the invoice today?']], 'Send them tomorrow.', 'Send them tomorrow.'],
      [[['shop-agent', 'bot', 'The cap is 600 EUR. Shall I change the supplier?']], 'Raise it to 700.', 'Raise it to 700.'],
      // A value settled with "it is" names no object, though the same word stands before one earlier.
      [[['van-agent', 'bot', 'On Friday the van is free, on Monday the courier comes. Which day?']], 'Friday it is.', 'Friday it is.'],
    ];
    for (const [before, step, recorded] of read) expect([step, replying(before, 'maren')(step)]).toEqual([step, expect.arrayContaining([recorded])]);
    // The last saying of the verb that is not ruled out, and an adverb after the object, which stays out of it.
    expect(replying([['shop-agent', 'bot', "The board says we can't raise the price. Should I raise the cap instead?"]], 'maren')('Raise it to 700.')).toContain('Raise the cap to 700.');
    expect(replying([['shop-agent', 'bot', 'Should I raise the cap slightly?']], 'maren')('Raise it to 700.')).toContain('Raise the cap to 700.');
    expect(replying([['ops-agent', 'bot', 'Shall I set the log level back to info?']], 'maren')('Set it to warn.')).toContain('Set the log level to warn.');
    expect(replying([['hotel-agent', 'bot', 'Should I book the big family room?']], 'maren')('Book it for Friday.')).toContain('Book the big family room for Friday.');
    // Each row: what was said before, the step, a reading it must never get (the thing named is another, or no whole thing),
    // and what is recorded instead when that is not the step as said.
    const never: Array<[string, 'human' | 'bot', string, string, string, string?]> = [
      ['house-agent', 'bot', 'Should I tell the landlord about the leak?', 'Tell IT first.', 'Tell the landlord first.'],
      ['lea', 'human', 'The update this morning broke the login.', 'Update it tonight.', 'Update this morning broke tonight.'],
      ['pay-agent', 'bot', 'Should I pay the bonus to the drivers?', 'Pay them on Friday.', 'Pay the bonus on Friday.'],
      ['lea', 'human', 'We should check that Marc approved the budget.', 'Check it tomorrow.', 'Check that Marc approved tomorrow.'],
      ['lea', 'human', 'Can we push this week?', 'Push it to Monday.', 'Push this week to Monday.'],
      ['office-agent', 'bot', 'Should I send the new very big shiny quarterly report today?', 'Send it tomorrow.', 'Send the new tomorrow.'],
      ['office-agent', 'bot', 'Should I send the draft Marc asked about?', 'Send it tomorrow.', 'Send the draft Marc asked tomorrow.'],
      ['shop-agent', 'bot', 'Should I lower the price for students?', 'Lower it to 9 EUR.', 'Lower the price to 9 EUR.'],
      ['office-agent', 'bot', 'Should I send the report, or the draft?', 'Send it tomorrow.', 'Send the report tomorrow.'],
      ['office-agent', 'bot', 'Should I sign the lease and the annex?', 'Sign it today.', 'Sign the lease today.'],
      ['hotel-agent', 'bot', 'Should I book the big family room?', 'Book it for Friday.', 'Book the big for Friday.', 'Book the big family room for Friday.'],
      ['office-agent', 'bot', 'Should I fix the old back door?', 'Fix it tomorrow.', 'Fix the old tomorrow.', 'Fix the old back door tomorrow.'],
      ['cafe-agent', 'bot', 'Should I print the menus?', 'Print it today.', 'Print the menus today.'],
      ['event-agent', 'bot', 'Should I call the caterer?', 'Call it a day.', 'Call the caterer a day.'],
      ['event-agent', 'bot', 'Should I call the caterer?', 'Call it off.', 'Call the caterer off.'],
      ['office-agent', 'bot', 'Should I send the invoices to the clients?', 'Send them a reminder.', 'Send the invoices a reminder.'],
      ['office-agent', 'bot', 'Should I send my notes?', 'Send them to Anna.', "Send Maren's notes to Anna."],
      ['travel-agent', 'bot', 'Options:\n- Book the early train (39 EUR)\n- Book the late train (29 EUR)', 'The first one. Book it today.', 'Book the late train today.', 'Book it today.'],
      ['office-agent', 'bot', 'Should I order the chairs and tables?', 'Order them today.', 'Order the chairs today.'],
      ['office-agent', 'bot', 'Should I send the invitations to the speakers?', 'Send them an invite.', 'Send the invitations an invite.'],
      ['office-agent', 'bot', 'In general the report looks fine, right?', 'Generate it tomorrow.', 'Generate the report looks fine tomorrow.'],
      ['office-agent', 'bot', 'Should I send the [report](https://x.io/r) today?', 'Send it tomorrow.', 'Send the [report](https://x.io/r tomorrow.'],
      ['lea', 'human', "Don't raise the price, raise the cap.", 'Raise it to 700.', 'Raise the price to 700.'],
      ['shop-agent', 'bot', 'Should I make the cap higher?', 'Make it 700.', 'Make the cap higher 700.'],
      ['shop-agent', 'bot', 'Should we keep the list short?', 'Keep it to 5 items.', 'Keep the list short to 5 items.'],
    ];
    // ("Take it easy." is no step on the train, and names nothing a reader could place: no statement.)
    expect(replying([['travel-agent', 'bot', "I'll take the train."]], 'maren')('Take it easy.')).toEqual([]);
    for (const [author, role, said, step, wrong, recorded = step] of never) {
      const got = replying([[author, role, said]], 'maren')(step);
      expect([said, got]).toEqual([said, expect.not.arrayContaining([wrong])]);
      expect([said, got]).toEqual([said, expect.arrayContaining([recorded])]);
    }
  });

  it("reads a step that passes 'it' on with the text the question just before offers to write ('Shall I draft the renewal letter?' — 'Send it to Derek.')", () => {
    // Each row: what was said before, the person's step, what is recorded of it.
    const read: Array<[Array<[string, 'human' | 'bot', string]>, string, string]> = [
      [[['desk-agent', 'bot', 'Ad kit done: half pages 480 EUR. Shall I draft the rate card?']], 'Send it to Derek, not to clients directly.', 'Send the rate card to Derek, not to clients directly.'],
      [[['dispatch-agent', 'bot', '1-year term, 6.50 USD handling. Shall I revise the letter?']], 'Send it to Derek, he will call them first.', 'Send the letter to Derek, he will call them first.'],
      [[['office-agent', 'bot', 'Shall I prepare the minutes?']], 'Forward them to the board.', 'Forward the minutes to the board.'],
    ];
    for (const [before, step, recorded] of read) expect([step, replying(before, 'maren')(step)]).toEqual([step, expect.arrayContaining([recorded])]);
    // Each row: what was said before, a step whose "it" or "them" stays as said.
    const kept: Array<[Array<[string, 'human' | 'bot', string]>, string]> = [
      // What a question offers to do to anything but a text is no text to pass on.
      [[['office-agent', 'bot', 'The Q3 report is ready. Shall I book the meeting room?']], 'Send it to Derek first.'],
      [[['office-agent', 'bot', 'Shall I call the customer?']], 'Send it to Derek.'],
      [[['hr-agent', 'bot', 'Shall I invite the new hire?']], 'Forward it to HR.'],
      // A step of another kind than passing on may act on another thing than the question's.
      [[['shop-agent', 'bot', 'The cap is 600 EUR. Shall I draft the supplier email?']], 'Raise it to 700.'],
      // A question with two steps or a choice, one that rules its step out, or a thing of the other number.
      [[['office-agent', 'bot', 'Shall I draft the letter or do you want to write the email?']], 'Send it to Derek.'],
      [[['office-agent', 'bot', "Shouldn't I draft the letter first?"]], 'Send it to Derek.'],
      [[['office-agent', 'bot', 'Shall I draft the letters?']], 'Send it to Derek.'],
      // The question of an earlier message, with a newer thing said between.
      [[['office-agent', 'bot', 'Shall I draft the renewal letter?'], ['lea', 'human', 'Also, the Q3 report is ready.']], 'Send it to Derek.'],
      // A person addressed is no thing: "it" stays.
      [[['ops-agent', 'bot', 'Derek: 3 shifts this week. Can you cover it?']], 'Give it to Priya.'],
    ];
    for (const [before, step] of kept) expect([before[0][2], replying(before, 'maren')(step)]).toEqual([before[0][2], expect.arrayContaining([step])]);
    // "for" and a person does not end the thing: the price for Germany is not the price.
    expect(replying([['shop-agent', 'bot', 'Should I change the price for Germany?']], 'maren')('Change it to 12 EUR.')).toEqual(['Change it to 12 EUR.']);
  });

  it("keeps an accepted offer beside a step of another verb that passes its thing on ('Yes, and send it to Derek.')", () => {
    const recorded = replying([['office-agent', 'bot', 'Shall I draft the renewal letter?']], 'maren')('Yes, and send it to Derek.');
    expect(recorded).toEqual(expect.arrayContaining(['Draft the renewal letter.', 'Send the renewal letter to Derek.']));
    // The same verb is the same step, the value it adds what was settled: one decision.
    expect(replying([['shop-agent', 'bot', 'Should I raise the cap?']], 'maren')('Yes, raise it to 700.')).toEqual(['Raise the cap to 700.']);
  });

  it("reads an acceptance after a person's question on the proposal and the agent's answer to it as accepting the proposal", () => {
    const offer: Array<[string, 'human' | 'bot', string]> = [
      ['scheduling-agent', 'bot', "Over two years that saves £240. The catch: the break clause becomes 90 days' notice instead of 30. Do you want me to accept the two-year term at £310?"],
      ['maggie', 'human', "What's the cancellation if they're rubbish?"],
      ['scheduling-agent', 'bot', "90 days' written notice, no penalty. Under the current one-year terms it would be 30 days."],
    ];
    expect(replying(offer, 'maggie')('Fine. Two years at 310.')).toContain('Accept the two-year term at £310.');
    // An answer that puts up something of its own is what a yes after it takes; a person's remark
    // that asks nothing is a turn of its own.
    const counter: Array<[string, 'human' | 'bot', string]> = [offer[0], offer[1], ['scheduling-agent', 'bot', "90 days' notice. Shall I ask them for 60 days instead?"]];
    expect(replying(counter, 'maggie')('Fine.')).not.toContain('Accept the two-year term at £310.');
    const remark: Array<[string, 'human' | 'bot', string]> = [offer[0], ['maggie', 'human', 'The old contract ran for one year.'], offer[2]];
    expect(replying(remark, 'maggie')('Fine.')).not.toContain('Accept the two-year term at £310.');
    // An answer that brings a number of its own puts up another deal, and after the exchange a
    // reply that does not say the offer's value again may only take the answer in.
    const other: Array<[string, 'human' | 'bot', string]> = [offer[0], ['maggie', 'human', 'Would they do three years?'], ['scheduling-agent', 'bot', 'Yes, three years at £300 a month.']];
    expect(replying(other, 'maggie')('Fine. Two years at 310.')).not.toContain('Accept the two-year term at £310.');
    for (const reply of ['ok thanks', 'Fine.', '90 days is fine.', 'Ok, but 310 for one year only.', 'Fine, 310 but not two years.', 'Fine, 310, not two years.', 'Fine. Three years at 310.', 'Sure, 310 is ok but ask for 300 first.']) expect([reply, replying(offer, 'maggie')(reply)]).toEqual([reply, expect.not.arrayContaining(['Accept the two-year term at £310.'])]);
    // An answer that asks something back leaves the question open, not the offer.
    const asksBack: Array<[string, 'human' | 'bot', string]> = [offer[0], offer[1], ['scheduling-agent', 'bot', 'Why do you ask?']];
    expect(replying(asksBack, 'maggie')('Fine. Two years at 310.')).not.toContain('Accept the two-year term at £310.');
  });

  it("takes a day named by its ordinal ('29th is fine.') as accepting the step the agent offered for that date", () => {
    const offer: Array<[string, 'human' | 'bot', string]> = [['scheduling-agent', 'bot', "The office still had the 22nd on our booking. Should I move the first visit to Wed 29 Oct?"]];
    expect(replying(offer)('29th is fine.')).toContain('Move the first visit to Wed 29 Oct.');
    expect(replying(offer)('The 29th is fine.')).toContain('Move the first visit to Wed 29 Oct.');
    // Another day accepts nothing offered; nor does a number of the offer that is no date, nor a
    // day of an offer that puts up two.
    expect(replying(offer)('30th is fine.')).not.toContain('Move the first visit to Wed 29 Oct.');
    expect(replying([['scheduling-agent', 'bot', 'Should I book the plumber for 10:00 on Thu 13 Nov?']])('10th is fine.')).not.toContain('Book the plumber for 10:00 on Thu 13 Nov.');
    expect(replying([['scheduling-agent', 'bot', 'Should I book the 21 seats for Wed 29 Oct?']])('21st is fine.')).not.toContain('Book the 21 seats for Wed 29 Oct.');
    expect(replying([['scheduling-agent', 'bot', 'Should I move the inspection to Wed 29 Oct or Fri 31 Oct?']])('31st is fine.').join(' ')).not.toMatch(/29 Oct or Fri/);
  });

  it("states a person's shorter repeat of an accepted step as the step ('Yes, close the gap.')", () => {
    expect(replying([['rota-agent', 'bot', 'Shall I close the gap in the Tuesday rota with Anna from 14:00?']])('Yes, close the gap.')).toEqual(['Close the gap in the Tuesday rota with Anna from 14:00.']);
    // A step on several things says more than the one the person names; naming the parts taken is no repeat of the step.
    expect(replying([['supply-agent', 'bot', 'Should I order 20 boxes of gloves and 10 boxes of masks?']])('Yes, order the gloves.')).toContain('Order the gloves.');
    expect(replying([['ci-agent', 'bot', 'Shall I split e2e into 4 shards, cache node_modules and re-enable 2 retries?']])('Sharding and caching yes.')).toContain('Sharding and caching yes.');
  });

  it("takes the offered step's own verb on 'it' for a yes, whatever the verb ('pause it'), and keeps an earlier decision that shares one word with the step beside it", () => {
    const offer: Array<[string, 'human' | 'bot', string]> = [['release-agent', 'bot', 'Crash-free sessions on 4.2 are at 98.9%. Should I pause the 4.2 phased release until 4.2.1 is out?']];
    expect(replying(offer)('pause it')).toEqual(['Pause the 4.2 phased release until 4.2.1 is out.']);
    const recorded = candidates([
      ['release-agent', 'bot', 'Submission today, approval likely Thursday. Release immediately on approval?'],
      ['jonas', 'human', 'Release on approval.'],
      ...offer,
      ['priya', 'human', 'pause it'],
    ]).map((c) => c.statement);
    expect(recorded).toEqual(expect.arrayContaining(['Release on approval.', 'Pause the 4.2 phased release until 4.2.1 is out.']));
  });

  it("reads a step on 'it' or 'them' that no question puts a thing up for as acting on the thing the message before ends on by its label", () => {
    const read: Array<[string, string, string]> = [
      // The label of the last sentence, when the message asks nothing.
      ['Quarantine stats are in, 3 tests fixed. Current threshold: 3 flaky failures in 7 days.', 'Lower it to 2.', 'Lower the current threshold to 2.'],
      // A closing question of "it" alone: the label of the sentence before it.
      ['Deposit as card pre-authorisation, no cash. Multi-day discount: currently 10% from 3 days. Keep it?', 'Make it from 4 days.', 'Make the multi-day discount from 4 days.'],
      // The label of the question itself, with a sentence on why after it; a name in it stays as written.
      ['30 pairs from Hartje. The B01S pads: return them or keep? They fit the older bikes.', 'Keep them, the riders wear out pads.', 'Keep the B01S pads, the riders wear out pads.'],
      ['Pump checks are done. Kiln Lane limit: 4 bar at the outlet.', 'Lower it to 3 bar.', 'Lower the Kiln Lane limit to 3 bar.'],
    ];
    for (const [before, step, recorded] of read) expect([step, replying([['ops-agent', 'bot', before]])(step)]).toEqual([step, [recorded]]);
    // A question that names a thing of its own, a label of the other number, a function word's
    // label, a person addressed and a document's label stand for nothing.
    const stays: Array<[string, string]> = [
      ['Current threshold: 3 flaky failures. Should I pause the nightly run?', 'Lower it to 2.'],
      ['Current thresholds: 3 flaky failures in 7 days.', 'Lower it to 2.'],
      ['For reference: 3 flaky failures in 7 days.', 'Lower it to 2.'],
      ['Marta: the draft is ready.', 'Send it to Anna.'],
      ['Summary: 3 flaky failures in 7 days.', 'Lower it to 2.'],
      ['Runner restarted. Next step: clean up the cache.', 'Lower it to 2.'],
      // A status line the message happens to end on is no thing a step acts on, and a value of
      // another kind, or a step on the thing itself, does not change its value.
      ['New ticket from Frau Öztürk came in at 8:12. Priority level: P2.', 'Assign it to Jonas.'],
      ['Backup job ran at 02:00. Run duration: 3 h 10 min.', 'Move it to 01:00.'],
      ['The lease for the shop ends soon. Notice period: 3 months.', 'Renew it for 2 years.'],
      // A single word may be a person's name; a time or a note is no thing; two labelled values
      // of the step's kind leave open which one it changes.
      ['Priya: the deck is ready with 12 slides.', 'Lower it to 10.'],
      ['Last month: 14 late deliveries.', 'Cut it to 5.'],
      ['Quick note: delivery fee is 45 EUR.', 'Lower it to 30.'],
      ['Reorder point: 20 units. Current stock: 14 units.', 'Raise it to 30 units.'],
      ['7 late bookings. Options: 1) move them to 9:00, 2) cancel them.', 'Move them to 10:00.'],
    ];
    for (const [before, step] of stays) expect([before, replying([['ops-agent', 'bot', before]])(step)]).toEqual([before, [step]]);
    // The person's own sentence before names what their "it" is.
    expect(replying([['ops-agent', 'bot', 'Current threshold: 3 flaky failures in 7 days.']])('The old contract is in the drawer. Lower it to 2.')).toEqual(['Lower it to 2.']);
  });

  it("reads a sentence that only stresses the one before it ('Always.', 'No exceptions, not even temps.') as part of it", () => {
    const said = (text: string) => replying([['ops-agent', 'bot', 'Anything else for the policy?']], 'maren')(text);
    expect(said('We pay the weekend surcharge. Always.')).toEqual(['We pay the weekend surcharge, always.']);
    expect(said('Everybody does the safety orientation. No exceptions, not even temps.')).toEqual(['Everybody does the safety orientation, no exceptions, not even temps.']);
    expect(said('Nobody signs a contract over £1000 without me. Standing rule, every trip.')).toContain('Nobody signs a contract over £1000 without Maren, standing rule, every trip.');
    // Another word than how far the stress reaches makes a statement of its own; a list's lines, a
    // reason and a short answer to a second question stay apart.
    for (const [text, kept] of [
      ['Book the van for Friday morning. Always the A7.', 'Book the van for Friday morning.'],
      ['Pay the Lintner invoice today. As always.', 'Pay the Lintner invoice today.'],
      ['Open the side gate for the delivery. Today only.', 'Open the side gate for the delivery.'],
      ['1. Helmets on site at all times.\n2. Never alone on the scaffold.', 'Never alone on the scaffold.'],
    ]) expect([text, said(text)]).toEqual([text, expect.arrayContaining([kept])]);
    expect(replying([['it-agent', 'bot', 'Should I renew the Adobe licence? And can the interns install software themselves?']], 'maren')('Renew the Adobe licence for a year. Never.')).toContain('Renew the Adobe licence for a year.');
    // A sentence with a verb or more words of its own is a statement of its own, and so is a cue with its subject ("we don't").
    expect(said('Coach at 5:45. Always add slack for the motorway.')).toContain('Always add slack for the motorway.');
    expect(replying([['stock-agent', 'bot', 'The basket is now about 630 €. Should I trim it?']], 'ana')("Raise it to 700. We don't skimp on gloves.")).toEqual(['Raise it to 700.', "We don't skimp on gloves."]);
  });

  it("records how a person wants an accepted step done when they say it after the yes without a verb ('yes, in the blue fabric')", () => {
    const accepted = (offer: string, reply: string) => acceptedSteps(offer, reply);
    // What follows the yes in its sentence, part by part, is how the step is done.
    expect(accepted('Order the sofa from Lintner?', 'yes, in the blue fabric')).toEqual(['Order the sofa from Lintner, in the blue fabric.']);
    expect(accepted('Should I ask the supplier for equivalents?', 'yes, same terms or better')).toEqual(['Ask the supplier for equivalents, same terms or better.']);
    expect(accepted('Should I hold a slot in the next edition?', 'yes, page 3, 60 lines')).toEqual(['Hold a slot in the next edition, page 3, 60 lines.']);
    // A part with a verb of its own ends what is added; so does a clause that opens after the yes.
    expect(accepted('Should I prepare a macro for this?', 'yes, macro in three languages, and pin a banner in the help center')).toEqual(['Prepare a macro for this, macro in three languages.']);
    expect(accepted('Shall I route it to the administrator?', 'Sí, y pon a Mei en copia para la entrega.')).toEqual(['Route it to the administrator.']);
    // Nothing is added by courtesy, a single word of emphasis, the step's own words, or a value that replaces the step's.
    for (const reply of ['yes please', 'yes, obviously', 'yes, exactly that', 'Yes, but I call them first.', 'yes, of course', 'yes 100%', 'yes, in principle', 'yes, my bad for the delay', 'yes, finally some good news', 'Yes, long overdue', 'Ja, vielen Dank', 'sí, por supuesto']) {
      expect([reply, accepted('Shall I send the letter to the tenants?', reply)]).toEqual([reply, ['Send the letter to the tenants.']]);
    }
    const loadIn = replying([['ops-agent', 'bot', 'Can I confirm load-in at 09:00?']])('yes, 09:00');
    expect(loadIn).toHaveLength(1);
    expect(loadIn[0]).toMatch(/09:00\.$/);
    expect(loadIn[0]).not.toMatch(/09:00.*09:00/);
    // A yes to two steps says how of neither in particular.
    expect(accepted('Shall I book the van? Should I also order boxes?', 'yes, 40 moving boxes')).toEqual(['Book the van.', 'Order boxes.']);
    const nights = replying([['ops-agent', 'bot', 'Shall I book the room for 3 nights?']])('yes, 4 nights');
    expect(nights).toEqual(expect.arrayContaining([expect.stringMatching(/\b4 nights\.$/)]));
    expect(nights).not.toContain('Book the room for 3 nights, 4 nights.');
  });

  it("reads an offer that is a verb on 'it' alone ('Shall I book it?') with the sentence just before: a thing it says is ready, or a step stated with nothing but its when", () => {
    // Each row: the agent, its message, the person's answer, what is recorded.
    const read: Array<[string, string, string, string[]]> = [
      // A thing the sentence just before says is ready to be acted on, of the pronoun's number.
      ['office-agent', 'The two new laptops are in stock. Want me to order them today?', 'yes', ['Order the two new laptops today.']],
      ['vet-agent', "Bello's rabies shot is due (the previous one was in June). Shall I book it?", 'Perfect, book it.', ["Book Bello's rabies shot."]],
      ['office-agent', 'The revised quote has arrived. Shall I forward it?', 'ok', ['Forward the revised quote.']],
      // "now" is no "no", and the noun a phrase is about gives its number.
      ['office-agent', 'The revised quote is now ready. Shall I send it?', 'yes', ['Send the revised quote.']],
      ['office-agent', 'The meeting notes are ready. Shall I send them?', 'yes', ['Send the meeting notes.']],
      ['office-agent', 'The invoice for the glasses arrived. Shall I pay it?', 'yes', ['Pay the invoice for the glasses.']],
      ['cafe-agent', 'The new menus arrived. Shall I put them out?', 'yes', ['Put the new menus out.']],
      ['news-agent', 'Final draft: Spring programme, three dates. Send Thursday 5 March, 20:00 Uhr. Shall I schedule it?', 'yes', ['Final draft: send Thursday 5 March, 20:00 Uhr.']],
      // A verb that does not say the number leaves it to the noun's form.
      ['office-agent', 'The new laptops arrived. Shall I set them up?', 'yes', ['Set the new laptops up.']],
      ['office-agent', 'The new laptops arrived. Shall I set it up?', 'yes', []],
      // The step stated just before with nothing but its when, on the text an earlier sentence labels for sending.
      ['news-agent', 'Final draft: Spring programme, three dates, one booking link. Send Thursday 5 March, 08:00. Shall I schedule it?', 'Looks good. Yes, schedule it.', ['Final draft: send Thursday 5 March, 08:00.']],
    ];
    for (const [agent, said, answer, recorded] of read) expect([said, answering(agent, said)(answer)]).toEqual([said, recorded]);
    // A sentence that says more of its thing than that it is ready, or names no thing, or one further back, gives no referent.
    for (const before of [
      'The car needs a new tyre.',
      'The team is free on Thursday at 14:00.',
      'The cheapest option is Hotel Post.',
      'Monday is a holiday.',
      'Nothing is booked yet.',
      'Everything is ready.',
      "Today's weather is fine.",
      'It is in the drawer.',
      "Kessler's complaint arrived today. I wrote a short apology.",
      'The early train is 39 EUR. The late train is 29 EUR.',
      'The new chairs are ready.',
      'The invoice and the reminder are ready.',
      'Draft: spring flyer. Check the 2 options first.',
      'Draft: spring flyer. Keep in mind the office closes at 17:00 on Friday.',
      'The budget is approved.',
      'The contract is signed.',
      'The team is available on Thursday at 14:00.',
      'The paperwork is complete.',
      'The revised quote is not ready yet.',
      'Draft reply to Kessler: thanks for your note. Reply Monday 9 March, 12:00 latest.',
    ]) expect(answering('office-agent', `${before} Shall I book it?`)('Yes.')).toEqual([]);
    // A step whose only objects are pronouns points back at what came before: alone, it names nothing.
    expect(answering('news-agent', "For a Saturday mailing I'd need their photos by Wednesday evening at the latest. Shall I arrange that and tell them?")('Yes.')).toEqual([]);
    expect(answering('news-agent', 'For a Saturday mailing I need their photos by Wednesday evening. Shall I set up the deadline and tell the galleries?')('Yes.')).toEqual(['Set up the deadline and tell the galleries.']);
    // A pronoun the message resolves, a manner or state after it, or a step with no pronoun says something.
    expect(answering('print-agent', 'The new flyer has 4 pages; shall I print it double-sided?')('Yes.')).toEqual(['Print the new flyer double-sided.']);
    expect(answering('ops-agent', 'The audit trail is off in staging. Shall I enable logging?')('Yes.')).toEqual(['Enable logging.']);
    expect(answering('ops-agent', 'Staging looks good. I suggest we go live.')('Yes.')).toEqual(['We go live.']);
    expect(answering('ops-agent', 'The report is final. Shall I keep it internal?')('Yes.')).toEqual(['Keep the report internal.']);
    expect(answering('books-agent', 'I checked what Kessler sent. Shall I mark them as paid?')('Yes.')).toEqual(['Mark them as paid.']);
    expect(answering('books-agent', 'I checked what Kessler sent. Shall I keep it open?')('Yes.')).toEqual(['Keep it open.']);
    // A verb that only points back is no step; a step in a drafted text, with an object, is the text's, not the offer's.
    expect(answering('office-agent', 'The report is ready. Want me to do it?')('yes')).toEqual([]);
    expect(answering('school-agent', "Here's the reminder for the parents.\n\nBring the signed form by Friday 6 March.\n\nShall I send it?")('Yes.')).toEqual([]);
    expect(answering('office-agent', 'Call the plumber on Monday. Shall I book it?')('Yes.')).toEqual([]);
    // A step with more after the pronoun than when is read as it always was.
    expect(answering('hr-agent', 'The applications are in the shared folder. Shall I forward it to Felix?')('Yes.')).toEqual(['Forward it to Felix.']);
  });

  it("keeps the speaker's own step after a short choice out of the choice: '400 it is. I'll brief the shift leads.'", () => {
    const settled = replying([['priya', 'human', "I'd let the bots approve credits on their own up to 400 EUR."], ['ilse', 'human', "I'd go lower, 350 maybe."], ['priya', 'human', 'Hardly any of those were mistakes. 400.']], 'ilse');
    // (The step is the speaker's own action item beside the choice.)
    expect(settled("Fine, 400 it is. I'll brief the shift leads at the huddle.")).toEqual([expect.stringMatching(/^400\b(?!.*huddle)/), 'Ilse will brief the shift leads at the huddle.']);
    // (A plain statement after the choice still spells it out; a refusal still says why.)
    const printer = answering('office-agent', 'Two printers: the Kyocera Ecosys at 455 EUR or the Canon i-Sensys at 612 EUR. Which one?');
    expect(printer("The Kyocera. I'm not spending 157 euros more for the Canon badge.").join(' ')).toMatch(/Kyocera/);
  });

  it("accepts an offer with the offered verb and a word pointing back at it ('Confirm it.'), not with another step", () => {
    const reply = answering('home-bot', "The Sunday tasting at Brandl's costs 90 EUR extra. Shall I confirm the 14 April date?");
    expect(reply('Confirm it.')).toEqual(['Confirm the 14 April date.']);
    expect(reply('Ok, confirm it.')).toEqual(['Confirm the 14 April date.']);
    // A step of its own is not the one offered.
    expect(reply('Cancel it.')).toEqual([]);
    expect(reply('Confirm the tasting first.')).not.toContain('Confirm the 14 April date.');
  });

  it("accepts an offer with the offered verb alone ('send') or a go-ahead said as the whole reply ('go', 'Dale.', 'Mándalo.')", () => {
    const reply = answering('ops-agent', 'Corrected to 26 modules on the job sheet. Send to crew A?');
    for (const said of ['send', 'go', 'Dale.', 'Mándalo.', 'Ja, raus damit.']) expect(reply(said)).toEqual(['Send to crew A.']);
    // Another verb is another step; "go" before more words is a choice of its own.
    expect(reply('print')).toEqual([]);
    expect(reply('Go with the blue one.')).not.toContain('Send to crew A.');
  });

  it("takes what a third party suggests as the agent's proposal, when the agent only asks whether to go ahead", () => {
    const found = candidates([
      ['dana', 'human', 'The writer read a stale file again.'],
      ['digest-bot', 'bot', 'etl-agent suggests that jobs exchange data through a shared bucket instead of local disks. report-agent can already read from it. OK to switch?'],
      ['dana', 'human', 'Do it.'],
    ]);
    expect(found.map((c) => [c.statement, c.strength])).toEqual([['Jobs exchange data through a shared bucket instead of local disks.', 'accepted']]);
    // "that" pointing at an option stays.
    expect(answering('events-bot', "For the reading night I'd suggest that one from the Lindqvist list.")('Yes, agreed.')).toEqual(['That one from the Lindqvist list.']);
  });

  it("reads a short reply naming part of the agent's options as a pick, and one naming part of a report as none", () => {
    const flights = answering('travel-bot', 'For Porto on May 12 I found Iberia at 07:25 on a flex fare, 185 EUR, or 12:50 on a flex fare, 240 EUR.');
    expect(flights('The 12:50 one.')).toEqual(['The 12:50 one.']);
    const recap = answering('events-bot', 'Recap of the street fair: roughly 910 guests by the gate count, 175 raffle prizes handed out and 24 helpers on duty.');
    expect(recap('910 guests!')).toEqual([]);
    expect(recap('Quiet fair for once.')).toEqual([]);
    // An "or" elsewhere in a report sets nothing against its count.
    expect(answering('events-bot', 'Recap: roughly 910 guests, 175 raffle prizes handed out. No complaints or incidents.')('910 guests!')).toEqual([]);
  });

  it("reads 'we' choosing or keeping something as a decision in German and Spanish as in English, where Spanish says 'we' by the verb alone, but not a report of what 'we' did", () => {
    const options = answering('sec-bot', 'Possible paths from here: a secrets service (Vault or Doppler), or sops-encrypted files kept in the repo.');
    for (const reply of ['We use sops, with age keys per environment.', 'Wir verwenden sops, mit age-Schlüsseln pro Umgebung.', 'Nos quedamos con sops, con claves age por entorno.']) {
      expect([reply, options(reply)]).toEqual([reply, [reply]]);
    }
    // A Spanish -ar verb in the first person plural reads the same in the past: such verbs are no cue.
    const asked = answering('ci-bot', 'Builds got slower this spring. Do you know what changed?');
    expect(asked('En marzo cambiamos a runners sin caché y paramos el job nocturno.')).toEqual([]);
    // Nor is a "then" that says when ("back then", "since then", "desde entonces").
    expect(asked('Back then, the runners kept a warm cache.')).toEqual([]);
    expect(asked('Since then, every build starts with an empty cache.')).toEqual([]);
    const kept = answering('books-bot', 'The old invoices take 40 GB. Keep them or archive them to tape?');
    for (const reply of ['We keep the old invoices.', 'Wir behalten die alten Rechnungen.', 'Mantenemos las facturas antiguas.']) {
      expect([reply, kept(reply)]).toEqual([reply, [reply]]);
    }
  });

  it("reads an announced change of plan, and a value beside the agent's hours, as no correction of the agent's figures", () => {
    const reply = answering('desk-bot', 'Mit der neuen Besetzung wären die Zimmer bis 15 Uhr fertig, auch wenn der Check-out eine Stunde später ist.');
    const cues = (said: string) => candidates([['desk-bot', 'bot', 'Mit der neuen Besetzung wären die Zimmer bis 15 Uhr fertig, auch wenn der Check-out eine Stunde später ist.'], ['ines', 'human', said]]).map((c) => c.cue);
    expect(cues('Planänderung: Ab Juli ist der Check-out um 12 Uhr.')).not.toContain('value-correction');
    expect(reply('Planänderung: Ab Juli ist der Check-out um 12 Uhr.')).toEqual(['Ab Juli ist der Check-out um 12 Uhr.']);
    // An hour's marker ("Uhr") is no subject both share.
    const breakfast = candidates([['desk-bot', 'bot', 'Verstanden: Frühstück ab Juni von 6:30 bis 10:00 Uhr.'], ['paul', 'human', 'Die Sauna ist bis 21 Uhr offen.']]);
    expect(breakfast.map((c) => c.cue)).not.toContain('value-correction');
  });

  it('reads what happened, said in a correction, as its reason, not as a corrected fact of its own', () => {
    const found = candidates([
      ['farm-bot', 'bot', 'From the contract: the vet visit for the herd health check is on Thursdays. Shall I put it in the calendar?'],
      ['ruth', 'human', "No, that's wrong, the vet comes on Fridays, not Thursdays. Dr. Albers changed her rounds last autumn."],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['The vet comes on Fridays, not Thursdays.']);
  });

  it('takes a value judged too much or too little for one turned down, not one set', () => {
    const reply = answering('sre-bot', 'The gateway budget is 650 ms at p99. Shall I page on that?');
    expect(reply('650 ms is far too lax, the proxy adds maybe 40 ms on top.')).toEqual([]);
    // A new value beside the judgement still sets it.
    const kept = answering('ops-bot', 'Backups are kept for 7 days. Shall I keep it that way?');
    expect(kept('No, 7 days is too short, we keep them 30 days.')).toEqual(['7 days is too short, we keep them 30 days.']);
    expect(kept('7 days is too short, make it 30 days.')).toEqual(['7 days is too short, make it 30 days.']);
  });

  it('gives a bare number the subject of the question it answers, whoever asked it and whoever takes it', () => {
    const found = candidates([
      ['samir', 'human', "Entry fee? Last year's 60 was gone in ten days."],
      ['ops-bot', 'bot', 'At 70 EUR we would clear about 18 EUR per guest, at 80 EUR about 28 EUR.'],
      ['katrin', 'human', 'Wir nehmen 70. Ich will die Stammgäste nicht verlieren.'],
    ]);
    expect(found.map((c) => c.statement)).toContain('Entry fee: wir nehmen 70.');
    // A question asked after the number was put up is about something else.
    const later = candidates([
      ['samir', 'human', "Entry fee? Last year's 60 was gone in ten days."],
      ['ops-bot', 'bot', 'At 70 EUR we would clear about 18 EUR per guest, at 80 EUR about 28 EUR.'],
      ['lea', 'human', 'Who books the venue for the summer party?'],
      ['katrin', 'human', 'Wir nehmen 70. Ich will die Stammgäste nicht verlieren.'],
    ]);
    expect(later.map((c) => c.statement)).not.toContainEqual(expect.stringMatching(/^Venue/));
    // A statement with words of its own keeps its own subject.
    const kept = answering('books-bot', 'The old invoices take 40 GB. Keep them or archive them to tape?');
    expect(kept('Wir behalten die alten Rechnungen.')).toEqual(['Wir behalten die alten Rechnungen.']);
  });

  it("reads another team's decision passed on as news, not as a decision made here", () => {
    const asked = answering('data-bot', 'The dashboard refresh runs at 05:30 now. Keep it there?');
    expect(asked('FYI the data team has decided to shift the nightly import to 04:30 starting February.')).toEqual([]);
    // The team's own decision, reported by one of its members, is one.
    expect(asked('The team decided: the refresh stays at 05:30.')).not.toEqual([]);
    expect(asked('Die Geschäftsführung hat beschlossen, die Filiale im Mai zu schließen.')).toEqual([]);
    // The team's own decision after the news still is one.
    expect(asked('The platform team moved the load to 04:30, so we move the refresh to 06:00 from now on.')).toEqual(['The platform team moved the load to 04:30, so we move the refresh to 06:00 from now on.']);
  });

  it('accepts every step an accepted agent message offers, each as its own decision', () => {
    const found = candidates([
      ['ux-bot', 'bot', "I can ship patch 2.7.3 with the contrast fixes on Wednesday. It needs a release note; shall I use 'Better colour contrast on all forms'?"],
      ['kim', 'human', 'Yes, that line is fine.'],
    ]);
    expect(found.map((c) => [c.statement, c.strength])).toEqual([
      ['Ship patch 2.7.3 with the contrast fixes on Wednesday.', 'accepted'],
      ["Use 'Better colour contrast on all forms'.", 'accepted'],
    ]);
  });

  it("keeps a settlement whose only word besides its cue is the value ('Postgres it is.')", () => {
    const pick = answering('db-bot', 'Options for the new service: Postgres or MySQL. Which one?');
    expect(pick('Postgres it is.')).toEqual(['Postgres it is.']);
    expect(pick('Ok, Postgres it is.')).toEqual(['Postgres it is.']);
    // "how slow it is" settles nothing.
    expect(pick('We all know how slow it is.')).toEqual([]);
    expect(pick('Whatever it is.')).toEqual([]);
    // A pick by key alone names no option the list spells out: nothing to record.
    expect(pick('Option B.')).toEqual([]);
  });

  it("reads a refusal run on into a clause of its own ('no we're good') as the refusal, and 'No' before a thing as a ban", () => {
    const reply = answering('report-bot', 'The draft is in the shared folder. Should I also send it to Tom?');
    expect(reply("no that's everything")).toEqual([]);
    expect(reply("no we're good")).toEqual([]);
    expect(reply("nope i'm fine")).toEqual([]);
    expect(reply('no thanks')).toEqual([]);
    // A plan run on keeps its refusal as written, and is still read.
    expect(reply("no I'll send it on Friday")).toEqual(["No Kim will send it on Friday."]);
    // A thing after "No" is what it bans, a possessive included.
    expect(reply('No drafts to Tom before Friday.')).toEqual(['No drafts to Tom before Friday.']);
    expect(reply("No client's data leaves the EU.")).toEqual(["No client's data leaves the EU."]);
    expect(reply("No one's allowed to send drafts outside the team.")).toEqual(["No one's allowed to send drafts outside the team."]);
  });

  it('reads small talk that is not framing as no decision, and keeps a decision after framing small talk', () => {
    const reply = answering('digest-bot', 'The Monday summary was sent at 07:30 to 11 team leads. Nothing unusual this week.');
    expect(reply('See you online then.')).toEqual([]);
    expect(reply('Thanks all, and Pieter, thanks for the pastries.')).toEqual([]);
    expect(reply('Great, we send it at 07:00 from next week.')).toEqual(['We send it at 07:00 from next week.']);
    // Small talk that is not framing, followed by a decision, still decides.
    expect(reply('Good morning, we send it at 07:00 from next week.')).toEqual(['Good morning, we send it at 07:00 from next week.']);
  });

  it("reads a clause that opens by saying what someone has done as a report, and a perfect inside a step as part of the step", () => {
    const reply = answering('dev-bot', 'Who owns the webhook retries? git blame says you, Pavel.');
    expect(reply("I've never touched the webhook code.")).toEqual([]);
    expect(reply('Nobody touches the webhook code without Marek.')).toEqual(['Nobody touches the webhook code without Marek.']);
    expect(reply("Forward it to legal@brightnote.io and tell her we've logged it.")).toEqual(["Forward it to legal@brightnote.io and tell her we've logged it."]);
  });

  it("picks a listed option by a name that only it bears, even after the list was talked over ('OK, Voss.')", () => {
    const list = ['events-bot', 'bot', 'The catering quotes are in:\n1. Tafelrunde Kessel: plated dinner, 52 EUR per person.\n2. Delikatessen Voss: standing reception, 58 EUR per person.\n3. Campus Catering West: buffet, 31 EUR per person.'] as [string, 'bot', string];
    const talk: Array<[string, 'human' | 'bot', string]> = [list, ['samir', 'human', 'The buffet got the most complaints last time.'], ['katrin', 'human', 'Between the other two?'], ['samir', 'human', 'The standing reception suits a charity night better.']];
    expect(replying(talk, 'katrin')('OK, Voss.')).toEqual(['Delikatessen Voss: standing reception.']);
    // The pick rests on the list it names.
    expect(candidates([...talk, ['katrin', 'human', 'OK, Voss.']]).find((c) => c.statement === 'Delikatessen Voss: standing reception.')?.sources).toEqual([0, 4]);
    // Once the agent asked something newer, a reply answers that.
    const moved: Array<[string, 'human' | 'bot', string]> = [list, ['katrin', 'human', '2.'], ['events-bot', 'bot', 'Booked Delikatessen Voss for the 14th. Where should the van unload?']];
    expect(replying(moved, 'katrin')('Campus.')).not.toContain('Campus Catering West.');
    // A newer question that asks for the choice again by its keys leaves the list standing.
    const reasked: Array<[string, 'human' | 'bot', string]> = [list, ['samir', 'human', 'The menu prices went up in March, by the way.'], ['events-bot', 'bot', 'Noted, the prices above are the new ones. 1, 2 or 3?']];
    expect(replying(reasked, 'katrin')('3.')).toEqual(['Campus Catering West.']);
    expect(replying([list], 'katrin')('The Campus.')).toEqual(['Campus Catering West.']);
    // A word the message uses beyond one option's name names none of them.
    expect(replying([list], 'katrin')('Catering.')).toEqual([]);
  });

  it("takes an acceptance that gives the value a colleague just put up ('ok 60') for settling it", () => {
    const talk: Array<[string, 'human' | 'bot', string]> = [
      ['invoice-agent', 'bot', 'The minimum charge is 45 EUR per job. Three small jobs last month came in under it.'],
      ['tom', 'human', "the 45 minimum is too low, the certificates alone took more admin than that. I'd go 60"],
    ];
    const settled = (answer: string, author = 'helga') => candidates([...talk, [author, 'human', answer]]).filter((c) => c.p === 2).map((c) => [c.statement, c.hint]);
    // What the value is of comes from the agent's figure before it; the acceptance is not part of the statement.
    expect(settled('60 is what everyone in Hamburg charges. ok 60')).toEqual([['Minimum charge: 60.', 'decision']]);
    expect(settled('fine 60 from April')).toEqual([['Minimum charge: 60 from April.', 'decision']]);
    // The acceptance may be set apart by a comma or stand as a sentence of its own, in any language.
    expect(settled('Ja, 60.')).toEqual([['Minimum charge: 60.', 'decision']]);
    expect(settled('Agreed. 60 from April.')).toEqual([['Minimum charge: 60 from April.', 'decision']]);
    expect(settled('+1. 60 from April.')).toEqual([['Minimum charge: 60 from April.', 'decision']]);
    // Said apart from the acceptance, a clause that goes on about the value, negates it or opens
    // with a contrast settles nothing.
    for (const reply of ['OK, 60 is a lot for the small clients.', 'Ok, but 60 kills the small jobs.', 'Yes. 60 scares off small clients.', 'Ok, 60 is not happening.']) expect([reply, settled(reply)]).toEqual([reply, []]);
    // A value no one else put up is the speaker's own, and the proposer accepting their own value settles nothing.
    expect(settled('ok 75')).toEqual([]);
    expect(settled('ok 60', 'tom')).toEqual([]);
    // Once an agent spoke after the proposal, an acceptance answers the agent.
    expect(candidates([...talk, ['invoice-agent', 'bot', 'Noted.'], ['helga', 'human', 'ok 60']]).filter((c) => c.p === 3)).toEqual([]);
  });

  it('takes back a sentence its speaker answers at once with a bare refusal, and keeps a ban that opens with "No"', () => {
    const said = answering('ops-assistant', 'The postcards already went out with 85 EUR on them. And the ones still in the box?');
    expect(said("Sure, let's reprint 1,200 postcards over ten euros. No, leave the postcards as they are.")).toEqual(['Leave the postcards as they are.']);
    expect(said('Reprint them at 95. Nein, lass die Postkarten so.').filter((x) => /95/.test(x))).toEqual([]);
    expect(said('Reprint them at 95. No exceptions.').filter((x) => /95/.test(x))).toHaveLength(1);
  });

  it("states a pick with the condition the clause after it adds ('Go with B, but U12 start 17:45'), and the rest of that clause as why", () => {
    const options: [string, 'bot', string] = ['club-agent', 'bot', 'Pitch 2 is free Mon–Thu from 16 March. Options:\nA) U12 Tuesday 17:30–19:00 and U14 Tuesday 19:00–20:30\nB) U12 Monday 17:30–19:00 and U14 Wednesday 18:00–19:30\nWhich one?'];
    const picked = (reply: string) => candidates([options, ['karen', 'human', reply]]).map((c) => [c.statement, c.reasons]);
    expect(picked("Go with B, but U12 start 17:45, Javi's right about the traffic.")).toEqual([['U12 Monday 17:30-19:00 and U14 Wednesday 18:00-19:30, but U12 start 17:45.', ["Javi's right about the traffic"]]]);
    expect(picked('Nehmen wir B, aber U12 erst ab 17:45.')).toEqual([['U12 Monday 17:30-19:00 and U14 Wednesday 18:00-19:30, aber U12 erst ab 17:45.', []]]);
    // A sentence of its own after the pick is none of its condition, nor is a question, a step for
    // someone or an opinion after its "but".
    const plain = 'U12 Monday 17:30-19:00 and U14 Wednesday 18:00-19:30.';
    expect(picked('Go with B. But the U14 parents need a reminder about the new day.')[0][0]).toBe(plain);
    for (const reply of ['Go with B, but can U12 start at 17:45?', 'Go with B, but Javi needs to confirm the Wednesday coach by Friday.', 'Go with B, but honestly A would have been cheaper.']) expect([reply, picked(reply)[0][0]]).toEqual([reply, plain]);
  });

  it("picks an option by its key after an acceptance ('ok B.'), and a sentence that opens with a currency sign starts after it", () => {
    const options: [string, 'bot', string] = ['order-agent', 'bot', 'Three options for dark rye, delivered to the bakery:\nA) Heritage Mills - £21.40/sack, Thursday delivery\nB) Mungoswells - £23.10/sack, Tuesday delivery\nC) Bakery Direct - £19.80/sack, min 20 sacks\nI\'d suggest B for consistency of grind, or A if we want to keep cost down.'];
    const picked = ['Mungoswells - £23.10/sack, Tuesday delivery.'];
    expect(replying([options])('B.')).toEqual(picked);
    // The acceptance says the option is taken; the key says which: the listed option, not the agent's closing suggestion.
    expect(replying([options])('ok B.')).toEqual(picked);
    expect(replying([options])('yes, B')).toEqual(picked);
    expect(replying([options])('ok B. £1.70 more a sack, we use what, 8 a week? fine')).toEqual(picked);
    // An acceptance alone still accepts the suggestion it answers.
    expect(replying([options])('ok')).toEqual(['B for consistency of grind, or A if we want to keep cost down.']);
    expect(splitSentences('ok B. £1.70 more a sack. €5 a drop.', engine.words.statements).map((s) => s.text)).toEqual(['ok B.', '£1.70 more a sack.', '€5 a drop.']);
  });

  it("picks an option by its key with the word that closes the choice after it ('B then', 'C dann'), not one it rules out", () => {
    const options: [string, 'bot', string] = ['order-agent', 'bot', 'Three options for dark rye, delivered to the bakery:\nA) Heritage Mills - £21.40/sack, Thursday delivery\nB) Mungoswells - £23.10/sack, Tuesday delivery\nC) Bakery Direct - £19.80/sack, min 20 sacks'];
    expect(replying([options])('ok. B then')).toEqual(['Mungoswells - £23.10/sack, Tuesday delivery.']);
    expect(replying([options])('B then.')).toEqual(['Mungoswells - £23.10/sack, Tuesday delivery.']);
    expect(replying([options])('ok, C dann')).toEqual(['Bakery Direct - £19.80/sack, min 20 sacks.']);
    expect(replying([options])('A is out')).toEqual([]);
    // (A question puts the key up; it picks nothing.)
    expect(replying([options])('B then?')).toEqual([]);
  });

  it("picks an option by its key with how long the pick holds after it ('B for now', 'die C vorerst'), and says so", () => {
    const options: [string, 'bot', string] = ['supply-agent', 'bot', 'Either:\nA) Order paper every quarter instead of monthly\nB) Keep ordering monthly and pay the delivery fee\nC) Move toner and paper to the new wholesaler'];
    expect(replying([options])('B for now. A quarter of paper would not fit in the cupboard anyway.')).toEqual(['Keep ordering monthly and pay the delivery fee, for now.']);
    expect(replying([options])('Option B for now.')).toEqual(['Keep ordering monthly and pay the delivery fee, for now.']);
    expect(replying([options])('A now. C can wait for next year.')).toEqual(['Order paper every quarter instead of monthly, now.']);
    expect(replying([options])('Die C vorerst.')).toEqual(['Move toner and paper to the new wholesaler, vorerst.']);
    // ("For now" before the key says when the sentence holds, not which option.)
    expect(replying([options])('B.')).toEqual(['Keep ordering monthly and pay the delivery fee.']);
  });

  it("picks an option by its place in the list ('the second', '2nd one', 'lo segundo'), not a point counted ('First, …')", () => {
    const numbered: [string, 'bot', string] = ['booking-agent', 'bot', '7 bookings on Saturday afternoons. Options: 1) move them into Saturday mornings, 2) offer them weekday slots.'];
    expect(replying([numbered])('2nd one, mornings are full anyway')).toEqual(['Offer them weekday slots.']);
    expect(replying([numbered])('ok, the first')).toEqual(['Move them into Saturday mornings.']);
    expect(replying([numbered])('Second.')).toEqual(['Offer them weekday slots.']);
    const lettered: [string, 'bot', string] = ['booking-agent', 'bot', 'Options for the Saturday bookings:\nA) move them into Saturday mornings\nB) offer them weekday slots'];
    // (The place is the order of the list, whatever its keys.)
    expect(replying([lettered])('lo segundo')).toEqual(['Saturday bookings: Offer them weekday slots.']);
    expect(replying([lettered])('das zweite')).toEqual(['Saturday bookings: Offer them weekday slots.']);
    // An article that is no stopword ('die') is the option reference's, not content.
    expect(replying([lettered])('Die zweite.')).toEqual(['Saturday bookings: Offer them weekday slots.']);
    expect(replying([lettered])('Die erste, bitte.')).toEqual(['Saturday bookings: Move them into Saturday mornings.']);
    // A place beyond the list, a sentence that counts its points, or one that says more of the option picks nothing.
    expect(replying([lettered])('the third')).not.toContain('Saturday bookings: Offer them weekday slots.');
    expect(replying([numbered])('first, we need the numbers')).not.toContain('Move them into Saturday mornings.');
    expect(replying([numbered])('the second is too late')).not.toContain('Offer them weekday slots.');
    expect(replying([numbered])('Die zweite Option ist zu spät.')).not.toContain('Offer them weekday slots.');
    expect(replying([lettered])('Die zweite geht nicht.')).not.toContain('Saturday bookings: Offer them weekday slots.');
    expect(replying([lettered])('Die zweite nicht.')).not.toContain('Saturday bookings: Offer them weekday slots.');
  });

  it('picks an option of a markdown list ("- **B:** …"), also past an agent reply that lists nothing', () => {
    const options: [string, 'bot', string] = ['ci-agent', 'bot', 'Options:\n- **A:** GitLab CI, all tests on every merge request push\n- **B:** GitLab CI, unit tests on every merge request, integration tests nightly\n- **C:** the old Buildkite agent, same split as B\nI\'d recommend B.'];
    expect(replying([options], 'priya')('Option B.')).toEqual(['GitLab CI, unit tests on every merge request, integration tests nightly.']);
    const talkedOver: Array<[string, 'human' | 'bot', string]> = [options, ['dana', 'human', 'Is 41 minutes even true?'], ['ci-agent', 'bot', 'On a 16-core machine I timed 19 minutes.']];
    expect(replying(talkedOver, 'priya')('Option B.')).toEqual(['GitLab CI, unit tests on every merge request, integration tests nightly.']);
  });

  it("takes the agent's own offers and its last proposal, not what it reports others recommend; a step picked from a choice is no acceptance of the question", () => {
    const merge = answering('ci-bot', 'Build passed. Lighthouse recommends compressing the hero images before launch. Shall I merge PR #42 now?');
    expect(merge('Yes.')).toEqual(['Merge PR #42 now.']);
    // The step's own first word, in a question that offers a choice, picks that side's step; it
    // accepts nothing else of the question.
    const choice = answering('home-bot', 'Shall I cancel the Saturday fitting or move it to Monday?');
    expect(choice('Move it.')).toEqual(['Move it to Monday.']);
    expect(choice('Cancel it.')).toEqual(['Cancel the Saturday fitting.']);
    expect(answering('home-bot', 'Shall I move the fitting to Monday or cancel it?')('Move it.')).toEqual(['Move the fitting to Monday.']);
  });

  it("reads a number a person gives of their own ('My laptop …') as a report, and a new number for what the agent numbered as a setting", () => {
    const runner = answering('ci-bot', 'Options: the end-to-end tests take 41 minutes on a standard runner, or 19 on a 16-core one. Which should I set up?');
    expect(runner('My desktop runs the end-to-end tests in about 12.')).toEqual([]);
    expect(runner('The end-to-end tests get 12 minutes at most.')).toEqual(['The end-to-end tests get 12 minutes at most.']);
  });

  it('decides nothing on an offer nobody accepted', () => {
    const found = candidates([
      ['kim', 'human', 'The staging certificate expires on Friday.'],
      ['ops-bot', 'bot', 'Shall I renew it with the ACME client?'],
      ['kim', 'human', 'Why is it expiring so early?'],
    ]);
    expect(found).toEqual([]);
  });

  it('resolves a bare option number to the option, with what the options were for', () => {
    const found = candidates([
      ['ops-bot', 'bot', 'Options for the standup time:\n1. 9:00 every weekday\n2. 9:30 on Monday, Wednesday and Friday'],
      ['kim', 'human', '2.'],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['Standup time: 9:30 on Monday, Wednesday and Friday.']);
  });

  it('picks a quoted option whole, its own stops and apostrophes included, and an option that goes on after a quote by its first clause', () => {
    const pick = (offered: string) => candidates([['support-bot', 'bot', offered], ['kim', 'human', 'Option 2.']]).map((c) => c.statement);
    expect(pick("Options for the closing line:\n1. 'Thanks for being with us.'\n2. 'We'd like to hear what didn't go well. Just reply, it lands right in our inbox.'")).toEqual([
      "Closing line: 'We'd like to hear what didn't go well. Just reply, it lands right in our inbox.'",
    ]);
    expect(pick('Options for the student plan:\n1. "Free" tier with 2 projects\n2. "Lite" tier at 3 EUR with 10 projects')).toEqual(['Student plan: "Lite" tier at 3 EUR with 10 projects.']);
  });

  it('resolves an option picked with a choice verb from a list given inline, with what the options were for', () => {
    const offered = 'Options for the backup window: (a) Saturday night after the batch run, (b) Sunday 03:00 UTC, or (c) both days. Which one?';
    for (const reply of ['Go with (b).', "I'd go with b.", '(b)', 'Option b.']) {
      const found = candidates([
        ['ops-bot', 'bot', offered],
        ['kim', 'human', reply],
      ]);
      expect({ reply, statements: found.map((c) => c.statement) }).toEqual({ reply, statements: ['Backup window: Sunday 03:00 UTC.'] });
    }
    // A number in a longer statement is no pick; a key the list does not have picks nothing.
    for (const reply of ['Go with (d).', 'We go with b only if the batch run moves.']) {
      const found = candidates([
        ['ops-bot', 'bot', offered],
        ['kim', 'human', reply],
      ]);
      expect(found.filter((c) => c.cue === 'selection')).toEqual([]);
    }
  });

  it('resolves a number alone to the one listed option that names it (a pick by value)', () => {
    const offered = 'They have two Saturdays free:\n1. October 10: the town marathon runs that morning.\n2. October 17: nothing else on that I can see.\nI\'d recommend the 17th.';
    const picked = (reply: string) =>
      candidates([
        ['ops-bot', 'bot', offered],
        ['kim', 'human', reply],
      ])
        .filter((c) => c.cue === 'selection')
        .map((c) => c.statement);
    expect(picked('17th.')).toEqual(['October 17.']);
    expect(picked('The 10th.')).toEqual(['October 10.']);
    // A number no option names, or one that only runs into another number, picks nothing.
    expect(picked('12th.')).toEqual([]);
    expect(picked('1.7')).toEqual([]);
  });

  it('reads options marked with a closing bracket only ("A) …; B) …") and counts their keys, so that a stray "2)" lists nothing', () => {
    const offered = 'Three options: A) a nightly dump to an S3 bucket, about 4 EUR a month; B) a nightly dump to the storage box we already rent, no extra cost; C) continuous WAL archiving to S3. Which one?';
    const found = candidates([
      ['ops-bot', 'bot', offered],
      ['nora', 'human', 'B.'],
    ]);
    expect(found.filter((c) => c.cue === 'selection').map((c) => c.statement)).toEqual(['A nightly dump to the storage box we already rent, no extra cost.']);
    const stray = candidates([
      ['ops-bot', 'bot', 'The restore steps are in the runbook (see 2) and 4) above), and the dump runs at 02:30.'],
      ['nora', 'human', '2.'],
    ]);
    expect(stray.filter((c) => c.cue === 'selection')).toEqual([]);
  });

  it('names what a list of options is about when its intro says it before the list\'s noun, in each language', () => {
    const ips = answering('data-agent', "For user agents there are three options: (1) store them alongside the session logs for all 13 months, (2) reduce them to browser family and major version after 14 days, (3) drop them entirely. I'd suggest option 2.");
    expect(ips('Go with 2.')).toEqual(['User agents: reduce them to browser family and major version after 14 days.']);
    expect(answering('versand-agent', 'Für die Rücksendungen gibt es zwei Optionen: (a) kostenlos mit Etikett, (b) 3,95 pro Retoure. Was meint ihr?')('b.')).toEqual(['Rücksendungen: 3,95 pro Retoure.']);
    // (What follows "for" must name a thing: "for now", "for me", "for this reason", "para mí" do not.)
    for (const intro of ['For now there are two options', 'For this reason I see two options', 'For me there are two options', "For what it's worth, I see two options", 'Para mí hay dos opciones', 'Für diesen Fall gibt es zwei Optionen']) {
      expect(answering('ops-agent', `The vendor missed the deadline. ${intro}: (1) postpone the release by a week, (2) ship without the export feature.`)('Go with 2.')).toEqual(['Ship without the export feature.']);
    }
    // (An intro that counts nothing names no subject: "For now I see it this way".)
    expect(answering('data-agent', 'For now: (1) store them with the session logs, (2) shorten them after 14 days. Which one?')('2.')).toEqual(['Shorten them after 14 days.']);
  });

  it('keeps the condition a person adds to an option picked by its key as part of that decision', () => {
    const offered = 'The supplier contract is ready. Options for signing: (a) DocuSign, (b) print, sign and scan, (c) a meeting at their office. Which do you prefer?';
    for (const [reply, statement] of [
      ['a, but only after legal has read clause 7.', 'Signing: DocuSign, but only after legal has read clause 7.'],
      ['C, as long as it is before the 20th.', 'Signing: a meeting at their office, as long as it is before the 20th.'],
      // (A key needs no comma before its condition; a name runs on into it.)
      ['b but only with the original in the post.', 'Signing: print, sign and scan, but only with the original in the post.'],
      // (A condition that is a value says something too.)
      ['a but only 2,500. the rest stays with legal.', 'Signing: DocuSign, but only 2,500.'],
    ]) {
      const found = candidates([
        ['legal-bot', 'bot', offered],
        ['karl', 'human', reply],
      ]);
      expect({ reply, statements: found.filter((c) => c.cue === 'selection').map((c) => c.statement) }).toEqual({ reply, statements: [statement] });
    }
    // A key before a comma answering the list picks its option whatever follows: a reason or a
    // remark ("a, the text says …") addresses nobody.
    const found = candidates([
      ['legal-bot', 'bot', offered],
      ['karl', 'human', 'a, the text says clause 7 needs a look first.'],
    ]);
    expect(found.filter((c) => c.cue === 'selection').map((c) => c.statement)).toEqual(['Signing: DocuSign.']);
  });

  it('picks an option by its key after an acceptance, before a courtesy, after a choice verb, in English, German and Spanish', () => {
    const offered = 'Options for the supplier contract: A) Acme at 42k with a liability waiver, B) Borg at 45k without one. Which one?';
    const pick = replying([['legal-bot', 'bot', offered]], 'karl');
    for (const reply of ['Yes, B.', 'OK, B.', 'Passt, B.', 'Passt. B.', 'B please.', 'B, bitte.', 'B, passt.', 'Take B.', "Let's take B.", 'Nimm B.', 'Wir nehmen B.', 'Vale, la B.', 'Vamos con la B.']) {
      expect({ reply, picked: pick(reply) }).toEqual({ reply, picked: ['Supplier contract: Borg at 45k without one.'] });
    }
    // A key addressed like a name, with a reason after it, picks too ("B, cheaper and they deliver
    // on time"); one the list does not have picks nothing and stays a name addressed.
    expect(pick('B, the waiver clause is the safer one.')).toEqual(['Supplier contract: Borg at 45k without one.']);
    expect(pick('B, la acústica es mejor.')).toEqual(['Supplier contract: Borg at 45k without one.']);
    expect(pick('F, the waiver clause needs a look first.')).not.toContain('Supplier contract: Borg at 45k without one.');
  });

  it('reads a key before a comma after a sentence of its own as a pick of its own, not as what that sentence means', () => {
    const said = replying([['assistant', 'bot', 'I would suggest a standing order of 12 sacks a week. Delivery options: A) Monday afternoon B) Tuesday before 6:00 C) Wednesday before 6:00.']], 'petra');
    expect(said('12 is fine. B, der Fahrer hat eh einen Schlüssel für den Hintereingang')).toEqual(['12 is fine.', 'Tuesday before 6:00.']);
    // An option whose name holds an abbreviation is picked whole.
    const venue = replying([['assistant', 'bot', 'Venue options: A) community hall (80 seats, free), B) St. Anne\'s church (150 seats, 200 € donation). Which one?']], 'beatriz');
    expect(venue('B, la acústica es buenísima para cuerdas')).toEqual(["St. Anne's church (150 seats, 200 € donation)."]);
  });

  it('records what a choice is said against at the end of its clause as its alternative, in each language', () => {
    const chosen = (text: string) => allCandidates([['design-bot', 'bot', 'Which font for the body text?'], ['lena', 'human', text]]).map((c) => [c.statement, c.alternatives]);
    expect(chosen('The body font has to be Inter, not Roboto.')).toEqual([['The body font has to be Inter, not Roboto.', ['Roboto']]]);
    expect(chosen('Wir nehmen Inter als Schrift, nicht Roboto.')[0][1]).toEqual(['Roboto']);
    expect(chosen('Usamos Inter como fuente, no el Roboto.')[0][1]).toEqual(['el Roboto']);
    // A number or a name is another value or thing; how, when or how sure is none.
    expect(chosen('The notice period is 4 weeks, not 6.')[0][1]).toEqual(['6']);
    expect(chosen('Use version 2.1, not 2.0.')[0][1]).toEqual(['2.0']);
    expect(chosen('We switch the body font to Inter next week, not now.')[0][1]).toEqual([]);
    expect(chosen('The body font is fixed, not negotiable.')[0][1]).toEqual([]);
    expect(chosen('We go with Inter for the body font, not a problem.')[0][1]).toEqual([]);
  });

  it('records a rejected option beside the pick as what the pick was chosen over, not as a decision of its own', () => {
    const found = candidates([
      ['legal-bot', 'bot', 'The draft says Munich courts. Alternatives: arbitration in Vienna or in Zurich. Which one?'],
      ['ana', 'human', 'Not the Munich courts. Arbitration in Vienna.'],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['Arbitration in Vienna.']);
    expect(found[0].alternatives[0]).toBe('the Munich courts');
    // Without a pick beside it, the clause is a rejection the scorer weighs, with no rule's cue; a
    // pick after it in the same clause is the pick; and a ban that names more than the agent's
    // words is a rule.
    const alone = allCandidates([['legal-bot', 'bot', 'The draft says Munich courts. Which one?'], ['ana', 'human', 'Not the Munich courts.']]);
    expect(alone.map((c) => [c.statement, c.hint])).toEqual([['Not the Munich courts.', null]]);
    expect(candidates([
      ['legal-bot', 'bot', 'The draft says Munich courts. Alternatives: arbitration in Vienna or in Zurich. Which one?'],
      ['ana', 'human', 'Not the Munich courts, arbitration in Vienna.'],
    ]).map((c) => [c.statement, c.hint])).toEqual([['Not the Munich courts, arbitration in Vienna.', 'decision']]);
    expect(candidates([
      ['legal-bot', 'bot', 'The draft says Munich courts. Alternatives: arbitration in Vienna or in Zurich. Which one?'],
      ['ana', 'human', 'Arbitration in Vienna. No contract over 50k without legal review.'],
    ]).map((c) => c.statement)).toEqual(['Arbitration in Vienna.', 'No contract over 50k without legal review.']);
  });

  it('gives a bare number after a value judged too much or too little the thing of that value, and takes the judgement for why', () => {
    const reminders = answering('billing-bot', 'Reminder emails go out 10 days after the due date. OK?');
    expect(reminders('10 days after the due date is too long, people forget by then. make it 5')).toEqual(['Make it 5 days after the due date.']);
    const stock = (said: string) => allCandidates([['stock-bot', 'bot', 'Draft order: flour 25 sacks, yeast 4 kg. Submit?'], ['kim', 'human', said]]).map((c) => c.statement);
    expect(stock('flour 25 is too much, we still have sacks in the cellar. 20')).toEqual(['Flour 20.']);
    const flour = allCandidates([['stock-bot', 'bot', 'Draft order: flour 25 sacks, yeast 4 kg. Submit?'], ['kim', 'human', 'flour 25 is too much, we still have sacks in the cellar. 20']]);
    expect(flour[0].reasons).toContain('flour 25 is too much, we still have sacks in the cellar');
    // A number with a unit of its own says what it is.
    expect(stock('2 hours is too long. 90 minutes')).not.toContain('90 hours minutes.');
    // A judgement with no number of its own, or the same number again, gives the number nothing.
    expect(stock('That is too much. 20')).not.toContain('Flour 20.');
    expect(stock('flour 25 is too much, we still have sacks in the cellar. 25')).not.toContain('Flour 25.');
  });

  it("reads 'not' before 'the', a possessive or 'even' as setting one thing aside or as stress, not as a ban", () => {
    const halls = answering('venue-agent', 'Three halls are free on the 12th:\n1. Town hall: 300 seats, 900 EUR.\n2. Harbour loft: 180 seats, 1,200 EUR.\n3. School gym: 400 seats, 500 EUR.');
    // Neither a rule nor a pick of the hall it sets aside.
    expect(halls('Then not the gym. Between the other two?')).toEqual([]);
    expect(halls('Not my call.')).toEqual([]);
    // Nothing chosen after the comma gives the clause no cue of its own.
    expect(halls('Not the gym, please.')).toEqual([]);
    const reply = allCandidates([
      ['tom', 'human', 'Last one: post or email for the letter?'],
      ['ops-agent', 'bot', 'A stamp costs about 1 EUR per letter. Most donations came in after the printed letters last year.'],
      ['kim', 'human', 'Post. Not even a question.'],
    ]);
    expect(reply.filter((c) => /not even/i.test(c.statement) && c.hint === 'constraint')).toEqual([]);
    // The pick before the stress is found.
    expect(reply.some((c) => /^Post\b/.test(c.statement))).toBe(true);
    // A ban keeps its cue.
    expect(halls('Not before 8:00, the caretaker opens at 8.')).toEqual(['Not before 8:00, the caretaker opens at 8.']);
    expect(halls('No bookings on Sundays.')).toEqual(['No bookings on Sundays.']);
  });

  it("reads the option named after a colon that ends a sentence of its own as the pick, its reason before it; a label before the colon stays the statement's", () => {
    const before: Array<[string, 'human' | 'bot', string]> = [['legal-agent', 'bot', 'Acme is 42k with a late penalty, Borg 45k without one. Tom prefers Borg. Which one?']];
    expect(replying(before, 'lena')('It was your condition and I own the budget: Acme, with a late penalty.')).toEqual(['Acme, with a late penalty.']);
    expect(replying(before, 'lena')('Supplier: Acme, with a late penalty.')).toEqual(['Supplier: Acme, with a late penalty.']);
  });

  it("keeps the reason a person gives after a terse choice out of the choice ('Then by DocuSign. They're remote anyway.')", () => {
    const pick = answering('legal-agent', 'I can send it via DocuSign or as a PDF to print and scan. Which do you prefer?');
    expect(pick("Then by DocuSign. They're remote anyway.")).toEqual(['By DocuSign.']);
  });

  it("accepts the points of an agent's labelled plan ('Plan for the new server: …') on a bare go-ahead", () => {
    const found = candidates([
      ['backup-agent', 'bot', 'Plan for the new server: nightly backups, kept for 30 days, encrypted. Shall I set it up?'],
      ['ops', 'human', 'Go ahead.'],
    ]);
    expect(found.filter((c) => c.cue === 'accepted-proposal').map((c) => c.statement)).toEqual(['Nightly backups, kept for 30 days, encrypted.']);
  });

  it("does not read a person's report of their own measurement as naming the agent's option ('My build takes 15 minutes')", () => {
    const found = candidates([
      ['ci-agent', 'bot', 'The integration tests take 22 minutes on CI. Should I split them into 4 shards?'],
      ['kai', 'human', 'My build takes 15 minutes on my laptop.'],
    ]);
    expect(found.filter((c) => c.features.includes('origin:selection'))).toEqual([]);
  });

  it("accepts on a bare yes to a choice only the option the agent recommended, and all of a joint proposal", () => {
    const choice = 'Options for the supplier contract: A) Acme at 42k with a liability waiver, B) Borg at 45k without one.';
    for (const reply of ['ok do it', 'passt', 'vale', 'Sounds good.']) {
      expect({ reply, accepted: acceptedSteps(`${choice} Which one?`, reply) }).toEqual({ reply, accepted: [] });
      expect({ reply, accepted: acceptedSteps(`${choice} I'd recommend B, the waiver is a risk. OK?`, reply) }).toEqual({ reply, accepted: ['Supplier contract: Borg at 45k without one.'] });
    }
    expect(acceptedSteps(`${choice} I'd go with B: the waiver is a risk. OK?`, 'ok do it')).toEqual(['Supplier contract: Borg at 45k without one.']);
    expect(acceptedSteps('Shall the invoice go out as (a) a PDF by email or (b) an e-invoice through the portal? A or B?', 'Passt.')).toEqual([]);
    // Items proposed together are accepted together.
    const joint = 'For the plans page: (a) two tiles with the feature list folded under them, and (c) a fixed price for Pro with Talk to us only for 40 users or more. Shall I do both?';
    expect(acceptedSteps(joint, 'Yes, go ahead.')).toHaveLength(2);
  });

  it("reads a bare value answering a choice of two values as that value with the question's unit ('24 or 48 hours before?' — '48.')", () => {
    const pick = (asked: string) => (reply: string) => candidates([['clinic-agent', 'bot', asked], ['dr.hahn', 'human', reply]]).filter((c) => c.cue === 'selection').map((c) => c.statement);
    expect(pick('Understood. Should the reminder go out 24 or 48 hours before?')('48.')).toEqual(['48 hours before.']);
    expect(pick('Understood. Should the reminder go out 24 or 48 hours before?')('48. People need time to find a lift.')).toEqual(['48 hours before.']);
    expect(pick('Should the beta run 2 weeks or 4 weeks before launch?')('4')).toEqual(['4 weeks before launch.']);
    // A value the question does not offer picks nothing; a pair with no unit lends the value no words.
    expect(pick('Understood. Should the reminder go out 24 or 48 hours before?')('72.')).toEqual([]);
    expect(pick('Is 9 or 12 better for the Team plan?')('12.').join(' ')).not.toMatch(/better/);
  });

  it("accepts the step an agent offers as an imperative question ('Book the Alte Halle?' — 'yes'), not one that only says 'it'", () => {
    const accepted = acceptedTyped;
    expect(accepted('The Forum takes up to 50. The Alte Halle takes 80 for 3,900 EUR. Book the Alte Halle?', 'yes')).toEqual([['Book the Alte Halle.', 'action_item']]);
    expect(accepted('The Alte Halle takes 80 for 3,900 EUR. Book it?', 'yes')).toEqual([]);
  });

  it("accepts a step put after a lead that names what it acts on ('Payment terms — keep the 30% deposit?'), lead and all, not a choice or a lead that asks", () => {
    const steps = (offered: string) => acceptedSteps(offered, 'yes');
    expect(steps('Fixed the address. Payment terms — keep the 30% deposit?')).toEqual(['Payment terms - keep the 30% deposit.']);
    expect(steps('Scheduled. Mulch for the beds: order 4 yd natural hardwood from GreenCycle for Mon June 22?')).toEqual(['Mulch for the beds: order 4 yd natural hardwood from GreenCycle for Mon June 22.']);
    expect(steps('Kessler still needs the 8 yd of topsoil — order from GreenCycle for Mon May 18?')).toEqual(['Kessler still needs the 8 yd of topsoil - order from GreenCycle for Mon May 18.']);
    // (A yes to "which" picks nothing; a lead that asks or puts up options is no thing's name.)
    expect(steps("That's a lot of stock — order one go or split?")).toEqual([]);
    // A lead that names nothing is no label: a filler, small talk, a number left of a date cut short; the step stands alone.
    expect(steps('Quick question — keep the 30% deposit for the Lees too?')).toEqual(['Keep the 30% deposit for the Lees too.']);
    expect(steps('Sorry for the delay on this — check the attached statement first?')).toEqual(['Check the attached statement first.']);
    expect(steps('One more thing: confirm the headcount for the launch by Friday?')).toEqual(['Confirm the headcount for the launch by Friday.']);
    expect(steps('Field trip on Mar. 12 — book the coach from Ridgeway Travel?')).toEqual(['Book the coach from Ridgeway Travel.']);
    // (A lead with a cue of its own is read by that cue: what follows "Shall I" is the step.)
    expect(steps('Shall I ask: order from GreenCycle for Monday?')).toEqual(['Ask: order from GreenCycle for Monday.']);
  });

  it("takes 'Send to Mrs. Petersen by email?' to send the text the message announced as ready", () => {
    expect(acceptedSteps('Quote v2 ready: 188 Alder Ln, total $14,210, deposit 30%. Send to Mrs. Petersen by email?', 'send')).toEqual(['Quote v2: send to Mrs. Petersen by email.']);
    // (With nothing announced, the step stays as said.)
    expect(acceptedSteps('All set on my side. Send to Mrs. Petersen by email?', 'yes')).toEqual(['Send to Mrs. Petersen by email.']);
    // What the thing is, not the verb that says it is ready.
    expect(acceptedSteps('The invoice batch is ready: 14 invoices, $22,300. Send to accounts on Friday?', 'yes')).toEqual(['The invoice batch: send to accounts on Friday.']);
  });

  it("reads an imperative whose verb is also a function word, or comes before a preposition, as a step ('get a second quote first', 'Submit on 14 April'), not a greeting, a report or a person's own next look", () => {
    const answer = answering('garage-agent', 'The garage quoted 2,340 for the discs. Shall I approve it?');
    expect(answer('get a second quote first.')).toEqual(['Get a second quote first.']);
    expect(answer('Submit on 14 April.')).toEqual(['Submit on 14 April.']);
    expect(answer('Wait for their sign-off.')).toEqual(['Wait for their sign-off.']);
    // (Before a preposition, what it acts on may be a thing or a day named without an article.)
    expect(answer('close on easter sunday.')).toEqual(['Close on easter sunday.']);
    for (const said of ['Talk to you tomorrow.', 'Back from holiday on the 12th.', 'Lunch at noon.', 'Delivery on Monday.', 'Let me check with Dave first.', 'Thanks for the quote.', 'See my last message.']) expect({ said, found: answer(said) }).toEqual({ said, found: [] });
  });

  it("reads a person of the discussion named before a step without a comma, or with a dash, as addressed ('Derek tell Hartwell.'), not as a pick of a name the agent wrote", () => {
    const before: Array<[string, 'human' | 'bot', string]> = [
      ['Derek', 'human', 'Hartwell always tenders late.'],
      ['Roy', 'human', 'Then they tender earlier.'],
      ['Priya', 'human', 'I can call them.'],
      ['dispatch-agent', 'bot', 'Noted: cutoff 15:00 from Monday, Priya calls Hartwell. Shall I update the dock schedule?'],
    ];
    const reply = replying(before, 'Walter');
    expect(reply('Derek tell Hartwell.')).toEqual(['Derek: tell Hartwell.']);
    expect(reply('Priya get the price before friday.')).toEqual(['Priya: get the price before friday.']);
    expect(reply('Roy - no more overtime for late loads.')).toEqual(['Roy: no more overtime for late loads.']);
    // A name the agent wrote, before a step for that person, addresses them; it picks nothing.
    expect(reply('Priya, set up a booking calendar first.')).toEqual(['Priya: set up a booking calendar first.']);
    // The name is the subject where the verb agrees with it, and a refusal after it is no step.
    expect(reply('Derek tells Hartwell every week anyway.')).toEqual([]);
    // Framing before the name keeps it addressed: "ok, and Derek tell Hartwell".
    expect(reply('ok. and Derek tell Hartwell.')).toEqual(['Update the dock schedule.', 'Derek: tell Hartwell.']);
    expect(reply('Derek — no, I am not hiring your cousin.')).toEqual([]);
    // An agent of the discussion named before a step is addressed too, and left out of the step;
    // its name before what it did or is tells no step.
    expect(reply('dispatch-agent update the dock schedule for Monday.')).toEqual(['Update the dock schedule for Monday.']);
    expect(reply('dispatch-agent sent the old schedule last week.')).toEqual([]);
    // A name that is also a verb, a function word or a month names no one without its comma.
    const common = replying([['Will', 'human', 'I can drive.'], ['Hope', 'human', 'Me too.'], ['May', 'human', 'Same.'], ['dispatch-agent', 'bot', 'Shall I update the dock schedule?']], 'Walter');
    expect(common('Will you call Hartwell?')).toEqual(['Call Hartwell.']);
    expect(common('Hope you can call Hartwell tomorrow.')).toEqual(['Hope you can call Hartwell tomorrow.']);
    expect(common('May send the schedule.')).toEqual([]);
    // A person the question itself asks about, named before a step, is the pick.
    const van = replying([...before.slice(0, 3), ['dispatch-agent', 'bot', 'The van is free on Friday. Should Priya or Derek take the van to Hartwell?']], 'Walter');
    expect(van('Derek, take it.')).toEqual(['Derek take the van to Hartwell.']);
    // A step of its own for the person named is theirs, not a pick of them.
    expect(van('Priya, tell Derek to take it.')).toEqual(['Priya: tell Derek to take it.']);
    expect(van('Derek, check the tyres first.')).toEqual(['Derek: check the tyres first.']);
    // A name the agent gives that no one of the discussion goes by, before a comma, is the pick it
    // makes, listed with or without an "or": no one it addresses.
    const crews = replying([...before.slice(0, 3), ['dispatch-agent', 'bot', "Hydro-Flow can't start on 16 March. Aquatrace's quote (start 13 April) is valid until the 20th. Options:\n1) accept Hydro-Flow's delay\n2) switch to Aquatrace\nWhat should I do?"]], 'Walter');
    expect(crews('Change of plan: Aquatrace, start 13 April.')).toEqual(['Aquatrace, start 13 April.']);
    // A person's name the agent gives, of someone who does not speak, still addresses them.
    const lena = replying([...before.slice(0, 3), ['travel-agent', 'bot', 'Lena Vogt asked about it yesterday. Options: 1) book the flights now, 2) wait for the fare drop. Which?']], 'Walter');
    expect(lena('Lena, book the flights yourself.')).toEqual(['Book the flights yourself.']);
    expect(crews('Priya, start 13 April.')).toEqual(['Priya: start 13 April.']);
  });

  it("accepts what an agent states and puts to the person with a tag ('…, correct?', '… OK?'), not a report or a tag after a question", () => {
    const accepted = acceptedTyped;
    expect(accepted('Done. Default recall stays at 6 months as proposed, correct?')).toEqual([['Default recall stays at 6 months as proposed.', 'decision']]);
    expect(accepted('Sent to all clubs. The 5 new places will open to the waiting list on 6 September. Ok?', '👍')).toEqual([['The 5 new places will open to the waiting list on 6 September.', 'decision']]);
    expect(accepted('Summary: orders go to Hoffmann every Thursday from now on. OK?', 'Perfecto.')).toEqual([['Orders go to Hoffmann every Thursday from now on.', 'decision']]);
    expect(accepted('El pedido sale cada jueves a partir de ahora, ¿vale?', 'Sí.')).toEqual([['El pedido sale cada jueves a partir de ahora.', 'decision']]);
    // When or how long something is, in the present as plans are put: a schedule or a term.
    expect(accepted('The newsletter runs every Thursday at 17:00, OK?')).toEqual([['The newsletter runs every Thursday at 17:00.', 'decision']]);
    expect(accepted('Trial length is 14 days for all plans, OK?')).toEqual([['Trial length is 14 days for all plans.', 'decision']]);
    // A tag that asks whether it is true confirms a fact: a time alone says nothing is to hold.
    expect(accepted('The flight leaves on Friday at 10:00, right?')).toEqual([]);
    expect(accepted('El vuelo sale el viernes a las 10, ¿verdad?', 'Sí.')).toEqual([]);
    expect(accepted('Trial length is 14 days for all plans, correct?')).toEqual([]);
    expect(accepted('Der Newsletter erscheint jeden Donnerstag um 17 Uhr, einverstanden?', 'Ja.')).toEqual([['Der Newsletter erscheint jeden Donnerstag um 17 Uhr.', 'decision']]);
    // Tags that are no word of assent themselves.
    expect(accepted('Der Recall bleibt bei 6 Monaten, oder?', 'Ja.')).toEqual([['Der Recall bleibt bei 6 Monaten.', 'decision']]);
    expect(accepted('Der Recall bleibt bei 6 Monaten. Passt das?', 'Ja.')).toEqual([['Der Recall bleibt bei 6 Monaten.', 'decision']]);
    expect(accepted('Mantenemos la tarifa de 45 € la hora para todos, ¿verdad?', 'Sí.')).toEqual([['Mantenemos la tarifa de 45 € la hora para todos.', 'decision']]);
    expect(accepted('Default recall stays at 6 months, sound good?')).toEqual([['Default recall stays at 6 months.', 'decision']]);
    // The last item of a list is no tag.
    expect(accepted('Shall I set the RSVP choices to Yes, Maybe, No?')).toEqual([['Set the RSVP choices to Yes, Maybe, No.', 'action_item']]);
    // A report of what was done, a tag after a question, and a statement nobody said yes to offer nothing.
    expect(accepted('The SMS went out to 40 patients yesterday. Ok?')).toEqual([]);
    expect(accepted('Which day works for the recall? Ok?')).toEqual([]);
    expect(accepted('Default recall stays at 6 months as proposed, correct?', 'No, 4 months.')).toEqual([]);
    // A yes that goes on with values of its own answers with those.
    expect(accepted('Flea season: a minimum of 15 packs per brand for March to June. OK?', 'ok 15 in March, then 8 till June')).toEqual([]);
    expect(accepted('Flea season: a minimum of 15 packs per brand for March to June. OK?', 'Ok. 15 in March, then 8 till June.')).toEqual([]);
    expect(accepted('Default recall stays at 6 months as proposed, correct?', 'Yes. But make it 4 months.')).toEqual([]);
    expect(accepted('Default recall stays at 6 months as proposed, correct?', "Yes. And for kids under 12 it should say 'Ihr Kind'.")).toEqual([['Default recall stays at 6 months as proposed.', 'decision']]);
    // A fact checked, a question or request with a tag, an instruction as the tag: nothing to hold to.
    expect(accepted('The open invoice from Meyer is 4,200 EUR, correct?')).toEqual([]);
    expect(accepted('All tests pass on staging. Ship it?')).toEqual([]);
    expect(accepted('Which interval should the recall use, ok?')).toEqual([]);
    expect(accepted('Can you send me the patient list by Friday, ok?')).toEqual([]);
    expect(accepted('So you want the shop closed on Mondays from July, correct?')).toEqual([]);
    // Beside a proposal, a statement with a tag goes with it and does not take its place.
    expect(accepted('I propose we switch the handoff to Parquet files. The schema stays fixed as today, right?')).toEqual([['We switch the handoff to Parquet files.', 'decision']]);
    // A closing question put as a statement offers what it states, as a tag does: beside the steps
    // the agent takes on itself, it is what the yes answers.
    expect(accepted('Service call $95 from May 15. Clients already booked before the 15th keep $85?')).toEqual([['Clients already booked before the 15th keep $85.', 'decision']]);
    expect(accepted("OK, I'll remind you June 1 to revisit the summer start time. Lunch: 30 min unpaid like last year?").map(([statement]) => statement)).toContain('Lunch: 30 min unpaid like last year.');
    // A question word or a verb before the subject asks, after a lead too; two ways ask which; a fact checked holds nothing.
    expect(accepted('Is the lunch break 30 min unpaid?')).toEqual([]);
    expect(accepted("Before I finalise: should the word 'beta' appear in the banner as well, or only in the changelog?")).toEqual([]);
    expect(accepted('Lunch: 30 or 45 min?')).toEqual([]);
    // A Spanish question asks wherever its mark opens; a statement of what happened checks a fact.
    expect(accepted('Pago — ¿mantenemos el 40 % de anticipo?', 'sí')).toEqual([]);
    expect(accepted('The tenant moved out on the 30th?')).toEqual([]);
    expect(accepted('The open invoice from Meyer is 4,200 EUR?')).toEqual([]);
    expect(accepted('Lunch: 30 min unpaid like last year?', 'Yes. But make it 45 min.')).toEqual([]);
    // End to end, the person's yes makes it a decision.
    const { decisions } = recorded([
      ['jana', 'human', 'Set up the recall reminders for the hygiene patients.'],
      ['practice-agent', 'bot', 'Done. Default recall stays at 6 months as proposed, correct?'],
      ['jana', 'human', 'Yes.'],
    ]);
    expect(decisions.map((d) => d.statement)).toContain('Default recall stays at 6 months as proposed.');
  });

  it("records no statement that names nothing but a multiplier ('🌮 x2 please' → 'X2.')", () => {
    const said = (reply: string) => {
      const { decisions, review } = recorded([
        ['maya', 'human', 'Send only the error budget alerts to the pager.'],
        ['ops-agent', 'bot', 'Done: only error_budget alerts page now; the rest lands in #alerts-low.'],
        ['tunde', 'human', 'anyone up for tacos? placing an order at 12:30'],
        ['oskar', 'human', reply],
      ]);
      return [...decisions, ...review].map((d) => d.statement);
    };
    for (const reply of ['🌮 x2 please', '2x please', '🌮 ×3']) expect(said(reply).filter((s) => /^[x×]?\d+[x×]?\.$/i.test(s))).toEqual([]);
    // An option named so is picked.
    expect(answering('ci-bot', 'Which architecture for the new runners: x86 or arm64?')('x86.')).toEqual(['X86.']);
    expect(answering('design-bot', 'Shall I export the icons at 1x or 2x?')('2x.')).toEqual(['2x.']);
  });

  it("takes a clause that opens with a hedge for a musing, not a decision, and a request with 'could you' for a request", () => {
    const said = replying([['planner-bot', 'bot', 'Two ways to fit 91: round tables of 8 plus a head table, or all long tables.'], ['priya', 'human', 'Option one.']], 'jonas');
    expect(said("I'll draw the floor plan on Thursday then. Or Friday. Probably Friday, let's be honest.")).not.toContain("Probably Friday, let's be honest.");
    expect(said("Maybe Sunday at 3 am, let's see.")).toEqual([]);
    expect(said('No, but could you draw up a student assistant contract?').join(' ')).toMatch(/contract/);
    // A statement of its own after the hedged part, a hedge that is no hedge ('igual' = 'the same'), a plan under a condition.
    expect(said('Wahrscheinlich reicht Donnerstag nicht, wir nehmen Freitag.').join(' ')).toMatch(/Freitag/);
    expect(said('Wahrscheinlich Donnerstag, der Kran kommt erst Mittwoch.')).toEqual([]);
    expect(answering('quote-bot', '¿El precio para clientes nuevos cambia o se queda igual?')('Igual para todos: 45 € la hora.').join(' ')).toMatch(/45 €/);
    expect(allCandidates([['planner', 'bot', 'Outdoors or in the hall?'], ['jonas', 'human', 'Outdoors. Probably if it rains we move into the hall.']]).map((c) => c.statement)).toContain('Probably if it rains we move into the hall.');
  });

  it("takes thanks after a joining word ('And thanks, Herr Demir!', '¡Y gracias!') for small talk, not for what a refusal leaves standing", () => {
    const said = (reply: string) => {
      const { decisions, review } = recorded([
        ['marco', 'human', 'Who gets the instruction for the light tower?'],
        ['club-bot', 'bot', 'Calendar entry: Einweisung Lichtmast, Tuesday 17:00, Marco and Torsten. Anything else?'],
        ['marco', 'human', reply],
      ]);
      return [...decisions, ...review].map((d) => d.statement);
    };
    expect(said('No. And thanks, Herr Demir!')).toEqual([]);
    expect(said('No. Gracias, bot. ¡Y gracias, Herr Demir!')).toEqual([]);
    expect(said('Thanks, and we keep Tuesday 17:00 for everyone.')).toEqual(['We keep Tuesday 17:00 for everyone.']);
    expect(said('No. And thanks, Torsten does the key handover.')).toEqual(['Torsten does the key handover.']);
    // A name the question offered is picked, whatever word of chat comes before it.
    expect(answering('bus-bot', 'Two buses are free on Friday: Meyer at 9:30 or Sauer at 10:15. Which one?')('Great, Meyer then.')).toEqual(['Meyer then.']);
  });

  it("takes the plan after a condition for a decision whatever its verb, and what we could or would do for none", () => {
    const said = answering('site-bot', 'The slab pour is booked for Thursday 7:00. Forecast says 60 % rain.');
    expect(said("And if Thursday turns wet too, we don't pour in the rain, period.")).toEqual(["If Thursday turns wet too, we don't pour in the rain, period."]);
    expect(said('Falls es regnet, betonieren wir am Freitag.')).toEqual(['Falls es regnet, betonieren wir am Freitag.']);
    expect(said('If it rains, we could use the garage.')).toEqual([]);
    expect(said('If the pour slips, we lose a day.')).toEqual([]);
    expect(said('If we move it, we also need the pump again.')).toEqual([]);
    expect(said('Wenn es regnet, dann brauchen wir die Plane.')).toEqual([]);
    // A report after a condition plans nothing, nor corrects a value as a plan would.
    expect(answering('venue-bot', 'The venue costs 4,000 EUR this year. Shall I book it again?')('If I remember right, we paid 3,200 last year.')).toEqual([]);
  });

  it("reads 'si' without its accent as a yes only alone or before a stop, not as the 'if' of a condition", () => {
    const said = (reply: string) => recorded([['kim', 'human', 'Necesitamos sala para la fiesta.'], ['fiesta-bot', 'bot', '¿Reservo el Kulturhaus para la fiesta de verano?'], ['kim', 'human', reply]]).decisions.map((d) => d.statement);
    expect(said('Si, claro.')).toEqual(['Reservo el Kulturhaus para la fiesta de verano.']);
    expect(said('Si por favor')).toEqual(['Reservo el Kulturhaus para la fiesta de verano.']);
    expect(said('si si, resérvalo')).toContain('Reservo el Kulturhaus para la fiesta de verano.');
    expect(said('Si llueve, lo movemos al viernes.')).not.toContain('Reservo el Kulturhaus para la fiesta de verano.');
    expect(said('Si quieres mi opinión, gastamos demasiado.')).not.toContain('Reservo el Kulturhaus para la fiesta de verano.');
  });

  it("accepts a step a Spanish agent offers with a verb in the first person ('¿Quito los 18 € …?' — 'sí'), not a question word or a word of assent", () => {
    const accepted = acceptedTyped;
    expect(accepted('Entendido: PDF con firma electrónica. ¿Quito los 18 € de mensajería del presupuesto?', 'sí')).toEqual([['Quito los 18 € de mensajería del presupuesto.', 'action_item']]);
    expect(accepted('Versión final lista. ¿Algo más?', 'sí')).toEqual([]);
    expect(accepted('He revisado el presupuesto. ¿Listo para enviar?', 'sí')).toEqual([]);
  });

  it("gives a value with its unit the label of the agent's line that put the value up, without the word that proposed it", () => {
    const reply = answering('web-bot', 'Proposed page budget: 95% of page loads under 2 seconds on 4G. Shall I add it to the CI check?');
    expect(reply('95% under 1.5 seconds.')).toEqual(['Page budget: 95% under 1.5 seconds.']);
    // The label names what its own sentence gives a value, not a value another sentence of its line offers.
    const offered = recorded([
      ['kerry', 'human', "sending at 10am is pointless, everyone's at work. the ones who reply, reply at night"],
      ['remind-agent', 'bot', 'Reply data: 61% of replies arrive between 17:00 and 21:00. I could send at 18:00 instead.'],
      ['valeria', 'human', 'Sí, 18:00 a partir de ahora.'],
    ]);
    const statements = [...offered.decisions, ...offered.review].map((d) => d.statement);
    expect(statements).not.toContainEqual(expect.stringMatching(/^Reply data/));
    expect(statements).toContainEqual(expect.stringMatching(/18:00/));
    // (Its sentence ends where splitSentences ends it: not at an abbreviation.)
    const abbreviated = answering('web-bot', 'Proposed page budget: approx. LCP of 95% of page loads under 2 seconds on 4G. Shall I add it to the CI check?');
    expect(abbreviated('95% under 1.5 seconds.')).toEqual(['Page budget: 95% under 1.5 seconds.']);
  });

  it('states a named option of a list with no subject with what it is, and an option named by its value as the value', () => {
    const quotes = 'The quotes for the office move are in:\n1. Umzug Schmitz: two trucks and four movers, 2,400 EUR.\n2. Blitz Transporte: one truck, 1,600 EUR, we carry the boxes ourselves.';
    expect(answering('office-bot', quotes)('OK, Schmitz.')).toEqual(['Umzug Schmitz: two trucks and four movers.']);
    const dates = 'Both dates are free:\n1. May 14: the hall is ours all day.\n2. May 21: only after 14:00.';
    expect(answering('office-bot', dates)('1.')).toEqual(['May 14.']);
  });

  it('reads a Spanish or German perfect with never as a report, as the English one, not a rule', () => {
    const said = (reply: string) => {
      const { decisions, review } = recorded([
        ['greg', 'human', 'draft-bot make me a quote for the Petersen wall'],
        ['draft-bot', 'bot', 'Fixed: 188 Alder Ln, wall height max 36 in (no permit needed). Payment terms — keep the 30% deposit?'],
        ['greg', 'human', '30 is fine for her, she paid fast last time'],
        ['rigo', 'human', reply],
      ]);
      return [...decisions.map((d) => d.statement), ...review.filter((r) => r.messageIndex === 3).map((r) => r.statement)].filter((st) => /42/.test(st));
    };
    expect(said('el muro lo hacemos nosotros o subcontrato? nunca hemos hecho Versa-Lok de 42 pies')).toEqual([]);
    expect(said('machen wir die Mauer selbst? wir haben noch nie eine Versa-Lok Mauer mit 42 Fuß gebaut')).toEqual([]);
  });

  it('puts a statement said again in the same words up for review once, with the messages that said it', () => {
    const { decisions, review } = recorded([
      ['tanya', 'human', 'fuel card bill for april is $2,940. somebody is filling personal cars'],
      ['ops-agent', 'bot', "Setting it up in the WEX portal: PIN per driver, Mon–Fri 5am–7pm, Sat 6am–2pm, no Sundays. I need each driver's 4-digit PIN — Tanya collects them?"],
      ['tanya', 'human', "I'll do it at tuesday's safety meeting"],
      ['rigo', 'human', 'los muchachos van a preguntar si pueden usar la tarjeta para el hielo'],
      ['greg', 'human', 'ice yes. gas station ice, max 20 a day. no snacks'],
      ['rigo', 'human', 'jaja ok les digo. no snacks 😢'],
    ]);
    const said = [...decisions, ...review].filter((d) => /^no snacks/i.test(d.statement));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ statement: 'No snacks.', messages: expect.arrayContaining([4, 5]) });
  });

  it('reads a correction that only judges a value as no corrected fact ("Nah, two versions a week is too much work.")', () => {
    const found = candidates([
      ['mira', 'human', 'How about splitting the mailing list in two for four weeks?'],
      ['mail-bot', 'bot', 'That works: with 4,800 readers each half would get about 2,400. The catch is that we would have to write two versions of the jobs section every week.'],
      ['mira', 'human', 'Nah, two versions a week is too much effort for Ben. Tuesday it is, starting next week.'],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['Tuesday it is, starting next week.']);
  });

  it("reads a short reply naming one of the agent's alternatives as that whole alternative ('The penalty.')", () => {
    const pick = answering('legal-bot', 'If the supplier misses the date there are two ways: extend the deadline by a month (they asked for that before), or sign now with a penalty of 2% per week of delay.');
    expect(pick('The penalty.')).toEqual(['Sign now with a penalty of 2% per week of delay.']);
    expect(pick('With the penalty.')).toEqual(['Sign now with a penalty of 2% per week of delay.']);
    // Alternatives a question asks are framed by it ("Do we …"): the reply stays as said, with the
    // thing its value is of ("a 3-year warranty"). A word both alternatives hold names neither.
    const years = answering('shop-bot', 'The listing still states a 3-year warranty. Do we list 3 years and cover the last year ourselves, or list 2 years?');
    expect(years('3 years.')).toEqual(['Warranty: 3 years.']);
    expect(years('2 years.')).toEqual(['Warranty: 2 years.']);
    expect(answering('ops-bot', 'We can move the backup to Sunday night, or move the backup to Monday morning.')('The backup.')).not.toContain('Move the backup to Sunday night.');
  });

  it("reads a reply that opens with the word that opens one alternative of the agent's choice as picking it ('crop' — 'crop them out, or use …')", () => {
    const picks = (agent: string, reply: string) => candidates([['club-bot', 'bot', agent], ['maren', 'human', reply]]).filter((c) => c.strength === 'accepted').map((c) => c.statement);
    const photo = 'Consent check: 2 of the 6 children have no consent on file. Options: crop them out, or use the team photo from March.';
    expect(picks(photo, 'crop')).toEqual(['Crop them out.']);
    // A reason after the pick keeps the reply as said.
    expect(picks('Overnight courier to Hamburg costs €12. Charge it to the client or absorb it?', "absorb, it's 12 euros")).toEqual(["Absorb, it's 12 euros."]);
    // A word that opens both alternatives, a reply with a word of no alternative or of the other
    // one, or a reply that says who likes what, picks nothing.
    expect(picks(photo, 'crop March')).toEqual([]);
    expect(picks(photo, 'crop nothing, ask the parents')).toEqual([]);
    expect(picks('Overnight courier to Hamburg costs €12. Charge it to the client or absorb it?', 'charge me, I will sort it out')).toEqual([]);
    expect(picks('Send the PDFs now, or send them on the 20th?', 'send')).toEqual([]);
    expect(picks('Would you like to watch Rojo or The Art of Self-Defense?', 'I like The Art of Self-Defense.')).toEqual([]);
  });

  it("marks a clause the message goes on to ask about after it ('Then not the Campus. Between the other two?')", () => {
    const catering = 'Quotes: 1. Tafelrunde Kessel, plated dinner. 2. Delikatessen Voss, standing reception. 3. Campus Catering, buffet.';
    const asked = allCandidates([['ops-bot', 'bot', catering], ['katrin', 'human', 'Then not the Campus. Between the other two?']]);
    expect(asked.find((c) => /Campus/.test(c.statement))?.features).toContain('clause:question-after');
    const settled = allCandidates([['ops-bot', 'bot', catering], ['katrin', 'human', 'Not the Campus. Voss it is.']]);
    expect(settled.length).toBeGreaterThan(0);
    for (const c of settled) expect(c.features).not.toContain('clause:question-after');
  });

  it("takes no question word for the subject of an answer ('¿Cuál prefieres?' — 'Sabores.')", () => {
    const pick = answering('events-agent', 'Tengo dos ofertas: Sabores SL a 32 EUR por persona, o Mesa Verde a 29 EUR por persona. ¿Cuál prefieres?');
    expect(pick('Sabores.')).toEqual(['Sabores.']);
  });

  /** Each case: what the agent offered, the reply, and the statements the reply accepted (named by the offer when one fails). */
  const accepts = (cases: ReadonlyArray<readonly [string, string, readonly string[]]>) => {
    for (const [offered, reply, accepted] of cases) expect({ offered, accepted: acceptedSteps(offered, reply) }).toEqual({ offered, accepted });
  };

  it("accepts each point of a labelled proposal whose sentence sets its points apart with semicolons", () => {
    accepts([
      [
        'Proposal: 1st reminder by email 14 days after the return; 2nd reminder by letter after 30 days, incl. a €5 late fee; final notice by registered mail after 60 days.',
        'ok as proposed',
        ['1st reminder by email 14 days after the return.', '2nd reminder by letter after 30 days, incl. a €5 late fee.', 'Final notice by registered mail after 60 days.'],
      ],
      ['Proposal: rotate the keys every 90 days; record each rotation in the wiki.', 'ok', ['Rotate the keys every 90 days.', 'Record each rotation in the wiki.']],
      // A part that states a fact or a reason leaves the sentence one point, as a part of a word or two does.
      ['Proposal: migrate the database on Saturday night; downtime will be about two hours.', 'ok, do it', ['Migrate the database on Saturday night; downtime will be about two hours.']],
      ['Proposal: move the backups to S3 and keep them for 30 days; cheaper.', 'ok, do it', ['Move the backups to S3 and keep them for 30 days; cheaper.']],
      // A semicolon in brackets parts nothing.
      ['Proposal: rotate the keys every 90 days (staging; production too) and log each rotation.', 'ok', ['Rotate the keys every 90 days (staging; production too) and log each rotation.']],
    ]);
  });

  it('a reply that accepts the rest of a proposal, after a colleague or not, accepts the points it does not take up, and states nothing itself', () => {
    const proposal: [string, 'human' | 'bot', string] = ['lab-agent', 'bot', 'Proposal: zirconia in 4 days; VMK in 7 days.'];
    const statements = (lines: Array<[string, 'human' | 'bot', string]>) => candidates([proposal, ...lines]).map((c) => c.statement);
    // Each point, then no statement of the acceptance itself, in English, German and Spanish.
    for (const rest of ['Rest as proposed.', 'The rest is fine.', 'Rest wie vorgeschlagen.', 'Sonst passt alles.', 'Lo demás, bien.']) {
      expect(statements([['tomasz', 'human', 'The courier comes at 10:30 from March.'], ['petra', 'human', `Scans in by 12:00 count as day 0. ${rest}`]])).toEqual(['Zirconia in 4 days.', 'VMK in 7 days.', 'Scans in by 12:00 count as day 0.']);
    }
    // A point the reply or a colleague before it speaks of is theirs to settle: only the other is accepted as put.
    expect(statements([['petra', 'human', 'VMK takes 8 days with the new oven. Rest is fine.']])).toEqual(['Zirconia in 4 days.', 'VMK takes 8 days with the new oven.']);
    expect(statements([['tomasz', 'human', 'VMK needs a second firing now.'], ['petra', 'human', 'Rest is fine.']])).toEqual(['Zirconia in 4 days.']);
    // An exception said in the same sentence is one too, and the sentence then states it.
    expect(statements([['petra', 'human', 'Rest is fine, except VMK: 8 days.']])).toEqual(['Zirconia in 4 days.', 'Rest is fine, except VMK: 8 days.']);
    // A point turned down by its number or in other words is not told apart: nothing is accepted.
    expect(statements([['petra', 'human', 'Point 2 no. Rest as proposed.']]).filter((x) => x.startsWith('Zirconia') || x.startsWith('VMK'))).toEqual([]);
    // "Otherwise" or "the rest" in another sense accepts nothing.
    // A plan whose points a semicolon parts is taken point by point, even where they are not all put alike.
    const plan = (reply: string) => candidates([['mia', 'human', 'We reopen on the 3rd. Agent, make a plan for the first week.'], ['resto-agent', 'bot', 'Plan for the reopening week: print 500 new menu cards; offer a free dessert to regulars in the first week; extend Friday hours to 23:00.'], ['mia', 'human', reply]]).filter((c) => c.cue === 'accepted-proposal').map((c) => c.statement);
    expect(plan('Friday stays at 22:00. Rest is fine.')).toEqual(['Print 500 new menu cards.', 'Offer a free dessert to regulars in the first week.']);
    expect(plan('Rest is fine, no dessert.')).toEqual(['Print 500 new menu cards.', 'Extend Friday hours to 23:00.']);
    expect(plan('Sonst passt alles, nur kein Gratis-Dessert.')).toEqual(['Print 500 new menu cards.', 'Extend Friday hours to 23:00.']);
    expect(plan('No freebies this time. Rest is fine.')).toEqual([]);
    // Said after a comma, the acceptance of the rest is read there too; a point named by its place or a bare number is not told apart.
    expect(plan('Dessert no, rest is fine.')).toEqual(['Print 500 new menu cards.', 'Extend Friday hours to 23:00.']);
    expect(plan('Skip the second one. Rest is fine.')).toEqual([]);
    expect(plan('Drop #2. Rest as proposed.')).toEqual([]);
    expect(plan('300 is enough. Rest is fine.')).toEqual([]);
    // The head of a compound names it: "Gebühr" the "Ausfallgebühr".
    const praxis = candidates([['praxis-agent', 'bot', 'Vorschlag: Online-Buchung ab dem 1. Juni; Erinnerung per SMS am Vortag; Ausfallgebühr von 30 € bei Nichterscheinen.'], ['anna', 'human', 'Die Gebühr lassen wir weg. Sonst passt alles.']]).filter((c) => c.cue === 'accepted-proposal').map((c) => c.statement);
    expect(praxis.some((x) => x.includes('Ausfallgebühr'))).toBe(false);
    expect(praxis.some((x) => x.includes('SMS'))).toBe(true);
    const colleague: [string, 'human' | 'bot', string] = ['tomasz', 'human', 'The courier comes at 10:30 from March.'];
    expect(statements([colleague, ['petra', 'human', 'We need the bigger oven. Sonst passt der Ofen nicht.']]).filter((x) => x.startsWith('Zirconia') || x.startsWith('VMK'))).toEqual([]);
    expect(statements([colleague, ['petra', 'human', 'Crowns are 95 €. El resto vale 80 €.']]).filter((x) => x.startsWith('Zirconia') || x.startsWith('VMK'))).toEqual([]);
    // "Otherwise" followed by a reason of its own, or the rest of something else, accepts nothing.
    expect(statements([['petra', 'human', 'Scans in by 12:00 count as day 0. Otherwise we lose a day.']]).filter((x) => x.includes('VMK'))).toEqual([]);
    expect(statements([['petra', 'human', 'Scans in by 12:00 count as day 0. The rest goes to the archive.']]).filter((x) => x.includes('VMK'))).toEqual([]);
    // The agent spoke again in between: the rest of its later message is what is accepted.
    expect(statements([['lab-agent', 'bot', 'Noted, the courier comes at 11:00.'], ['petra', 'human', 'Rest is fine.']]).filter((x) => x.includes('VMK'))).toEqual([]);
  });

  it("takes the labelled text a step acts on when the step says only when ('Draft email …: …' — 'Send Monday 9 March?')", () => {
    accepts([
      ["Draft email to wholesale customers: 'From 1 April a delivery charge of £8 per drop applies.' Send Monday 9 March?", 'send it', ['Draft email to wholesale customers: send Monday 9 March.']],
      ['Summary of the call: they accept 16. Send Friday?', 'ok', ['Summary of the call: send Friday.']],
      // A step that names what it acts on keeps its words; so does one with no text labelled for
      // sending before it, or only one labelled after it.
      ['Draft order: 12 crates for Leith. Move 3 crates to Leith?', 'ok', ['Move 3 crates to Leith.']],
      ['They accept 16. Send Friday?', 'ok', ['Send Friday.']],
      ['Note: the pool is closed on Monday. Cancel Friday?', 'ok', ['Cancel Friday.']],
      ["Send Monday? Draft email to the club: 'The pool opens at 7.'", 'ok', ['Send Monday.']],
    ]);
  });

  it('records no statement that names no thing, value or person ("Even better.", "Go on then."), and keeps a short one that does', () => {
    const offer = replying([['club-agent', 'bot', 'Pitch 3 is free Mondays 17:45–19:15, half of it is £27 a session. Shall I add half of Pitch 3 to the autumn booking?']]);
    const said = (answer: string) => offer(answer).filter((s) => !/Pitch 3/.test(s));
    for (const answer of ['go on then', 'Even better.', 'Modest as ever.', 'Told her yes.']) expect([answer, said(answer)]).toEqual([answer, []]);
    expect(offer('Then we open 10 to 1 on Good Friday. Even better.')).toEqual(['We open 10 to 1 on Good Friday.']);
    // A value, a name, an abbreviation or a noun is something a reader can place.
    const options = replying([['club-agent', 'bot', 'The invoices can go out monthly or weekly, by DocuSign or by email, signed by Anke or Joost, paid in cash or by card. Which do you prefer?']]);
    for (const answer of ['Monthly it is.', 'Per DocuSign.', 'Joost.', 'We target AA.', 'Cash only.']) expect([answer, options(answer).length > 0]).toEqual([answer, true]);
  });

  it("takes a verb on 'it' after a text laid out for sending as it takes the verb alone: it acts on that text", () => {
    accepts([
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' Send it?", 'yes', ['Draft reply to Pomegranate Café: send.']],
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' Shall I send it today?", 'ok', ['Draft reply to Pomegranate Café: send today.']],
      ['Draft notice for the tenants: the boiler is off on Monday from 8 to 12. Send it?', 'yes', ['Draft notice for the tenants: send.']],
      // (As "Book?" would, whatever the verb: the text is the one thing the message names.)
      ['Email to the team: Please submit your timesheets by Friday 17:00. Shall I book it?', 'yes', ['Email to the team: book.']],
      // A thing the sentence just before says is ready is nearer than the text.
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' The revised quote is ready. Send it?", 'yes', ['Send the revised quote.']],
      // Only the sentence just before: a text labelled further back, or several things, are not what "it" is.
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' I also checked the van. Send it?", 'yes', []],
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' Send them?", 'yes', []],
      // A step that says more than when ("to Maren", "to the team managers") takes the text the same way.
      ["Draft email to the club: 'The pool opens at 7.' Send it to Maren on Monday?", 'ok', ['Send the draft email to the club to Maren on Monday.']],
      ['Draft rota: 4 Apr U8, 11 Apr U10, 18 Apr U12; May repeats in the same order. Shall I send it to the team managers?', 'go', ['Send the draft rota to the team managers.']],
      // Only a verb that passes the text on: another may act on a thing the text names.
      ['Email from Maren: the printer is broken again. Shall I take it to the repair shop?', 'yes', ['Take it to the repair shop.']],
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' I also checked the van. Shall I send it to Maren?", 'yes', ['Send it to Maren.']],
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' The revised quote is ready. Shall I send it to Maren?", 'yes', ['Send the revised quote to Maren.']],
    ]);
    // Offered ("Shall I …") it is an action item, proposed ("Should we …") a decision, as any step.
    expect(acceptedTyped("Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' Shall I send it today?")).toEqual([['Draft reply to Pomegranate Café: send today.', 'action_item']]);
    expect(acceptedTyped("Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' Should we send it today?")).toEqual([['Draft reply to Pomegranate Café: send today.', 'decision']]);
  });

  it("takes a verb asked alone ('Send?', 'Approve?') to act on the labelled text, or on the thing the sentence before opens with", () => {
    accepts([
      ["Draft reply to Pomegranate Café: 'Delivery is £7 per drop under £50.' Send?", 'send', ['Draft reply to Pomegranate Café: send.']],
      ['Top-up order (28 packs) would be about €1,380 at Vetlink, above your €500 limit. Approve?', 'approved', ['Top-up order: approve.']],
      ['The revised price list is ready. Publish now?', 'yes', ['The revised price list: publish now.']],
      // With nothing named before it, or a pronoun, the verb alone is no step a person could hold to.
      ['Deploy?', 'yes', []],
      ['I fixed it. Deploy?', 'yes', []],
      ['The Alte Halle takes 80 for 3,900 EUR. Book?', 'yes', []],
      // (The colon of a clock time labels nothing.)
      ['Reply by 12:00 to the Kessler note. Send?', 'yes', []],
      ['Summary at 09:30 went out late. Send?', 'yes', []],
      // ("Send or wait?" asks which; a yes picks neither.)
      ['The revised price list is ready. Publish or wait?', 'yes', []],
    ]);
  });

  it('keeps what a bare yes accepted when the question is no choice among keyed options, a ban beside a pick, and picks of rooms by number', () => {
    expect(acceptedSteps('Proposal: move the backups to S3 and keep them for 30 days. Which bucket region should I use?', 'ok, do it')).toEqual(['Move the backups to S3 and keep them for 30 days.']);
    expect(acceptedSteps('Proposal: migrate the database on Saturday night. It will take two or three hours of downtime. Shall I go ahead?', 'Yes, go ahead.')).toEqual(['Migrate the database on Saturday night.']);
    // An imperative question that offers two ways is a choice: a yes picks neither.
    expect(acceptedSteps('Deploy now or wait until Monday?', 'yes')).toEqual([]);
    const release = answering('ops-agent', 'Two options for the release: A) deploy Friday evening, B) deploy Saturday morning. Weekend deployments are cheaper. Which one?');
    expect(release('A. No weekend deployments.')).toEqual(['Deploy Friday evening.', 'No weekend deployments.']);
    expect(answering('ops-agent', 'Which rooms do you want: the conference rooms 4 and 5, or the hotel suites 12 to 14?')('The conference rooms 4 and 5.')).toEqual(['The conference rooms 4 and 5.']);
    const contract = answering('legal-bot', 'Options for the supplier contract: A) Acme at 42k with a liability waiver, B) Borg at 45k without one. Which one?');
    for (const reply of ['Option B please.', 'Go with B please.', 'B, thank you.']) expect({ reply, picked: contract(reply) }).toEqual({ reply, picked: ['Supplier contract: Borg at 45k without one.'] });
  });

  it('reads "since" before a time as when a fact holds, not as a reason: a reply that says since when states the fact', () => {
    const { decisions, review } = recorded([
      ['tomasz', 'human', "What's the courier's current pickup window?"],
      ['front-agent', 'bot', 'According to the contract, the pickup window is 17:00–18:00 and the latest fixed pickup you can request is 16:00.'],
      ['tomasz', 'human', "That's the old contract. Since January the window is 14:00 to 17:00 and we can request any slot inside it."],
      ['front-agent', 'bot', 'Thanks, I had the old version on file. Under the current contract (14:00–17:00) I can request a fixed slot.'],
    ]);
    expect([...decisions, ...review].map((d) => d.statement)).toContain('Since January the window is 14:00 to 17:00.');
    // "Since" before a number or a shift that is not a time gives a reason, which a choice does not take on.
    const rooms = (reply: string) => {
      const found = recorded([
        ['ann', 'human', 'We need a room for the workshop.'],
        ['room-agent', 'bot', 'Free rooms on Thursday: Room A, Room B, Room C. Which one?'],
        ['ann', 'human', reply],
      ]);
      return [...found.decisions, ...found.review].map((d) => d.statement);
    };
    expect(rooms('Room C. Since 3 of the other rooms are booked we have no choice.')).toEqual(['Room C.']);
  });

  it('keeps a decision said again after another came between as the reinstatement it is', () => {
    const { decisions } = recorded([
      ['lea', 'human', 'When do we release the app update?'],
      ['rel-agent', 'bot', 'Options: (a) release on Friday, (b) release on Monday. Which one?'],
      ['lea', 'human', '(a).'],
      ['rel-agent', 'bot', 'Noted: release on Friday.'],
      ['tom', 'human', 'No, release on Monday, Friday is the sale.'],
      ['rel-agent', 'bot', 'Noted: release on Monday.'],
      ['lea', 'human', 'The sale moved to next week. Release on Friday.'],
      ['rel-agent', 'bot', 'Noted: release on Friday after all.'],
    ]);
    expect(decisions.filter((d) => d.statement === 'Release on Friday.').map((d) => d.messageIndex)).toEqual([2, 6]);
  });

  it('records two people naming the same option as one decision, with both their messages as its sources', () => {
    const { decisions } = recorded([
      ['jo', 'human', 'Level 3 boss fight feedback from the playtest.'],
      ['design-agent', 'bot', 'Options: (a) lower boss HP by 20%, (b) add a checkpoint before phase 2, (c) both.'],
      ['mika', 'human', '(b).'],
      ['jo', 'human', 'Agreed, checkpoint.'],
      ['design-agent', 'bot', 'I will add a checkpoint before phase 2.'],
    ]);
    const checkpoint = decisions.filter((d) => /checkpoint/.test(d.statement));
    expect(checkpoint).toHaveLength(1);
    expect(checkpoint[0].sourceMessages).toEqual(expect.arrayContaining([2, 3]));
  });

  it("records a confirmation that says again the value of the decision just before it as that decision, not a second one", () => {
    const { decisions } = recorded([
      ['priya', 'human', '@data-agent how long do we keep raw events today?'],
      ['data-agent', 'bot', 'Raw events are kept forever: 2.1 TB, growing 6% a month.'],
      ['jonas', 'human', "I'd propose 24 months for raw events."],
      ['priya', 'human', 'Raw events: 13 months. 24 would double the storage cost for data nobody reads.'],
      ['jonas', 'human', 'OK, 13 it is.'],
      ['data-agent', 'bot', 'Noted: raw events are kept 13 months.'],
    ]);
    const thirteen = decisions.filter((d) => /13/.test(d.statement));
    expect(thirteen.map((d) => d.statement)).toEqual(['Raw events: 13 months.']);
    expect(thirteen[0].sourceMessages).toEqual(expect.arrayContaining([3, 4]));
    // A confirmation that says something of its own stays a decision of its own.
    const own = recorded([
      ['priya', 'human', '@data-agent how long do we keep raw events today?'],
      ['data-agent', 'bot', 'Raw events are kept forever: 2.1 TB, growing 6% a month.'],
      ['priya', 'human', 'Raw events: 13 months.'],
      ['jonas', 'human', 'OK, 13 it is, and aggregates 36 months.'],
      ['data-agent', 'bot', 'Noted: raw events 13 months, aggregates 36 months.'],
    ]).decisions.map((d) => d.statement);
    expect(own).toEqual(expect.arrayContaining(['Raw events: 13 months.']));
    expect(own.some((s) => /36/.test(s))).toBe(true);
  });

  it("keeps what 'so' stands for after a verb of saying or doing in the statement ('say so in the letter'), where after a step it says what for", () => {
    const wall = answering('studio-agent', 'Do we include party wall work? Both neighbours will need notices.');
    expect(wall('No, party wall is separate, we recommend a surveyor. Exclude it and say so in the letter.')).toContain('Exclude it and say so in the letter.');
    expect(wall('Exclude it from the quote so the client sees the surveyor is separate.')).toContain('Exclude it from the quote.');
  });

  it('gives a bare value no subject cut inside a bracket of the line that put it up', () => {
    const buns = answering('bakery-bot', 'So: hot cross buns (bag of 6, €7.20), Osterzopf (€12.50, stops at 40), simnel cake — Ruth, are you doing those again?');
    expect(buns('Yes, 20 at most, I make them myself on the Thursday.')).toEqual(['20 at most.']);
  });

  it('records a decision right after another that says nothing more as agreement to it, though no cue reads it as a confirmation', () => {
    const price = (later: Array<[string, 'human' | 'bot', string]>) =>
      recorded([
        ['marion', 'human', 'Can you price the puppy clinic?'],
        ['practice-agent', 'bot', '€28 plus €18 is €46 if booked separately; I would suggest €42 for the clinic slot so it feels like a package. Saturday or Tuesday for the timing?'],
        ['hannah', 'human', 'Saturday. That is when the puppy people can come in.'],
        ['practice-agent', 'bot', 'The normal online booking works, I can set up a Puppy clinic appointment type with 6 slots of 20 minutes.'],
        ['marion', 'human', 'go ahead. And the price, €42 is fine by me. Hannah?'],
        ...later,
      ]).decisions.filter((d) => /42/.test(d.statement));
    const agreed = price([['hannah', 'human', '€42 yes. Put the first worming dose in the pack, not just the leaflet.']]);
    expect(agreed.map((d) => [d.statement, d.sourceMessages])).toEqual([['The price, €42 is fine by Marion.', [3, 4, 5]]]);
    // Said again further on, after talk of other things, it answers something else: it stands.
    const later = price([
      ['sophie', 'human', 'Half my Saturday calls are puppies already.'],
      ['practice-agent', 'bot', 'Noted. Phone bookings stay open as well.'],
      ['sophie', 'human', 'Good to know.'],
      ['hannah', 'human', '€42 yes. Put the first worming dose in the pack, not just the leaflet.'],
    ]);
    expect(later).toHaveLength(2);
  });

  it('writes a number the statement gives without a unit in the one unit its own message gives it', () => {
    const notice = (text: string) =>
      allCandidates([
        ['ops-agent', 'bot', 'Notices for Alder go out 48 hours before entry. Should I keep that for the ceiling job?'],
        ['hannah', 'human', text],
      ]).map((c) => c.statement);
    expect(notice('Our lawyer says the new lease template has 72 hours for non-emergency entry. Use 72 from now on for all Alder units.')).toContain('Use 72 hours from now on for all Alder units.');
    // Given in two units, or only by another speaker, the number stays as it is.
    expect(notice('The template has 72 hours, the old one 72 days. Use 72 from now on for all Alder units.')).toContain('Use 72 from now on for all Alder units.');
    expect(notice('Use 48 from now on for all Alder units.').join(' ')).not.toMatch(/48 hours/);
    // A unit right after the number is its unit already, a short one too.
    expect(notice('The template says 30 m from the door. Use 30 m from now on for all Alder units.')).toContain('Use 30 m from now on for all Alder units.');
  });

  it('records a value settled again in another language right after its decision as agreement to it', () => {
    const decided = (settled: string, first = "Wednesdays are bad now, the line team wants the hangar. Let's move ours to Monday nights.") =>
      recorded([
        ['hangar-agent', 'bot', 'Updating the task card: interval 250 FH. Inspections stay on Wednesday nights?'],
        ['jonas', 'human', first],
        ['katrin', 'human', settled],
      ]).decisions.map((d) => [d.statement, d.sourceMessages]);
    expect(decided('Montag passt.')).toEqual([["Let's move ours to Monday nights.", [0, 1, 2]]]);
    expect(decided('Monday then.')).toEqual([["Let's move ours to Monday nights.", [0, 1, 2]]]);
    // Another day settled is a decision of its own.
    expect(decided('Tuesday nights then.')).toEqual([["Let's move ours to Monday nights.", [0, 1]], ['Tuesday nights then.', [0, 2]]]);
    // The value the earlier decision moves away from, or rules out, is no agreement to it.
    const statements = (first: string) => decided('Mittwoch passt.', first).map(([statement]) => statement);
    expect(statements("Wednesdays are bad now. Let's move ours to Monday nights, not Wednesday.")).toContain('Mittwoch passt.');
    expect(statements("Wednesdays are bad now. Let's move ours to Monday nights.")).toContain('Mittwoch passt.');
    // (The day a move starts from is named beside the one it sets: only the day it sets is agreed to.)
    expect(statements("Let's move ours from Wednesday to Monday nights.")).toContain('Mittwoch passt.');
    expect(statements("Let's move ours from Wednesday to Monday nights.")).toHaveLength(2);
  });

  it('keeps a decision a message agrees to when that message adds a standing rule of its own', () => {
    const found = (added: string) =>
      recorded([
        ['ci-agent', 'bot', 'Branch cut scheduled for Thursday. App Store phased release follows a fixed 7-day schedule. Do you want phased release on iOS or a full release?'],
        ['jonas', 'human', 'phased on iOS, always. we never do full release on iOS again after the 3.8 disaster'],
        ['priya', 'human', added],
        ['ci-agent', 'bot', 'Noted: phased release on iOS, and no releases on Fridays.'],
      ]).decisions.map((d) => [d.statement, d.supersedes ?? null]);
    const agreed = found('agreed. and from now on no release goes out on a friday');
    expect(agreed.map(([statement]) => statement)).toEqual(expect.arrayContaining([expect.stringMatching(/phased on iOS/), expect.stringMatching(/friday/)]));
    expect(agreed.every(([, supersedes]) => supersedes === null)).toBe(true);
  });

  it('records a number settled again right after its decision as agreement to it, however its unit is written', () => {
    const decided = (settled: string, first = '48h is fine by me') =>
      recorded([
        ['comms-bot', 'bot', 'No-show rate last quarter: 7.8%. We currently send one email reminder 24 h before. Proposal: add SMS reminders via the Vetstoria module (£120/month flat). Go ahead?'],
        ['maya', 'human', 'vetstoria then'],
        ['comms-bot', 'bot', 'Vetstoria it is. Timing: 48 h before, 24 h before, or both? It is a flat fee, so both costs the same.'],
        ['katrin', 'human', 'Beides ist zu viel, die Leute fühlen sich gestalkt. 48h reicht, dann haben sie noch Zeit, den Termin zu verschieben.'],
        ['priya', 'human', first],
        ['maya', 'human', settled],
      ]).decisions.filter((d) => d.sourceMessages.includes(4) || d.sourceMessages.includes(5)).map((d) => d.sourceMessages);
    expect(decided('48 then')).toEqual([[2, 4, 5]]);
    // Another number settled is a decision of its own, and so is the one the earlier decision moves away from.
    expect(decided('24 then')).toHaveLength(2);
    const moved = recorded([
      ['comms-bot', 'bot', 'Reminders go out 24h before each appointment. Should I change the timing?'],
      ['priya', 'human', "Let's move it from 24h to 48h."],
      ['maya', 'human', '24 then'],
    ]).decisions.map((d) => [d.statement, d.sourceMessages]);
    expect(moved).toContainEqual(["Let's move it from 24h to 48h.", [0, 1]]);
    expect(moved).toContainEqual(['24 then.', [0, 2]]);
  });

  it("keeps a rule announced as one as said, not as an answer to the agent's last question", () => {
    const found = candidates([
      ['priya', 'human', 'Kickoff notes for Project Atlas.'],
      ['agent', 'bot', 'Noted: hosting on Hetzner. Which database?'],
      ['priya', 'human', 'PostgreSQL is the main database.'],
      ['marco', 'human', 'Rule for the team: no deploys on Fridays.'],
    ]);
    expect(found.map((c) => c.statement)).toContain('No deploys on Fridays.');
    expect(found.map((c) => c.statement).filter((s) => /^Database:/.test(s))).toEqual([]);
  });

  it("states a pick of the agent's options with the subject of the person's question the options answer", () => {
    const found = candidates([
      ['jonas', 'human', 'And the nightly dumps? Those worry me most, to be honest.'],
      ['data-agent', 'bot', 'Two options: a lifecycle rule of 60 days for the bucket, or moving the dumps to a managed drive with expiry per file. The lifecycle rule is a small config change.'],
      ['priya', 'human', 'Lifecycle rule, 60 days.'],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['Nightly dumps: lifecycle rule, 60 days.']);
    // An agent that answers a person's question without options leaves a reply to it as said.
    const said = candidates([
      ['selin', 'human', 'The surcharge applies to Austria only, right?'],
      ['shop-agent', 'bot', "Yes, Austria only. I'll pass the change to Mr. Lindner at the bookkeeping firm."],
      ['katrin', 'human', 'Returns go through Selin, not Lindner.'],
    ]);
    expect(said.map((c) => c.statement)).toEqual(['Returns go through Selin, not Lindner.']);
  });

  it('records no question, postponement, musing, opinion or small talk: the scorer weighs their act classes', () => {
    const { decisions, review } = recorded([
      ['ops-bot', 'bot', 'We could move the cluster to another region.'],
      ['kim', 'human', 'If we moved it, would latency change? Let us decide after the review next week. Thanks!'],
      ['jo', 'human', "Oh great, let's burn a third of the budget on another data centre."],
      ['kim', 'human', "Let's look at the whole thing during the Q4 planning, not now."],
      ['jo', 'human', 'The migration itself is the bigger issue imo, not the location.'],
    ]);
    expect([...decisions, ...review]).toEqual([]);
  });

  // What an agent said and a person's correcting reply; the corrected fact the reply states.
  it.each([
    ['a plain "it is …" sentence', 'The Kulturhaus is free on 14 October for 650 EUR. I have put a provisional hold on it. Shall I confirm it?', "No, we can't use the Kulturhaus, their lift is broken until November. It's the town library this time.", "It's the town library this time."],
    ['a sentence with a new value on what the agent said', 'Draft: orders from 50 EUR ship free. Shall I publish it?', "No, that's wrong. Free shipping starts at 40 EUR, not 50.", 'Free shipping starts at 40 EUR, not 50.'],
    ['a sentence naming someone the agent did not, in the place of the one it named', "I'll book Malte for the three evening shoots and ask the harbour master for a permit.", "No, that's wrong, I only edit now. Lotte Brandt does our photos, book her.", 'Lotte Brandt does our photos, book her.'],
    ['an "it is …" sentence with another value of the kind the agent gave', "Draft SMS: 'AGM: Friday 14 March, 8pm, parish hall.' Shall I send it on Monday?", "No! It's the 21st. We moved it because of the show. Where did the 14th come from?", "It's the 21st."],
    ['an "it is …" sentence with another number of the agent\'s unit', 'The ERC caps the narrative at 10 pages now, not 15. Shall I cut section 3?', "No, that's wrong. It's 12 pages. I read the guidance notes on Friday.", "It's 12 pages."],
  ])('in a correction, states the corrected fact of %s', (_what, agent, person, fact) => {
    const found = candidates([
      ['some-bot', 'bot', agent],
      ['kim', 'human', person],
    ]);
    expect(found.map((c) => [c.statement, c.type, c.strength])).toContainEqual([fact, 'constraint', 'correction']);
  });

  it('in a correction, states the corrected day of a date the agent wrote month first ("June 15")', () => {
    const { decisions, review } = recorded([
      ['crew-bot', 'bot', 'Week-1 plan: Monday June 15, 5:30am start, 7 on site. Materials arrive Friday June 12.'],
      ['mick', 'human', "June 15? It's the 22nd. Abatement. We went over this."],
      ['crew-bot', 'bot', 'Sorry, my mistake: start Monday June 22, 5:30am.'],
    ]);
    expect([...decisions, ...review].map((d) => [d.statement, d.type])).toContainEqual(["It's the 22nd.", 'constraint']);
  });

  it('states no corrected fact with a name the agent gave, with a new name outside a correction, or with a plain sentence outside one', () => {
    const by = (agent: string, person: string) => candidates([
      ['some-bot', 'bot', agent],
      ['mira', 'human', person],
    ]);
    const booking = "I'll book Malte for the three evening shoots and ask the harbour master for a permit.";
    expect(by(booking, "No, that's wrong, the shoots are in the week after. Malte takes the pictures, as planned.").filter((c) => c.statement.startsWith('Malte'))).toEqual([]);
    expect(by(booking, 'Good. Lotte Brandt sends her regards, by the way.').filter((c) => c.strength === 'correction')).toEqual([]);
    expect(by('The Kulturhaus is free on 14 October for 650 EUR.', "Good to know. It's the town library this time, though.").filter((c) => c.strength === 'correction')).toEqual([]);
    // An "it is …" sentence in a correction that gives the agent's own value again, or a value of
    // another kind, states no corrected value.
    const agm = "Draft SMS: 'AGM: Friday 14 March, 8pm, parish hall.' Shall I send it on Monday?";
    expect(by(agm, "No, that's wrong, the hall is booked. It's the 14th.").filter((c) => /^It's the 14th/.test(c.statement))).toEqual([]);
    expect(by(agm, "No, that's wrong, the hall is booked. It's 120.").filter((c) => /^It's 120/.test(c.statement))).toEqual([]);
  });

  it('in a correction that first says what is not, states the fact the next clause gives of the same thing, and leaves the ruling-out aside', () => {
    const said = (agent: string, person: string) => {
      const { decisions, review } = recorded([
        ['some-bot', 'bot', agent],
        ['mira', 'human', person],
      ]);
      return [...decisions, ...review].map((d) => [d.statement, d.type]);
    };
    // ("They've got" says what they have now: no report of the past.)
    expect(said('The client has a 100 amp single phase service, so the charger goes on a 32A circuit. Shall I quote it?', "It's not 100 amp single phase. They've got a 200 amp three-phase service.")).toEqual([["They've got a 200 amp three-phase service.", 'constraint']]);
    expect(said("The room holds 40 people. I'll send the invite to all 55.", "The room doesn't hold 40. It holds 25 at most.")).toEqual([['It holds 25 at most.', 'constraint']]);
    // Another thing, where the fact stands or who did what is no fact of what was ruled out: the ruling-out is the correction.
    expect(said("The room holds 40 people and the caterer is Lotte Berg. I'll send the invite to all 55.", "The room doesn't hold 40. The caterer is Anna Roth this time.")).toEqual([["The room doesn't hold 40.", 'constraint']]);
    expect(said('The charger is the 7kW model, £650 installed. Shall I order it?', "It's not the 7kW model. Sam sent the quote on Monday.")).toEqual([["It's not the 7kW model.", 'constraint']]);
    expect(said('The client has a 200A single phase service. Shall I quote it?', "It's not 200A single phase. We've got the panel photos from Tom.")).toEqual([["It's not 200A single phase.", 'constraint']]);
    // A ruling-out that names only whom the agent named leaves the fact to a clause on the same
    // business, or one naming someone new, in the present.
    const catering = "Anna Roth caters the summer party again, I'll send her the headcount.";
    expect(said(catering, "No, it's not Anna Roth. Ben Kraus caters this year.")).toEqual([['Ben Kraus caters this year.', 'constraint']]);
    expect(said(catering, "No, it's not Anna Roth. Sam sent the menu on Monday.")).toEqual([["It's not Anna Roth.", 'constraint']]);
    expect(said(catering, "No, it's not Anna Roth. Ben Kraus might know who caters this year.")).toEqual([["It's not Anna Roth.", 'constraint']]);
    expect(said(catering, "No, it's not Anna Roth. She caters the Christmas party.")).toEqual([["It's not Anna Roth.", 'constraint']]);
    // A clause that says the ruled-out value or name again says why it is wrong.
    expect(said("I'll invoice EUR 45 per hour.", "It's not EUR 45. EUR 45 is the student rate.")).toEqual([["It's not EUR 45.", 'constraint']]);
    expect(said("I'll book Anna Roth for the catering.", "It's not Anna Roth. Anna Roth is on holiday until May.")).toEqual([["It's not Anna Roth.", 'constraint']]);
    // Only the clause right after it: what follows says why.
    expect(said("The room holds 40 people. I'll send the invite to all 55.", "The room doesn't hold 40. The fire marshal checked it last week. It holds 25.")).toEqual([["The room doesn't hold 40.", 'constraint']]);
  });

  it('reads a value a person proposes as a proposal, not as a correction of the value the agent gave', () => {
    const strengths = (person: string) => candidates([['data-bot', 'bot', 'Raw events are kept for 36 months today, 2.1 TB.'], ['kim', 'human', person]]).map((c) => c.strength);
    // Nor as a value set: it is put up for a decision.
    expect(strengths("I'd propose 24 months for raw events.")).toEqual([]);
    expect(strengths('Raw events: 24 months.')).toEqual(['correction']);
    // A step of one's own beside the new value leaves it a correction.
    expect(strengths("Raw events 24 months, I'll tell legal.")).toEqual(['correction']);
  });

  it("reads the agent's figure quoted rounded as no correction of it", () => {
    const strengths = (person: string) => candidates([['club-bot', 'bot', 'Bank charges for the returns: €3.50 each = €80.50.'], ['maren', 'human', person]]).map((c) => c.strength);
    expect(strengths('80 euro just in bank fees.')).toEqual([]);
    expect(strengths('81 euro just in bank fees.')).toEqual([]);
    // Another figure for the same thing still corrects it, and so does a whole number further off
    // than rounding goes, one in another unit, or a clock time.
    expect(strengths('Bank fees: 60 euro.')).toEqual(['correction']);
    const corrects = (agent: string, person: string) => candidates([['ops-bot', 'bot', agent], ['maren', 'human', person]]).map((c) => c.strength);
    expect(corrects('The migration will take 1.5 hours of downtime.', 'Downtime: 2 hours.')).toEqual(['correction']);
    expect(corrects('Bank fees are €80.50 and retention is 30 days.', 'Retention: 80 days.')).toEqual(['correction']);
    expect(corrects('The meeting is at 12.30 on Friday.', 'Meeting at 13.')).toEqual(['correction']);
    // Three digits after the mark are thousands, not decimals: 2 is no rounding of "2,316".
    expect(candidates([['club-bot', 'bot', 'Open fees: €2,316 from 23 return debits.'], ['maren', 'human', 'Open fees: 2 debits.']]).map((c) => c.strength)).toEqual(['correction']);
  });

  it("reads a number in a name the agent quotes as part of the name, not as a value a reply corrects", () => {
    const strengths = (agent: string, person: string) => candidates([['news-bot', 'bot', agent], ['jens', 'human', person]]).map((c) => c.strength);
    expect(strengths("Yes, 48 photos from Tobi. They're in the folder 'Derby Feb 2026'.", '4:1!!! first derby win since 2019')).toEqual([]);
    // A value outside the quotes is still one the reply can correct, and so is a value the agent quotes.
    expect(strengths("Raw events in the bucket 'logs 2024' are kept for 36 months.", 'Raw events: 24 months.')).toEqual(['correction']);
    expect(strengths('I will set retention to "36 months" in the config.', 'Retention: 24 months.')).toEqual(['correction']);
  });

  it('reads a number a person gives later as a new value only where the agent measured the same thing in the same unit', () => {
    const later = (agent: string) => replying([['ops-bot', 'bot', agent], ['lena', 'human', 'Noted, thanks.']]);
    // The person's figure is a report: the agent's figure on the same word counts something else.
    expect(later('In the test run the lock on invoices lasted 3m12s; reads and writes went on.')('NZ is 4% of Saturday invoices.')).toEqual([]);
    expect(later('Reranker depth 100 takes 80 ms per query on the dev set.')('Page count is 7.4 with Figure 2 in.')).toEqual([]);
    // A figure in the unit the agent put on the same thing sets it.
    expect(later('Raw events are kept for 36 months today.')('Raw events 24 months.')).toEqual(['Raw events 24 months.']);
    expect(later('The weekly call is at 09:00 on Mondays.')('The call is at 08:30.')).toEqual(['The call is at 08:30.']);
    // So does one before the same word, and a bare one, which takes the unit of the number it answers.
    expect(later('The agreed maximum is 12 per class.')('The max is 10 per class.')).toEqual(['The max is 10 per class.']);
    expect(later('The service costs £85 on the plan.')('The plan price is 79.')).toEqual(['The plan price is 79.']);
  });

  it("states an offered step without the tag that asks for the go-ahead ('…, ok?', '…, right?')", () => {
    const accepted = (offer: string) => candidates([['office-bot', 'bot', offer], ['dave', 'human', 'ok']]).map((c) => c.statement);
    expect(accepted("I'll email the new out-of-hours rules to all plan customers, ok?")).toEqual(['Email the new out-of-hours rules to all plan customers.']);
    expect(accepted("I'll send the rota to Kev and Steve, right?")).toEqual(['Send the rota to Kev and Steve.']);
    // A last item of a list is no tag.
    expect(accepted("I'll order the pastries, the coffee, and the juice?")).toEqual(['Order the pastries, the coffee, and the juice.']);
  });

  it('reads a reply that is only the pick of an offered option, or the go-ahead for an offered step, as a confirmation of it', () => {
    const picks = (person: string) => recorded([
      ['film-bot', 'bot', 'Catering for the warehouse days, two quotes:\nA) Kitchen on Wheels: €18/head, good vegan options, own truck\nB) Mamma Rosa: €15/head, hot Italian, needs a power hookup'],
      ['hanna', 'human', person],
    ]).patterns.filter((x) => x.type === 'confirmation').map((x) => [x.messages, x.rule]);
    // (A lettered list is a proposal the rule pack reads: its key picked is that pack's confirmation.)
    expect(picks('B.')).toEqual([[[0, 1], 'confirmations/option-pick']]);
    expect(picks('Mamma Rosa.')).toEqual([[[0, 1], 'statements/option-picked']]);
    // A reply that goes on is judged by what it says, not by the option it names.
    expect(picks('Mamma Rosa, but only if they bring their own generator and confirm the vegan menu by Friday.')).toEqual([]);
    const goAhead = (person: string) => recorded([
      ['race-bot', 'bot', 'Volunteer pack updated. Shall I send the revised station map to Ben for the signage order?'],
      ['ben', 'human', person],
    ]).patterns.filter((x) => x.type === 'confirmation').map((x) => [x.messages, x.rule]);
    // (The rule pack reads a reply that is the offered step's verb: its confirmation; the
    // candidates read an approval of a step the agent announces, which no rule reads.)
    expect(goAhead('send it')).toEqual([[[0, 1], 'confirmations/step-echo']]);
    const approved = recorded([
      ['ana', 'human', 'Deal.'],
      ['dash-bot', 'bot', "Widget spec as agreed:\n- Main figure: paying teams active in the past 30 days\n- Test teams left out\nI'll have it on preview tomorrow morning."],
      ['ana', 'human', 'Sounds good.'],
    ]).patterns.filter((x) => x.type === 'confirmation').map((x) => [x.messages, x.rule]);
    expect(approved).toEqual([[[1, 2], 'statements/offer-taken']]);
  });

  it("states a clause whose subject is a plural pronoun ('each one', 'they') with the things the clause before it opened with", () => {
    const said = (reply: string) => {
      const { decisions, review } = recorded([
        ['ops-agent', 'bot', 'The digest flags 3 anomalies this week; ops already logged incidents for two of them. Keep them in the digest?'],
        ['dana', 'human', reply],
      ]);
      return [...decisions, ...review].map((d) => d.statement);
    };
    expect(said('Ok. Anomalies stay in, but each one gets a one-line known cause when ops has already logged an incident for it.')).toContainEqual('Anomalies: each one gets a one-line known cause when ops has already logged an incident for it.');
    // (A singular, or a pronoun, before names no things the plural stands for.)
    expect(said('Ok. The digest stays as it is, but each one gets a one-line known cause.')).not.toContainEqual(expect.stringMatching(/^The digest: each one/));
    expect(said('Ok. They stay in, but each one gets a one-line known cause.')).not.toContainEqual(expect.stringMatching(/^They: each one/));
  });

  it("reads a reply that opens with an acceptance and gives again the answered person's value as a confirmation of it", () => {
    const confirmations = (reply: string) => recorded([
      ['home-agent', 'bot', 'The city approved a 3,000 € grant for the kitchen electrics.'],
      ['tom', 'human', 'With the grant the kitchen can go up to 21,000 all-in.'],
      ['sofia', 'human', reply],
    ]).patterns.filter((x) => x.type === 'confirmation').map((x) => [x.messages, x.rule]);
    // (The value as the subject model reads it: 21k is 21,000.)
    expect(confirmations('Yes, 21k.')).toEqual([[[1, 2], 'statements/echoed-acceptance']]);
    expect(confirmations('Ok, 21k it is.')).toEqual([[[1, 2], 'statements/echoed-acceptance']]);
    // A value of the reply's own is a counter-offer, and a question asks.
    expect(confirmations('Ok, 25k.')).toEqual([]);
    expect(confirmations('Yes, 21k?')).toEqual([]);
    // (Nor is a value the reply does not open by accepting one.)
    expect(confirmations('21k is a lot.')).toEqual([]);
    // A reply that judges what it names, or takes it back, or brings a value of its own later, accepts nothing.
    expect(confirmations('Yes, 21k is way too much.')).toEqual([]);
    expect(confirmations('Yes, 21k. No wait, 18k.')).toEqual([]);
    expect(confirmations('Ok, 21k. But 25k would be better.')).toEqual([]);
    expect(confirmations('Ok, 21k, not a cent more.')).toEqual([]);
    // A value the answered message rules out is not given again by the reply.
    // (Among people too, with no agent in the discussion.)
    const ruledOut = recorded([
      ['lucia', 'human', 'Tom, how many dentals can you do a day in February?'],
      ['tom', 'human', "I'm not doing 4 dentals a day again, 2 a day max."],
      ['valeria', 'human', 'Ok, 4 a day.'],
    ]).patterns.filter((x) => x.type === 'confirmation' && x.rule === 'statements/echoed-acceptance');
    expect(ruledOut).toEqual([]);
    const kept = recorded([
      ['lucia', 'human', 'Tom, how many dentals can you do a day in February?'],
      ['tom', 'human', "I'm not doing 4 dentals a day again, 2 a day max."],
      ['valeria', 'human', 'Ok, máximo 2 dentales por día.'],
    ]).patterns.filter((x) => x.type === 'confirmation').map((x) => [x.messages, x.rule]);
    expect(kept).toEqual([[[1, 2], 'statements/echoed-acceptance']]);
    // The value may come first, and a bare hour is the clock time it names.
    const quiz = (reply: string) => recorded([
      ['mel', 'human', 'Quiz night is back next month, when do we start?'],
      ['dana', 'human', "From April we start at 8, not 7:30. It's light till late."],
      ['rob', 'human', reply],
    ]).patterns.filter((x) => x.type === 'confirmation' && x.rule === 'statements/echoed-acceptance').map((x) => x.messages);
    expect(quiz('8 ok')).toEqual([[1, 2]]);
    expect(quiz('ok 8')).toEqual([[1, 2]]);
    expect(quiz('ok 7:30')).toEqual([]);
    expect(quiz('Ok, 8. Hmm, no, 7:30 is better.')).toEqual([]);
  });

  it('reads "X is fine" naming what the agent offered as a pick, and naming what it reported as no pick', () => {
    const picked = (agent: string) => allCandidates([['route-agent', 'bot', agent], ['jonas', 'human', 'roermond is fine']]).map((c) => [c.statement, c.strength, c.cue]);
    expect(picked('Two detours tonight: via Roermond or via Nijmegen. Which one?')).toEqual([['Roermond is fine.', 'accepted', 'selection']]);
    expect(picked('Detour night 1 report: shuttle back in Venlo at 04:52 via Roermond. No issues.')).toEqual([['Roermond is fine.', 'explicit', 'preference']]);
  });

  it('reads a value set against the one said before as a correction though what happened is told after a comma', () => {
    const replying = (person: string) => recorded([
      ['billing-bot', 'bot', 'From the contract: 285 EUR per drop, detention free time 2 hours, then 45 EUR per hour. Should I invoice per drop, weekly or monthly?'],
      ['priya', 'human', 'weekly, every friday'],
      ['marta', 'human', person],
    ]);
    const corrected = replying('free time is 1 hour not 2, they changed it in the last draft');
    expect(corrected.patterns.filter((x) => x.type === 'correction').map((x) => x.messages[x.messages.length - 1])).toEqual([2]);
    expect(corrected.decisions.filter((d) => d.messageIndex === 2).map((d) => d.type)).toEqual(['constraint']);
    // (What happened, told without a statement of what something is before it, stays a report.)
    const told = recorded([
      ['home-assistant', 'bot', 'The sum is 12,940 EUR, which leaves a margin of 560 EUR. Two options:\n(1) buy all the furniture\n(2) push back the new sofa and wardrobe'],
      ['tom', 'human', 'Busy days. Dad rang, he wants everyone over for Pentecost, I said maybe. Anyway, we keep the old sofa and wardrobe for now.'],
    ]);
    expect(told.decisions.map((d) => d.statement).filter((x) => /Dad/.test(x))).toEqual([]);
  });

  it('reads a reply that rules out a value the agent just stated as a correction, whatever its words', () => {
    const replying = (person: string) => recorded([
      ['ward-bot', 'bot', 'Draft for wards 7 and 8: top-ups Mon/Wed/Fri, delivered on the 14:00 porter run. Shall I send it to the ward managers?'],
      ['tom', 'human', person],
    ]);
    const corrections = (person: string) => replying(person).patterns.filter((x) => x.type === 'correction');
    const deniedBy = (person: string) => corrections(person).map((x) => x.rule);
    const denied = replying("there's no 14:00 porter run, afternoon run is 15:30 since January");
    expect(denied.patterns.filter((x) => x.type === 'correction')).toHaveLength(1);
    expect(denied.decisions.map((d) => [d.statement, d.type])).toContainEqual(["There's no 14:00 porter run, afternoon run is 15:30 since January.", 'constraint']);
    // Chat spelling without the apostrophe negates as well.
    expect(deniedBy('Route 3 hasnt got a 14:00 porter run any more, the afternoon one is 15:30.')).toEqual(['dialogue/value-denied']);
    // A negation that does not reach the value denies nothing; nor does a value only a question put up.
    expect(corrections('No rush, the 14:00 porter run is fine.')).toEqual([]);
    expect(recorded([
      ['ward-bot', 'bot', 'Should the top-ups go on the 14:00 porter run?'],
      ['tom', 'human', 'Not the 14:00 one, the 15:30 one.'],
    ]).patterns.filter((x) => x.type === 'correction' && x.rule === 'dialogue/value-denied')).toEqual([]);
    // Ruling out a value of another subject, or announcing a change, denies nothing the agent said.
    const report = (person: string) => recorded([
      ['mail-agent', 'bot', 'Open rate 21 % on Monday mornings, against 38 % for the one test send on a Thursday afternoon.'],
      ['jonas', 'human', person],
    ]).patterns.filter((x) => x.type === 'correction').map((x) => x.rule);
    expect(report('Change of plan: no newsletter on Mondays, it goes out on Thursdays at 17:00.')).toEqual([]);
    expect(report('Change of plan: no open rate from Monday mornings in the report any more.')).toEqual([]);
    expect(report('There was no 21 % open rate on Monday mornings, that was the Sunday send.')).toEqual(['dialogue/value-denied']);
  });

  it('reads a bare number ruled out on the subject of the agent statement that gave it as a correction', () => {
    const tank = (person: string) => recorded([
      ['ops-agent', 'bot', "Options: A) Tue 17 March, 22:00-04:00, zone 3 fed from the Nordberg tank via the bypass B) Sat 21 March. I'd go with A. The Nordberg tank holds 2,400 m³, which covers about 5.8 h at night draw. Shall I plan it for A?"],
      ['juergen', 'human', 'A, but not from 22:00, the night shift hands over then. Start 22:30.'],
      ['maja', 'human', person],
    ]).patterns.filter((x) => x.type === 'correction' && x.messages.includes(2)).map((x) => x.rule);
    expect(tank("Nordberg isn't 2,400 right now. Chamber 2 has been offline since February, usable is 1,200.")).toEqual(['dialogue/value-denied']);
    // Another number, or the number on another subject, denies nothing the agent said.
    expect(tank("Nordberg isn't 3,000 right now.")).toEqual([]);
    expect(tank('Not 2,400 people in zone 3 anyway.')).toEqual([]);
  });

  it("reads a later sentence that sets the right value against the agent's wrong one, also after another person's reply, as a correction", () => {
    const budget = (...people: Array<[string, string]>) => recorded([
      ['stage-agent', 'bot', 'Costs: marquee £1,900, sound hire £700, street permit £450. Options: A) entry to £6 B) a second tombola.'],
      ...people.map(([author, text]): [string, 'human' | 'bot', string] => [author, 'human', text]),
    ]).patterns.filter((x) => x.type === 'correction' && x.rule === 'dialogue/value-denied').map((x) => x.messages[x.messages.length - 1]);
    expect(budget(['mo', 'The sound hire stays.'], ['elena', 'Then B. The permit was £300, not £450 by the way, I have the letter.'])).toEqual([2]);
    expect(budget(['elena', 'Then B. The permit was £300, not £450 by the way.'])).toEqual([1]);
    // A negation further on that sets no value against the agent's describes, it does not deny.
    const invoices = recorded([
      ['site-bot', 'bot', 'Of the 12 rooms, five are heated daily on a fixed schedule.'],
      ['lena', 'human', "OK. New rule: I only want reports for rooms above 22 degrees, and only for rooms we don't heat daily."],
    ]);
    expect(invoices.patterns.filter((x) => x.type === 'correction')).toEqual([]);
  });

  it("takes what an agent says it would do, accepted by a yes, as the step it put up", () => {
    const hall = (agent: string, reply: string) => recorded([
      ['karen', 'human', 'The U10s need a training slot on Mondays from June.'],
      ['club-agent', 'bot', agent],
      ['karen', 'human', reply],
    ]).decisions.map((d) => d.statement);
    const would = "The sports hall is free on Mondays 17:30-19:00. I'd book half of the hall for the U10 on Mondays from 7 June, 12 GBP a session. Shall I book it?";
    // (Its type is the type models' reading of the step, as for any accepted proposal.)
    for (const reply of ['Yes, book it.', 'ok do it']) expect(hall(would, reply)).toEqual(['Book half of the hall for the U10 on Mondays from 7 June, 12 GBP a session.']);
    // What it would need, like or say puts up no step: the yes takes nothing of it.
    expect(hall("The sports hall is free on Mondays 17:30-19:00. I'd need the names of the coaches first. Shall I ask?", 'ok do it')).toEqual([]);
  });

  it('takes the first plain statement of a correcting message for the corrected fact, and a citation after it for its support', () => {
    const found = candidates([
      ['kitchen-agent', 'bot', 'The cold-room log is kept for 14 days like the other sheets, then shredded. Shall I add that to the checklist?'],
      ['marta', 'human', "That's wrong. The cold-room log counts as a food-safety record and has to be kept 2 years. It's in the HACCP plan, section 4."],
    ]);
    expect(found.filter((c) => c.strength === 'correction').map((c) => c.statement)).toEqual(['The cold-room log counts as a food-safety record and has to be kept 2 years.']);
  });

  it("states a correction's content, not its cue, and splits the reason off", () => {
    const found = candidates([
      ['billing-bot', 'bot', 'Invoices go out on the 1st of each month.'],
      ['kim', 'human', "No, that's wrong. Invoices go out on the 25th, because the bank closes the month early."],
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ statement: 'Invoices go out on the 25th.', type: 'constraint', strength: 'correction', reasons: ['the bank closes the month early'] });
  });

  it('finds a correction without a cue word in the words around its value, whatever the remark after it', () => {
    const strengths = (person: string) => candidates([
      ['tap-bot', 'bot', 'Draft: 10 taps, 2 guest taps. House pale stays at £5.80 a pint. Want me to suggest guest breweries?'],
      ['mia', 'human', person],
    ]).map((c) => [c.statement, c.strength]);
    expect(strengths("Pale went up to £6.20 in January, you've got the old price.")).toEqual([["Pale went up to £6.20 in January, you've got the old price.", 'correction']]);
    // A number said in passing in a long sentence corrects nothing.
    expect(strengths('The brewery told us last week that the pale would probably go up to £6.20 next year if hops keep rising.').filter(([, strength]) => strength === 'correction')).toEqual([]);
  });

  it('finds a correction without a cue word by the value it changes', () => {
    const found = candidates([
      ['billing-bot', 'bot', 'Draft reminder: invoices go out on the 1st, payment within 30 days.'],
      ['kim', 'human', 'They go out on the 25th.'],
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ statement: 'They go out on the 25th.', type: 'constraint', strength: 'correction', cue: 'value-correction' });
  });

  it('keeps a clock time whole after a concluding "Then"', () => {
    const found = candidates([
      ['shop-bot', 'bot', 'With the carrier picking up at 16:30, orders after 14:00 often miss the truck on busy days.'],
      ['kim', 'human', 'Then the order deadline is 12:30, on the website and in every confirmation mail.'],
    ]);
    expect(found.map((c) => [c.statement, c.type])).toEqual([['The order deadline is 12:30, on the website and in every confirmation mail.', 'decision']]);
  });

  it("keeps what a person's refusal of an offer says instead", () => {
    const found = candidates([
      ['report-bot', 'bot', 'Revenue, churn and open tickets. Should I also add the NPS score?'],
      ['kim', 'human', 'No. NPS is quarterly.'],
    ]);
    expect(found.map((c) => [c.statement, c.strength])).toEqual([['NPS is quarterly.', 'explicit']]);
  });

  it("takes what follows an acceptance for what is accepted only when the message answers the agent or a person's question or proposal", () => {
    const after = (before: string, said: string) =>
      candidates([
        ['route-bot', 'bot', 'Thanks. Meadowbank went ahead with 3 missed bins. Anything you want me to log?'],
        ['Markus', 'human', before],
        ['Elif', 'human', said],
      ]).filter((c) => c.p === 2).map((c) => c.statement);
    // "Good stuff." to a colleague's news accepts nothing the agent put up.
    expect(after('nah just fyi. crew said the new road layout is fine for the truck', 'good stuff. brass monkeys out there this morning')).toEqual([]);
    expect(after('Then we drop the scheduled resets. Elif, ok for you?', 'Ja, einverstanden. Aber das Personal bekommt einen zweiten Faktor, wie es die IT-Leitung verlangt.')).toEqual(['Das Personal bekommt einen zweiten Faktor, wie es die IT-Leitung verlangt.']);
  });

  it("takes what follows an acceptance of the agent's message for what is accepted only when that message offers something", () => {
    const reply = (agent: string, said: string) =>
      candidates([
        ['desk-bot', 'bot', agent],
        ['Marco', 'human', said],
      ]).map((c) => [c.statement, c.strength]);
    // "ok good." to a status report that asks and proposes nothing accepts nothing: what follows is news.
    expect(reply('No open verification requests right now. The budget sheet is current as of last night.', 'ok good. off to the council briefing, back by 11')).toEqual([]);
    // A labelled suggestion ("Suggestion: …") is an offer, as a question is: accepted, and so is what follows the acceptance.
    expect(reply('Ten characters will cause plenty of lockouts for the pupils. Suggestion: keep ten, but as a phrase of four words and a symbol.', 'Fine. The phrases go out with the first-day letter.')).toEqual([
      ['Keep ten, but as a phrase of four words and a symbol.', 'accepted'],
      ['The phrases go out with the first-day letter.', 'accepted'],
    ]);
  });

  it('keeps a short clause that names a thing and its measured value to itself, and joins one that names a choice only', () => {
    const draft = answering('print-bot', 'Draft: resin €0.25/ml, minimum order €20, standard turnaround 5 working days, express 48h at +30%. Shall I publish it?');
    expect(draft('Minimum 25 €. Express +50%, not 30.')).toEqual(['Minimum 25 €.', 'Express +50%, not 30.']);
    const route = answering('route-bot', 'Does Route 3 on Tuesday work, or would you rather use Route 5 on Wednesday?');
    expect(route('Route 3 then. Tuesdays.')).toEqual(['Route 3 then. Tuesdays.']);
    // A question that only asks for assent ("Einverstanden?") lends no subject.
    const assent = answering('shop-bot', 'Öffnung ab 7 Uhr für alle. Einverstanden?');
    expect(assent('Ab 8 Uhr.')).toEqual(['Ab 8 Uhr.']);
  });

  it('makes the plain statement after a bare "Both." or "But fine by me:" what is accepted', () => {
    const both = candidates([
      ['ci-bot', 'bot', 'We could cache the dependencies, split the suite into shards, or do both.'],
      ['kim', 'human', 'Both. The cache key includes the lockfile hash.'],
    ]);
    expect(both.map((c) => [c.statement, c.strength])).toEqual([['The cache key includes the lockfile hash.', 'accepted']]);
    const fine = candidates([
      ['ux-bot', 'bot', 'Most visitors asked for a monthly/annual switch. Shall I default to annual prices?'],
      ['kim', 'human', 'Rivals bury their downgrade link, so they are no benchmark. But fine by me: yearly billing by default, monthly one tap away.'],
    ]);
    expect(fine.map((c) => c.statement)).toEqual(['Yearly billing by default, monthly one tap away.']);
    // "Ok." before a plain remark answers nothing the agent offered.
    const remark = candidates([
      ['ci-bot', 'bot', 'The nightly build took 41 minutes today.'],
      ['kim', 'human', 'Ok. The runners were busy with the release.'],
    ]);
    expect(remark).toEqual([]);
  });

  it("gives an elliptic answer the subject of the agent's question, and leaves a full answer alone", () => {
    const ask = answering('docs-bot', 'The spec is written. One open point: should clients be able to add notes, or is it strictly view?');
    expect(ask('Strictly view for now.')).toEqual(['Clients: strictly view for now.']);
    expect(ask('Clients only view, they never add notes.')).toEqual(['Clients only view, they never add notes.']);
    // A bare plural after the question's auxiliary is its subject, though a tagger reads "reviewers" as a verb there.
    expect(answering('docs-bot', 'One open point: should reviewers be able to add notes, or is it strictly view?')('Strictly view for now.')).toEqual(['Reviewers: strictly view for now.']);
    expect(answering('docs-bot', 'One open point: can members add notes, or is it strictly view?')('Strictly view for now.')).toEqual(['Members: strictly view for now.']);
    // ("Is there a …" asks whether the thing exists: "there" is no part of what it is about.)
    expect(answering('visits-bot', 'I will tell the tenant: Thursday afternoon, with a surveyor. Is there a time yet?')('15:30 then.')).toEqual(['Time: 15:30 then.']);
    // A question that opens with the step it offers lends no subject either: the person it names
    // is whom the step is for, not what the answer is about.
    const solo = recorded([
      ['booking-bot', 'bot', 'The solo check fails: ceiling 2,800 ft is below the 3,000 ft minimum. Cancel and notify Dev?'],
      ['jen', 'human', 'ceiling min is 2500 not 3000. we lowered it last month.'],
    ]).decisions.map((d) => d.statement);
    expect(solo).toEqual(['Ceiling min is 2500 not 3000.']);
    // ("the weeks" said with what they are for is a value: the thing is what they are for.)
    expect(answering('pool-bot', 'Which are the weeks for the swimming lessons?')('Weeks 3 to 6.')).toEqual(['Swimming lessons: weeks 3 to 6.']);
    // An answer that puts something else after the word leading the question's phrase turns the
    // offer down for another: it is not about the one offered.
    expect(answering('visits-bot', 'Two surveyors: Brookfield is free Wednesday; Hadley can only do Thursday. Wednesday with Brookfield?')('Thursday with Hadley.')).toEqual(['Thursday with Hadley.']);
    // (A question that opens with a step lends the thing the step acts on, never a person it names.)
    expect(answering('coach-bot', 'The choir leaves on Saturday. Book the coach for 8:00?')('8:30.')).toEqual(['Coach: 8:30.']);
    // (A noun the tagger may read as a verb opens no step: "Start date for Ana?" asks for a date.)
    expect(answering('hr-bot', 'The contract is drafted. Start date for Ana?')('1 May.')).toEqual(['Date: 1 May.']);
    // (A word of the question said again before no other name only says why: "for the driver's sake".)
    expect(answering('fish-bot', 'Is 9am ok for the fish delivery?')("10am, for the driver's sake.")).toEqual(["Fish delivery: 10am, for the driver's sake."]);
    // (Nor is a determiner left alone once the values are out: "every" of "every 4th dental".)
    expect(answering('vet-bot', "Should reception be able to book over the cap, or does every 4th dental need a vet's OK?")("vet's OK. always.")).toEqual(["Vet's OK."]);
    // An answer that names nothing the choice sets against each other is about something else.
    const choice = answering('ward-bot', 'Deliveries go Mon/Wed/Fri on the 15:30 porter run. Should the fridges get a paper log with daily sign-off, or data loggers with alerts?');
    expect(choice('Mon/Wed/Fri is fine.')).toEqual(['Mon/Wed/Fri is fine.']);
    expect(choice('Loggers for now.')).toEqual(['Fridges: loggers for now.']);
    // A person the question addresses is not what it is about.
    const addressed = candidates([
      ['cellar-bot', 'bot', 'That lot could go to a tank of its own. Carmen, ¿reservo el depósito 4 para ese lote?'],
      ['Carmen Ruiz', 'human', 'Sí, depósito 4 para Japón.'],
    ]);
    expect(addressed.map((c) => c.statement)).toEqual(['Depósito 4 para Japón.']);
    // A question that offers a step lends no subject: the answer takes the offer up and says what.
    const offered = candidates([
      ['ops-bot', 'bot', 'Debug logs are kept for 60 days now. Shall I write the new limit that way into config/retention.yaml?'],
      ['kim', 'human', 'Yes, 14 days for debug logs.'],
    ]).map((c) => c.statement);
    expect(offered).toEqual(['Write the new limit that way into config/retention.yaml.', '14 days for debug logs.']);
    // Once a person has answered, the next person answers them, not the agent's question.
    const after = candidates([
      ['ramp-bot', 'bot', 'Stand 231 for the e-tugs then?'],
      ['kim', 'human', 'No, 231 has no charger. Use stand 228.'],
      ['lee', 'human', '228 is tight with the tractor parked there, just saying'],
      ['kim', 'human', 'I know. Tractor goes to 226 then.'],
    ]);
    expect(after.filter((c) => c.p === 3).map((c) => c.statement)).toEqual(['Tractor goes to 226 then.']);
  });

  it("gives a bare value settled between people the thing the agent's next message, taking it on, names it with ('Fine, 450 it is.' — 'Updated: orders up to 450 EUR …')", () => {
    const settled = (agentNext: string) =>
      candidates([
        ['shop-bot', 'bot', 'The weekly report is out.'],
        ['ines', 'human', 'I want the packers to approve orders alone up to 450 EUR.'],
        ['omar', 'human', "That's a lot, 300 maybe."],
        ['ines', 'human', 'They never got one wrong. 450.'],
        ['omar', 'human', 'Fine, 450 it is.'],
        ['shop-bot', 'bot', agentNext],
      ])
        .filter((c) => c.p === 4)
        .map((c) => c.statement);
    expect(settled('Updated the packing guide: orders up to 450 EUR are approved by the packer, above 450 EUR the shift lead approves.')).toEqual(['Orders: 450 it is.']);
    // A message that only mentions the value among options of its own takes nothing on, and one
    // naming two things with it names none.
    expect(settled('Options for the next step: (1) keep the full 450 EUR for every store, (2) halve it.')).toEqual(['450 it is.']);
    expect(settled('Updated: orders up to 450 EUR go through, refunds up to 450 EUR too.')).toEqual(['450 it is.']);
    // Only a bound ties the value to a thing before it, and a verb before the bound is no thing.
    expect(settled('Noted: orders are approved 450 at a time.')).toEqual(['450 it is.']);
    expect(settled('Updated the guide: approved up to 450 EUR by the packer.')).toEqual(['450 it is.']);
  });

  it('gives a bare value kept from a listed draft the thing its item names, never the label that calls it a draft', () => {
    const draft = answering('print-bot', 'Draft: resin €0.25/ml, minimum order €20, standard turnaround 5 working days, express 48h at +30%. Shall I publish it to the website?');
    expect(draft('5 bleibt.')).toEqual(['Turnaround: 5 bleibt.']);
    expect(draft('€20 stays.')).toEqual(['Minimum order: €20 stays.']);
    // A label that only says what kind of text follows names no subject, and an item that does
    // not open with its thing gives none.
    const summary = answering('print-bot', 'Summary: we print 200 flyers and then 5 more for the office. Shall I order?');
    expect(summary('5 stays.')).toEqual([]);
  });

  it('keeps what a person says after a label of a word or two, and cuts only an explanation after a statement', () => {
    const ask = answering('museum-bot', 'Lighting: textiles at 50 lux max. Should the textiles get their own track?');
    // "Tickets:" says nothing itself: what follows it is the decision, whoever it opens with.
    expect(ask('Tickets: I want a £2 exhibition supplement, the £6 admission stays.')).toEqual(['Tickets: I want a £2 exhibition supplement, the £6 admission stays.']);
    // After a statement of its own, a clause opening with a pronoun explains it.
    expect(ask('Keep the textiles in the case: they fade under the track lights.')).toEqual(['Keep the textiles in the case.']);
  });

  it('reads topic-labelled answers, what a conclusion spells out, and a pick among offered options', () => {
    const labelled = candidates([
      ['billing-bot', 'bot', 'Refunds last quarter: 121 on monthly plans, 63 on annual plans. What should the policy be?'],
      ['kim', 'human', 'Monthly: refund within 5 days of payment. Annual: full refund within 21 days of renewal.'],
    ]);
    expect(labelled.map((c) => c.statement)).toEqual(['Monthly: refund within 5 days of payment.', 'Annual: full refund within 21 days of renewal.']);
    // A label before news of what others do is no topic: "they're out of …" reports.
    const news = candidates([
      ['print-bot', 'bot', 'Druckhaus Pohl confirmed the job: 100 g Arctic Volume for the body, 1,500 copies.'],
      ['kim', 'human', "News from Pohl: they're out of the 100 g Arctic Volume for the body."],
    ]);
    expect(news).toEqual([]);
    const concluded = candidates([
      ['it-bot', 'bot', 'Current advice is against scheduled password resets.'],
      ['kim', 'human', 'Then we drop the scheduled resets. Pupils keep their password until something gives a reason to change it.'],
    ]);
    expect(concluded.map((c) => c.statement)).toEqual(['We drop the scheduled resets.', 'Pupils keep their password until something gives a reason to change it.']);
    const picked = candidates([
      ['sec-bot', 'bot', 'Rotated. Options from here: a secrets service, or files in the repo encrypted with sops.'],
      ['kim', 'human', 'sops it is, using age keys per stage.'],
    ]);
    expect(picked.map((c) => [c.statement, c.strength])).toEqual([['Sops it is, using age keys per stage.', 'accepted']]);
  });

  it('reads a pick among options labelled in running text ("Option 1: …. Option 2: …."), in English, German and Spanish', () => {
    const venues = answering('events-bot', 'Option 1: the old print shop, 120 seats, 900 EUR. Option 2: the forum, 200 seats, 1,400 EUR. Which one should I book?');
    expect(venues('Option 2.')).toEqual(['The forum, 200 seats, 1,400 EUR.']);
    expect(venues('vale, la opción 1')).toEqual(['The old print shop, 120 seats, 900 EUR.']);
    const post = answering('office-bot', 'Variante A: per Einschreiben, 2,65 EUR. Variante B: per DocuSign, kostenlos. Was ist dir lieber?');
    expect(post('Variante B.')).toEqual(['Per DocuSign, kostenlos.']);
    // One label is no list of options: "Option 1" may name anything.
    expect(answering('events-bot', 'Option 1: the old print shop. Should I book it?')('Option 1.')).toEqual([]);
  });

  it('reads a pick among options keyed by a capital letter alone in running text ("A: …. B: …. C: …")', () => {
    const checks = answering('vet-bot', 'The last 10 checks were on four different days. Options: A: fixed Monday 8:30 check, two signatures. B: end-of-day check by the vet on duty. C: I prompt a check after every 20 entries.');
    expect(checks('A.')).toEqual(['Fixed Monday 8:30 check, two signatures.']);
    expect(checks('b')).toEqual(['End-of-day check by the vet on duty.']);
    expect(checks('B and C.')).toEqual(['End-of-day check by the vet on duty.', 'I prompt a check after every 20 entries.']);
    // The keys must run from A with none skipped: a lone "B: …" or a run from B is no list.
    expect(answering('vet-bot', 'Plan B: end-of-day check by the vet on duty. Which do you want?')('B.')).toEqual([]);
    expect(answering('vet-bot', 'Ward B: two cages free. Ward C: one cage free. Where should she go?')('B.')).toEqual([]);
    // Lower case is no key ("a: …" in running text is rarely a list), and keys before questions
    // are who said what.
    expect(answering('vet-bot', 'Two ways. a: fixed Monday check. b: end-of-day check. Which one?')('b')).toEqual([]);
    expect(answering('site-bot', 'Summary of the call with Hanson. A: Can you deliver on Monday at 7? B: Only after 11, the pump is booked.')('B.')).toEqual([]);
    expect(answering('site-bot', 'Summary of the call with Hanson. A: Sure. Can you deliver on Monday at 7? B: Only after 11, the pump is booked.')('B.')).toEqual([]);
    // The question that closes the list is none of its items.
    expect(answering('lab-agent', 'Checked the room system. A: Wed 9:00, room 2.08. B: Thu 10:00, room 2.08. Which works for you?')('B please.')).toEqual(['Thu 10:00, room 2.08.']);
  });

  it("reads a date or time answering the agent's question that asks for one by its words ('Launch date?' — 'June 15.') as that value, of what was asked", () => {
    const launch = answering('ops-agent', "I'll create the booking calendar with 2-hour slots. Launch date?");
    expect(launch('June 15.')).toEqual(['Launch date: June 15.']);
    expect(launch('Friday.')).toEqual(['Launch date: Friday.']);
    const start = answering('ops-agent', 'Where we are: a 15 EUR charge from the second missed class. When should this start? Happy to write the announcement too.');
    expect(start('1 June. That leaves May to let people know.')[0]).toBe('Start: 1 June.');
    // A question that asks for something else is not answered by a date.
    expect(answering('ops-agent', 'I set up the resource. Who runs the training?')('June 15.')).toEqual([]);
    // Nor is one where "when" runs on in the sentence, one that asks what happened, or a long one
    // that leaves the day without a thing to be the day of.
    for (const [question, reply] of [
      ['I set up the reminders. Should I also notify you when the invoice is paid?', 'Friday.'],
      ['The courier comes at 10. When he arrives, should I hand over both boxes?', 'Friday.'],
      ['Soll ich dir Bescheid geben, wann die Rechnung bezahlt ist?', 'Freitag.'],
      ['When did the leak start?', 'Monday night.'],
      ['When was the last boiler inspection?', 'March 2024.'],
      ['The plans are ready. When should I send them to the client?', 'Wednesday.'],
    ]) expect(answering('ops-agent', question)(reply)).toEqual([]);
  });

  it("takes a reply naming one side of the agent's either/or question as that side, not as acceptance of the whole question", () => {
    const flag = answering('calendar-agent', 'I can set the ban as a customer flag in the booking tool. Should the flag lift by itself after 6 months, or only manually?');
    expect(flag('Manually.')).toEqual(['Flag lift: manually.']);
    // A yes still accepts what the agent offered.
    expect(flag('Yes, set it.')).toContain('Set the ban as a customer flag in the booking tool.');
  });

  it('reads a sum worked out as a reason or an example, not a decision; a rule written as a formula stays one', () => {
    const reorder = acceptedSteps('Noted. Today every item is reordered once stock drops under 15 units. Suggestion: reorder level = mean weekly demand × (delivery weeks + 1 week buffer). For the KX-20 that\'s 9.5 × (3 + 1) = 38 units instead of 15.', 'Makes sense.');
    expect(reorder).toEqual(['Reorder level = mean weekly demand × (delivery weeks + 1 week buffer).']);
    expect(answering('vendor-agent', 'Casa Lupe is 64 EUR/pp against 70 EUR/pp for Fuego. Go with Casa Lupe?')("Hire items cost extra there. 64 + ~8 = 72, so they're pricier than Fuego.").join(' ')).not.toMatch(/72/);
    // (A step with its sum is still a step: "3 × 40 = 120 EUR, order them?")
    expect(acceptedSteps('The chairs are 40 EUR each, 3 × 40 = 120 EUR in all. Shall I order the three chairs?', 'Yes.')).toEqual(['Order the three chairs.']);
  });

  it('reads a clause that only announces a change as no decision, and what follows it as the change', () => {
    const pick = answering('calendar-agent', 'Options: Thursday May 7, 4-7 pm; Sunday May 17, 11 am-2 pm. Which?');
    expect(pick('OK. Thursday May 7, 4 to 7. Change of plan everyone.')).toEqual(['Thursday May 7, 4 to 7.']);
    expect(pick('Change of plan, folks. Thursday May 7, 4 to 7.').join(' ')).not.toMatch(/^Folks/);
    expect(answering('ops-agent', 'The standup is on Mondays at 9.')('Planänderung, Leute! The standup moves to Tuesday.')).toEqual(['The standup moves to Tuesday.']);
    // (A cue with what it changes is a decision.)
    expect(answering('ops-agent', 'The standup is on Mondays at 9.')('Change of plan: the standup moves to Tuesday.').join(' ')).toMatch(/standup moves to Tuesday/);
  });

  it("reads a clause that opens with a listed option's key and negates it as ruling that option out, not as a fact or a decision", () => {
    const rainPlan = answering('ops-agent', 'Options:\n1) marquee in the garden, 2,700 EUR\n2) shift the speeches indoors to the library, capacity 80\n3) no set plan, decide two days before\nWhich direction?');
    for (const reply of ['3 is not a real plan haha', 'Option 2 is not an option, we are 96 people.', "1 won't work, the garden turns to mud."]) expect(rainPlan(reply)).toEqual([]);
    // A negation that is no verdict on the option, or one the message takes back, rules nothing out.
    for (const [reply, key] of [['2 never let us down before, go with it.', '2'], ["Option 2 isn't perfect but let's do it.", 'Option 2'], ['1 no matter what it costs.', '1'], ['2 ist nicht schlecht, nehmen wir.', '2']]) expect(rainPlan(reply)).toEqual([expect.stringMatching(new RegExp(`^${key}\\b`))]);
    // What the clause says after the key is what it says of the option: a negation further on is of something else.
    const cadence = answering('ops-agent', 'Options for the reminders:\n1) weekly, on Mondays\n2) monthly, on the first\nWhich one?');
    expect(cadence('2, but no reminders in August.').join(' ')).toMatch(/monthly/i);
    expect(cadence('1 is fine, nobody reads the monthly one.').join(' ')).toContain('1 is fine');
    expect(answering('ops-agent', 'Options:\nA - hire a freelancer now\nB - wait for the agency\nWhich?')('A only if we have nothing by end of July.').join(' ')).toContain('Hire a freelancer now, only if');
  });

  it("reads 'never' before a past verb ('ThermaFix never rang back') as a report of what did not happen, not a ban", () => {
    const firms = answering('scheduling-agent', 'Two firms fit: A) Caldwell Heating, B) ThermaFix. Which should I book?');
    expect(firms('A. ThermaFix never rang back when Mill St flooded.')).toEqual([expect.stringMatching(/Caldwell/)]);
    expect(firms('A. Kyle has never been to their office, send him the address.').join(' ')).not.toMatch(/has never been/);
    // 'Never' with the present or as a step bans.
    expect(answering('scheduling-agent', 'Anything else for the booking rules?')('We never book ThermaFix for emergencies.')).toEqual(['We never book ThermaFix for emergencies.']);
    expect(answering('scheduling-agent', 'Anything else for the booking rules?')('Never put a new firm on an emergency job.')).toEqual(['Never put a new firm on an emergency job.']);
  });

  it("reads a clause that opens by negating a listed option's key ('Not C. we still owe them …') as turning it down, not as a rule", () => {
    const supplier = answering('stock-agent', 'Options for the dog food order: A) Vetlink, B) Hartmann direct, C) the Agri wholesaler. Which one?');
    for (const reply of ['Not C. we still owe them a bag from the summer.', 'Not B, they were late twice last spring.', 'Nicht A – zu teuer.']) expect([reply, supplier(reply)]).toEqual([reply, []]);
    // A rule or another pick after it says more than why.
    expect(supplier('Not A, freelancers always need sign-off from finance.').join(' ')).toMatch(/sign-off from finance/);
    expect(supplier('Not B, never book Hall B for weddings.').join(' ')).toMatch(/never book Hall B/);
    expect(supplier("Not C, suppliers with an open complaint don't get new orders.").join(' ')).toMatch(/don't get new orders/);
    expect(supplier("Not C, they don't get new orders until the complaint is closed.").join(' ')).toMatch(/don't get new orders/);
    // A number in the reason is no key; a key alone after it picks, and a key after the turned-down
    // one keeps the clause; a past reason is none; a range is no key.
    expect(supplier('Not B, 3 weeks is too late. A please.')).toEqual([expect.stringMatching(/Vetlink/)]);
    expect(supplier('No B, mejor A.')).toEqual(['No B, mejor A.']);
    expect(supplier('Not C, they never showed up.')).toEqual([]);
    expect(supplier('No 2-3 week wait is fine.')).toEqual(['No 2-3 week wait is fine.']);
    // The pick beside it stands; a negator before a word that is no key says something else.
    expect(supplier('B. Not C, we owe them.').join(' ')).toContain('Hartmann direct');
    expect(answering('ops-agent', 'The Agri wholesaler raised prices again. Shall I keep ordering there?')('Not a chance, we switch to Vetlink.').join(' ')).toMatch(/Vetlink/);
  });

  it('labels a picked side with what the question is about, never with a side of it', () => {
    const missed = answering('ops-agent', "Understood: 15 EUR from the second skipped session. And what counts as 'skipped': just no-shows, or short-notice cancellations too?");
    expect(missed("short-notice cancellations too!! otherwise people just ring at 8:50 and say they're ill.")).toEqual(['Short-notice cancellations too.']);
    // A side is as long as the other: what a short question is about stays its label.
    for (const [question, answer, label] of [['Backups nightly or weekly?', 'Weekly.', 'Backups: weekly.'], ['Invoices by email or by post?', 'By post.', 'Invoices: by post.'], ['Newsletter Mondays or Thursdays?', 'Thursdays.', 'Newsletter: Thursdays.']]) {
      expect(answering('ops-agent', `Setup is done. ${question}`)(answer)).toEqual([label]);
    }
    // A value that names no side keeps the question's subject, whatever stands beside the "or".
    expect(answering('drafting-agent', 'Set: dinner 20:30, band stops 01:00. Should Fuego arrive at 17:00, or earlier given the mountain road?')('16:00. the van crawls up that road.')).toEqual(['Fuego: 16:00.']);
  });

  it("picks the one listed option that has the day a short reply names, in another language or form ('Vamos con el jueves.' → 'Thursdays')", () => {
    const rooms = answering('calendar-agent', 'Options for the reading circle:\n1) Seminar room A, Wednesdays 5-7, capacity 8\n2) Parish room, Thursdays 5-7\n3) Parish room, Wednesdays 3-5\nThe circle has 13 sign-ups.');
    expect(rooms('Vamos con el jueves.')).toEqual(['Reading circle: Parish room, Thursdays 5-7.']);
    expect(rooms('Donnerstag.')).toEqual(['Reading circle: Parish room, Thursdays 5-7.']);
    // Two options on that day name none of them, a short form ("Wed 5-7") counting.
    expect(rooms('Mittwoch.')).toEqual([]);
    const short = answering('calendar-agent', 'Options for the reading circle:\n1) Seminar room C, Wed 5-7\n2) Parish room, Thursdays 5-7\n3) Library hall, Wednesdays 3-5\nWhich one?');
    expect(short('Wednesday.').filter((x) => /room|hall/i.test(x))).toEqual([]);
    // A day said with something else of it picks nothing: a ban, an absence, a verb that is a month's name.
    for (const reply of ['Not Thursday.', 'I am away on Thursdays.', 'Thursday is impossible for me.']) expect(rooms(reply).filter((x) => x.includes('Parish room'))).toEqual([]);
    expect(answering('events-bot', 'Venues for the summer party:\n1) Hall A, May 16, 120 seats\n2) Hall B, June 20, 80 seats\nWhich one?')('We may need more seats.')).toEqual([]);
  });

  it("takes a clause that only turns a value down after an acceptance for no decision ('Yes draft it. But 40% up front is too much')", () => {
    const contract = answering('vendor-agent', 'They can do 68 EUR a head if we sign by April 30, with a 40% deposit up front. Shall I draft the contract?');
    const said = contract('Yes draft it. But 40% up front is too much - ask for 25% now and 15% in August.');
    expect(said).not.toContain('40% up front is too much.');
    expect(said).toContain('Ask for 25% now and 15% in August.');
    // A plain statement after the acceptance is still the decision.
    expect(contract('Yes draft it. The deposit goes to 25% now and 15% in August.')).toContain('The deposit goes to 25% now and 15% in August.');
  });

  it("names no value by the label of a list of options ('Options: Thursday May 7, 4-7 pm; …' — 'Thursday May 7, 4 to 7.')", () => {
    const kickoff = answering('calendar-agent', 'Options: Thursday May 7, 4-7 pm (before the holiday); Sunday May 17, 11 am-2 pm; or May 8 indoors only. Which?');
    expect(kickoff('OK. Thursday May 7, 4 to 7.')).toEqual(['Thursday May 7, 4 to 7.']);
    expect(answering('calendar-agent', 'Möglichkeiten: Freitag 12. Juni, 15-18 Uhr; Samstag 20. Juni, 10-13 Uhr. Welche?')('Freitag 12. Juni.')).toEqual(['Freitag 12. Juni.']);
    // A label that names a thing still names it.
    expect(answering('events-bot', 'Publishing: 7 days ahead ok, or longer?')('14 days')).toEqual(['Publishing: 14 days.']);
  });

  it('reads options keyed at a spaced dash ("A — …", "Option B — …") or labelled "Proposal 1: …" and picks them by key', () => {
    const dashed = answering('ops-agent', 'Mask order:\nA — stay with CareLine: 10 boxes at 7.80 EUR\nB — Praxisbedarf Ost: 6.90 EUR a box, delivery in 4 days\nC — Medikon through the buying group: 7.20 EUR a box, next day\nWhich one?');
    // (A named option keeps its name and what it is, as in a numbered list.)
    expect(dashed('C then.')).toEqual(['Medikon through the buying group.']);
    expect(dashed('B.')).toEqual(['Praxisbedarf Ost: 6.90 EUR a box.']);
    const labelled = answering('ops-agent', 'Three ways:\nOption A — a charge of 15 EUR from the third late cancellation\nOption B — a charge of 15 EUR from the first late cancellation, waived on request\nWhich direction?');
    expect(labelled('B.')).toEqual(['A charge of 15 EUR from the first late cancellation, waived on request.']);
    // A list keyed so that asks nothing is a report, and "proposal 1 is …" labels nothing.
    expect(typesAtReply('Status by building:\nA — wiring done\nB — waiting for parts, ETA Friday', 'ok')).not.toContain('confirmation');
    const loose = recorded([['ops-agent', 'bot', 'My proposal 1 is to keep the price, and proposal 2 would raise everything by 5%. Thoughts?'], ['kim', 'human', 'Proposal 1, definitely.']]);
    expect(loose.decisions.map((d) => d.statement).filter((x) => /is to keep the price, and/.test(x))).toEqual([]);
    const proposals = answering('ops-agent', 'Proposal 1: Basic 980 EUR, Full 2650 EUR. Proposal 2: keep Basic at 900 EUR and lift the rest further. Which one?');
    expect(proposals('Proposal 2.')).toEqual(['Keep Basic at 900 EUR and lift the rest further.']);
    // A number before a dash is a range, not a key: "2 - 3 days" lists nothing.
    expect(answering('ops-agent', 'Delivery times:\n2 - 3 days by road\n1 - 2 days by air\nWhich one?')('2.')).toEqual([]);
  });

  it('reads a key and a word that closes the choice before a comma ("B then, …", "A yes, …") as the pick, and what follows as said', () => {
    const pump = answering('site-bot', 'Options: A) Hanson with pump hire, 07:00 B) Tarmac, after 11:00 only. Which one?');
    expect(pump('A yes, cancel the pump we booked.')[0]).toBe('Hanson with pump hire, 07:00.');
    expect(pump('B then, the crane can wait.')[0]).toBe('Tarmac, after 11:00 only.');
    // A condition after it goes with the pick, as after a bare key; what follows it is read as said.
    expect(pump('B then, but only if they can deliver before 9.')).toEqual(['Tarmac, after 11:00 only, but only if they can deliver before 9.']);
    expect(pump('B then, but only if they can deliver before 9. We pour the slab on Monday.')[0]).toBe('Tarmac, after 11:00 only, but only if they can deliver before 9.');
    // A number answering a colleague's question answers that question, options before it or not.
    const trucks = recorded([
      ['site-bot', 'bot', 'Options:\n1. Hanson with pump hire\n2. Tarmac after 11\n3. Both, split pour\nWhich one?'],
      ['tomas', 'human', 'How many trucks does Hanson need for the slab?'],
      ['mia', 'human', '3, maybe 4.'],
    ]);
    expect([...trucks.decisions, ...trucks.review].map((d) => d.statement)).not.toContain('Both, split pour.');
    // A number answering a colleague's "which one?" picks, as it did; a letter key answers no "how many".
    const which = recorded([
      ['site-bot', 'bot', 'Options:\n1. Hanson with pump hire\n2. Tarmac after 11\n3. Both, split pour\nWhich one?'],
      ['tomas', 'human', 'Mia, which one?'],
      ['mia', 'human', '2.'],
    ]);
    expect([...which.decisions, ...which.review].map((d) => d.statement)).toContain('Tarmac after 11.');
    const fridge = recorded([
      ['club-bot', 'bot', 'Quotes: A: repair the compressor, €380. B: new commercial fridge, €1,150. C: used fridge, ~€300.'],
      ['lucia', 'human', 'my brother-in-law has a fridge he does not use, shall I ask him?'],
      ['helen', 'human', 'Thanks Lucía, but we need a commercial fridge for the inspection. B. We are not repairing a fridge that already died twice.'],
    ]);
    expect([...fridge.decisions, ...fridge.review].map((d) => d.statement)).toContain('New commercial fridge, €1,150.');
    // A word that says something of the option is no closing word: the reply is read as said.
    expect(pump('B passt nicht, die Zufahrt ist zu schmal.')).not.toContain('Tarmac, after 11:00 only.');
  });

  it('reads a key that opens a reply after a sentence that only accepts, and a key picking from a list people have talked over since', () => {
    const options = 'Options:\nA) keep 20 min, add a Monday afternoon session with Rhys\nB) go back to 15 min for standard consults, keep 30 min for new patients\nC) 20 min for sick-pet consults, 15 min for vaccine appointments\nWhich way?';
    const picked = 'Go back to 15 min for standard consults, keep 30 min for new patients.';
    const statements = (lines: Array<[string, 'human' | 'bot', string]>) => {
      const r = recorded(lines);
      return [...r.decisions, ...r.review].map((d) => d.statement);
    };
    expect(statements([['rota-agent', 'bot', options], ['fiona', 'human', 'ok. B. back to 15 for standard consults from next Monday.']])).toEqual([picked]);
    expect(statements([['rota-agent', 'bot', options], ['fiona', 'human', 'Passt. B.']])).toEqual([picked]);
    // (A numbered report is no list of options: "Ok. 2. …" says what to do with its point 2.)
    // (Read at the candidates, before any threshold: no pick of the report's point is put up.)
    const report = candidates([['site-agent', 'bot', 'Status:\n1. drywall done\n2. Painting starts Monday\n3. Floor on order'], ['mara', 'human', 'Ok. 2. painting waits until the 20th, the plaster needs a week to dry.']]).map((c) => c.statement);
    expect(report.some((x) => /starts Monday/.test(x))).toBe(false);
    // (So after options closed by a recommendation, no question.)
    const recommended = options.replace('Which way?', "I'd suggest A.");
    expect(statements([['rota-agent', 'bot', recommended], ['fiona', 'human', 'ok. B. back to 15 for standard consults from next Monday.']])).toEqual([picked]);
    // (Four people's messages after the list: the key still picks from it.)
    const talkedOver = statements([
      ['rota-agent', 'bot', options],
      ['katrin', 'human', 'Ich würde B nehmen.'],
      ['rhys', 'human', 'no monday afternoons for me, I have the branch clinic'],
      ['josh', 'human', 'hmm, we cannot always tell a recheck from something new'],
      ['fiona', 'human', 'ok. B. back to 15 for standard consults from next Monday.'],
    ]);
    expect(talkedOver).toContain(picked);
    // Only a message that asks to choose is answered so: "Yes." to "Shall I book Sonnenbus?" then
    // numbers reasons of its own.
    const coach = statements([['bus-agent', 'bot', 'Coaches: 1. Müller Reisen, 50 seats, €780 2. Sonnenbus, 50 seats, €820, seat belts 3. Minibuses. I would recommend 2. Shall I book Sonnenbus?'], ['lena', 'human', 'Yes. 1. it is the cheapest full-size bus 2. they have seat belts on every seat.']]);
    expect(coach).toContain('Book Sonnenbus.');
    expect(coach.some((x) => /Müller/.test(x))).toBe(false);
    // A list further back is no longer picked from once the agent has spoken since, or a person
    // has put up keys of their own.
    const seating = statements([
      ['venue-agent', 'bot', 'Venues: A) Lakeside Lodge, 45 people, €2,400 B) Old Mill Barn, 60 people, €2,900 C) City Loft, 40 people, €1,900. Which one?'],
      ['tom', 'human', 'Lakeside for me'],
      ['eva', 'human', 'lakeside yes'],
      ['venue-agent', 'bot', 'Booking Lakeside Lodge.'],
      ['tom', 'human', 'For the seating at Lakeside: A) theatre rows or B) round tables of 8. Lena, which do you prefer?'],
      ['lena', 'human', 'ok. B. the tables also work for the dinner.'],
    ]);
    expect(seating).toContain('Lakeside Lodge, 45 people, €2,400.');
    expect(seating.some((x) => /Old Mill/.test(x))).toBe(false);
  });

  it('reads the sentence after a key picked alone that opens by amending it ("B. but …", "A. Aber …") as the pick\'s condition, and what follows its first clause as why', () => {
    const rates = answering('ops-agent', 'Draft options for the freelancers:\nA) 0.09/word flat, translator self-reviews\nB) 0.10/word translation + 0.03/word separate review\nShall I go with B?');
    // An amendment that gives a new value for one part of an option listing several is a
    // decision of its own, and the option holds without the part it replaces.
    expect(rates('B. but review at 0.025 not 0.03, margins are thin enough as it is')).toEqual(['0.10/word translation.', 'Review at 0.025 not 0.03.']);
    const amended = recorded([
      ['ops-agent', 'bot', 'Draft options for the freelancers:\nA) 0.09/word flat, translator self-reviews\nB) 0.10/word translation + 0.03/word separate review\nShall I go with B?'],
      ['sam', 'human', 'B. but review at 0.025 not 0.03, margins are thin enough as it is'],
    ]);
    expect(amended.decisions.map((d) => [d.statement, d.reasons])).toEqual([
      ['0.10/word translation.', []],
      ['Review at 0.025 not 0.03.', ['margins are thin enough as it is']],
    ]);
    // (So in the pick's own sentence.)
    const lunch = answering('events-agent', 'Options:\nA) $16/head - sandwich, salad, cookie; 2 rotating menus\nB) $18/head - adds a hot grain bowl option; 4 rotating menus\nWhich one?');
    expect(lunch("Go with B, but 5 rotating menus not 4, they'll get bored.")).toEqual(['$18/head - adds a hot grain bowl option.', '5 rotating menus not 4.']);
    expect(lunch('B. but 5 rotating menus not 4')).toEqual(['$18/head - adds a hot grain bowl option.', '5 rotating menus not 4.']);
    // (The option the agent recommended is not put back whole over the pick it amends.)
    const suggested = answering('events-agent', "Options:\nA) $16/head - sandwich, salad, cookie; 2 rotating menus\nB) $18/head - adds a hot grain bowl option; 4 rotating menus\nI'd suggest B. Which one?");
    expect(suggested('B. but 5 rotating menus not 4')).toEqual(['$18/head - adds a hot grain bowl option.', '5 rotating menus not 4.']);
    // (One the agent recommended is not put back whole.)
    const order = answering('stock-agent', 'Options:\nA) Vetlink: 40 DHPPi + 30 Lepto4 per month, delivered the first Thursday\nB) order ad hoc\nI\'d suggest A. Which one?');
    expect(order('A. But 50 DHPPi not 40, we always run short in winter')).toEqual(['Vetlink: 30 Lepto4 per month.', '50 DHPPi not 40.']);
    // Only a plain swap of a part's one value splits; anything else is stated as amended, and
    // nothing the person kept is dropped: a new value with nothing ruled out, a condition, a
    // part that holds a day or another value beside the one swapped, an amendment that names no
    // thing, an option of one part.
    expect(order('A. But make it 50 DHPPi a month')).toEqual(['Vetlink: 40 DHPPi + 30 Lepto4 per month, but make it 50 DHPPi a month.']);
    expect(order('A. But deliver by 9')).toEqual(['Vetlink: 40 DHPPi + 30 Lepto4 per month, but deliver by 9.']);
    const support = answering('it-agent', 'Options:\nA) one tech on site, response within 8h\nB) one tech on site, second tech remote, response within 4h\nWhich one?');
    expect(support('B. but response within 2h on weekends')).toEqual(['One tech on site, second tech remote, response within 4h, but response within 2h on weekends.']);
    const pour = answering('site-agent', 'Options:\nA) Tuesday 6am, 2 pumps, 45 m3\nB) Wednesday 9am, 1 pump, 45 m3\nWhich one?');
    expect(pour('A. but 7am not 6am')).toEqual(['Tuesday 6am, 2 pumps, 45 m3, but 7am not 6am.']);
    expect(lunch('B. but 6 not 4')).toEqual(['$18/head - adds a hot grain bowl option; 4 rotating menus, but 6 not 4.']);
    const one = answering('ops-agent', 'Options: A) one reviewer per text B) two reviewers per text. Which?');
    expect(one('B. but 3 for legal texts')).toEqual(['Two reviewers per text, but 3 for legal texts.']);
    // (A contrast after its comma is still the condition.)
    expect(rates('B. but review by Katrin, not by a freelancer, margins are thin')).toEqual(['0.10/word translation + 0.03/word separate review, but review by Katrin, not by a freelancer.']);
    // (The sentences after the amending one are read as said.)
    const night = answering('ops-agent', 'Options: A) Tuesday night, 22:00-04:00 via the bypass B) Saturday from 06:00. Which one?');
    expect(night('A. Aber nicht ab 22 Uhr, die Nachtschicht braucht 30 Minuten für die Übergabe. Start 22:30.')).toEqual(['Tuesday night, 22:00-04:00 via the bypass, aber nicht ab 22 Uhr.', 'Start 22:30.']);
    // A first clause that names someone, not a condition, opens a sentence of its own.
    expect(rates('B. But Daniel, call them today, before anybody redraws anything.')[0]).toBe('0.10/word translation + 0.03/word separate review.');
    // A condition of time or circumstance after a full stop is a sentence of its own.
    expect(rates('B. If the client complains, we talk again.')[0]).toBe('0.10/word translation + 0.03/word separate review.');
  });

  it('keeps the topic a joining word leads into ("And retention: …")', () => {
    const reply = answering('ops-bot', 'Debug logs are kept for 60 days, access logs for a year. What should the retention be?');
    expect(reply('And retention: 21 days for all of it, 180 only for access logs.')).toEqual(['Retention: 21 days for all of it, 180 only for access logs.']);
    // A phrase that opens with a function word frames what follows; it is no topic.
    expect(reply('But with teeth: every debug log is deleted after 14 days.')).toEqual(['Every debug log is deleted after 14 days.']);
    // A change from a named time on is no frame: only the joining word before it goes.
    expect(reply('So from 1 April: 30 days for everything.')).toEqual(['From 1 April: 30 days for everything.']);
    expect(reply('and from 1 May: 30 days for everything')).toEqual(['From 1 May: 30 days for everything.']);
    // A change from now on, or no time at all, is a frame as before.
    expect(reply('So from now on: 30 days for everything.')).toEqual(['Retention: 30 days for everything.']);
  });

  it('keeps what belongs to the first word: a hash, an opening quote the sentence closes', () => {
    const reply = answering('pricing-bot', 'Starter asks for no card at sign-up, Pro does. Shall we say so on both plans?');
    expect(reply("Then 'no credit card needed' goes on Starter only.")).toEqual(["'No credit card needed' goes on Starter only."]);
    expect(reply('We decided: #2211 blocks the release, so the plan copy waits until it is fixed.')).toEqual(['#2211 blocks the release, so the plan copy waits until it is fixed.']);
    expect(reply('Still, we show it on Starter only.')).toEqual(['We show it on Starter only.']);
  });

  it('spells out a short choice by the plain clause after it, as said, but not by a condition', () => {
    const reply = answering('it-bot', 'The keys cost 48 EUR each. How many should I order for the office?');
    // The two sentences keep their stop: a colon would make the second a statement about the first.
    expect(reply('Ten keys. The spare ones stay in the safe.')).toEqual(['Ten keys. The spare ones stay in the safe.']);
    expect(reply('Ten keys! The spare ones stay in the safe.')).toEqual(['Ten keys! The spare ones stay in the safe.']);
    expect(reply('Ten keys. If more people need one, we order extra.')).toEqual(['Ten keys.', 'If more people need one, we order extra.']);
    // A value set against the one it replaces is a decision of its own.
    const count = answering('count-agent', 'Blind count, and variances over 2% get a recount. Correct?');
    expect(count('blind yes. recount threshold 1%, not 2.')).toEqual(['Blind yes.', 'Recount threshold 1%, not 2.']);
  });

  it('accepts the points of a proposal a reply names, and only those ("yes to the S3 move and the encryption")', () => {
    const proposal = 'Backups take 4 TB on the old box. Proposal:\n- move the backups to an S3 bucket in Frankfurt\n- keep daily copies for 30 days\n- encrypt every copy with age\n- shut the old box down in May';
    const accepted = (reply: string) => candidates([['backup-agent', 'bot', proposal], ['ops', 'human', reply]]).filter((c) => c.cue === 'selection').map((c) => c.statement);
    expect(accepted('Yes to the S3 move and the encryption. The old box stays until June.')).toEqual(['Move the backups to an S3 bucket in Frankfurt.', 'Encrypt every copy with age.']);
    expect(accepted('On the proposal: ok to the 30 days.')).toEqual(['Keep daily copies for 30 days.']);
    // An item that names no point, or no acceptance at all, accepts nothing by name.
    expect(accepted('Yes to the S3 move and the new firewall.')).toEqual([]);
    expect(accepted('The S3 move and the encryption are risky.')).toEqual([]);
  });

  it("takes a clause a dash or a colon joins to a question after it for the question's lead-in, not a statement, unless it decides", () => {
    const said = (text: string) => candidates([['review-bot', 'bot', 'The questionnaire for hospitals A and B is ready to publish.'], ['claire', 'human', text]]).map((c) => c.statement);
    expect(said('Question for the group — should we release the hospital C questions too?')).toEqual([]);
    expect(said("Let's go with the short version — can you publish it today?")).toContain("Let's go with the short version.");
  });

  it("keeps the speaker's own refusal after a short choice as its reason, not as part of the choice or a decision of its own", () => {
    const found = candidates([
      ['office-agent', 'bot', 'The Kyocera and the Canon both scan to OneDrive; the Canon costs 157 EUR more. Which one?'],
      ['thomas', 'human', "Then the Kyocera. I'm not spending 157 euros more for the Canon badge."],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['The Kyocera.']);
    expect(found[0].reasons).toEqual(["I'm not spending 157 euros more for the Canon badge"]);
  });

  it('takes a word that asks for a choice ("Preference?", "Thoughts?") for no subject of the pick', () => {
    for (const ask of ['Preference?', 'Thoughts?']) {
      const food = answering('event-agent', `Smoke Sisters BBQ and Tacos La Güera both have the 21st free. Smoke Sisters wants a $150 guarantee; La Güera has no minimum. ${ask}`);
      expect(food('smoke sisters')).toEqual(['Smoke sisters.']);
    }
  });

  it('splits two values set in one verbless clause, and keeps a clause with a verb whole', () => {
    const ask = answering('price-bot', 'For the autumn sale: jackets -20 % and a jacket and boots bundle at 189 instead of 236. Shall we do it that way?');
    expect(ask('Fine, 20 % on the jackets and the bundle at 189, go.')).toEqual(['20 % on the jackets.', 'The bundle at 189.']);
    expect(ask("Fine, we'll take 20 % off the jackets and sell the bundle at 189.")).toEqual(["We'll take 20 % off the jackets and sell the bundle at 189."]);
    // Two bare values are two values of one thing: said together, not each on its own.
    const days = answering('rota-agent', "Also: the 12 part-timers only work Mon/Wed/Fri, so I'd put them on 16 and 22 April. OK?");
    expect(days('16th is a thursday mate. 20 and 22')).toEqual(['20 and 22.']);
    // A comma joins two such parts when each names its thing before its value; not a date and its
    // time, nor one thing's values in turn.
    const stock = answering('stock-agent', 'Flea season: suggest a minimum of 15 packs per brand for March to June. OK?');
    expect(stock('nexgard 15, bravecto 8')).toEqual(['Nexgard 15.', 'Bravecto 8.']);
    // Two limits are of one thing.
    expect(stock('max 15, min 8')).toHaveLength(1);
    expect(stock('ok 15 in March, then 8 till June')).toEqual(['Ok 15 in March, then 8 till June.']);
    const fair = answering('events-bot', 'The fair has stands free in June. Shall I book one?');
    expect(fair('June 12, hall 4.')).toEqual(['June 12, hall 4.']);
  });

  it("takes a person's own step that sets a value as a decision, and any other as their action item", () => {
    const typed = (lines: Array<[string, 'human' | 'bot', string]>) => candidates(lines).map((c) => [c.statement, c.hint, c.strength]);
    const say = (answer: string) => typed([['ux-bot', 'bot', 'The grey body text fails the contrast minimum on white.'], ['kim', 'human', answer]]);
    expect(say("For legibility I'll simply deepen the grey to #4B5563.").map(([statement, hint]) => [statement, hint === 'action_item'])).toEqual([['For legibility Kim will simply deepen the grey to #4B5563.', false]]);
    // A promise is weaker evidence than a request: the scorer weighs how firm it is.
    expect(say("I'll check with the design team.")).toEqual([['Kim will check with the design team.', 'action_item', 'weak']]);
    expect(say('Ich werde morgen die Designerin anrufen.')).toEqual([['Kim: Ich werde morgen die Designerin anrufen.', 'action_item', 'weak']]);
    // Not a step: a question, a refusal, a step someone else takes.
    expect(say("Shall I check with the design team?")).toEqual([]);
    expect(say("I won't check with the design team.")).toEqual([]);
    // A number the discussion said before is one the step refers back to: it sets no value.
    const recap = (answer: string) => typed([['ops-bot', 'bot', 'Recap of the street fair: roughly 910 guests by the gate count, 175 raffle prizes handed out.'], ['kim', 'human', answer]]);
    expect(recap("I'll just savour the 910 for a while.")).toEqual([['Kim will just savour the 910 for a while.', 'action_item', 'weak']]);
    expect(recap("I'll raise next year's book budget to 300.").map(([statement, hint]) => [statement, hint === 'action_item'])).toEqual([["Kim will raise next year's book budget to 300.", false]]);
    // What one cannot do is a reason, not a step: in any of the three languages.
    const briefing = answering('race-bot', 'Briefing at 05:45, right after check-in, with Javier leading the Spanish part. OK?');
    expect(briefing('Puedo a las 6:15 si hace falta.')).toEqual(['Puedo a las 6:15 si hace falta.']);
    expect(briefing('Yo no puedo a las 6:15, estoy recogiendo las radios.')).toEqual([]);
    expect(briefing('Ich kann um 6:15 nicht, ich hole die Funkgeräte.')).toEqual([]);
  });

  it("records a step a person takes on as their action item, whatever type the scorer reads", () => {
    const typesOf = (lines: Array<[string, 'human' | 'bot', string]>) => {
      const { decisions, review } = recorded(lines);
      return [...decisions, ...review].map((d) => [d.statement, d.type]);
    };
    expect(typesOf([['volunteer-bot', 'bot', 'Volunteer service hours need a teacher signature every week. Who signs them?'], ['priya', 'human', "Must be a teacher, school policy. I'll sign them on Mondays."], ['volunteer-bot', 'bot', 'Noted: Priya signs them on Mondays.']])).toContainEqual(['Priya will sign them on Mondays.', 'action_item']);
    expect(typesOf([['plan-bot', 'bot', 'The garden rugs: the hire shop wants 260 EUR for 25 m. Shall I book them?'], ['marco', 'human', "No need. I'll fetch the rugs from the shed, we still have 25 m from the summer party."]])).toContainEqual([expect.stringMatching(/^Marco will fetch the rugs from the shed\b/), 'action_item']);
  });

  it("records a person's plain clause the agent takes on and the person confirms once, in the person's words", () => {
    const { decisions, review } = recorded([
      ['home-agent', 'bot', 'Noted.'],
      ['nadia', 'human', 'FYI Herr Brandl gave up as parent rep and no one has stepped in. For the summer fete and things like that, just write to the other families straight from my account and copy me in.'],
      ['home-agent', 'bot', "Noted — from here on I'll write to the other families straight from your account, with you copied."],
      ['nadia', 'human', "That's right."],
    ]);
    expect([...decisions, ...review].map((d) => d.statement)).toEqual(["For the summer fete and things like that, just write to the other families straight from Nadia's account and copy Nadia in."]);
    // (An agent that does not open by taking it on proposes a step of its own, recorded in its words.)
    const proposed = recorded([
      ['home-agent', 'bot', 'Noted.'],
      ['nadia', 'human', 'For the summer fete and things like that, just write to the other families straight from my account and copy me in.'],
      ['home-agent', 'bot', 'Shall I also write to the other families straight from your account about the class outing, with you copied?'],
      ['nadia', 'human', 'Yes.'],
    ]);
    expect([...proposed.decisions, ...proposed.review].map((d) => d.statement)).toEqual(["Write to the other families straight from Nadia's account about the class outing, with Nadia copied."]);
  });

  it("states a short reply that picks one side of a step the agent offers as a choice as that side's step", () => {
    const notice = answering('club-bot', 'The fee letter goes out on Monday. Should I send a separate change notice to all members, or just include it in the fee letter?');
    expect(notice('Separate notice please.')).toEqual(['Send a separate change notice to all members.']);
    const receipt = answering('vendor-bot', 'Paid 480 EUR to Luz de Campo. File the invoice under Moreno / Suppliers or in the general decor folder?');
    expect(receipt('Moreno / Suppliers.')).toEqual(['File the invoice under Moreno / Suppliers.']);
    // The side after "or" stands alone when it opens with a verb of its own.
    const caterer = answering('vendor-bot', 'Will do. And Fuego - should I tell them we picked another caterer, or keep them warm until Casa Lupe has signed?');
    expect(caterer('Keep them warm.')).toEqual(['Keep them warm until Casa Lupe has signed.']);
    // A bare value picks the side that gives it, in a question that opens with its verb and a preposition.
    const flag = answering('calendar-bot', 'The check-up backlog is at 4.5 weeks now. Warn at 6 weeks as agreed, or sooner?');
    expect(flag('6, as agreed.')).toEqual(['Warn at 6 weeks as agreed.']);
    // A reply that names both sides, or rules one out, picks no step.
    const room = answering('office-bot', 'Lena accepted. Should I book the small meeting room (Spree) or the big one?');
    expect(room('Not the Spree.')).not.toContain('Book the small meeting room (Spree).');
    // A reply in the imperative that names one side's verb takes that side's step, not its own pronoun.
    const skip = answering('site-agent', "Bauer's quote excludes disposal of the old cabinets. Include it in Bauer's scope or have the Hoffmanns arrange it themselves?");
    expect(skip('include it')).toEqual(["Include it in Bauer's scope."]);
    // What happened before, said after the pick, is why: it spells out nothing chosen.
    expect(skip('include it. last time the client organised the skip it sat in the street for 3 weeks')).toEqual(["Include it in Bauer's scope."]);
    // A step that says more than the side it names is kept as said.
    const fitting = answering('home-bot', 'Shall I cancel the Saturday fitting or move it to Monday?');
    expect(fitting('Move it to Tuesday.')).toEqual(['Move it to Tuesday.']);
    // What follows a comma, courtesy and an adverb say no more of the step.
    expect(fitting('Cancel it, the tailor is ill.')).toEqual(['Cancel the Saturday fitting.']);
    expect(fitting('move it pls')).toEqual(['Move it to Monday.']);
    expect(answering('pay-bot', 'Shall I pay the invoice now or wait for the credit note?')('Pay half now.')).toEqual(['Pay half now.']);
  });

  it('states a bare name answering "who" in the question\'s place, in English, German and Spanish', () => {
    const flag = answering('calendar-bot', "I'll send an alert if the mean wait passes 6 weeks. Who should get it — Greta or Dr. Petrov?");
    expect(flag('Greta.')).toEqual(['Greta should get it.']);
    const stated = (asked: string, reply: string) => allCandidates([['hall-bot', 'bot', asked], ['lea', 'human', reply]]).map((c) => c.statement);
    expect(stated('Der Saal ist am Freitag frei. Wer bucht den Saal?', 'Anna.')).toEqual(['Anna bucht den Saal.']);
    expect(stated('La sala está libre el viernes. ¿Quién reserva la sala?', 'Ana.')).toEqual(['Ana reserva la sala.']);
    // A reply that is no name, or says more, keeps its words.
    expect(stated('Der Saal ist am Freitag frei. Wer bucht den Saal?', 'Keine Ahnung.')).not.toContain('Keine Ahnung bucht den Saal.');
    expect(stated('Der Saal ist am Freitag frei. Wer bucht den Saal?', 'Anna, sobald die Rechnung da ist.')).not.toContain('Anna bucht den Saal.');
  });

  it('reads the names a reply to "who" opens with as the answer, not as someone addressed, and "me" as the speaker', () => {
    const said = (asked: string, author: string, reply: string) =>
      candidates([['marta', 'human', 'The flag refactor is merged.'], ['ahmed', 'human', 'Van 3 failed its MOT.'], ['ci-agent', 'bot', asked], [author, 'human', reply]]).map((c) => c.statement);
    // A name before a reason, or before a clause about the person, answers.
    expect(said('Quarantine is set up. Who owns CheckoutFlowTests?', 'jonas', 'Marta, since the flag refactor.')).toContain('Marta owns CheckoutFlowTests.');
    expect(said('PRs go against the 4.3 milestone. Who writes the notice text for 4.2?', 'priya', 'Marta, she knows the tone.')).toContain('Marta writes the notice text for 4.2.');
    // "me" is the one who says it; two names joined answer together.
    expect(said('Sixt requires named drivers over 25. Who should be named?', 'luis', 'me and Ahmed. Marek stays on van 4')).toContain('Luis and Ahmed should be named.');
    expect(said('Der Entwurf ist fertig. Wer schickt ihn an die Kanzlei?', 'anna', 'ich. heute noch')).toContain('Anna schickt ihn an die Kanzlei.');
    // A name addressed before another person named, names joined by "or", who did or is
    // something, and whom to ask answer nothing.
    expect(said('The contract is signed. Who sends it to the lawyers?', 'kim', 'Jonas, I think Marta should do it.')).not.toContain('Jonas sends it to the lawyers.');
    expect(said('Quarantine is set up. Who owns CheckoutFlowTests?', 'kim', 'Marta or Ahmed, since they did the refactor.')).not.toContain('Marta or Ahmed owns CheckoutFlowTests.');
    expect(said('The change went live. Who approved the change yesterday?', 'kim', 'Marta, since she was on call.')).not.toContain('Marta approved the change yesterday.');
    expect(said('The staging DB is down. Who should I ask about the staging DB?', 'kim', 'Me, since I set it up.')).not.toContain('Kim should I ask about the staging DB.');
    expect(said('The staging DB is down. Who do I ask about the staging DB?', 'kim', 'Marta, since she set it up.').join(' ')).not.toMatch(/do I ask/);
    expect(said('The budget is in. Who has approved the budget?', 'kim', 'Marta, since she was on call.')).not.toContain('Marta has approved the budget.');
    expect(said('Who takes the on-call shift on Saturday?', 'kim', 'Marta and me, since Jonas is out.')).not.toContain('Marta and Kim takes the on-call shift on Saturday.');
  });

  it("states a person's request in the values of the agent's read-back that makes it concrete", () => {
    const found = candidates([
      ['data-bot', 'bot', 'The Q1 summary is on slides 3 to 6.'],
      ['jonas', 'human', 'Legal called about retention. Please adjust the purge job.'],
      ['data-bot', 'bot', "I'll change the purge job from 18 to 9 months. The first run clears about 1.2 TB."],
      ['jonas', 'human', 'Yes, go ahead.'],
    ]).map((c) => c.statement);
    expect(found).toContain('Change the purge job from 18 to 9 months.');
    expect(found).not.toContain('Please adjust the purge job.');
    // (A request that says more than the read-back keeps its own words.)
    const own = candidates([
      ['data-bot', 'bot', 'The Q1 summary is on slides 3 to 6.'],
      ['jonas', 'human', 'Please adjust the purge job for the raw event tables.'],
      ['data-bot', 'bot', "I'll change the purge job from 18 to 9 months. The first run clears about 1.2 TB."],
      ['jonas', 'human', 'Yes, go ahead.'],
    ]).map((c) => c.statement);
    expect(own).toContain('Please adjust the purge job for the raw event tables.');
  });

  it('keeps the clause a directive on "it" refers to', () => {
    const found = candidates([
      ['ux-bot', 'bot', 'The contrast styles are the quickest fix; the next release train leaves in three weeks.'],
      ['kim', 'human', "The contrast fix can't sit for three weeks - ship it as a patch this week."],
    ]);
    expect(found.map((c) => c.statement)).toEqual(["The contrast fix can't sit for three weeks - ship it as a patch this week."]);
  });

  it('records no reported decision, sarcasm or bare remark', () => {
    const { decisions, review } = recorded([
      ['shop-bot', 'bot', 'Stock of the headlamp is 162 units, enough until March.'],
      ['tom', 'human', "The wholesaler wrote: they've decided to shut their depot from 22 to 30 December. No shipments in that period."],
      ['kim', 'human', 'Great, so we count the shelves by hand then. 🙃'],
      ['kim', 'human', 'Quiet week then.'],
      ['kim', 'human', 'From now on we count the shelves on the 31st.'],
    ]);
    // Only the last message decides something: the others are left out, not everything.
    expect([...decisions, ...review].map((c) => c.statement)).toEqual(['From now on we count the shelves on the 31st.']);
  });

  it('holds sarcasm to the sentence it is said in', () => {
    const { decisions, review } = recorded([
      ['van-bot', 'bot', 'The returns go back on Thursday. Shall I book the van for 9:00 as usual?'],
      ['kim', 'human', 'Book it for 7:00 sharp. Great, so we wait for the driver again otherwise 🙃'],
    ]);
    // The irony is about the waiting; the booking is meant (of the van the agent offered to book).
    expect([...decisions, ...review].map((c) => c.statement)).toEqual(['Book the van for 7:00 sharp.']);
    const said = (reply: string) => {
      const found = recorded([
        ['van-bot', 'bot', 'The returns go back on Thursday. Shall I book the van for 9:00 as usual?'],
        ['kim', 'human', reply],
      ]);
      return [...found.decisions, ...found.review].map((c) => c.statement);
    };
    // An emoji after a sentence's stop closes that sentence; the next one is meant.
    expect(said('Great, so we wait for the driver again. 🙃 Book it for 7:00 sharp.')).toEqual(['Book the van for 7:00 sharp.']);
    // A decimal point does not end the sentence the sarcasm is in, and a sarcastic reply accepts no offer.
    expect(said('Oh great, so we leave at 9.30 and miss the first period 🙃')).toEqual([]);
    expect(said('Sure, because that worked so well last time 🙃')).toEqual([]);
    // Naming an option in a sarcastic sentence picks nothing.
    const pick = (reply: string) => {
      const found = recorded([
        ['bus-bot', 'bot', 'Two buses are free on Friday: the 9:30 one from Meyer, or another bus from Sauer at 10:15. Which one?'],
        ['kim', 'human', reply],
      ]);
      return [...found.decisions, ...found.review].map((c) => c.statement);
    };
    expect(pick('Oh great. Another bus. 🙃')).toEqual([]);
    expect(pick('Another bus.')).toEqual(['Another bus.']);
    // Nor is it weighed as a plain clause: the irony holds whatever the scorer's weights.
    const weighed = (reply: string) => allCandidates([['bus-bot', 'bot', 'Two buses are free on Friday: the 9:30 one from Meyer, or another bus from Sauer at 10:15. Which one?'], ['kim', 'human', reply]]).map((c) => c.statement);
    expect(weighed('Oh great. Another bus. 🙃')).toEqual([]);
    expect(weighed('Another bus.')).toContain('Another bus.');
  });

  it('takes "not yet" answering a question for a decision put off, and a German "kommt" for a decision only with where it goes', () => {
    const venue = answering('venue-bot', 'Shall I book the barn for the ceremony?');
    expect(venue('Not yet, I want to walk the barn first on Saturday, the light there might change everything.')).toEqual([]);
    expect(venue('Not the barn, book the garden.')).toEqual(['Not the barn, book the garden.']);
    const plans = answering('bau-bot', 'Soll ich die Pläne an den Gutachter schicken?');
    expect(plans('Seine Stellungnahme kommt erst nächste Woche.')).toEqual([]);
    expect(plans('Ja. Das Gutachten kommt in den Anhang.')).toContain('Das Gutachten kommt in den Anhang.');
  });

  it('takes "nothing" before what kind of thing, with no verb after it, for a report, not a ban', () => {
    const queue = answering('billing-bot', 'The March invoices went out this morning.');
    const reports = ['Nothing urgent in the invoicing queue.', 'Nichts Neues vom Lieferanten.'];
    // A verb after it, or a condition, makes it a rule again: nothing of that kind may happen.
    const rules = ['Nothing goes out before Friday.', 'Nothing new on the website until legal has read it.', 'Nothing new gets published until legal has signed off.', 'Nichts Wichtiges wird ohne zwei Unterschriften verschickt.'];
    for (const said of reports) expect({ said, statements: queue(said) }).toEqual({ said, statements: [] });
    for (const said of rules) expect({ said, statements: queue(said) }).toEqual({ said, statements: [said] });
  });

  it('takes a short "X then." for a pick only when it names something offered or asked before it', () => {
    const report = replying([
      ['kim', 'human', 'How did the count go?'],
      ['shop-bot', 'bot', 'Stocktake result: a difference of 1.0 %, the best quarter so far; last quarter it was 1.9 %.'],
    ], 'kim');
    expect(report('Best quarter yet then.')).toEqual([]);
    const backups = replying([
      ['ana', 'human', 'Where should the backups live?'],
      ['ops-bot', 'bot', 'Three options: a cloud bucket, the file server we already rent, or a spare disk on the same host.'],
      ['ana', 'human', 'What does the bucket cost?'],
      ['ops-bot', 'bot', 'A few dollars a month for 30 dumps.'],
    ], 'ana');
    expect(backups('File server then.')).toEqual(['The file server we already rent.']);
  });

  it('takes a report of what happened for a reason, not a rule', () => {
    const found = candidates([
      ['web-bot', 'bot', 'The pricing page says the trial is 30 days.'],
      ['kim', 'human', 'The trial is 21 days, not 30. We cut it in February and nobody fixed the page.'],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['The trial is 21 days, not 30.']);
  });

  it('takes a short conclusion that names a thing by its name for a decision, though no one offered it', () => {
    const contract = replying([
      ['hr-bot', 'bot', 'The contract is ready. Shall I print it for your signature?'],
      ['tom', 'human', 'Yes, print it, she gets it by post.'],
      ['aylin', 'human', 'Small problem: she is abroad until July.'],
    ], 'tom');
    const before = ["Print the contract for Tom's signature.", 'Print it, she gets it by post.'];
    expect(contract('Dann per DocuSign.')).toEqual([...before, 'Per DocuSign.']);
    expect(contract('Then nothing for now.')).toEqual(before);
  });

  it("writes the speaker's name for their \"me\" and \"my\", and for \"I\" before a modal, \"be\" or \"have\", unless another \"I\" stays or the speaker has only a handle", () => {
    const said = (author: string, text: string) => candidates([
      ['deploy-bot', 'bot', 'Shall I write down the deploy rules for the checkout service?'],
      [author, 'human', text],
    ]).map((c) => c.statement);
    expect(said('nadia', "Yes: no deploys on Fridays, unless it's a hotfix signed off by me or Amir.")).toContain("No deploys on Fridays, unless it's a hotfix signed off by Nadia or Amir.");
    expect(said('Thomas', 'Yes, and from now on anything above 3,000 EUR lands on my desk first.')).toContain("From now on anything above 3,000 EUR lands on Thomas's desk first.");
    expect(said('nadia', 'New rule: deploys may go out any weekday. Just the weekend stays locked, and any weekend fix still needs me or Amir.')).toContain('Just the weekend stays locked, and any weekend fix still needs Nadia or Amir.');
    expect(said('Thomas', 'Yes, and from now on I sign everything above 3,000 EUR for my team.')).toContain('From now on I sign everything above 3,000 EUR for my team.');
    expect(said('ida', "Fine, I'll cover Wednesdays too until April, and Ben does Mondays instead.")).toContain('Ida will cover Wednesdays too until April, and Ben does Mondays instead.');
    expect(said('Greta', "No. Hermes is off the list anyway, I'm not going through another Christmas like that.")).toContain('Hermes is off the list anyway, Greta is not going through another Christmas like that.');
    expect(said('ida', "From now on I'll review every deploy myself, hold me to it.")).toContain("From now on I'll review every deploy myself, hold me to it.");
    // Beside another person of the discussion, "I" is one of two subjects the verb already agrees with.
    const hotfix = candidates([
      ['nadia', 'human', 'Deploy rules: no deploys on Fridays.'],
      ['deploy-bot', 'bot', 'Noted. What counts as a hotfix?'],
      ['amir', 'human', 'From now on a hotfix is anything Nadia or I sign off as one.'],
    ]).map((c) => c.statement);
    expect(hotfix).toContain('From now on a hotfix is anything Nadia or Amir sign off as one.');
    // An apostrophe inside a word opens no quote: an "I" between two of them is still the speaker's.
    expect(said('ida', "From now on I'll check it's done before I leave the client's office.")).toContain("From now on I'll check it's done before I leave the client's office.");
    // One "I" the rule cannot rewrite keeps every one as said.
    expect(said('ida', "From now on I'll take Thursdays and I do the Tuesday reports too.")).toContain("From now on I'll take Thursdays and I do the Tuesday reports too.");
    // The words the dialogue reads stay the speaker's.
    const [taken] = candidates([
      ['deploy-bot', 'bot', 'Who covers Wednesdays until April?'],
      ['ida', 'human', "Fine, I'll cover Wednesdays too until April, and Ben does Mondays instead."],
    ]).filter((c) => c.statement.startsWith('Ida will'));
    expect(taken.said).toBe("I'll cover Wednesdays too until April, and Ben does Mondays instead.");
    expect(said('ops_lead', "Yes: no deploys on Fridays, unless it's a hotfix signed off by me.")).toContain("No deploys on Fridays, unless it's a hotfix signed off by me.");
  });

  it("reads a statement in the speaker's own German or Spanish words under the speaker's name, its verbs as said", () => {
    const asked = (question: string) => (author: string, text: string) => allCandidates([
      ['office-bot', 'bot', question],
      [author, 'human', text],
    ]).map((c) => c.statement);
    const said = asked('Soll ich die Liste der betroffenen Mandanten erstellen, oder machst du das?');
    expect(said('lukas', 'Mach ich bis Mitte Mai.')).toContain('Lukas: Mach ich bis Mitte Mai.');
    expect(said('Stefan Maier', 'Nein, schick den Entwurf bis zum 13. an mich.')).toContain('Stefan Maier: Schick den Entwurf bis zum 13. an mich.');
    expect(asked('¿Preparo yo la lista de socios o lo haces tú?')('carmen', 'Lo preparo yo para el lunes.')).toContain('Carmen: Lo preparo yo para el lunes.');
    // "we" is everyone's; a handle is no name; English "me" keeps the English rules.
    expect(said('lukas', 'Machen wir bis Mitte Mai.').some((x) => x.startsWith('Lukas:'))).toBe(false);
    expect(said('ops_lead', 'Mach ich bis Mitte Mai.')).toContain('Mach ich bis Mitte Mai.');
    expect(said('priya', "Jonas leads design, that's me for product.").some((x) => x.startsWith('Priya:'))).toBe(false);
  });

  it('takes news passed on by the way for no decision, and no spelling out of a short reply before it', () => {
    const plans = replying([
      ['plan-bot', 'bot', 'Wann soll ich die Pläne an den Bauherrn schicken?'],
      ['katrin', 'human', 'Mittwoch Mittag. Jonas prüft sie vorher gegen die Brandschutzauflagen.'],
    ], 'jonas');
    expect(plans('Mach ich. Übrigens, der Gutachter hat angerufen, sein Bericht kommt nächste Woche.')).toEqual([]);
    expect(plans('FYI the nightly export moves to 04:30.')).toEqual([]);
  });

  it('sets no new value with a number passed on by the way', () => {
    const retro = replying([
      ['ops-bot', 'bot', 'Draft for the sale retro: 3 incidents, revenue up 9 % on last year.'],
      ['ana', 'human', 'Let me add the final numbers.'],
    ], 'ana');
    expect(retro('Retro notes, for the record: no outages, sales +14 % over the old site.')).toEqual([]);
  });

  it('takes what would follow from a value for an argument, not a rule or a decision', () => {
    const retention = replying([
      ['data-bot', 'bot', 'Raw events are kept forever today. How long should we keep them?'],
      ['jonas', 'human', 'I would propose 24 months.'],
    ], 'priya');
    expect(retention('Raw events: 13 months. 24 would double the storage cost for data nobody reads.')).toEqual(['Raw events: 13 months.']);
    // Without the conditional, the same words state a rule.
    expect(retention('Raw events: 13 months. We never look at data older than a year.')).toContain('We never look at data older than a year.');
  });

  it('takes a clause in the past tense, whatever its subject, for a report', () => {
    const said = answering('lab-bot', 'The freezer alarm went off at 03:10 and reset itself at 03:40. Shall I log it with facilities?');
    // "never" is no rule in a sentence that tells what happened.
    expect(said('Yes. The temperature never went above -72 apparently.')).not.toContain('The temperature never went above -72 apparently.');
    expect(said('Yes. The door seals were cracked before, the photos from March show it.')).toEqual(['Log the freezer alarm with facilities.']);
    // The same words in the present state a rule.
    expect(said('Yes. The temperature never goes above -72, that is the rule.')).toContain('The temperature never goes above -72, that is the rule.');
    // A ban or an instruction said first is what the sentence does; what happened last time is why.
    const board = answering('ledger-agent', 'The 2025 accounts are drafted. Attach the draft accounts to the agenda now, or wait for the auditor?');
    expect(board('Never send draft numbers round the whole board, last time they ended up in the paper.')).toEqual(['Never send draft numbers round the whole board, last time they ended up in the paper.']);
    expect(board('We sent draft numbers round the whole board last time and they ended up in the paper.')).toEqual([]);
    // A set phrase before the past, or a ban whose own words tell of the past, reports.
    expect(answering('ops-bot', 'Shall I send the reminder email to the parents?')('No need, I sent it yesterday.')).toEqual([]);
    expect(answering('ops-bot', 'Did anything change in the config?')('Nothing was changed, we only restarted the pods yesterday.')).toEqual([]);
    expect(answering('ops-bot', 'Should I book the room for Tuesday?')('Forget it, the meeting was cancelled yesterday.')).toEqual([]);
  });

  it('reads German decision cues', () => {
    const found = candidates([
      ['office-bot', 'bot', 'Soll ich die Bestellung über 4.000 Euro gleich auslösen?'],
      ['jana', 'human', 'Nein. Ab sofort gilt: jede Bestellung über 3.000 Euro zeichne ich vorher ab.'],
    ]);
    expect(found.map((c) => c.statement)).toEqual(['Jana: Jede Bestellung über 3.000 Euro zeichne ich vorher ab.']);
  });
});
