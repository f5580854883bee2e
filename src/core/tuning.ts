// Every threshold, window and weight of the analysis, by stage, with the values it ships with.
// A config may override any of them (`tuning` in extract.config.json, deep-merged over these);
// the whole object is part of the engine fingerprint, so a change re-analyses every task.

export interface CandidateTuning {
  /** Words at most in a statement; a longer one is cut at its last clause boundary before it (a decision is one clause, not a paragraph). */
  statementMaxWords: number;
  /** Words at most in a selection reply ("uPlot.", "The 11:40 one."): a longer reply says more than which option. */
  selectionMaxWords: number;
  /** Words at most in an elliptic clause ("Both.") that takes the clause after it as its content. */
  ellipticMaxWords: number;
  /** Words at most in an answer that takes the subject of the agent's question ("Strictly view for now." → "Guests: …"). */
  ellipticSubjectMaxWords: number;
  /** Words at most in a correction by value alone ("They go out on the 25th."): it is a short first reply. */
  valueCorrectionMaxWords: number;
  /** Messages after a proposal within which an acceptance counts: later, the talk has moved on. */
  acceptWindow: number;
  /** Share of content words an agent's proposal shares with a person's statement for it to be a restatement of it. */
  restatementOverlap: number;
  /** Messages back an agent's question or options may be for a short reply to answer them. */
  agentReach: number;
  /** Messages apart within which an agent's restatement merges with the person's statement it restates. */
  restatementReach: number;
}

export interface DecideTuning {
  /** Messages back the lead-up to a statement may reach (its importance is judged over that stretch). */
  leadUpMax: number;
  /** Messages in a row sharing no word with the topic that end the lead-up. */
  leadUpGap: number;
  /** Words at most in an action item: a task is named in a few words, a long "I will" sentence narrates. */
  actionMaxWords: number;
  /** Messages within which statements settle the same stretch of discussion: the stronger one stands. */
  decisionSpacing: number;
  /** Messages within which one speaker's further action items belong to the same run (only the first stands). */
  actionRun: number;
  /** Earlier messages of a topic searched for the options a decision chose among. */
  optionsLookback: number;
  /** Earlier decisions of the task a new one is compared with for supersession. */
  supersedeLookback: number;
}

export interface RelateTuning {
  /** Content-token Jaccard at or above which two statements say the same thing (a duplicate). */
  duplicateSimilarity: number;
  /** Days after which a decision with newer activity on its subject is flagged stale (`staleAfterDays` in the config wins). */
  staleAfterDays: number;
  /** Registry decisions a statement is compared with at most, the most overlapping first (keeps relating linear). */
  maxCandidates: number;
  /** Most recent decisions per shared word that are looked at (a word on thousands of decisions says little about a subject). */
  perTokenRecent: number;
  /** Similarity at or above which a correction restates an earlier decision (looser than a duplicate: nothing speaks against it). */
  restateSimilarity: number;
  /** Share of an earlier clause's words a later clause contains for the later correction to restate it. */
  restateContainment: number;
  /** Similarity at or above which a newer decision counts as activity on an older one's subject (for staleness). */
  staleOverlap: number;
  /** TF-IDF cosine of two tasks' discussions at or above which they are about the same matter: only then may one reverse or contradict the other (unless it names it). */
  taskAffinity: number;
  /** Tasks a run must hold for their affinity to count: with fewer, common words cannot be told from a matter's own, and every task may relate to every other. */
  taskAffinityMinTasks: number;
}

export interface ClusterTuning {
  /** Messages back a message is compared with when assigning it a topic. */
  window: number;
  /** Similarity at or above which a message joins an existing topic rather than opening one. */
  joinThreshold: number;
  /** Words at most in a reply that attaches to what it answers whatever its words. */
  shortReplyWords: number;
  /** Seconds of silence after which lexical overlap alone no longer links two messages. */
  maxGapSeconds: number;
  /** Seconds within which a chat-room reply or a speaker's next line still belongs to the same exchange. */
  replyGapSeconds: number;
  /** Weight of the same speaker going on within replyGapSeconds in a chat room. */
  sameSpeakerWeight: number;
  /** Weight of the topic of the last message by the speaker a message addresses (strongest: it is the one spoken to). */
  addressedWeight: number;
  /** Weight of the topic of the last message by a speaker a message names. */
  namedWeight: number;
  /** Weight of the topic of a chat-room message that just named this speaker (the answer likely follows it). */
  callerWeight: number;
  /** Weight of the topic of the message a reply (or a short message) answers. */
  answeredWeight: number;
  /** Weight of the topic of the same speaker's last message outside replyGapSeconds (weak: people switch topics). */
  sameSpeakerLaterWeight: number;
  /** Weight of going on with the current topic in a two-person discussion (they mostly stay on it). */
  continueTwoPartyWeight: number;
  /** Weight of going on with the current topic with three or more speakers (threads interleave). */
  continueGroupWeight: number;
}

export interface Tuning {
  candidates: CandidateTuning;
  decide: DecideTuning;
  relate: RelateTuning;
  cluster: ClusterTuning;
}

export const DEFAULT_TUNING: Tuning = {
  candidates: {
    statementMaxWords: 32,
    selectionMaxWords: 8,
    ellipticMaxWords: 3,
    ellipticSubjectMaxWords: 6,
    valueCorrectionMaxWords: 12,
    acceptWindow: 2,
    restatementOverlap: 0.5,
    agentReach: 3,
    restatementReach: 3,
  },
  decide: {
    leadUpMax: 30,
    leadUpGap: 4,
    actionMaxWords: 16,
    decisionSpacing: 25,
    actionRun: 5,
    optionsLookback: 50,
    supersedeLookback: 50,
  },
  relate: {
    duplicateSimilarity: 0.7,
    staleAfterDays: 90,
    maxCandidates: 48,
    perTokenRecent: 64,
    restateSimilarity: 0.5,
    restateContainment: 0.75,
    staleOverlap: 0.3,
    taskAffinity: 0.12,
    taskAffinityMinTasks: 12,
  },
  cluster: {
    window: 24,
    joinThreshold: 0.3,
    shortReplyWords: 4,
    maxGapSeconds: 30 * 60,
    replyGapSeconds: 5 * 60,
    sameSpeakerWeight: 0.35,
    addressedWeight: 1,
    namedWeight: 0.8,
    callerWeight: 0.7,
    answeredWeight: 0.6,
    sameSpeakerLaterWeight: 0.15,
    continueTwoPartyWeight: 0.25,
    continueGroupWeight: 0.05,
  },
};

/** What a config may change: any field of any stage. */
export type TuningOverrides = { [S in keyof Tuning]?: Partial<Tuning[S]> };

/** `partial` over `base`, stage by stage (a config names only what it changes). */
export function mergeTuning(base: Tuning, partial: TuningOverrides | undefined): Tuning {
  return {
    candidates: { ...base.candidates, ...(partial?.candidates ?? {}) },
    decide: { ...base.decide, ...(partial?.decide ?? {}) },
    relate: { ...base.relate, ...(partial?.relate ?? {}) },
    cluster: { ...base.cluster, ...(partial?.cluster ?? {}) },
  };
}

/** The engine's tuning from the settings: `tuning` over the defaults, and `staleAfterDays` (the older key) over both. */
export function tuningOf(settings: { tuning?: TuningOverrides; staleAfterDays?: number }): Tuning {
  const t = mergeTuning(DEFAULT_TUNING, settings.tuning);
  return settings.staleAfterDays === undefined ? t : { ...t, relate: { ...t.relate, staleAfterDays: settings.staleAfterDays } };
}
