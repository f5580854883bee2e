// Programmatic API: the same entry points the CLI uses.
export { extractRun, type RunOptions, type RunResult } from './store/run';
export { extractCheck, type CheckResult } from './store/check';
export { acceptReview, guard, listPending, rejectReview } from './store/review';
export { loadReadModel } from './store/read';
export { runPipeline, analyzeTask, mergeAnalyses, type Engine, type PipelineInput, type PipelineOutput } from './core/pipeline';
export { taskContext, queryDecisions, snapshot, stats, bridgeStats, why } from './core/read';
export type { Config, Decision, Pattern, ReviewItem, ExtractedState, Diagnostic, Message, RulePack, RuleSpec } from './core/types';
