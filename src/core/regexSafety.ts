// A static guard against catastrophic backtracking in user-written rule regexes: a quantified
// group whose body can itself repeat ("(a+)+", "(\w*x?)*", "(a|aa){2,}") has exponential worst
// cases in a backtracking engine. Such patterns are refused when a pack loads, like safe-regex's
// star-height check. Backreferences are refused too (they defeat every bound).

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

/** Why a regex source may backtrack catastrophically, or null when it passes the check. */
export function unsafeRegexReason(src: string): string | null {
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
