// Bridge definitions: what a decision looks like (structure: files, tools, commands, named places)
// versus what it is for (function: its purpose clause), and how it binds — enforcement (must /
// always), prevention (must not / never) and tolerance (doesn't matter / either is fine).
// Rule-based over the statement and its reasons; the vocabulary is data (rules/lexicons/bridge.json).
import type { Bridge } from './types';

export interface BridgeLexicon {
  structureNouns: string[];
  enforcement: string[];
  prevention: string[];
  tolerance: string[];
  /** Function words stripped from the front of a structure phrase ("the", "our", "in"). */
  leadingFunctionWords: string[];
  /** Words that open a verb phrase, not a structure ("must", "go"). */
  nonStructureLeads: string[];
  /** Capitalised words that are dates, not named tools or places. */
  calendarNames: string[];
  /** Command-line tools whose next word is a command ("npm test", "git push"). */
  commands: string[];
  /** File extensions that mark a word as a file name. */
  fileExtensions: string[];
}

export interface CompiledBridgeLexicon {
  code: RegExp;
  stopLead: RegExp;
  nonStructureLead: RegExp;
  calendar: ReadonlySet<string>;
  structureNoun: RegExp;
  enforcement: RegExp;
  prevention: RegExp;
  tolerance: RegExp;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "'?");
const anyOf = (words: readonly string[]) => new RegExp(`\\b(?:${[...words].sort((a, b) => b.length - a.length).map(esc).join('|')})\\b`, 'i');

export function compileBridgeLexicon(lex: BridgeLexicon): CompiledBridgeLexicon {
  const plain = (words: readonly string[]) => words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return {
    // Code spans, paths, file names, flags and commands.
    code: new RegExp(
      `\`[^\`]{1,80}\`|(?:\\.{0,2}\\/)?[\\w.-]+(?:\\/[\\w.-]+)+\\/?|\\b[\\w-]+\\.(?:${plain(lex.fileExtensions)})\\b|(?<![\\w-])--?[a-z][\\w-]*|\\b(?:${plain(lex.commands)})\\s+[a-z][\\w:-]*`,
      'g',
    ),
    stopLead: new RegExp(`^(?:${plain(lex.leadingFunctionWords)})\\s+`, 'i'),
    nonStructureLead: new RegExp(`^(?:${plain(lex.nonStructureLeads)})\\b`, 'i'),
    calendar: new Set(lex.calendarNames),
    // An optional modifier, then one or more structure nouns: "the discussion array", "Postgres queue".
    structureNoun: (() => {
      const noun = `(?:${lex.structureNouns.map(esc).join('|')})`;
      return new RegExp(`\\b((?:[A-Za-z][\\w-]*\\s+)?${noun}(?:\\s+${noun})*)\\b`, 'gi');
    })(),
    enforcement: anyOf(lex.enforcement),
    prevention: anyOf(lex.prevention),
    tolerance: anyOf(lex.tolerance),
  };
}

function cleanPhrase(p: string, stopLead: RegExp): string {
  let s = p.trim();
  while (stopLead.test(s)) s = s.replace(stopLead, '');
  return s;
}

/** Concrete things a statement names: code, paths, commands, named tools (capitalised), artefacts. */
export function structuresOf(text: string, lex: CompiledBridgeLexicon): string[] {
  const found: string[] = [];
  for (const m of text.match(lex.code) ?? []) found.push(m.replace(/^`|`$/g, ''));
  const words = text.split(/\s+/);
  words.forEach((w, i) => {
    const bare = w.replace(/^[("'[]+|[)"'\].,;:!?]+$/g, '').replace(/'s$/, '');
    const startsSentence = i === 0 || /[.!?:]$/.test(words[i - 1] ?? '');
    if (/^[A-Z0-9]{2,}$/.test(bare) && /[A-Z]/.test(bare)) found.push(bare); // acronyms: API, CI, S3
    else if (/^[A-Z][\w-]+$/.test(bare) && !startsSentence && !lex.calendar.has(bare)) found.push(bare); // named tools and places
  });
  lex.structureNoun.lastIndex = 0;
  for (const m of text.matchAll(lex.structureNoun)) {
    const phrase = cleanPhrase(m[1], lex.stopLead);
    if (phrase.split(/\s+/).length >= 1 && !lex.nonStructureLead.test(phrase)) found.push(phrase.toLowerCase());
  }
  // Keep the longest form: "Postgres" goes when "postgres queue" is there.
  const unique = [...new Map(found.map((f) => [f.toLowerCase(), f])).values()];
  return unique.filter((f) => {
    const k = f.toLowerCase();
    return !unique.some((o) => o.length > f.length && new RegExp(`(?:^|\\W)${esc(k)}(?:\\W|$)`, 'i').test(o));
  });
}

function clauses(text: string): string[] {
  return text
    .split(/[;,]\s+|\s+but\s+|\.\s+/i)
    .map((c) => c.trim().replace(/[.!]+$/, ''))
    .filter(Boolean);
}

export function bridgeOf(statement: string, reasons: readonly string[], isRule: boolean, lex: CompiledBridgeLexicon): Bridge {
  const enforcement: string[] = [];
  const prevention: string[] = [];
  const tolerance: string[] = [];
  for (const c of clauses(statement)) {
    if (lex.tolerance.test(c)) tolerance.push(c);
    else if (!isRule) continue;
    else if (lex.prevention.test(c)) prevention.push(c);
    else if (lex.enforcement.test(c)) enforcement.push(c);
  }
  const purpose = reasons.find((r) => r.length > 0) ?? '';
  return { structure: structuresOf(statement, lex).join(', '), function: purpose, tolerance, enforcement, prevention };
}
