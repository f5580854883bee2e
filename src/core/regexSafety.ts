// The static guard against catastrophic backtracking in user-written rule regexes, run when a pack
// loads (the run-time bound in app/regexBudget.ts covers what it lets through). Two shapes make a
// backtracking engine take exponential time, and both are refused:
// - a repeated group whose body can itself repeat ("(a+)+", "(\w*x?)*", "(a|aa){2,}"): the
//   star-height check of safe-regex; backreferences are refused too (they defeat every bound);
// - a repeated group whose alternatives can split the same text in two ways ("(a|aa)+",
//   "(\w|\d)*", "(a?a)+", "(a|b|ab)*"): each extra character doubles the ways to try.
// Character classes are compared by testing sample characters against them with the regex
// engine itself, so "\w", "[^x]", "\p{L}" and the flags mean what they mean at run time.

interface Group {
  quantifiedInside: boolean;
}

function quantifierAt(src: string, i: number): number {
  const c = src[i];
  if (c === '*' || c === '+') return 1;
  if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
    if (m && (m[2] !== undefined && (m[3] === '' || Number(m[3]) > 1))) return m[0].length;
  }
  return 0;
}

/** A nested quantifier or a backreference, or null. */
function starHeightReason(src: string): string | null {
  const stack: Group[] = [{ quantifiedInside: false }];
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      if (/[1-9k]/.test(src[i + 1] ?? '')) return `backreference at ${i}`;
      i++;
      if (quantifierAt(src, i + 1) > 0) stack[stack.length - 1].quantifiedInside = true;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (src[j] === '^') j++;
      if (src[j] === ']') j++;
      while (j < src.length && src[j] !== ']') j += src[j] === '\\' ? 2 : 1;
      i = j;
      if (quantifierAt(src, i + 1) > 0) stack[stack.length - 1].quantifiedInside = true;
      continue;
    }
    if (c === '(') {
      stack.push({ quantifiedInside: false });
      continue;
    }
    if (c === ')') {
      const group = stack.pop();
      if (!group || stack.length === 0) return `unbalanced parenthesis at ${i}`;
      const q = quantifierAt(src, i + 1);
      if (q > 0 && group.quantifiedInside) return `nested quantifier: a repeated group repeats again at ${i + 1}`;
      if (q > 0 || group.quantifiedInside) stack[stack.length - 1].quantifiedInside = true;
      continue;
    }
    if (quantifierAt(src, i) > 0) stack[stack.length - 1].quantifiedInside = true;
  }
  return null;
}

// --- alternatives that overlap under a repeat -------------------------------------------------

/** One character's worth of a pattern (its source), a group, or something that matches no character. */
type Atom = { kind: 'char'; src: string } | { kind: 'group'; branches: Item[][] } | { kind: 'empty' };
interface Item {
  atom: Atom;
  min: number;
  max: number;
  /** Offset of the item in the source (for the message). */
  at: number;
}

/** Parses a regex source (already known to compile) into alternatives of items. */
function parse(src: string): Item[][] {
  let i = 0;
  const alternation = (): Item[][] => {
    const branches: Item[][] = [[]];
    while (i < src.length && src[i] !== ')') {
      if (src[i] === '|') {
        i++;
        branches.push([]);
        continue;
      }
      const at = i;
      const atom = atomAt();
      const [min, max] = quantifier();
      branches[branches.length - 1].push({ atom, min, max, at });
    }
    return branches;
  };
  const atomAt = (): Atom => {
    const c = src[i];
    if (c === '(') {
      i++;
      let zeroWidth = false;
      if (src.startsWith('?:', i)) i += 2;
      else if (/^\?<?[=!]/.test(src.slice(i, i + 3))) {
        zeroWidth = true;
        i += src[i + 1] === '<' ? 3 : 2;
      } else if (src.startsWith('?<', i)) i = src.indexOf('>', i) + 1;
      const branches = alternation();
      i++; // ')'
      return zeroWidth ? { kind: 'empty' } : { kind: 'group', branches };
    }
    if (c === '[') {
      let j = i + 1;
      if (src[j] === '^') j++;
      if (src[j] === ']') j++;
      while (j < src.length && src[j] !== ']') j += src[j] === '\\' ? 2 : 1;
      const atom: Atom = { kind: 'char', src: src.slice(i, j + 1) };
      i = j + 1;
      return atom;
    }
    if (c === '\\') {
      const next = src[i + 1] ?? '';
      if (next === 'b' || next === 'B') {
        i += 2;
        return { kind: 'empty' };
      }
      const m = /^\\(?:[pP]\{[^}]*\}|x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|c[A-Za-z]|0|[\s\S])/.exec(src.slice(i));
      const len = m ? m[0].length : 2;
      const atom: Atom = { kind: 'char', src: src.slice(i, i + len) };
      i += len;
      return atom;
    }
    i++;
    if (c === '^' || c === '$') return { kind: 'empty' };
    return { kind: 'char', src: c === '.' ? '.' : c };
  };
  const quantifier = (): [number, number] => {
    const c = src[i];
    let q: [number, number] = [1, 1];
    if (c === '*') q = [0, Infinity];
    else if (c === '+') q = [1, Infinity];
    else if (c === '?') q = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
      if (!m) return q;
      q = [Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3])];
      i += m[0].length - 1;
    } else return q;
    i++;
    if (src[i] === '?') i++;
    return q;
  };
  return alternation();
}

/** Characters that stand for the alphabet when classes are compared: ASCII and a few beyond it. */
const SAMPLES = [...Array.from({ length: 128 }, (_, k) => String.fromCharCode(k)), '\u00a0', '\u00e9', '\u00df', '\u03a9', '\u0416', '\u05d0', '\u0628', '\u4e2d', '\u2028', '\u{1f600}'];

/** Which sample characters each one-character source matches, as a bit string. */
function charSets(flags: string): (src: string) => string {
  const memo = new Map<string, string>();
  const f = flags.replace(/[gy]/g, '');
  return (src) => {
    let bits = memo.get(src);
    if (bits === undefined) {
      const re = new RegExp(`^(?:${src})$`, f);
      bits = SAMPLES.map((c) => (re.test(c) ? '1' : '0')).join('');
      memo.set(src, bits);
    }
    return bits;
  };
}

const overlaps = (a: string, b: string) => {
  for (let k = 0; k < a.length; k++) if (a[k] === '1' && b[k] === '1') return true;
  return false;
};

/** At most this many spellings of a group's body are compared; a body with more is judged by its first characters. */
const MAX_VARIANTS = 64;

/**
 * The fixed-length sequences of character classes a branch can match, optional items taken and
 * left out and inner groups spelled out; null when there are too many or an item repeats (the
 * star-height check judges those).
 */
function variants(items: readonly Item[], set: (src: string) => string): string[][] | null {
  let out: string[][] = [[]];
  for (const item of items) {
    if (item.max > 1) return null;
    let spelled: string[][];
    if (item.atom.kind === 'empty') continue;
    if (item.atom.kind === 'char') spelled = [[set(item.atom.src)]];
    else {
      spelled = [];
      for (const b of item.atom.branches) {
        const v = variants(b, set);
        if (!v) return null;
        spelled.push(...v);
      }
    }
    if (item.min === 0) spelled = [[], ...spelled];
    const next: string[][] = [];
    for (const head of out) for (const tail of spelled) next.push([...head, ...tail]);
    if (next.length > MAX_VARIANTS) return null;
    out = next;
  }
  return out;
}

/** Whether the shorter sequence can match the start of what the longer matches. */
function prefixCompatible(a: readonly string[], b: readonly string[]): boolean {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (!overlaps(a[k], b[k])) return false;
  return true;
}

/** Whether a repeated body with these spellings can cut one text into iterations in two ways. */
function ambiguous(spellings: readonly string[][]): boolean {
  const nonEmpty = spellings.filter((s) => s.length > 0);
  for (let x = 0; x < nonEmpty.length; x++) {
    for (let y = 0; y < nonEmpty.length; y++) {
      if (x === y) continue;
      const [s, t] = [nonEmpty[x], nonEmpty[y]];
      if (s.length > t.length || !prefixCompatible(s, t)) continue;
      if (s.length === t.length) return true;
      // t is s followed by more: ambiguous when that rest can begin another iteration.
      const rest = t.slice(s.length);
      if (nonEmpty.some((v) => prefixCompatible(v, rest))) return true;
    }
  }
  return false;
}

/** The first repeated group whose alternatives can split one text in two ways, as a message, or null. */
function overlapReason(items: Item[][], set: (src: string) => string): string | null {
  for (const branch of items) {
    for (const item of branch) {
      if (item.atom.kind !== 'group') continue;
      if (item.max > 1) {
        const spellings: string[][] = [];
        let known = true;
        for (const b of item.atom.branches) {
          const v = variants(b, set);
          if (!v) {
            known = false;
            break;
          }
          spellings.push(...v);
        }
        if (known && ambiguous(spellings)) return `the alternatives of a repeated group can match the same text in more than one way, at ${item.at}`;
      }
      const inner = overlapReason(item.atom.branches, set);
      if (inner) return inner;
    }
  }
  return null;
}

/** Why a regex source may backtrack catastrophically, or null when it passes the check. */
export function unsafeRegexReason(src: string, flags = ''): string | null {
  const nested = starHeightReason(src);
  if (nested) return nested;
  try {
    new RegExp(src, flags.replace(/[gy]/g, ''));
  } catch {
    // Compiling the rule reports what is wrong with it.
    return null;
  }
  return overlapReason(parse(src), charSets(flags));
}
