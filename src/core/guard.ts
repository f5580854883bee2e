// What a bot checks before acting: does this text contradict an active decision, or restate a
// fact a person already corrected?
import { claimOf, conflictReason, type CompiledLexicon } from './contradiction';
import { excerpt } from './statement';
import { contentTokens, jaccard } from './text';
import type { Decision } from './types';

export interface GuardFinding {
  decision: Decision;
  why: string;
}

export function guardFindings(text: string, decisions: readonly Decision[], lexicon: CompiledLexicon): GuardFinding[] {
  const claim = claimOf(text, lexicon);
  const tokens = new Set(contentTokens(text));
  const out: GuardFinding[] = [];
  for (const d of decisions) {
    if (d.status !== 'active') continue;
    const reason = conflictReason(claimOf(d.statement, lexicon), claim, lexicon);
    if (reason) {
      out.push({ decision: d, why: reason });
      continue;
    }
    if (d.corrects) {
      const wrong = new Set(contentTokens(d.corrects));
      let shared = 0;
      for (const t of tokens) if (wrong.has(t)) shared++;
      if (shared >= 2 && jaccard(tokens, wrong) >= 0.3 && jaccard(tokens, new Set(contentTokens(d.statement))) < 0.6) {
        out.push({ decision: d, why: `it restates what ${d.id} corrected: "${excerpt(d.corrects)}"` });
      }
    }
  }
  return out;
}
