// What a bot checks before acting: does this text contradict an active decision, restate a fact
// a person already corrected, or restate a decision that a later one replaced? The same checks
// the run makes on every message of a discussion.
import type { CompiledLexicon } from './contradiction';
import { contradiction, correctedValueChanged, correctedViewOf, nameRestated, restatesRetired, SubjectMemo, valueReplacement, viewOf, withAmountUnitOf, type SubjectView } from './subject';
import { saidWords, wrongWordsSaidAgain, type SaidWords } from './corrected';
import { excerpt } from './text';
import { PorterStems } from './porter';
import type { Decision } from './types';

export interface GuardFinding {
  decision: Decision;
  why: string;
}

export function guardFindings(text: string, decisions: readonly Decision[], lexicon: CompiledLexicon): GuardFinding[] {
  const stems = new PorterStems(lexicon.words);
  // A statement a superseded decision and an active one share is worked out once per check.
  const memo = new SubjectMemo(stems);
  const view = (t: string) => viewOf(t, lexicon.subjects, lexicon, memo);
  const corrected = (t: string) => correctedViewOf(t, lexicon.subjects, lexicon, memo);
  const mine = view(text);
  const said = saidWords(text, stems);
  const byId = new Map(decisions.map((d) => [d.id, d]));
  const out: GuardFinding[] = [];
  const found = new Set<string>();
  const add = (decision: Decision, why: string) => {
    if (found.has(decision.id)) return;
    found.add(decision.id);
    out.push({ decision, why });
  };
  for (const d of decisions) {
    if (d.status === 'superseded') {
      // A fact that was replaced: name the decision that stands now.
      let by = d.superseded_by ? byId.get(d.superseded_by) : undefined;
      for (let hops = 0; by && by.status === 'superseded' && by.superseded_by && hops < 20; hops++) by = byId.get(by.superseded_by);
      if (!by || by.status !== 'active') continue;
      const why = restatesRetired(view(d.statement), view(by.statement), mine);
      if (why) add(by, `${why}: ${d.id} "${excerpt(d.statement)}"`);
      continue;
    }
    if (d.status !== 'active') continue;
    // A text to check is short ("Keep the backups for 7 days."): one subject word it shares with
    // the decision will do for another value of the same slot.
    const theirs = view(d.statement);
    const other = valueReplacement(theirs, withAmountUnitOf(mine, theirs), 'loose');
    const why = contradiction(theirs, mine, lexicon.subjects.generic, true, 'firm') ?? (other ? `it gives ${other.replace(/^a new /, 'another ')}` : null);
    if (why) {
      add(d, why);
      continue;
    }
    if (d.corrects) {
      const why = againstCorrection(d, mine, { stems, view, corrected, said });
      if (why) add(d, why);
    }
  }
  return out;
}

/**
 * How a text goes against a correction, or null: it gives the wrong value again (or says the wrong
 * fact again in its words), gives the slot the correction set yet another value, or names the one
 * the correction put another in the place of.
 */
function againstCorrection(d: Decision, mine: SubjectView, read: { stems: PorterStems; view: (t: string) => SubjectView; corrected: (t: string) => SubjectView; said: SaidWords }): string | null {
  const wrongText = d.corrects!;
  const wrongView = read.corrected(wrongText);
  const own = read.view(d.statement);
  const restates = `it restates what ${d.id} corrected: "${excerpt(wrongText)}"`;
  if (restatesRetired(wrongView, own, mine, false)) return restates;
  // Another value for the slot the correction set, on the subject the wrong fact named (a
  // correction often names it by "them": "we keep them 30 days").
  const changed = correctedValueChanged(wrongView, own, mine);
  if (changed) return `it gives ${changed.replace(/^a new /, 'another ')}`;
  if (wrongWordsSaidAgain(saidWords(wrongText, read.stems), saidWords(d.statement, read.stems), read.said)) return restates;
  // What a bot is about to write: a name the correction put another in the place of.
  const named = nameRestated(wrongView, own, mine);
  return named ? `${named}: ${d.id} corrected "${excerpt(wrongText)}"` : null;
}
