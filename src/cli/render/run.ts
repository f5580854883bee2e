// `extract run`, `extract check` and the watch daemon: one-line summaries.
import type { RunResult } from '../../app/run';
import type { WatchEvent } from '../../watch/watch';
import { stylish } from './diagnostics';

type Summary = RunResult['summary'];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function renderRunSummary(s: Summary, errors: number, ms: number): string {
  return (
    `extract: ${plural(s.files, 'file')}, ${s.tasks} tasks (${s.analysed} analysed), ${s.decisions} new decisions, ${s.patterns} new patterns, ` +
    `${s.review} new review items, ${s.conflicts} conflicts, ${errors} errors, ${ms} ms`
  );
}

export function renderDryRun(s: Summary, errors: number, ms: number): string[] {
  return [
    s.written.length > 0 ? `would write: ${s.written.join(', ')}` : 'would write nothing: every file is current',
    `extract (dry run, nothing written): ${plural(s.files, 'file')}, ${s.tasks} tasks (${s.analysed} to analyse), ${s.decisions} new decisions, ${s.patterns} new patterns, ` +
      `${s.review} new review items, ${errors} errors, ${ms} ms`,
  ];
}

export function renderCheckSummary(r: { files: number; tasks: number; stale: number }, errors: number): string {
  return errors === 0
    ? `extract check: ${r.files} files, ${r.tasks} tasks, all extracted state is current`
    : `extract check: ${errors} problem${errors === 1 ? '' : 's'} (${r.stale} stale tasks) in ${r.files} files`;
}

export function describeEvent(e: WatchEvent, at: string): string {
  if (e.kind === 'ready' || e.kind === 'stopped') return `[${at}] ${e.kind === 'ready' ? e.message ?? 'ready' : 'stopped'}`;
  if (!e.result) return `[${at}] ${e.message ?? e.kind}`;
  const s = e.result.summary;
  const errors = e.result.diagnostics.filter((d) => d.severity === 'error');
  const counts = `${s.analysed} analysed, ${s.decisions} new decisions, ${s.patterns} new patterns, ${s.review} new review items, ${s.conflicts} conflicts (${e.ms} ms)`;
  // A broken file: its problems first, then a summary that leads with them (never a success-looking line first).
  if (errors.length > 0) return `${stylish(errors)}\n[${at}] ${e.file ?? 'all files'}: ${errors.length} error${errors.length === 1 ? '' : 's'}; ${counts}`;
  return `[${at}] ${e.file ?? 'all files'}: ${counts}`;
}
