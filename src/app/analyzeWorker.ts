// Worker thread body: analyses the chunks of tasks it is sent, one at a time, with its own
// compiled engine, and sends each chunk's analyses back before taking the next.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeTask, newRunContext } from '../core/pipeline';
import type { AnalysisSettings } from '../core/types';
import { loadEngine, takeRegexOverruns } from './engine';

interface Setup {
  config: AnalysisSettings;
  baseDir: string;
  knownTaskIds: string[];
}

type Chunk = Array<{ key: number; id: string; discussion: unknown[] }>;

const setup = workerData as Setup;
const engine = loadEngine(setup.config, setup.baseDir);
const known = new Set(setup.knownTaskIds);
const run = newRunContext();

parentPort?.on('message', (chunk: Chunk) => {
  engine
    .then((e) => {
      const results = chunk.map((t) => ({ key: t.key, analysis: analyzeTask(t.id, t.discussion, e, known, run) }));
      parentPort?.postMessage({ results, overruns: takeRegexOverruns(e) });
    })
    .catch((err: Error) => parentPort?.postMessage({ error: err.stack ?? err.message }));
});
