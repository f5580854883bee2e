// What the terminal gets beside the output: colour for severities and a progress bar for long
// runs, each only where a person watches (a TTY, not CI), as NO_COLOR and FORCE_COLOR say.
import { SingleBar } from 'cli-progress';
import { plural } from '../core/plural';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether to colour what goes to a stream: FORCE_COLOR (any value but "0" or "false") always,
 * NO_COLOR (any non-empty value) never, else on a terminal that is not "dumb".
 */
export function colourWanted(env: Env, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}

export interface Paint {
  error: (text: string) => string;
  warning: (text: string) => string;
}

const plain = (text: string) => text;
export const NO_PAINT: Paint = { error: plain, warning: plain };
export const ANSI_PAINT: Paint = { error: (t) => `\u001b[31m${t}\u001b[39m`, warning: (t) => `\u001b[33m${t}\u001b[39m` };

/** A terminal progress bar can be drawn on. */
export type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export interface ProgressOptions {
  stream: ProgressStream;
  /** Milliseconds a run goes on before the bar appears (a quick run shows none). */
  after: number;
}

/**
 * "analysing [████░░░░] 1200/3000 tasks | 2 files | 4s" on the stream once the run has taken
 * `after` ms, cleared when it ends. `update` is the run's onProgress; `stop` ends the bar.
 */
export function progressBar(options: ProgressOptions): { update: (done: number, total: number, files: number) => void; stop: () => void } {
  const started = Date.now();
  let bar: SingleBar | null = null;
  let last = { done: 0, total: 0, files: 0 };
  const show = () => {
    if (bar || last.total === 0) return;
    bar = new SingleBar({
      stream: options.stream,
      format: `analysing [{bar}] {value}/{total} tasks | ${plural(last.files, 'file')} | {duration_formatted}`,
      barsize: 24,
      hideCursor: false,
      clearOnComplete: true,
      fps: 5,
    });
    bar.start(last.total, last.done);
  };
  const timer = setTimeout(show, options.after);
  timer.unref();
  return {
    update(done, total, files) {
      last = { done, total, files };
      if (!bar && Date.now() - started >= options.after) show();
      else if (bar) {
        bar.setTotal(total);
        bar.update(done);
      }
    },
    stop() {
      clearTimeout(timer);
      if (bar) bar.stop();
      bar = null;
    },
  };
}
