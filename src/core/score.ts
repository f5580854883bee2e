// The importance of a topic, read by stage 7 (bands). When the discussion is long
// and the decision short, the decision is important ("duality principle"):
//   importance = (message_count × avg_message_length) / decision_word_count   (lengths in words)

import type { Thresholds } from './types';

export type { Thresholds };

export type Outcome = 'decision' | 'review' | 'raw';

export function importanceScore(messageCount: number, avgMessageLength: number, decisionWordCount: number): number {
  if (messageCount <= 0 || decisionWordCount <= 0) return 0;
  return (messageCount * avgMessageLength) / decisionWordCount;
}

/** > decision threshold: auto-extract; review..decision (inclusive): review queue; below: stays raw. */
export function classify(importance: number, thresholds: Thresholds): Outcome {
  if (importance > thresholds.decision) return 'decision';
  if (importance >= thresholds.review) return 'review';
  return 'raw';
}
