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

const OPENING = 'Where things stand after the calls and the mail thread: the choir concert is set for a Saturday in May with around 120 guests from the member choirs. The quotes for the sound system are still open, and two of the three soloists have confirmed their pieces.';
const SUMMARY = `${OPENING} The Boathouse on Kanalweg keeps 17 May free for us, so the concert happens at the Boathouse and I'll print it as the location on the poster. Drinks come from Hopfenhof. The Town Hall in Eschen was also looked at.`;
const BOATHOUSE = "The Boathouse on Kanalweg keeps 17 May free for us, so the concert happens at the Boathouse and I'll print it as the location on the poster.";

describe('the part of a message a correction corrects', () => {
  it('is the claim the correcting message is about, wherever it stands in a long message', () => {
    expect(OPENING.length).toBeGreaterThan(CORRECTED_MAX_CHARS);
    const mentor = "Draft posting: 'We are a five-person agency in Bremen that makes booking software for sports clubs and swimming pools. We want a working student for backend work, 15 hours per week. You'll code in Go within a compact crew, with Malte Sievers as your technical mentor. The pay is 16 EUR an hour.'";
    expect(part(mentor, "Malte does the accounts. I'm mentoring the new student, Mara Kühn, lead dev.", "I'm mentoring the new student, Mara Kühn, lead dev.")).toBe("You'll code in Go within a compact crew, with Malte Sievers as your technical mentor.");
  });

  it('is not the claim that gave the right fact among the options passed over, and a name the correction rules out is the wrong one', () => {
    expect(part(SUMMARY, "No. It's the Town Hall. The Boathouse only kept it free for us tentatively.", "It's the Town Hall.")).toBe(BOATHOUSE);
    expect(part(SUMMARY, "No. It's the Town Hall, not the Boathouse.", "It's the Town Hall, not the Boathouse.")).toBe(BOATHOUSE);
    // Another clause of the same message is about the same wrong fact: the first corrected clause says which fact is right.
    expect(part(SUMMARY, "No. It's the Town Hall. The Boathouse only kept it free for us tentatively.", 'The Boathouse only kept it free for us tentatively.', "It's the Town Hall.")).toBe(BOATHOUSE);
  });

  it('is, for each of two things one message corrects, the claim nearest its own sentence', () => {
    const correcting = "No. It's the Town Hall. The Boathouse gave our date away. Drinks come from Malzkeller, not Hopfenhof.";
    expect(part(SUMMARY, correcting, "It's the Town Hall.")).toBe(BOATHOUSE);
    expect(part(SUMMARY, correcting, 'Drinks come from Malzkeller, not Hopfenhof.', "It's the Town Hall.")).toBe('Drinks come from Hopfenhof.');
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
