// Worker thread body: analyses a share of the tasks with its own compiled engine.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeTask, newRunContext } from '../core/pipeline';
import type { AnalysisSettings } from '../core/types';
import { loadEngine, takeRegexOverruns } from './engine';

interface Job {
  config: AnalysisSettings;
  baseDir: string;
  knownTaskIds: string[];
  tasks: Array<{ key: number; id: string; discussion: unknown[] }>;
}

async function run(job: Job): Promise<void> {
  const engine = await loadEngine(job.config, job.baseDir);
  const known = new Set(job.knownTaskIds);
  const run = newRunContext();
  const results = job.tasks.map((t) => ({ key: t.key, analysis: analyzeTask(t.id, t.discussion, engine, known, run) }));
  parentPort?.postMessage({ results, overruns: takeRegexOverruns(engine) });
}

run(workerData as Job).catch((err: Error) => parentPort?.postMessage({ error: err.stack ?? err.message }));
