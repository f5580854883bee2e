// What a correction corrects: the claims of the corrected message the correction is about, kept
// with the correction so that a later text giving the wrong fact again is caught.
import { correctedMessage, correctedPart, correctingMessage, CORRECTED_MAX_CHARS, saidWords, wrongWordsSaidAgain } from '../src/core/corrected';
import { PorterStems } from '../src/core/porter';
import { splitSentences } from '../src/core/sentenceActs';
import { statedNames, subjectClauses } from '../src/core/subject';
import { shippedEngine } from './helpers';

const engine = shippedEngine();
const stems = new PorterStems(engine.words);
const split = (text: string) => splitSentences(text, engine.words.statements);
const stated = (text: string) => statedNames(subjectClauses(text, engine.lexicon.subjects, engine.lexicon), stems);

/** What `statement`, said in the correcting message `correcting`, corrects in `corrected`. */
function part(corrected: string, correcting: string, statement: string, first = statement): string {
  const right = new Set([...stated(statement), ...stated(first)]);
  return correctedPart(correctedMessage(corrected, split(corrected), engine.words.claims.claimSplit, stems), correctingMessage(split(correcting), stems), statement, right, stems);
}

const OPENING = 'Summary from the notes and emails: the workshop is planned for a Thursday in April with about 40 people from the partner schools. Catering quotes are still open, and three of the four speakers have confirmed their talks.';
const SUMMARY = `${OPENING} The Glasshouse on Pier 4 holds 9 April for us, so the workshop takes place at the Glasshouse and I'll use it as the venue on the flyer. Lunch comes from Brot und Salz. The Old Mill in Linden was also considered.`;
const GLASSHOUSE = "The Glasshouse on Pier 4 holds 9 April for us, so the workshop takes place at the Glasshouse and I'll use it as the venue on the flyer.";

describe('the part of a message a correction corrects', () => {
  it('is the claim the correcting message is about, wherever it stands in a long message', () => {
    expect(OPENING.length).toBeGreaterThan(CORRECTED_MAX_CHARS);
    const mentor = "Draft job ad: 'We are a six-person studio in Leipzig that builds web apps for public libraries and museums. We are looking for a working student in frontend development, 20 hours a week. You'll work with Svelte in a small team, with Aylin Demir as your technical mentor. We pay 17 EUR per hour.'";
    expect(part(mentor, "Aylin runs the office. I'm mentoring the student, Felix Lange, lead dev.", "I'm mentoring the student, Felix Lange, lead dev.")).toBe("You'll work with Svelte in a small team, with Aylin Demir as your technical mentor.");
  });

  it('is not the claim that gave the right fact among the options passed over, and a name the correction rules out is the wrong one', () => {
    expect(part(SUMMARY, "No. It's the Old Mill. The Glasshouse only had a provisional hold for us.", "It's the Old Mill.")).toBe(GLASSHOUSE);
    expect(part(SUMMARY, "No. It's the Old Mill, not the Glasshouse.", "It's the Old Mill, not the Glasshouse.")).toBe(GLASSHOUSE);
    // Another clause of the same message is about the same wrong fact: the first corrected clause says which fact is right.
    expect(part(SUMMARY, "No. It's the Old Mill. The Glasshouse only had a provisional hold for us.", 'The Glasshouse only had a provisional hold for us.', "It's the Old Mill.")).toBe(GLASSHOUSE);
  });

  it('is, for each of two things one message corrects, the claim nearest its own sentence', () => {
    const correcting = "No. It's the Old Mill. The Glasshouse let our hold go. Lunch comes from Kuchenwerk, not Brot und Salz.";
    expect(part(SUMMARY, correcting, "It's the Old Mill.")).toBe(GLASSHOUSE);
    expect(part(SUMMARY, correcting, 'Lunch comes from Kuchenwerk, not Brot und Salz.', "It's the Old Mill.")).toBe('Lunch comes from Brot und Salz.');
  });

  it("is the message's opening, as an excerpt, when no claim shares a word with the correction", () => {
    const got = part(SUMMARY, 'Wrong, redo it.', 'Wrong, redo it.');
    expect(got.endsWith('…')).toBe(true);
    expect(got.length).toBe(CORRECTED_MAX_CHARS);
    expect(SUMMARY.startsWith(got.slice(0, -1))).toBe(true);
  });

  it('keeps every claim that shares as much, in order, and not the other claims of their sentences', () => {
    const text = 'Backups are kept for 7 days, and restores are tested monthly. Logs are kept for 7 days.';
    expect(part(text, 'No, 7 days is too short, we keep them 30 days.', 'We keep them 30 days.')).toBe('Backups are kept for 7 days; Logs are kept for 7 days.');
  });
});

describe('wrongWordsSaidAgain', () => {
  const WRONG = "Uploading now with 'sftp -P 22 feeds@old-gate.wholesale.example' to the inbox folder.";
  const RIGHT = 'Feeds go to new-gate.wholesale.example on port 2222 since February.';
  const again = (text: string) => wrongWordsSaidAgain(saidWords(WRONG, stems), saidWords(RIGHT, stems), saidWords(text, stems));
  const steps = (line: string) => `Monthly price run, first Monday:\n1. 06:00 export the price list from the shop and check every row against the wholesaler's catalogue\n2. 06:10 ${line}\n3. 06:20 check the wholesaler's import report and the rejected rows\nThese are the same steps as last time.`;

  it('reads a short text by the words it shares with what was corrected, and not by the correction\'s own words', () => {
    expect(again('Upload with sftp to feeds@old-gate.wholesale.example, inbox folder.')).toBe(true);
    expect(again('Feeds go to new-gate.wholesale.example on port 2222.')).toBe(false);
  });

  it('finds the wrong fact in one line of a long text only where that line gives the number the correction dropped', () => {
    const line = '`sftp -P 22 feeds@old-gate.wholesale.example` and upload to the inbox folder';
    // The other lines dilute the line: the whole text alone does not say it again.
    expect(wrongWordsSaidAgain(saidWords(WRONG, stems), saidWords(RIGHT, stems), { ...saidWords(steps(line), stems), parts: [] })).toBe(false);
    expect(again(steps(line))).toBe(true);
    expect(again(steps('`sftp feeds@old-gate.wholesale.example` and upload to the inbox folder'))).toBe(false);
    expect(again(steps('`sftp -P 2222 feeds@new-gate.wholesale.example` and upload to the inbox folder'))).toBe(false);
  });
});
