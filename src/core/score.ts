// Stage 4: the importance of a topic. When the discussion is long and the decision short, the
// decision is important ("duality principle"):
//   importance = (message_count × avg_message_length) / decision_word_count   (lengths in words)

export interface Thresholds {
  /** importance above this auto-extracts a decision */
  decision: number;
  /** importance at or above this (and up to `decision`) queues a review item */
  review: number;
}

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
