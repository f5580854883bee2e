// Reporters: small functions from diagnostics to text.
import type { Diagnostic } from '../../core/types';
import { NO_PAINT, type Paint } from '../terminal';
import { terminalSafe } from './safe';

/** One line a problem: "file:line:column: severity: message (at pointer) [code]", the severity coloured by `paint`; text from the data escaped (see terminalSafe). */
export function stylish(diagnostics: readonly Diagnostic[], paint: Paint = NO_PAINT): string {
  return terminalSafe(diagnostics)
    .map((d) => {
      const where = [d.file, d.line, d.column].filter((x) => x !== undefined && x !== '').join(':');
      const pointer = d.pointer !== undefined && d.pointer !== '' ? ` (at ${d.pointer})` : '';
      return `${where}: ${paint[d.severity](d.severity)}: ${d.message}${pointer} [${d.code}]`;
    })
    .join('\n');
}

export function github(diagnostics: readonly Diagnostic[]): string {
  const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return terminalSafe(diagnostics)
    .map((d) => {
      const parts = [`file=${prop(d.file)}`];
      if (d.line !== undefined) parts.push(`line=${d.line}`);
      if (d.column !== undefined) parts.push(`col=${d.column}`);
      return `::${d.severity === 'error' ? 'error' : 'warning'} ${parts.join(',')}::${esc(d.message + (d.pointer ? ` (at ${d.pointer})` : ''))}`;
    })
    .join('\n');
}

export function json(diagnostics: readonly Diagnostic[], summary: Record<string, number>): string {
  return JSON.stringify({ ...summary, diagnostics });
}
