// What a statement is about and which values it sets, so that a later statement can be related to
// an earlier decision on the same subject: it replaces it (an explicit reversal, or a new value for
// the same slot), restates it, or contradicts it (asserts what it rules out). The subject is the
// shared content — the words that name things, and the slot a value fills — not the whole topic.
// All vocabulary comes from rules/lexicons/subjects.json (and the phrases that only look negating,
// from the engine's claims word list).
import { COMPOUND_HEAD_MIN, contentToken, contentTokens, isContentWord, isQuestion, nameWords, namesOtherCode, partsBetween, sentences, sharedCount as shared, type Stems, surfaceWords, words } from './text';
import { PorterStems } from './porter';
import type { CompiledSubjects, CompoundWords, NumberWords, Words } from './types';
import { escapeRegex } from './phrases';
import { numberKey, writtenNumbers } from './measures';

/** The key of a count: alone for a bare number, with the thing counted after it ("count:room"). */
const COUNT = 'count:';

export interface Examples {
  match: string[];
  nomatch: string[];
}

export interface SubjectLexicon {
  lexicon: 'subjects';
  description?: string;
  reversals: Array<{ id: string; description?: string; regex: string; examples: Examples }>;
  slots: Array<{ slot: string; description?: string; words?: Record<string, string[]>; units?: Record<string, string[]>; rangeWords?: Record<string, string[]>; pattern?: string; spellings?: Record<string, string[]>; namesItsThing?: boolean; examples?: Examples }>;
  timePrepositions: string[];
  /** Words between a day and its month's name ("13 de marzo"). */
  monthJoiners?: string[];
  /** Holidays named with a weekday ("Good Friday", "Viernes Santo"): one word that names a subject, not the weekday. */
  namedDays?: string[];
  /** Words before a value that make it a limit ("before 8:00", "over 200 EUR"). */
  bounds: string[];
  /** The bounds that say from when something holds ("from March", "ab Juli"). */
  startBounds?: string[];
  /** The bounds past which a limit holds ("after 14:00", "over 200 EUR", "ab 18 Uhr"); the others hold short of it ("before 10"). */
  lowerBounds?: string[];
  /** Nouns that name a limit ("the approval limit", "a 12k cap", "die Obergrenze"): a value given to one is a limit. */
  limitNouns?: string[];
  /** Words that give a value to what the clause names ("is", "ist", "es", "to", "at"): a limit's noun may stand a few content words before one. */
  limitLinkers?: string[];
  /** Determiners before a day, month or other word value that goes on to name a thing ("the Thursday round"): the value tells which thing is meant, and sets nothing. */
  whichDeterminers?: string[];
  /** Words between a doing a reversal retires and its thing ("instead of booking another repair visit"): the doing is retired with that thing. */
  doingDeterminers?: string[];
  /** Units that are units only written apart from their number ("30 m" is a length, "5m" five million). */
  apartUnits?: string[];
  /** Parts of the day or week in the plural ("mornings", "weekdays"): after "at 8" they say when the hour holds. */
  dayParts?: string[];
  /** Words that take a whole group ("all", "alle", "todos"): a number after one that counts no noun of its own is the group's size ("rebook all 36"), no value of a slot. */
  wholeGroupWords?: string[];
  /** Words after a number that multiply it ("25k"), by the factor written as the key. */
  scales: Record<string, string[]>;
  /** Numbers written as words, by the number written as the key ("2": ["two", "zwei", "dos"]). */
  numberWords?: Record<string, string[]>;
  /** "a", "one", "eine", "una": one of a span of time, after a word of `spanWords` ("for a week"). */
  oneWords?: string[];
  /** Words that measure a span of time before its length ("for", "within", "für", "durante"). */
  spanWords?: string[];
  /** Ordinal numbers written as words, by the number written as the key ("2": ["second", "zweite", "segunda"]). */
  ordinalWords?: Record<string, string[]>;
  meridiem: { am: string[]; pm: string[]; clock?: string[]; hourSigns?: string[]; hourSpanWords?: string[]; hourRangeJoiners?: string[]; zones?: string[] };
  ordinalSuffixes: string[];
  hedges: string[];
  conditionals: { description?: string; regex: string[]; examples: Examples };
  generic: string[];
  /** Cross-language equivalents: an English word → its German and Spanish spellings. */
  equivalents?: Record<string, string[]>;
  /** The letters that join the parts of a compound ("Rücksende-gebühr", "Zahlungs-frist"): see compoundParts. */
  compoundJoiners?: string[];
  /** English words of another form that name the same thing as the key, matched as written: the nouns of a verb the stemmer keeps apart (extend → extension). */
  wordForms?: Record<string, string[]>;
  /** Examples for the word lists (run by the rule tester). */
  examples?: Record<string, Examples>;
}

/** A phrase as a pattern's source: its characters as written, its words however spaced. */
const phraseSource = (p: string) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

const phraseRe = (p: string) => new RegExp(`(?<![\\p{L}\\p{N}])${phraseSource(p)}(?![\\p{L}\\p{N}])`, 'iu');

/** One pattern for any of the phrases, each a whole phrase, the longest first; null for none. */
function anyOf(phrases: readonly string[]): RegExp | null {
  if (phrases.length === 0) return null;
  const alternatives = phrases.map((p) => phraseSource(p.toLowerCase())).sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * The spellings of the equivalents as compounds use them: each as a head (the end of a
 * compound), and each, or each without up to MODIFIER_ENDING_LETTERS of its ending and still
 * MODIFIER_MIN_LETTERS long, as the first part of one ("rücksend" of "Rücksendung"; "schu" of
 * "Schule" is too short to say it); a first part two English words share says neither, and is
 * left out. `joiners`: the lexicon's joining letters, the empty one first.
 */
function compoundWordsOf(equivalents: Record<string, string[]>, joiners: readonly string[], stems: Stems): CompoundWords {
  const heads = new Map<string, string>();
  const modifiers = new Map<string, string | null>();
  let longest = 0;
  for (const [english, spellings] of Object.entries(equivalents)) {
    const to = contentToken(english.toLowerCase(), stems);
    if (!to) continue;
    for (const w of spellings.map((x) => x.toLowerCase())) {
      if (w.length < COMPOUND_HEAD_MIN || /\s/.test(w)) continue;
      heads.set(w, to);
      longest = Math.max(longest, w.length);
      for (let k = Math.max(MODIFIER_MIN_LETTERS, w.length - MODIFIER_ENDING_LETTERS); k <= w.length; k++) {
        const part = w.slice(0, k);
        const was = modifiers.get(part);
        modifiers.set(part, was === undefined || was === to ? to : null);
      }
    }
  }
  const joining = ['', ...new Set(joiners.map((j) => j.toLowerCase()).filter((j) => j !== ''))].sort((a, b) => a.length - b.length);
  return { heads, modifiers: new Map([...modifiers].filter((e): e is [string, string] => e[1] !== null)), longest, joiners: joining };
}

/** The fewest letters of a compound's first part cut from a longer spelling ("rücksend" of "Rücksendung"; not "fris" of "Frist"). */
const MODIFIER_MIN_LETTERS = 6;

/** The most letters of a word's ending a compound's first part may leave off ("Rücksendung" → "rücksend-"). */
const MODIFIER_ENDING_LETTERS = 3;

/**
 * Two words of a slot joined by a dash or a slash ("Fri-Sat", "Mo–Mi", "sáb/dom"), short spellings
 * among them that alone are other words ("sat", "do"): each side read as its value's name.
 */
function rangeOf(words: Record<string, string[]>, rangeWords: Record<string, string[]>): { re: RegExp; valueOf: ReadonlyMap<string, string> } {
  const valueOf = new Map<string, string>();
  for (const table of [words, rangeWords]) for (const [value, spellings] of Object.entries(table)) for (const w of spellings) if (!/\s/.test(w.trim())) valueOf.set(w.toLowerCase(), value.toLowerCase());
  const alternatives = [...valueOf.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|');
  const side = `(${alternatives})\\.?`;
  return { re: new RegExp(`(?<![\\p{L}\\p{N}])${side}\\s*[-–/]\\s*${side}(?![\\p{L}\\p{N}])`, 'giu'), valueOf };
}

/**
 * A short spelling that alone is another word ("Wed", "Sat", "Sun", "Mi") read as its value where
 * a day of the month follows it with its month or an ordinal ("Wed 19 Feb", "Sat 15th", "Mi 5.
 * März"): "We sat down" stays a verb.
 */
function datedShortWords(rangeWords: Record<string, string[]>, months: readonly string[]): { re: RegExp; valueOf: ReadonlyMap<string, string> } {
  const valueOf = new Map<string, string>();
  for (const [value, spellings] of Object.entries(rangeWords)) for (const w of spellings) valueOf.set(w.toLowerCase(), value.toLowerCase());
  const short = [...valueOf.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|');
  const month = [...months].map((m) => m.toLowerCase()).sort((a, b) => b.length - a.length).map(escapeRegex).join('|');
  return { re: new RegExp(`(?<![\\p{L}\\p{N}])(${short})\\.?,?\\s+(?=(?:0?[1-9]|[12]\\d|3[01])(?:(?:st|nd|rd|th|\\.)?\\s+(?:${month})(?![\\p{L}])|(?:st|nd|rd|th)(?![\\p{L}\\p{N}])))`, 'giu'), valueOf };
}

/** Every word of one slot of the lexicon, in every language ("juni", "junio", …). */
export function slotWords(lex: SubjectLexicon, slot: string): string[] {
  return (lex.slots ?? []).filter((s) => s.slot === slot).flatMap((s) => Object.values(s.words ?? {}).flat());
}

/**
 * The number words of the lexicon as patterns: a ten and a unit joined as English and Spanish
 * join them ("thirty-five", "thirty five", "treinta y cinco") or as German does
 * ("fünfunddreißig"), and every spelling alone.
 */
function compileNumberWords(table: Record<string, string[]>, oneOfSpan: RegExp): NumberWords {
  const value = new Map(Object.entries(table).flatMap(([n, spellings]) => spellings.map((w) => [w.toLowerCase(), Number(n)] as const)));
  const alternatives = (keep: (n: number) => boolean) => [...value].filter(([, n]) => keep(n)).map(([w]) => escapeRegex(w)).sort((a, b) => b.length - a.length).join('|') || '(?!)';
  const tens = alternatives((n) => n >= 20 && n < 100 && n % 10 === 0);
  const units = alternatives((n) => n >= 1 && n <= 9);
  const edge = (body: string, after = '') => new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}${after}])`, 'giu');
  return {
    value,
    // ("twenty two-hour slots": a unit hyphened to the word after it counts that, not the ten.)
    tensThenUnit: edge(`(${tens})(?:-|\\s+y\\s+|\\s+)(${units})`, '-'),
    unitThenTens: edge(`(${units})und(${tens})`),
    single: edge(alternatives(() => true)),
    oneOfSpan,
  };
}

/**
 * "for a week", "within one month", "für eine Woche", "durante un mes": an article or "one" between
 * a word that measures a span of time and a unit of duration counts one of that unit. Elsewhere
 * "a week" says how often ("twice a week", "3 reports a week"), and "one" is a pronoun as often as
 * a number, so both are read only there.
 */
function oneOfSpan(lex: SubjectLexicon, unitSlot: ReadonlyMap<string, { slot: string; unit: string }>): RegExp {
  const any = (ws: Iterable<string>) => [...ws].map((w) => escapeRegex(w.toLowerCase())).sort((a, b) => b.length - a.length).join('|');
  const units = [...unitSlot].filter(([, u]) => u.slot === 'duration').map(([w]) => w);
  if (!lex.oneWords?.length || !lex.spanWords?.length || units.length === 0) return /(?!)/gu;
  return new RegExp(`(?<![\\p{L}\\p{N}])(${any(lex.spanWords)})\\s+(${any(lex.oneWords)})(?=\\s+(?:${any(units)})(?![\\p{L}\\p{N}]))`, 'giu');
}

/** Each spelling (lower case, its spaces as one) → the one name of its value. */
function namesOfSpellings(spellings: Record<string, string[]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, written] of Object.entries(spellings)) for (const w of written) out.set(w.toLowerCase().replace(/\s+/g, ' '), name.toLowerCase());
  return out;
}

/** The subject lexicon compiled with the engine's word lists (its stopwords decide which words are content). */
export function compileSubjects(lex: SubjectLexicon, words: Words): CompiledSubjects {
  const stems = new PorterStems(words);
  const wordSlot = new Map<string, { slot: string; value: string }>();
  const unitSlot = new Map<string, { slot: string; unit: string }>();
  const patterns: Array<{ slot: string; re: RegExp; named: ReadonlyMap<string, string> }> = [];
  const phraseSlot: Array<{ re: RegExp; name: string }> = [];
  const ranges: Array<{ re: RegExp; valueOf: ReadonlyMap<string, string> }> = [];
  const dated: Array<{ re: RegExp; valueOf: ReadonlyMap<string, string> }> = [];
  const months = lex.slots.filter((s) => s.slot === 'month').flatMap((s) => Object.values(s.words ?? {}).flat());
  for (const s of lex.slots) {
    if (s.rangeWords) ranges.push(rangeOf(s.words ?? {}, s.rangeWords));
    if (s.rangeWords) dated.push(datedShortWords(s.rangeWords, months));
    for (const [value, spellings] of Object.entries(s.words ?? {})) {
      for (const w of spellings) {
        if (!/\s/.test(w.trim())) wordSlot.set(w.toLowerCase(), { slot: s.slot, value });
        else {
          // (The value's name is then a spelling of its own.)
          wordSlot.set(value.toLowerCase(), { slot: s.slot, value });
          phraseSlot.push({ re: new RegExp(phraseRe(w.toLowerCase()).source, 'giu'), name: value.toLowerCase() });
        }
      }
    }
    for (const [unit, spellings] of Object.entries(s.units ?? {})) for (const w of spellings) unitSlot.set(w.toLowerCase(), { slot: s.slot, unit });
    if (s.pattern) patterns.push({ slot: s.slot, re: new RegExp(s.pattern, 'giu'), named: namesOfSpellings(s.spellings ?? {}) });
  }
  const generic = new Set<string>();
  for (const w of lex.generic) {
    generic.add(w.toLowerCase());
    const t = contentToken(w.toLowerCase(), stems);
    if (t) generic.add(t);
  }
  const equivalents = new Map<string, string>();
  for (const [english, spellings] of Object.entries(lex.equivalents ?? {})) {
    const to = contentToken(english.toLowerCase(), stems);
    if (!to) continue;
    for (const w of spellings) {
      const lower = w.toLowerCase();
      equivalents.set(lower, to);
      const t = contentToken(lower, stems);
      if (t && t !== to) equivalents.set(t, to);
    }
  }
  // (As written only: a stem would take in other words, "deliverables" or "inclusive".)
  const wordForms = new Map<string, string>();
  const lookupEquivalents = new Map(equivalents);
  for (const [word, forms] of Object.entries(lex.wordForms ?? {})) {
    const to = contentToken(word.toLowerCase(), stems);
    if (!to) continue;
    for (const w of forms) {
      wordForms.set(w.toLowerCase(), to);
      const t = contentToken(w.toLowerCase(), stems);
      if (t && t !== to && !lookupEquivalents.has(t)) lookupEquivalents.set(t, to);
    }
  }
  return {
    equivalents,
    compounds: compoundWordsOf(lex.equivalents ?? {}, lex.compoundJoiners ?? [], stems),
    wordForms,
    lookupEquivalents,
    namingSlots: new Set(lex.slots.filter((s) => s.namesItsThing).map((s) => s.slot)),
    reversals: lex.reversals.map((r) => ({ id: r.id, re: new RegExp(r.regex, 'iu') })),
    cueSpans: lex.reversals.map((r) => new RegExp(r.regex, 'giud')),
    wordSlot,
    // The longest first: "every other week" before "every week".
    phraseSlot: phraseSlot.sort((a, b) => b.re.source.length - a.re.source.length),
    ranges,
    dated,
    unitSlot,
    patterns,
    timePrepositions: new Set(lex.timePrepositions.map((w) => w.toLowerCase())),
    bounds: lex.bounds.map((b) => b.toLowerCase().split(/\s+/)),
    startBounds: new Set((lex.startBounds ?? []).map((b) => b.toLowerCase())),
    lowerBounds: new Set((lex.lowerBounds ?? []).map((b) => b.toLowerCase())),
    limitNouns: new Set((lex.limitNouns ?? []).map((b) => b.toLowerCase())),
    limitLinkers: new Set((lex.limitLinkers ?? []).map((b) => b.toLowerCase())),
    whichDeterminers: new Set((lex.whichDeterminers ?? []).map((b) => b.toLowerCase())),
    doingDeterminers: new Set((lex.doingDeterminers ?? []).map((b) => b.toLowerCase())),
    apartUnits: new Set((lex.apartUnits ?? []).map((b) => b.toLowerCase())),
    dayParts: new Set((lex.dayParts ?? []).map((b) => b.toLowerCase())),
    wholeGroupWords: new Set((lex.wholeGroupWords ?? []).map((b) => b.toLowerCase())),
    numberWords: compileNumberWords(lex.numberWords ?? {}, oneOfSpan(lex, unitSlot)),
    scales: new Map(Object.entries(lex.scales).flatMap(([factor, spellings]) => spellings.map((w) => [w.toLowerCase(), Number(factor)] as const))),
    am: new Set(lex.meridiem.am),
    pm: new Set(lex.meridiem.pm),
    clock: new Set(lex.meridiem.clock ?? []),
    hourSigns: new Set(lex.meridiem.hourSigns ?? []),
    hourSpanWords: new Set((lex.meridiem.hourSpanWords ?? []).map((w) => w.toLowerCase())),
    hourRange: hourRangeOf(lex.meridiem.hourSigns ?? [], lex.meridiem.hourRangeJoiners ?? []),
    rangeJoiners: new Set((lex.meridiem.hourRangeJoiners ?? []).map((w) => w.toLowerCase())),
    zones: new Set(lex.meridiem.zones ?? []),
    ordinals: new Set(lex.ordinalSuffixes),
    ordinalWords: new Map(Object.entries(lex.ordinalWords ?? {}).flatMap(([n, spellings]) => spellings.map((w) => [w.toLowerCase(), n] as const))),
    monthJoiners: new Set(lex.monthJoiners ?? []),
    namedDays: anyOf(lex.namedDays ?? []),
    hedges: lex.hedges.map(phraseRe),
    conditionals: lex.conditionals.regex.map((r) => new RegExp(r, 'iu')),
    generic,
    words,
  };
}

/** A value a clause gives a slot: `key` is the slot (with the counted noun for bare numbers). */
export interface SlotValue {
  key: string;
  value: string;
  /** Inside a negation: the clause rules this value out ("14 days, not 30"). */
  negated: boolean;
  /** A limit ("before 8:00", "over 200 EUR"): it conflicts with another limit, not with a value inside it. */
  bound?: boolean;
  /** A limit that says from when something holds ("from March"). */
  start?: boolean;
  /** A limit named by its noun ("the approval limit is 50k"): also the value of what it limits. */
  named?: boolean;
  /** A limit that holds past its value ("after 14:00", "over 200 EUR"), not short of it ("before 10"). */
  above?: boolean;
  /** A bare number given by a word that sets a value ("raise it to 700", "cap it at 8"): set, not counted or reported. */
  given?: boolean;
  /** A day or month between a determiner and a noun ("Split the Thursday round"): it tells which thing is meant, and gives that thing no new day ("Move the Thursday round to Friday" gives Friday). */
  which?: boolean;
  /** A count written against the word it counts ("34RS", "12pcs"): it may be a name as much as a number. */
  glued?: boolean;
  /** A clock time of at most 12 written with neither am/pm, a clock word nor a leading zero ("at 8", "7:30"): it may be of either half of the day. */
  halfDay?: boolean;
  /** A clock time written with am or pm ("7:30pm"): its writer counts the hours of each half of the day. */
  meridiem?: boolean;
}

export interface SubjectClause {
  /** Content stems that name the subject: no slot words, units, numbers or generic words. */
  anchor: ReadonlySet<string>;
  /** Every content stem, slot words included. */
  stems: ReadonlySet<string>;
  /** Stems inside the scope of a negator. */
  negated: ReadonlySet<string>;
  values: readonly SlotValue[];
  /** A paired negation ("No permit, no money"): a condition, not a blanket ban. */
  conditional: boolean;
  /** The names it gives, lowercased word by word: people, places, firms ("Lotte Berg does our catering" → lotte, berg). */
  names: ReadonlySet<string>;
  /** The anchor is common words, for want of others ("the work day"): only the same words name the same subject. */
  common?: boolean;
  /** Anchor words an ordinal tells apart from others of their kind, each with its number ("the second round" → round: 2). */
  ordinals?: ReadonlyMap<string, string>;
  /** The words of the exception a ban allows ("No plastic cups in the taproom, only at the summer fest" → summer, fest). */
  excepted?: ReadonlySet<string>;
  /** Said as a question (read only where questions are: what a message offers or asks). */
  asks?: boolean;
  /** What a rule that opens with "only" names as the only ones to act, and the stem of what they do ("Only Anna approves vendor contracts" → anna; approv). */
  only?: { who: ReadonlySet<string>; act: string };
  /** Of one thing of a list ("doors 17:00, talks 17:30"), the subject words only it has: a clause about it names one of them. */
  own?: ReadonlySet<string>;
}

export interface NegationWords {
  negatorWords: ReadonlySet<string>;
  negatorPhrases: readonly string[];
}

/** How many items (content words or values) a negator governs, up to the next comma. */
const NEGATION_SCOPE = 3;

const TOKEN_RE = /\d+(?:[.,:]\d+)*|[\p{L}][\p{L}\p{N}'’-]*|[%€$£]/gu;

interface Token {
  text: string;
  /** The comma, dash or colon before this token ends a negation's scope. */
  breakBefore: boolean;
  /** Written right against the token before it ("£15", "40€"). */
  attached: boolean;
  /** A comma before it ("in EUR, 12 people"). */
  commaBefore: boolean;
  /** A dash before it, written apart or not ("18–22 May", "Mon 11 - Fri 15 May"). */
  dashBefore: boolean;
}

function tokenize(clause: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of clause.matchAll(TOKEN_RE)) {
    const gap = clause.slice(last, m.index);
    // (A quote closing a word is not part of it: "bump '.nvmrc' to match".)
    out.push({ text: m[0].replace(/’/g, "'").replace(/(?<=\p{L})'+$/u, ''), breakBefore: /[,:(]|\s[-–—]\s|^[-–—]\s/.test(gap), attached: out.length > 0 && gap === '', commaBefore: gap.includes(','), dashBefore: /[-–—]/.test(gap) });
    last = m.index + m[0].length;
  }
  return out;
}

function parseNumber(t: string): number | null {
  // Thousands grouped with commas or (German) dots: "4,000", "2.500", "1.200.000"; "0.395" and "3,95" are fractions.
  if (/^[1-9]\d{0,2}(?:,\d{3})+$/.test(t) || /^[1-9]\d{0,2}(?:\.\d{3})+$/.test(t)) return Number(t.replace(/[,.]/g, ''));
  if (/^\d+(?:[.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  return null;
}

const numberText = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * How a text's sentences are read: as plain claims ('claims': a question or a hedged clause claims
 * nothing), as what a message offers ('offers': an offer made on a condition counts whole, "They
 * can also do Thursday 13:00 if Friday doesn't work"), or as what it asks ('asked': its questions
 * count too, "Should I keep the 5,000-word cap or set a new one?" is what "4,000." answers).
 */
export type ClaimReading = 'claims' | 'offers' | 'asked';

/** The sentences of a text that say something, read as `reading` says. */
export function claimSentences(text: string, lex: CompiledSubjects, reading: ClaimReading = 'claims'): string[] {
  const out: string[] = [];
  // Coordinated clauses are claims of their own ("Reminders max 3, and missed reminders get a call"; claims.json claimJoiners).
  for (const raw of withDatesWhole(text.split(lex.words.claims.claimSplit), lex).flatMap((part) => atValueClauses(part, lex))) {
    const s = raw.trim();
    if (s.length === 0) continue;
    // (Read for what it offers, a question with a reversal cue proposes the change and puts it up:
    // "Can we start 27 April instead?". Any other, "Friday too, or Wednesday?", claims nothing.)
    if (reading !== 'asked' && isQuestion(s) && !(reading === 'offers' && lex.reversals.some(({ re }) => re.test(s)))) continue;
    if (reading === 'claims' && lex.hedges.some((h) => h.test(s))) {
      const claimed = beforeHedge(s, lex);
      if (claimed !== null) out.push(claimed);
      continue;
    }
    out.push(s);
  }
  return out;
}

/**
 * The items of a list before the first one that carries a condition or hedge of its own inside it
 * ("tyre checks every 30 days, email first, a call if there is no email": the first two are
 * claims; an agent's summary of the rules often runs on so). An item that opens with the hedge
 * governs what comes before it ("We ship on Friday, if QA signs off", "Thursday, maybe"), and a
 * sentence that opens hedged ("If the client agrees, the kickoff moves to the 12th") claims
 * nothing: null.
 */
function beforeHedge(sentence: string, lex: CompiledSubjects): string | null {
  const items = sentence.split(/,\s+/);
  const hedged = items.findIndex((item) => lex.hedges.some((h) => h.test(item)));
  if (hedged <= 0) return null;
  const opensHedged = lex.hedges.some((h) => h.exec(items[hedged])?.index === 0);
  return opensHedged ? null : items.slice(0, hedged).join(', ');
}

/** Sentences split at a day's number and its period joined again where a month's name follows ("am 14. Juni"). */
function withDatesWhole(parts: readonly string[], lex: CompiledSubjects): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const k = out.length - 1;
    const day = k >= 0 && (lex.words.statements.dayWithPeriod.test(out[k]) || (k === 0 && lex.words.statements.dayOpening.test(out[k])));
    if (day && lex.words.statements.monthName.test(part.trimStart())) out[k] += part;
    else out.push(part);
  }
  return out;
}

/**
 * A sentence split before a comma that a value and its own verb follow: "From now on batches go
 * out Tuesdays, Monday is too tight for review" sets Tuesday; Monday is its reason's, and
 * read as one claim the sentence would name both days and change neither.
 */
function atValueClauses(sentence: string, lex: CompiledSubjects): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of sentence.matchAll(COMMA_THEN_WORD)) {
    const word = m[1];
    const value = /^\d/.test(word) || lex.wordSlot.has(word.toLowerCase());
    if (!value || !lex.words.claims.valueClauseVerb.test(sentence.slice(m.index! + m[0].length))) continue;
    // ("If it rains on Saturday, Sunday is the work day": the clause after the comma is what the condition brings.)
    if (lex.conditionals.some((re) => re.test(sentence.slice(from, m.index)))) continue;
    out.push(sentence.slice(from, m.index));
    from = m.index! + m[0].length - word.length;
  }
  out.push(sentence.slice(from));
  return out;
}
const COMMA_THEN_WORD = /,\s+([\p{L}\p{N}][\p{L}\p{N}.:]*)/gu;

/**
 * Views and clauses already worked out, by text: one per run (the pipeline makes it and passes it
 * down), so a statement met again by another relating step is not parsed again. It is dropped
 * with the run; the same lexicon must be used with one memo.
 */
export class SubjectMemo {
  readonly views = new Map<string, SubjectView>();
  readonly clauses = new Map<string, SubjectClause>();
  /** Content tokens of decision statements, as sets (every relation and the stale check index them). */
  private readonly tokenSets = new Map<string, ReadonlySet<string>>();
  constructor(readonly stems: Stems) {}

  /** The content tokens of a statement and of `alsoFoundBy` (the text a correction corrected), as one set. */
  tokenSetOf(statement: string, alsoFoundBy: string | null = null): ReadonlySet<string> {
    const key = alsoFoundBy ? `${statement}\u0000${alsoFoundBy}` : statement;
    let set = this.tokenSets.get(key);
    if (!set) {
      set = alsoFoundBy ? new Set([...this.tokenSetOf(statement), ...this.tokenSetOf(alsoFoundBy)]) : new Set(contentTokens(statement, this.stems));
      this.tokenSets.set(key, set);
    }
    return set;
  }

  /** How many texts it holds (a long-lived owner starts a new memo past some size). */
  get size(): number {
    return this.views.size + this.clauses.size + this.tokenSets.size;
  }
}

/** The subject, negations and slot values of each claim sentence of a text. */
export function subjectClauses(text: string, subjects: CompiledSubjects, neg: NegationWords, memo?: SubjectMemo, reading: ClaimReading = 'claims'): SubjectClause[] {
  const stems = memo?.stems ?? new PorterStems(subjects.words);
  const parsed = (s: string) => {
    let c = memo?.clauses.get(s);
    if (!c) {
      c = clauseOf(s, subjects, neg, stems);
      memo?.clauses.set(s, c);
    }
    return c;
  };
  return claimSentences(text, subjects, reading).flatMap((s) => parallelClauses(s, subjects, stems, parsed) ?? listedClauses(s, subjects.words.statements.disjunction, parsed) ?? [parsed(s)]);
}

/**
 * A sentence that lists, between commas, things of one kind each with its own value of the same
 * slot ("Move standard consults to 20 min, new-patient consults stay at 30 min", "logs 30 days,
 * backups 90 days", "Summer party: doors 17:00, talks 17:30") as one clause per thing: a later
 * change of one ("standard consults back to 15 min") says nothing of the others, and one kept ("30
 * min for new patients") keeps nothing of the one changed. Every part gives a value of a slot all
 * parts give, other than the weekday, and has a subject word no other part has; else null
 * ("Tuesday 10:00, Thursday 14:00" names no things; "Deliver on Tuesday, 20 lb shrimp" gives values
 * of two slots). A label before a colon is every part's. Each part keeps the words only it has
 * (`own`): what names it among the others, and what another clause must name to be about it.
 */
function listedClauses(sentence: string, disjunction: RegExp, parsed: (s: string) => SubjectClause): SubjectClause[] | null {
  const label = /^([^:\d]{1,40}):\s+/u.exec(sentence);
  const body = label ? sentence.slice(label[0].length) : sentence;
  const parts = partsBetween(body, /,\s+/g);
  // (Alternatives of one thing, "raise it to 1.5 t, or keep 1 t", are no list of things.)
  if (parts.length < 2 || parts.some((p) => p.length === 0 || startsWithDisjunction(p, disjunction))) return null;
  const clauses = parts.map((p) => parsed(label ? `${label[1]}: ${p}` : p));
  // (Not a day of the week: one named beside another thing's, "opens on Fridays, Saturdays stay
  // closed", may be what stays as it was.)
  const keys = clauses.map((c) => new Set(c.values.filter((v) => !v.negated && v.key !== 'weekday').map((v) => v.key)));
  if (![...keys[0]].some((k) => keys.every((ks) => ks.has(k)))) return null;
  const holders = new Map<string, number>();
  for (const c of clauses) for (const w of c.anchor) holders.set(w, (holders.get(w) ?? 0) + 1);
  const owns = clauses.map((c) => new Set([...c.anchor].filter((w) => holders.get(w) === 1)));
  return owns.every((own) => own.size > 0) ? clauses.map((c, k) => ({ ...c, own: owns[k] })) : null;
}

/** Whether a text opens with a word that offers an alternative ("or keep 1 t", "oder …", "o …"). */
function startsWithDisjunction(text: string, disjunction: RegExp): boolean {
  return disjunction.exec(text)?.index === 0;
}

/**
 * A sentence that joins two things each with its own value of the same slot ("U12 Monday
 * 17:30-19:00 and U14 Wednesday 18:00-19:30", "backups 30 days and logs 90 days") as one clause
 * per thing: a later change of one ("U14 Thursday") says nothing of the other. Null where the
 * parts are not parallel so ("Tuesday and Thursday", "between 9 and 17", "Mia and Jo do Friday",
 * "96 orders on 31 December and 141 on 2 January", "for 05:30, after the bake and well ahead of the 07:00").
 */
function parallelClauses(sentence: string, lex: CompiledSubjects, stems: Stems, parsed: (s: string) => SubjectClause): SubjectClause[] | null {
  const parts = sentence.split(lex.words.claims.claimJoiner).map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => p.length === 0)) return null;
  const clauses = parts.map(parsed);
  // (Each part opens with the thing it is about: "141 on 2 January, so the 31st costs less" or
  // "well ahead of the 07:00 opening" is no thing of its own beside what comes before it.)
  const opensWithItsThing = (p: string, c: SubjectClause) => {
    const first = contentToken(/^[\p{L}\p{N}'’-]+/u.exec(p)?.[0].toLowerCase() ?? '', stems);
    return first !== null && !/^\d/.test(first) && c.anchor.has(first);
  };
  if (!parts.every((p, i) => opensWithItsThing(p, clauses[i]))) return null;
  const keys = (c: SubjectClause) => new Set(c.values.filter((v) => !v.negated).map((v) => v.key));
  const [first, ...rest] = clauses.map(keys);
  if (![...first].some((k) => rest.every((ks) => ks.has(k)))) return null;
  // (Each its own thing: no anchor word in two parts. Counted once over all parts: a long chain of
  // "and"s costs its length, not its square.)
  const holders = new Map<string, number>();
  for (const c of clauses) for (const w of c.anchor) holders.set(w, (holders.get(w) ?? 0) + 1);
  return clauses.every((c) => c.anchor.size > 0) && [...holders.values()].every((n) => n === 1) ? clauses : null;
}

/**
 * What one claim sentence is about: its text normalized, the slot values it sets, which words a
 * negation rules out, and the words left over as its anchor. Each step is its own function below.
 */
function clauseOf(sentence: string, lex: CompiledSubjects, neg: NegationWords, stemmer: Stems): SubjectClause {
  const { text, patternValues } = normalizedClauseText(sentence, lex, neg);
  const toks = tokenize(text);
  const names = namesIn(sentence, lex, stemmer);
  const { valueAt, consumed } = numberValues(toks, lex, stemmer, rangeSpanEnds(sentence, lex), names);
  const negatedAt = negationScope(toks, valueAt, lex, neg, stemmer);
  for (const [i, v] of valueAt) if (negatedAt.has(i)) v.negated = true;
  // ("Don't move the 9:00 standup to 9:30" moves nothing: under a negation the number that told
  // which thing is the value kept.)
  for (const [i, v] of valueAt) if (v.which && [...negatedAt].some((k) => k < i)) v.which = false;
  // ("No 12pcs packs": a count written against its word right after the negator is what it rules out.)
  for (const [i, v] of valueAt) if (v.glued && i > 0 && neg.negatorWords.has(toks[i - 1].text)) v.glued = false;
  const values = [...patternValues, ...valueAt.values()];
  unitsForRuledOutNumbers(values);
  const { anchor, stems, negated, wordValues, common, ordinals } = anchorWords(toks, consumed, negatedAt, lex, neg, stemmer);
  values.push(...wordValues);
  // A place is a value, not the subject ("in the main text"), but the clause still says its words:
  // "We stopped using the tape library" retires "Backups go to the tape library".
  for (const v of patternValues) for (const t of contentTokens(v.value, stemmer)) if (/^\p{L}+$/u.test(t)) stems.add(t);
  const conditional = lex.conditionals.some((re) => re.test(sentence));
  const marker = lex.words.claims.exceptionMarker.exec(sentence);
  const excepted = exceptionOf(sentence, marker, anchor, negated, stemmer);
  const only = onlyOf(sentence, marker, anchor, stemmer);
  const asks = isQuestion(sentence);
  return { anchor, stems, negated, values, conditional, names, ...(asks ? { asks } : {}), ...(common ? { common } : {}), ...(ordinals.size > 0 ? { ordinals } : {}), ...(excepted.size > 0 ? { excepted } : {}), ...(only ? { only } : {}) };
}

// Names as written (a capital first), one or several joined by a comma or a short word ("Sofia
// or Rahul", "Clara und Jonas"), then the words that say what they do ("may approve").
const NAME = String.raw`\p{Lu}[\p{L}'’-]*`;
const NAMES_THEN_WORDS = new RegExp(String.raw`^\s+(${NAME}(?:(?:\s*,\s*|\s+(?:\p{Ll}{1,4}|&)\s+)${NAME})*)((?:\s+\p{Ll}[\p{L}'’-]*){1,3})`, 'u');
const NAME_JOIN = /\s*,\s*|\s+(?:\p{Ll}{1,4}|&)\s+/u;

/**
 * "Only Anna approves vendor contracts", "Nur Clara unterschreibt die Verträge": a rule that opens
 * with an exception marker (`m`, the sentence's first) and names whom (or what) it restricts to,
 * then what they do (a word of its subject `anchor`).
 */
function onlyOf(sentence: string, m: RegExpExecArray | null, anchor: ReadonlySet<string>, stemmer: Stems): SubjectClause['only'] {
  if (!m || /[\p{L}\p{N}]/u.test(sentence.slice(0, m.index))) return undefined;
  const named = NAMES_THEN_WORDS.exec(sentence.slice(m.index + m[0].length));
  // (The first of them that is a word of the subject: past "may", "can".)
  const act = named ? named[2].trim().split(/\s+/).map((w) => contentToken(w.toLowerCase(), stemmer)).find((t) => t !== null && anchor.has(t)) : undefined;
  if (!named || act === undefined || act === null) return undefined;
  return { who: new Set(named[1].split(NAME_JOIN).map((w) => w.toLowerCase())), act };
}

/**
 * The subject words of the exception a ban allows: after an exception marker that follows what
 * the clause rules out ("No glass bottles on the terrace, only at the garden party"). A clause that
 * opens with the marker ("Only the weekend stays closed") restricts; it allows no exception.
 */
function exceptionOf(sentence: string, m: RegExpExecArray | null, anchor: ReadonlySet<string>, negated: ReadonlySet<string>, stemmer: Stems): Set<string> {
  const out = new Set<string>();
  if (!m || m.index === 0) return out;
  const before = new Set(contentTokens(sentence.slice(0, m.index), stemmer));
  if (![...negated].some((s) => before.has(s))) return out;
  for (const t of contentTokens(sentence.slice(m.index + m[0].length), stemmer)) if (anchor.has(t) && !negated.has(t)) out.add(t);
  return out;
}

/** The names of a sentence (`nameWords`), lowercased, but function words, weekdays and months (slot values). */
function namesIn(sentence: string, lex: CompiledSubjects, stemmer: Stems): Set<string> {
  const out = new Set<string>();
  for (const word of nameWords(sentence)) {
    const w = word.toLowerCase();
    if (isContentWord(w, stemmer) && !lex.wordSlot.has(w)) out.add(w);
  }
  return out;
}

/**
 * The sentence lower-cased with phrases that only look negating blanked, negator phrases read as
 * "not", reversal cues blanked and phrase slots named; the values of pattern slots (versions,
 * colours) are taken out first, so that their text is out of the way of bare numbers.
 */
function normalizedClauseText(sentence: string, lex: CompiledSubjects, neg: NegationWords): { text: string; patternValues: SlotValue[] } {
  const patternValues: SlotValue[] = [];
  let lower = sentence.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  for (const h of lex.words.claims.nonNegating) if (lower.includes(h)) lower = lower.split(h).join(' ');
  for (const p of neg.negatorPhrases) if (lower.includes(p)) lower = lower.split(p).join(' not ');
  lower = withoutCueWords(lower, lex);
  // ("Closed Good Friday" says nothing of Fridays: the holiday is one word, and names a subject.)
  if (lex.namedDays) lower = lower.replace(lex.namedDays, (day) => day.replace(/\s+/g, '-'));
  for (const { re, valueOf } of lex.ranges) lower = lower.replace(re, (_, a: string, b: string) => ` ${valueOf.get(a)} ${valueOf.get(b)} `);
  for (const { re, valueOf } of lex.dated) lower = lower.replace(re, (_, a: string) => ` ${valueOf.get(a)} `);
  for (const { re, name } of lex.phraseSlot) {
    re.lastIndex = 0;
    if (re.test(lower)) lower = lower.replace(re, ` ${name} `);
  }
  // (After the phrases of several words, which may spell a number: "alle zwei Wochen" is biweekly.)
  lower = withNumbersInDigits(lower, lex.numberWords);
  for (const { slot, re, named } of lex.patterns) {
    re.lastIndex = 0;
    lower = lower.replace(re, (...args) => {
      const groups = args[args.length - 1] as Record<string, string | undefined>;
      const v = groups?.value;
      // ("goes out on Monday": a word another slot reads, a weekday or a month, is that slot's value.)
      if (v && v.split(/\s+/).some((w) => lex.wordSlot.has(w.toLowerCase()))) return args[0] as string;
      const spelled = v?.toLowerCase().replace(/\s+/g, ' ');
      if (spelled) patternValues.push({ key: slot, value: named.get(spelled) ?? spelled, negated: false });
      return ' ';
    });
  }
  return { text: lower, patternValues };
}

/** "thirty-five euros" → "35 euros", "zwei Wochen" → "2 wochen": number words as the digits the value readers read. */
function withNumbersInDigits(lower: string, nw: NumberWords): string {
  const of = (w: string) => nw.value.get(w.toLowerCase()) ?? 0;
  return lower
    .replace(nw.oneOfSpan, (_, span: string) => `${span} 1`)
    .replace(nw.tensThenUnit, (_, tens: string, unit: string) => String(of(tens) + of(unit)))
    .replace(nw.unitThenTens, (_, unit: string, tens: string) => String(of(tens) + of(unit)))
    .replace(nw.single, (w: string) => String(of(w)));
}

/** The value each number token sets, by its position, and the positions of the unit, scale, month and limit words the numbers took. */
function numberValues(toks: readonly Token[], lex: CompiledSubjects, stemmer: Stems, spanEnds: ReadonlySet<string>, names: ReadonlySet<string> = new Set()): { valueAt: Map<number, SlotValue>; consumed: Set<number> } {
  const valueAt = new Map<number, SlotValue>();
  const consumed = new Set<number>();
  for (let i = 0; i < toks.length; i++) {
    if (!/^\d/.test(toks[i].text) || consumed.has(i)) continue;
    const phone = phoneNumberEnd(toks, i);
    if (phone > i) {
      for (let k = i; k < phone; k++) consumed.add(k);
      i = phone - 1;
      continue;
    }
    const v = clockValue(toks, i, lex) ?? numberValue(toks, i, lex, consumed, stemmer, spanEnds, names);
    if (v) {
      // (The limit's words say how the value holds, not what it is of: "max 3 chargers".)
      for (const k of markBound(v, toks, i, lex)) consumed.add(k);
      // (The zone of a time is part of it: "publish 09:00 CEST", "9 am CEST" and "22 Uhr MESZ" say nothing about a "CEST".)
      if (v.key === 'time') {
        const z = i + 1 < toks.length && (lex.am.has(toks[i + 1].text) || lex.pm.has(toks[i + 1].text) || lex.clock.has(toks[i + 1].text)) ? i + 2 : i + 1;
        if (z < toks.length && lex.zones.has(toks[z].text)) consumed.add(z);
      }
      valueAt.set(i, v);
    }
  }
  // ("Take the 8:15 train", "order the 12 chairs Lena picked": without a new value of its own after
  // "to", the number is the value the clause gives, whatever noun follows it.)
  for (const [i, v] of valueAt) if (tellsWhich(toks, i, lex, consumed, stemmer, v) && givenNewValueAfter(toks, valueAt, i, v, lex)) v.which = true;
  return { valueAt, consumed };
}

/** Whether the clause gives the thing a number at `i` tells of another value of its kind, after "to" ("the 15 sack rule to 10", "the 9:00 standup to 9:30"). */
function givenNewValueAfter(toks: readonly Token[], valueAt: ReadonlyMap<number, SlotValue>, i: number, v: SlotValue, lex: CompiledSubjects): boolean {
  for (const [j, w] of valueAt) {
    if (j <= i || w.negated || !lex.rangeJoiners.has(toks[j - 1]?.text ?? '')) continue;
    if (w.key === v.key || (v.key.startsWith(COUNT) && w.key === COUNT)) return true;
  }
  return false;
}

/**
 * "Drop the 15 sack rule to 10.", "Raise the 200 EUR limit", "Move the 9:00 meeting": a number
 * (with its unit, or the noun it counts) between a determiner and the noun it goes with tells
 * which thing is meant, as "the Thursday round" does; it is no value the sentence gives. "The 40
 * sacks from Northfield" ends with the noun it counts.
 */
function tellsWhich(toks: readonly Token[], i: number, lex: CompiledSubjects, consumed: ReadonlySet<number>, stemmer: Stems, v: SlotValue): boolean {
  if (i === 0 || !lex.whichDeterminers.has(toks[i - 1].text) || toks[i].breakBefore) return false;
  let k = i + 1;
  while (consumed.has(k)) k++;
  if (v.key.startsWith(COUNT) && v.key.length > COUNT.length && countsNoun(toks[k], lex, stemmer)) k++;
  // (A common word that ends the clause says when or how, not what: "Order the 12 boxes today.")
  return countsNoun(toks[k], lex, stemmer) && !toks[k].attached && !(k === toks.length - 1 && lex.generic.has(toks[k].text));
}

/** The number of an ordinal written in digits that ends at `k` ("2nd", "3rd"), or undefined. */
function numberedOrdinal(toks: readonly Token[], k: number, lex: CompiledSubjects): string | undefined {
  if (k < 1 || !lex.ordinals.has(toks[k].text) || !/^\d+$/.test(toks[k - 1].text)) return undefined;
  return String(Number(toks[k - 1].text));
}

/** Whether the word after a number (or its ordinal ending) is a noun the number counts: a content word in the same sentence part, no slot word or hour word. */
function countsNoun(next: Token | undefined, lex: CompiledSubjects, stemmer: Stems): boolean {
  if (next === undefined || next.breakBefore || !/^\p{L}/u.test(next.text)) return false;
  const w = next.text;
  return !lex.wordSlot.has(w) && !lex.am.has(w) && !lex.pm.has(w) && !lex.clock.has(w) && contentToken(w, stemmer) !== null;
}

/**
 * Whether a plural noun (an English one: "-s") at `k`, or after one more word there, is what the
 * number before `k` counts. A name ("at 10 Paris time", "at 9 via Teams") or a part of the day or
 * week ("at 8 weekdays") is none.
 */
function countsPlural(toks: readonly Token[], k: number, lex: CompiledSubjects, stemmer: Stems, names: ReadonlySet<string>): boolean {
  const plural = (t: Token | undefined) => t !== undefined && t.text.length > 3 && /[^s]s$/.test(t.text) && !names.has(t.text) && !lex.dayParts.has(t.text) && countsNoun(t, lex, stemmer);
  return plural(toks[k]) || (countsNoun(toks[k], lex, stemmer) && plural(toks[k + 1]));
}

/** "14:30", "9.15 pm": a time of day. */
function clockValue(toks: readonly Token[], i: number, lex: CompiledSubjects): SlotValue | null {
  const clock = /^(\d{1,2})[:.](\d{2})$/.exec(toks[i].text);
  if (!(clock && Number(clock[1]) <= 24 && Number(clock[2]) < 60)) return null;
  // "5.20 EUR", "€5.20", "4.50 kg" are no times of day ("9:30 daily" is one, and so is the time
  // in "12 EUR, 10:00 to 22:00": a comma between them parts them).
  const measure = (slot: string | undefined) => slot !== undefined && slot !== 'duration';
  const after = i + 1 < toks.length && !toks[i + 1].breakBefore ? unitAt(toks, i + 1, lex)?.slot : undefined;
  const before = i > 0 && !toks[i].breakBefore ? lex.unitSlot.get(toks[i - 1].text)?.slot : undefined;
  if (measure(after) || measure(before)) return null;
  let h = Number(clock[1]);
  const next = toks[i + 1]?.text;
  // "0.11 per word", "goes to 0.25": a dotted number with no hour before its point is a fraction;
  // a time just after midnight is written "0:30", "00.30" or "0.30 Uhr".
  const hourWord = next !== undefined && (lex.am.has(next) || lex.pm.has(next) || lex.clock.has(next));
  if (toks[i].text.startsWith('0.') && !hourWord) return null;
  if (next && lex.pm.has(next) && h < 12) h += 12;
  // ("12:30am" is half past midnight.)
  if (next && lex.am.has(next) && h === 12) h = 0;
  const meridiem = next !== undefined && (lex.am.has(next) || lex.pm.has(next));
  return timeOfDay(h * 60 + Number(clock[2]), meridiem, !hourWord && !clock[1].startsWith('0') && h <= 12);
}

/**
 * Whether a number before an hour's sign ("48h", "4 h") is a span of hours as it stands: one that
 * is no hour of the clock (25 to 99, or not whole: "1.5 h"), or one after a word that only ever
 * measures a span before it (`hourSpanWords`: "within 4h", "innerhalb 2 h"; "for 19h" may be a
 * table booked for seven). Up to 24 it may be either ("Friday 12h", "doors 19h", "16-18h", "class
 * 5h"), and it is read as a number is read without the sign, whatever else its sentence says.
 * Four digits are the clock ("1900h").
 */
function spanOfHours(toks: readonly Token[], i: number, lex: CompiledSubjects, spanEnds: ReadonlySet<string>): boolean {
  const n = parseNumber(toks[i].text);
  if (n === null || n >= 100) return false;
  const prev = i > 0 ? toks[i - 1].text : '';
  // (The other end of a range of spans, "from 24h to 48h", "24h-48h", is one too.)
  return spanByItself(n) || lex.hourSpanWords.has(prev) || spanEnds.has(toks[i].text);
}

/** A number that can be no hour of the clock before an hour's sign: 25 to 99, or not whole. */
function spanByItself(n: number | null): boolean {
  return n !== null && n < 100 && (!Number.isInteger(n) || n > 24);
}

/**
 * The numbers of a sentence that end a range of hours written with the sign ("from 24h to 48h",
 * "24h-48h", "24 h bis 48 h") whose other end can be no hour of the clock: both ends are spans.
 * Read on the sentence as written, before its joining words are dropped; a comma or "and" lists.
 */
function rangeSpanEnds(sentence: string, lex: CompiledSubjects): ReadonlySet<string> {
  const out = new Set<string>();
  for (const m of sentence.toLowerCase().matchAll(lex.hourRange)) if (spanByItself(parseNumber(m[1])) || spanByItself(parseNumber(m[2]))) out.add(m[1]).add(m[2]);
  return out;
}

/** "24h to 48h", "24 h-48 h": two numbers with an hour's sign joined by a dash or a joining word (groups 1 and 2); none without signs. */
function hourRangeOf(signs: readonly string[], joiners: readonly string[]): RegExp {
  if (signs.length === 0) return /(?!)/gu;
  const sign = `\\s?(?:${signs.map(escapeRegex).join('|')})`;
  const join = joiners.length > 0 ? `\\s*[-–—]\\s*|\\s+(?:${joiners.map(escapeRegex).join('|')})\\s+` : `\\s*[-–—]\\s*`;
  return new RegExp(`(?<![\\p{L}\\p{N}.,])(\\d+(?:[.,]\\d+)?)${sign}(?:${join})(\\d+(?:[.,]\\d+)?)${sign}(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * "0800", "1400" as the 24-hour clock writes them without a colon: a time of day where it can be
 * no year or count. Four digits with a leading zero are one anywhere ("0800–1300"); others after
 * a weekday or a date ("Fri 1400", "11 April 1400"), beside a time so written ("0800–1300"), or, short of
 * 19:00 (from then on the digits may be a year, "until 2030"), after a word of time ("til 1400").
 * The time, or null.
 */
function twentyFourHour(toks: readonly Token[], i: number, afterDate: boolean, afterPreposition: boolean): string | null {
  const m = /^([01]\d|2[0-3])([0-5]\d)$/.exec(toks[i].text);
  if (!m) return null;
  const zeroLed = (t: Token | undefined) => t !== undefined && /^0\d[0-5]\d$/.test(t.text);
  const besideOne = zeroLed(toks[i - 1]) || (toks[i + 1]?.dashBefore === true && zeroLed(toks[i + 1]));
  const ok = m[1].startsWith('0') || afterDate || besideOne || (afterPreposition && Number(m[1]) < 19);
  return ok ? `${m[1]}:${m[2]}` : null;
}

/** A year as written in a date ("2026"). */
const YEAR = /^(?:19|20)\d\d$/;

/**
 * Where a phone number that opens at token i ends (past its last group of digits), or i when none
 * does: an area code of four digits or more with a leading zero (not an hour of the 24-hour clock,
 * "0800"), then groups of three digits or more, apart by spaces only, eight digits or more in all
 * ("call Night Paws on 01632 960717", "0171 4960 0328"; "Text 07700 900123 30 minutes before" keeps
 * the 30, "Thu 0800-1300" is a span of hours, "Rooms 010 012 014" are rooms). Its groups are no
 * values: the "1632" of a number an agent gives again is no count that a decision left unsaid.
 */
function phoneNumberEnd(toks: readonly Token[], i: number): number {
  const first = toks[i].text;
  if (!/^0\d{3,}$/.test(first) || (first.length === 4 && Number(first.slice(0, 2)) < 24 && Number(first.slice(2)) < 60)) return i;
  let end = i + 1;
  let digits = first.length;
  while (end < toks.length && /^\d{3,}$/.test(toks[end].text) && !toks[end].breakBefore && !toks[end].attached && !toks[end].dashBefore) digits += toks[end++].text.length;
  return digits >= 8 ? end : i;
}

/** A number read by what stands around it: an amount or a unit's slot, a scaled count, a date, an hour, or a count of the noun after it. */
function numberValue(toks: readonly Token[], i: number, lex: CompiledSubjects, consumed: Set<number>, stemmer: Stems, spanEnds: ReadonlySet<string>, names: ReadonlySet<string>): SlotValue | null {
  const n = parseNumber(toks[i].text);
  if (n === null) return null;
  const month = (k: number) => {
    const w = k >= 0 && k < toks.length ? lex.wordSlot.get(toks[k].text) : undefined;
    return w && w.slot === 'month' ? w.value : null;
  };
  // "25k", "1.2 Mio": the scale word multiplies the number; a unit may follow it.
  const scale = lex.scales.get(toks[i + 1]?.text ?? '');
  const num = scale === undefined ? n : n * scale;
  if (scale !== undefined) consumed.add(i + 1);
  const unitStart = scale === undefined ? 1 : 2;
  const prev = i > 0 ? toks[i - 1].text : '';
  const prev2 = i > 1 ? `${toks[i - 2].text} ${prev}` : '';
  if (scale === undefined && lex.hourSigns.has(toks[i + 1]?.text ?? '') && spanOfHours(toks, i, lex, spanEnds)) {
    consumed.add(i + 1);
    return { key: 'duration', value: `${numberText(n)} hour`, negated: false };
  }
  const after = unitAt(toks, i + unitStart, lex);
  // (A unit the number before took is not this one's too, "40 € 12 people max", and a comma
  // parts a unit from the number after it, "Invoices in EUR, 12 people max"; a colon does not,
  // "Preis in €: 40".)
  const before = i > 0 && !consumed.has(i - 1) && !toks[i].commaBefore ? lex.unitSlot.get(toks[i - 1].text) : undefined;
  // A currency before the number names what it is, whatever follows ("€410/month" is an amount).
  // A sign written apart from the number and against the next one is the next one's ("10K £15,
  // 5K £8": the race is no amount; "40 € 12 people" is 40 EUR; a sign apart from both, "10K £ 15",
  // is the number before's).
  const sign = toks[i + unitStart];
  const signOfNext = after !== null && after.width === 1 && !/\p{L}/u.test(sign.text) && !sign.attached && /^\d/.test(toks[i + unitStart + 1]?.text ?? '') && toks[i + unitStart + 1].attached;
  if (after && !signOfNext && !(before && before.slot === 'amount')) {
    for (let k = unitStart; k < unitStart + after.width; k++) consumed.add(i + k);
    return { key: after.slot, value: `${numberText(num)} ${after.unit}`, negated: false };
  }
  if (before && before.slot === 'amount') return { key: before.slot, value: `${numberText(num)} ${before.unit}`, negated: false };
  if (scale !== undefined) return countValue(toks[i + 2]?.text ?? '', num, lex, stemmer);
  const joined = (k: number) => (lex.monthJoiners.has(toks[k]?.text ?? '') ? month(k + 1) : null);
  const ordinal = lex.ordinals.has(toks[i + 1]?.text ?? '');
  // (A month before the number is its date's only without a comma between and with no hour's word
  // after it: "Friday 14 March, 8pm" is a time on 14 March, not 8 March.)
  const hourWord = (w: string | undefined) => w !== undefined && (lex.am.has(w) || lex.pm.has(w) || lex.clock.has(w));
  const monthBefore = toks[i].commaBefore || hourWord(toks[i + 1]?.text) ? null : month(i - 1);
  // "a 3rd year client", "the 2nd floor": an ordinal before a noun counts that noun's kind; only
  // one standing alone or before a month is a day ("the 21st", "3rd of May").
  if (ordinal && !monthBefore && !month(i + 2) && !joined(i + 2) && countsNoun(toks[i + 2], lex, stemmer)) {
    consumed.add(i + 1);
    return null;
  }
  // "18–22 May", "Mon 11 – Fri 15 May": the number that opens a range of days of a month is a day
  // of that month too, not a count or an hour.
  const rangeMonth = monthBefore ? null : monthOfRangeEnd(toks, i, lex, month);
  if (rangeMonth) return { key: 'date', value: `${rangeMonth} ${numberText(n)}`, negated: false };
  if (ordinal || month(i + 1) || monthBefore || joined(i + 1)) {
    const m = month(i + 1) ?? monthBefore ?? joined(i + 1) ?? joined(i + 2) ?? month(i + 2);
    for (const k of [i - 1, i + 1, i + 2, i + 3]) if (month(k)) consumed.add(k);
    // "10 Jul 2026", "July 10, 2026", "10 de julio de 2026": the year after the day and its month
    // is that date's, no day of July; a number with a unit after it is a value of its own ("12
    // June, 2000 EUR").
    const monthAt = month(i + 1) ? i + 1 : joined(i + 1) ? i + 2 : monthBefore ? i - 1 : -1;
    const after = monthAt < i ? i + 1 : monthAt + 1;
    const year = lex.monthJoiners.has(toks[after]?.text ?? '') ? after + 1 : after;
    if (monthAt >= 0 && YEAR.test(toks[year]?.text ?? '') && unitAt(toks, year + 1, lex) === null) consumed.add(year);
    return { key: 'date', value: m ? `${m} ${numberText(n)}` : `day ${numberText(n)}`, negated: false };
  }
  const nextWord = toks[i + 1]?.text ?? '';
  // After a weekday a number is its hour ("Tuesday 10"), unless a noun after it says what it
  // counts ("Tuesday 3 lanes"), or a comma or a dash parts them ("Sunday to Friday — six in a row").
  const afterWeekday = lex.wordSlot.get(prev)?.slot === 'weekday' && !toks[i].breakBefore && !countsNoun(toks[i + 1], lex, stemmer);
  // After a word of time a number is its hour too ("at 10 sharp", "at 8 Berlin time"), unless a
  // plural noun after it, or after one word more, says what it counts ("the meter at 3 free
  // articles", "from 2 crews").
  const afterPreposition = (lex.timePrepositions.has(prev) || lex.timePrepositions.has(prev2)) && !countsPlural(toks, i + 1, lex, stemmer, names);
  if (Number.isInteger(n) && n <= 24 && (afterPreposition || afterWeekday || lex.am.has(nextWord) || lex.pm.has(nextWord) || lex.clock.has(nextWord))) {
    // ("12am" is midnight, "12pm" noon.)
    const h = lex.pm.has(nextWord) && n < 12 ? n + 12 : lex.am.has(nextWord) && n === 12 ? 0 : n;
    const meridiem = lex.am.has(nextWord) || lex.pm.has(nextWord);
    return timeOfDay(h * 60, meridiem, !meridiem && !lex.clock.has(nextWord) && !toks[i].text.startsWith('0') && h > 0 && h <= 12);
  }
  // (After a date: its month, or its day after its month, "April 11 1400".)
  const afterDate = lex.wordSlot.get(prev)?.slot === 'month' || (/^\d/.test(prev) && i > 1 && lex.wordSlot.get(toks[i - 2].text)?.slot === 'month');
  const hhmm = twentyFourHour(toks, i, (lex.wordSlot.get(prev)?.slot === 'weekday' && !toks[i].breakBefore) || afterDate, afterPreposition);
  if (hhmm) return { key: 'time', value: hhmm, negated: false };
  // "Rebook all 36": a number after a word that takes a whole group, counting no noun of its own,
  // is the size of a group named before, not a value of anything the clause sets.
  if (lex.wholeGroupWords.has(prev) && !toks[i].breakBefore && !countsNoun(toks[i + 1], lex, stemmer)) return null;
  // The word after a comma or colon is not what the number counts ("move to 22: CI, …").
  const count = countValue(toks[i + 1] && !toks[i + 1].breakBefore ? toks[i + 1].text : '', n, lex, stemmer);
  const written = toks[i + 1]?.attached && count.key !== COUNT ? { ...count, glued: true } : count;
  return i > 0 && !toks[i].breakBefore && lex.limitLinkers.has(prev) ? { ...written, given: true } : written;
}

/**
 * The month of the day that closes a range opened by the number at token i: after a dash or a
 * word that joins a range ("to", "bis", "hasta"), a weekday perhaps, then a number with its month
 * ("18–22 May", "Mon 11 - Fri 15 May", "11 to 15 May"); else null.
 */
function monthOfRangeEnd(toks: readonly Token[], i: number, lex: CompiledSubjects, month: (k: number) => string | null): string | null {
  let k = i + 1;
  if (k >= toks.length) return null;
  const joiner = lex.rangeJoiners.has(toks[k].text);
  if (!toks[k].dashBefore && !joiner) return null;
  if (joiner) k++;
  if (lex.wordSlot.get(toks[k]?.text ?? '')?.slot === 'weekday') k++;
  return k < toks.length && /^\d{1,2}$/.test(toks[k].text) ? month(k + 1) : null;
}

/** The unit (one or two words) starting at token i, with the slot it names. */
function unitAt(toks: readonly Token[], i: number, lex: CompiledSubjects): { slot: string; unit: string; width: number } | null {
  if (i >= toks.length) return null;
  const two = i + 1 < toks.length ? lex.unitSlot.get(`${toks[i].text} ${toks[i + 1].text}`) : undefined;
  if (two) return { ...two, width: 2 };
  const one = lex.unitSlot.get(toks[i].text);
  // ("5m" is five million, "30m" thirty minutes: some units are units only written apart.)
  if (one && toks[i].attached && lex.apartUnits.has(toks[i].text)) return null;
  return one ? { ...one, width: 1 } : null;
}

/** A count, keyed by the noun it counts unless that noun is a generic word. */
function countValue(next: string, num: number, lex: CompiledSubjects, stemmer: Stems): SlotValue {
  const stem = /^\p{L}/u.test(next) ? contentToken(next, stemmer) : null;
  // "12 Teilnehmer" and "15 Leute" count one thing, which the lexicon's equivalents name in three
  // languages; a count of it is keyed by it though the word alone names no subject ("people").
  const named = stem === null ? undefined : lex.equivalents.get(next.toLowerCase()) ?? lex.equivalents.get(stem);
  const noun = named ?? stem;
  return { key: `${COUNT}${noun && (named !== undefined || !lex.generic.has(noun)) ? noun : ''}`, value: numberText(num), negated: false };
}

/**
 * Negation scope: the phrase right after a negator ("no automatic retries", "never get admin
 * rights", "not 30"): function words before it are skipped, the first one after it ends it, and
 * so do a comma or a dash.
 */
function negationScope(toks: readonly Token[], valueAt: ReadonlyMap<number, SlotValue>, lex: CompiledSubjects, neg: NegationWords, stemmer: Stems): Set<number> {
  const negatedAt = new Set<number>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i].text;
    if (!(neg.negatorWords.has(t) || t.endsWith("n't"))) continue;
    let items = 0;
    for (let k = i + 1; k < toks.length && items < NEGATION_SCOPE; k++) {
      if (toks[k].breakBefore) break;
      const w = toks[k].text;
      if (neg.negatorWords.has(w)) break;
      const item = valueAt.has(k) || /^\d/.test(w) || contentToken(w, stemmer) !== null || lex.wordSlot.has(w);
      if (!item) {
        // "never release on a Friday": the value the negated phrase is tied to by a function word or two is ruled out with it.
        // (A limit stays the rule's value: "no meetings before 10" sets 10.)
        const valueNext = [k + 1, k + 2].find((x) => x < toks.length && !toks[x].breakBefore && (valueAt.has(x) || lex.wordSlot.has(toks[x].text)) && boundAt(toks, x, lex) === null);
        if (items > 0 && valueNext !== undefined && items < NEGATION_SCOPE) {
          negatedAt.add(valueNext);
          items++;
          k = valueNext;
          continue;
        }
        if (items > 0) break;
        continue;
      }
      negatedAt.add(k);
      // A negation that opens on a value rules out that value of what follows, not the thing:
      // "there's no 14:00 porter run" says nothing against the porter run at 15:30.
      if (items === 0 && (valueAt.has(k) || /^\d/.test(w))) break;
      const t2 = contentToken(w, stemmer);
      // A light verb ("get", "use") leads to its object; it is not the phrase itself.
      if (!(t2 !== null && (lex.generic.has(w) || lex.generic.has(t2)))) items++;
    }
  }
  return negatedAt;
}

/** "14 days, not 30": a ruled-out bare number takes the unit of the value it stands against. */
function unitsForRuledOutNumbers(values: SlotValue[]): void {
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (!v.negated || v.key !== COUNT) continue;
    const ref = values.slice(0, k).reverse().find((x) => !x.negated && x.key !== COUNT);
    if (ref) {
      const unit = ref.value.split(' ').slice(1).join(' ');
      values[k] = { key: ref.key, value: unit ? `${v.value} ${unit}` : v.value, negated: true };
    }
  }
}

/**
 * The stem a word is read as in a subject: a word form's (a noun as its verb, as written), another
 * language's word's English equivalent (as written or by its stem), or its own stem `t`.
 */
function readAs(maps: { wordForms?: ReadonlyMap<string, string>; equivalents?: ReadonlyMap<string, string> }, w: string, t: string): string {
  return maps.wordForms?.get(w) ?? maps.equivalents?.get(w) ?? maps.equivalents?.get(t) ?? t;
}

/**
 * A compound another language builds of two words of the equivalents ("Rücksendegebühr",
 * "Kundenrabatt", "Zahlungsfrist"), read as their English words: its head (the spelling it ends
 * with, the thing it names: "gebühr", a fee) and what kind of that thing the rest says: a
 * spelling, or one without its ending ("rücksend-" of "Rücksendung"), and a joining letter or
 * two of the lexicon's `compoundJoiners` ("-e-", "-s-"). Null for any other word: one whose rest
 * is no such word is no compound of them, however it ends ("Versicherung", "Geburtsurkunde",
 * "Schutzgebühr", "Preisberechnung", "reemplazo", "Galapagos").
 */
function compoundParts(c: CompoundWords, w: string): string[] | null {
  for (let n = Math.min(c.longest, w.length - COMPOUND_HEAD_MIN); n >= COMPOUND_HEAD_MIN; n--) {
    const head = c.heads.get(w.slice(w.length - n));
    if (head === undefined) continue;
    const rest = w.slice(0, w.length - n);
    for (const joiner of c.joiners) {
      if (!rest.endsWith(joiner)) continue;
      const kind = c.modifiers.get(rest.slice(0, rest.length - joiner.length));
      if (kind !== undefined && kind !== head) return [head, kind];
    }
  }
  return null;
}

/** The content words of the clause (its stems, those negated, and those left as its anchor) and the values its slot words set (a weekday, a month, a yes/no). */
function anchorWords(
  toks: readonly Token[],
  consumed: ReadonlySet<number>,
  negatedAt: ReadonlySet<number>,
  lex: CompiledSubjects,
  neg: NegationWords,
  stemmer: Stems,
): { anchor: Set<string>; stems: Set<string>; negated: Set<string>; wordValues: SlotValue[]; common: boolean; ordinals: Map<string, string> } {
  const wordValues: SlotValue[] = [];
  const ordinals = new Map<string, string>();
  const anchor = new Set<string>();
  const stems = new Set<string>();
  const negated = new Set<string>();
  const generic = new Set<string>();
  const units = new Set<string>();
  // (The words of a limit say how a day or month holds, as they say how a number does: "Abgabe
  // spätestens Freitag" is about the Abgabe.)
  const limitWords = new Set<number>();
  for (let i = 0; i < toks.length; i++) if (lex.wordSlot.has(toks[i].text) && !consumed.has(i)) for (const k of boundAt(toks, i, lex)?.at ?? []) limitWords.add(k);
  for (let i = 0; i < toks.length; i++) {
    const w = toks[i].text;
    // (An ordinal tells its noun apart; it names no subject of its own.)
    if (/^\d/.test(w) || neg.negatorWords.has(w) || w.endsWith("n't") || lex.ordinalWords.has(w)) continue;
    const t = contentToken(w, stemmer);
    // A slot word that is also a function word ("may") counts only inside a date.
    if (t === null) continue;
    const slotWord = lex.wordSlot.get(w);
    // (Another language's word for a common thing is read as the English one, and so are the parts
    // of a compound built on one: "Rücksendegebühr" is a return fee.)
    const s = readAs(lex, w, t);
    // (The compound's own word stays beside them: "Expresspakete" are parcels of a kind that only
    // it names.)
    const read = s === t ? [s, ...(compoundParts(lex.compounds, w) ?? [])] : [s];
    for (const x of read) stems.add(x);
    if (negatedAt.has(i)) for (const x of read) negated.add(x);
    if (slotWord) {
      if (!consumed.has(i) && !lex.generic.has(w)) {
        const v: SlotValue = { key: slotWord.slot, value: slotWord.value, negated: negatedAt.has(i) };
        // ("Split the Thursday round": between a determiner and a noun, the day tells which round.)
        if (i > 0 && lex.whichDeterminers.has(toks[i - 1].text) && !toks[i].breakBefore && countsNoun(toks[i + 1], lex, stemmer)) v.which = true;
        markBound(v, toks, i, lex);
        wordValues.push(v);
      }
      continue;
    }
    if (consumed.has(i) || limitWords.has(i) || lex.ordinals.has(w) || lex.am.has(w) || lex.pm.has(w) || lex.clock.has(w)) continue;
    // A pronoun with its verb ("we're", "i'll") names nothing.
    if (/^\p{L}{1,4}'(?:re|ll|ve|d|m)$/u.test(w)) continue;
    // (A unit's word without its number is a common word: "the work day".)
    if (lex.unitSlot.has(w)) units.add(s);
    if (lex.unitSlot.has(w) || lex.generic.has(w) || lex.generic.has(t) || lex.generic.has(s)) generic.add(s);
    else {
      for (const x of read) anchor.add(x);
      const ordinal = i > 0 ? (lex.ordinalWords.get(toks[i - 1].text) ?? numberedOrdinal(toks, i - 1, lex)) : undefined;
      if (ordinal !== undefined) ordinals.set(s, ordinal);
    }
  }
  // "The work day is Saturday": a subject named in common words alone is still named, by two of
  // them that are not all units ("the day off this week" names none).
  const common = anchor.size === 0 && generic.size >= 2 && [...generic].some((g) => !units.has(g));
  if (common) for (const g of generic) anchor.add(g);
  return { anchor, stems, negated, wordValues, common, ordinals };
}

/**
 * The sentence with the words of its reversal cues blanked ("from now on", "ab sofort", "instead
 * of"), but for what a cue retires ("no longer [comment on boards]") and what it names in passing
 * (the groups named 'keep': "push [the launch] back to"): a cue says that something changes, not what.
 */
function withoutCueWords(sentence: string, lex: CompiledSubjects): string {
  let out = sentence;
  for (const re of lex.cueSpans) {
    re.lastIndex = 0;
    // Blanking keeps the length, so every match's places stay valid in the text being rebuilt.
    let text = out;
    for (const m of out.matchAll(re)) {
      const [start, end] = m.indices![0];
      const keep = Object.entries(m.indices!.groups ?? {}).filter(([k, span]) => (k.startsWith('old') || k.startsWith('keep')) && span !== undefined).map(([, span]) => span!);
      let blanked = '';
      for (let i = start; i < end; i++) blanked += keep.some(([a, b]) => i >= a && i < b) ? out[i] : ' ';
      text = text.slice(0, start) + blanked + text.slice(end);
    }
    out = text;
  }
  return out;
}

/** The limit phrase that ends right before token `i` (past a currency sign or unit written before the number: "before", "at most", "ab"): its words joined and their positions, or null. */
function boundAt(toks: readonly Token[], i: number, lex: CompiledSubjects): { phrase: string; at: number[] } | null {
  const endingAt = (end: number) => lex.bounds.find((b) => b.length <= end && b.every((w, k) => toks[end - b.length + k].text === w));
  // (A bound that is also a unit's spelling is the bound before a number: "min 6 sacks", not
  // six minutes; a unit written before the number stands between it and its bound: "over €200".)
  let end = i;
  let b = endingAt(end);
  if (!b && end > 0 && lex.unitSlot.has(toks[end - 1].text)) b = endingAt(--end);
  return b ? { phrase: b.join(' '), at: b.map((_, k) => end - b.length + k) } : null;
}

/**
 * Marks a value a limit when a bound stands before it, and a start when that bound says from
 * when; the positions of the bound's words.
 */
function markBound(v: SlotValue, toks: readonly Token[], i: number, lex: CompiledSubjects): number[] {
  const b = boundAt(toks, i, lex);
  if (b === null) {
    // (A limit's noun stays a word of the subject: "the approval limit" is what the value is of.)
    if (givenToLimit(v, toks, i, lex)) v.bound = v.named = true;
    return [];
  }
  v.bound = true;
  if (lex.startBounds.has(b.phrase)) v.start = true;
  if (lex.lowerBounds.has(b.phrase)) v.above = true;
  return b.at;
}

/**
 * Whether the amount or count at token `i` is given to a limit's noun: one a few words before it
 * in the same clause, with only function words between ("raise the approval limit to 50k", "cap
 * it at 2,500 words", "die Obergrenze ist 500 Euro") or a linking word right before the value
 * ("Total cap for the garden is 9,000"); or one right after it, past its scale or unit, that ends
 * the phrase ("a 12k cap on the centrifuge", not "20 limit switches"). Another value between them
 * is what the noun is given instead ("We hit the limit yesterday and need 3 more desks" needs
 * desks), and a day or a date is when, not how much ("The new limit takes effect on Monday").
 */
function givenToLimit(v: SlotValue, toks: readonly Token[], i: number, lex: CompiledSubjects): boolean {
  if (lex.limitNouns.size === 0 || !/^\d/.test(v.value) || WHEN_SLOTS.includes(v.key)) return false;
  const linked = i > 0 && !toks[i].breakBefore && lex.limitLinkers.has(toks[i - 1].text);
  let contentBetween = false;
  for (let k = i - 1; k >= 0 && i - k <= LIMIT_NOUN_REACH; k--) {
    if (toks[k + 1].breakBefore) break;
    const w = toks[k].text;
    if (lex.limitNouns.has(w)) return !contentBetween || linked;
    if (/^\d/.test(w) || lex.wordSlot.has(w)) break;
    if (isContentWord(w, lex.words)) contentBetween = true;
  }
  const after = (k: number) => k < toks.length && !toks[k].breakBefore;
  let next = i + 1;
  while (next <= i + 2 && after(next) && (lex.scales.has(toks[next].text) || lex.unitSlot.has(toks[next].text))) next++;
  return after(next) && lex.limitNouns.has(toks[next].text) && !(after(next + 1) && isContentWord(toks[next + 1].text, lex.words));
}

/** The slots whose values say when, never how much. */
const WHEN_SLOTS: readonly string[] = ['weekday', 'month', 'date', 'time'];

/** The farthest a limit's noun stands before the value given to it: "Overall cap for the roof repair is 9,000" names its thing in two words. */
const LIMIT_NOUN_REACH = 7;

/**
 * Two values of one slot that can be compared: both limits, or both plain values; a limit named by
 * its noun ("the kitchen budget cap is 18,000") is also the plain value of what it limits ("the
 * kitchen budget is 21,000").
 */
export function comparable(a: SlotValue, b: SlotValue): boolean {
  return a.key === b.key && (!!a.bound === !!b.bound || !!a.named || !!b.named);
}

/** Whether a value counts as a limit (`bound`) or as a plain value: a limit named by its noun counts as both. */
const countsAs = (v: SlotValue, bound: boolean) => !!v.bound === bound || (!bound && !!v.named);

/**
 * How firmly two clauses share a subject. 'named': one subject word, when the discussion names the
 * other task; 'loose': two subject words, or one that is at least half
 * of the smaller subject ("Deadline 17:00 is fine" / "the deadline is 16:00 on the form");
 * 'whole': two subject words, or one that is the whole of the smaller subject ("The release is on
 * 14 April" / "The release moves to 21 April"); 'firm': two subject words; 'strict': two, and at
 * least a third of the smaller subject.
 */
export type SubjectMatch = 'named' | 'loose' | 'whole' | 'firm' | 'strict';

/** The most subject words the other clause may have for one shared word to be the whole of a subject both name. */
const WHOLE_MAX_OTHER = 4;

export function sameSubject(a: SubjectClause, b: SubjectClause, match: SubjectMatch = 'loose'): boolean {
  if (otherOrdinal(a, b) || namesOtherCode(a.anchor, b.anchor)) return false;
  // (One thing of a list is the subject of a clause that names what sets it apart from the others:
  // "talks at 18:00" is about the talks of "Summer party: doors 17:00, talks 17:30", not the doors.)
  if ((a.own && shared(a.own, b.anchor) === 0) || (b.own && shared(b.own, a.anchor) === 0)) return false;
  const n = shared(a.anchor, b.anchor);
  // A subject said in common words is the same only in the same words ("the work day", not "the day off").
  if (a.common || b.common) return n === a.anchor.size && n === b.anchor.size;
  // 'named': the newer statement's discussion names the older one's task; one shared word will do.
  if (match === 'named') return n >= 1;
  if (n >= 2) return match !== 'strict' || n * 3 >= Math.min(a.anchor.size, b.anchor.size);
  if (n !== 1) return false;
  // ('whole': the one word is the whole of one subject and no mere aside of the other: "the
  // briefing, right after check-in, with Javier and Carmen" is not about the check-in.)
  if (match === 'whole') return Math.min(a.anchor.size, b.anchor.size) === 1 && Math.max(a.anchor.size, b.anchor.size) <= WHOLE_MAX_OTHER;
  return match === 'loose' && n * 2 >= Math.min(a.anchor.size, b.anchor.size);
}

/** Whether two statements speak of one subject: a clause of each on the same subject (see sameSubject). */
export function shareSubject(a: SubjectView, b: SubjectView, match: SubjectMatch = 'loose'): boolean {
  return a.clauses.some((x) => b.clauses.some((y) => sameSubject(x, y, match)));
}

/** Whether the two clauses name one thing of a kind by different ordinals ("the first round" / "the second round"). */
function otherOrdinal(a: SubjectClause, b: SubjectClause): boolean {
  if (!a.ordinals || !b.ordinals) return false;
  for (const [word, n] of a.ordinals) {
    const m = b.ordinals.get(word);
    if (m !== undefined && m !== n) return true;
  }
  return false;
}

/** How much of `a`'s subject `b` repeats (0..1). */
export function containment(a: SubjectClause, b: SubjectClause): number {
  return a.anchor.size === 0 ? 0 : shared(a.anchor, b.anchor) / a.anchor.size;
}

const valuesOf = (c: SubjectClause, key: string, which = true) => c.values.filter((v) => v.key === key && (which || !v.which)).map((v) => v.value);

/** A slot as a reason names it: "weekday", "number", "number of word". */
const slotName = (key: string) => (key === COUNT ? 'number' : key.replace(/^count:/, 'number of '));

/**
 * The clause with each clock time that may be of either half of the day read in the half the
 * other clause's times written with am or pm say: of its two readings, the one nearer on the
 * clock to the nearest of them ("Quiz night starts at 7:30pm" — "… at 7:30" is 19:30, no new
 * time; "we start at 8" is 20:00; after "ends at 11pm", "at 1" is 01:00). Against times written on
 * the 24-hour clock it stays as said: "A las 10" against "18:00" is ten in the morning, and "8:00"
 * against "20:00" is a new time.
 */
function inHalfDayOf(c: SubjectClause, other: SubjectClause): SubjectClause {
  if (!c.values.some((v) => v.halfDay)) return c;
  const twelveHour = other.values.filter((v) => v.key === 'time' && v.meridiem).map((v) => minutesOf(v.value));
  if (twelveHour.length === 0) return c;
  const DAY = 24 * 60;
  const HALF = DAY / 2;
  const apart = (a: number, b: number) => Math.min(Math.abs(a - b), DAY - Math.abs(a - b));
  const nearness = (m: number) => Math.min(...twelveHour.map((t) => apart(t, m)));
  let changed = false;
  const values = c.values.map((v) => {
    if (!v.halfDay) return v;
    const m = minutesOf(v.value);
    const other = (m + HALF) % DAY;
    if (nearness(other) >= nearness(m)) return v;
    changed = true;
    return { ...v, value: clockText(other) };
  });
  return changed ? { ...c, values } : c;
}

/** Minutes since midnight of a time value ("19:30" → 1170). */
const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

/** A time value as written from minutes since midnight (1170 → "19:30"). */
const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A time of day read from a text: written with am or pm (`meridiem`), or of either half of the day (`halfDay`, see inHalfDayOf), or plain. */
function timeOfDay(minutes: number, meridiem: boolean, halfDay: boolean): SlotValue {
  const value = clockText(minutes);
  return meridiem ? { key: 'time', value, negated: false, meridiem } : halfDay ? { key: 'time', value, negated: false, halfDay } : { key: 'time', value, negated: false };
}

/** A new value for a slot both clauses fill, on the same subject ("Thursday" → "Friday", "14:00" → "13:00"). */
/** `bare`: a bare number may stand for the one number the older clause set (see bareNumberChange). */
export function valueChange(olderAsWritten: SubjectClause, newerAsWritten: SubjectClause, match: SubjectMatch = 'loose', bare = false): string | null {
  // ("Drop the 15 sack rule to 10." names the rule it changes by the value it held: "base malt
  // doesn't drop under 15 sacks"; its new value is a limit as that one was. Said earlier, the same
  // words hold 10 sacks, not 15.)
  const older = withoutWhichValues(withWhichUnit(inHalfDayOf(olderAsWritten, newerAsWritten)));
  const { clause: newer, namedByValue } = namingOlderValue(older, withWhichUnit(inHalfDayOf(newerAsWritten, olderAsWritten)));
  // A limit holds for what a ban rules out ("no meetings before 10" → "meetings from 9:00"); any
  // other value is not for a thing its clause rules out: "No deposit, charge €15 for each lost
  // card" sets a fee, and gives no deposit a new amount.
  const olderAsserts = asserted(older);
  const newerAsserts = asserted(newer);
  const limitsShareSubject = namedByValue || sameSubject(older, newer, match);
  const valuesShareSubject = namedByValue || sameSubject(olderAsserts, newerAsserts, match);
  if (!limitsShareSubject && !valuesShareSubject) return null;
  // A day a ban names is where it holds ("No lessons for the twins on Fridays"):
  // doing the banned thing on another ("a lesson for the twins on Tuesday") changes nothing.
  // (A limit it names, "no meetings before 10", is the ban itself; another limit changes it.)
  const banned = bansWhatItDoes(older, newer);
  // "From March we deliver on Wednesdays" → "4.10 EUR per loaf from April": a start date beside
  // other values says when a decision holds, not what it sets.
  const startsOnly = (c: SubjectClause) => c.values.every((v) => v.negated || isStartDate(v));
  const dated = startsOnly(older) && startsOnly(newer);
  // (Whether the older clause sets one value only: one ruled out beside a new value then retires it; see below.)
  const onlyValue = older.values.filter((v) => !v.negated).length === 1;
  for (const bound of [false, true]) {
    if ((banned && !bound) || !(bound ? limitsShareSubject : valuesShareSubject)) continue;
    for (const key of new Set(newer.values.filter((v) => !v.negated && !v.which && countsAs(v, bound) && (dated || !isStartDate(v))).map((v) => v.key))) {
      // A bare number says nothing of what it counts, but a limit of one on the same subject is
      // that subject's limit ("purchases over 25k" → "purchases over 50k"), and the one number of
      // two clauses that share two subject words is that subject's number ("Total cap for the
      // garden is 9,000" → "Raise the garden cap to 11,000").
      if (key === COUNT && !bound && !(onlyBareNumber(older) && onlyBareNumber(newer) && sameSubject(olderAsserts, newerAsserts, 'firm'))) continue;
      // The thing a count counts says what it counts, not whose count it is: "we have 64 rooms"
      // and "the Segelclub wants 15 rooms" share a subject only in another word.
      if (key.length > COUNT.length && key.startsWith(COUNT) && !namedByValue && !sameSubject(without(older, key.slice(COUNT.length)), without(newer, key.slice(COUNT.length)), match)) continue;
      // (A value the older clause rules out is not one it set.)
      const was = older.values.filter((v) => v.key === key && !v.negated && countsAs(v, bound)).map((v) => v.value);
      const now = newer.values.filter((v) => v.key === key && !v.negated && !v.which && countsAs(v, bound)).map((v) => v.value);
      if (was.length === 0 || now.length === 0) continue;
      // (A day that says which thing is meant, "Move the Wednesday round to Thursday", is the old
      // value the new one replaces, not that value kept.)
      // (Of two days or more, one swapped for another is a new set though the rest stay: "Tuesday
      // + Friday rounds" → "Tuesday and Thursday".)
      // (The old value ruled out beside the new one, "we start at 8, not 7:30", retires a decision
      // that set only it; of one that says more, "… 18 EUR per seat, 'Contact sales' from 50
      // seats" → "Business is 16 EUR, not 18.", it corrects a part, and the decision stands.)
      const kept = newer.values.filter((v) => v.key === key && !v.which && !(onlyValue && v.negated)).map((v) => v.value);
      if (!swapsOne(key, was, now) && (was.some((x) => now.some((y) => sameValue(x, y))) || kept.some((x) => was.some((y) => sameValue(x, y))))) continue;
      return `a new ${bound ? 'limit of ' : ''}${slotName(key)}: ${was.join(', ')} → ${now.join(', ')}`;
    }
  }
  // (A bare number stands for the older value on a firm subject. One shared word will do only
  // where it is the whole of one subject and the older value has a unit the number is of the same
  // size in, "any refund over 200 EUR" → "Refunds: 300 it is."; "Rooms: 15 it is." is no new price
  // of "Hotel rooms cost 120 EUR per night", nor "Cap it at 36." a new hour of "at 6".)
  if (!bare) return null;
  if (sameSubject(olderAsserts, newerAsserts, 'firm')) return bareNumberChange(older, newer);
  return sameSubject(olderAsserts, newerAsserts, 'whole') ? bareNumberChange(older, newer, true) : null;
}

/**
 * Whether the newer clause names the older one by a value it held, telling which thing is meant
 * ("the 15 sack rule" of "doesn't drop under 15 sacks"), and the newer clause with its other value
 * of that slot read as the older value was: a limit for a limit.
 */
function namingOlderValue(older: SubjectClause, newer: SubjectClause): { clause: SubjectClause; namedByValue: boolean } {
  // (Only a count of a named thing says which one: a day or an hour, "the Friday Hull trunk", is
  // shared by many things.)
  const which = newer.values.find((w) => w.which && !w.negated && w.key.startsWith(COUNT) && w.key !== COUNT && older.values.some((o) => !o.negated && o.key === w.key && sameValue(o.value, w.value)));
  if (!which) return { clause: newer, namedByValue: false };
  // (One count of a noun is shared by many rules, "each pallet holds max 15 sacks" beside "base malt
  // doesn't drop under 15 sacks": a word besides the noun must be shared too.)
  const noun = which.key.slice(COUNT.length);
  if (shared(new Set([...older.anchor].filter((w) => w !== noun)), new Set([...newer.anchor].filter((w) => w !== noun))) === 0) return { clause: newer, namedByValue: false };
  const held = older.values.find((o) => !o.negated && o.key === which.key && sameValue(o.value, which.value))!;
  const given = newer.values.filter((v) => v.key === which.key && !v.which && !v.negated);
  // (With no one new value of the kind, or several, the clause changes nothing it names this way.)
  if (given.length !== 1) return { clause: newer, namedByValue: false };
  const now: SlotValue = { ...given[0], bound: held.bound, above: held.above, named: held.named };
  return { clause: { ...newer, values: newer.values.map((v) => (v === given[0] ? now : v)) }, namedByValue: true };
}

/** The clause without the values that only tell which thing is meant, where it gives that thing a value of their kind. */
function withoutWhichValues(c: SubjectClause): SubjectClause {
  const kept = c.values.filter((v) => !v.which || !c.values.some((w) => !w.which && !w.negated && w.key === v.key));
  return kept.length === c.values.length ? c : { ...c, values: kept };
}

/**
 * "Drop the 15 sack rule to 10.": a bare number beside the one number that tells which thing is
 * meant is a value of the same kind (10 sacks), the new value of that thing.
 */
function withWhichUnit(c: SubjectClause): SubjectClause {
  const which = c.values.filter((v) => v.which && !v.negated);
  if (which.length !== 1 || !which[0].key.startsWith(COUNT) || which[0].key === COUNT) return c;
  const bare = c.values.filter((v) => v.key === COUNT && !v.which && !v.negated);
  if (bare.length !== 1) return c;
  return { ...c, values: c.values.map((v) => (v === bare[0] ? { ...v, key: which[0].key } : v)) };
}

/**
 * Whether a set of two weekdays or more gives up one of them, in its place, for a day it did not
 * have, the others kept as listed: "Tuesday + Friday" → "Tuesday and Thursday". Values of other
 * slots listed together are often of different things ("logs 30 days, backups 90 days"), and a
 * day that moves to the front ("the Wednesday one moves to Thursday") names what moves.
 */
function swapsOne(key: string, was: readonly string[], now: readonly string[]): boolean {
  if (key !== SWAPPED_SLOT || was.length < 2 || now.length !== was.length) return false;
  const changed = was.filter((x, k) => !sameValue(x, now[k]));
  return changed.length === 1 && !now.some((y) => sameValue(y, changed[0])) && !was.some((x) => sameValue(x, now[was.indexOf(changed[0])]));
}

/** The slot whose values a set may hold: one of them swapped for another (see swapsOne), several given together (see restatesRetired). */
const SWAPPED_SLOT = 'weekday';

/** How many times larger or smaller than the value it replaces a bare number under a one-word subject may be and still be of that value. */
const BARE_NUMBER_MAX_RATIO = 3;

/**
 * Whether the later text gives a slot of the earlier one only other values ("6 weeks yes." → "8
 * weeks from now on."): however many words they share, the two say different things.
 */
export function givesOtherValue(earlier: SubjectView, later: SubjectView): boolean {
  const given = (v: readonly SubjectClause[]) => v.flatMap((c) => c.values.filter((x) => !x.negated && !x.key.startsWith(COUNT)));
  const was = given(earlier.clauses);
  const now = given(later.clauses);
  return now.some((v) => was.some((x) => comparable(x, v) && x.value !== v.value)) && !now.some((v) => was.some((x) => comparable(x, v) && x.value === v.value));
}

/**
 * The clause without the thing it opens by ruling out whole ("No deposit, charge €15 for each lost
 * card"): what it goes on to give a value is something else. A clause that opens with what it is
 * about keeps its words ("The bakery van does no delivery on Mondays, it delivers on Tuesdays"),
 * and so does one that rules out a value of the thing, not the thing ("no bulletin on Mondays, it
 * goes out on Thursdays").
 */
function asserted(c: SubjectClause): SubjectClause {
  const head = c.anchor.values().next().value;
  if (head === undefined || !c.negated.has(head) || c.values.some((v) => v.negated)) return c;
  return narrowed(c, (w) => !c.negated.has(w));
}

/** The clause with only the subject words `keep` keeps. */
const narrowed = (c: SubjectClause, keep: (word: string) => boolean): SubjectClause => ({ ...c, anchor: new Set([...c.anchor].filter(keep)) });

/**
 * Two values that say the same: equal, or a day of the month and a date on that day ("the 25th",
 * every month, is kept by "25 April").
 */
function sameValue(a: string, b: string): boolean {
  if (a === b || sameSpan(a, b)) return true;
  const day = (v: string) => /^day (\d+)$/.exec(v)?.[1];
  const dayA = day(a);
  const dayB = day(b);
  return (dayA !== undefined && dayB === undefined && b.endsWith(` ${dayA}`)) || (dayB !== undefined && dayA === undefined && a.endsWith(` ${dayB}`));
}

/** Seconds in each unit of a span of time that converts exactly; months and years count in months. */
const SPAN_SECONDS: Readonly<Record<string, number>> = { millisecond: 0.001, second: 1, minute: 60, hour: 3600, day: 86400, week: 604800 };
const SPAN_MONTHS: Readonly<Record<string, number>> = { month: 1, year: 12 };

/** "2 week" and "14 day", "1 year" and "12 month": two spellings of one span of time. */
function sameSpan(a: string, b: string): boolean {
  const span = (v: string) => {
    const m = /^(\d+(?:\.\d+)?) (\p{L}+)$/u.exec(v);
    if (!m) return null;
    const n = Number(m[1]);
    return Object.hasOwn(SPAN_SECONDS, m[2]) ? { n: n * SPAN_SECONDS[m[2]], months: false } : Object.hasOwn(SPAN_MONTHS, m[2]) ? { n: n * SPAN_MONTHS[m[2]], months: true } : null;
  };
  const x = span(a);
  const y = span(b);
  return x !== null && y !== null && x.months === y.months && Math.abs(x.n - y.n) < 1e-9;
}

/** The clause with one word less in its subject. */
const without = (c: SubjectClause, word: string): SubjectClause => (c.anchor.has(word) ? narrowed(c, (w) => w !== word) : c);

/** A clause whose one value is a bare number ("Total cap for the garden is 9,000"). */
const onlyBareNumber = (c: SubjectClause) => c.values.length === 1 && c.values[0].key === COUNT && !c.values[0].negated;

/** A clause that gives a bare number and nothing else ("4,000.", "ok 80"): what `answeredValueChange` with `counts` reads. */
export function isBareNumber(c: SubjectClause): boolean {
  const given = c.values.filter((v) => !v.negated);
  return c.anchor.size === 0 && given.length === 1 && given[0].key === COUNT;
}

/**
 * A clause whose only value is a bare number, on the subject of one that set a single number of
 * some slot, gives that slot a new value in its unit ("pin Python 3.11 in CI" → "move CI and the Dockerfile to
 * 3.12", "refunds over 200 EUR" → "refunds over 300"); `inUnit`, only where that number has a unit
 * and the bare number is of its size (ofSameSize).
 */
function bareNumberChange(older: SubjectClause, newer: SubjectClause, inUnit = false): string | null {
  const given = newer.values.filter((v) => !v.negated);
  if (given.length !== 1 || given[0].key !== COUNT) return null;
  const numeric = older.values.filter((v) => !v.negated && /^\d/.test(v.value));
  if (numeric.length !== 1 || numeric[0].key.startsWith(COUNT)) return null;
  const was = numeric[0];
  if (inUnit && !ofSameSize(given[0].value, was)) return null;
  const now = inUnitOf(given[0].value, was).value;
  return now === was.value ? null : `a new ${was.key}: ${was.value} → ${now}`;
}

/** Whether `was` has a unit (an hour or a count has none) and a bare number is within BARE_NUMBER_MAX_RATIO of its number. */
function ofSameSize(number: string, was: SlotValue): boolean {
  const [amount, ...unit] = was.value.split(' ');
  const a = Number(amount);
  const b = Number(number);
  return unit.length > 0 && a > 0 && b > 0 && Math.max(a, b) / Math.min(a, b) <= BARE_NUMBER_MAX_RATIO;
}

/** A bare number as a value of `was`'s slot, in its unit ("700" for "600 eur" is "700 eur"). */
function inUnitOf(number: string, was: SlotValue): SlotValue {
  const unit = was.value.split(' ').slice(1).join(' ');
  return { ...was, value: unit ? `${number} ${unit}` : number };
}

/**
 * Whether a sentence rules out a value that one of the statements (not the questions) among
 * `said` gives on the same subject: "there's no 14:00 porter run" against "delivered on the 14:00
 * porter run". A value a question puts up ("Shall we keep 14:00?") is answered, not denied; a
 * change announced ("Change of plan: no newsletter on Mondays") retires a value rather than
 * denying what was said, and "no newsletter on Mondays" says nothing of "21 % open rate on Monday
 * mornings".
 */
export function rulesOutStated(sentence: string, said: readonly string[], subjects: CompiledSubjects, neg: NegationWords, memo?: SubjectMemo): boolean {
  if (sentence === '' || isQuestion(sentence)) return false;
  // (Most replies rule out no value: the agent's message is read only for one that does.)
  const mine = subjectClauses(sentence, subjects, neg, memo).filter((c) => c.values.some((v) => v.negated && (!v.key.startsWith(COUNT) || v.key === COUNT)));
  if (mine.length === 0 || reversalsIn(sentence, subjects, memo?.stems).length > 0) return false;
  const theirs = said.filter((s) => !isQuestion(s)).flatMap((s) => subjectClauses(s, subjects, neg, memo));
  return mine.some((c) => theirs.some((o) => ruledOutValue(o, c, 'loose') !== null || ruledOutNumber(o, c)));
}

/**
 * "Nordberg isn't 2,400 right now" against "The Nordberg tank holds 2,400 m³": a bare number ruled out
 * on the subject of a statement that gives that very number (in whatever unit) denies it. What a
 * number counts is read only here, where the number itself was said: "not 2 people" is no denial
 * of "2 rooms" on another subject.
 */
function ruledOutNumber(older: SubjectClause, newer: SubjectClause): boolean {
  if (!sameSubject(older, newer, 'loose')) return false;
  const stated = new Set(older.values.filter((x) => !x.negated).map((x) => numberKey(x.value)));
  return newer.values.some((v) => v.negated && v.key === COUNT && stated.has(numberKey(v.value)) && !newer.values.some((x) => !x.negated && numberKey(x.value) === numberKey(v.value)));
}

/**
 * "40 not 60 for the kids one", "the strongroom is at 92% not 85", "a las 22:40, no 23:10",
 * "Photos I do wednesday, not thursday": a clause that sets a value against another it rules out,
 * where the one ruled out is a value an earlier statement of the discussion gave (`statedBefore`:
 * whether a value, a number as `numberKey` writes it or a word's value as `wordValueKey` does, was
 * stated before this message), denies what was said, whoever said it and however far back. Both
 * must be values of one kind, or one a bare number ("45 not 48" after "the 48h cap"); a change
 * announced ("from 7 instead of 8") replaces a value rather than denying it.
 */
export function contrastsStated(sentence: string, statedBefore: (key: string) => boolean, subjects: CompiledSubjects, neg: NegationWords, memo?: SubjectMemo): boolean {
  if (isQuestion(sentence)) return false;
  // (Two values at least, in digits or in words, before the clause is read.)
  if ((sentence.match(/\d+/g)?.length ?? 0) + wordValuesIn(sentence, subjects).values.length < 2) return false;
  const clauses = subjectClauses(sentence, subjects, neg, memo).filter((c) => c.values.some((v) => v.negated));
  if (clauses.length === 0 || reversalsIn(sentence, subjects, memo?.stems).length > 0) return false;
  return clauses.some((c) =>
    c.values.some((was) => {
      if (!was.negated) return false;
      const denied = numberKey(was.value);
      if (denied === null) return statedBefore(wordValueKey(was)) && deniedInWords(sentence, was, subjects, neg) && c.values.some((now) => !now.negated && now.key === was.key && now.value !== was.value);
      if (!statedBefore(denied)) return false;
      return c.values.some((now) => !now.negated && (now.key === was.key || now.key === COUNT || was.key === COUNT) && numberKey(now.value) !== null && numberKey(now.value) !== denied);
    }),
  );
}

/**
 * Whether a negator stands right before the word that says the value ("wednesday, not thursday",
 * "nicht am Donnerstag"): the value itself is denied. "won't reach her by friday" denies the
 * reaching, not the day.
 */
function deniedInWords(sentence: string, v: SlotValue, subjects: CompiledSubjects, neg: NegationWords): boolean {
  const { words, values } = wordValuesIn(sentence, subjects);
  return values.some(({ at, key, value }) => {
    if (key !== v.key || value !== v.value) return false;
    const before = words[at - 1] ?? '';
    return neg.negatorWords.has(before) || (before.length <= 3 && neg.negatorWords.has(words[at - 2] ?? ''));
  });
}

/** A sentence's words, lowercased, and the values among them that a word says by itself ("thurs" → weekday thursday), with where each stands. */
function wordValuesIn(sentence: string, subjects: CompiledSubjects): { words: string[]; values: Array<{ at: number; key: string; value: string }> } {
  const words = (sentence.toLowerCase().match(/\p{L}[\p{L}'’]*/gu) ?? []).map((w) => w.replace(/’/g, "'"));
  const values = words.flatMap((w, at) => {
    const slot = subjects.wordSlot.get(w);
    return slot ? [{ at, key: slot.slot, value: slot.value }] : [];
  });
  return { words, values };
}

/** A value said in a word ("thurs", "Donnerstag" → weekday thursday) as `firstStatedValues` keys it. */
const wordValueKey = (v: Pick<SlotValue, 'key' | 'value'>) => `${v.key}=${v.value}`;

/** The values a clause gives, as `firstStatedValues` keys them: a number by numberKey, a value said in a word by wordValueKey. */
const givenKeys = (c: SubjectClause): string[] => c.values.filter((v) => !v.negated).map((v) => numberKey(v.value) ?? wordValueKey(v));

/** The values a view gives (none it rules out), keyed as givenKeys keys them. */
export function valueKeys(view: SubjectView): string[] {
  return view.clauses.flatMap(givenKeys);
}

/**
 * An agent's message without its clauses that only give again values people of the discussion
 * decided before it (`stated`: the values of their recorded decisions, keyed by givenKeys) beside
 * values of the earlier decision `older`: "Understood: auto-approve up to EUR 30 for cancellations
 * within 72 hours." after a person's decision "raise the auto limit to 30 then" carries it out.
 * Whether the person's new value goes against the earlier decision is for relating the person's
 * decision to say (it supersedes or contradicts it there), not for the agent's echo of it. A number
 * a person only mentioned, asked about or ruled out is no such value.
 */
export function withoutEchoedClauses(view: SubjectView, older: SubjectView, stated: ReadonlySet<string>): SubjectView {
  const old = new Set(older.clauses.flatMap(givenKeys));
  const echoes = (c: SubjectClause) => {
    const keys = givenKeys(c);
    return keys.some((k) => stated.has(k) && !old.has(k)) && keys.every((k) => stated.has(k) || old.has(k));
  };
  const kept = view.clauses.filter((c) => !echoes(c));
  return kept.length === view.clauses.length ? view : { ...view, clauses: kept };
}

/**
 * The first message (by position) whose statements, not its questions, give each number
 * (`numberKey`) and, with the subject lexicon, each value said in a word (`wordValueKey`): what
 * a later "X, not Y" may deny.
 */
export function firstStatedValues(sentencesByMessage: readonly (readonly string[])[], subjects?: CompiledSubjects): Map<string, number> {
  const first = new Map<string, number>();
  const note = (key: string, p: number) => {
    if (!first.has(key)) first.set(key, p);
  };
  sentencesByMessage.forEach((sentences, p) => {
    for (const sentence of sentences) {
      if (isQuestion(sentence)) continue;
      for (const n of writtenNumbers(sentence)) note(n, p);
      if (subjects) for (const v of wordValuesIn(sentence, subjects).values) note(wordValueKey(v), p);
    }
  });
  return first;
}


/** The clause with what its reversal cues retire ruled out, as a negator would: "Drop A2." rules A2 out as "No A2." does. */
function withRetired(c: SubjectClause, cues: readonly Reversal[]): SubjectClause {
  const retired = cues.flatMap((r) => [...(r.old ?? [])]).filter((s) => c.stems.has(s) && !c.negated.has(s));
  return retired.length === 0 ? c : { ...c, negated: new Set([...c.negated, ...retired]) };
}

/**
 * One clause rules out what the other asserts, on the same subject ("no automatic reminders" /
 * "re-enable 2 automatic reminders"). A blanket ban ("No discounts - not for the jackets") shares its
 * subject with anything that names the banned thing.
 */
export function polarityFlip(older: SubjectClause, newer: SubjectClause, generic: ReadonlySet<string>, match: SubjectMatch = 'firm', { blankets = false, cued = false } = {}): { stem: string; olderNegates: boolean } | null {
  if (!sameSubject(older, newer, match)) {
    // A blanket ban: everything the clause names is ruled out; what it bans first is its head.
    // (A one-word ban such as "No dates, please." is too thin to rule out every later mention.)
    if (!blankets || older.conditional || older.anchor.size < 2 || ![...older.anchor].every((s) => older.negated.has(s))) return null;
    const head = [...older.anchor][0];
    return newer.anchor.has(head) && !newer.negated.has(head) && !generic.has(head) ? { stem: head, olderNegates: true } : null;
  }
  // On a firm subject, the words the two clauses share must make it firm without the one that
  // flips: "The baseline model has to be XGBoost, not LightGBM" rules out LightGBM as the
  // baseline, not a reading list that names "LightGBM, gradient boosting with leaves". A newer
  // clause that says it reverses something ("Flip it: security PRs automerge") needs no more than
  // the firm subject itself: one word that agrees and one that flips.
  let agree = 0;
  let flips = 0;
  for (const s of older.anchor) {
    if (!newer.anchor.has(s) || generic.has(s)) continue;
    if (older.negated.has(s) !== newer.negated.has(s)) flips++;
    else agree++;
  }
  // A value both give ("on Wednesdays" / "on Wednesday at 15:30") names the subject as a word does.
  agree += older.values.filter((v) => !v.negated && newer.values.some((x) => !x.negated && comparable(x, v) && x.value === v.value)).length;
  if ((match === 'firm' || match === 'strict') && agree < 2 && flips < 2 && !(cued && agree >= 1 && flips >= 1)) return null;
  if (otherThanBanned(older, newer) || excepts(older, newer)) return null;
  for (const s of older.anchor) {
    if (!newer.anchor.has(s) || generic.has(s)) continue;
    if (older.negated.has(s) !== newer.negated.has(s)) return { stem: s, olderNegates: older.negated.has(s) };
  }
  return null;
}

/** The newer clause speaks of what the older one's ban excepts ("…, except hotfixes" / "deploy the hotfix"): it is allowed. */
function excepts(older: SubjectClause, newer: SubjectClause): boolean {
  return [...(older.excepted ?? [])].some((s) => newer.anchor.has(s) && !newer.negated.has(s));
}

/**
 * A ban on a thing at a value ("Don't release beds at 23:00") says nothing of the thing at
 * another value of that slot ("unpaid beds released at 00:00"): the newer clause gives only
 * values the ban does not name.
 */
function otherThanBanned(older: SubjectClause, newer: SubjectClause): boolean {
  const banned = older.values.filter((v) => v.negated);
  const given = newer.values.filter((v) => !v.negated && banned.some((b) => comparable(b, v)));
  return (given.length > 0 && !given.some((v) => banned.some((b) => comparable(b, v) && b.value === v.value))) || shortOfLimit(older, newer);
}

/**
 * A ban that holds past a limit ("No releases on Fridays after 15:00", "no meetings before 10")
 * says nothing of the thing on the limit's other side: the newer clause gives a plain value of the
 * limit's slot, in its unit, beyond it ("deploy on Friday at 10:00", "a meeting at 11:00").
 */
function shortOfLimit(older: SubjectClause, newer: SubjectClause): boolean {
  return older.values.some((limit) => sidesOfLimit(limit, newer).some((v) => !v.inside));
}

/** The plain values the newer clause gives in a limit's slot and unit, each with the side of the limit it is on (none on the limit itself). */
function sidesOfLimit(limit: SlotValue, newer: SubjectClause): Array<{ value: string; inside: boolean }> {
  const at = limit.bound && !isStartDate(limit) ? magnitude(limit.value) : null;
  if (at === null) return [];
  const out: Array<{ value: string; inside: boolean }> = [];
  for (const v of newer.values) {
    const m = v.negated || v.bound || v.key !== limit.key ? null : magnitude(v.value);
    if (m !== null && m.unit === at.unit && m.n !== at.n) out.push({ value: v.value, inside: limit.above === true ? m.n > at.n : m.n < at.n });
  }
  return out;
}

/**
 * Inside a decision's limit, the later clause goes against it: it does what a ban past the limit
 * rules out ("No releases on Fridays after 15:00" / "release on Friday at 17:00", "Meetings never
 * before 10" / "Schedule the meeting at 9:00"), or rules out what a rule past the limit requires
 * ("Refunds over 200 EUR need a second approval" / "a 300 EUR refund without a second approval").
 * The word that flips and a plain value of the limit's slot, in its unit, past the limit are
 * subject enough, though the two share no other word; a ban on the range itself (a negated limit)
 * needs no flip, only a word of its subject done there. (What a ban excepts stays allowed.)
 */
function limitBreached(older: SubjectClause, newer: SubjectClause, generic: ReadonlySet<string>): { stem: string; value: string; olderNegates: boolean } | null {
  if (excepts(older, newer)) return null;
  const shared = [...older.anchor].filter((s) => newer.anchor.has(s) && !generic.has(s));
  const flipped = shared.find((s) => older.negated.has(s) !== newer.negated.has(s));
  const doneThere = shared.find((s) => !newer.negated.has(s));
  for (const limit of older.values) {
    const stem = flipped ?? (limit.negated ? doneThere : undefined);
    const inside = stem === undefined || !onTheRulesSubject(older, newer, stem, limit, generic) ? undefined : sidesOfLimit(limit, newer).find((v) => v.inside);
    if (stem !== undefined && inside) return { stem, value: inside.value, olderNegates: flipped === undefined || older.negated.has(flipped) };
  }
  return null;
}

/**
 * Whether the newer clause is about what the rule governs besides the one word that flips: another
 * word of its subject, or every other value the rule names ("on Fridays"), and no other value in
 * their place ("Deploy on Monday at 16:00" is no deploy on a Friday; "Deploy the billing worker" no
 * deploy of the payment gateway). A rule whose subject is that one word ("Meetings never before
 * 10") needs no more.
 */
function onTheRulesSubject(older: SubjectClause, newer: SubjectClause, stem: string, limit: SlotValue, generic: ReadonlySet<string>): boolean {
  const values = older.values.filter((v) => v !== limit && !v.bound);
  const given = (v: SlotValue) => newer.values.some((x) => x.key === v.key && x.value === v.value);
  if (values.some((v) => !given(v) && newer.values.some((x) => x.key === v.key && !x.bound))) return false;
  const words = [...older.anchor].filter((s) => s !== stem && !generic.has(s));
  return words.length === 0 || words.some((s) => newer.anchor.has(s)) || (values.length > 0 && values.every(given));
}

/** A value as a number and its unit ("14:00" → 840 minutes, "200 eur" → 200 eur), or null for one that is no quantity. */
function magnitude(value: string): { n: number; unit: string } | null {
  const clock = /^(\d{2}):(\d{2})$/.exec(value);
  if (clock) return { n: Number(clock[1]) * 60 + Number(clock[2]), unit: 'clock' };
  const m = /^(\d+(?:\.\d+)?)(?:\s+(\S+))?$/.exec(value);
  return m ? { n: Number(m[1]), unit: m[2] ?? '' } : null;
}

/** The later clause asserts a value the earlier one ruled out ("14 days, not 30" / "a 30-day trial"). */
export function rejectedRestated(earlier: SubjectClause, later: SubjectClause): string | null {
  if (shared(earlier.anchor, later.anchor) === 0) return null;
  for (const v of earlier.values) {
    // (A count written against its word may be a name, "No rentals in 34RS": naming the aircraft
    // again gives no number the rule ruled out. What the rule bans it still bans, by its words.)
    if (!v.negated || v.key === COUNT || v.glued) continue;
    if (later.values.some((x) => !x.negated && comparable(x, v) && x.value === v.value) && !earlier.values.some((x) => !x.negated && x.key === v.key && x.value === v.value)) {
      return `it gives ${v.value}, which was ruled out`;
    }
  }
  return null;
}

export interface Reversal {
  cue: string;
  /** Stems of the thing the cue retires ("we stopped using the cold storage" → cold, storag); null when it names none. */
  old: ReadonlySet<string> | null;
}

/**
 * Whether a text announces a change and says nothing else: its reversal cues taken out, no word
 * names a subject ("Change of plan everyone.", "Planänderung, Leute!"). What changes is said
 * beside it, or was said before.
 */
export function onlyAnnouncesChange(text: string, lex: CompiledSubjects, stems: Stems): boolean {
  if (reversalsIn(text, lex, stems).length === 0) return false;
  return contentTokens(withoutCueWords(text, lex), stems).every((t) => lex.generic.has(t));
}

/** The sentences of a text that carry a reversal cue ("Change of plan on ticket retention."), joined. */
export function changeSentences(text: string, lex: CompiledSubjects, stems?: Stems): string {
  return text
    .split(/(?<=[.!?;\n])\s+/)
    .filter((s) => reversalsIn(s, lex, stems).length > 0)
    .join(' ');
}

/** Reversal cues in a text, with what each retires when it says. */
export function reversalsIn(text: string, lex: CompiledSubjects, stems: Stems = new PorterStems(lex.words)): Reversal[] {
  const out: Reversal[] = [];
  for (const sentence of text.split(/(?<=[.!?;\n])\s+/)) {
    const found: Array<Reversal & { start: number; end: number }> = [];
    for (const { id, re } of lex.reversals) {
      const m = re.exec(sentence);
      if (!m) continue;
      const captured = Object.entries(m.groups ?? {}).find(([k, v]) => k.startsWith('old') && v)?.[1];
      found.push({ cue: id, old: captured ? objectStems(captured, lex, stems) : null, start: m.index, end: m.index + m[0].length });
    }
    // "instead of every two weeks" is one cue, the one that names what it retires: the bare
    // "instead" inside it retires nothing of its own.
    const named = found.filter((r) => r.old);
    for (const r of found) if (r.old || !named.some((x) => x.start <= r.start && r.end <= x.end)) out.push({ cue: r.cue, old: r.old });
  }
  return out;
}

/** The most content words a retired doing and its thing are read in, head included. */
const DOING_PHRASE_WORDS = 5;

/** An English word of doing ("booking", "sending"): its stem is shorter than the word. */
const DOING = /^\p{L}{2,}ing$/u;

/**
 * The first noun phrase of a captured object: up to three content words, stopping at a function
 * word after the first. An object that opens with a number and no noun it counts is that value
 * ("instead of 8 on thursday" retires the 8, not Thursday): no noun phrase. ("instead of 2 pallets
 * of paper" retires the pallets.) An object that opens with a doing is that doing and the head of
 * its thing, read over up to five content words ("booking another repair visit" → book, visit).
 */
function objectStems(text: string, lex: CompiledSubjects, stems: Stems): ReadonlySet<string> | null {
  const out = new Set<string>();
  const ws = words(text);
  // (An object that opens with a doing, "instead of booking another repair visit", retires that
  // doing of its thing: the phrase runs on past a determiner (doingDeterminers) to the thing, so that booking
  // something else, "Book the surveyor", uses nothing retired. A pronoun or a preposition after
  // the doing, "instead of calling them in the evening", leaves the doing alone retired.)
  let doing = false;
  const ended = (w: string) => out.size > 0 && !(doing && out.size === 1 && lex.doingDeterminers.has(w.toLowerCase()));
  for (const [k, w] of ws.entries()) {
    if (/^\d/.test(w) && out.size === 0 && (k + 1 >= ws.length || contentToken(ws[k + 1], stems) === null)) return null;
    const t = contentToken(w, stems);
    if (t === null || /^\d/.test(w)) {
      if (ended(w)) break;
      continue;
    }
    if (lex.generic.has(t) || lex.generic.has(w)) {
      if (ended(w)) break;
      continue;
    }
    // (Only the first word of the object is a doing: "instead of the meeting" retires a meeting.)
    if (out.size === 0) doing = k === 0 && DOING.test(w) && t !== w.toLowerCase();
    out.add(readAs(lex, w, t));
    // (A doing's thing may take more words before its head: "booking the monthly team lunch".)
    if (out.size === (doing ? DOING_PHRASE_WORDS : 3)) break;
  }
  if (out.size === 0) return null;
  // (A doing is retired with the head of its thing, the last word of it: "booking another repair
  // visit" retires booking a visit, "Book another visit from Brandt" too.)
  if (doing && out.size > 2) return new Set([[...out][0], [...out][out.size - 1]]);
  return out;
}

/** Does the clause assert (not negate) everything a reversal retires? */
export function asserts(c: SubjectClause, old: ReadonlySet<string>): boolean {
  for (const s of old) if (!c.stems.has(s) || c.negated.has(s)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Text-level relations between an earlier decision and a later statement.

/**
 * `newer` with each number that has no unit or noun of its own ("over 50k", "raise it to 30,000")
 * read in the unit of `older`'s one amount ("over 25,000 EUR"): said against a decision that gives
 * an amount, a bare number on the same subject is that amount, its currency left unsaid. A newer
 * text that gives an amount of its own, or an older one with none or several, is read as written.
 */
export function withAmountUnitOf(newer: SubjectView, older: SubjectView): SubjectView {
  const given = older.clauses.flatMap((c) => c.values.filter((v) => v.key === 'amount' && !v.negated));
  const units = new Set(given.map((v) => v.value.split(' ').slice(1).join(' ')));
  if (units.size !== 1 || units.has('') || newer.clauses.some((c) => c.values.some((v) => v.key === 'amount'))) return newer;
  const bare = (v: SlotValue) => v.key === COUNT && /^\d+(?:\.\d+)?$/.test(v.value);
  if (!newer.clauses.some((c) => c.values.some(bare))) return newer;
  return { ...newer, clauses: newer.clauses.map((c) => ({ ...c, values: c.values.map((v) => (bare(v) ? { ...v, key: 'amount', value: inUnitOf(v.value, given[0]).value } : v)) })) };
}

export interface SubjectView {
  /** The text as written, to quote its words rather than their stems. */
  text: string;
  /** What its words were stemmed and told from stopwords with (the memo's, or its own). */
  stems: Stems;
  clauses: readonly SubjectClause[];
  reversals: readonly Reversal[];
  /** Every name its clauses give. */
  names: ReadonlySet<string>;
  /** The lexicon's cross-language equivalents its words were read with ("lieferungen" → deliveri), to quote a word as written. */
  equivalents?: ReadonlyMap<string, string>;
  /** The lexicon's word forms (a noun, as written → its verb's stem), as the subjects read them. */
  wordForms?: ReadonlyMap<string, string>;
}

/** What a text says of its subjects; with a memo, each text (and each sentence) is worked out once per run. */
export function viewOf(text: string, subjects: CompiledSubjects, neg: NegationWords, memo?: SubjectMemo): SubjectView {
  return viewAs(text, subjects, neg, memo, 'claims');
}

/**
 * What a message a decision answers offers: its view with offers made on a condition read whole
 * ("They can also do Thursday 13:00 if Friday doesn't work" names Friday as what the answer
 * replaces), its questions still claiming nothing.
 */
export function offeredViewOf(text: string, subjects: CompiledSubjects, neg: NegationWords, memo?: SubjectMemo): SubjectView {
  return viewAs(text, subjects, neg, memo, 'offers');
}

/**
 * What a message a decision answers puts up: its view with its questions read as clauses ("Should
 * I keep the 5,000-word cap or set a new one?" names the cap and its value).
 */
export function askedViewOf(text: string, subjects: CompiledSubjects, neg: NegationWords, memo?: SubjectMemo): SubjectView {
  return viewAs(text, subjects, neg, memo, 'asked');
}

/**
 * What a correction corrected (a decision's `corrects`), read with its questions as claims: an
 * agent often puts the wrong value as a question ("How long should we keep the backups? 7
 * days?"), and "No, 7 days is too short, we keep them 30 days" corrects what it put up.
 */
export function correctedViewOf(text: string, subjects: CompiledSubjects, neg: NegationWords, memo?: SubjectMemo): SubjectView {
  // (Kept beside the views in the memo: relating asks for one correction's view once per decision it meets.)
  const key = `!\u0000${text}`;
  const kept = memo?.views.get(key);
  if (kept) return kept;
  const v = viewAs(text, subjects, neg, memo, 'asked');
  const read = v.clauses.some((c, k) => k > 0 && c.anchor.size === 0 && c.values.length > 0) ? { ...v, clauses: withEllipsesAnchored(v.clauses) } : v;
  memo?.views.set(key, read);
  return read;
}

/**
 * A value said on its own after a clause that names its subject ("How long should we keep the
 * nightly backups? 7 days?") is of that subject: the clause takes the anchor of the nearest one
 * before it that has one.
 */
function withEllipsesAnchored(clauses: readonly SubjectClause[]): SubjectClause[] {
  let anchor: ReadonlySet<string> | null = null;
  return clauses.map((c) => {
    if (c.anchor.size > 0) {
      anchor = c.anchor;
      return c;
    }
    return anchor && c.values.length > 0 ? { ...c, anchor } : c;
  });
}

/** The memo key of a text read one way (the plain claims under the text itself). */
const READING_KEY: Record<ClaimReading, string> = { claims: '', offers: '~\u0000', asked: '?\u0000' };

function viewAs(text: string, subjects: CompiledSubjects, neg: NegationWords, memo: SubjectMemo | undefined, reading: ClaimReading): SubjectView {
  const key = `${READING_KEY[reading]}${text}`;
  let v = memo?.views.get(key);
  if (!v) {
    const stems = memo?.stems ?? new PorterStems(subjects.words);
    const clauses = subjectClauses(text, subjects, neg, memo, reading);
    v = { text, stems, clauses, reversals: reversalsIn(text, subjects, stems), names: new Set(clauses.flatMap((c) => [...c.names])), equivalents: subjects.equivalents, wordForms: subjects.wordForms };
    memo?.views.set(key, v);
  }
  return v;
}

/** Stems as the words the person wrote, from the first of the texts that has them. */
export function said(stems: Iterable<string>, ...views: readonly SubjectView[]): string {
  const maps = views.map(writtenWords);
  return [...stems].map((s) => maps.map((m) => m.get(s)).find((w) => w !== undefined) ?? s).join(' ');
}

/** Stem → the word as written in a view's text; a word read as another language's equivalent, or as a verb's noun, under that stem too ("Lieferungen" for deliveri, "extension" for extend). */
function writtenWords(v: SubjectView): Map<string, string> {
  const out = surfaceWords(v.text, v.stems);
  for (const [form, word] of [...out]) {
    const english = v.wordForms?.get(word.toLowerCase()) ?? v.equivalents?.get(form);
    if (english !== undefined && !out.has(english)) out.set(english, word);
  }
  return out;
}

/**
 * Why `newer` replaces `older`, or null. Only an explicit reversal does: a cue that retires what
 * `older` asserts ("we stopped using the cold storage"), a new value for a slot both fill on the
 * same subject, or — with a reversal cue or as a correction — the same subject negated; with a
 * cue, also a newer statement that is all value naming the older's value as the one it replaces
 * or giving the one value a bare ban ruled out, where the discussion ties the two (see flipped).
 * `cues` are the reversal cues of the newer statement's own message (its statement may lack them);
 * `message`, that message, where known.
 */
export function replacement(older: SubjectView, newer: SubjectView, cues: readonly Reversal[], explicit: boolean, generic: ReadonlySet<string>, match: SubjectMatch = 'firm', valueMatch: SubjectMatch = match, message?: SubjectView | null): string | null {
  return retiredByCue(older, newer, cues) ?? valueReplacement(older, newer, valueMatch, match === 'firm' || match === 'strict') ?? flipped(older, newer, cues, explicit, generic, match, message) ?? swapped(older, newer, cues) ?? crossed(older, newer, cues);
}

/** `replacement` without a new value for a slot on a shared subject: a reversal cue's retirement or, with a cue or as a correction, the same subject negated or one of its things swapped (and, where the discussion ties them, the value-only changes of `flipped`). */
export function reversal(older: SubjectView, newer: SubjectView, cues: readonly Reversal[], explicit: boolean, generic: ReadonlySet<string>, match: SubjectMatch = 'firm'): string | null {
  return retiredByCue(older, newer, cues) ?? flipped(older, newer, cues, explicit, generic, match) ?? swapped(older, newer, cues);
}

/**
 * With a reversal cue, the same subject with one of its things swapped for another ("We order the
 * paper from Lyreco" → "From now on we order the paper from Viking instead", "Maria signs off the
 * newsletter" → "From now on Tom signs it off"): a firm subject of which the newer keeps at least
 * two thirds, drops a word and brings one of its own. (Adding to a subject replaces nothing.)
 */
function swapped(older: SubjectView, newer: SubjectView, cues: readonly Reversal[]): string | null {
  if (cues.length === 0) return null;
  for (const o of older.clauses) {
    for (const n of newer.clauses) {
      if (!sameSubject(o, n, 'firm') || shared(o.anchor, n.anchor) * 3 < o.anchor.size * 2) continue;
      const gone = [...o.anchor].filter((x) => !n.anchor.has(x) && !n.negated.has(x));
      const come = [...n.anchor].filter((x) => !o.anchor.has(x) && !n.negated.has(x));
      // A cue that names what it retires ("instead of every two weeks") swaps only that out: the
      // sign-in sheet to update is no swap for the one to draft.
      const cue = cues.find((r) => !r.old || [...r.old].some((x) => gone.includes(x)));
      if (cue && gone.length > 0 && come.length > 0) return `"${said(gone, older)}" → "${said(come, newer)}" (${cue.cue})`;
    }
  }
  return null;
}

/**
 * Two things traded places ("No refunds. Extend their passes by 7 weeks." → "No extension, refunds
 * instead."): under a reversal cue, a newer statement that says nothing but the swap rules out what
 * the older set and sets what the older ruled out, each side in a clause of its own or not. (A
 * newer statement with words of its own, "the newsletter moves to Slack; no email for marketing",
 * speaks of another thing, and swaps nothing of the older's.)
 */
function crossed(older: SubjectView, newer: SubjectView, cues: readonly Reversal[]): string | null {
  if (cues.length === 0) return null;
  const set = new Set<string>();
  const ruledOut = new Set<string>();
  for (const c of older.clauses) for (const x of c.anchor) (c.negated.has(x) ? ruledOut : set).add(x);
  const settled = (x: string) => set.has(x) !== ruledOut.has(x);
  const dropped: string[] = [];
  const taken: string[] = [];
  for (const n of newer.clauses) {
    for (const x of n.anchor) {
      if (n.negated.has(x) && set.has(x) && settled(x)) dropped.push(x);
      else if (!n.negated.has(x) && ruledOut.has(x) && settled(x)) taken.push(x);
      else return null;
    }
  }
  return dropped.length > 0 && taken.length > 0 ? `"${said(dropped, older)}" → "${said(taken, newer)}" (${cues[0].cue})` : null;
}

function retiredByCue(older: SubjectView, newer: SubjectView, cues: readonly Reversal[]): string | null {
  for (const r of cues) {
    if (!r.old) continue;
    if (older.clauses.some((c) => asserts(c, r.old!))) return `it retires "${said(r.old, newer, older)}" (${r.cue})`;
  }
  return null;
}

/**
 * `message`: the sentences of the message the newer statement was said in that announce a change
 * (see changeSentences), where known. A newer clause that is all value names no subject, so it
 * replaces a value of the older only where the discussion ties the two: one task, a later task
 * that names the older's ('loose', 'named'), or a change announced on the older's subject ("Change
 * of plan on ticket retention … 12 months instead of 24"; "Thanks, the new laptops arrived." before
 * it is no announcement).
 */
function flipped(older: SubjectView, newer: SubjectView, cues: readonly Reversal[], explicit: boolean, generic: ReadonlySet<string>, match: SubjectMatch, message?: SubjectView | null): string | null {
  if (!explicit && cues.length === 0) return null;
  let tiedMemo: boolean | undefined;
  const tied = () => (tiedMemo ??= match === 'loose' || match === 'named' || (!!message && shareSubject(message, older)));
  const mine = newer.clauses.map((c) => withRetired(c, cues));
  for (const o of older.clauses) {
    for (const n of mine) {
      // (A correction whose negation rules out a value, "40 not 60 for the kids one", corrects
      // that value: it allows nothing an earlier "No kid is coming at 6pm" ruled out.)
      if (cues.length === 0 && n.values.some((v) => v.negated)) continue;
      const flip = polarityFlip(o, n, generic, match, { cued: cues.length > 0 });
      if (flip) return `${flip.olderNegates ? 'it allows' : 'it rules out'} "${said([flip.stem], newer, older)}"${cues.length > 0 ? ` (${cues[0].cue})` : ''}`;
      // (A value ruled out without a cue is a correction of the value, "16 EUR, not 18": the
      // decision it refines stands; `valueReplacement` has judged any new value already.)
      const gone = cues.length > 0 ? (ruledOutValue(o, n, match) ?? (tied() && (n.anchor.size === 0 || !speaksOfAnother(older, message, match)) ? ruledOutValue(o, n, match, true) : null)) : null;
      if (gone) return `it rules out ${gone.value} (${cues[0].cue})`;
      const given = cues.length > 0 && tied() ? bannedValueGiven(o, n) : null;
      if (given) return `it allows ${given.value} (${cues[0].cue})`;
    }
  }
  return null;
}

/**
 * Whether, from another discussion, the message a change was said in names a thing of its own: a
 * clause with two subject words the older statement does not have ("Change to the sick leave
 * extension notice." is not about "Minimum notice for holiday requests"; "Change to the SOP" may be
 * about anything the SOP holds).
 */
function speaksOfAnother(older: SubjectView, message: SubjectView | null | undefined, match: SubjectMatch): boolean {
  if (match === 'loose' || match === 'named' || !message) return false;
  const known = new Set(older.clauses.flatMap((c) => [...c.anchor]));
  return message.clauses.some((c) => [...c.anchor].filter((x) => !known.has(x)).length >= OWN_SUBJECT_WORDS);
}

/**
 * The value the older clause set, which the newer one rules out on the same subject ("the full
 * backup weekly" → "the backup runs every night instead of once a week"). With `valueOnly`, a
 * newer clause that names nothing the older does not, naming the value its own replaces ("24
 * months for full tickets" → "From now on 12 months instead of 24", "residual pressure at 28 m
 * minimum" → "Minimum is 30 m from now on, not 28"): it has no subject of its own to differ by,
 * and it says which value goes. A bare number says nothing of what it counts, so it is never one.
 */
function ruledOutValue(older: SubjectClause, newer: SubjectClause, match: SubjectMatch, valueOnly = false): SlotValue | null {
  if (valueOnly ? [...newer.anchor].some((x) => !older.anchor.has(x)) : !sameSubject(older, newer, match)) return null;
  for (const v of newer.values) {
    if (!v.negated || v.key.startsWith(COUNT)) continue;
    const set = older.values.some((x) => !x.negated && comparable(x, v) && x.value === v.value);
    const kept = newer.values.some((x) => !x.negated && x.key === v.key && x.value === v.value);
    const other = newer.values.some((x) => !x.negated && comparable(x, v) && x.value !== v.value);
    if (set && !kept && (!valueOnly || other)) return v;
  }
  return null;
}

/**
 * The value an older clause that is all ban rules out ("Never saturdays there."), which the newer
 * one gives and rules out nothing ("from now on saturdays 9-13 are allowed at Hafenstr."): the
 * older clause has no subject to differ by. Only that the value is given is read, so the newer
 * clause must give no other value of the slot ("also on Fridays, Saturdays stay closed" gives
 * two). Neither a limit ("never after 18:00") nor a bare number is one.
 */
function bannedValueGiven(older: SubjectClause, newer: SubjectClause): SlotValue | null {
  if (older.anchor.size > 0 || newer.values.some((v) => v.negated)) return null;
  for (const v of older.values) {
    if (!v.negated || v.bound || v.key.startsWith(COUNT)) continue;
    if (older.values.some((x) => !x.negated && x.key === v.key)) continue;
    const givenOfSlot = newer.values.filter((x) => x.key === v.key);
    if (givenOfSlot.length > 0 && givenOfSlot.every((x) => comparable(x, v) && x.value === v.value)) return v;
  }
  return null;
}

/**
 * A new value for a slot both statements fill on the same subject ("every Monday" → "on
 * Thursdays"); with `bare`, a bare number for the one number the older set, on a firm subject
 * (or on one word that is the whole of a subject, for a value in a unit: see valueChange).
 */
export function valueReplacement(older: SubjectView, newer: SubjectView, match: SubjectMatch = 'loose', bare = false): string | null {
  for (const o of older.clauses) {
    for (const n of newer.clauses) {
      // (A bare number another clause of the older statement gives is that number again, not a
      // new one for this clause's value: "45. and fight call before every rehearsal now, not just
      // act 2 days." → "Fight call is 45 before every call.")
      const change = valueChange(o, n, match, bare && !givesNumberOf(older, n));
      if (change) return change;
    }
  }
  return null;
}

/**
 * "Dann per E-Mail." after "Print it, he should get a real letter by post.": inside one
 * discussion, a decision that names nothing but a value (no subject word in any clause) gives a new
 * value to the one earlier decision that sets a value of that kind, and to none when several do.
 * Only a value that names its thing counts (`naming`: the slots marked so in the lexicon, a
 * channel): "Tuesday noon." or "45 €." alone may be the when or the price of anything just asked
 * about, and replaces nothing that way. `earlier` are the decisions it may replace, in the order said; the
 * index of the one it replaces and what it changes, or null.
 */
export function onlyOfItsKind(earlier: readonly SubjectView[], newer: SubjectView, naming: ReadonlySet<string>): { index: number; why: string } | null {
  if (newer.clauses.length === 0 || newer.clauses.some((c) => c.anchor.size > 0)) return null;
  const given = (v: SubjectView, key: string) => v.clauses.flatMap((c) => c.values.filter((x) => !x.negated && x.key === key).map((x) => x.value));
  const keys = new Set(newer.clauses.flatMap((c) => c.values.filter((x) => !x.negated && naming.has(x.key)).map((x) => x.key)));
  for (const key of keys) {
    const setting = earlier.flatMap((v, index) => (given(v, key).length > 0 ? [index] : []));
    if (setting.length !== 1) continue;
    const was = given(earlier[setting[0]], key);
    const now = given(newer, key);
    if (was.some((x) => now.some((y) => sameValue(x, y)))) continue;
    return { index: setting[0], why: `a new ${slotName(key)}: ${was.join(', ')} → ${now.join(', ')}` };
  }
  return null;
}

/**
 * The view with `words` (what the titles of two tasks both name) added to the subject of each
 * clause that gives a value and names no subject of its own ("60."), or one word of `other`'s
 * subject ("Rooms go to 130 then" after "Room rate: wir nehmen 120"): a statement leaves
 * unsaid what its task is about. A clause about something else keeps its subject, and so does
 * one said in common words (see SubjectClause.common).
 */
export function withTaskSubject(v: SubjectView, other: SubjectView, words: ReadonlySet<string>): SubjectView {
  const theirs = subjectWords(other);
  // (A subject that is only what the titles name, "Clinic moves to Saturday 21 June" in "Vaccination
  // clinic – clash with CPD", is that whole matter too, against one that names nothing else either:
  // "Clinic flyers go out on 14 June" is about the flyers.)
  const onlyTitled = (anchor: ReadonlySet<string>) => [...anchor].every((w) => words.has(w));
  const leavesUnsaid = (c: SubjectClause) => c.values.length > 0 && !c.common && (c.anchor.size === 0 || [...c.anchor].some((w) => theirs.has(w)) || (onlyTitled(c.anchor) && onlyTitled(theirs)));
  if (words.size === 0 || !v.clauses.some(leavesUnsaid)) return v;
  return { ...v, clauses: v.clauses.map((c) => (leavesUnsaid(c) ? { ...c, anchor: new Set([...c.anchor, ...words]) } : c)) };
}

/** The subject words of a text's clauses together (what a task's title names). */
export function subjectWords(v: SubjectView): Set<string> {
  return new Set(v.clauses.flatMap((c) => [...c.anchor]));
}

/** The values a view's clauses give (not those they rule out). */
function givenValues(v: SubjectView): SlotValue[] {
  return v.clauses.flatMap((c) => c.values.filter((x) => !x.negated));
}

/** The numbers a clause gives (not those it rules out), as numberKey writes them. */
const givenNumbers = (c: SubjectClause) => c.values.filter((v) => !v.negated).flatMap((v) => numberKey(v.value) ?? []);

/** Whether a number the clause gives is one a clause of `view` gives too, in any slot (numbers compared as numberKey writes them). */
function givesNumberOf(view: SubjectView, c: SubjectClause): boolean {
  const numbers = new Set(view.clauses.flatMap(givenNumbers));
  return givenNumbers(c).some((n) => numbers.has(n));
}

/**
 * Whether a later text gives a number the retired decision set and its replacement dropped, and
 * none the replacement brought: an agent's draft that quotes "a minimum charge of €45" after "60."
 * replaced "Minimum charge €45 per job", not its update "now 60 EUR instead of 45" nor one that
 * keeps the numbers both share ("2 from Rosa's crew" after a swap of who lends the 2).
 */
export function givesDroppedNumber(retired: SubjectView, replaced: SubjectView, later: SubjectView): boolean {
  const { dropped, brought } = numbersChanged(retired, replaced);
  const gives = (numbers: ReadonlySet<string>) => later.clauses.some((c) => givenNumbers(c).some((n) => numbers.has(n)));
  return gives(dropped) && !gives(brought);
}

/** The numbers a replacement dropped from the decision it retired, and those it brought ("45 EUR" → "60.": 45 dropped, 60 brought). */
function numbersChanged(retired: SubjectView, replaced: SubjectView): { dropped: Set<string>; brought: Set<string> } {
  const old = new Set(retired.clauses.flatMap(givenNumbers));
  const now = new Set(replaced.clauses.flatMap(givenNumbers));
  return { dropped: new Set([...old].filter((n) => !now.has(n))), brought: new Set([...now].filter((n) => !old.has(n))) };
}

/**
 * A new value given in answer to a message that names the old one ("His wife has a
 * check-up on Tuesday. Would Wednesday work?" → "Then Wednesday at 9:15"): the answer replaces the
 * decision that holds the old value, though neither statement names their shared subject. With
 * `counts`, only a count the older decision set, by an answer that is one bare number (see
 * bareAnswer); without, every other slot, a bare number in the old value's unit ("Raise it to
 * 700." after "under the 600 € cap"). `announced`: the answer's message announces a change
 * ("ok, 21 days then. from now on for all vaccine reminders" after "so 14 days is pointless"):
 * a clause of the question that names the old value is about it, whatever else it names.
 */
export function answeredValueChange(older: SubjectView, newer: SubjectView, asked: SubjectView | null, sameDiscussion = false, counts = false, announced = false): string | null {
  if (!asked) return null;
  for (const o of older.clauses) {
    // An answer that gives one of the old values of a slot again keeps that slot ("move the import
    // to 03:30, so 05:00 still works" leaves "sync at 05:00, before the 08:30 briefing" standing).
    // (The old value as the question's unit reads it counts too: "£9 / £4 then." gives again the
    // £9 of "Adult entry is £9 since March" that "Adults 9." was read as, and sets no new amount.)
    const restated = (was: SlotValue) => newer.clauses.some((n) => n.values.some((v) => !v.negated && comparable(v, was) && (v.value === was.value || o.values.some((x) => !x.negated && comparable(x, was) && x.value === v.value))));
    // The question names the old value on the subject of the old decision (a decision that is all
    // value, "Thursday 10 is fine", has no subject of its own, and the question's will do). Inside
    // one discussion the question may be about the answer's subject instead ("#777777 passes on
    // white, but captions sit on beige" → "Captions go to #555555"); from another task it
    // must name the old value in a clause about the old decision's subject: a report that
    // mentions a Sunday somewhere is not about the decision that set one.
    const onSubject = (c: SubjectClause) => shared(c.anchor, o.anchor) > 0;
    const aboutAnswer = sameDiscussion && asked.clauses.some((c) => onSubject(c) || newer.clauses.some((n) => shared(c.anchor, n.anchor) > 0));
    const naming = asked.clauses.filter((c) => o.anchor.size === 0 || aboutAnswer || announced || onSubject(c));
    for (const said of o.values) {
      const was = counts ? said : inQuestionUnit(said, o, asked);
      // (What a number counts says nothing of whose count it is, unless the answer is the bare
      // number the question asks for, `counts`: "Should I keep the 5,000-word cap or set a new
      // one?" — "4,000.")
      const counted = was.key.startsWith(COUNT);
      if (was.negated || counted !== counts || restated(was)) continue;
      for (const n of newer.clauses) {
        // (A bare number set by a word that gives a value takes the old value's unit, as the
        // question names it: "Raise it to 700." after "under the 600 € cap" is 700 €. One said
        // alone, "40.", may answer any count the message asks for: how many boxes to order.)
        const now = counted || setsMeasured(n, was) ? bareAnswer(n, was, asked) : n.values.find((v) => comparable(v, was) && !v.negated && !v.which && v.value !== was.value && !o.values.some((x) => x.key === v.key && x.value === v.value));
        // An answer with a subject of its own must speak of the old decision's subject or of the
        // question's clause that names the old value (inside one discussion, of any clause of the
        // question: "#777777 passes on white, but captions sit on beige"): "Ruderclub block: 10
        // rooms at €160" says nothing of "we start at €210 on Saturdays", "Briefing at 06:00 now"
        // after "Check-in 05:30 … Briefing 05:45." leaves "Check-in needs to be 05:30" standing,
        // and "Offer 4 days at +30%, that's a new priority tier" after "+50% express" leaves
        // "Express is +50%".
        const spokenOf = (c: SubjectClause) => shared(c.anchor, n.anchor) > 0;
        // (An old decision that is all value has no subject for the answer to miss: inside one
        // discussion, the question is what it was about. An answer with a subject of its own
        // speaks of that question only where the question speaks of that subject too, offers the
        // answer's value or says a value changes: "She asks whether Friday would work." — "Friday
        // at 8:30, before Clara's site meeting"; "Thursday no longer works for them." — "Repair
        // visit Monday at 9 then"; "On Monday I do the shopping list." after a recap that names the
        // tasting's Thursday does not.)
        const offersNow = now != null && asked.clauses.some((c) => c.values.some((v) => !v.negated && comparable(v, now) && v.value === now.value));
        const questionSpeaksOfIt = sameDiscussion && ((o.anchor.size === 0 && (n.anchor.size === 0 || offersNow || asked.reversals.length > 0)) || asked.clauses.some(spokenOf));
        // (From another task, a person named in both says little: an agent's rota names the same
        // people on every line, "Sundays 8:00–13:00: Priya and Lena" and "give Anke Priya's
        // Saturdays" are about different shifts. A thing both name must tie them.)
        // (Inside one discussion, a question that proposes the new value in place of the old one,
        // "Can we start 27 April instead?", is answered by whoever opens with that value, whatever
        // else they say: "27. April geht, mit Bloom bin ich bis dahin durch". "The Hamburg dry run
        // is on 27 April" speaks of something else.)
        const proposed = sameDiscussion && now != null && opensWithValue(newer.text) && asked.reversals.length > 0 && asked.clauses.some((c) => c.values.some((v) => !v.negated && comparable(v, was) && v.value === now.value));
        const onAnswer = (c: SubjectClause) => n.anchor.size === 0 || shared(o.anchor, n.anchor) > 0 || questionSpeaksOfIt || proposed || (!sameDiscussion && sharesBeyondNames(c, n));
        // (Inside one discussion, a clause that only says the old decision again, "you're right –
        // Thursday closing is 19:30", takes it on; an answer with a subject of its own, "(b) start
        // at 18:00" picked from the options after it, changes nothing of the closing time. A bare
        // "Then 10:30." has only the question's subject.)
        const restates = (c: SubjectClause) => sameDiscussion && n.anchor.size > 0 && shared(c.anchor, o.anchor) > 0 && !spokenOf(c) && c.values.every((v) => v.negated || v.key !== was.key || v.value === was.value);
        if (!now || pickedElsewhere(asked, n, now, was) || rulesOutAnother(n, now, was, o.anchor)) continue;
        const answers = answeredClauses(asked, n, now);
        if (naming.some((c) => onAnswer(c) && !restates(c) && (answers.length === 0 || answers.includes(c)) && namesOldValue(c, was, now, o.anchor.size === 0))) return `a new ${slotName(was.key)}: ${was.value} → ${now.value}`;
      }
    }
  }
  return null;
}

/**
 * Whether the message answered offers the older decision's value to another thing than the one
 * it restates that decision for, the thing the newer decision speaks of: "Updated: stairwells
 * Tuesday and Friday afternoon. Laundry room on Friday too?" — "Laundry on Wednesday." decides the
 * laundry's day and leaves "Tuesday and Friday then." (all value: its subject is the one the
 * message restates it for) standing. `asked`: the message read with its questions.
 */
export function offeredToAnother(older: SubjectView, asked: SubjectView, newer: SubjectView): boolean {
  const given = givenValues(older);
  const about = new Set(newer.clauses.flatMap((c) => [...c.anchor]));
  if (given.length === 0 || about.size === 0 || older.clauses.some((c) => c.anchor.size > 0)) return false;
  const gives = (c: SubjectClause, v: SlotValue) => c.values.some((x) => !x.negated && x.key === v.key && x.value === v.value);
  const restating = asked.clauses.filter((c) => c.anchor.size > 0 && given.every((v) => gives(c, v)));
  if (restating.length === 0 || restating.some((c) => shared(c.anchor, about) > 0)) return false;
  return asked.clauses.some((c) => shared(c.anchor, about) > 0 && given.some((v) => gives(c, v)));
}

/** Whether a text opens with a number ("27. April geht", "£45 then"): the value is what it says first. */
function opensWithValue(text: string): boolean {
  return /^\s*[€$£]?\d/u.test(text);
}

/** Whether two clauses share an anchor word that is not a name both give (see `names`: a name's word begins with its stem). */
function sharesBeyondNames(a: SubjectClause, b: SubjectClause): boolean {
  const named = (c: SubjectClause, stem: string) => [...c.names].some((w) => w.startsWith(stem));
  return [...a.anchor].some((s) => b.anchor.has(s) && !(named(a, s) && named(b, s)));
}

/**
 * The older decision's value that the message a person answers recaps as the one in force ("Keep
 * the 15 EUR or change it?", "The newsletter is currently planned for March 3"), replaced by
 * the newer decision's one value of that slot ("Then 20 EUR.", "The newsletter moves to Tuesday the
 * 10th."). The message names one value of the slot besides the newer one's, the older decision
 * gives it, the newer one gives another and not it. A count says nothing of what it counts, and a
 * start ("ab 1. Juni") says from when, not what: neither is read. What changes, or null.
 *
 * All three speak of one thing: the message of what the older decision (or its task's title,
 * `olderTitle`) is about ("Two months with the late-return fee" of "15 EUR charge from the
 * first late return"); a newer decision with a subject of its own (see ownSubject) of what the clause
 * recapping the value names, or the older decision, or both tasks' titles (`sharedTitle`):
 * "Students get 15% off." after "Members currently get 10% off. What should students get?"
 * leaves the members' discount standing.
 */
export function recappedValueChange(older: SubjectView, newer: SubjectView, recap: SubjectView, olderTitle: Iterable<string> = [], sharedTitle: Iterable<string> = []): string | null {
  // (A number counts too where it counts a thing by name, and only values of one slot are compared.)
  const given = (v: SlotValue) => !v.negated && !v.start;
  const olderAnchor = older.clauses.flatMap((c) => [...c.anchor]);
  const olderAbout = new Set([...olderAnchor, ...olderTitle]);
  if (!recap.clauses.some((c) => shared(c.anchor, olderAbout) > 0)) return null;
  for (const n of newer.clauses) {
    for (const now of [...n.values.filter((v) => given(v) && !v.key.startsWith(COUNT)), ...readAsRecapped(n, recap)]) {
      if (newer.clauses.some((c) => c.values.some((v) => given(v) && comparable(v, now) && v.value !== now.value))) continue;
      const naming = recap.clauses.filter((c) => c.values.some((v) => given(v) && comparable(v, now)));
      // (A recap may name the new value beside the one in force, as what speaks for it: "we
      // charge 25 EUR, the practice next door 40 EUR" — "40 EUR, from June 1.")
      const othersIn = (cs: readonly SubjectClause[]) => new Set(cs.flatMap((c) => c.values.filter((v) => given(v) && comparable(v, now) && !sameValue(v.value, now.value)).map((v) => v.value)));
      // (Where the recap names several, the clause that puts the new value up beside one other
      // names the one it replaces: "live for 4 weeks … Options: keep 48 h, move to 24 h".)
      let recapped = othersIn(naming);
      if (recapped.size > 1) {
        const beside = othersIn(naming.filter((c) => c.values.some((v) => given(v) && comparable(v, now) && sameValue(v.value, now.value))));
        if (beside.size === 1) recapped = beside;
      }
      if (recapped.size !== 1) continue;
      const [was] = recapped;
      const held = older.clauses.flatMap((c) => c.values).find((v) => given(v) && comparable(v, now) && v.value === was);
      if (!held || rulesOutAnother(n, now, held, olderAbout)) continue;
      // (An option the recap offers in a clause of its own that names no old value, "C) Hire a
      // Saturday temp for May" beside "Corrected: Sundays 9:00–13:00", replaces nothing of it.)
      if (pickedElsewhere(recap, n, now, held)) continue;
      const spokenOf = new Set([...olderAnchor, ...naming.flatMap((c) => [...c.anchor]), ...sharedTitle]);
      const askedOf = new Set(recap.clauses.filter((c) => !naming.includes(c)).flatMap((c) => [...c.anchor]));
      if (ownSubject(n, spokenOf, askedOf)) continue;
      return `a new ${slotName(now.key)}: ${was} → ${now.value}, the value the message it answers had in force`;
    }
  }
  return null;
}

/**
 * A clause's one value, a bare number ("Raise to 65.", "1.5 per drop."), read as the recap reads that number: the count
 * of the one thing it counts by it ("most of our titles fit up to about 65 characters"), or the
 * one measure it gives in it ("raise Holloway to 1.5 t per drop"). A time or a date is no reading
 * of a bare number.
 */
function readAsRecapped(c: SubjectClause, recap: SubjectView): SlotValue[] {
  const given = c.values.filter((v) => !v.negated);
  if (given.length !== 1 || given[0].key !== COUNT) return [];
  const bare = given[0];
  const number = bare.value;
  const readings = recap.clauses.flatMap((r) => r.values.filter((v) => !v.negated && v.key !== COUNT && !WHEN_SLOTS.includes(v.key) && sameValue(v.value.split(' ')[0], number)));
  const keys = new Set(readings.map((v) => `${v.key}\u0000${v.value}`));
  return keys.size === 1 ? [{ ...bare, key: readings[0].key, value: readings[0].value }] : [];
}

/**
 * Whether a clause speaks of a thing of its own, none of the words `spokenOf`: two words of its
 * subject ("Late cancellations cost 15 EUR.", "for group bookings a deposit of 40 EUR"), or one
 * the message asks about beside the value it recaps (`askedOf`: "What should students get?").
 * One word said nowhere before ("Thursday, starting next week.") may be a way of saying it.
 */
function ownSubject(c: SubjectClause, spokenOf: ReadonlySet<string>, askedOf: ReadonlySet<string>): boolean {
  if (c.anchor.size === 0 || shared(c.anchor, spokenOf) > 0) return false;
  return c.anchor.size >= OWN_SUBJECT_WORDS || shared(c.anchor, askedOf) > 0;
}

/** How many subject words make a thing of a clause's own, where none is shared. */
const OWN_SUBJECT_WORDS = 2;

/**
 * A bare number of the older decision read in the one unit the question gives that same number,
 * in a clause about what the decision is about: "Plated 68, chicken main" is €68 where the agent
 * asks "At 140 guests (plated, chicken main): keep €68, or €64?". A question that gives the number
 * in another reading too ("Buffet for 40 guests: €40 per head") leaves it bare, and so does one
 * about something else ("Room 42 for the workshop" against "Workshop lunch: keep €42 per head").
 */
function inQuestionUnit(was: SlotValue, older: SubjectClause, asked: SubjectView): SlotValue {
  if (was.key !== COUNT || was.negated) return was;
  const readings = asked.clauses.flatMap((c) => c.values.filter((v) => !v.negated && v.value.split(' ')[0] === was.value).map((v) => ({ c, v })));
  if (readings.length === 0 || readings.some(({ v }) => v.key.startsWith(COUNT) || v.key !== readings[0].v.key || v.value !== readings[0].v.value)) return was;
  // (A decision that is all value, "ok 2.95 from April 1", has no subject of its own to miss.)
  const about = readings.every(({ c }) => shared(c.anchor, older.anchor) >= Math.min(2, older.anchor.size));
  return about ? { ...was, key: readings[0].v.key, value: readings[0].v.value } : was;
}

/** Whether the clause is one bare number a word sets ("Raise it to 700."), and `was` a measure with a unit ("600 eur", not "15:00"). */
const setsMeasured = (n: SubjectClause, was: SlotValue) => isBareNumber(n) && n.values.some((v) => !v.negated && v.given) && MEASURED.test(was.value);

/** A value written as a number and its unit ("600 eur", "14 day"). */
const MEASURED = /^\d\S* \S/;

/**
 * An answer that is one bare number and nothing else ("4,000.", "ok 80") as a value of the numeric
 * slot `was` (in its unit: "80" for "150 g" is "80 g"), when it is another value, and the message
 * it answers offers that number as no other kind of value ("lower the target to 80%" — "fine with
 * 80" sets a percentage, not a number of chargers).
 */
function bareAnswer(n: SubjectClause, was: SlotValue, asked: SubjectView): SlotValue | null {
  if (!isBareNumber(n) || !/^\d/.test(was.value)) return null;
  const number = n.values.find((v) => !v.negated)!.value;
  if (asked.clauses.some((c) => c.values.some((v) => v.key !== was.key && v.value.split(' ')[0] === number))) return null;
  const now = inUnitOf(number, was);
  return now.value === was.value ? null : now;
}

/**
 * Whether an answer about a thing of its own, not the older decision's (`olderAnchor`), says which
 * value of the slot it replaces, and that is another one than `was`: "P2 reply within 4h, not 8"
 * replaces the 8 hours the message gave P2, not the 48 hours it gave P3 beside it. (On the older
 * decision's own subject, a value ruled out may be an alternative just put up: "Cut moves to
 * Tuesday, not Friday" still moves the cut from the Thursday in force.)
 */
function rulesOutAnother(n: SubjectClause, now: SlotValue, was: SlotValue, olderAnchor: ReadonlySet<string>): boolean {
  if (n.anchor.size === 0 || shared(n.anchor, olderAnchor) > 0) return false;
  const ruledOut = n.values.filter((v) => v.negated && comparable(v, now));
  return ruledOut.length > 0 && !ruledOut.some((v) => comparable(v, was) && sameValue(v.value, was.value));
}

/**
 * The questions of the message about the answer's own subject that put up a value of the new
 * value's kind: what the answer answers. "Confirmed: load-in 12:30, focus 14:00. Should crew call
 * move to 11:20?" — "Call: 11:30." answers the crew call's 11:20; the load-in's 12:30 that the
 * message recaps beside it is another thing's time. None where the answer names no subject of its own.
 */
function answeredClauses(asked: SubjectView, n: SubjectClause, now: SlotValue): SubjectClause[] {
  if (n.anchor.size === 0) return [];
  return asked.clauses.filter((c) => c.asks === true && shared(c.anchor, n.anchor) > 0 && c.values.some((v) => !v.negated && comparable(v, now)));
}

/**
 * Whether the answer is an option the question offers in a clause of its own (its whole subject
 * and its new value) that does not name the old value: "Corrected: the kiosk opens Sundays
 * 10:00–14:00 … C) Bring in a Saturday helper for June" — "Bring in a Saturday helper for June."
 * picks C, and the Sunday the message states beside it is not what C replaces.
 */
function pickedElsewhere(asked: SubjectView, n: SubjectClause, now: SlotValue, was: SlotValue): boolean {
  if (n.anchor.size === 0) return false;
  const offered = asked.clauses.filter((c) => containment(n, c) === 1 && c.values.some((v) => !v.negated && v.key === now.key && v.value === now.value));
  return offered.length > 0 && !offered.some((c) => namesOldValue(c, was, now, false));
}

/**
 * Whether a clause of the question names `was` as the value the answer's `now` replaces. A decision
 * that is all value ("So much for Monday.") has only the question's clause for a subject, so that
 * clause must point at its value: one value of the slot ("an appointment on Thursday"), or the old
 * and the new side by side ("300 instead of 200?"), also with the old one ruled out beside the new
 * ("Saturday 7 March rather than Sunday 1 March?"). "The print shop delivers on Thursday noon for
 * the Monday mailing" names two weekdays; "Tuesday noon" in answer replaces neither for certain.
 */
function namesOldValue(c: SubjectClause, was: SlotValue, now: SlotValue, valueOnly: boolean): boolean {
  // (A question that puts the new value in place of the old, "Saturday 7 March rather than Sunday
  // 1 March?", names the old one as what goes.)
  if (c.values.some((v) => v.negated && comparable(v, was) && v.value === was.value) && c.values.some((v) => !v.negated && comparable(v, now) && v.value === now.value)) return true;
  const given = c.values.filter((v) => !v.negated && v.key === was.key);
  if (!given.some((v) => v.value === was.value)) return false;
  return !valueOnly || given.every((v) => v.value === was.value) || given.some((v) => v.value === now.value);
}

/**
 * The one who does, in the later text, what a rule says only others may do ("Only Anna approves
 * vendor contracts" / "Tom approves the vendor contract"): the name written just before the same
 * verb (past words that carry no content: "Tom will approve"), on the rest of the rule's subject
 * (two words of it besides the names), and none of the rule's own names said. As written, or null.
 */
function otherThanOnly(rule: SubjectClause, later: SubjectView, generic: ReadonlySet<string>): string | null {
  const { who, act } = rule.only!;
  const rest = new Set([...rule.anchor].filter((s) => !who.has(s)));
  // (A later clause short of the rule's limit is outside it: "Only Anna approves contracts over
  // 5,000 EUR" leaves one of 300 EUR to anyone.)
  if (later.clauses.some((c) => shortOfLimit(rule, c))) return null;
  const stemOf = (w: string) => {
    const t = contentToken(w.toLowerCase(), later.stems);
    return t === null ? null : readAs(later, w.toLowerCase(), t);
  };
  for (const { text: sentence } of sentences(later.text)) {
    const toks = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
    const stems = toks.map(stemOf);
    // The sentence does what the rule governs: its verb and another word of its subject, and none
    // of the rule's own names is said.
    if (!stems.includes(act) || stems.filter((s) => s !== null && s !== act && rest.has(s)).length === 0 || toks.some((t) => who.has(t.toLowerCase()))) continue;
    const i = stems.indexOf(act);
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const s = stems[j];
      if (s === null) continue;
      // The doer: a name as written, no word of the rule's subject, nothing generic ("Today").
      if (/^\p{Lu}/u.test(toks[j]) && !rule.anchor.has(s) && !generic.has(s)) return toks[j];
      break;
    }
  }
  return null;
}

/**
 * Why a later statement contradicts an earlier decision that still stands, or null: it asserts
 * what the decision rules out (a value it rejected, a thing it bans or retired) or, when
 * `values` is set, gives a different value for the same slot on the same subject.
 */
export function contradiction(earlier: SubjectView, later: SubjectView, generic: ReadonlySet<string>, values: boolean, match: SubjectMatch = 'loose'): string | null {
  for (const r of earlier.reversals) {
    if (!r.old) continue;
    if (later.clauses.some((c) => asserts(c, r.old!))) return `it uses "${said(r.old, later, earlier)}", which was retired`;
  }
  for (const e of earlier.clauses) {
    const other = e.only ? otherThanOnly(e, later, generic) : null;
    if (other) return `it names "${other}" for what only ${[...e.only!.who].map((w) => `"${said([w], earlier)}"`).join(' or ')} may do`;
    for (const l of later.clauses) {
      // (A value short of the ban's limit is outside it: "No releases on Fridays after 15:00" says
      // nothing of Friday at 10:00, nor of its Friday.)
      const outside = shortOfLimit(e, l);
      const rejected = outside ? null : rejectedRestated(e, l);
      if (rejected) return rejected;
      const flip = polarityFlip(e, l, generic, match === 'loose' ? 'firm' : match, { blankets: match === 'loose' });
      if (flip && flip.olderNegates) return `it asserts "${said([flip.stem], later, earlier)}", which was ruled out`;
      if (flip && shared(e.anchor, l.anchor) >= 3 && sameSubject(e, l, 'strict')) return `it rules out "${said([flip.stem], later, earlier)}"`;
      const breach = outside ? null : limitBreached(e, l, generic);
      if (breach) return breach.olderNegates ? `it asserts "${said([breach.stem], later, earlier)}" at ${breach.value}, which was ruled out` : `it rules out "${said([breach.stem], later, earlier)}" at ${breach.value}, which is required there`;
      if (values) {
        const change = valueChange(e, l, 'strict');
        if (change) return `it gives ${change.replace(/^a new /, 'another ')}`;
      }
    }
  }
  return null;
}

/** A month or date that says from when something holds ("from March", "ab Juli"); a deadline ("before 15 May") is a value. */
function isStartDate(v: SlotValue): boolean {
  return !!v.start && (v.key === 'month' || v.key === 'date');
}

/**
 * The earlier clause is a ban ("No lessons for the twins on Fridays") of what the later one
 * does: its first subject word is ruled out, and the later clause asserts it. ("The van does no
 * delivery on Mondays, it delivers on Tuesdays" opens with the van: it says where it delivers.)
 */
function bansWhatItDoes(earlier: SubjectClause, later: SubjectClause): boolean {
  const head = earlier.anchor.values().next().value;
  return head !== undefined && earlier.negated.has(head) && later.anchor.has(head) && !later.negated.has(head);
}

/**
 * Why a later statement restates a fact that was replaced, or null: it gives the old value of a
 * slot the replacement changed, or — where the replacement did not just give a value of the same
 * subject another — it repeats most of the retired decision's subject, without saying what
 * replaced it. With `corrected`, `replaced` is a person's correction of `retired`
 * (the agent's words it corrects): the correction is about that text whatever words it uses
 * ("Lieferzeit ist immer 10 Tage" for "delivery within 21 days"), and a later text giving a
 * third value for the corrected slot ("delivery within 14 days") goes against it too.
 */
export function restatesRetired(retired: SubjectView, replacedAsSaid: SubjectView, later: SubjectView, whole = true, corrected = false): string | null {
  const replaced = withBareInRetiredUnit(retired, replacedAsSaid);
  const newStems = new Set<string>();
  for (const c of replaced.clauses) for (const s of c.anchor) if (!retired.clauses.some((r) => r.anchor.has(s))) newStems.add(s);
  const agreesWithReplacement = (l: SubjectClause) => newStems.size > 0 && shared(newStems, l.anchor) * 2 >= newStems.size;
  // (A text that gives the new number speaks of the change, whatever else it names.)
  const { brought } = numbersChanged(retired, replaced);
  const givesNewNumber = (l: SubjectClause) => givenNumbers(l).some((n) => brought.has(n));
  // A replacement that is all value, "21 days then.", gave it on the subject of what it replaced,
  // when that set one value of each of its slots: of "backups 30 days, logs 90 days" it says
  // nothing of which.
  // (So did one that swapped one value of a set for another: "Tuesday and Thursday, yes." of
  // "Tuesday + Friday rounds".)
  const allValue = new Set(replaced.clauses.filter((c) => c.anchor.size === 0 && c.values.length > 0 && (oneValueEach(retired, c) || swapsOneOf(retired, c))));
  for (const r of retired.clauses) {
    // The replacement gave one of this clause's values another and kept its subject: that value is
    // what was retired, and the subject said again without it restates nothing ("14 days before
    // the due date" → "7 days before": "I'll start with the April due dates" gives no count of
    // days). (A replacement that swapped part of the subject as well, "from Viking on Thursdays
    // instead" for "from Lyreco every Monday", retired the subject too.)
    const keepsSubject = (n: SubjectClause) => n.anchor.size === 0 || [...r.anchor].every((w) => n.anchor.has(w));
    const valueRetired = r.values.some((v) => !v.negated && replaced.clauses.some((n) => givesOnlyOther(n, v) && keepsSubject(n)));
    for (const l of later.clauses) {
      if (!sameSubject(r, l)) continue;
      // The slots the replacement gave a new value: the later text gives the old one, or another.
      let verdict: 'old' | 'other' | null = null;
      const oldGiven: string[] = [];
      let against: { given: string; set: string } | null = null;
      for (const said of replaced.clauses) {
        const n = allValue.has(said) ? { ...said, anchor: r.anchor } : said;
        if (!(corrected ? slotChange(r, n) : valueChange(r, n))) continue;
        for (const v of r.values) {
          // (A value the replacement kept, "still at 6:00", was not replaced; one a correction
          // gives again beside another of its slot is the wrong one quoted, "7 days is too short,
          // we keep 30", but one it gives alone it keeps: "Monday is 17:45 not 17:30" keeps Monday.
          // Days are listed together: "Monday and Wednesday are 17:45" keeps both.)
          const givenAgain = n.values.some((x) => !x.negated && comparable(x, v) && x.value === v.value);
          const givenOther = v.key !== SWAPPED_SLOT && n.values.some((x) => !x.negated && comparable(x, v) && x.value !== v.value);
          if (v.negated || !n.values.some((x) => x.key === v.key) || (givenAgain && (!corrected || !givenOther))) continue;
          // (Where the older text gave this slot for several things, "doors 17:00, talks 17:30,
          // buffet 19:00", a later value is of the thing its own clause names: it counts only in
          // a clause that names a thing the replacement names.)
          // (So where the list was read as one clause per thing.)
          const listed = valuesOf(r, v.key).length > 1 || retired.clauses.some((o) => o !== r && o.values.some((x) => !x.negated && x.key === v.key));
          if (listed && shared(l.anchor, n.anchor) === 0) continue;
          const given = l.values.filter((x) => !x.negated && comparable(x, v));
          if (given.some((x) => x.value === v.value)) {
            verdict = 'old';
            if (!oldGiven.includes(v.value)) oldGiven.push(v.value);
          }
          else if (given.length > 0 && verdict === null) {
            verdict = 'other';
            // (A value the correction shares with the text it corrects is the wrong one quoted.)
            const set = valuesOf(n, v.key).filter((x) => !n.values.some((y) => y.negated && y.value === x) && !(corrected && r.values.some((y) => y.key === v.key && y.value === x)));
            if (corrected && set.length > 0 && !given.some((x) => set.some((y) => sameValue(x.value, y)))) against ??= { given: given.map((x) => x.value).join(', '), set: set.join(', ') };
          }
        }
      }
      if (verdict === 'old') return `it gives ${oldGiven.join(', ')}, the value that was replaced`;
      if (against) return `it gives ${against.given} where the correction set ${against.set}`;
      if (verdict === 'other' || valueRetired || agreesWithReplacement(l) || givesNewNumber(l)) continue;
      // Most of a long subject, or the whole of a short one ("Cold storage then." → "moved to
      // the cold storage tier"), asserted again.
      // (Only a clause the replacement is about was replaced: "Reminders max 3, and missed reminders
      // get a call" replaced by "no automatic reminders" leaves the calls standing.)
      const replacedPart = retired.clauses.length === 1 || replaced.clauses.some((n) => shared(r.anchor, n.anchor) > 0 || slotChange(r, n));
      if (whole && replacedPart && ((shared(r.anchor, l.anchor) >= 3 && containment(r, l) >= 0.6) || (r.anchor.size >= 2 && asserts(l, r.anchor)))) return 'it restates the decision that was replaced';
    }
  }
  return null;
}

/**
 * The replacement with a clause that is one bare number ("Raise it to 700.") read in the unit of
 * the one value with a unit the retired decision set ("capped at 600 €"): that is the value it
 * gave another. The replacement as it is when it says more, or the retired decision set several.
 */
function withBareInRetiredUnit(retired: SubjectView, replaced: SubjectView): SubjectView {
  if (!replaced.clauses.some(isBareNumber)) return replaced;
  const measured = retired.clauses.flatMap((c) => c.values).filter((v) => !v.negated && !v.key.startsWith(COUNT) && MEASURED.test(v.value));
  if (measured.length !== 1) return replaced;
  return { ...replaced, clauses: replaced.clauses.map((c) => (isBareNumber(c) ? { ...c, values: [inUnitOf(c.values.find((v) => !v.negated)!.value, measured[0])] } : c)) };
}

/** Whether `retired` set one value, and no more, of each slot the replacing clause gives a value. */
function oneValueEach(retired: SubjectView, replacing: SubjectClause): boolean {
  const set = retired.clauses.flatMap((c) => c.values).filter((v) => !v.negated);
  return replacing.values.every((x) => set.filter((v) => comparable(x, v)).length === 1);
}

/** Whether the replacing clause swaps one value of a set `retired` gave a slot for another (see swapsOne), of each slot it gives. */
function swapsOneOf(retired: SubjectView, replacing: SubjectClause): boolean {
  const set = retired.clauses.flatMap((c) => c.values).filter((v) => !v.negated);
  const keys = new Set(replacing.values.filter((v) => !v.negated).map((v) => v.key));
  const of = (values: readonly SlotValue[], key: string) => [...new Set(values.filter((v) => v.key === key).map((v) => v.value))];
  return keys.size > 0 && [...keys].every((key) => swapsOne(key, of(set, key), of(replacing.values.filter((v) => !v.negated), key)));
}

/** Whether the clause gives the slot of `v` a value, and only values other than `v`'s. */
function givesOnlyOther(c: SubjectClause, v: SlotValue): boolean {
  const given = c.values.filter((x) => !x.negated && comparable(x, v));
  return given.length > 0 && given.every((x) => x.value !== v.value);
}

/**
 * The value a correction set, given another by a later text on the same subject: `wrong` is what
 * the correction corrected (the agent's words), `correction` the person's. A value the correction
 * shares with the wrong text is the wrong one quoted ("7 days is too short, we keep them 30
 * days"); the others are what it set.
 */
export function correctedValueChanged(wrong: SubjectView, correction: SubjectView, later: SubjectView): string | null {
  const about = new Set([...subjectWords(wrong), ...subjectWords(correction)]);
  const quoted = new Set(wrong.clauses.flatMap((c) => c.values.map((v) => `${v.key}\u0000${v.value}`)));
  for (const n of correction.clauses) {
    for (const v of n.values) {
      if (v.negated || v.key.startsWith(COUNT) || quoted.has(`${v.key}\u0000${v.value}`)) continue;
      for (const l of later.clauses) {
        if (shared(about, l.anchor) === 0) continue;
        const now = l.values.find((x) => !x.negated && comparable(x, v) && x.value !== v.value);
        if (now && !n.values.some((x) => x.key === now.key && x.value === now.value)) return `a new ${v.key}: ${v.value} → ${now.value}`;
      }
    }
  }
  return null;
}

/**
 * Whether every value a correction gives is taken from the corrected text as it put it up: a
 * part of it (`parts`: its sentences cut at commas and semicolons, brackets kept whole) names the
 * thing the correction's clause names, gives that value and no other of its slot. What the
 * correction takes from the agent's words it accepts, and sets nothing of its own ("cap 60 yes.
 * no bookings, first come first served" to "Recommend: cap at 60, table bookings in advance, max
 * 25 per team": the cap is the agent's 60 accepted; the correction is of the bookings). A value
 * said beside another of its slot was chosen against it ("Cap 60." to "cap at 80, up from 60 last
 * year"; "Thursday." to "quiz on Wednesday (Thursday has football)"), and a clause that names
 * nothing cannot be told to take anything up: the correction set those. A correction that gives
 * no value is not one that only accepts.
 */
export function keepsCorrectedValues(parts: readonly SubjectView[], correction: SubjectView): boolean {
  const takes = (c: SubjectClause, v: SlotValue) =>
    parts.some((p) => {
      const values = givenValues(p);
      return p.clauses.some((q) => shared(q.anchor, c.anchor) > 0) && values.some((x) => comparable(x, v) && sameValue(x.value, v.value)) && !values.some((x) => comparable(x, v) && !sameValue(x.value, v.value));
    });
  const given = correction.clauses.flatMap((c) => c.values.filter((v) => !v.negated).map((v) => ({ c, v })));
  return given.length > 0 && given.every(({ c, v }) => takes(c, v));
}

/** A text's parts as keepsCorrectedValues reads them: its sentences, cut at commas and semicolons outside brackets. */
export function textParts(text: string): string[] {
  // (A sentence ends at a stop before a space: "3.95" and "v2.1" stay whole.)
  return text.split(/(?<=[.!?])\s+/).flatMap((x) => partsBetween(x, /[,;]\s+/g)).filter((x) => x.length > 0);
}

/**
 * The wrong value a correction replaced, given again by a later text: one the corrected text (the
 * agent's words) gave for a slot the correction sets, and the correction does not. ("7 days is too
 * short, we keep them 30 days" corrected "keep them for 7 days": a later "7 days" is the wrong
 * fact again; a later "14 days" is another value, not the wrong one.)
 */
export function wrongValueRestated(wrong: SubjectView, correction: SubjectView, later: SubjectView): string | null {
  // (A wrong value the correction quotes beside the one it sets, "7 days is too short, we keep
  // them 30 days", is not one it sets.)
  const given = givenValues(correction);
  const quoted = (v: SlotValue) => wrong.clauses.some((w) => w.values.some((x) => !x.negated && comparable(x, v) && x.value === v.value)) && given.some((x) => comparable(x, v) && x.value !== v.value);
  const set = new Set(given.filter((v) => !quoted(v)).map((v) => `${v.key}\u0000${v.value}`));
  for (const w of wrong.clauses) {
    if (!correction.clauses.some((n) => slotChange(w, n, true) || picksOne(w, n) || n.values.some((v) => v.negated && w.values.some((x) => comparable(x, v) && x.value === v.value)))) continue;
    for (const v of w.values) {
      if (v.negated || set.has(`${v.key}\u0000${v.value}`)) continue;
      // (A count is the wrong one again only on a subject word the wrong clause names: "Cap the
      // quiz at 80." after "quiz cap at 80" was corrected; "80 chairs" is another thing.)
      const onSubject = (l: SubjectClause) => !v.key.startsWith(COUNT) || shared(l.anchor, w.anchor) > 0;
      // (A day of the month is the date it falls on: "the 11th" gives "Sat 11 Jul" again.)
      if (later.clauses.some((l) => onSubject(l) && l.values.some((x) => !x.negated && comparable(x, v) && sameValue(x.value, v.value)))) return `it gives ${v.value}, the value that was corrected`;
    }
  }
  return null;
}

/**
 * A name a correction put another in the place of, given again by a later text in the same role:
 * the correction's clause names someone the corrected text (the agent's words) did not ("Lotte
 * Berg does our catering, book her." after "I'll book Sven for two evening events"), the
 * corrected text named another in a clause about the same thing (its role words: "book",
 * "catering"), and the later text names that other one in a clause about it again ("Catering:
 * Sven Ahlers"), and not the one the correction named. A role word matches another it opens
 * or that opens it ("cater", "catering"). A name the correction rules out ("…, not Sven") is
 * never the right one. A correction that only names ("It's the Old Mill.") has no role words: the
 * wrong name is then the one it rules out ("It's the Old Mill, not the Glasshouse"), or else
 * every name of the corrected text when that is one claim ("The Glasshouse on Pier 4 holds 9
 * April for us"), given together by a later clause.
 */
export function nameRestated(wrong: SubjectView, correction: SubjectView, later: SubjectView): string | null {
  for (const n of correction.clauses) {
    const right = namesOf(n, correction.stems, false);
    const fresh = right.filter((x) => !wrong.names.has(x));
    if (fresh.length === 0) continue;
    const ruledOut = namesOf(n, correction.stems, true);
    const nameStems = new Set([...n.names].map((x) => contentToken(x, correction.stems)));
    const role = [...n.anchor].filter((s) => !nameStems.has(s));
    if (role.length === 0 && ruledOut.length === 0 && wrong.clauses.length !== 1) continue;
    for (const w of wrong.clauses) {
      if (role.length > 0 && !sharesRole(role, w.anchor)) continue;
      // (With role words, a name the correction gives either way is not displaced: "XGBoost, not
      // LightGBM" is about the baseline, and a reading list naming LightGBM is not.)
      const displaced = role.length === 0 && ruledOut.length > 0 ? ruledOut.filter((x) => w.names.has(x)) : [...w.names].filter((x) => !correction.names.has(x));
      for (const l of later.clauses) {
        if (fresh.some((x) => l.names.has(x))) continue;
        if (role.length > 0 ? !sharesRole(role, l.anchor) : ruledOut.length === 0 && !displaced.every((x) => l.names.has(x))) continue;
        const old = displaced.find((x) => l.names.has(x));
        if (old) return `it names ${titleCase(old)} where the correction named ${fresh.map(titleCase).join(' ')}`;
      }
    }
  }
  return null;
}

/** The names of a clause that a negator governs (`ruledOut`) or that it states (the others), as written, lowercased. */
function namesOf(c: SubjectClause, stems: Stems, ruledOut: boolean): string[] {
  return [...c.names].filter((x) => c.negated.has(contentToken(x, stems) ?? '') === ruledOut);
}

/** The names a text states, not those it rules out ("It's the Old Mill, not the Glasshouse" → old, mill), as content stems. */
export function statedNames(clauses: readonly SubjectClause[], stems: Stems): Set<string> {
  const out = new Set<string>();
  for (const c of clauses) for (const x of namesOf(c, stems, false)) out.add(contentToken(x, stems) ?? x);
  return out;
}

const ROLE_PREFIX = 4;

function sharesRole(role: readonly string[], anchor: ReadonlySet<string>): boolean {
  for (const r of role) {
    if (anchor.has(r)) return true;
    if (r.length < ROLE_PREFIX) continue;
    for (const a of anchor) if (a.length >= ROLE_PREFIX && (a.startsWith(r) || r.startsWith(a))) return true;
  }
  return false;
}

const titleCase = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** Whether counts of two clauses are of one thing: a count says nothing of what it counts, so only on a subject word both name ("quiz cap at 80" → "Quiz cap 60."). */
function countsOn(older: SubjectClause, newer: SubjectClause): boolean {
  return shared(older.anchor, newer.anchor) > 0;
}

/**
 * Whether the newer clause keeps one of the values the older gave for a slot and none of the
 * others: "Quiz on Thursday." of "quiz on Wednesday (Thursday has football)" picks Thursday, and
 * Wednesday is what it corrects. (Counts only on a subject word both name.)
 */
function picksOne(older: SubjectClause, newer: SubjectClause): boolean {
  const counts = countsOn(older, newer);
  return newer.values.some((v) => {
    if (v.negated || (v.key.startsWith(COUNT) && !counts)) return false;
    const was = older.values.filter((x) => comparable(x, v) && !x.negated);
    const kept = newer.values.filter((x) => comparable(x, v) && !x.negated);
    return was.length > 1 && was.some((x) => sameValue(x.value, v.value)) && was.some((x) => !kept.some((y) => sameValue(x.value, y.value)));
  });
}

/** A slot both clauses fill with different values, whatever their subjects (a correction names its own). */
function slotChange(older: SubjectClause, newer: SubjectClause, counts = false): boolean {
  const countsHere = counts && countsOn(older, newer);
  for (const v of newer.values) {
    if (v.negated || (v.key.startsWith(COUNT) && !countsHere)) continue;
    const was = older.values.filter((x) => comparable(x, v) && !x.negated).map((x) => x.value);
    if (was.length > 0 && !was.includes(v.value)) return true;
  }
  return false;
}
