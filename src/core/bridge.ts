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
}

export interface CompiledBridgeLexicon {
  structureNoun: RegExp;
  enforcement: RegExp;
  prevention: RegExp;
  tolerance: RegExp;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "'?");
const anyOf = (words: readonly string[]) => new RegExp(`\\b(?:${[...words].sort((a, b) => b.length - a.length).map(esc).join('|')})\\b`, 'i');

export function compileBridgeLexicon(lex: BridgeLexicon): CompiledBridgeLexicon {
  return {
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

const CODE = /`[^`]{1,80}`|(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)+\/?|\b[\w-]+\.(?:json|jsonl|ts|js|mjs|cjs|md|yml|yaml|toml|sh|py|txt|csv|lock|env)\b|(?<![\w-])--?[a-z][\w-]*|\b(?:npm|npx|git|make|docker|kubectl|yarn|pnpm|node|python|pip|cargo)\s+[a-z][\w:-]*/g;
const STOP_LEAD = /^(?:the|a|an|this|that|these|those|our|your|my|their|its|all|every|each|any|some|of|in|on|to|for|with|into|from|and|or|not|no)\s+/i;
const CALENDAR = new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']);

function cleanPhrase(p: string): string {
  let s = p.trim();
  while (STOP_LEAD.test(s)) s = s.replace(STOP_LEAD, '');
  return s;
}

/** Concrete things a statement names: code, paths, commands, named tools (capitalised), artefacts. */
export function structuresOf(text: string, lex: CompiledBridgeLexicon): string[] {
  const found: string[] = [];
  for (const m of text.match(CODE) ?? []) found.push(m.replace(/^`|`$/g, ''));
  const words = text.split(/\s+/);
  words.forEach((w, i) => {
    const bare = w.replace(/^[("'[]+|[)"'\].,;:!?]+$/g, '').replace(/'s$/, '');
    const startsSentence = i === 0 || /[.!?:]$/.test(words[i - 1] ?? '');
    if (/^[A-Z0-9]{2,}$/.test(bare) && /[A-Z]/.test(bare)) found.push(bare); // acronyms: API, CI, S3
    else if (/^[A-Z][\w-]+$/.test(bare) && !startsSentence && !CALENDAR.has(bare)) found.push(bare); // named tools and places
  });
  lex.structureNoun.lastIndex = 0;
  for (const m of text.matchAll(lex.structureNoun)) {
    const phrase = cleanPhrase(m[1]);
    if (phrase.split(/\s+/).length >= 1 && !/^(?:must|should|will|can|always|never|go|be)\b/i.test(phrase)) found.push(phrase.toLowerCase());
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
