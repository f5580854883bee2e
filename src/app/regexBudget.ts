// User-written rule regexes are checked when they load (recheck, a ReDoS checker that builds the
// pattern's automaton or fuzzes it) and bounded when they run, so that a pattern the checker
// misses costs a warning, not a hang:
// - a pattern V8's linear-time engine can run falls back to that engine once it backtracks too
//   much (V8's --enable-experimental-regexp-engine-on-excessive-backtracks), so no input can make
//   it exponential; it is timed, and one that still overruns its budget is switched off;
// - a pattern the linear engine cannot run (lookarounds) runs under a vm timeout that interrupts it.
// Shipped rules are written and tested here and run as plain regexes.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { CompiledRule } from '../core/rules';

/** Time one user regex may take on one message before it is switched off for the rest of the run. */
export const REGEX_BUDGET_MS = 250;

export interface RegexOverrun {
  ruleId: string;
  file: string;
  ms: number;
  chars: number;
}

let flagsSet = false;
function enableLinearEngine(): void {
  if (flagsSet) return;
  v8.setFlagsFromString('--enable-experimental-regexp-engine');
  v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  flagsSet = true;
}

function runsInLinearTime(source: string, flags: string): boolean {
  try {
    new RegExp(source, `${flags.replace(/[gy]/g, '')}l`);
    return true;
  } catch {
    return false;
  }
}

const nativeExec = RegExp.prototype.exec;
const sandbox = vm.createContext({ exec: nativeExec, re: null as RegExp | null, s: '', out: null as RegExpExecArray | null });
const execScript = new vm.Script('out = exec.call(re, s);');

class BudgetedRegExp extends RegExp {
  private off = false;
  private readonly linear: boolean;
  constructor(
    source: string,
    flags: string,
    private readonly ruleId: string,
    private readonly file: string,
    private readonly overruns: RegexOverrun[],
  ) {
    super(source, flags);
    this.linear = runsInLinearTime(source, flags);
  }

  /** On again: a new run starts with every rule on. */
  rearm(): void {
    this.off = false;
  }

  override exec(s: string): RegExpExecArray | null {
    if (this.off) return null;
    const started = performance.now();
    let out: RegExpExecArray | null = null;
    // The vm's watchdog and this clock can disagree by a fraction of a millisecond: an
    // interrupted match is an overrun whatever the clock says.
    let interrupted = false;
    if (this.linear) {
      out = nativeExec.call(this, s);
    } else {
      sandbox.re = this;
      sandbox.s = s;
      try {
        execScript.runInContext(sandbox, { timeout: REGEX_BUDGET_MS });
        out = sandbox.out as RegExpExecArray | null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw err;
        out = null;
        interrupted = true;
      } finally {
        sandbox.re = null;
        sandbox.s = '';
        sandbox.out = null;
      }
    }
    const ms = performance.now() - started;
    if (ms >= REGEX_BUDGET_MS || interrupted) {
      this.off = true;
      this.overruns.push({ ruleId: this.ruleId, file: this.file, ms: Math.max(REGEX_BUDGET_MS, Math.round(ms)), chars: s.length });
    }
    return out;
  }
}

/** Replaces the matcher of each user rule by one that runs within a time budget; overruns are pushed to `overruns`. */
export function boundUserRules(rules: CompiledRule[], userRules: ReadonlyMap<string, string>, overruns: RegexOverrun[]): void {
  if (userRules.size === 0) return;
  enableLinearEngine();
  for (const rule of rules) {
    const file = userRules.get(rule.id);
    if (file === undefined || !rule.spec.regex) continue;
    rule.cue = new BudgetedRegExp(rule.cue.source, rule.cue.flags, rule.id, file, overruns);
  }
}

/** Switches every bounded user regex back on (an engine kept for another run starts with every rule on). */
export function rearmUserRules(rules: readonly CompiledRule[]): void {
  for (const rule of rules) if (rule.cue instanceof BudgetedRegExp) rule.cue.rearm();
}

/**
 * Why recheck finds a user regex exponential (with an attack string), or null when it finds it
 * safe, only polynomial, or cannot decide in time (the run-time bound covers those).
 */
export function redosReason(source: string, flags = ''): string | null {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { checkSync } = require('recheck') as typeof import('recheck');
  const result = checkSync(source, flags, { timeout: 3000 });
  // Polynomial patterns (".*x.*y" on a long line) are common and fall back to the linear engine at run time.
  if (result.status !== 'vulnerable' || result.complexity.type !== 'exponential') return null;
  const attack = result.attack ? `, e.g. ${JSON.stringify(result.attack.pattern)}` : '';
  return `${result.complexity.type} backtracking${attack}`;
}
