// Every threshold, window and weight of the analysis, by stage, with the values it ships with.
// A config may override any of them (`tuning` in extract.config.json, deep-merged over these);
// the whole object is part of the engine fingerprint, so a change re-analyses every task. What each
// field means is on its shape, in types.ts (`Tuning`).
import type { Tuning, TuningOverrides } from './types';

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
    titleWords: 2,
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
