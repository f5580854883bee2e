// User-written rule regexes are checked when they load (core/regexSafety.ts: a static check that
// refuses the shapes that backtrack exponentially) and bounded when they run, so that a pattern
// the check lets through costs a warning, not a hang:
// - a pattern V8's linear-time engine can run falls back to that engine once it backtracks too
//   much (V8's --enable-experimental-regexp-engine-on-excessive-backtracks), so no input can make
//   it exponential; it is timed, and one that still overruns its budget is switched off;
// - a pattern the linear engine cannot run (lookarounds) runs under a vm timeout that interrupts it;
// - the slow matches of all user regexes together have a budget per run: a pattern just under the
//   per-message budget cannot add up to minutes over many messages.
// Shipped rules are written and tested here and run as plain regexes.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { CompiledRule } from '../core/rules';

/** Time one user regex may take on one message before it is switched off for the rest of the run. */
export const REGEX_BUDGET_MS = 250;

/** Time all user regexes together may spend in slow matches (each of SLOW_MATCH_MS or more) in one run, before every one is off. */
export const REGEX_RUN_BUDGET_MS = 2000;

/** A match that takes this long counts against the run's budget; the usual few microseconds do not. */
const SLOW_MATCH_MS = 5;

/** The time budgets of user regexes: per match, and for the slow matches of all of them in a run. */
export interface RegexBudgets {
  messageMs: number;
  runMs: number;
}

const BUDGETS: RegexBudgets = { messageMs: REGEX_BUDGET_MS, runMs: REGEX_RUN_BUDGET_MS };

/** What the user regexes of one engine have spent in slow matches this run, against its budgets. */
interface RunBudget {
  spentMs: number;
  off: boolean;
  budgets: RegexBudgets;
}

export interface RegexOverrun {
  ruleId: string;
  file: string;
  ms: number;
  chars: number;
  /** The run's budget for every user regex was spent (this rule's match was the last): all are off. */
  total?: boolean;
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
    private readonly run: RunBudget,
  ) {
    super(source, flags);
    this.linear = runsInLinearTime(source, flags);
  }

  /** On again: a new run starts with every rule on. */
  rearm(): void {
    this.off = false;
    this.run.off = false;
    this.run.spentMs = 0;
  }

  override exec(s: string): RegExpExecArray | null {
    if (this.off || this.run.off) return null;
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
        execScript.runInContext(sandbox, { timeout: this.run.budgets.messageMs });
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
    const { messageMs, runMs } = this.run.budgets;
    if (ms >= messageMs || interrupted) {
      this.off = true;
      this.overruns.push({ ruleId: this.ruleId, file: this.file, ms: Math.max(messageMs, Math.round(ms)), chars: s.length });
    }
    if (ms >= SLOW_MATCH_MS) {
      this.run.spentMs += ms;
      if (this.run.spentMs >= runMs) {
        this.run.off = true;
        this.overruns.push({ ruleId: this.ruleId, file: this.file, ms: Math.round(this.run.spentMs), chars: s.length, total: true });
      }
    }
    return out;
  }
}

/** Replaces the matcher of each user rule by one that runs within a time budget; overruns are pushed to `overruns`. */
export function boundUserRules(rules: CompiledRule[], userRules: ReadonlyMap<string, string>, overruns: RegexOverrun[], budgets: RegexBudgets = BUDGETS): void {
  if (userRules.size === 0) return;
  enableLinearEngine();
  // One budget for the run, shared by every user regex of these rules.
  const run: RunBudget = { spentMs: 0, off: false, budgets };
  for (const rule of rules) {
    const file = userRules.get(rule.id);
    if (file === undefined || !rule.spec.regex) continue;
    rule.cue = new BudgetedRegExp(rule.cue.source, rule.cue.flags, rule.id, file, overruns, run);
  }
}

/** Switches every bounded user regex back on (an engine kept for another run starts with every rule on). */
export function rearmUserRules(rules: readonly CompiledRule[]): void {
  for (const rule of rules) if (rule.cue instanceof BudgetedRegExp) rule.cue.rearm();
}
