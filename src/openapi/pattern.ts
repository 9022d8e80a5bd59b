// A string matching a simple regular expression (literals, classes, \d \w, {n} {n,m} ? + *), as
// schemas give for codes and identifiers; undefined for anything with groups or alternation.

/** mulberry32: small, fast and repeatable; not for secrets. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Token = { chars: string; min: number; max: number };

const DIGITS = '0123456789';
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;

function classChars(body: string): string | undefined {
  if (body.startsWith('^')) return undefined; // a negated class: too open to guess well
  let chars = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[++i];
      if (next === 'd') chars += DIGITS;
      else if (next === 'w') chars += WORD;
      else if (next !== undefined) chars += next;
      continue;
    }
    if (body[i + 1] === '-' && body[i + 2] !== undefined) {
      const end = body[i + 2]!;
      for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++) chars += String.fromCharCode(code);
      i += 2;
      continue;
    }
    chars += c;
  }
  return chars || undefined;
}

function tokens(pattern: string): Token[] | undefined {
  const source = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const out: Token[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    let chars: string | undefined;
    if ('()|'.includes(c)) return undefined;
    if (c === '[') {
      const end = source.indexOf(']', i + 1);
      if (end < 0) return undefined;
      chars = classChars(source.slice(i + 1, end));
      i = end;
    } else if (c === '\\') {
      const next = source[++i];
      chars = next === 'd' ? DIGITS : next === 'w' ? WORD : next;
    } else if (c === '.') chars = WORD;
    else chars = c;
    if (chars === undefined) return undefined;
    let [min, max] = [1, 1];
    const rest = source.slice(i + 1);
    const counted = /^\{(\d+)(?:,(\d*))?\}/.exec(rest);
    if (counted) {
      min = Number(counted[1]);
      max = counted[2] === undefined ? min : counted[2] === '' ? min + 8 : Number(counted[2]);
      i += counted[0].length;
    } else if (rest !== '' && '?+*'.includes(rest[0]!)) {
      [min, max] = rest[0] === '?' ? [0, 1] : rest[0] === '+' ? [1, 8] : [0, 8];
      i += 1;
    }
    out.push({ chars, min, max });
  }
  return out;
}

/** A string that `pattern` matches, or undefined when the pattern is beyond this simple reading. */
export function stringMatching(pattern: string, random: () => number): string | undefined {
  const parsed = tokens(pattern);
  if (!parsed) return undefined;
  const text = parsed
    .map(({ chars, min, max }) => {
      const count = min + Math.floor(random() * (max - min + 1));
      return Array.from({ length: count }, () => chars[Math.floor(random() * chars.length)]).join('');
    })
    .join('');
  try {
    return new RegExp(pattern, 'u').test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
