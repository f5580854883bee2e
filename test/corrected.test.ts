// What a correction corrects: the part of the corrected message the correcting message is about,
// kept with the correction so that a later text giving the wrong fact again is caught.
import { correctedPart, CORRECTED_MAX_CHARS } from '../src/core/corrected';
import { PorterStems } from '../src/core/porter';
import { sentences } from '../src/core/text';
import { shippedWords } from './helpers';

const stems = new PorterStems(shippedWords());
const part = (corrected: string, correcting: string, statement: string) => correctedPart(corrected, sentences(corrected), correcting, statement, stems);

const OPENING = 'Summary from the notes and emails: the workshop is planned for a Thursday in April with about 40 people from the partner schools. Catering quotes are still open, and three of the four speakers have confirmed their talks.';
const DRAFT = `${OPENING} The Glasshouse on Pier 4 holds 9 April for us, so the workshop takes place at the Glasshouse and I'll use it as the venue on the flyer. The Old Mill in Linden was also considered.`;

describe('the part of a message a correction corrects', () => {
  it('is the sentence the correcting message is about, wherever it stands in a long message', () => {
    expect(OPENING.length).toBeGreaterThan(CORRECTED_MAX_CHARS);
    const mentor = "Draft job ad: 'We are a six-person studio in Leipzig that builds web apps for public libraries and museums. We are looking for a working student in frontend development, 20 hours a week. You'll work with Svelte in a small team, with Aylin Demir as your technical mentor. We pay 17 EUR per hour.'";
    expect(part(mentor, "Aylin runs the office. I'm mentoring the student, Felix Lange, lead dev.", "I'm mentoring the student, Felix Lange, lead dev.")).toBe("You'll work with Svelte in a small team, with Aylin Demir as your technical mentor.");
  });

  it('is not the sentence that already gave the right fact among the options passed over', () => {
    // Both sentences share words with "It's the Old Mill. The Glasshouse only had a hold": the
    // names the correction states are the right fact, and the other sentence is the wrong one.
    expect(part(DRAFT, "No. It's the Old Mill. The Glasshouse only had a provisional hold for us.", "It's the Old Mill.")).toBe("The Glasshouse on Pier 4 holds 9 April for us, so the workshop takes place at the Glasshouse and I'll use it as the venue on the flyer.");
  });

  it("is the message's opening, as an excerpt, when no sentence shares a word with the correction", () => {
    const got = part(DRAFT, 'Wrong, redo it.', 'Wrong, redo it.');
    expect(got.endsWith('…')).toBe(true);
    expect(got.length).toBe(CORRECTED_MAX_CHARS);
    expect(DRAFT.startsWith(got.slice(0, -1))).toBe(true);
  });

  it('keeps every sentence that shares as much, in order, within the excerpt length', () => {
    const text = 'Backups are kept for 7 days. Restores are tested monthly. Logs are kept for 7 days.';
    expect(part(text, 'No, 7 days is too short, we keep them 30 days.', 'We keep them 30 days.')).toBe('Backups are kept for 7 days. Logs are kept for 7 days.');
  });
});
