// Worker thread body: analyses the chunks of tasks it is sent, one at a time, with its own
// compiled engine, and sends each chunk's analyses back before taking the next.
import { parentPort, workerData } from 'node:worker_threads';
import { analyseTask, newRunContext } from '../core/pipeline';
import type { AnalysisSettings } from '../core/types';
import { loadEngine, takeRegexOverruns } from './engine';

interface Setup {
  config: AnalysisSettings;
  baseDir: string;
  knownTaskIds: string[];
}

type Chunk = Array<{ key: number; id: string; discussion: unknown[] }>;

const setup = workerData as Setup;
// The engine, and one run context for the worker's share of the run made for it.
const ready = loadEngine(setup.config, setup.baseDir).then((engine) => ({ engine, run: newRunContext(engine) }));
const known = new Set(setup.knownTaskIds);

parentPort?.on('message', (chunk: Chunk) => {
  ready
    .then(({ engine: e, run }) => {
      const results = chunk.map((t) => ({ key: t.key, analysis: analyseTask(t.id, t.discussion, e, known, run) }));
      parentPort?.postMessage({ results, overruns: takeRegexOverruns(e) });
    })
    .catch((err: Error) => parentPort?.postMessage({ error: err.stack ?? err.message }));
});
