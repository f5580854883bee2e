// `extract run`, `extract check` and the watch daemon: one-line summaries.
import type { RunResult } from '../../app/run';
import { safeText } from './safe';
import type { WatchEvent } from '../../watch/watch';
import { stylish } from './diagnostics';

import { plural } from '../../core/plural';

type Summary = RunResult['summary'];

export function renderRunSummary(s: Summary, errors: number, ms: number): string {
  return (
    `extract: ${plural(s.files, 'file')}, ${plural(s.tasks, 'task')} (${s.analysed} analysed), ${plural(s.decisions, 'new decision')}, ${plural(s.patterns, 'new pattern')}, ` +
    `${plural(s.review, 'new review item')}, ${plural(s.conflicts, 'conflict')}, ${plural(errors, 'error')}, ${ms} ms`
  );
}

export function renderDryRun(s: Summary, errors: number, ms: number): string[] {
  return [
    s.written.length > 0 ? `would write: ${s.written.join(', ')}` : 'would write nothing: every file is current',
    `extract (dry run, nothing written): ${plural(s.files, 'file')}, ${plural(s.tasks, 'task')} (${s.analysed} to analyse), ${plural(s.decisions, 'new decision')}, ${plural(s.patterns, 'new pattern')}, ` +
      `${plural(s.review, 'new review item')}, ${plural(errors, 'error')}, ${ms} ms`,
  ];
}

export function renderCheckSummary(r: { files: number; tasks: number; stale: number }, errors: number): string {
  return errors === 0
    ? `extract check: ${plural(r.files, 'file')}, ${plural(r.tasks, 'task')}, all extracted state is current`
    : `extract check: ${plural(errors, 'problem')} (${plural(r.stale, 'stale task')}) in ${plural(r.files, 'file')}`;
}

export function describeEvent(event: WatchEvent, at: string): string {
  const e = { ...event, file: event.file === undefined ? undefined : safeText(event.file), message: event.message === undefined ? undefined : safeText(event.message) };
  if (e.kind === 'ready' || e.kind === 'stopped') return `[${at}] ${e.kind === 'ready' ? e.message ?? 'ready' : 'stopped'}`;
  if (!e.result) return `[${at}] ${e.message ?? e.kind}`;
  const s = e.result.summary;
  const errors = e.result.diagnostics.filter((d) => d.severity === 'error');
  const counts = `${s.analysed} analysed, ${plural(s.decisions, 'new decision')}, ${plural(s.patterns, 'new pattern')}, ${plural(s.review, 'new review item')}, ${plural(s.conflicts, 'conflict')} (${e.ms} ms)`;
  // A broken file: its problems first, then a summary that leads with them (never a success-looking line first).
  if (errors.length > 0) return `${stylish(errors)}\n[${at}] ${e.file ?? 'all files'}: ${plural(errors.length, 'error')}; ${counts}`;
  return `[${at}] ${e.file ?? 'all files'}: ${counts}`;
}
