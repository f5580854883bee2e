// Supersession and contradiction across time: instants whatever the UTC offset, reversals on the
// same subject, restated corrected or superseded facts.
import fc from 'fast-check';
import { compareInstants, instantOf } from '../src/core/instant';
import { relateNewDecisions } from '../src/core/relate';
import type { Decision, Message, Pattern } from '../src/core/types';
import { decision, shippedEngine } from './helpers';

const engine = shippedEngine();


describe('time order', () => {
  it('compares instants, not the text of the timestamps', () => {
    // 12:10 at +02:00 is 10:10Z, before 11:15 at +01:00 (10:15Z).
    expect(compareInstants('2026-04-13T12:10:00+02:00', '2026-04-13T11:15:00+01:00')).toBeLessThan(0);
    expect(instantOf('2026-04-13T10:15:00Z')).toBe(instantOf('2026-04-13T11:15:00+01:00'));
    expect(instantOf('not a time')).toBeNull();
    expect(compareInstants('2026-01-01T00:00:00Z', 'not a time')).toBeLessThan(0);
  });

  it('is a total order consistent with the instants', () => {
    const ts = fc
      .tuple(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: -12, max: 14 }))
      .map(([ms, h]) => {
        const local = new Date(ms + h * 3_600_000).toISOString().slice(0, 19);
        const sign = h < 0 ? '-' : '+';
        return { ms: Math.floor(ms / 1000) * 1000, text: `${local}${sign}${String(Math.abs(h)).padStart(2, '0')}:00` };
      });
    fc.assert(
      fc.property(ts, ts, (a, b) => {
        const order = Math.sign(compareInstants(a.text, b.text));
        expect(order + Math.sign(compareInstants(b.text, a.text))).toBe(0);
        if (a.ms !== b.ms) expect(order).toBe(Math.sign(a.ms - b.ms));
      }),
    );
  });

  it('lets the later instant supersede the earlier one even when its text sorts first', () => {
    const older = decision('DEC-20260413-002', 'T1', 'Weekly reports are emailed to the team', '2026-04-13T12:10:00+02:00');
    const newer = decision('DEC-20260413-001', 'T2', 'Weekly reports are not emailed anymore', '2026-04-13T11:15:00+01:00');
    const registry = { decisions: [older, newer] };
    relateNewDecisions(registry, [newer], engine.lexicon);
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id });
    expect(newer.supersedes).toBe(older.id);
  });
});

// ---------------------------------------------------------------------------------------------
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutOfferedAlternatives } from '../src/core/proposals';
import { answeredValueChange, askedViewOf, offeredViewOf, recappedValueChange, changeSentences, compileSubjects, contradiction, contrastsStated, firstStatedValues, replacement, restatesRetired, reversalsIn, subjectClauses, valueKeys, valueReplacement, viewOf, type SubjectLexicon } from '../src/core/subject';
import { numberKey } from '../src/core/measures';
import { rejectedByRecall, relateMessages } from '../src/core/relate';
import type { DecisionCandidate } from '../src/core/decide';
import { questionText, supersedeInTask, type InTaskInput } from '../src/core/supersede';
import { PorterStems } from '../src/core/porter';
import { DEFAULT_TUNING } from '../src/core/tuning';
import { SubjectMemo } from '../src/core/subject';
import { cli, fixtureDir, ROOT, tempDir } from './helpers';

const rawSubjects = JSON.parse(readFileSync(join(ROOT, 'rules', 'lexicons', 'subjects.json'), 'utf8')) as SubjectLexicon;
const subjects = compileSubjects(rawSubjects, engine.words);
/** The slot values a text's clauses give, as "key=value". */
const values = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.map((v) => `${v.key}=${v.value}`));
const view = (t: string) => viewOf(t, engine.lexicon.subjects, engine.lexicon);

describe('subject lexicon examples', () => {
  it.each(rawSubjects.reversals.map((r) => [r.id, r] as const))('reversal %s matches its examples and only them', (_id, r) => {
    const re = new RegExp(r.regex, 'iu');
    for (const m of r.examples.match) expect([m, re.test(m)]).toEqual([m, true]);
    for (const m of r.examples.nomatch) expect([m, re.test(m)]).toEqual([m, false]);
  });

  it.each(rawSubjects.slots.filter((s) => s.pattern).map((s) => [s.slot, s] as const))('slot %s finds a value in its examples and only there', (slot, s) => {
    const has = (t: string) => subjectClauses(t, subjects, engine.lexicon).some((c) => c.values.some((v) => v.key === slot));
    for (const m of s.examples!.match) expect([m, has(m)]).toEqual([m, true]);
    for (const m of s.examples!.nomatch) expect([m, has(m)]).toEqual([m, false]);
  });

  it('conditionals match their examples and only them', () => {
    const hit = (t: string) => subjects.conditionals.some((re) => re.test(t));
    for (const m of rawSubjects.conditionals.examples.match) expect([m, hit(m)]).toEqual([m, true]);
    for (const m of rawSubjects.conditionals.examples.nomatch) expect([m, hit(m)]).toEqual([m, false]);
  });

  it('reads four digits of the 24-hour clock as a time where no year or count can stand', () => {
    const times = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.filter((v) => v.key === 'time').map((v) => v.value));
    expect(times('Block the plane Thu 0700 to Fri 1400.')).toEqual(['07:00', '14:00']);
    expect(times('The sim is free Thu 0800-1300.')).toEqual(['08:00', '13:00']);
    expect(times('Fri 1400 fine.')).toEqual(['14:00']);
    expect(times('Block it til 1400.')).toEqual(['14:00']);
    // A year, or a count of something, stays what it is.
    expect(times('Keep the records until 2030.')).toEqual([]);
    expect(times('We had 1400 visitors.')).toEqual([]);
    expect(times('Raise the budget to 1500.')).toEqual([]);
  });

  it('reads slot values in several spellings and languages', () => {
    const values = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.map((v) => `${v.key}=${v.value}${v.negated ? '!' : ''}`));
    expect(values('Der Versand dauert 3 Tage, nicht 5.')).toEqual(['duration=3 day', 'duration=5 day!']);
    expect(values('Standup at 9:30 on Tuesdays')).toEqual(expect.arrayContaining(['time=09:30', 'weekday=tuesday']));
    expect(values('Refunds over €250 need a lead')).toEqual(['amount=250 eur']);
    expect(values('Ship it on 3 March, before 4 pm')).toEqual(expect.arrayContaining(['date=march 3', 'time=16:00']));
    expect(values('We may ship soon')).toEqual([]);
    // A currency before the number names it, whatever unit follows ("per month" is no duration).
    expect(values('Blue/green costs about €410/month more.')).toEqual(['amount=410 eur']);
    // A currency sign belongs to the number right after it, not to one before it; a comma parts a sign from the number after it.
    expect(values('Entry fees: 10K £15, 5K £8.')).toEqual(['count:=10000', 'amount=15 gbp', 'count:=5000', 'amount=8 gbp']);
    expect(values('Tickets 85 € for adults.')).toEqual(['amount=85 eur']);
    expect(values('It costs 40 €, 12 people max.')).toEqual(['amount=40 eur', 'count:peopl=12']);
    expect(values('It costs 40 € 12 people max.')).toEqual(['amount=40 eur', 'count:peopl=12']);
    expect(values('Eintritt 8 € 2 Stunden.')).toEqual(['amount=8 eur', 'duration=2 hour']);
    expect(values('Preis in €: 40.')).toEqual(['amount=40 eur']);
    expect(values('Invoices in EUR, 12 people max.')).toEqual(['count:peopl=12']);
    expect(values('Prices in $, 3 tiers.')).toEqual(['count:tier=3']);
    // The word after a colon or comma is not what a bare number counts.
    expect(values("Let's move everything to 14: tills, kiosks, the handheld scanners.")).toEqual(['count:=14']);
    // A number written as words is that number, in three languages.
    expect(values('The plot fee is thirty-five euros a year.')).toEqual(['amount=35 eur']);
    expect(values('Wir behalten die Sicherungen zwei Wochen.')).toEqual(['duration=2 week']);
    expect(values('La fianza es de treinta y cinco euros.')).toEqual(['amount=35 eur']);
    expect(values('Das Abo kostet fünfunddreißig Euro.')).toEqual(['amount=35 eur']);
    expect(values('One of the plots is free once the fee is paid.')).toEqual([]);
    // "a" or "one" after a word that measures a span is one of its unit; elsewhere "a week" says how often.
    expect(values('We keep the call recordings for a week.')).toEqual(['duration=1 week']);
    expect(values('Invoices are archived within one month.')).toEqual(['duration=1 month']);
    expect(values('Wir heben die Protokolle für eine Woche auf.')).toEqual(['duration=1 week']);
    expect(values('Guardamos las grabaciones durante un mes.')).toEqual(['duration=1 month']);
    expect(values('We send the report twice a week.')).toEqual([]);
    // Hundreds multiply the number before them: not read as words; a unit hyphened to a noun counts that.
    expect(values('The hall deposit is two hundred euros.')).not.toContain('amount=100 eur');
    expect(values('We offer twenty two-hour slots.')).not.toContain('duration=22 hour');
    // A count of people is one slot in three languages.
    expect(values('Ab sofort sind beim Spinning maximal 12 Teilnehmer erlaubt.')).toContain('count:peopl=12');
    expect(values('Beim Spinning können 15 Leute mitfahren.')).toContain('count:peopl=15');
    expect(values('Spinning takes 15 people.')).toContain('count:peopl=15');
    // Guests are not the people who work at a party.
    expect(values('Das Sommerfest ist für 80 Gäste geplant.')).not.toContain('count:peopl=80');
    // A day's number with its period before a month's name is a date, in one claim.
    expect(values('Ab sofort ist das Sommerfest am Samstag, 14. Juni.')).toEqual(expect.arrayContaining(['date=june 14', 'weekday=saturday']));
    expect(values('Ab sofort ist das Sommerfest am Samstag, 14. Juni.')).not.toContain('time=14:00');
  });

  it('reads how often something happens, in words of one or several, in three languages', () => {
    expect(values('Backups run nightly.')).toEqual(['frequency=nightly']);
    expect(values('The Saturday rota is every other week.')).toEqual(expect.arrayContaining(['frequency=biweekly', 'weekday=saturday']));
    expect(values('Der Bericht kommt alle zwei Wochen.')).toEqual(['frequency=biweekly']);
    expect(values('El informe es mensual.')).toEqual(['frequency=monthly']);
    const weekly = view('Backups run weekly from now on.');
    expect(replacement(view('Backups run nightly.'), weekly, weekly.reversals, false, engine.lexicon.subjects.generic)).toMatch(/frequency: nightly → weekly/);
  });

  it('leaves the words of a reversal cue out of a subject, but not what the cue retires', () => {
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]).sort();
    expect(anchor('From now on the standup is at 10.')).toEqual(anchor('The standup is at 10.'));
    expect(anchor('Ab sofort behalten wir die Backups nur 14 Tage.')).toEqual(['backup']);
    expect(anchor('A partir de ahora la reunión es el jueves.')).toEqual(anchor('The meeting is on Thursday.'));
    expect(anchor('Change of plan: the beta moves to May.')).toEqual(['beta']);
    expect(anchor('Guests may no longer comment on boards.')).toEqual(['board', 'comment', 'guest']);
  });

  it('leaves the words of a limit out of a subject: they say how a value holds, not what it is of', () => {
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]).sort();
    expect(anchor('Max 3 chargers in parallel.')).toEqual(anchor('3 chargers in parallel.'));
    expect(anchor('Minimum 2 people on deck.')).toEqual(['deck']);
    expect(anchor('Höchstens 3 Ladesäulen.')).toEqual(anchor('3 Ladesäulen.'));
    expect(anchor('Abgabe spätestens Freitag.')).toEqual(anchor('Abgabe Freitag.'));
    // (Without a value after it, the word is the subject's: "the minimum wage".)
    expect(anchor('The minimum wage applies.')).toContain('minimum');
  });

  it("leaves a time's zone out of a subject: two things set for one hour of one zone are not one thing", () => {
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]).sort();
    expect(anchor('Publish the notes Tuesday 14 April, 09:00 CEST.')).toEqual(anchor('Publish the notes Tuesday 14 April, 09:00.'));
    expect(anchor('Die Wartung beginnt um 22:00 MESZ.')).toEqual(anchor('Die Wartung beginnt um 22:00.'));
    expect(anchor('Die Wartung beginnt um 22 Uhr MESZ.')).toEqual(anchor('Die Wartung beginnt um 22 Uhr.'));
    expect(anchor('Publish the notes at 9 am CEST.')).toEqual(anchor('Publish the notes at 9 am.'));
    // (A zone said with no time before it is what the clause is about: "Store timestamps in UTC".)
    expect(anchor('Store all timestamps in UTC.')).toContain('utc');
    const views = ['Publish the notes Tuesday 14 April, 09:00 CEST.', 'Move the banner to 21 April, 09:00 CEST.'].map((t) => viewOf(t, subjects, engine.lexicon));
    expect(valueReplacement(views[0], views[1], 'loose')).toBeNull();
  });

  it('reads an hour after a date and a comma as the hour, not as a day of the month before it', () => {
    const values = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.map((v) => `${v.key}=${v.value}`)).sort();
    expect(values('AGM: Friday 14 March, 8pm, parish hall.')).toEqual(['date=march 14', 'time=20:00', 'weekday=friday']);
    expect(values('Am 14. März, 20 Uhr.')).toEqual(['date=march 14', 'time=20:00']);
    // A month with its day after it is a date, and so is one before a year.
    expect(values('The launch is March 8, 2026.')).toEqual(['date=march 8']);
    expect(values('Meeting on March 8 at 9am.')).toEqual(['date=march 8', 'time=09:00']);
  });

  it('reads common subject words of German and Spanish as their English equivalents', () => {
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]).sort();
    expect(anchor('Die Frist für Rücksendungen beträgt 30 Tage.')).toEqual(anchor('The deadline for returns is 30 days.'));
    expect(anchor('El plazo de entrega es de 10 días.')).toEqual(anchor('The delivery deadline is 10 days.'));
  });

  it('reads a German compound of two such words as their parts: a later English change of the same thing replaces it', () => {
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]).sort();
    expect(anchor('Die Rücksendegebühr bleibt bei 3,95 €.')).toEqual(expect.arrayContaining(anchor('The return fee stays at 3.95 EUR.')));
    expect(anchor('Die Zahlungsfrist ist 14 Tage.')).toEqual(expect.arrayContaining(anchor('The payment deadline is 14 days.')));
    // (A word that only ends like one, or whose rest is no such word, is no compound of them:
    // insurance is no backup, a birth certificate no customer, a replacement no deadline.)
    expect(anchor('Die Versicherung kostet 40 €.')).toEqual(['kostet', 'versicherung']);
    expect(anchor('Geburtsurkunde bitte.')).toEqual(['geburtsurkund']);
    expect(anchor('El reemplazo llega el lunes.')).toEqual(['llega', 'reemplazo']);
    expect(anchor('Galapagos trip is 40 EUR.')).toEqual(['galapago', 'trip']);
    // (Nor are parts that only begin like one, or joined by more than a joining letter: a
    // protection fee is no school fee, a price calculation no invoice.)
    expect(anchor('Die Schutzgebühr bleibt bei 3,95 €.')).toEqual(['schutzgebühr']);
    expect(anchor('Die Preisberechnung kommt am Montag.')).toEqual(['kommt', 'preisberechnung']);
    const older = decision('DEC-20260302-001', 'T1', 'Die Rücksendegebühr bleibt bei 3,95 €.', '2026-03-02T09:05:00Z');
    const newer = decision('DEC-20260402-001', 'T2', 'The return fee is 4.95 EUR from now on.', '2026-04-02T09:05:00Z');
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { spokenBy: () => 'human' });
    expect([older.status, older.superseded_reason]).toEqual(['superseded', 'a new amount: 3.95 eur → 4.95 eur']);
  });

  it('does not keep a closing quote as part of a subject word', () => {
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]);
    expect(anchor("We'll keep the tills on Android 12 and update 'kiosk.img' to match.")).toEqual(anchor('We keep the tills on Android 12 and update kiosk.img to match.'));
  });

  it('reads no thing retired where a cue is followed by a value', () => {
    const old = (t: string) => reversalsIn(t, subjects).map((r) => [r.cue, r.old && [...r.old]]);
    // "instead of 8 on thursday" retires the 8, not Thursday.
    expect(old('Pickups from 7 instead of 8 on thursday.')).toEqual([['instead', null], ['instead-of', null]]);
    expect(old('From now on Friday instead of Thursday.')).toEqual([['from-now-on', null], ['instead-of', ['thursdai']]]);
    // A number with the noun it counts leaves the noun as the thing retired.
    expect(old('Instead of 2 pallets of paper we order boxes.')).toEqual([['instead-of', ['pallet']]]);
  });

  it('names what a reversal retires', () => {
    expect(reversalsIn('We stopped using the tape library last spring.', subjects).map((r) => [r.cue, r.old && [...r.old]])).toEqual([['stop-using', ['tape', 'librari']]]);
    expect(reversalsIn('Ab sofort gilt: alles über 3.000 Euro zeichne ich ab.', subjects).map((r) => r.cue)).toEqual(['from-now-on']);
  });

  it('reads no reversal in a stop that is denied', () => {
    const cues = (t: string) => reversalsIn(t, subjects).map((r) => r.cue);
    expect(cues('We decided not to drop the Sorvall.')).toEqual([]);
    expect(cues("We're not going to drop the weekly call.")).toEqual([]);
    expect(cues("We don't want to stop the pilot yet.")).toEqual([]);
    expect(cues('We never drop the weekly call.')).toEqual([]);
    // The same stop said outright is one, and so is one someone else decided.
    expect(cues('We drop the Sorvall.')).toEqual(['stop-using']);
    expect(cues('OK. We stop the paper timesheets.')).toEqual(['stop-using']);
    expect(cues('Management decided: they drop Hermes, we ship with DPD.')).toEqual(['stop-using']);
  });

  it('reads a cancelled or terminated thing as what a reversal retires, in English, German and Spanish, but not a cancelled "that"', () => {
    const read = (t: string) => reversalsIn(t, subjects).map((r) => [r.cue, r.old && [...r.old]]);
    expect(read('Cancel Brenner, go with the Kessler van.')).toEqual([['cancel', ['brenner']]]);
    expect(read('Fine. Terminate the Aquaclean contract.')).toEqual([['cancel', ['aquaclean', 'contract']]]);
    expect(read('Kündige den Vertrag mit Aquaclean.').map(([cue]) => cue)).toEqual(['cancel']);
    expect(read('Cancelamos la reserva en Sevilla.').map(([cue]) => cue)).toEqual(['cancel']);
    // A pronoun names nothing to retire; a denied or asked cancellation retires nothing.
    expect(read('Cancel that.')).toEqual([]);
    expect(read("Don't cancel the Friday slot.")).toEqual([]);
    expect(read('We never cancel a booked slot.')).toEqual([]);
    expect(read('Should I cancel it?')).toEqual([]);
    expect(read("We don't need to cancel Brenner, the date works.")).toEqual([]);
    expect(read('Kündige Aquaclean nicht, 3 % ist okay.')).toEqual([]);
    // Nor does one on a condition, or a word that only looks like the verb.
    expect(read('If we cancel Brenner, we lose the deposit.')).toEqual([]);
    expect(read('Terminated employees return their laptop.')).toEqual([]);
    // After a label or a comma, and in its other forms, it still is one.
    expect(read('Change of plan: cancel the Friday slot.').map(([cue]) => cue)).toContain('cancel');
    expect(read("Fine, we're cancelling the Brenner order.").map(([cue]) => cue)).toEqual(['cancel']);
  });
});

describe('numbers a discussion stated', () => {
  it('writes a number one way whatever its notation, and keeps a decimal comma', () => {
    expect(['07:00', '7:00', '2,400 eur', '2400', '3,95', '1.74 billion', '85%'].map(numberKey)).toEqual(['7:00', '7:00', '2400', '2400', '3,95', '1.74', '85']);
    // (What may be hours and minutes is one number however it is marked: a price of 2.20 read as 02:20 is the 2.20 said before.)
    expect(['2.20', '02:20', '2:20'].map(numberKey)).toEqual(['2:20', '2:20', '2:20']);
    expect(contrastsStated('The price is 2.40 since march 1, not 2.20.', (n) => n === numberKey('£2.20'), engine.lexicon.subjects, engine.lexicon)).toBe(true);
    expect(numberKey('thursday')).toBeNull();
  });
  it('takes a number from the first message that states it, not from one that only asks about it', () => {
    const first = firstStatedValues([['Cap 60?'], ['Noted. Cap 60 as for the others, room 2,400.'], ['60 it is.']]);
    expect([first.get('60'), first.get('2400'), first.get('40')]).toEqual([1, 1, undefined]);
  });
  it('keeps the first stating message when a number is said again (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 4 }), { maxLength: 8 }), (messages) => {
        const first = firstStatedValues(messages.map((ns) => [ns.map((n) => `${n} units.`).join(' ')]));
        for (const [key, at] of first) expect(messages.findIndex((ns) => ns.some((n) => String(n) === key))).toBe(at);
      }),
    );
  });
});

describe('relations on the same subject', () => {
  const generic = engine.lexicon.subjects.generic;
  const replaces = (older: string, newer: string, correction = false) => replacement(view(older), view(newer), view(newer).reversals, correction, generic);

  it('a new value for the same slot replaces; a shared word or silence does not', () => {
    expect(replaces('The club newsletter goes out every Monday.', 'The club newsletter goes out every Thursday.')).toMatch(/weekday: monday → thursday/);
    expect(replaces('Support answers tickets within 4 hours.', 'Support answers tickets within 8 hours.')).toMatch(/duration/);
    expect(replaces('The club newsletter goes out every Monday.', 'The club newsletter uses the blue logo.')).toBeNull();
    expect(replaces('The club newsletter goes out every Monday.', 'Parking permits are renewed every Thursday.')).toBeNull();
  });

  it('reads things listed between commas, each with its own value of one slot, one clause per thing', () => {
    const firmly = (older: string, newer: string) => replacement(view(older), view(newer), [], false, generic, 'firm');
    // One thing's value changed beside another's kept is a new value of the one changed.
    expect(replaces('Move standard consults to 20 min, new-patient consults stay at 30 min.', 'From now on standard consults 15 min, new-patient consults 30 min.')).toMatch(/duration: 20 minute → 15 minute/);
    expect(view('Move standard consults to 20 min, new-patient consults stay at 30 min.').clauses.map((c) => c.values.map((v) => v.value))).toEqual([['20 minute'], ['30 minute']]);
    // The value kept says nothing of the one changed, and another thing's value is no change of it.
    expect(firmly('Logs 30 days, backups 90 days.', 'Backups 90 days, audit trail 365 days.')).toBeNull();
    expect(replaces('Retention: logs 30 days, backups 90 days.', 'Retention: logs 30 days, audit trail 365 days.')).toBeNull();
    // A later clause is about the one thing of the list whose own words it names: a topic all
    // parts share ("Clinic consults:", "Summer party:") names none of them.
    expect(firmly('Clinic consults: standard 20 min, new patients 30 min.', 'We keep clinic consults for new patients at 30 min, decided.')).toBeNull();
    expect(firmly('Conference tickets: early bird €200, regular €300.', 'We keep regular conference tickets at €300, decided.')).toBeNull();
    expect(replaces('Cena de empresa: adultos 30 €, niños 15 €.', 'Mantenemos la cena de empresa a 15 € para niños, decidido.')).toBeNull();
    expect(replaces('Summer party: doors 17:00, talks 17:30, buffet 19:00.', 'From now on the summer party talks start at 18:00.')).toMatch(/time: 17:30 → 18:00/);
    expect(replaces('Summer party: doors 17:00, talks 17:30, buffet 19:00.', 'From now on the summer party talks start at 17:30.')).toBeNull();
    // Not a list of things: values of two slots, no thing of its own, or days said by their names.
    expect(view('Deliver on Tuesday, 20 lb shrimp.').clauses).toHaveLength(1);
    expect(view('Tuesday 10:00, Thursday 14:00.').clauses).toHaveLength(1);
    expect(view('From now on the shop also opens on Fridays, Saturdays stay closed.').clauses).toHaveLength(1);
  });

  it('reads one of two values swapped for another as a new set, and a value added or kept as none', () => {
    expect(replaces('Delivery rounds on Tuesday and Friday.', 'Delivery rounds on Tuesday and Thursday.')).toMatch(/weekday: tuesday, friday → tuesday, thursday/);
    expect(replaces('Die Lieferrunden der Apotheke dienstags und freitags.', 'Die Lieferrunden der Apotheke dienstags und donnerstags.')).toMatch(/weekday: tuesday, friday → tuesday, thursday/);
    // Values of another slot listed together are often of different things; a day that moves names what moves.
    expect(replaces('Retention: logs 30 days, backups 90 days.', 'Retention: logs 30 days, audit trail 365 days.')).toBeNull();
    expect(replaces('Tickets 12 EUR for adults, 6 EUR for kids.', 'Tickets 12 EUR for adults, family pass 30 EUR.')).toBeNull();
    expect(replaces('Delivery rounds on Tuesday and Wednesday.', 'Delivery rounds: the Wednesday one moves to Thursday.') ?? '').not.toMatch(/→ wednesday, thursday/);
    // A day added beside the ones kept, or one dropped, says nothing of a swap.
    expect(replaces('Delivery rounds on Tuesday and Friday.', 'Delivery rounds on Tuesday, Thursday and Friday.')).toBeNull();
    expect(replaces('Delivery rounds on Tuesday and Friday.', 'Delivery rounds on Tuesday and Friday, and on Thursday before a holiday.')).toBeNull();
  });

  it('reads one span of time in any of its units: "two weeks" sets no new value for "14 days", "a week" does', () => {
    expect(replaces('We keep the call recordings for 14 days.', 'From now on we keep the call recordings for two weeks.')).toBeNull();
    expect(replaces('Tickets close 48 hours before the show.', 'Tickets close 2 days before the show.')).toBeNull();
    expect(replaces('The lease runs 12 months.', 'The lease runs 1 year.')).toBeNull();
    expect(replaces('We keep the call recordings for 14 days.', 'From now on we keep the call recordings for a week.')).toMatch(/duration: 14 day → 1 week/);
    // A month is no fixed number of days or weeks: 4 weeks are another value.
    expect(replaces('The lease runs 1 month.', 'The lease runs 4 weeks.')).toMatch(/duration/);
  });

  it('reads a value after a comma with its own verb as a reason, not as a second value the change sets', () => {
    expect(replaces('The club newsletter goes out every Monday.', 'From now on the club newsletter goes out every Thursday, Monday is too busy for the printers.')).toMatch(/weekday: monday → thursday/);
    expect(replaces('El depósito de la sala es de 500 euros.', 'A partir de ahora el depósito de la sala es de 800 euros, 500 no cubre las cancelaciones.')).toMatch(/amount: 500 eur → 800 eur/);
    // Values listed after a comma are values the sentence sets.
    expect(replaces('The club newsletter goes out every Monday.', 'From now on the club newsletter goes out every Thursday, Monday and Friday.')).toBeNull();
    // A condition before the comma keeps what follows it conditional.
    expect(contradiction(view('From now on the club work day is Saturday.'), view('If it rains on Saturday, Sunday is the club work day.'), generic, true)).toBeNull();
  });

  // Inside one discussion ('loose'), or said in a message about the older's subject.
  const tiedReplaces = (older: string, newer: string, message?: string) => replacement(view(older), view(newer), view(newer).reversals, false, generic, message === undefined ? 'loose' : 'firm', undefined, message === undefined ? undefined : view(message));

  it('lets a statement that is all value retire the value it names as the one it replaces, where the discussion ties the two', () => {
    expect(tiedReplaces('24 months for full tickets.', 'From now on 12 months instead of 24.')).toMatch(/rules out 24 month/);
    expect(tiedReplaces('Keep the logs for 30 days.', 'From now on 14 days, not 30.')).toMatch(/rules out 30 day/);
    expect(tiedReplaces('Los registros se guardan 30 días.', 'A partir de ahora 14 días en vez de 30.')).toMatch(/rules out 30 day/);
    expect(tiedReplaces('24 months for full tickets.', 'From now on 12 months instead of 24.', 'Change of plan on ticket retention. So from now on 12 months instead of 24.')).toMatch(/rules out 24 month/);
    // A value alone ties nothing: from another task, by a message about something else, it retires no decision that happens to hold it.
    expect(replaces('Laptops are replaced every 24 months.', 'From now on 12 months instead of 24.')).toBeNull();
    expect(tiedReplaces('Laptops are replaced every 24 months.', 'From now on 12 months instead of 24.', 'Change of plan on ticket retention. So from now on 12 months instead of 24.')).toBeNull();
    // Only the sentences that announce the change tie: the laptops of a thank-you before it do not.
    const thanks = 'Thanks, the new laptops arrived. Change of plan on ticket retention: from now on 12 months instead of 24.';
    const announced = changeSentences(thanks, subjects);
    expect(announced).not.toMatch(/laptops/);
    expect(tiedReplaces('Laptops are replaced every 24 months.', 'From now on 12 months instead of 24.', announced)).toBeNull();
    expect(tiedReplaces('24 months for full tickets.', 'From now on 12 months instead of 24.', announced)).toMatch(/rules out 24 month/);
    // It names the value it replaces: another value of the slot is not it.
    expect(tiedReplaces('36 months for full tickets.', 'From now on 12 months instead of 24.')).toBeNull();
    // Without a new value of its own it only rules a value out, and a subject of its own is another matter.
    expect(tiedReplaces('24 months for full tickets.', 'From now on, not 24 months.')).toBeNull();
    expect(tiedReplaces('24 months for full tickets.', 'From now on the invoices are kept 12 months instead of 24.')).toBeNull();
    // Naming no subject word the older does not, it has no subject of its own either: the minimum of
    // "at 28 m minimum" is the one whose value it rules out, in metres written either way.
    const pressure = 'During flushing we keep the pressure at the nearest customer at 28 m minimum.';
    expect(tiedReplaces(pressure, 'Minimum is 30 m from now on, not 28.', 'Change to the flushing rules: minimum pressure is 30 m from now on, not 28.')).toMatch(/rules out 28 m|28 m → 30 m/);
    expect(tiedReplaces(pressure, 'The minimum is 30 metres from now on, not 28 metres.')).toMatch(/rules out 28 m|28 m → 30 m/);
    // From another task, a message that names a thing of its own makes it another minimum.
    expect(tiedReplaces('Minimum notice for holiday requests is 14 days.', 'Minimum is 7 days from now on, not 14.', 'Change to the sick leave extension notice. Minimum is 7 days from now on, not 14.')).toBeNull();
    // And so does a subject word of the statement's own ("hydrant").
    expect(tiedReplaces(pressure, 'The hydrant minimum is 30 m from now on, not 28.', 'Hydrant rules: the hydrant minimum is 30 m from now on, not 28.')).toBeNull();
  });

  it('lets a change of plan give again the one value a ban of nothing but that value ruled out, where the discussion ties the two', () => {
    expect(tiedReplaces('Never saturdays there.', 'Ok then from now on saturdays 9-13 are allowed at Hafenstr.')).toMatch(/allows saturday/);
    // Without a cue it is no change of plan; another value gives nothing the ban ruled out.
    expect(tiedReplaces('Never saturdays there.', 'Saturdays 9-13 at Hafenstr.')).toBeNull();
    expect(tiedReplaces('Never saturdays there.', 'From now on sundays 9-13 are allowed at Hafenstr.')).toBeNull();
    // Only that the value is given is read: beside another value of the slot it may be what stays banned.
    expect(tiedReplaces('Never saturdays there.', 'From now on the shop also opens on Fridays, Saturdays stay closed.')).toBeNull();
    // A limit is the ban's own value; from another task nothing ties a bare ban to a plan.
    expect(tiedReplaces('Never after 18:00.', 'From now on the office closes after 18:00.')).toBeNull();
    expect(replaces('Never on Saturdays.', 'Going forward the newsletter goes out on Saturdays.')).toBeNull();
  });

  it('reads a clock time written without am or pm in the half of the day of the time it is weighed against', () => {
    // The same time said again is no new one.
    expect(valueReplacement(view('Quiz night starts at 7:30pm.'), view('Quiz night starts at 7:30.'), 'loose')).toBeNull();
    expect(valueReplacement(view('Quiz night starts at 7:30.'), view('Quiz night starts at 7.30pm.'), 'loose')).toBeNull();
    // A new one is read in that half: 8 after 7:30pm is 20:00.
    expect(valueReplacement(view('Quiz night starts at 7:30pm.'), view('From April quiz night starts at 8.'), 'loose')).toBe('a new time: 19:30 → 20:00');
    // A morning stays a morning, and a time written plainly as it is.
    expect(valueReplacement(view('Deliveries arrive at 8:00 sharp.'), view('Deliveries arrive at 9 from now on.'), 'loose')).toBe('a new time: 08:00 → 09:00');
    expect(valueReplacement(view('The briefing starts at 19:30.'), view('The briefing starts at 08:00 from now on.'), 'loose')).toBe('a new time: 19:30 → 08:00');
    expect(valueReplacement(view('The briefing starts at 7:30pm.'), view('The briefing starts at 8am from now on.'), 'loose')).toBe('a new time: 19:30 → 08:00');
    // Against a time on the 24-hour clock a bare hour is as said: ten in the morning, not at night,
    // and 8:00 against 20:00 is a new time.
    expect(valueReplacement(view('Reminders go out at 10.'), view('Reminders go out at 18:00 from now on.'), 'loose')).toBe('a new time: 10:00 → 18:00');
    expect(valueReplacement(view('We open the shop at 8:00 on Saturdays.'), view('We open the shop at 20:00 on Saturdays from now on.'), 'loose')).toBe('a new time: 08:00 → 20:00');
    // The nearer reading on the clock: after 11pm, "1" is one at night; 12am is midnight.
    expect(valueReplacement(view('The shift ends at 11pm.'), view('The shift ends at 1 from now on.'), 'loose')).toBe('a new time: 23:00 → 01:00');
    expect(valueReplacement(view('The party starts at 12am.'), view('The party starts at 1 from now on.'), 'loose')).toBe('a new time: 00:00 → 01:00');
  });

  it('takes the old value ruled out beside a new one as a change of a decision that set only it, and as a part corrected of one that says more', () => {
    expect(valueReplacement(view('Start time stays 7:30pm.'), view('From April we start at 8, not 7:30.'), 'loose')).toBe('a new time: 19:30 → 20:00');
    expect(valueReplacement(view('Retention is 30 days.'), view('Retention goes to 14 days, not 30.'), 'loose')).toBe('a new duration: 30 day → 14 day');
    expect(valueReplacement(view("A real price for Business: 18 EUR per seat, with 'Contact sales' only for 50 seats or more."), view('Business is 16 EUR, not 18.'), 'loose')).toBeNull();
  });

  it('reads a day that says which thing is meant, and the size of a whole group, as no new value', () => {
    // A day between a determiner and a noun says which round is meant, and moves no round to it.
    expect(valueReplacement(view('Deliveries: Monday and Wednesday rounds.'), view('Reorder the Friday round so the frozen goods go out first.'), 'loose')).toBeNull();
    expect(valueReplacement(view('Deliveries: Monday and Wednesday rounds.'), view('Move the Wednesday round to Thursday.'), 'loose')).toMatch(/weekday: .*→ thursday/);
    // "All 40" is the size of a group named before, not a price in the old decision's unit.
    expect(valueReplacement(view('Pension Sol, Calle Mayor, €64/night per room.'), view('Please rebook all 40 and keep Pension Sol one more night.'), 'loose', true)).toBeNull();
    expect(valueReplacement(view('Pension Sol, Calle Mayor, €64/night per room.'), view('Pension Sol goes up to 70 a night.'), 'loose', true)).toMatch(/64 eur → 70 eur/);
  });

  it('takes one shared word for the whole of a subject only when it is no aside of the other statement', () => {
    expect(valueReplacement(view('The release is on 14 April.'), view('The release moves to 21 April.'), 'whole')).toMatch(/april 14 → april 21/);
    // "right after check-in" is an aside of the briefing: a new check-in time does not move it.
    expect(valueReplacement(view('Bilingual briefing at 05:45, right after check-in, with Javier and Carmen leading the Spanish part.'), view('Check-in is at 05:30.'), 'whole')).toBeNull();
    // So is a bare number the one number of a statement that is all that subject, in its unit.
    const refunds = 'From now on, any refund over 200 EUR needs a second pair of eyes.';
    expect(valueReplacement(view(refunds), view('Refunds: 300 it is.'), 'whole', true)).toMatch(/amount: 200 eur → 300 eur/);
    expect(valueReplacement(view(refunds), view('Cakes: 300 it is.'), 'whole', true)).toBeNull();
    // (An hour or a count has no unit the number could take: "Cap it at 36." sets no new hour of
    // "at 6" nor a new number of anything else.)
    expect(valueReplacement(view('Start the cap check at 6.'), view('Cap it at 36.'), 'whole', true)).toBeNull();
    // (Nor is a number of another size the value of the one word's thing: "Rooms: 15" counts rooms.)
    expect(valueReplacement(view('Hotel rooms cost 120 EUR per night.'), view('Rooms: 15 it is.'), 'whole', true)).toBeNull();
    expect(valueReplacement(view('Hotel rooms cost 120 EUR per night.'), view('Rooms: 140 it is.'), 'whole', true)).toMatch(/amount: 120 eur → 140 eur/);
    expect(valueReplacement(view('Refunds over 200 EUR go through the finance desk, the shop manager and the regional office.'), view('Refunds: 300 it is.'), 'whole', true)).toBeNull();
    expect(valueReplacement(view('Refunds over 200 EUR need a second pair of eyes within 3 days.'), view('Refunds: 300 it is.'), 'whole', true)).toBeNull();
  });

  it('gives no value to a thing its clause rules out, but keeps a limit on what a ban rules out', () => {
    const deposit = 'Security deposit €2,500 for boats under 45 ft, €4,000 for 45 ft and above, card pre-authorisation only.';
    // "No deposit, charge €15 …" sets a fee for a lost card: no deposit gets a new amount.
    expect(replaces(deposit, 'No deposit, charge €15 for each lost card.')).toBeNull();
    expect(replaces(deposit, 'From now on the security deposit is €5,000 for boats of 45 ft and above.')).toMatch(/amount/);
    // A limit is the ban's own value: another limit for the banned thing changes it.
    expect(valueReplacement(view('From now on, no deliveries before 8 on any day.'), view('Accept deliveries from 7:00.'), 'whole')).toMatch(/08:00 → 07:00/);
  });

  it('reads a holiday named with a weekday as a subject, not as the weekday', () => {
    for (const said of ["We're closed Good Friday and Easter Monday.", 'El Viernes Santo cerramos.']) expect(view(said).clauses.flatMap((c) => c.values.filter((v) => v.key === 'weekday'))).toEqual([]);
    // "Closed Good Friday" says nothing of Mondays; Easter Monday is one subject two statements share.
    expect(replaces('Good Friday stays closed.', 'The sign at the side entrance still says closed monday.')).toBeNull();
    expect(view('We open Easter Monday, 12:00-16:00.').clauses[0].anchor).toEqual(view('Open on easter monday now, 12-4.').clauses[0].anchor);
  });

  it('reads a correction that rules out a value as correcting that value, not as allowing what an earlier clause ruled out', () => {
    // ("No kid is coming at 6pm" and "40 not 60 for the kids one" share a word; the correction is of the 60.)
    expect(replacement(view('No kid is coming at 6pm on a thursday.'), view('40 not 60 for the kids one.'), [], true, generic, 'loose')).toBeNull();
    // A correction that rules out a thing still reverses what allowed it.
    expect(replacement(view('Plastic cups are fine in the taproom.'), view('No plastic cups in the taproom.'), [], true, generic, 'loose')).toMatch(/rules out/);
  });

  it('reads what a reversal cue retires as ruled out: dropping what an earlier decision already ruled out reverses nothing', () => {
    const drop = view('Drop A2. C1 instead.');
    const already = view("No A2, we haven't got enough A2 bookings to fill a class of 12 anyway.");
    for (const match of ['loose', 'whole', 'firm'] as const) expect(replacement(already, drop, drop.reversals, true, generic, match)).toBeNull();
    const kept = view('We keep A2 and B1 this summer.');
    expect(replacement(kept, drop, drop.reversals, true, generic, 'loose')).not.toBeNull();
  });

  it('reads "instead of X" as one cue that retires X, and swaps out nothing else', () => {
    const source = 'Great. So households may visit once a week instead of every two weeks – shall I update the sign-in sheet and the flyer?';
    expect(reversalsIn(source, subjects).map((r) => r.cue)).toEqual(['instead-of']);
    const newer = view('Update the sign-in sheet and the flyer.');
    expect(replacement(view('Draft a sign-in sheet.'), newer, reversalsIn(source, subjects), false, generic, 'loose')).toBeNull();
    // What it names is retired, as before.
    const brevo = 'Newsletters go out through Brevo instead of Mailchimp.';
    expect(replacement(view('Newsletters go out through Mailchimp.'), view(brevo), reversalsIn(brevo, subjects), false, generic)).toMatch(/retires "Mailchimp"/);
  });

  it('reads a ban on a thing at a value as saying nothing of the thing at another value of that slot', () => {
    const ban = view("Don't release beds at 23:00, too harsh.");
    expect(contradiction(ban, view('Summary: unpaid beds released at 00:00, payment link at 16:00.'), generic, true)).toBeNull();
    expect(contradiction(ban, view('Summary: unpaid beds released at 23:00, payment link at 16:00.'), generic, true)).not.toBeNull();
  });

  it('reads a ban past a limit as saying nothing of a value short of it, in each direction, unit and language', () => {
    // (Its day is outside too, said alone: "No dispatches on Saturdays after 12:00" / "Dispatch on Saturday at 10:00".)
    expect(contradiction(view('No dispatches on Saturdays after 12:00.'), view('Dispatch on Saturday at 10:00.'), generic, true, 'firm')).toBeNull();
    // (A value short of one limit of two is outside the ban.)
    const late = view('No refunds over 200 EUR after 18:00.');
    expect(contradiction(late, view('Refund of 300 EUR at 10:00.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(late, view('Refund of 100 EUR at 20:00.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(late, view('Refund of 300 EUR at 20:00.'), generic, true, 'firm')).toMatch(/ruled out/);
    expect(contradiction(view('No hay entregas en la puerta norte después de las 18:00.'), view('Entregas en la puerta norte a las 16:00.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(view('No hay entregas en la puerta norte después de las 18:00.'), view('Entregas en la puerta norte a las 20:00.'), generic, true, 'firm')).toMatch(/ruled out/);
    const saturday = view('No dispatches from the cold store on Saturdays after 12:00.');
    expect(contradiction(saturday, view('Dispatch from the cold store on Saturday at 10:00.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(saturday, view('Dispatch from the cold store on Saturday at 15:00.'), generic, true, 'firm')).toMatch(/ruled out/);
    // (A value in another unit is not short of the limit: it says nothing of it.)
    const refunds = view('No refunds over 200 EUR without a second pair of eyes.');
    expect(contradiction(refunds, view('Refunds of 150 EUR go out without a second pair of eyes.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(refunds, view('Refunds of 250 EUR go out without a second pair of eyes.'), generic, true, 'firm')).toMatch(/ruled out/);
    const early = view('No deliveries to the north gate before 9:00.');
    expect(contradiction(early, view('Deliveries to the north gate at 10:30.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(early, view('Deliveries to the north gate at 7:30.'), generic, true, 'firm')).toMatch(/ruled out/);
    const abends = view('Keine Lieferungen an das Nordtor am Samstag nach 18 Uhr.');
    expect(contradiction(abends, view('Lieferungen an das Nordtor am Samstag um 15 Uhr.'), generic, true, 'firm')).toBeNull();
    // (It quotes the word as written, not the English stem it was read as.)
    expect(contradiction(abends, view('Lieferungen an das Nordtor am Samstag um 20 Uhr.'), generic, true, 'firm')).toMatch(/asserts "Lieferungen", which was ruled out/);
  });

  it("reads a bound that is also a unit's spelling ('min 6 sacks') as the bound: a count above the minimum changes nothing, a new minimum does", () => {
    const minimum = view('Mungoswells rye, Tuesday delivery, min 6 sacks.');
    expect(minimum.clauses[0].values.find((v) => v.key === 'count:sack')).toMatchObject({ value: '6', bound: true, above: true });
    expect(valueReplacement(minimum, view('Mungoswells rye: 10 sacks, Tuesday delivery.'), 'loose')).toBeNull();
    expect(valueReplacement(minimum, view('Mungoswells rye, Tuesday delivery, min 8 sacks.'), 'loose')).toMatch(/limit of number of sack: 6 → 8/);
    // (Written after its number, the word is the unit: "30 min" is a duration.)
    expect(view('The stand-up takes 30 min.').clauses[0].values).toEqual([expect.objectContaining({ key: 'duration' })]);
  });

  it("reads a thing done inside a ban's limit, or a requirement ruled out inside a rule's, as against it, though the two share no other word", () => {
    const meetings = view('Meetings never before 10.');
    expect(contradiction(meetings, view('Schedule the meeting at 9:00.'), generic, true, 'firm')).toMatch(/asserts "meeting" at 09:00, which was ruled out/);
    expect(contradiction(meetings, view('Schedule the meeting at 11:00.'), generic, true, 'firm')).toBeNull();
    // Another value where the rule names one, or another thing of the rule's kind, is outside it.
    expect(contradiction(view('No dispatches on Saturdays after 12:00.'), view('Dispatch on Monday at 15:00.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(view('No dispatches on Saturdays after 12:00.'), view('Dispatch on Saturday at 15:00.'), generic, true, 'firm')).toMatch(/ruled out/);
    expect(contradiction(view('No dispatches of the frozen goods on Saturdays after 12:00.'), view('Dispatch the dry pallets at 15:00.'), generic, true, 'firm')).toBeNull();
    const newsletter = view('Nothing over 2,500 words in the newsletter.');
    expect(contradiction(newsletter, view('The newsletter piece runs 3,000 words.'), generic, true, 'firm')).toMatch(/ruled out/);
    expect(contradiction(newsletter, view('The newsletter piece runs 2,000 words.'), generic, true, 'firm')).toBeNull();
    // What the ban excepts stays allowed.
    const calls = view('No calls to clients after 18:00, except emergencies.');
    expect(contradiction(calls, view('Call the client at 19:00.'), generic, true, 'firm')).toMatch(/asserts "Call" at 19:00/);
    expect(contradiction(calls, view('Emergency call to the client at 19:00.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(calls, view('Call the client at 17:00.'), generic, true, 'firm')).toBeNull();
    // A rule past a limit: what it requires there, ruled out inside the limit.
    const refunds = view('Refunds over 200 EUR need a second approval.');
    expect(contradiction(refunds, view('Refunds of 300 EUR go out without a second approval.'), generic, true, 'firm')).toMatch(/rules out "approval" at 300 eur, which is required there/);
    expect(contradiction(refunds, view('Refunds of 150 EUR go out without a second approval.'), generic, true, 'firm')).toBeNull();
    const anrufe = view('Keine Anrufe bei Kunden nach 18 Uhr.');
    expect(contradiction(anrufe, view('Anruf beim Kunden um 19 Uhr.'), generic, true, 'firm')).toMatch(/asserts "Anruf" at 19:00/);
    expect(contradiction(anrufe, view('Anruf beim Kunden um 16 Uhr.'), generic, true, 'firm')).toBeNull();
  });

  it('reads someone else doing what a rule says only some may do as against it, in each language', () => {
    const anna = view('Only Anna approves vendor contracts.');
    expect(contradiction(anna, view('Tom approves the vendor contract.'), generic, true, 'firm')).toBe('it names "Tom" for what only "Anna" may do');
    expect(contradiction(anna, view('Tom will approve the vendor contracts today.'), generic, true, 'firm')).toMatch(/names "Tom"/);
    // The one the rule names, or another thing done, goes against nothing.
    expect(contradiction(anna, view('Anna approves the vendor contract.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(anna, view('Tom approves the budget.'), generic, true, 'firm')).toBeNull();
    const pair = view('Only Ilka or Bernd approve rush orders.');
    expect(contradiction(pair, view('Jens approves the rush order for the cold store.'), generic, true, 'firm')).toBe('it names "Jens" for what only "Ilka" or "Bernd" may do');
    expect(contradiction(pair, view('Bernd approves the rush order.'), generic, true, 'firm')).toBeNull();
    // A modal between the names and what they do ("may", "can") is no part of it.
    expect(contradiction(view('Only Ilka or Bernd may approve rush orders.'), view('Please ask Jens to approve the rush order.'), generic, true, 'firm')).toMatch(/names "Jens"/);
    expect(contradiction(view('Only Anna can approve vendor contracts.'), view('Tom will approve the vendor contract.'), generic, true, 'firm')).toMatch(/names "Tom"/);
    expect(contradiction(view('Nur Clara unterschreibt die Verträge.'), view('Jonas unterschreibt den Vertrag.'), generic, true, 'firm')).toMatch(/names "Jonas"/);
    expect(contradiction(view('Solo Marta firma los contratos.'), view('Pedro firma los contratos.'), generic, true, 'firm')).toMatch(/names "Pedro"/);
    // The doer is a name before the verb in the sentence that does what the rule governs: no
    // word of time, no thing of the rule, nobody acting on something else.
    expect(contradiction(anna, view('Today approve the vendor contracts.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(anna, view('Tom approves the budget. The vendor contracts are approved on Monday.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(view('Nur Clara unterschreibt die Verträge.'), view('Die Verträge unterschreibt Jonas.'), generic, true, 'firm')).toBeNull();
    // A rule past a limit leaves what is short of it to anyone.
    const large = view('Only Anna approves vendor contracts over 5,000 EUR.');
    expect(contradiction(large, view('Tom approves vendor contracts of 300 EUR.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(large, view('Tom approves vendor contracts of 8,000 EUR.'), generic, true, 'firm')).toMatch(/names "Tom"/);
    // "Only" before no name restricts nobody.
    expect(contradiction(view('Only the weekend stays closed.'), view('Friday stays closed.'), generic, true, 'firm')).toBeNull();
  });

  it('reads the exception a ban allows as allowed: a later statement about it goes against no ban, in each language', () => {
    const cups = view('No plastic cups in the taproom, only at the summer fest.');
    expect(contradiction(cups, view('Plastic cups for the fest only, like I said.'), generic, true)).toBeNull();
    expect(contradiction(cups, view('Plastic cups in the taproom from now on.'), generic, true)).toMatch(/ruled out/);
    const dispatches = view('No dispatches from the cold store on Saturdays, except rush orders signed off by Marek or Henrik.');
    expect(contradiction(dispatches, view('Dispatch the rush order from the cold store on Saturday, Marek signed it off.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(dispatches, view('Dispatch from the cold store on Saturday at 15:00.'), generic, true, 'firm')).toMatch(/ruled out/);
    // "unless" opens the exception as "except" does: the ban before it still stands.
    const unless = view("No dispatches from the cold store on Saturdays, unless it's a rush order signed off by Marek or Henrik.");
    expect(contradiction(unless, view('Dispatch the rush order from the cold store on Saturday, Marek signed it off.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(unless, view('Dispatch from the cold store on Saturday at 15:00.'), generic, true, 'firm')).toMatch(/ruled out/);
    const excepted = (t: string) => [...(subjectClauses(t, subjects, engine.lexicon)[0].excepted ?? [])];
    expect(excepted('Keine Lieferungen am Samstag, außer Expresspakete.')).toEqual(['expresspaket']);
    expect(excepted('No se hacen horas extra en fin de semana, salvo urgencias.')).toEqual(['urgencia']);
    // A clause that opens with "only" restricts; it allows no exception.
    expect(subjectClauses('Only the weekend stays closed.', subjects, engine.lexicon)[0].excepted).toBeUndefined();
  });

  it('reads a date on the day of the month a correction set as that value, not as another', () => {
    const wrong = view('We collect the fees on the 1st of each month.');
    const correction = view('No, we always collect the fees on the 15th.');
    expect(restatesRetired(wrong, correction, view('April fees: we collect them on 15 April.'), true, true)).toBeNull();
    expect(restatesRetired(wrong, correction, view('April fees: we collect them on 20 April.'), true, true)).toMatch(/april 20 where the correction set day 15/);
  });

  it('reads a date on the day of the month a decision keeps as the same value', () => {
    const monthly = view('The bank file date stays as is, the 25th is in the scheme rules.');
    expect(contradiction(monthly, view('Summary: variance flag 2% on gross; bank file 25 April.'), generic, true)).toBeNull();
    expect(contradiction(monthly, view('Summary: variance flag 2% on gross; bank file 24 April.'), generic, true)).toMatch(/day 25 → april 24/);
  });

  it('tells one thing of a kind from another by its ordinal, in each language', () => {
    expect(replaces('The first round of interviews moves to 19 March.', 'Second round of interviews: 19 May.')).toBeNull();
    expect(replaces('Die erste Runde ist am 12. März.', 'Ab sofort ist die zweite Runde am 19. Mai.')).toBeNull();
    expect(replaces('La primera ronda es el 12 de marzo.', 'A partir de ahora la segunda ronda es el 19 de mayo.')).toBeNull();
    // The same ordinal is the same thing; an ordinal before a weekday is part of the value.
    expect(replaces('The second round of interviews is on 12 May.', 'The second round of interviews moves to 19 May.')).toMatch(/may 12 → may 19/);
    expect(valueReplacement(view('The quiz is on the first Wednesday.'), view('The quiz moves to the first Thursday.'), 'whole')).toMatch(/wednesday → thursday/);
  });

  it('reads a number after a weekday as its hour, unless a noun after it says what it counts', () => {
    expect(values('Hallenbad Süd, Tuesday 3 lanes.')).toEqual(expect.arrayContaining(['count:lane=3', 'weekday=tuesday']));
    expect(values('Hallenbad Süd, Tuesday 3 lanes.')).not.toContain('time=03:00');
    expect(values('Meeting Thursday 10, in the small room.')).toEqual(expect.arrayContaining(['time=10:00', 'weekday=thursday']));
    expect(values('Dienstag 9 Uhr im Büro.')).toEqual(expect.arrayContaining(['time=09:00']));
    expect(values('Friday 8 pm at the club.')).toEqual(expect.arrayContaining(['time=20:00']));
    // (A comma or a dash parts them: the number is of what follows.)
    expect(values('Nights from Sunday to Friday — six in a row.')).not.toContain('time=06:00');
    expect(values('Sunday to Friday, 6 in a row.')).not.toContain('time=06:00');
  });

  it('reads a short weekday that alone is another word ("Wed", "Sat", "Sun") as the weekday before a day of the month, and as the word elsewhere', () => {
    expect(values('Two options for fittings: Wed 19 Feb 14:00–16:00, or Fri 21 Feb 10:30–12:30.')).toEqual(expect.arrayContaining(['weekday=wednesday', 'weekday=friday']));
    expect(values('Sat 15th is the dress rehearsal.')).toContain('weekday=saturday');
    expect(values('Clear-up on Sun 7 Sept.')).toContain('weekday=sunday');
    expect(values('We sat down on 15 May with the sun out.').filter((v) => v.startsWith('weekday'))).toEqual([]);
    expect(values('They wed 12 couples a year.').filter((v) => v.startsWith('weekday'))).toEqual([]);
    // The option picked by its day names no subject of its own: the rehearsal hours its other option shares a time with stand.
    const asked = askedViewOf('Two options for fittings: Wed 19 Feb 14:00–16:00, or Fri 21 Feb 10:30–12:30.', subjects, engine.lexicon);
    expect(answeredValueChange(view('Calls start at 10:30 and finish at 18:00 for the rest of rehearsals.'), view('Wed 19 Feb 14:00-16:00.'), asked, true)).toBeNull();
  });

  it('reads the numbers of a range of days whose end names its month as days of that month, not as counts or hours', () => {
    expect(values('Shoot 18-22 May, travel the day before.')).toEqual(expect.arrayContaining(['date=may 18', 'date=may 22']));
    expect(values('Block 1: Mon 11 - Fri 15 May.')).toEqual(expect.arrayContaining(['date=may 11', 'date=may 15']));
    expect(values('Block 1: Mon 11 - Fri 15 May.')).not.toContain('time=11:00');
    expect(values('The crew is booked 11 to 15 May.')).toEqual(expect.arrayContaining(['date=may 11', 'date=may 15']));
    // (A range without a month stays what it was: hours after a weekday, counts otherwise.)
    expect(values('Meeting Thursday 10, in the small room.')).toEqual(expect.arrayContaining(['time=10:00']));
    expect(values('Shift 9-17 on 3 May.')).not.toContain('date=may 9');
    // And a change of the range is a change of its days.
    expect(replaces('The photo shoot is 11-15 May.', 'The photo shoot moves to 18-22 May.')).toMatch(/may 11, may 15 → may 18, may 22/);
  });

  it('reads a count between a determiner and the noun it goes with as telling which thing is meant, and a change naming it so as a change of that thing', () => {
    const values = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.map((v) => `${v.key}=${v.value}${v.which ? ' (which)' : ''}`));
    expect(values('Drop the 15 sack rule to 10.')).toEqual(['count:sack=15 (which)', 'count:=10']);
    expect(values('Move the 9:00 meeting to 10:00.')).toEqual(['time=09:00 (which)', 'time=10:00']);
    // (The noun it counts may end the phrase; a common word after it says when.)
    expect(values('Lock in the 40 sacks from Northfield.')).toEqual(['count:sack=40']);
    expect(values('Order the 12 boxes today.')).toEqual(['count:box=12']);
    // The rule it names is the one it changes, and its new value a limit as the old one was.
    expect(replaces("Going forward base malt doesn't drop under 15 sacks again.", 'Drop the 15 sack rule to 10.')).toMatch(/limit of number of sack: 15 → 10/);
    expect(replaces('Lock in 40 sacks from Northfield, delivered Monday Mar 9.', 'Drop the 15 sack rule to 10.')).toBeNull();
    // (A day tells which of many things: "the Friday Hull trunk" is not the Friday goods-in window.)
    expect(replaces('Billingham goods-in is 07:00-12:00 on Fridays.', 'The Friday Hull trunk leaves at 06:00.')).toBeNull();
    // Without a new value after "to" the number is the value the clause gives, whatever follows it.
    expect(values('Take the 8:15 train to Hamburg.')).toEqual(['time=08:15']);
    expect(values('We order the 12 chairs Lena picked.')).toEqual(['count:chair=12']);
    expect(replaces("Let's take the 6:30 train to Hamburg.", "Change of plan: let's take the 8:15 train to Hamburg.")).toMatch(/06:30 → 08:15/);
    // A number of another thing, a kept rule and a rule of another thing change nothing.
    expect(replaces('From now on we order max 15 sacks of malt at a time.', 'The 15 sack delivery goes to bay 2.')).toBeNull();
    expect(replaces('From now on we order max 15 sacks of malt at a time.', 'Keep the 15 sack rule and order 10 sacks this week.')).toBeNull();
    expect(replaces('From now on each pallet holds max 15 sacks.', 'Change of plan: drop the 15 sack rule for base malt to 10.')).toBeNull();
    // Under a negation the number that told which thing is the value kept; said earlier, the rule
    // holds its new value, not the one that named it.
    expect(subjectClauses("Don't move the 9:00 standup to 9:30, keep it.", subjects, engine.lexicon).flatMap((c) => c.values.filter((v) => v.which))).toEqual([]);
    expect(replaces('Drop the 15 sack rule to 10.', 'Drop the 15 sack rule to 12.') ?? '').not.toMatch(/15 → 12/);
  });

  it('reads volumes and ounces and pounds as measures, not as counts of the unit', () => {
    const measured: Array<[string, string]> = [
      ['16oz tallboys.', 'weight=16 oz'],
      ['Mash 2 lbs of oats.', 'weight=2 lb'],
      ['Keep it at 500 ml per can.', 'volume=500 ml'],
      ['Order 20 Liter Desinfektionsmittel.', 'volume=20 l'],
      ['12 fl oz bottles.', 'volume=12 fl oz'],
    ];
    for (const [text, read] of measured) expect(values(text)).toEqual([read]);
    // (So a bare price answering a message that names a can size is no new size of can.)
    expect(replaces('16oz tallboys.', '18.99.')).toBeNull();
  });

  it('reads an ordinal in digits before a noun as telling that thing apart, not as a day of the month', () => {
    expect(values("No rush surcharge for Kessler, they're a 3rd year client.")).toEqual([]);
    expect(values('1st reminder by email 14 days after the return.')).toEqual(['channel=email', 'duration=14 day']);
    // Alone, before a month or with a month before it, it is a day.
    expect(values('The beta moves to Tuesday the 21st.')).toEqual(expect.arrayContaining(['date=day 21']));
    expect(values('Delivery on the 3rd of May.')).toEqual(['date=may 3']);
    expect(values('Delivery on May 3rd, at the back door.')).toEqual(['date=may 3']);
    expect(values('Pay on the 10th and the 25th.')).toEqual(['date=day 10', 'date=day 25']);
    const loosely = (older: string, newer: string) => replacement(view(older), view(newer), [], false, generic, 'loose');
    expect(loosely('The 1st reminder goes out after 14 days.', 'The 2nd reminder goes out after 30 days.')).toBeNull();
    expect(loosely('The 1st reminder goes out after 14 days.', 'The 1st reminder goes out after 7 days.')).toMatch(/14 day → 7 day/);
  });

  it("reads the year of a date as that date's, and a 'no' that answers before its clause as no negation", () => {
    const values = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.map((v) => `${v.key}=${v.value}${v.negated ? ' (not)' : ''}`));
    expect(values('Event on Fri 10 Jul 2026, in the yard.')).toEqual(['date=july 10', 'weekday=friday']);
    expect(values('Delivery on July 10, 2026.')).toEqual(['date=july 10']);
    expect(values('Planning for July 2026.')).toEqual(['date=july 2026']);
    expect(values('Das Fest ist am 10. Juli 2026.')).toEqual(['date=july 10']);
    expect(values('La fiesta es el 10 de julio de 2026.')).toEqual(['date=july 10']);
    // A number with a unit after the date is a value of its own.
    expect(values('Stand on 12 June, 2000 EUR.')).toEqual(['date=june 12', 'amount=2000 eur']);
    expect(values("no it's friday the 10th, not saturday")).toEqual(['date=day 10', 'weekday=friday', 'weekday=saturday (not)']);
    expect(values('No deliveries on Friday the 10th.')).toEqual(expect.arrayContaining(['weekday=friday (not)']));
  });

  it('never relates two statements about things of a kind told apart by different ordinals (law)', () => {
    const ordinals = ['first', 'second', 'third', 'fourth', 'fifth'];
    const nouns = ['round', 'shift', 'payment', 'floor', 'batch', 'reminder'];
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
    const pair = fc.tuple(fc.constantFrom(...ordinals), fc.constantFrom(...ordinals)).filter(([a, b]) => a !== b);
    fc.assert(
      fc.property(pair, fc.constantFrom(...nouns), fc.constantFrom(...days), fc.constantFrom(...days), ([a, b], noun, d1, d2) => {
        const older = view(`The ${a} ${noun} of the audit is on ${d1}.`);
        const newer = view(`From now on the ${b} ${noun} of the audit is on ${d2}.`);
        return replacement(older, newer, newer.reversals, true, generic) === null && valueReplacement(older, newer, 'whole') === null && contradiction(older, newer, generic, true) === null;
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('reads a negation that opens on a value as ruling out the value, not the thing it is a value of', () => {
    const noEarlyRun = view("There's no 14:00 porter run, the afternoon run is 15:30 since January.");
    expect(contradiction(noEarlyRun, view('Let the porter manager know about the extra daily runs.'), generic, true)).toBeNull();
    expect(contradiction(noEarlyRun, view('Deliveries go on the 14:00 porter run.'), generic, true)).toMatch(/14:00/);
  });

  it('reads a count of people given in another language as another value of the same slot', () => {
    expect(contradiction(view('Ab sofort sind beim Spinning maximal 12 Teilnehmer erlaubt.'), view('Beim Spinning sind maximal 15 Leute erlaubt.'), generic, true)).toMatch(/12 → 15|15/);
    expect(contradiction(view('Ab sofort sind beim Spinning maximal 12 Teilnehmer erlaubt.'), view('Beim Spinning sind maximal 15 Räder erlaubt.'), generic, true)).toBeNull();
  });

  it('reads a new value written in words as a new value', () => {
    expect(replaces('The annual plot fee is 30 euros.', 'The annual plot fee is thirty-five euros now.')).toMatch(/amount: 30 eur → 35 eur/);
  });

  it('names a subject said in common words alone by two of them', () => {
    expect(replaces('From now on the work day is Saturday.', 'From now on the work day is Sunday.')).toMatch(/weekday: saturday → sunday/);
    expect(replaces('From now on the work day is Saturday.', 'From now on the board meeting is on Sunday.')).toBeNull();
    // Only the same common words: "send everything out" is not "need everything back", a day off is not the work day.
    expect(replaces('From now on we send everything out on Monday.', 'And from now on we need everything back on Thursday.')).toBeNull();
    expect(contradiction(view('From now on the work day is Saturday.'), view('The day off this week is Monday.'), generic, true)).toBeNull();
    expect(contradiction(view('From now on the work day is Saturday.'), view('The first day of the month is Sunday.'), generic, true)).toBeNull();
  });

  it('reads a bare number on the same subject as a new value for the one number the older decision set', () => {
    expect(replaces("We'll keep the tills on Android 12 and update kiosk.img to match.", "Let's move everything to 14: tills, kiosks, the handheld scanners.")).toMatch(/version: 12 → 14/);
    expect(replaces('Refunds over 200 EUR need a second approval from a team lead.', 'Refunds over 300 need a second approval from a team lead.')).toMatch(/amount: 200 eur → 300 eur/);
    // Not when the older decision set two numbers (which one?), nor on one shared word in another task.
    expect(replaces('Refund approvals: 200 EUR per refund, 2 leads per shift.', 'Refund approvals: 300 per refund.')).toBeNull();
    expect(replaces('We keep the tills on Android 12.', 'The handheld scanners get 14 spare batteries.')).toBeNull();
    // Not the other way round: a number said alone ("Group size: 8 it is.") may count what a later
    // amount does not ("costs 45 EUR per child").
    expect(replaces('Kids swim course group size: 8 it is.', 'The kids swim course costs 45 EUR per child.')).toBeNull();
    // Nor a number another clause of the older decision already gives: "45" there is the same 45.
    expect(replaces('45. and fight call before every rehearsal now, not just act 2 days.', 'Fight call is 45 before every call.')).toBeNull();
  });

  it('reads no German or Spanish function word as a subject word', () => {
    // Only "das" / "el" would be shared: no same subject, so no new weekday for it.
    expect(valueReplacement(view('Das Meeting ist montags.'), view('Das Essen ist dienstags.'), 'loose')).toBeNull();
    expect(valueReplacement(view('El inventario es los lunes.'), view('El almuerzo es los martes.'), 'loose')).toBeNull();
    expect(valueReplacement(view('Das Meeting ist montags.'), view('Das Meeting ist ab Mai dienstags.'), 'loose')).toMatch(/monday → tuesday/);
  });

  it('reads a number with a currency or unit beside it as that, not as a time of day', () => {
    const values = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.map((v) => `${v.key} ${v.value}`));
    expect(values('The loaf costs 5.20 EUR.')).toEqual(['amount 5.2 eur']);
    expect(values('The fee is €3.50.')).toEqual(['amount 3.5 eur']);
    expect(values('We meet at 9.30 on Mondays.')).toEqual(['time 09:30', 'weekday monday']);
    // A fraction is no time just after midnight; "0:30" and "0.30 Uhr" are.
    expect(values('From Q2 the rate goes to 0.11 per word.').filter((v) => v.startsWith('time'))).toEqual([]);
    expect(values('The call is at 0:30.')).toEqual(['time 00:30']);
    expect(values('Der Anruf ist um 0.30 Uhr.')).toEqual(['time 00:30']);
    // A comma parts a price from the time after it.
    expect(values('The sauna costs 12 EUR, 10:00 to 22:00.')).toEqual(['amount 12 eur', 'time 10:00', 'time 22:00']);
  });

  it('with a reversal cue, one thing of the same subject swapped for another replaces; without a cue, or only adding to the subject, does not', () => {
    expect(replaces('We order the paper from Lyreco.', 'From now on we order the paper from Viking instead.')).toMatch(/"Lyreco" → "Viking"/);
    expect(replaces('Maria signs off the newsletter.', 'Ab sofort: Tom signs off the newsletter.')).toMatch(/"Maria" → "Tom"/);
    expect(replaces('We order the paper from Lyreco.', 'We order the paper from Viking.')).toBeNull();
    expect(replaces('The team newsletter goes out on Mondays.', 'From now on the team newsletter also carries job ads.')).toBeNull();
  });

  it('with a reversal cue, two things that trade places, each in a clause of its own, replace; a noun and its verb name the same thing', () => {
    expect(replaces('No refunds. Extend their passes by 7 weeks.', 'No extension, refunds instead.')).toMatch(/"Extend" → "refunds"/);
    expect(replaces('Keep the daily standup. No retro.', 'Scratch that: retro every Friday, no standup.')).toMatch(/"standup" → "retro"/);
    expect(replaces('No overtime. Hire a temp for the peak.', 'Overtime instead, no temp this year.')).toMatch(/"temp" → "Overtime"/);
    expect(replaces('No refunds. Extend their passes by 7 weeks.', 'Change of plan: no extension. Refunds instead.')).toMatch(/"Extend" → "Refunds"/);
    // Without a cue, or when only one of the two crosses, nothing is replaced.
    expect(replaces('No refunds. Extend their passes by 7 weeks.', 'No extension, refunds.')).toBeNull();
    expect(replaces('No cake for the party. Order pizza.', 'Instead, pizza is fine and the cake too.')).toBeNull();
    // A swap said about another thing (another audience, event or team) swaps nothing of the older's.
    expect(replaces('No Slack for customers. Support tickets go by email.', 'Instead, the newsletter moves to the Slack community; no email for marketing.')).toBeNull();
    expect(replaces('No pizza at the board meeting. Order sandwiches.', "For the kids party, pizza instead; no sandwiches, the kids won't eat them.")).toBeNull();
    expect(replaces('Interns get no laptops. Give them a desktop.', 'Change of plan for the new hires: laptops for everyone, no desktop.')).toBeNull();
    expect(replaces('No hiring this quarter. Order the new monitors.', "Scratch that for marketing: we don't order swag, we hire a freelance designer for the logo.")).toBeNull();
    expect(replaces('No pizza at the offsite. Order sushi for the board dinner.', 'Team lunch tomorrow. No sushi, pizza instead.')).toBeNull();
    // The nouns the lexicon names as a verb's are that verb; words that only look alike are not.
    expect(replaces('Mia is responsible for the press release.', "Instead, we don't respond to the press.")).toBeNull();
    expect(replaces('The sales division keeps its own budget.', 'Instead, we divide the budget evenly.')).toBeNull();
    // Word forms are taken as written: "deliverables" are no deliveries, "inclusive" includes nothing.
    expect(contradiction(view('No deliveries on Sunday.'), view('The courier will deliver on Sunday.'), generic, true)).toMatch(/sunday/);
    expect(contradiction(view('No deliveries on Sunday.'), view('Deliverables are due Sunday.'), generic, true)).toBeNull();
    expect(contradiction(view('Use inclusive language in the job ads.'), view("Don't include salary ranges in the job ads."), generic, true)).toBeNull();
  });

  it('reads "once the draft is out" as when, not as dropping the draft', () => {
    expect(replaces('Send the draft to the board at the same time as me.', 'Only once the draft is out.')).toBeNull();
    expect(replaces('Send the minutes to the board.', 'We wait until the new minutes are out.')).toBeNull();
    expect(replaces('Coupons are in for the spring box.', 'Coupons are out for the spring box.')).toMatch(/retires "Coupons"/);
    expect(replaces('We go with GLS.', 'After the audit, GLS is out.')).toMatch(/retires "GLS"/);
    expect(replaces('We go with GLS.', 'After all GLS is out.')).toMatch(/retires "GLS"/);
    expect(replaces('Send the sales deck to the board.', 'Once the final sales deck is out.')).toBeNull();
    expect(replaces('Publish the results on the website.', 'Now that the results are out, update the website.')).toBeNull();
    expect(replaces('Tom reviews the PRs this week.', 'Anna reviews when Tom is out.')).toBeNull();
    expect(replaces('Use GLS for the EU shipments.', 'If GLS is out, we switch to DHL.')).toBeNull();
  });

  it('a moved thing, date or place replaces the one before; what stands between the verb and its preposition still names the subject', () => {
    expect(replaces('The team offsite is in Berlin.', 'The team offsite moves to Hamburg.')).toMatch(/"Berlin" → "Hamburg"/);
    expect(replaces('Das Offsite des Teams ist in Berlin.', 'Das Offsite des Teams wird nach Hamburg verlegt.')).toMatch(/"Berlin" → "Hamburg"/);
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]);
    expect(anchor('We push the launch back to May.')).toContain('launch');
  });

  it('reads where a thing is put as its place: in one discussion, another place for the same thing replaces it', () => {
    const places = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.filter((v) => v.key === 'place').map((v) => v.value));
    expect(places('Keep the floor plan in the printed guide.')).toEqual(['printed guide']);
    expect(places('Floor plans go to the back cover then, with one line on page 3 pointing to them.')).toEqual(['back cover']);
    expect(places('Go with the back cover.')).toEqual([]);
    expect(valueReplacement(view('Keep the floor plan in the printed guide.'), view('Floor plans go to the back cover then.'), 'loose')).toMatch(/place: printed guide → back cover/);
    // Another thing put somewhere else changes nothing.
    expect(valueReplacement(view('Keep the floor plan in the printed guide.'), view('The opening hours go to the back cover.'), 'loose')).toBeNull();
  });

  it('reads a number after a word of time as what a plural noun after it counts, and otherwise as an hour', () => {
    expect(values('The paywall stops readers at 3 free articles.')).toEqual(['count:free=3']);
    expect(values('Start from 2 crews.')).toEqual(['count:crew=2']);
    expect(values('The call is at 10 sharp.')).toEqual(['time=10:00']);
    expect(values('Be there by 5 latest.')).toEqual(['time=05:00']);
    expect(values('Standup at 9 Berlin time.')).toEqual(['time=09:00']);
    // A name or a part of the day after it is no plural it counts.
    expect(values('The call is at 10 Paris time.')).toEqual(['time=10:00']);
    expect(values('Sync at 9 via Teams.')).toEqual(['time=09:00']);
    expect(values('The shop opens at 8 weekdays.')).toEqual(['time=08:00']);
    expect(replaces('Paywall: 5 free articles a month.', 'The publisher wants the paywall at 3 free articles a month from 1 May.')).toMatch(/5 → 3/);
  });

  it('a new limit on the same subject replaces, even one that is a bare number', () => {
    expect(replaces('Purchases over 25k need my approval.', 'From now on purchases over 50k need my approval.')).toMatch(/new limit of number: 25000 → 50000/);
  });

  it('reads the thing a count counts as what it counts, not as the subject both counts share', () => {
    expect(valueReplacement(view('Two corrections: we have 64 rooms.'), view('The Segelclub wants 15 rooms for the whole week again.'), 'loose')).toBeNull();
    expect(valueReplacement(view('The Segelclub gets 12 rooms.'), view('The Segelclub wants 15 rooms for the whole week again.'), 'loose')).toMatch(/number of room: 12 → 15/);
    expect(valueReplacement(view('The kids swim course has 8 places.'), view('The kids swim course gets 10 places.'), 'loose')).toMatch(/number of place: 8 → 10/);
  });

  it('a bare number that is no limit replaces only the one number of a clause on the same subject, in two words', () => {
    expect(replaces('Purchases: 25 need my approval.', 'Purchases: 50 need my approval.')).toMatch(/new number: 25 → 50/);
    // (A figure given to a cap is a limit, and also the value of what it limits: a plain figure for it changes it.)
    expect(replaces('Overall cap for the bathroom is 9,000, tiles included.', 'Raise the bathroom cap to 11,000.')).toMatch(/new number: 9000 → 11000/);
    expect(replaces('Decision: the bathroom budget cap is 9,000.', 'Decision: the bathroom budget is 11,000 after all.')).toMatch(/new number: 9000 → 11000/);
    // One shared word says nothing of what the number counts.
    expect(replaces('The bathroom cap is 9,000.', 'The bathroom gets 2 new mirrors.')).toBeNull();
    // Nor does a number beside another value: it may count something else.
    expect(replaces('Overall cap for the bathroom is 9,000, tiles included.', 'The bathroom cap stays, 3 fitters on Monday.')).toBeNull();
    expect(replaces('Bathroom cap: 9,000 for 2 rooms.', 'Bathroom cap: 11,000.')).toBeNull();
  });

  it('an explicit reversal retires what the earlier decision asserts', () => {
    expect(replaces('Nightly backups go to the tape library.', 'We stopped using the tape library; backups go to the cloud bucket.')).toMatch(/retires "tape library"/);
    expect(replaces('We go with the Sorvall ST8R for the cold runs.', 'We drop the Sorvall and go with the Hettich.')).toMatch(/retires "Sorvall"/);
    // Denied, it retires nothing.
    expect(replaces('We go with the Sorvall ST8R for the cold runs.', 'We decided not to drop the Sorvall.')).toBeNull();
    expect(replaces('Deploys need a manual approval step.', 'From now on deploys need no manual approval step.')).toMatch(/rules out/);
    // The same negation without a cue is no reversal (it may be a contradiction).
    expect(replaces('Deploys need a manual approval step.', 'Deploys need no manual approval step.')).toBeNull();
  });

  it('with a reversal cue, ruling out the value the earlier decision set retires it; a value ruled out without a cue refines', () => {
    const older = 'The tills are balanced at every shift change, the full stock count nightly after closing.';
    expect(replaces(older, 'The stock count runs at every shift change instead of once a night.')).toMatch(/rules out nightly \(instead/);
    expect(replaces(older, 'The stock count runs at every shift change, not once a night.')).toBeNull();
    // (A value ruled out that the earlier decision never set retires nothing.)
    expect(replaces(older.replace('nightly', 'weekly'), 'The stock count runs at every shift change instead of once a night.')).toBeNull();
  });

  it('finds a later text that asserts what a decision rules out', () => {
    expect(contradiction(view('Support answers within 4 hours, not 24.'), view('Draft: we answer every ticket within 24 hours.'), generic, true, 'firm')).toMatch(/24 hour/);
    expect(contradiction(view('No browser plugins on the kiosk laptops.'), view('Install the ad blocker plugin on the kiosk laptops.'), generic, true, 'firm')).toMatch(/plugin/);
    expect(contradiction(view('No browser plugins on the kiosk laptops.'), view('The kiosk laptops were cleaned on Friday.'), generic, true, 'firm')).toBeNull();
  });

  it("reads a day a ban names as where the ban holds: the banned thing on that day goes against it, on another day it does not", () => {
    const ban = view('No bookings for the choir on Tuesdays after rehearsal.');
    // The day both name agrees on the subject as a shared word does.
    expect(contradiction(ban, view('Make the hall booking for the choir on Tuesday at 19:30.'), generic, true, 'firm')).toMatch(/asserts "booking"/);
    expect(contradiction(ban, view('Make the hall booking for the choir on Monday at 8:00.'), generic, true, 'firm')).toBeNull();
    expect(replaces('No deploys of the shop on Fridays.', 'Deploy the shop on Thursday.')).toBeNull();
    // A clause that opens with what it is about and only later rules something out is no ban.
    expect(replaces('The bakery van does no delivery on Mondays, it delivers on Tuesdays at 6:00.', 'Change of plan: the bakery van delivery is on Wednesdays at 7:00.')).toMatch(/weekday|time/);
    // A limit a ban names is the ban itself: another limit changes it.
    expect(replaces('From now on, no supplier calls before 11 on any day.', 'From now on, supplier calls are fine from 9:30 on any day.')).toMatch(/limit of time: 11:00 → 09:30/);
  });

  it('reads a range of weekdays written short ("Fri-Sat", "Mo–Mi", "lun/vie") as weekdays, and the short words alone as words', () => {
    const weekdays = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.filter((v) => v.key === 'weekday').map((v) => v.value));
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]);
    expect(weekdays('Fri-Sat close at 23:00 now.')).toEqual(['friday', 'saturday']);
    expect(weekdays('Mo–Mi passt uns im Lager gut.')).toEqual(['monday', 'wednesday']);
    expect(weekdays('Recepción lun/vie de 9 a 20.')).toEqual(['monday', 'friday']);
    expect(anchor('Fri-Sat close at 23:00 now.')).not.toContain('frisat');
    expect(weekdays('We sat down with the sun out.')).toEqual([]);
    // A short day's change on the same subject is a new value, as a long one's is.
    expect(valueReplacement(view('Sat-Sun the workshop opens at 10:00.'), view('From now on Sat-Sun the workshop opens at 9:00.'), 'firm')).toMatch(/10:00 → 09:00/);
  });

  it("reads 'Check-out' and 'Checkout' as one word, and '12 Uhr' as a time of day", () => {
    expect(valueReplacement(view('Checkout is at 11:00 from now on.'), view('Planänderung: Ab Juli ist der Check-out um 12 Uhr.'), 'whole')).toBe('a new time: 11:00 → 12:00');
    const anchor = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => [...c.anchor]);
    expect(anchor("Der Check-out ist um 12 Uhr.")).toEqual(['checkout']);
    expect(anchor("Check-out is at 12 o'clock.")).toEqual(['checkout']);
  });

  it('reads a start date beside other values as when a decision holds, not as a value it sets', () => {
    expect(replaces('From March we deliver to Café Linde on Wednesdays, at 6:00.', 'We go with 4.10 EUR per sourdough loaf for Café Linde from April.')).toBeNull();
    expect(replaces('The Café Linde fee is 40 EUR from March.', 'The Café Linde fee is 50 EUR from April.')).toMatch(/amount: 40 eur → 50 eur/);
    expect(replaces('The spring sale at the shop starts from 2 May.', 'The spring sale at the shop starts from 9 May.')).toMatch(/date: may 2 → may 9/);
    // A deadline is a value, whatever stands beside it.
    expect(replaces('Registration for the summer camp closes before 15 May, max 20 kids.', 'Change of plan: registration for the summer camp closes before 1 June, max 20 kids.')).toMatch(/date: may 15 → june 1/);
  });

  it('names as the replaced value only what the replacement changed, not what it kept', () => {
    const older = view('Let us deliver to Café Linde every Tuesday at 6:00.');
    const newer = view('From March we deliver to Café Linde on Wednesdays instead, still at 6:00.');
    expect(restatesRetired(older, newer, view('We deliver to Café Linde on Wednesdays at 6:00.'))).toBeNull();
    expect(restatesRetired(older, newer, view('We deliver to Café Linde on Tuesdays at 6:00.'))).toBe('it gives tuesday, the value that was replaced');
  });

  it('reads two things joined each with its own value of one slot as two clauses: a change of one retires nothing of the other', () => {
    const older = view('U12 Monday 17:30-19:00 and U14 Wednesday 18:00-19:30.');
    const newer = view('U14 Thursday 18:00-19:30 on Pitch 2.');
    expect(older.clauses.map((c) => [...c.anchor])).toEqual([['u12'], ['u14']]);
    expect(restatesRetired(older, newer, view("I'd like U12 Monday 17:45 to 19:15."))).toBeNull();
    expect(restatesRetired(older, newer, view('U14 Wednesday as usual.'))).toBe('it gives wednesday, the value that was replaced');
    expect(view('Backups 30 days and logs 90 days.').clauses).toHaveLength(2);
    // Not parallel so: values of one thing, a range, one thing done by two, a part that opens with its value.
    for (const one of ['Tuesday and Thursday at 9.', 'Open between 9 and 17.', 'Mia and Jo do the Friday shift.', 'We had 96 orders on 31 December and 141 on 2 January.']) expect(view(one).clauses).toHaveLength(1);
  });

  it('reads a replacement that is all value and swaps one of a set on the subject of the set it changed', () => {
    const older = view('Tuesday + Friday delivery rounds.');
    const newer = view('Tuesday and Thursday, yes.');
    expect(restatesRetired(older, newer, view("I'll add the charge to the Friday round sheet from next week."))).toBe('it gives friday, the value that was replaced');
    // The day kept, or the one it brought, is no old value.
    expect(restatesRetired(older, newer, view("I'll add the charge to the Tuesday round sheet from next week."))).toBeNull();
    expect(restatesRetired(older, newer, view("I'll add the charge to the Thursday round sheet from next week."))).toBeNull();
    // A set that only grew says nothing of which thing the new day is of.
    expect(restatesRetired(older, view('Tuesday, Thursday and Friday.'), view("I'll add the charge to the Friday round sheet from next week."))).toBeNull();
  });

  it('reads one number per another as a ratio: a corrected ratio given again is the wrong fact again', () => {
    const wrong = view('Lifeguards 1 per 50 bathers as last year.');
    const correction = view('Ratio is 1 per 40 now, county changed it in the autumn.');
    expect(restatesRetired(wrong, correction, view('Current setup: open 7:00 to 20:00, lifeguards 1 per 50 bathers.'), false, true)).toMatch(/1 per 50/);
    expect(restatesRetired(wrong, correction, view('Current setup: open 7:00 to 20:00, lifeguards 1 per 40 bathers.'), false, true)).toBeNull();
    // Two counts are not a ratio: "50 bathers" alone is no wrong fact.
    expect(restatesRetired(wrong, correction, view('Up to 50 bathers in the outdoor pool.'), false, true)).toBeNull();
  });

  it('takes a firm subject with one word flipped as a reversal when the newer clause says it reverses', () => {
    // One shared word that agrees and one that flips is the firm subject itself; without a cue it
    // could be a mention, with "reverse that" it is the rule turned round.
    expect(replaces('No autoplay for the shop videos: a visitor starts them.', 'Reverse that: shop videos autoplay once the page has loaded.')).toMatch(/allows "autoplay"/);
    expect(replaces('No autoplay for the shop videos: a visitor starts them.', 'Shop videos autoplay once the page has loaded.')).toBeNull();
  });

  it('needs the subject to be shared beyond the word a rule rules out', () => {
    // "X, not Y" rules Y out as the X of the subject, not every mention of Y.
    expect(contradiction(view('The house wine has to be Riesling, not Silvaner.'), view('Tasting notes: Franconia, Silvaner, dry white wines.'), generic, true, 'firm')).toBeNull();
    expect(contradiction(view('The house wine has to be Riesling, not Silvaner.'), view('Draft: our house wine is Silvaner.'), generic, true, 'firm')).toMatch(/Silvaner/);
    // Two words that flip together are a firm subject of their own.
    expect(contradiction(view('No automatic retries.'), view('Re-enable automatic retries for the flaky suite.'), generic, true, 'firm')).toMatch(/ruled out/);
  });

  it('finds the whole of a short replaced decision asserted again, not a text that names it to drop it', () => {
    const retired = view('Side entrance then.');
    const replaced = view('Please use the loading bay for deliveries and lock the old back door.');
    expect(restatesRetired(retired, replaced, view('Draft: deliveries are brought to the Lindenstraße side entrance every morning.'))).toMatch(/restates/);
    expect(restatesRetired(retired, replaced, view('Draft: deliveries no longer go to the side entrance.'))).toBeNull();
  });

  it('does not read a one-word ban as ruling out every later mention of the word', () => {
    expect(contradiction(view('No dates, please.'), view('The new date for the beta is the 21st.'), generic, true, 'loose')).toBeNull();
    expect(contradiction(view('No vouchers - not for the wreaths, not anywhere.'), view('Candles -15 % and a candle and wreath voucher at 49.'), generic, true, 'loose')).toMatch(/voucher/);
  });

  it('finds a later text that restates a replaced fact, not one that restates the replacement', () => {
    const retired = view('Invoices are printed and posted to every client each month.');
    const replaced = view('Invoices go out by email only, with the PDF attached.');
    expect(restatesRetired(retired, replaced, view('Draft: invoices are printed and posted to all clients at month end.'))).not.toBeNull();
    expect(restatesRetired(retired, replaced, view('Draft: invoices go out by email with the PDF attached.'))).toBeNull();
  });

  it('reads a replaced value, not the subject it was a value of, as what a later text must give to restate it', () => {
    const retired = view('14 days before the due date.');
    const later = view("Set: 12 months for dogs, 6 months for rabbits. I'll start with the April due dates.");
    for (const replaced of [view('7 days before, and sms + email from now on.'), view('From now on 7 days before the due date, by sms and email.')]) {
      expect(restatesRetired(retired, replaced, later)).toBeNull();
    }
    expect(restatesRetired(retired, view('From now on 7 days before the due date, by sms and email.'), view('Reminders go out 14 days before the due date.'))).toMatch(/gives 14 day/);
    // A replacement that swapped part of the subject as well retired the subject too.
    const lyreco = view('We order the office paper from Lyreco every Monday.');
    expect(restatesRetired(lyreco, view('From now on we order the office paper from Viking on Thursdays instead.'), view('Ordering the office paper from Lyreco today.'))).not.toBeNull();
    // A replacement that gave no value anew leaves the subject itself retired.
    expect(restatesRetired(view('Invoices are printed and posted to every client each month.'), view('Invoices go out by email only.'), view('Invoices are printed and posted to every client.'))).not.toBeNull();
  });

  it('reads a replacement that is all value as giving it on the subject of what it replaced', () => {
    const retired = view('Tyre checks 30 days after the last service.');
    const replaced = view('45 days then.');
    expect(restatesRetired(retired, replaced, view('Current plan: tyre checks 30 days after the last service, email first.'))).toBe('it gives 30 day, the value that was replaced');
    expect(restatesRetired(retired, replaced, view('Current plan: tyre checks 45 days after the last service.'))).toBeNull();
    expect(restatesRetired(retired, replaced, view('Invoices are due 30 days after delivery.'))).toBeNull();
    // One value of each slot is enough, whatever other slots it sets.
    expect(restatesRetired(view('Tyre checks 30 days after the last service, at 09:00.'), view('45 days, at 10:00 then.'), view('Current plan: tyre checks 30 days after the last service.'))).toBe('it gives 30 day, the value that was replaced');
    // Of two durations the older decision set, a value alone says nothing of which it replaced.
    const two = view('Tyre checks 30 days after the last service, brake checks every 90 days.');
    expect(restatesRetired(two, replaced, view('Current plan: brake checks every 90 days.'))).toBeNull();
  });
});

describe('relations given by what a decision answers', () => {
  it('a new value in answer to a message naming the old one replaces the decision holding it', () => {
    const asked = view('The tenant has a dentist slot on Tuesday. She asks if Wednesday suits us.');
    expect(answeredValueChange(view('Tuesday 9 is fine.'), view('Then Wednesday at 7:45.'), asked)).toMatch(/weekday: tuesday → wednesday/);
    expect(answeredValueChange(view('Tuesday 9 is fine.'), view('Then Wednesday at 7:45.'), view('The samples arrive next week.'))).toBeNull();
    expect(answeredValueChange(view('Tuesday 9 is fine.'), view('Then Wednesday at 7:45.'), null)).toBeNull();
  });

  it("inside one discussion, an answer with a subject of its own replaces an all-value decision only where the question speaks of that subject or offers the answer's value", () => {
    // (What the answered message puts up, as the in-task pass reads it.)
    const offered = (text: string) => offeredViewOf(text, engine.lexicon.subjects, engine.lexicon);
    const recap = offered('Summary so far: 140 guests. Tasting Thu May 15, 4pm, 4 people. Anything to add?');
    // A step of the speaker's own on another thing, with another day, changes nothing of the tasting's.
    expect(answeredValueChange(view('Make it Thursday May 15, same time.'), view('On Monday I do the shopping list.'), recap, true)).toBeNull();
    // One that speaks of the tasting moves it; so does one the question offers its day to.
    expect(answeredValueChange(view('Make it Thursday May 15, same time.'), view('The tasting moves to Monday May 19.'), recap, true)).toMatch(/monday|may 19/);
    // A question that says the old value changes is about it, whatever the answer names beside.
    const broke = offered('Update: Brandt just called, their van broke down and Thursday no longer works for them. What should I tell them?');
    expect(answeredValueChange(view('Thursday 10 is fine.'), view('Repair visit Monday at 9 then, tell them the caretaker is only around in the mornings.'), broke, true)).toMatch(/thursday → monday/);
    const asked = offered('Mrs. Hoffmann just wrote: her husband has a hospital appointment on Thursday morning. She asks whether Friday would work.');
    expect(answeredValueChange(view('Thursday 10 is fine.'), view("Friday at 8:30, before Clara's site meeting at the Stadtwerke."), asked, true)).toMatch(/08:30|friday/);
  });

  it('from another task, a person both name ties no answer to the old decision: a thing must', () => {
    const older = view('Lake Street, Sundays 9 till 2, with the short menu.');
    const rota = view('Draft rota:\n- Hill Road, Mon-Sat 8:00-17:00: Omar Tue-Sat, Bea Mon\n- Lake Street Sundays 9:00-14:00: Omar and Kim');
    // Omar is on both lines; the answer is about Omar Khan's Saturdays at Hill Road, not Lake Street's Sundays.
    expect(answeredValueChange(older, view("Give Bea Omar Khan's Saturdays at Hill Road."), rota)).toBeNull();
    // An answer that names the thing of the old value's line still replaces it.
    expect(answeredValueChange(older, view('Lake Street opens on Saturdays instead.'), rota)).toMatch(/weekday: sunday → saturday/);
  });

  it('an option picked from its own clause replaces only what that clause names', () => {
    const asked = view('Corrected: the kiosk opens Sundays 10:00-14:00. With Mira away, the kiosk has only Ben on Saturdays. Options:\nA) Ben on his own on Saturdays\nB) Karl covers after the delivery\nC) Bring in a Saturday helper for June');
    // C names no Sunday: the Sunday hours the message states beside it stand.
    expect(answeredValueChange(view('Sundays are 10 to 2 now.'), view('Bring in a Saturday helper for June.'), asked, true)).toBeNull();
    // An answer in words of its own that the options do not hold is read against the whole question.
    expect(answeredValueChange(view('Sundays it is.'), view('Open on Saturdays then.'), asked, true)).toBe('a new weekday: sunday → saturday');
    const swap = view('Options:\nA) keep the Sunday opening\nB) open on Saturday instead of Sunday');
    expect(answeredValueChange(view('Sundays it is.'), view('Open on Saturday instead of Sunday.'), swap, true)).toBe('a new weekday: sunday → saturday');
  });

  it('an option picked from its own clause of the recap in force replaces nothing the recap states beside it', () => {
    const recap = view('Corrected: the kiosk opens Sundays 10:00-14:00. With Mira away, the kiosk has only Ben on Saturdays. Options:\nA) Ben on his own on Saturdays\nB) Karl covers after the delivery\nC) Bring in a Saturday helper for June');
    expect(recappedValueChange(view('Kiosk: Sundays 9 till 1, small menu.'), view('Bring in a Saturday helper for June.'), recap)).toBeNull();
    expect(recappedValueChange(view('Kiosk: Sundays 9 till 1, small menu.'), view('The kiosk opens on Saturdays then.'), recap)).toMatch(/weekday: sunday → saturday/);
  });

  it('reads an hour written with its sign as a span of hours, and after a word that says when as that hour of the clock', () => {
    const values = (t: string) => view(t).clauses.flatMap((c) => c.values.map((v) => `${v.key}=${v.value}`));
    expect(values('Refunds within 48h are approved.')).toEqual(['duration=48 hour']);
    expect(values('Refunds within 48 h are approved.')).toEqual(['duration=48 hour']);
    expect(values('Refunds within 48 hours are approved.')).toEqual(['duration=48 hour']);
    expect(values('Refund only 1.5 h of overtime.')).toEqual(['duration=1.5 hour']);
    expect(values('Entregamos en 24h.')).toEqual(['duration=24 hour']);
    // Up to 24 it may be an hour of the clock: read as the number would be read without the sign.
    expect(values('The hall opens at 19h.')).toEqual(['time=19:00']);
    expect(values('Abrimos a las 9h.')).toEqual(['time=09:00']);
    expect(values('Cafés send the order by Friday 12h.')).toEqual(['time=12:00', 'weekday=friday']);
    expect(values('Night shifts begin 19h, handover 7h.').filter((v) => v.startsWith('duration'))).toEqual([]);
    expect(values('Doors 19h, concert 20h.').filter((v) => v.startsWith('duration'))).toEqual([]);
    expect(values('The night shift starts at 1900h.').filter((v) => v.startsWith('duration'))).toEqual([]);
    // A span beside it in the same sentence makes no hour of the clock a span, nor does "for".
    expect(values('The ferry leaves Friday 18h, the crossing takes 30h.')).toEqual(['time=18:00', 'duration=30 hour', 'weekday=friday']);
    expect(values('Dinner reservations are for 19h.').filter((v) => v.startsWith('duration'))).toEqual([]);
    // The other end of a range of spans is a span; a range of hours of the clock stays so.
    expect(values("Let's move it from 24h to 48h.")).toEqual(['duration=24 hour', 'duration=48 hour']);
    expect(values('Deliveries from 14h to 16h.').filter((v) => v.startsWith('duration'))).toEqual([]);
    expect(values('The ferry leaves Friday 18h, 30h crossing.')).toEqual(['time=18:00', 'duration=30 hour', 'weekday=friday']);
    expect(values('El ferry sale el viernes 18h y 30h de travesía.').filter((v) => v.startsWith('time'))).toEqual(['time=18:00']);
    // Two codes of one kind ("P2", "P3") are two things: a new value of one leaves the other.
    expect(valueReplacement(view('P3 first reply within 48h.'), view('P2 first reply within 4h.'), 'loose')).toBeNull();
    expect(valueReplacement(view('P2 first reply within 8h.'), view('P2 first reply within 4h.'), 'loose')).toMatch(/duration: 8 hour → 4 hour/);
    expect(valueReplacement(view('Tank FV1 runs at 10 °C.'), view('Tank FV4 runs at 12 °C.'), 'loose')).toBeNull();
    // So the span written either way is one value, and a new one replaces it.
    expect(valueReplacement(view('Refund window: 48h.'), view('The refund window goes to 72 hours.'), 'loose')).toMatch(/duration: 48 hour → 72 hour/);
  });

  it('where the recap names several values of the slot, the clause that puts the new value up beside one other names the one it replaces', () => {
    const recap = view('The text reminders have run for 6 weeks. Some owners say 48 hours ahead is too early. Options: keep 48 hours, move to 24 hours, or send both.');
    expect(recappedValueChange(view('Reminder timing: 48h ahead.'), view('Switch to 24 hours.'), recap)).toMatch(/duration: 48 hour → 24 hour/);
    // An options clause whose other value is not the one in force leaves it to the rest of the recap, which names two.
    const other = view('The text reminders have run for 6 weeks. Some owners say 48 hours ahead is too early. Options: 12 hours or 24 hours.');
    expect(recappedValueChange(view('Reminder timing: 48h ahead.'), view('Switch to 24 hours.'), other)).toBeNull();
  });

  it('reads a bare number as the recap reads it: the count of the one thing it counts by it, or its one measure in it', () => {
    const recap = view('Two weeks with the 50-word cap: most teasers fit up to about 60 words. Options: keep 50, or raise to 60.');
    expect(recappedValueChange(view('Cap teasers at 50 words.'), view('Raise to 60.'), recap)).toMatch(/number of word: 50 → 60/);
    // A number the recap counts nothing by, or counts two things by, is read as no count of either.
    expect(recappedValueChange(view('Cap teasers at 50 words.'), view('Raise to 70.'), recap)).toBeNull();
    const two = view('Two weeks with the 50-word cap: most teasers fit up to about 60 words, and 60 readers complained. Options: keep 50, or raise to 60.');
    expect(recappedValueChange(view('Cap teasers at 50 words.'), view('Raise to 60.'), two)).toBeNull();
    // A number with words of its own is read so too, in the one measure the recap gives it.
    const order = view('Current rye order: 1 tonne per drop. Options: raise it to 1.5 tonnes per drop, or keep 1 tonne.');
    expect(recappedValueChange(view('Rye: 1 tonne per drop.'), view('1.5 per drop.'), order)).toMatch(/weight: 1 t → 1.5 t/);
  });

  it('an answer that says which value it rules out replaces that one, not another value of the slot the message gives', () => {
    const asked = view('Priorities: P1 paged at once. P2 = one user affected, first reply within 8h. P3 = everything else, 48h. Okay?');
    expect(answeredValueChange(view('Refunds only within 48h.'), view('P2 first reply within 4h, not 8.'), asked, true)).toBeNull();
    expect(answeredValueChange(view('P2 first reply within 8 hours.'), view('P2 first reply within 4h, not 8.'), asked, true)).toMatch(/duration: 8 hour → 4 hour/);
    // On the older decision's own subject the value ruled out may be an alternative just put up: the value in force still goes.
    const moving = view('The release cut is on Thursday. Shall we move the cut to Friday?');
    expect(answeredValueChange(view('Release cut on Thursday.'), view('The cut moves to Tuesday, not Friday.'), moving, true)).toMatch(/weekday: thursday → tuesday/);
  });

  it('an answer that gives the old value again, in the unit the question names, keeps it', () => {
    const asked = view('Adult entry is £9 since March, the hall fee went up.');
    expect(answeredValueChange(view('Adults 9.'), view('£11 / £4 then.'), asked)).toBe('a new amount: 9 gbp → 11 gbp');
    // "£9 / £4": the £9 is the old value said again; the £4 is another price, not the adults' new one.
    expect(answeredValueChange(view('Adults 9.'), view('£9 / £4 then.'), asked)).toBeNull();
    expect(answeredValueChange(view('One helper per 9 children over 12.'), view('£9 / £4 then.'), asked)).toBeNull();
  });

  it('reads a question that puts the new value in place of the old one as naming the old one', () => {
    const asked = view('Because the purge moves to Saturdays, the first run would be Saturday 7 March rather than Sunday 1 March. Is that ok?');
    expect(answeredValueChange(view('1 March.'), view('Fine, 7 March then.'), asked, true)).toMatch(/date: march 1 → march 7/);
    // Another date it rules out is not the one the older decision set.
    const other = view('The first run would be Saturday 7 March rather than Sunday 8 March. Is that ok?');
    expect(answeredValueChange(view('1 March.'), view('Fine, 7 March then.'), other, true)).toBeNull();
  });

  it('reads the question a message asks as what it puts up, and a bare number answering it in the unit of the value it names', () => {
    const cap = view('Cap it at 5,000 words main text, reviewers dont read more anyway.');
    const message = 'Understood: the target changes to ACS Energy Letters. The current draft is 4,930 words with 5 main figures. Should I keep the 5,000-word cap or set a new one?';
    expect(answeredValueChange(cap, view('4,000.'), askedViewOf(message, engine.lexicon.subjects, engine.lexicon), false, true)).toBe('a new number of word: 5000 → 4000');
    // (Read as claims, the message's question is not there, and the answer has nothing to replace.)
    expect(answeredValueChange(cap, view('4,000.'), view(message), false, true)).toBeNull();
    // A number the message offers as another kind of value is that value: "fine with 80" takes the 80 %.
    const chargers = view('Allow 4 chargers in parallel overnight while the workshop is closed.');
    const report = askedViewOf('Grid peak max 612 kW with 4 chargers. Proposal: lower the charge target to 80%. Switch?', engine.lexicon.subjects, engine.lexicon);
    expect(answeredValueChange(chargers, view('fine with 80'), report, false, true)).toBeNull();
    expect(answeredValueChange(chargers, view('fine with 3'), report, false, true)).toBe('a new number of charger: 4 → 3');
  });

  it('reads a bare number the older decision set in the one unit the question gives that number', () => {
    const rate = view('Buffet 42, vegetarian mains.');
    const asked = (text: string) => askedViewOf(text, engine.lexicon.subjects, engine.lexicon);
    const options = asked('For 90 covers (buffet, vegetarian mains): keep €42, group rate €40, or €39?');
    expect(answeredValueChange(rate, view('€39.'), options, false)).toBe('a new amount: 42 eur → 39 eur');
    // A question that gives the number in two units says nothing of which one was meant.
    const mixed = asked('For 90 covers (buffet, vegetarian mains): keep €42 for 42 minutes, or €39?');
    expect(answeredValueChange(rate, view('€39.'), mixed, false)).toBeNull();
    // Nor does one that gives the number in another reading too, or asks about something else.
    expect(answeredValueChange(view('Buffet for 40, vegetarian mains.'), view('€38.'), asked('Buffet for 40 guests: €40 per head, or €38?'), false)).toBeNull();
    expect(answeredValueChange(view('Room 42 for the workshop.'), view('€39.'), asked('Workshop lunch: keep €42 per head, or €39?'), false)).toBeNull();
    expect(answeredValueChange(view('Gate 5 for the truck.'), view('3 days.'), asked('Truck: 5 days or 3 days?'), false)).toBeNull();
    // A decision that is all value has no subject of its own to miss.
    expect(answeredValueChange(view('Ok 2.95 from May 1.'), view('€2.90.'), asked('Options: A) hold €2.95 B) €2.90 C) back to €2.85'), false)).toBe('a new amount: 2.95 eur → 2.9 eur');
    // Without the question the bare number is no amount, and the answer replaces nothing.
    expect(answeredValueChange(rate, view('€39.'), asked('For 90 covers the kitchen needs two more cooks, buffet or not?'), false)).toBeNull();
  });

  it('lets a later task retire the decision whose value a change of plan names as the one it replaces', () => {
    const kept = decision('DEC-20260119-001', 'T1', '24 months for full tickets.', '2026-01-19T10:00:00+01:00');
    const change = decision('DEC-20260216-001', 'T2', 'From now on 12 months instead of 24.', '2026-02-16T10:00:00+01:00');
    const laptops = decision('DEC-20260119-002', 'T3', 'Laptops are replaced every 24 months.', '2026-01-19T11:00:00+01:00');
    const sourceText = () => 'Change of plan on ticket retention. The district template sets 12 months for support tickets. So from now on 12 months instead of 24.';
    relateNewDecisions({ decisions: [kept, laptops, change] }, [change], engine.lexicon, undefined, { sourceText });
    expect(kept).toMatchObject({ status: 'superseded', superseded_by: change.id });
    expect(kept.superseded_reason).toMatch(/rules out 24 month \(from-now-on\)/);
    // The message speaks of tickets: the laptops' 24 months stand.
    expect(laptops).toMatchObject({ status: 'active', superseded_by: null });
    // A decision holding another value of the slot stands, and without the message nothing ties the two.
    const other = decision('DEC-20260119-001', 'T1', '36 months for full tickets.', '2026-01-19T10:00:00+01:00');
    const change2 = decision('DEC-20260216-001', 'T2', 'From now on 12 months instead of 24.', '2026-02-16T10:00:00+01:00');
    relateNewDecisions({ decisions: [other, change2] }, [change2], engine.lexicon, undefined, { sourceText });
    expect(other).toMatchObject({ status: 'active', superseded_by: null });
    // A message that mentions the laptops only in passing, before it announces the change, ties nothing to them.
    const laptops2 = decision('DEC-20260119-002', 'T3', 'Laptops are replaced every 24 months.', '2026-01-19T11:00:00+01:00');
    const change4 = decision('DEC-20260216-001', 'T2', 'From now on 12 months instead of 24.', '2026-02-16T10:00:00+01:00');
    relateNewDecisions({ decisions: [laptops2, change4] }, [change4], engine.lexicon, undefined, { sourceText: () => 'Thanks, the new laptops arrived. Change of plan on ticket retention: from now on 12 months instead of 24.' });
    expect(laptops2).toMatchObject({ status: 'active', superseded_by: null });
    // Accepted from the review queue in its own task, it meets that task's decisions as the in-task pass does.
    const own = decision('DEC-20260119-001', 'T1', '24 months for full tickets.', '2026-01-19T10:00:00+01:00');
    const accepted = decision('DEC-20260216-001', 'T1', 'From now on 12 months instead of 24.', '2026-02-16T10:00:00+01:00', { origin: 'review' });
    relateNewDecisions({ decisions: [own, accepted] }, [accepted], engine.lexicon);
    expect(own).toMatchObject({ status: 'superseded', superseded_by: accepted.id, superseded_reason: 'it rules out 24 month (from-now-on)' });
    const untied = decision('DEC-20260119-001', 'T1', '24 months for full tickets.', '2026-01-19T10:00:00+01:00');
    const change3 = decision('DEC-20260216-001', 'T2', 'From now on 12 months instead of 24.', '2026-02-16T10:00:00+01:00');
    relateNewDecisions({ decisions: [untied, change3] }, [change3], engine.lexicon);
    expect(untied).toMatchObject({ status: 'active', superseded_by: null });
  });

  it('lets a bare number answering the question of a later task retire the decision whose value the question names', () => {
    const cap = decision('DEC-20260209-002', 'T1', 'Cap it at 5,000 words main text, reviewers dont read more anyway.', '2026-02-09T10:00:00+01:00');
    const answer = decision('DEC-20260226-003', 'T2', '4,000.', '2026-02-26T10:00:00+01:00');
    const asked = 'Understood: the target changes to ACS Energy Letters. Should I keep the 5,000-word cap or set a new one?';
    relateNewDecisions({ decisions: [cap, answer] }, [answer], engine.lexicon, undefined, { askedText: () => asked });
    expect(cap).toMatchObject({ status: 'superseded', superseded_by: answer.id });
    // Asked about something else, the same number retires nothing.
    const cap2 = decision('DEC-20260209-002', 'T1', 'Cap it at 5,000 words main text, reviewers dont read more anyway.', '2026-02-09T10:00:00+01:00');
    const other = decision('DEC-20260226-003', 'T2', '4,000.', '2026-02-26T10:00:00+01:00');
    relateNewDecisions({ decisions: [cap2, other] }, [other], engine.lexicon, undefined, { askedText: () => 'How many flyers should I print for the open day?' });
    expect(cap2.status).toBe('active');
    // A question that names another thing's value beside its own is read for a bare number only:
    // "9:00." for the blog digest changes no newsletter time.
    const newsletter = decision('DEC-20260105-001', 'T1', 'From now on the newsletter goes out on Thursdays at 17:00.', '2026-01-05T09:00:00Z');
    const digest = decision('DEC-20260301-001', 'T2', '9:00.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [newsletter, digest] }, [digest], engine.lexicon, undefined, { askedText: () => 'Should the blog digest also go out at 17:00 like the newsletter, or at 9:00?' });
    expect(newsletter.status).toBe('active');
  });

  it('lets a bare value retire the decision whose value a colleague argued against just before, when its message announces the change', () => {
    const textAt = (texts: string[]) => (at: number) => texts[at];
    const talk = ['the reminder ppl ring and there is nothing free for 2 weeks', 'Since 4 March: 96 reminders sent, 61 bookings, most after the due date.', 'so 14 days is pointless with our diary', 'ok, 21 days then. from now on for all vaccine reminders'];
    // What the decision answers: the agent's report it draws on, and the value argued about just before it.
    expect(questionText({ sourceMessages: [1, 3], messageIndex: 3 }, textAt(talk), engine.statements)).toBe(`${talk[1]}\n${talk[2]}`);
    expect(questionText({ sourceMessages: [1, 3], messageIndex: 3 }, textAt([...talk.slice(0, 2), 'hm, that is a pity', talk[3]]), engine.statements)).toBe(talk[1]);
    const relate = (source: string) => {
      const reminder = decision('DEC-20260303-001', 'T1', '14 days before the due date.', '2026-03-03T09:00:00Z');
      const changed = decision('DEC-20260324-002', 'T2', '21 days then.', '2026-03-24T09:00:00Z');
      relateNewDecisions({ decisions: [reminder, changed] }, [changed], engine.lexicon, undefined, { askedText: () => `${talk[1]}\n${talk[2]}`, sourceText: () => source, spokenBy: () => 'human' });
      return reminder;
    };
    expect(relate(talk[3])).toMatchObject({ status: 'superseded', superseded_by: 'DEC-20260324-002' });
    // Without a change announced, a value said in another task's talk is not enough to go on.
    expect(relate('ok, 21 days then.').status).toBe('active');
  });

  it("lends a decision that is all value the question's subject only where the answer from another task speaks of it", () => {
    const report = view('Post-event report: occupancy 98.6%, ADR €221.70. Segelclub block: 12 rooms × 8 nights at €185.');
    // The report names the €185 of the group block; the answer sets the Saturday rate.
    expect(answeredValueChange(view('€185 then, but non-refundable.'), view('For 2027 we start at €239 on Saturdays.'), report)).toBeNull();
    // An answer about the block, or one that is all value too, takes the report's subject.
    expect(answeredValueChange(view('€185 then, but non-refundable.'), view('For 2027 the Segelclub block goes to €195.'), report)).toMatch(/amount: 185 eur → 195 eur/);
    expect(answeredValueChange(view('€185 then, but non-refundable.'), view('€195 then.'), report)).toMatch(/amount: 185 eur → 195 eur/);
  });

  it('reads a question from another task as naming the old value only in a clause about its subject', () => {
    const report = view('Plan for the stocktake, Saturday night (times local). The window poster text is ready.');
    // The report mentions a Saturday, but not about the orders the older decision counted.
    expect(answeredValueChange(view('Pickup is 8% of Saturday orders.'), view('Plan looks fine: the window poster goes up Thursday 07:00.'), report)).toBeNull();
    // Inside one discussion the question may be about the answer's subject.
    expect(answeredValueChange(view('For legibility I deepen the green to #15803D.'), view('Headings go to #166534 everywhere.'), view('#15803D reads fine on white, but most headings sit on the photo banner.'), true)).toMatch(/colour/);
    expect(answeredValueChange(view('For legibility I deepen the green to #15803D.'), view('Headings go to #166534 everywhere.'), view('#15803D reads fine on white, but most headings sit on the photo banner.'))).toBeNull();
    // Inside one discussion too, an answer about a thing of its own changes no value of another.
    const corrected = view('Sorry. Corrected: 4,800 ml at €0.30 is €1,440, +50% express is €2,160. Send as PDF?');
    expect(answeredValueChange(view('Express is +50%.'), view("Offer 4 days at +30%, that's a new 'priority' tier."), corrected, true)).toBeNull();
    expect(answeredValueChange(view('Express is +50%.'), view('Express goes to +40% then.'), corrected, true)).toMatch(/percent/);
    // A clause that only takes the old decision on is no question of it: the options after it are.
    const options = view("Thanks Jonas, you're right: Thursday closing is 19:30. Options: (a) keep 18:30 and cap it at 60 min incl. Q&A, (b) start at 18:00, doors 17:45.");
    expect(answeredValueChange(view('We close at 19:30 on thursdays, not 20:00.'), view('Start at 18:00, doors 17:45.'), options, true)).toBeNull();
    expect(answeredValueChange(view('Thursday closing is 19:30.'), view('We close at 19:00 on thursdays now.'), view('The Thursday closing is 19:30. Should we close earlier?'), true)).toMatch(/19:30 → 19:00/);
    // From another task, an answer about another thing of the draft leaves the old decision standing;
    // one about its thing, or with no subject of its own, replaces it.
    const draft = view('Draft: check-in 05:30 at the school gym. Briefing 05:45. Race start 07:30.');
    expect(answeredValueChange(view('Check-in needs to be 05:30.'), view('Briefing at 06:00 now, the speeches eat the slot.'), draft)).toBeNull();
    expect(answeredValueChange(view('Check-in needs to be 05:30.'), view('Check-in at 05:15 now, the gym opens earlier.'), draft)).toMatch(/05:30 → 05:15/);
    expect(answeredValueChange(view('Check-in needs to be 05:30.'), view('05:15 then.'), draft)).toMatch(/05:30 → 05:15/);
  });

  it('reads a word of assent in German or Spanish as naming no subject, as the English ones do', () => {
    for (const said of ['16:00 is fine.', '16 Uhr passt.', 'Vale, 16:00.', 'Einverstanden, 16 Uhr.']) expect([said, view(said).clauses.map((c) => [...c.anchor])]).toEqual([said, [[]]]);
    // So a decision that is all value is replaced by the answer to a question about its value.
    const asked = view('Moving the cut-off from 16:00 to 15:30 would bring late arrivals down to 2%. Should I update the portal?');
    expect(answeredValueChange(view('16 Uhr passt.'), view('15:30 from Monday 16th.'), asked)).toMatch(/16:00 → 15:30/);
  });

  it('a decision that is all value is replaced only where the question points at its value', () => {
    // The question names two weekdays in one clause: the answer replaces neither for certain.
    const twoDays = view('The print shop currently sends proofs by Friday noon ahead of the Monday mailing. For a Thursday mailing I need them earlier.');
    expect(answeredValueChange(view('So much for Monday.'), view('Tuesday noon.'), twoDays, true)).toBeNull();
    // One weekday in the clause, or the old and the new side by side, point at it.
    expect(answeredValueChange(view('Monday it is.'), view('Tuesday then.'), view('The printer is closed on Monday. The print shop asks for another day.'), true)).toMatch(/weekday: monday → tuesday/);
    expect(answeredValueChange(view('Monday it is.'), view('Tuesday then.'), view('The printer is closed on Monday but has Tuesday free.'), true)).toMatch(/weekday: monday → tuesday/);
  });

  it('keeps a slot whose old value the answer gives again', () => {
    const asked = view('The night bake finishes around 04:40. I can set the van loading for 05:30, before the 07:00 opening.');
    const older = view('Set the van loading for 05:30, after the bake and well ahead of the 07:00 opening.');
    expect(answeredValueChange(older, view('The night bake moves to 03:50 from March, so 05:30 still works.'), asked, true)).toBeNull();
    expect(answeredValueChange(older, view('Then the van loading at 06:00.'), asked, true)).toMatch(/time: 05:30 → 06:00/);
  });

  it("a later text giving a third value for a corrected slot goes against the correction, whatever the correction's words", () => {
    const corrected = view('Draft quote for Vogt: 4 training days, delivery within 30 days.');
    const correction = view('Lieferfrist ist immer 10 Tage, never 30.');
    expect(restatesRetired(corrected, correction, view('Draft quote for Lindner: 2 training days, delivery within 21 days.'), false, true)).toMatch(/21 day where the correction set 10 day/);
    expect(restatesRetired(corrected, correction, view('Draft quote for Lindner: 2 training days, delivery within 10 days.'), false, true)).toBeNull();
    // Without knowing it is a correction, two texts sharing no subject word are not related.
    expect(restatesRetired(corrected, correction, view('Draft quote for Lindner: 2 training days, delivery within 21 days.'), false)).toBeNull();
  });

  it('reads a value a correction gives alone as kept, and one it gives beside another of its slot as the wrong one quoted', () => {
    const corrected = view('U12 training starts Monday at 17:30.');
    const correction = view('Monday is 17:45 not 17:30, we changed it in March for the parents.');
    expect(restatesRetired(corrected, correction, view('U12 training Monday at 17:45 from June.'), false, true)).toBeNull();
    expect(restatesRetired(corrected, correction, view('U12 training Monday at 17:30 from June.'), false, true)).toBe('it gives 17:30, the value that was replaced');
    // Days are listed together: a correction that gives Monday beside another day keeps it.
    for (const listed of ['Monday and Wednesday are 17:45, not 17:30.', 'Monday is 17:45 not 17:30, Wednesday stays at 18:00.'])
      expect(restatesRetired(corrected, view(listed), view('U12 training Monday at 17:45 from June.'), false, true)).toBeNull();
    // "7 days is too short, we keep 30": the 7 it gives again is the wrong one.
    const draft = view('Draft: keep the backups 7 days.');
    expect(restatesRetired(draft, view('No, 7 days is too short, we keep them 30 days.'), view('Backups are kept 7 days.'), false, true)).toMatch(/7 day/);
  });

  it('reads a value of a list the correction left alone as the value of its own thing', () => {
    // A schedule gives one slot for several things; the correction moved one of them.
    const corrected = view('Programme for the open evening: doors 17:00, talks 17:30, buffet 19:00, last bus 22:15.');
    const correction = view('The talks start at 18:00 now, the head teacher is in a meeting until then.');
    // A later draft that gives the other things their times says nothing against it…
    expect(restatesRetired(corrected, correction, view('Flyer text: doors open at 17:00; the buffet is at 19:00; the last bus leaves at 22:15.'), false, true)).toBeNull();
    // …one that gives the talks the old time, or a third one, does.
    expect(restatesRetired(corrected, correction, view('Flyer text: doors open at 17:00; the talks start at 17:30.'), false, true)).toMatch(/17:30, the value that was replaced/);
    expect(restatesRetired(corrected, correction, view('Flyer text: doors open at 17:00; the talks start at 18:30.'), false, true)).toMatch(/18:30 where the correction set 18:00/);
  });
});

describe('across tasks', () => {
  it('a reversal in a later task supersedes; a conflict without one is a contradiction', () => {
    const standup = decision('DEC-20260105-001', 'T1', 'The team standup is at 9:30 every day.', '2026-01-05T09:00:00Z');
    const moved = decision('DEC-20260301-001', 'T2', 'From now on the team standup is at 10:15 every day.', '2026-03-01T09:00:00Z');
    const ban = decision('DEC-20260106-001', 'T3', 'No browser plugins on the kiosk laptops.', '2026-01-06T09:00:00Z', { type: 'constraint' });
    const plugin = decision('DEC-20260302-001', 'T4', 'Install the ad blocker plugin on the kiosk laptops.', '2026-03-02T09:00:00Z');
    const registry = { decisions: [standup, moved, ban, plugin] };
    const found = relateNewDecisions(registry, [moved, plugin], engine.lexicon);
    expect(standup).toMatchObject({ status: 'superseded', superseded_by: moved.id });
    expect(moved.supersedes).toBe(standup.id);
    expect(ban.status).toBe('active');
    expect(plugin.quality_flags).toContain('contradicts_correction');
    expect(found.find((p) => p.extracted_decision === plugin.id)!.description).toMatch(/^This seems to contradict DEC-20260106-001 .*Which is correct\?$/);
    // The relation is a field with the id, not only prose.
    expect(found.find((p) => p.extracted_decision === plugin.id)!.contradicts).toEqual([ban.id]);
  });

  it("lets a person's later decision in another task give a corrected slot a new value; the corrected value again contradicts", () => {
    const corrected = decision('DEC-20260105-001', 'T1', 'No, 7 days is too short: the nightly backups are kept 30 days.', '2026-01-05T09:00:00Z', { type: 'constraint', corrects: 'I keep the nightly backups for 7 days.' });
    const changed = decision('DEC-20260301-001', 'T2', 'The nightly backups are kept 14 days.', '2026-03-01T09:00:00Z');
    const human = () => 'human' as const;
    relateNewDecisions({ decisions: [corrected, changed] }, [changed], engine.lexicon, undefined, { spokenBy: human });
    expect(corrected).toMatchObject({ status: 'superseded', superseded_by: changed.id });
    expect(changed.supersedes).toBe(corrected.id);
    // The wrong value given again never outweighs the correction.
    const corrected2 = decision('DEC-20260105-001', 'T1', 'No, 7 days is too short: the nightly backups are kept 30 days.', '2026-01-05T09:00:00Z', { type: 'constraint', corrects: 'I keep the nightly backups for 7 days.' });
    const wrong = decision('DEC-20260301-001', 'T2', 'The nightly backups are kept 7 days.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [corrected2, wrong] }, [wrong], engine.lexicon, undefined, { spokenBy: human });
    expect(corrected2.status).toBe('active');
    expect(wrong.quality_flags).toContain('contradicts_correction');
    // An agent's new value does not retire a person's correction.
    const corrected3 = decision('DEC-20260105-001', 'T1', 'No, 7 days is too short: the nightly backups are kept 30 days.', '2026-01-05T09:00:00Z', { type: 'constraint', corrects: 'I keep the nightly backups for 7 days.' });
    const agents = decision('DEC-20260301-001', 'T2', 'The nightly backups are kept 14 days.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [corrected3, agents] }, [agents], engine.lexicon, undefined, { spokenBy: (d) => (d === agents ? 'bot' : 'human') });
    expect(corrected3.status).toBe('active');
  });

  it('retires a correction of a value an agent put as a question, named by "them", by a later change of plan in another task', () => {
    const wrong = 'How long should we keep the nightly backups? 7 days?';
    const corrected = decision('DEC-20260105-001', 'T1', '7 days is too short, we keep them 30 days.', '2026-01-05T09:00:00Z', { type: 'constraint', corrects: wrong });
    const changed = decision('DEC-20260301-001', 'T2', 'From now on we keep backups for 14 days only.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [corrected, changed] }, [changed], engine.lexicon, undefined, { spokenBy: () => 'human' });
    expect(corrected).toMatchObject({ status: 'superseded', superseded_by: changed.id, superseded_reason: 'a new duration: 30 day → 14 day' });
    // The wrong value given again contradicts the correction and retires nothing.
    const corrected2 = decision('DEC-20260105-001', 'T1', '7 days is too short, we keep them 30 days.', '2026-01-05T09:00:00Z', { type: 'constraint', corrects: wrong });
    const again = decision('DEC-20260301-001', 'T2', 'From now on we keep backups for 7 days.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [corrected2, again] }, [again], engine.lexicon, undefined, { spokenBy: () => 'human' });
    expect(corrected2.status).toBe('active');
    expect(again.quality_flags).toContain('contradicts_correction');
  });

  it.each([
    ['The release is on 14 April.', 'The release moves to 21 April.'],
    ['Das Team-Meeting ist am Dienstag.', 'Das Team-Meeting ist ab sofort am Donnerstag.'],
    ['La reunión es el martes.', 'A partir de ahora la reunión es el jueves.'],
    ['We keep the backups for 30 days.', 'Change of plan: from now on we keep backups for 14 days only.'],
  ])('across tasks, a new value on the whole of a one-word subject supersedes: %j → %j', (before, after) => {
    const older = decision('DEC-20260105-001', 'T1', before, '2026-01-05T09:00:00Z');
    const newer = decision('DEC-20260301-001', 'T2', after, '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon);
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id });
  });

  it('across tasks and languages, a new value for the same subject supersedes', () => {
    const older = decision('DEC-20260105-001', 'T1', 'Die Frist für Rücksendungen beträgt 30 Tage.', '2026-01-05T09:00:00Z');
    const newer = decision('DEC-20260301-001', 'T2', 'From now on the deadline for returns is 14 days.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon);
    expect(older).toMatchObject({ status: 'superseded', superseded_by: newer.id });
  });

  it('across tasks, one shared word that is not the whole of either subject is no same subject', () => {
    const older = decision('DEC-20260105-001', 'T1', 'The release notes go out on Monday.', '2026-01-05T09:00:00Z');
    const newer = decision('DEC-20260301-001', 'T2', 'The release party is on Friday.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon);
    expect(older.status).toBe('active');
    expect(newer.supersedes).toBeNull();
  });

  it('across tasks, a change of plan on one shared word of a two-word subject is no same subject', () => {
    const older = decision('DEC-20260105-001', 'T1', 'Kitchen cleaning is on Mondays.', '2026-01-05T09:00:00Z');
    const newer = decision('DEC-20260301-001', 'T2', 'From now on window cleaning is on Thursdays.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [older, newer] }, [newer], engine.lexicon, undefined, { sourceText: () => 'No. From now on window cleaning is on Thursdays.' });
    expect(older.status).toBe('active');
    expect(newer.supersedes).toBeNull();
  });

  it('reads a Spanish date ("13 de marzo") as a date, not a time of day', () => {
    expect(valueReplacement(view('La excursión será el viernes 13 de marzo.'), view('La excursión será el viernes 27 de marzo.'), 'whole')).toBe('a new date: march 13 → march 27');
  });

  it('asks one question per task and decision contradicted, at the message the first contradicting statement was said in', () => {
    const corrected = decision('DEC-20260105-001', 'T1', 'No, 7 days is too short: the nightly backups are kept 30 days.', '2026-01-05T09:00:00Z', { type: 'constraint', corrects: 'I keep the nightly backups for 7 days.' });
    const first = decision('DEC-20260301-001', 'T2', 'The nightly backups are kept 7 days.', '2026-03-01T09:00:00Z', { source: { messages: [2, 3], summary: '' } });
    const again = decision('DEC-20260301-002', 'T2', 'Keep the nightly backups for 7 days.', '2026-03-01T10:00:00Z', { source: { messages: [5], summary: '' } });
    const found = relateNewDecisions({ decisions: [corrected, first, again] }, [first, again], engine.lexicon, undefined, { statedAt: (d) => (d === first ? 2 : null) });
    expect(found.filter((p) => p.type === 'contradiction').map((p) => [p.extracted_decision, p.messages, p.contradicts])).toEqual([[first.id, [2], [corrected.id]]]);
    // Each decision that restates the corrected fact is flagged all the same.
    expect(first.quality_flags).toContain('contradicts_correction');
    expect(again.quality_flags).toContain('contradicts_correction');
  });

  it('lets a reversal whose discussion names the earlier task supersede on one shared subject word', () => {
    const reorders = decision('DEC-20260108-001', 'T1', 'Reorders max 2, and damaged crates get a note for their supplier.', '2026-01-08T10:05:00+01:00');
    const none = decision('DEC-20260219-001', 'T2', 'From now on no automatic reorders at all, see T1.', '2026-02-19T09:00:00+01:00', { downstream: ['T1'] });
    relateNewDecisions({ decisions: [reorders, none] }, [none], engine.lexicon);
    expect(reorders).toMatchObject({ status: 'superseded', superseded_by: none.id });
    // Without naming the task, one shared word is not the same subject.
    const r2 = decision('DEC-20260108-001', 'T1', 'Reorders max 2, and damaged crates get a note for their supplier.', '2026-01-08T10:05:00+01:00');
    const n2 = decision('DEC-20260219-001', 'T2', 'From now on no automatic reorders at all.', '2026-02-19T09:00:00+01:00');
    relateNewDecisions({ decisions: [r2, n2] }, [n2], engine.lexicon);
    expect(r2.status).toBe('active');
  });

  it("reads no value in a phone number: an agent's message that gives again what the people decided, with a number to call, carries it out", () => {
    expect(valueKeys(view('After 18:30 on weekdays call Night Paws on 01632 960717.'))).toEqual(['18:30']);
    expect(valueKeys(view('Call 0171 4960 0328 before 9.'))).toEqual(['9:00']);
    // (A leading zero alone, short groups, an hour of the 24-hour clock, or a number after the phone number, are no part of one.)
    expect(valueKeys(view('Order 012 boxes.'))).toEqual(['12']);
    expect(valueKeys(view('Rooms 010 012 014 are booked.'))).toEqual(['10', '12', '14']);
    expect(valueKeys(view('Open Thu 0800 1300.'))).toEqual(['8:00', '13:00', 'weekday=thursday']);
    expect(valueKeys(view('Text 07700 900123 30 minutes before arrival.'))).toEqual(['30']);
    const older = decision('DEC-20260123-001', 'T1', 'Diversion to Night Paws from 19:00 on weekdays then.', '2026-01-23T10:00:00Z');
    const newer = decision('DEC-20260428-001', 'T2', '18:30 from 1 June then.', '2026-04-28T10:00:00Z', { source: { messages: [0], summary: '' } });
    const messages = [
      { index: 0, author: 'valeria', role: 'human' as const, text: 'Fine by me. 18:30 from 1 June then.', ts: '2026-04-28T10:00:00Z' },
      { index: 1, author: 'sched-agent', role: 'bot' as const, text: "I'll update the note for 1 June: 'After 18:30 on weekdays call Night Paws on 01632 960717.'", ts: '2026-04-28T10:05:00Z' },
    ];
    const found = relateMessages({ decisions: [older, newer] }, [{ taskId: 'T2', messages, decisions: [newer] }], engine.lexicon, new Set());
    expect(found.filter((p) => p.messages.includes(1))).toEqual([]);
  });

  it("flags another value in an agent's draft, not in a person's own plan", () => {
    const meeting = decision('DEC-20260202-001', 'T1', 'Friday at 7:45 for the client meeting, before my site visit at the Kornhaus.', '2026-02-02T13:40:00+01:00');
    const at = (role: 'bot' | 'human', text: string) => [{ index: 0, author: role === 'bot' ? 'bot' : 'clara', role, text, ts: '2026-03-01T10:00:00+01:00' }];
    const draft = relateMessages({ decisions: [meeting] }, [{ taskId: 'T2', messages: at('bot', 'Draft: the client meeting is on Thursday at 7:45, before the site visit at the Kornhaus.'), decisions: [] }], engine.lexicon, new Set());
    expect(draft).toHaveLength(1);
    // The draft's other day for the same meeting, against the decision that stands.
    expect(draft[0]).toMatchObject({ task_id: 'T2', type: 'contradiction', messages: [0], rule: 'evolve/contradicts-decision' });
    expect(draft[0].description).toContain(meeting.id);
    // It names the change: from the day decided to the draft's.
    expect(draft[0].description).toMatch(/another weekday: friday → thursday/);
    const own = relateMessages({ decisions: [meeting] }, [{ taskId: 'T2', messages: at('human', 'I can pass the post office on Thursday, the site visit at the Kornhaus is on my way.'), decisions: [] }], engine.lexicon, new Set());
    expect(own).toEqual([]);
    // A step done once holds no day a later draft could go against.
    const step = decision('DEC-20260202-002', 'T1', 'Book the client meeting room for Friday at 7:45, before the site visit at the Kornhaus.', '2026-02-02T13:40:00+01:00', { type: 'action_item' });
    expect(relateMessages({ decisions: [step] }, [{ taskId: 'T2', messages: at('bot', 'Draft: the client meeting room is booked for Thursday at 7:45, before the site visit at the Kornhaus.'), decisions: [] }], engine.lexicon, new Set())).toEqual([]);
    const rule = decision('DEC-20260202-002', 'T1', 'Book the client meeting room for Friday at 7:45, before the site visit at the Kornhaus.', '2026-02-02T13:40:00+01:00');
    expect(relateMessages({ decisions: [rule] }, [{ taskId: 'T2', messages: at('bot', 'Draft: the client meeting room is booked for Thursday at 7:45, before the site visit at the Kornhaus.'), decisions: [] }], engine.lexicon, new Set())).toHaveLength(1);
  });

  it("flags no alternative an agent lists for a person to choose from, but the rest of its message", () => {
    const meeting = decision('DEC-20260202-001', 'T1', 'Friday at 7:45 for the client meeting, before my site visit at the Kornhaus.', '2026-02-02T13:40:00+01:00');
    const at = (text: string) => [{ index: 0, author: 'bot', role: 'bot' as const, text, ts: '2026-03-01T10:00:00+01:00' }];
    const check = (text: string) => {
      const claimed = withoutOfferedAlternatives(engine.statements, text);
      return relateMessages({ decisions: [meeting] }, [{ taskId: 'T2', messages: at(text), decisions: [], claimed: new Map([[0, claimed]]) }], engine.lexicon, new Set());
    };
    expect(check('The client asked to move. Options:\nA) keep the client meeting on Friday at 7:45\nB) client meeting on Thursday at 7:45\nC) client meeting on Monday at 9:00\nWhich one?')).toEqual([]);
    expect(check('The client asked to move. Options:\n1) keep the client meeting on Friday at 7:45\n2) client meeting on Thursday at 7:45\n3) client meeting on Monday at 9:00\nWhich?')).toEqual([]);
    expect(check('Logged. Options:\n1) move the client meeting to Thursday at 7:45\n2) keep it\nWhich?')).toEqual([]);
    // What the message asserts beside its options is read.
    expect(check('The client meeting is on Thursday at 7:45 now. Options for the room:\nA) the Kornhaus\nB) our office\nWhich one?')).toHaveLength(1);
    // Lettered or numbered points of a message that asks for no choice are claims: a draft, a summary, questions and answers.
    expect(check('Draft v1:\n1. The client meeting is on Thursday at 7:45.\n2. The site visit follows.')).toHaveLength(1);
    expect(check('Draft v1:\n1) The client meeting is on Thursday at 7:45.\n2) The site visit follows.')).toHaveLength(1);
    // Numbered steps are a plan, whatever else the message asks to choose; only an intro that says options makes them alternatives.
    expect(check('Plan for the week:\n1) The client meeting is on Thursday at 7:45\n2) The site visit follows\nWhich room do you want, the Kornhaus or our office?')).toHaveLength(1);
    expect(check('Draft v1:\na) The client meeting is on Thursday at 7:45.\nb) The site visit follows.')).toHaveLength(1);
    expect(check('Summary:\nA. The client meeting is on Thursday at 7:45.\nB. The site visit follows.')).toHaveLength(1);
    expect(check('FAQ:\nQ: When is the client meeting?\nA: The client meeting is on Thursday at 7:45.')).toHaveLength(1);
  });

  it('judges a message against a decision as it stood when the message was written, whatever a later task changed', () => {
    const meeting = decision('DEC-20260202-001', 'T1', 'Friday at 7:45 for the client meeting, before my site visit at the Kornhaus.', '2026-02-02T13:40:00+01:00');
    const draft = [{ index: 0, author: 'bot', role: 'bot' as const, text: 'Draft: the client meeting is on Thursday at 7:45, before the site visit at the Kornhaus.', ts: '2026-03-01T10:00:00+01:00' }];
    const check = (decisions: Decision[]) => relateMessages({ decisions }, [{ taskId: 'T2', messages: draft, decisions: [] }], engine.lexicon, new Set());
    // Reversed a month after the draft, in a third task: the draft went against the Friday all the same.
    const later = decision('DEC-20260401-001', 'T3', 'From now on the client meeting is on Tuesday at 7:45.', '2026-04-01T09:00:00+01:00');
    const retired = { ...meeting, status: 'superseded' as const, superseded_by: later.id };
    const found = check([retired, { ...later, supersedes: meeting.id }]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ task_id: 'T2', contradicts: [meeting.id] });
    expect(found[0].description).toMatch(/another weekday: friday → thursday/);
    // The same as before the reversal was known.
    expect(check([meeting]).map((p) => p.description)).toEqual(found.map((p) => p.description));
    // Reversed before the draft, the draft is judged against what replaced it (it names neither old value).
    const earlier = decision('DEC-20260215-001', 'T3', 'From now on the client meeting is on Thursday at 7:45.', '2026-02-15T09:00:00+01:00');
    expect(check([{ ...meeting, status: 'superseded', superseded_by: earlier.id }, { ...earlier, supersedes: meeting.id }])).toEqual([]);
    // A later task reversing the reversal changes nothing of it: the draft still went against the Friday.
    const latest = decision('DEC-20260501-001', 'T4', 'From now on the client meeting is on Wednesday at 7:45.', '2026-05-01T09:00:00+01:00');
    const twice = check([retired, { ...later, supersedes: meeting.id, status: 'superseded', superseded_by: latest.id }, { ...latest, supersedes: later.id }]);
    expect(twice.map((p) => p.contradicts)).toEqual([[meeting.id]]);
    // A draft that restates a value retired before it was written is judged against what stood
    // then, the last of the replacements said before it, though a later task replaced that too.
    const tuesday = decision('DEC-20260215-001', 'T3', 'From now on the client meeting is on Tuesday at 7:45, before the site visit at the Kornhaus.', '2026-02-15T09:00:00+01:00');
    const friday = [{ ...draft[0], text: 'Draft: the client meeting is on Friday at 7:45, before the site visit at the Kornhaus.' }];
    const restated = relateMessages(
      { decisions: [{ ...meeting, status: 'superseded', superseded_by: tuesday.id }, { ...tuesday, supersedes: meeting.id, status: 'superseded', superseded_by: latest.id }, { ...latest, supersedes: tuesday.id }] },
      [{ taskId: 'T2', messages: friday, decisions: [] }],
      engine.lexicon,
      new Set(),
    );
    expect(restated.map((p) => p.contradicts)).toEqual([[tuesday.id]]);
  });

  it('lists what a message contradicts in id order, not in the order the subject index finds them', () => {
    // The later decision shares more words with the draft, so the index finds it first.
    const older = decision('DEC-20260202-001', 'T1', 'The client meeting is on Friday.', '2026-02-02T13:40:00+01:00');
    const newer = decision('DEC-20260203-001', 'T3', 'The client meeting is on Friday at 7:45, before the site visit at the Kornhaus.', '2026-02-03T13:40:00+01:00');
    const draft = [{ index: 0, author: 'bot', role: 'bot' as const, text: 'Draft: the client meeting is on Thursday at 7:45, before the site visit at the Kornhaus.', ts: '2026-03-01T10:00:00+01:00' }];
    const found = relateMessages({ decisions: [older, newer] }, [{ taskId: 'T2', messages: draft, decisions: [] }], engine.lexicon, new Set());
    expect(found).toHaveLength(1);
    expect(found[0].description).toMatch(/^This seems to contradict DEC-20260202-001 .*; and DEC-20260203-001 /);
    expect(found[0].contradicts).toEqual([older.id, newer.id]);
  });

  it("keeps no message's tokens in the memo it is given (a daemon's memo lives for days)", () => {
    const meeting = decision('DEC-20260202-001', 'T1', 'Friday at 7:45 for the client meeting, before my site visit at the Kornhaus.', '2026-02-02T13:40:00+01:00');
    const memo = new SubjectMemo(new PorterStems(engine.words));
    const messages = (texts: string[]) => [{ taskId: 'T2', messages: texts.map((text, index) => ({ index, author: 'clara', role: 'human' as const, text, ts: '2026-03-01T10:00:00+01:00' })), decisions: [] }];
    relateMessages({ decisions: [meeting] }, messages(['Lunch is at noon.']), engine.lexicon, new Set(), undefined, { memo });
    const held = memo.size;
    // Fifty texts that share no word with the decision (so none is compared with it).
    const food = ['soup', 'bread', 'salad', 'pasta', 'curry', 'cake', 'rice', 'fish', 'tea', 'juice'];
    const many = Array.from({ length: 50 }, (_, k) => `Lunch brings ${food[k % 10]} and ${food[Math.floor(k / 10) % 10]} with ${food[(k + 3) % 10]}.`);
    expect(relateMessages({ decisions: [meeting] }, messages(many), engine.lexicon, new Set(), undefined, { memo })).toEqual([]);
    expect(memo.size).toBe(held);
  });

  it("finds an agent's draft against a correction by the words of what was corrected", () => {
    const rule = decision('DEC-20260120-001', 'T1', 'Lieferfrist ist immer 10 Tage, never 30.', '2026-01-20T10:10:00+01:00', {
      type: 'constraint',
      corrects: 'Draft quote for Vogt GmbH: 4 training days at 900 EUR per day, delivery within 30 days.',
    });
    const messages = [{ index: 0, author: 'bot', role: 'bot' as const, text: 'Draft quote for Lindner KG: 2 training days at 900 EUR per day, delivery within 21 days.', ts: '2026-02-11T09:00:00+01:00' }];
    const found = relateMessages({ decisions: [rule] }, [{ taskId: 'T2', messages, decisions: [] }], engine.lexicon, new Set());
    expect(found).toHaveLength(1);
    expect(found[0].description).toMatch(/contradict DEC-20260120-001 .*21 day where the correction set 10 day/);
  });

  it('an agent message restating a replaced decision contradicts the one that replaced it, also when approved', () => {
    const old = decision('DEC-20260105-001', 'T1', 'Invoices are printed and posted to every client each month.', '2026-01-05T09:00:00Z', { status: 'superseded', superseded_by: 'DEC-20260201-001' });
    const now = decision('DEC-20260201-001', 'T2', 'Invoices go out by email only, with the PDF attached.', '2026-02-01T09:00:00Z', { supersedes: old.id });
    const messages = [
      { index: 0, author: 'bot', role: 'bot' as const, text: 'Draft: your invoices are printed and posted to all clients at month end.', ts: '2026-03-01T10:00:00+01:00' },
      { index: 1, author: 'ana', role: 'human' as const, text: 'Approved.', ts: '2026-03-01T10:05:00+01:00' },
    ];
    const found = relateMessages({ decisions: [old, now] }, [{ taskId: 'T3', messages, decisions: [] }], engine.lexicon, new Set());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ task_id: 'T3', type: 'contradiction', messages: [0] });
    expect(found[0].description).toMatch(/contradict DEC-20260201-001 .*DEC-20260105-001/);
    // Written before the replacement: nothing to contradict yet.
    const early = [{ ...messages[0], ts: '2026-01-20T10:00:00Z' }];
    expect(relateMessages({ decisions: [old, now] }, [{ taskId: 'T3', messages: early, decisions: [] }], engine.lexicon, new Set())).toEqual([]);
  });
});

describe('extract run and extract guard on two tasks', () => {
  const msg = (author: string, role: string, text: string, ts: string) => ({ author, role, text, ts });
  /** Writes the tasks into dir, runs the extraction with every topic decided, and returns the registry. */
  const runOn = async (dir: string, tasks: object): Promise<Decision[]> => {
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify(tasks, null, 2));
    writeFileSync(join(dir, 'extract.config.json'), JSON.stringify({ thresholds: { decision: 1, review: 0.5 } }));
    expect((await cli(['run', '--now', '2026-04-01T00:00:00Z'], dir)).status).toBe(0);
    return JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions as Decision[];
  };
  /** Runs the CLI on two tasks, T1 then T2, in a new folder: the folder and the decisions recorded. */
  const onTwoTasks = async (first: object[], second: object[]): Promise<{ dir: string; decisions: Decision[] }> => {
    const dir = tempDir();
    return { dir, decisions: await runOn(dir, { T1: { discussion: first }, T2: { discussion: second } }) };
  };
  /** The pattern log the run wrote into dir. */
  const patternsIn = (dir: string): Pattern[] => readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));

  it('retires a decision whose two halves a later task swaps, each said in a clause of its own', async () => {
    const { decisions } = await onTwoTasks(
      [
        msg('bot', 'bot', 'The pool is closed for four weeks in May. Should members get a refund for those weeks?', '2026-02-02T12:25:00Z'),
        msg('rutger', 'human', 'No refunds. Extend their memberships by 4 weeks.', '2026-02-02T13:00:00Z'),
      ],
      [
        msg('bot', 'bot', 'Draft notice: memberships are extended by 4 weeks because of the closure. Publish it?', '2026-04-15T09:30:00Z'),
        msg('ingrid', 'human', 'Change of plan from the board: no extension, refunds instead.', '2026-04-15T09:41:00Z'),
      ],
    );
    const old = decisions.find((d) => d.task_id === 'T1');
    const now = decisions.find((d) => d.task_id === 'T2' && /refunds instead/.test(d.statement));
    expect(old?.statement).toBe('No refunds. Extend their memberships by 4 weeks.');
    expect(now).toBeDefined();
    expect(old?.status).toBe('superseded');
    expect(old?.superseded_by).toBe(now?.id);
  });

  it('retires an earlier choice of a supplier a later task cancels by name', async () => {
    const { decisions } = await onTwoTasks(
      [
        msg('buyer-agent', 'bot', 'Two offers for the lab freezer: Brenner (9,400 EUR, 3 weeks) or Kessler (8,900 EUR, 6 weeks). Which one?', '2026-02-02T09:00:00Z'),
        msg('ines', 'human', 'We go with Brenner, the lead time matters more.', '2026-02-02T09:20:00Z'),
      ],
      [
        msg('buyer-agent', 'bot', 'Brenner now says delivery slips to the end of April. The order can be cancelled without a fee.', '2026-03-10T09:00:00Z'),
        msg('ines', 'human', 'Cancel Brenner, go with Kessler.', '2026-03-10T09:30:00Z'),
      ],
    );
    const chosen = decisions.find((d) => d.task_id === 'T1' && /Brenner/.test(d.statement));
    const cancelled = decisions.find((d) => d.task_id === 'T2' && /Cancel Brenner/.test(d.statement));
    expect(cancelled).toBeDefined();
    expect(chosen).toMatchObject({ status: 'superseded', superseded_by: cancelled?.id });
    expect(cancelled?.supersedes).toBe(chosen?.id);
  });

  it("flags a later task's plan that does what an earlier rule ruled out, said with the verb and in another language where the rule said the noun", async () => {
    const { dir, decisions } = await onTwoTasks(
      [
        msg('bot', 'bot', 'The tiles are ordered. Any rules for the supplier?', '2026-02-10T09:00:00Z'),
        msg('sara', 'human', 'Keine Lieferungen freitags, da ist Markt in der Straße.', '2026-02-10T09:20:00Z'),
      ],
      [
        msg('bot', 'bot', 'Updated order: 28 boxes of grey tiles. The earliest they can deliver now is Friday 27 February. Book that?', '2026-02-24T10:00:00Z'),
        msg('sara', 'human', 'Let me check with the site first.', '2026-02-24T10:30:00Z'),
      ],
    );
    const rule = decisions.find((d) => d.task_id === 'T1');
    expect(rule?.statement).toMatch(/Keine Lieferungen freitags/);
    const flagged = patternsIn(dir).filter((p) => p.type === 'contradiction' && p.task_id === 'T2');
    expect(flagged.map((p) => p.contradicts)).toEqual([[rule?.id]]);
  });

  it('never lets a discussion whose timestamps run backwards close a loop of replacements: one decision on the subject stands', async () => {
    // T1 says "email" at 16:08 and then "the task board" stamped 10:12; T2 says "the shared drive" at
    // 14:06. The discussion retires email for the task board, the registry the task board for the
    // shared drive by time, and email (16:08) would retire the shared drive (14:06) in turn.
    const { decisions } = await onTwoTasks(
      [
        msg('maria', 'human', 'Can you update the audit log by Friday?', '2026-02-03T08:00:00Z'),
        msg('maria', 'human', 'From now on, please prepare the onboarding doc and put it in email when it is done.', '2026-02-03T16:08:00Z'),
        msg('bot', 'bot', 'Done.', '2026-02-03T17:09:00Z'),
        msg('maria', 'human', 'Please prepare the onboarding doc and put it in the task board when it is done.', '2026-02-03T10:12:00Z'),
        msg('bot', 'bot', 'Done.', '2026-02-03T11:13:00Z'),
      ],
      [
        msg('bot', 'bot', 'I have prepared the audit log and posted it to the wiki so that everyone can see it.', '2026-02-03T09:01:00Z'),
        msg('maria', 'human', 'Why did you not check the staging deploy before sending it?', '2026-02-03T12:04:00Z'),
        msg('maria', 'human', 'Please prepare the onboarding doc and put it in the shared drive when it is done.', '2026-02-03T14:06:00Z'),
        msg('bot', 'bot', 'Shall I move the search index to the wiki?', '2026-02-03T15:07:00Z'),
        msg('maria', 'human', 'When is the billing export due this week?', '2026-02-03T16:08:00Z'),
        msg('bot', 'bot', 'I have prepared the API rate limit and posted it to the wiki so that everyone can see it.', '2026-02-03T17:09:00Z'),
        msg('maria', 'human', 'Please prepare the audit log and put it in the discussion array when it is done.', '2026-02-03T08:10:00Z'),
        msg('bot', 'bot', 'Understood. I will update the staging deploy and link it from the task. Is that correct?', '2026-02-03T09:11:00Z'),
        msg('maria', 'human', 'When is the staging deploy due this week?', '2026-02-03T10:12:00Z'),
      ],
    );
    const onboarding = decisions.filter((d) => /onboarding doc/.test(d.statement));
    expect(onboarding).toHaveLength(3);
    expect(onboarding.filter((d) => d.status === 'active').map((d) => d.statement)).toEqual(['Please prepare the onboarding doc and put it in the shared drive when it is done.']);
    const byId = new Map(decisions.map((d) => [d.id, d]));
    for (const d of onboarding) {
      const seen = new Set<string>();
      for (let at: Decision | undefined = d; at; at = at.superseded_by ? byId.get(at.superseded_by) : undefined) {
        expect(seen.has(at.id)).toBe(false);
        seen.add(at.id);
      }
    }
  });

  it('supersedes a decision reversed in a later task and flags a draft restating a corrected fact', async () => {
    const dir = tempDir();
    const tasks = {
      T1: { discussion: [
        msg('ana', 'human', 'When should the team newsletter go out? People keep missing it on Fridays.', '2026-01-05T09:00:00+01:00'),
        msg('bot', 'bot', 'Monday mornings get the best open rates for internal newsletters, Friday afternoons the worst.', '2026-01-05T09:01:00+01:00'),
        msg('ana', 'human', 'Decision: the team newsletter goes out every Monday morning.', '2026-01-05T09:05:00+01:00'),
        msg('bot', 'bot', 'The client invoices go out on the 1st of each month.', '2026-01-05T09:10:00+01:00'),
        msg('ana', 'human', "No, that's wrong. The client invoices go out on the 25th of each month.", '2026-01-05T09:12:00+01:00'),
      ] },
      T2: { discussion: [
        msg('ana', 'human', 'Can we move the newsletter? Mondays are packed.', '2026-03-02T09:00:00+01:00'),
        msg('ana', 'human', 'Change of plan: the team newsletter goes out every Thursday morning from now on.', '2026-03-02T09:02:00+01:00'),
        msg('bot', 'bot', 'Draft for the new client: your invoices go out on the 1st of each month.', '2026-03-02T09:10:00+01:00'),
        msg('ana', 'human', 'Looks good, send it.', '2026-03-02T09:11:00+01:00'),
      ] },
    };
    const decisions = await runOn(dir, tasks);
    const monday = decisions.find((d) => d.task_id === 'T1' && /Monday/.test(d.statement))!;
    const thursday = decisions.find((d) => d.task_id === 'T2' && /Thursday/.test(d.statement))!;
    const correction = decisions.find((d) => d.task_id === 'T1' && /25th/.test(d.statement))!;
    expect(monday).toMatchObject({ status: 'superseded', superseded_by: thursday.id });
    expect(thursday).toMatchObject({ status: 'active', supersedes: monday.id });
    const patterns = patternsIn(dir);
    const draft = patterns.find((p) => p.task_id === 'T2' && p.type === 'contradiction' && p.messages.includes(2));
    expect(draft?.description).toContain(`This seems to contradict ${correction.id}`);

    const guard = await cli(['guard', 'Your invoices go out on the 1st of each month.', '--task', 'T2'], dir);
    expect(guard.status).toBe(1);
    expect(guard.stdout).toContain(correction.id);
    const old = await cli(['guard', 'The team newsletter goes out every Monday morning.', '--task', 'T2'], dir);
    expect(old.status).toBe(1);
    expect(old.stdout).toContain(thursday.id);
    expect((await cli(['guard', 'The team newsletter goes out every Thursday morning.', '--task', 'T2'], dir)).status).toBe(0);
  });

  it('retires a chosen supplier dropped in a later task, and keeps it when the drop is denied', async () => {
    const chosen = [
      msg('anna', 'human', 'Which centrifuge do we order for the cold runs?', '2026-03-01T09:00:00Z'),
      msg('lab-agent', 'bot', 'Options: Sorvall ST8R at 14,850 EUR or Hettich Rotina at 12,900 EUR.', '2026-03-01T09:05:00Z'),
      msg('anna', 'human', 'We go with the Sorvall ST8R for the cold runs.', '2026-03-01T09:10:00Z'),
    ];
    const later = (text: string) => [
      msg('lab-agent', 'bot', 'Update on the centrifuge order: the supplier has not confirmed the delivery date yet.', '2026-03-10T09:00:00Z'),
      msg('anna', 'human', text, '2026-03-10T09:10:00Z'),
    ];
    const dropped = (await onTwoTasks(chosen, later('Drop the Sorvall, we go with the Hettich.'))).decisions;
    const sorvall = dropped.find((d) => d.task_id === 'T1' && /Sorvall/.test(d.statement))!;
    const hettich = dropped.find((d) => d.task_id === 'T2' && /Hettich/.test(d.statement))!;
    expect(sorvall).toMatchObject({ status: 'superseded', superseded_by: hettich.id });
    for (const text of ['We decided not to drop the Sorvall.', "We're not going to drop the Sorvall, the Hettich is only a backup."]) {
      const kept = (await onTwoTasks(chosen, later(text))).decisions;
      expect(kept.find((d) => d.task_id === 'T1' && /Sorvall/.test(d.statement))).toMatchObject({ status: 'active', superseded_by: null });
    }
  });

  it('guards the channel a decision set: another channel conflicts, another spelling of the same one does not', async () => {
    const { dir, decisions } = await onTwoTasks(
      [msg('ana', 'human', 'Invoices go by email from now on, no more paper.', '2026-01-01T10:00:00Z'), msg('desk-bot', 'bot', 'Understood: invoices by email from now on.', '2026-01-01T10:01:00Z')],
      [msg('ben', 'human', 'Unrelated: the kitchen gets a new kettle.', '2026-02-01T10:00:00Z')],
    );
    const email = decisions.find((d) => /email/.test(d.statement))!;
    const post = await cli(['guard', 'Send the invoices by post.'], dir);
    expect(post.status).toBe(1);
    expect(post.stdout).toContain(`${email.id}`);
    expect(post.stdout).toContain('another channel: email → post');
    for (const same of ['Send the invoices per e-mail.', 'Lena confirmed by phone that the invoices arrived.']) expect([same, (await cli(['guard', same], dir)).status]).toEqual([same, 0]);
  });

  it("retires a date when a later reply gives the agent's dated deadline a new day and month", async () => {
    const { decisions } = await onTwoTasks(
      [
        msg('ines', 'human', 'Terms for the Berger wedding block: the guest list is due by 3 June.', '2026-03-02T09:00:00Z'),
        msg('events-agent', 'bot', 'Noted: guest list due 3 June, sent to the caterer the same day.', '2026-03-02T09:01:00Z'),
      ],
      [
        msg('events-agent', 'bot', 'The block got smaller. Does the guest list deadline stay at 3 June?', '2026-04-10T09:00:00Z'),
        msg('ines', 'human', 'guest list 28 may now, the caterer needs it earlier', '2026-04-10T09:05:00Z'),
      ],
    );
    const june = decisions.find((d) => d.task_id === 'T1' && /3 June/.test(d.statement))!;
    const may = decisions.find((d) => d.task_id === 'T2' && /28 may/i.test(d.statement))!;
    expect(may).toBeDefined();
    expect(june).toMatchObject({ status: 'superseded', superseded_by: may.id });
  });

  it('reads a rejection that recalls an agreement from a bare "No", not from "No worries", and the speaker\'s own words as a weaker recall', () => {
    const recalls = (reply: string) => {
      const messages = [
        { index: 0, author: 'sec-agent', role: 'bot' as const, text: 'I suggest we put the reception password in the shared notes.', ts: null },
        { index: 1, author: 'frieda', role: 'human' as const, text: reply, ts: null },
      ];
      const found = rejectedByRecall([{ type: 'correction', messages: [0, 1] }], messages, engine.statements).get(0);
      return found ? (found.agreed ? 'agreement' : 'own words') : null;
    };
    expect(recalls('No. We agreed in T1: no readable passwords in shared files.')).toBe('agreement');
    expect(recalls('Nein, wie vereinbart: keine Passwörter in geteilten Dateien.')).toBe('agreement');
    expect(recalls('No worries. We agreed in T1: no readable passwords in shared files.')).toBeNull();
    expect(recalls('Yes, actually. We agreed in T1: no readable passwords in shared files.')).toBeNull();
    expect(recalls('No, like I said in T1: no readable passwords in shared files.')).toBe('own words');
  });

  it("flags an agent's proposal that a person rejects by recalling an earlier task's decision, in three languages; a recall without rejection flags nothing", async () => {
    const earlier = (text: string) => ({ discussion: [
      msg('frieda', 'human', 'We found a list of logins in a shared spreadsheet. Where should passwords live from now on?', '2026-01-09T09:00:00Z'),
      msg('sec-agent', 'bot', 'Options: a password manager, or encrypted folders with Cryptomator on the file server.', '2026-01-09T09:01:00Z'),
      msg('frieda', 'human', text, '2026-01-09T09:05:00Z'),
    ] });
    const later = (reply: string) => ({ discussion: [
      msg('sec-agent', 'bot', 'So the temp can begin at once, I propose we put the reception account password in the shared notes.', '2026-02-16T09:00:00Z'),
      msg('frieda', 'human', reply, '2026-02-16T09:02:00Z'),
      msg('sec-agent', 'bot', 'Understood.', '2026-02-16T09:03:00Z'),
    ] });
    // The earlier decision names the tool, not the rule the person recalls: only the recall links them.
    const cases: Array<[string, string, boolean]> = [
      ['Cryptomator it is, with vault keys per branch.', 'No. We agreed in T1: no readable passwords in shared files. Give her a vault key for reception instead.', true],
      ['Cryptomator it is, with vault keys per branch.', 'No, as agreed: no readable passwords in shared files. She gets a vault key for reception.', true],
      ['Cryptomator mit Tresor-Schlüsseln pro Filiale.', 'Nein. Wie vereinbart in T1: keine lesbaren Passwörter in geteilten Dateien, nur Cryptomator. Sie bekommt einen Tresor-Schlüssel.', true],
      ['Vamos con Cryptomator, con claves de bóveda por sucursal.', 'No. Como acordamos en T1: nada de contraseñas legibles en archivos compartidos. Dale una clave de bóveda.', true],
      // Recalling an agreement without rejecting the message corrects something the message does not say.
      ['Cryptomator it is, with vault keys per branch.', 'Yes, actually. The old notes put passwords in shared files. As agreed in T1: vault keys only.', false],
      // "No problem" rejects nothing; "like I said" recalls the speaker's words, a decision only where they name its task.
      ['Cryptomator it is, with vault keys per branch.', 'No problem. As agreed, she gets a vault key for reception and Cryptomator access.', false],
      ['Cryptomator it is, with vault keys per branch.', 'No. Like I said in T1: no readable passwords in shared files. Give her a vault key for reception instead.', true],
      ['Cryptomator it is, with vault keys per branch.', 'No, like I said: no readable passwords, she gets a vault key for reception.', false],
      // A task named as what something waits for, sharing no word with what is recalled.
      ['Cryptomator it is, with vault keys per branch.', 'No. As agreed, the temp starts once T1 is done. Tell her next week.', false],
    ];
    for (const [decided, reply, flagged] of cases) {
      const dir = tempDir();
      const decisions = await runOn(dir, { T1: earlier(decided), T2: later(reply) });
      const patterns = patternsIn(dir);
      const against = patterns.filter((p) => p.task_id === 'T2' && p.type === 'contradiction');
      // Each reply but the courtesy is a correction of the agent's proposal: only what it recalls differs.
      const corrects = !reply.startsWith('No problem');
      expect([reply, patterns.filter((p) => p.task_id === 'T2' && p.type === 'correction').map((p) => p.messages)]).toEqual([reply, corrects ? [[0, 1]] : []]);
      if (!flagged) {
        expect([reply, against]).toEqual([reply, []]);
        continue;
      }
      expect([reply, against.map((p) => p.messages)]).toEqual([reply, [[0]]]);
      const named = decisions.find((d) => d.id === against[0].contradicts?.[0])!;
      expect(named.task_id).toBe('T1');
    }

    // An agreement made earlier in the same discussion is that discussion's own, not another task's.
    const dir = tempDir();
    const registry = await runOn(dir, {
      T1: { discussion: [msg('ops', 'human', 'Decision: the reception PC goes on the new network from now on.', '2026-01-09T09:00:00Z'), msg('bot', 'bot', 'Noted.', '2026-01-09T09:01:00Z')] },
      T2: { discussion: [
        msg('frieda', 'human', 'We keep the reception account password out of shared files from now on; it goes in the vault.', '2026-02-16T08:00:00Z'),
        msg('sec-agent', 'bot', 'To save time I suggest we put the reception account password in the shared notes for the temp.', '2026-02-16T09:00:00Z'),
        msg('frieda', 'human', 'No, as we agreed earlier today: the reception account password stays in the vault.', '2026-02-16T09:02:00Z'),
      ] },
    });
    const other = new Set(registry.filter((d) => d.task_id === 'T1').map((d) => d.id));
    expect(other.size).toBeGreaterThan(0);
    expect(patternsIn(dir).filter((p) => p.task_id === 'T2' && p.type === 'contradiction' && (p.contradicts ?? []).some((id: string) => other.has(id)))).toEqual([]);
  });

  it("retires a bare value by the answer to a question just before it that names the old value ('6 weeks isn't working. Can we say 8?' — '8 weeks from now on.')", async () => {
    const { decisions } = await onTwoTasks(
      [
        msg('carmen', 'human', 'We need the 2026 packages final before the fair.', '2026-03-05T09:00:00Z'),
        msg('studio-bot', 'bot', 'Proposal for 2026: +5% on all packages and gallery delivery within 6 weeks. Adopt?', '2026-03-05T09:01:00Z'),
        msg('carmen', 'human', '6 weeks yes.', '2026-03-05T09:05:00Z'),
      ],
      [
        msg('nora', 'human', 'Contracts for the fair leads go out this week.', '2026-04-14T09:00:00Z'),
        msg('studio-bot', 'bot', 'Apologies, fixed in the template: deposit 30%.', '2026-04-14T09:01:00Z'),
        msg('felix', 'human', "6 weeks isn't working either, I'm at week 7 on the last gallery. Can we say 8?", '2026-04-14T09:03:00Z'),
        msg('carmen', 'human', 'Agreed, we say 8 weeks from now on.', '2026-04-14T09:05:00Z'),
      ],
    );
    const before = decisions.find((d) => d.task_id === 'T1' && /6 weeks/.test(d.statement))!;
    const after = decisions.find((d) => d.task_id === 'T2' && /8 weeks/.test(d.statement))!;
    // Every word but the number in common is no duplicate: the answer gives the slot another value.
    expect(after.duplicate_of).toBeNull();
    expect(before).toMatchObject({ status: 'superseded', superseded_by: after.id, superseded_reason: 'a new duration: 6 week → 8 week' });
  });

  it("retires an amount by a bare number answering a report that names it ('Raise it to 700.' after 'under the 600 € cap'), not by one answering a report that names no cap nor by a count; a draft giving 600 € again is caught", async () => {
    const capped = [
      msg('ana', 'human', 'We need a supplier for the monthly consumables order.', '2026-02-02T09:00:00Z'),
      msg('stock-agent', 'bot', "Three offers: Medline 574 €, Hoffmann 612 €, Praxis24 548 € with a week's delivery. Which one?", '2026-02-02T09:01:00Z'),
      msg('ana', 'human', 'Medline. Cap the monthly order at 600 €.', '2026-02-02T09:05:00Z'),
      msg('stock-agent', 'bot', 'Set up: Medline, monthly order capped at 600 €.', '2026-02-02T09:06:00Z'),
    ];
    const raised = (report: string) => [
      msg('stock-agent', 'bot', report, '2026-04-01T09:00:00Z'),
      msg('ana', 'human', "Raise it to 700. We don't skimp on gloves.", '2026-04-01T09:05:00Z'),
    ];
    const { dir, decisions } = await onTwoTasks(capped, raised('Monthly report: March spend with Medline 588 €, under the 600 € cap. Medline raised glove prices by 11 % from April, so the basket is now about 630 €. Should I trim it?'));
    const cap = decisions.find((d) => d.task_id === 'T1' && /600/.test(d.statement))!;
    const raise = decisions.find((d) => d.task_id === 'T2' && /700/.test(d.statement))!;
    expect(cap).toMatchObject({ status: 'superseded', superseded_by: raise.id, superseded_reason: 'a new amount: 600 eur → 700 eur' });
    // A later draft that still caps the order at 600 € gives the value the bare 700 replaced.
    const draft = await cli(['guard', 'Draft for May: the usual basket, monthly order capped at 600 €.'], dir);
    expect(draft.status).toBe(1);
    expect(draft.stdout).toContain(`${raise.id} (T2, decision): "Raise it to 700." — it gives 600 eur, the value that was replaced`);
    expect((await cli(['guard', 'Draft for May: the usual basket, monthly order capped at 700 €.'], dir)).status).toBe(0);
    // A report that names no 600 € puts no cap up for a new value: 700 may be anything.
    const other = await onTwoTasks(capped, raised('Monthly report: Medline raised glove prices by 11 % from April, so the basket is now about 630 €. Should I trim it?'));
    expect(other.decisions.find((d) => d.task_id === 'T1' && /600/.test(d.statement))).toMatchObject({ status: 'active' });
    // A number said alone may answer a count the report asks for: it sets no amount.
    for (const answer of ['40.', 'Make it 40.']) {
      const counted = await onTwoTasks(capped, [
        msg('stock-agent', 'bot', 'Monthly report: March spend with Medline 588 €, under the 600 € cap. How many boxes of gloves should I order for April?', '2026-04-01T09:00:00Z'),
        msg('ana', 'human', answer, '2026-04-01T09:05:00Z'),
      ]);
      expect([answer, counted.decisions.find((d) => d.task_id === 'T1' && /600/.test(d.statement))?.status]).toEqual([answer, 'active']);
    }
  });

  it("retires a corrected value by a change of plan after an agent's report of another measure ('4 TB' is no value the '14 days' corrects)", async () => {
    const { dir, decisions } = await onTwoTasks(
      [
        msg('ops', 'human', 'Backup retention for the file server.', '2026-03-02T09:00:00Z'),
        msg('backup-agent', 'bot', 'Draft: keep backups for 7 days. OK?', '2026-03-02T09:01:00Z'),
        msg('ops', 'human', 'No, 7 days is too short, we keep them 30 days.', '2026-03-02T09:05:00Z'),
        msg('backup-agent', 'bot', 'Understood: backups are kept for 30 days.', '2026-03-02T09:06:00Z'),
      ],
      [
        msg('ops', 'human', 'Storage costs are up again.', '2026-03-09T09:00:00Z'),
        msg('backup-agent', 'bot', 'Backups take 4 TB now. Options: compress them, or keep fewer days.', '2026-03-09T09:01:00Z'),
        msg('ops', 'human', 'Change of plan: from now on we keep backups for 14 days only.', '2026-03-09T09:05:00Z'),
        msg('backup-agent', 'bot', 'Changed the retention to 14 days.', '2026-03-09T09:06:00Z'),
      ],
    );
    const corrected = decisions.find((d) => d.task_id === 'T1' && /30 days/.test(d.statement))!;
    const change = decisions.find((d) => d.task_id === 'T2' && /14 days/.test(d.statement))!;
    // The change of plan corrects nothing the agent said: it is a person's decision, and it retires the correction.
    expect(change.corrects).toBeNull();
    expect(corrected).toMatchObject({ status: 'superseded', superseded_by: change.id });
    const guard = await cli(['guard', 'Keep the backups for 30 days.', '--task', 'T2'], dir);
    expect(guard.status).toBe(1);
    expect(guard.stdout).toContain(change.id);
  });
});

describe('the shipped example', () => {
  it("retires a value a person corrected in one task by a change of plan in a later one: superseded, out of the task's context, caught by guard", async () => {
    const dir = fixtureDir('example');
    expect((await cli(['run', '--now', '2026-03-10T12:00:00Z'], dir)).status).toBe(0);
    const decisions = JSON.parse(readFileSync(join(dir, 'memory', 'decisions.json'), 'utf8')).decisions as Decision[];
    // T051: the person corrects the agent's draft (free shipping from 50 EUR) to 40 EUR.
    const corrected = decisions.filter((d) => d.task_id === 'T051' && d.corrects);
    expect(corrected.map((d) => d.statement)).toEqual([expect.stringContaining('40 EUR')]);
    // T052: "Change of plan: from now on we ship free from 60 EUR."
    const changed = decisions.find((d) => d.task_id === 'T052' && d.statement.includes('60 EUR'))!;
    expect(corrected[0]).toMatchObject({ status: 'superseded', superseded_by: changed.id });
    expect(changed).toMatchObject({ status: 'active', supersedes: corrected[0].id });

    const context = await cli(['context', 'T052'], dir);
    expect(context.stdout).toContain(changed.statement);
    expect(context.stdout).not.toContain('40 EUR');
    const guard = await cli(['guard', 'Orders from 40 EUR ship free.', '--task', 'T052'], dir);
    expect(guard.status).toBe(1);
    expect(guard.stdout).toContain(changed.id);
    expect(guard.stdout).toContain(corrected[0].id);
  });
});

describe('which earlier decision a reversal replaces', () => {
  const human = (text: string, index: number) => ({ index, author: 'ana', role: 'human' as const, text, ts: null });
  const candidate = (statement: string, messageIndex: number, sourceMessages: number[]): DecisionCandidate => ({
    statement, type: 'decision', confidence: 'medium', at: messageIndex, messageIndex, sourceMessages, topic: '', importance: 30, context: '',
    alternatives: [], reasons: [], downstream: [], ts: null, supersedes: null, cue: '', correction: false, corrects: null,
  });
  const analysed = (messages: Message[], decisions: DecisionCandidate[], confirmedBy = new Map<number, number[]>()) => {
    const input: InTaskInput = { lexicon: engine.lexicon, statements: engine.statements, messages, tuning: DEFAULT_TUNING, text: { stemmer: new PorterStems(engine.words) }, replies: { confirmedBy } };
    return supersedeInTask(input, { topics: [], decisions, patterns: [], review: [] });
  };
  const inTask = (messages: Message[], decisions: DecisionCandidate[]) => analysed(messages, decisions).decisions.map((d) => d.supersedes);

  it('in one task: two people concluding differently is a contradiction, unless the earlier one confirmed the later', () => {
    const said = (author: string, text: string, index: number) => ({ index, author, role: 'human' as const, text, ts: null });
    const messages = [said('jonas', 'Raw events are kept 24 months.', 0), said('priya', 'Raw events: 13 months.', 1), said('jonas', 'OK, 13 it is.', 2)];
    const decisions = () => [candidate('Raw events are kept 24 months.', 0, [0]), candidate('Raw events: 13 months.', 1, [1])];
    const open = analysed(messages, decisions());
    expect(open.decisions[1].supersedes).toBe(0);
    // What the later one changes goes with the link.
    expect(open.decisions[1].supersedesBecause).toMatch(/a new duration: 24 month → 13 month/);
    expect(open.patterns.map((p) => p.type)).toEqual(['contradiction']);
    const settled = analysed(messages, decisions(), new Map([[1, [2]]]));
    expect(settled.decisions[1].supersedes).toBe(0);
    expect(settled.patterns).toEqual([]);
    // Said again by the earlier one's speaker, as a source of the later decision, it is settled too.
    const again = analysed(messages, [candidate('Raw events are kept 24 months.', 0, [0]), candidate('Raw events: 13 months.', 1, [1, 2])]);
    expect(again.decisions[1].supersedes).toBe(0);
    expect(again.patterns).toEqual([]);
    // The task's owner, the first person to speak, deciding last settles it.
    const owner = [said('maria', 'Raw events for the audit: how long?', 0), said('priya', 'Raw events are kept 24 months.', 1), said('maria', 'Raw events: 13 months.', 2)];
    const overruled = analysed(owner, [candidate('Raw events are kept 24 months.', 1, [1]), candidate('Raw events: 13 months.', 2, [2])]);
    expect(overruled.decisions[1].supersedes).toBe(0);
    expect(overruled.patterns).toEqual([]);
  });

  it("in one task: a cue of the message belongs to the decision that states it, not to the message's other decisions", () => {
    const messages = [human('Every coupon needs a printed expiry date.', 0), human('Members get free shipping and a printed expiry date. Coupons are out for the spring box.', 1)];
    const decisions = [candidate('Every coupon needs a printed expiry date.', 0, [0]), candidate('Members get free shipping and a printed expiry date.', 1, [1]), candidate('Coupons are out for the spring box.', 1, [1])];
    expect(inTask(messages, decisions)).toEqual([null, null, 0]);
  });

  it('in one task: a question revisits only what was decided before it was asked', () => {
    const report = { index: 0, author: 'safety-agent', role: 'bot' as const, text: 'The fire drill took 40 minutes, and every drill clears all floors at once.', ts: null };
    const messages = [report, human('40 minutes to clear the building is the real problem.', 1), human('Every drill goes through a trial run first: 1 floor, 10 minutes.', 2)];
    expect(inTask(messages, [candidate('40 minutes to clear the building is the real problem.', 1, [1]), candidate('Every drill goes through a trial run first: 1 floor, 10 minutes.', 2, [0, 2])])).toEqual([null, null]);
    // Asked after the decision, the same question does revisit it.
    const later = [human('40 minutes to clear the building is the real problem.', 0), report, human('Every drill clears the building within 10 minutes.', 2)];
    expect(inTask(later, [candidate('40 minutes to clear the building is the real problem.', 0, [0]), candidate('Every drill clears the building within 10 minutes.', 2, [1, 2])])).toEqual([null, 0]);
  });

  it('in one task: an agent taking on what was decided, asking nothing, puts no value up for change', () => {
    const agent = (text: string, index: number) => ({ index, author: 'desk-bot', role: 'bot' as const, text, ts: null });
    const taken = [human('Checkout is at 11:00 from now on. Breakfast stays from 7:00 to 10:00.', 0), agent('Understood: checkout 11:00, breakfast 7:00 to 10:00. I will update the room cards.', 1), human('Check-in stays at 15:00.', 2)];
    const decided = () => [candidate('Breakfast stays from 7:00 to 10:00.', 0, [0]), candidate('Check-in stays at 15:00.', 2, [1, 2])];
    expect(inTask(taken, decided())).toEqual([null, null]);
    // An agent that goes on to ask about the value, or to ask for it, does put it up.
    const telling = [taken[0], agent('OK. Breakfast ends at 10:00 on weekends too; the kitchen asks for a later end. Tell me the new end time.', 1), human('Then 10:30.', 2)];
    expect(inTask(telling, [candidate('Breakfast stays from 7:00 to 10:00.', 0, [0]), candidate('Then 10:30.', 2, [1, 2])])).toEqual([null, 0]);
    const asking = [taken[0], agent('Understood. Breakfast ends at 10:00 on weekends too; the kitchen asks for a later end. Shall I change it?', 1), human('Then 10:30.', 2)];
    expect(inTask(asking, [candidate('Breakfast stays from 7:00 to 10:00.', 0, [0]), candidate('Then 10:30.', 2, [1, 2])])).toEqual([null, 0]);
    // An ask for the person's word ("Let me know if …") asks too.
    const word = [taken[0], agent('Noted. Breakfast ends at 10:00 on weekends too; the kitchen asks for a later end. Let me know the new end time.', 1), human('Then 10:30.', 2)];
    expect(inTask(word, [candidate('Breakfast stays from 7:00 to 10:00.', 0, [0]), candidate('Then 10:30.', 2, [1, 2])])).toEqual([null, 0]);
  });

  it("in one task: an answer about the thing the agent's question asks about changes that thing's value, not another's the message recaps beside it", () => {
    const agent = (text: string, index: number) => ({ index, author: 'venue-bot', role: 'bot' as const, text, ts: null });
    const plan = human('Set-up 13:00, rehearsal 15:00-17:00, doors 19:30.', 0);
    const asked = agent('Confirmed with the hall: set-up 13:00, rehearsal 15:00-17:00, doors 19:30. Should the crew meeting move to 11:45 at the yard?', 1);
    const decided = (answer: string) => [candidate('Set-up 13:00, rehearsal 15:00-17:00, doors 19:30.', 0, [0]), candidate(answer, 2, [1, 2])];
    // The question is about the crew meeting: its time changes, the set-up's 13:00 stands.
    expect(inTask([plan, asked, human('Crew meeting: 12:00.', 2)], decided('Crew meeting: 12:00.'))).toEqual([null, null]);
    // An answer about the set-up, or one that names nothing of its own, still changes the set-up.
    expect(inTask([plan, asked, human('Set-up at 12:30 then.', 2)], decided('Set-up at 12:30 then.'))).toEqual([null, 0]);
    // A statement about the answer's thing that gives another thing's value is no question of it: the colour of the
    // background is not the text's, and the text's colour the message names is what the answer replaces.
    const colours = [human('For contrast the labels go to #6B6B6B.', 0), agent('#6B6B6B passes on white, but most labels sit on the panel colour #EFEFEF, where it falls short.', 1), human('Then labels go to #4A4A4A everywhere.', 2)];
    expect(inTask(colours, [candidate('For contrast the labels go to #6B6B6B.', 0, [0]), candidate('Then labels go to #4A4A4A everywhere.', 2, [1, 2])])).toEqual([null, 0]);
  });

  it('in one task: an offer made in case the earlier value does not work puts that value up for change; a question naming it does not', () => {
    const agent = (text: string, index: number) => ({ index, author: 'desk-bot', role: 'bot' as const, text, ts: null });
    const settled = (offer: string) => [
      agent('The supplier has two slots for the weekly call: Tuesday 09:00 or Friday 15:00.', 0),
      human('Friday it is.', 1),
      human('Friday afternoons the van is out and nobody is here to take it.', 2),
      agent(offer, 3),
      human('Ok, Wednesday 11:00 then.', 4),
    ];
    const decided = () => [candidate('Friday it is.', 1, [0, 1]), candidate('Ok, Wednesday 11:00 then.', 4, [3, 4])];
    expect(inTask(settled("They can also do Wednesday 11:00 if Friday doesn't work for us."), decided())).toEqual([null, 0]);
    expect(inTask(settled('Si el viernes no va, también pueden el miércoles a las 11:00.'), decided())).toEqual([null, 0]);
    // An offer that does not name the earlier value puts nothing up: the new day may be a second call.
    expect(inTask(settled('They can also do Wednesday 11:00 if we want a second call.'), decided())).toEqual([null, null]);
    // A question may be about something else that happens on those days.
    expect(inTask(settled('Booked. Should the invoices go out on Friday too, or on Wednesday 11:00?'), decided())).toEqual([null, null]);
  });

  it("in one task: a colleague's question that proposes a change puts the earlier value up, though another word on it stands between it and the decision", () => {
    const person = (author: string, text: string, index: number) => ({ index, author, role: 'human' as const, text, ts: null });
    const talk = (asked: string) => [
      person('marta', 'Lucía owns it, Felix reviews. Start 4 May so we are done before Hamburg.', 0),
      person('lucia', asked, 1),
      person('felix', '27. April geht, dann hab ich Zeit für die Reviews.', 2),
      person('marta', 'ok, 27 April then.', 3),
    ];
    const decided = () => [candidate('Start 4 May.', 0, [0]), candidate('27 April then.', 3, [3])];
    expect(inTask(talk('4 May is a bank holiday and I am off the week after. Can we start 27 April instead?'), decided())).toEqual([null, 0]);
    expect(inTask(talk('Can we start on 27 April rather than 4 May? I am off the last week of May.'), decided())).toEqual([null, 0]);
    // A question that proposes no change puts nothing up: the date may be another thing's.
    expect(inTask(talk('4 May is a bank holiday. Is the kick-off call on 27 April?'), decided())).toEqual([null, null]);
    // The word between may give no value, and the question may come right before the decision.
    const between = [talk('')[0], person('lucia', '4 May is a bank holiday. Can we start 27 April instead?', 1), person('felix', 'Fine by me.', 2), talk('')[3]];
    expect(inTask(between, decided())).toEqual([null, 0]);
    const next = [talk('')[0], person('lucia', '4 May is a bank holiday. Can we start 27 April instead?', 1), person('marta', 'ok, 27 April then.', 2)];
    expect(inTask(next, [candidate('Start 4 May.', 0, [0]), candidate('27 April then.', 2, [2])])).toEqual([null, 0]);
  });

  it('in one task: a question that proposes a new value in place of the old one is answered by whoever gives that value, whatever else they say', () => {
    const person = (author: string, text: string, index: number) => ({ index, author, role: 'human' as const, text, ts: null });
    const talk = (asked: string) => [
      person('marta', 'Lucía owns it, Felix reviews. Start 4 May so we are done before Hamburg.', 0),
      person('lucia', asked, 1),
      person('felix', '27. April geht, mit Bloom bin ich bis dahin durch.', 2),
    ];
    const decided = () => [candidate('Start 4 May.', 0, [0]), candidate('Felix: 27. April geht, mit Bloom bin ich bis dahin durch.', 2, [2])];
    expect(inTask(talk('4 May is a bank holiday. Can we start 27 April instead?'), decided())).toEqual([null, 0]);
    // (A question that names both values without proposing the change proposes neither.)
    expect(inTask(talk('4 May is a bank holiday. Is the kick-off call on 27 April?'), decided())).toEqual([null, null]);
    expect(inTask(talk('4 May is a bank holiday. Can we start 27 April instead?'), decided())).toEqual([null, 0]);
    expect(inTask(talk('4 May is a bank holiday. Can we start 27 April?'), decided())).toEqual([null, null]);
    // An answer that opens with something else speaks of that: the proposed date may be another thing's.
    const dryRun = [talk('')[0], person('lucia', '4 May is a bank holiday. Can we start 27 April instead?', 1), person('felix', 'The Hamburg dry run is on 27 April.', 2)];
    expect(inTask(dryRun, [candidate('Start 4 May.', 0, [0]), candidate('The Hamburg dry run is on 27 April.', 2, [2])])).toEqual([null, null]);
  });

  it('in one task: a question that offers a day already decided for one thing to another is answered for that other thing', () => {
    const agent = (text: string, index: number) => ({ index, author: 'rota-agent', role: 'bot' as const, text, ts: null });
    const talk = (asked: string) => [
      agent('Draft: the office is cleaned on Mondays and Thursdays. Does that work?', 0),
      human('Tuesday and Friday then.', 1),
      agent(asked, 2),
      human('Kitchen on Wednesday.', 3),
    ];
    const decided = () => [candidate('Tuesday and Friday then.', 1, [0, 1]), candidate('Kitchen on Wednesday.', 3, [2, 3])];
    expect(inTask(talk('Updated: office cleaning Tuesday and Friday. Kitchen deep clean on Friday too? That would make Friday 6 hours.'), decided())).toEqual([null, null]);
    // An answer about the thing the message restates the decision for still changes its day.
    const office = () => [candidate('Tuesday and Friday then.', 1, [0, 1]), candidate('Office cleaning on Wednesday instead of Friday.', 3, [2, 3])];
    expect(inTask(talk('Updated: office cleaning Tuesday and Friday. Kitchen deep clean on Friday too? That would make Friday 6 hours.'), office())).toEqual([null, 0]);
  });

  it('in one task: a decision that names nothing but a channel gives a new one to the one earlier decision that set a channel', () => {
    const messages = [human('Print the lease and I will sign it; the tenant should get a paper copy by post.', 0), human('Small problem: the tenant is abroad until July.', 1), human('Then per DocuSign.', 2)];
    const decided = () => [candidate('Print the lease and Anna will sign it; the tenant should get a paper copy by post.', 0, [0]), candidate('Then per DocuSign.', 2, [1, 2])];
    const linked = analysed(messages, decided());
    expect(linked.decisions[1].supersedes).toBe(0);
    expect(linked.decisions[1].supersedesBecause).toMatch(/a new channel: post → docusign/);
    // Two earlier channels: which one it changes is not said.
    const two = [human('Invoices go out by email.', 0), human('Reminders go by post.', 1), human('Then per DocuSign.', 2)];
    expect(inTask(two, [candidate('Invoices go out by email.', 0, [0]), candidate('Reminders go by post.', 1, [1]), candidate('Then per DocuSign.', 2, [1, 2])])).toEqual([null, null, null]);
    // The same channel again changes nothing; a when or an amount said alone names nothing it is of.
    expect(inTask(messages, [candidate('The tenant should get a paper copy by post.', 0, [0]), candidate('By post, then.', 2, [1, 2])])).toEqual([null, null]);
    const when = [human('The contract goes out by post on Monday.', 0), human('Small problem: the courier is off.', 1), human('Tuesday then.', 2)];
    expect(inTask(when, [candidate('The contract goes out by post on Monday.', 0, [0]), candidate('Tuesday then.', 2, [1, 2])])).toEqual([null, null]);
    // A channel beside a subject of its own speaks of that subject.
    expect(inTask(messages, [candidate('The tenant should get a paper copy by post.', 0, [0]), candidate('The invoice per DocuSign.', 2, [1, 2])])).toEqual([null, null]);
    // Another spelling of the same channel is no new one; a negated channel sets none.
    const invoices = (reply: string, asked = 'Ok. Should I also send the January ones again?') => [human('Invoices go out by email from now on.', 0), { index: 1, author: 'desk-bot', role: 'bot' as const, text: asked, ts: null }, human(reply, 2)];
    const decidedInvoices = (reply: string) => [candidate('Invoices go out by email from now on.', 0, [0]), candidate(reply, 2, [1, 2])];
    expect(inTask(invoices('Yes, per e-mail please.'), decidedInvoices('Yes, per e-mail please.'))).toEqual([null, null]);
    expect(inTask(invoices('Not by email.'), decidedInvoices('Not by email.'))).toEqual([null, null]);
    // A bare channel answering a question about something else answers that question.
    expect(inTask(invoices('Yes, by phone please.', 'Ok. Should I tell Kessler about the missing receipts?'), decidedInvoices('Yes, by phone please.'))).toEqual([null, null]);
    expect(inTask(invoices('By post then.', 'Ok. Do the invoices for Kessler go out the same way?'), decidedInvoices('By post then.'))).toEqual([null, 0]);
    // A question that names nothing of its own asks about what was just said.
    for (const asked of ['Noted. Should I send the reminders the same way?', 'And the reminders?', 'Und die Mahnungen?']) expect([asked, inTask(invoices('By post.', asked), decidedInvoices('By post.'))]).toEqual([asked, [null, null]]);
    for (const asked of ['She is abroad until July. How should I send them?', 'What should I do?']) expect([asked, inTask(invoices('Then by post.', asked), decidedInvoices('Then by post.'))]).toEqual([asked, [null, 0]]);
  });

  it('reads a channel as one name whatever its spelling, and not where the words only look like one', () => {
    const channels = (t: string) => subjectClauses(t, subjects, engine.lexicon).flatMap((c) => c.values.filter((v) => v.key === 'channel').map((v) => v.value));
    expect(channels('Send the invoices via e-mail.')).toEqual(['email']);
    expect(channels('Los recibos van por correo electrónico.')).toEqual(['email']);
    expect(channels('We settle that over the phone.')).toEqual(['phone']);
    expect(channels('Die Absage geht per Einschreiben raus.')).toEqual(['registered post']);
    // An instruction in the passive sets one; "through" names one too.
    expect(channels('Invoices must be sent by email from now on.')).toEqual(['email']);
    expect(channels('Send the contract through DocuSign.')).toEqual(['docusign']);
    expect(channels('Lo hablamos por telefono.')).toEqual(['phone']);
    expect(channels('Tenants will be notified by post.')).toEqual(['post']);
    for (const t of ['The March invoices were sent by email last week.', 'Kessler informed us by email that the invoices are fine.', 'Let me go through email tomorrow.', 'I will look through Slack on Monday.', 'Lena confirmed by phone: the launch is on 14 May.', 'Marc takes over email support.', 'Wir reden morgen über Brief und Einladung.', 'Invoice postage is 0.95 EUR per letter.', 'Not by email.', 'Reviewed by the teams.']) expect([t, channels(t)]).toEqual([t, []]);
  });

  it("across tasks: a cue of the message belongs to the decision that states it, not to the message's other decisions", () => {
    const old = decision('DEC-20260105-001', 'T1', 'Every coupon needs a printed expiry date.', '2026-01-05T09:00:00Z');
    const source = 'Members get free shipping and a printed expiry date. Coupons are out for the spring box.';
    const members = decision('DEC-20260301-001', 'T2', 'Members get free shipping and a printed expiry date.', '2026-03-01T09:00:00Z');
    const coupons = decision('DEC-20260301-002', 'T2', 'Coupons are out for the spring box.', '2026-03-01T09:00:00Z');
    relateNewDecisions({ decisions: [old, members, coupons] }, [members, coupons], engine.lexicon, undefined, { sourceText: () => source });
    expect(old.superseded_by).toBe(coupons.id);
    expect(members.supersedes).toBeNull();
  });
});
