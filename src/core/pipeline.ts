// The whole extraction as one pure function: normalize → detect → cluster → score/decide → evolve.
// No file system, no console, no clock: the store reads and writes, the caller passes `now`.
import { clusterTopics } from './cluster';
import type { CompiledLexicon } from './contradiction';
import { decideTask, type TaskAnalysis } from './decide';
import { detect } from './detect';
import { IdAllocator, mergeTask, type Registry } from './evolve';
import { normalizeDiscussion } from './normalize';
import type { CompiledRule } from './rules';
import { canonicalJson } from './json';
import { sha256 } from './text';
import type { Config, ExtractedState, Pattern } from './types';

export interface TaskInput {
  id: string;
  discussion: readonly unknown[];
  previous: ExtractedState | null;
}

export interface FileInput {
  path: string;
  tasks: TaskInput[];
}

export interface Engine {
  rules: readonly CompiledRule[];
  lexicon: CompiledLexicon;
  config: Config;
}

export interface PipelineInput {
  files: FileInput[];
  registry: Registry;
  now: string;
}

export interface RunSummary {
  files: number;
  tasks: number;
  decisions: number;
  patterns: number;
  review: number;
}

export interface PipelineOutput {
  registry: Registry;
  newPatterns: Pattern[];
  /** New extracted_state per file path and task id (every task with a discussion). */
  states: Map<string, Map<string, ExtractedState>>;
  summary: RunSummary;
}

export function discussionHash(discussion: readonly unknown[]): string {
  return `sha256:${sha256(canonicalJson(discussion))}`;
}

/** Stages 1–5 for one task. */
export function analyzeTask(taskId: string, discussion: readonly unknown[], engine: Engine, knownTaskIds: ReadonlySet<string>): TaskAnalysis {
  const messages = normalizeDiscussion(discussion, engine.config);
  const { detections, answered } = detect(messages, engine.rules);
  const replyLike = detections.map((ds) => ds.some((d) => d.kind === 'confirmation' || d.kind === 'disagreement' || d.kind === 'correction'));
  const topics = clusterTopics(messages, answered, replyLike);
  return decideTask({
    messages,
    detections,
    answered,
    topics,
    thresholds: engine.config.thresholds,
    lexicon: engine.lexicon,
    knownTaskIds,
    taskId,
  });
}

export interface AnalyzedFile {
  path: string;
  tasks: Array<{ task: TaskInput; analysis: TaskAnalysis }>;
}

/** Stages 1–5 for every task of every file: the expensive part, independent of the registry. */
export function analyzeFiles(files: readonly FileInput[], engine: Engine): AnalyzedFile[] {
  const knownTaskIds = new Set(files.flatMap((f) => f.tasks.map((t) => t.id)));
  return files.map((file) => ({
    path: file.path,
    tasks: file.tasks.map((task) => ({ task, analysis: analyzeTask(task.id, task.discussion, engine, knownTaskIds) })),
  }));
}

/** Stage 6: merges analyses into a copy of the registry and builds each task's extracted_state. */
export function mergeAnalyses(analyzed: readonly AnalyzedFile[], input: Registry, now: string): PipelineOutput {
  const registry: Registry = structuredClone(input);
  const ids = new IdAllocator([
    ...registry.decisions.map((d) => d.id),
    ...registry.review.map((r) => r.id),
    ...registry.patterns.map((p) => p.id),
  ]);
  const states = new Map<string, Map<string, ExtractedState>>();
  const newPatterns: Pattern[] = [];
  const summary: RunSummary = { files: analyzed.length, tasks: 0, decisions: 0, patterns: 0, review: 0 };

  for (const file of analyzed) {
    const fileStates = new Map<string, ExtractedState>();
    for (const { task, analysis } of file.tasks) {
      summary.tasks++;
      const merged = mergeTask(registry, ids, task.id, analysis, now);
      newPatterns.push(...merged.newPatterns);
      summary.decisions += merged.newDecisions;
      summary.patterns += merged.newPatterns.length;
      summary.review += merged.newReview;
      const state: ExtractedState = {
        decisions: merged.decisionIds,
        patterns: merged.patternIds,
        review: merged.reviewIds,
        topics: analysis.topics,
        discussion_hash: discussionHash(task.discussion),
        last_extracted: now,
      };
      fileStates.set(task.id, keepTimestampIfUnchanged(state, task.previous));
    }
    states.set(file.path, fileStates);
  }
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  registry.decisions.sort(byId);
  registry.review.sort(byId);
  return { registry, newPatterns, states, summary };
}

export function runPipeline(input: PipelineInput, engine: Engine): PipelineOutput {
  return mergeAnalyses(analyzeFiles(input.files, engine), input.registry, input.now);
}

/** `last_extracted` moves only when something else in the state changed. */
export function keepTimestampIfUnchanged(next: ExtractedState, previous: ExtractedState | null): ExtractedState {
  if (!previous || typeof previous.last_extracted !== 'string') return next;
  const strip = (s: ExtractedState) => canonicalJson({ ...s, last_extracted: '' });
  return strip(next) === strip(previous) ? { ...next, last_extracted: previous.last_extracted } : next;
}
