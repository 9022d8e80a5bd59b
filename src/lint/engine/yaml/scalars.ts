// Scalars as the direct YAML reader reads them: plain, quoted and block scalars over their lines,
// and their data as yaml-ast-parser types them.
import {
  determineScalarType,
  parseYamlBigInteger,
  parseYamlBoolean,
  parseYamlFloat,
  ScalarType,
} from '@stoplight/yaml-ast-parser';
import {
  SPACE,
  TAB,
  LF,
  HASH,
  COLON,
  DASH,
  DQUOTE,
  SQUOTE,
  BACKSLASH,
  giveUp,
  NOT_PLAIN_START,
  DOUBLE_QUOTED_ESCAPES,
  HEX_ESCAPE_LENGTH,
} from './characters.js';
import { LineReader } from './lines.js';

/** A scalar read from the text: its value and where it starts and ends. */
export interface Scalar {
  text: string;
  plain: boolean;
  start: number;
  end: number;
}

/** A scalar's data as yaml-ast-parser's composer and @stoplight/yaml's walk make it. */
const probe = { value: '', plainScalar: true, doubleQuoted: false, singleQuoted: false };
/** The words determineScalarType reads as null or a boolean. */
const NULL_OR_BOOLEAN = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
export function scalarData(text: string, plain: boolean, bigints = false): unknown {
  if (!plain) return text;
  // Only a null or boolean word, or text starting as a number does (a digit, a sign, a dot, `~`),
  // can be other than a string: most keys and values skip determineScalarType's regular expressions.
  const first = text.charCodeAt(0);
  const numberLike =
    (first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2e || first === 0x7e;
  if (!numberLike && text.length > 0 && (text.length > 5 || !NULL_OR_BOOLEAN.has(text))) return text;
  probe.value = text;
  switch (determineScalarType(probe as never)) {
    case ScalarType.null:
      return null;
    case ScalarType.bool:
      return parseYamlBoolean(text);
    case ScalarType.int: {
      const value = parseYamlBigInteger(text);
      return typeof value === 'bigint' && !bigints ? Number(value) : value;
    }
    case ScalarType.float:
      return parseYamlFloat(text);
    default:
      return text;
  }
}

export class ScalarReader extends LineReader {
  protected newPlace(start = 0, end = 0): number {
    return this.places.add(start, end);
  }

  /** A scalar's data; leaves its place, start and end. */
  protected scalarData(scalar: Scalar): unknown {
    this.start = scalar.start;
    this.end = scalar.end;
    this.place = this.newPlace(scalar.start, scalar.end);
    return scalarData(scalar.text, scalar.plain);
  }

  /** The scalar value starting at p, in a block at `column`; this.at moves past it. */
  protected scalar(p: number, column: number): Scalar {
    const c = this.s.charCodeAt(p);
    if (c === DQUOTE || c === SQUOTE) {
      const quoted = this.quoted(p, column, false);
      this.endLine(quoted.end);
      return quoted;
    }
    if (c === 0x7c /* | */ || c === 0x3e /* > */) return this.blockScalar(p, column);
    return this.plain(p, column);
  }

  /** A plain scalar in block context, over as many lines as are indented past `column`. */
  protected plain(p: number, column: number): Scalar {
    const s = this.s;
    const c = s.charCodeAt(p);
    if (NOT_PLAIN_START.has(c) || (c === DASH && this.isDashItem(p))) giveUp();
    let end = this.plainLineEnd(p);
    let text = s.slice(p, end);
    this.endLine(end);
    // Continuation lines: more indented than the block, not comments; blank lines between are kept as line breaks.
    let breaks = 0;
    let line = this.at;
    for (;;) {
      if (line >= s.length) break;
      let q = line;
      while (s.charCodeAt(q) === SPACE) q++;
      const d = s.charCodeAt(q);
      if (q >= s.length) break;
      if (d === LF) {
        breaks++;
        line = q + 1;
        continue;
      }
      if (q - line <= column || d === HASH) break;
      // A continuation line may start with any character (indicators only matter at a scalar's start).
      if (d === TAB) giveUp();
      const lineEnd = this.plainLineEnd(q);
      text += breaks === 0 ? ' ' : '\n'.repeat(breaks);
      text += s.slice(q, lineEnd);
      end = lineEnd;
      breaks = 0;
      this.endLine(lineEnd);
      line = this.at;
    }
    return { text, plain: true, start: p, end };
  }

  /** Where a plain scalar's text on this line ends (trailing spaces left out); gives up on `: ` inside. */
  protected plainLineEnd(p: number): number {
    const s = this.s;
    let q = p;
    for (;;) {
      const c = s.charCodeAt(q);
      if (q >= s.length || c === LF) break;
      if (c === HASH && s.charCodeAt(q - 1) === SPACE) break;
      if (c === HASH && s.charCodeAt(q - 1) === TAB) giveUp();
      if (c === COLON) {
        const after = s.charCodeAt(q + 1);
        if (after === SPACE || after === TAB || after === LF || q + 1 >= s.length) giveUp();
      }
      q++;
    }
    while (s.charCodeAt(q - 1) === SPACE) q--;
    if (s.charCodeAt(q - 1) === TAB) giveUp(); // trailing white space YAML leaves out
    return q;
  }

  /** Where the quoted scalar at p ends (after its closing quote); on one line when `oneLine`. */
  protected quotedEnd(p: number, oneLine: boolean): number {
    const s = this.s;
    const quote = s.charCodeAt(p);
    let q = p + 1;
    for (;;) {
      if (q >= s.length) return -1;
      const c = s.charCodeAt(q);
      if (c === LF && oneLine) return -1;
      if (quote === SQUOTE && c === SQUOTE) {
        if (s.charCodeAt(q + 1) === SQUOTE) {
          q += 2;
          continue;
        }
        return q + 1;
      }
      if (quote === DQUOTE) {
        if (c === BACKSLASH) {
          q += 2;
          continue;
        }
        if (c === DQUOTE) return q + 1;
      }
      q++;
    }
  }

  /** A single- or double-quoted scalar at p, folded over its lines as YAML folds them. */
  protected quoted(p: number, column: number, oneLine: boolean): Scalar {
    const s = this.s;
    const quote = s.charCodeAt(p);
    let text = '';
    let q = p + 1;
    let from = q;
    for (;;) {
      if (q >= s.length) giveUp();
      const c = s.charCodeAt(q);
      if (c === quote) {
        if (quote === SQUOTE && s.charCodeAt(q + 1) === SQUOTE) {
          text += s.slice(from, q + 1);
          q += 2;
          from = q;
          continue;
        }
        text += s.slice(from, q);
        return { text, plain: false, start: p, end: q + 1 };
      }
      if (quote === DQUOTE && c === BACKSLASH) {
        text += s.slice(from, q);
        const e = s[q + 1] as string;
        if (e === '\n') {
          // An escaped line break: nothing, and the next line's leading spaces go.
          q = this.continuation(q + 2, column, true);
          from = q;
          continue;
        }
        const hex = HEX_ESCAPE_LENGTH[e];
        if (hex !== undefined) {
          const digits = s.slice(q + 2, q + 2 + hex);
          if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== hex) giveUp();
          const code = parseInt(digits, 16);
          if (code > 0x10ffff) giveUp();
          text += String.fromCodePoint(code);
          q += 2 + hex;
        } else {
          const escaped = DOUBLE_QUOTED_ESCAPES[e];
          if (escaped === undefined) giveUp();
          text += escaped;
          q += 2;
        }
        from = q;
        continue;
      }
      if (c === LF) {
        if (oneLine) giveUp();
        // A line break folds to one space, or to a line break per blank line after it. (YAML drops the
        // white space before the break; yaml-ast-parser keeps it, and so does this.)
        text += s.slice(from, q);
        let breaks = 0;
        let line = q + 1;
        for (;;) {
          let r = line;
          while (s.charCodeAt(r) === SPACE) r++;
          if (s.charCodeAt(r) === LF) {
            breaks++;
            line = r + 1;
            continue;
          }
          break;
        }
        text += breaks === 0 ? ' ' : '\n'.repeat(breaks);
        q = this.continuation(line, column, false);
        from = q;
        continue;
      }
      q++;
    }
  }

  /** The first character of a quoted scalar's continuation line at `line`, which must be indented past `column`. */
  protected continuation(line: number, column: number, escaped: boolean): number {
    const s = this.s;
    let r = line;
    while (s.charCodeAt(r) === SPACE) r++;
    if (r >= s.length || r - line <= column || s.charCodeAt(r) === TAB) giveUp();
    if (escaped && s.charCodeAt(r) === LF) giveUp();
    if (r - line === 0 && (s.startsWith('---', r) || s.startsWith('...', r))) giveUp();
    return r;
  }

  /** A literal (|) or folded (>) block scalar whose header is at p, in a block at `column`. */
  protected blockScalar(p: number, column: number): Scalar {
    const s = this.s;
    const folded = s.charCodeAt(p) === 0x3e;
    let chomp: 'clip' | 'strip' | 'keep' = 'clip';
    let explicit = 0;
    let q = p + 1;
    for (let i = 0; i < 2; i++) {
      const c = s.charCodeAt(q);
      if (c === DASH || c === 0x2b /* + */) {
        if (chomp !== 'clip') giveUp();
        chomp = c === DASH ? 'strip' : 'keep';
        q++;
      } else if (c >= 0x31 && c <= 0x39) {
        if (explicit) giveUp();
        explicit = c - 0x30;
        q++;
      }
    }
    this.endLine(q);
    // Indentation: given, or that of the first line with text (blank lines before it no deeper).
    // An indentation indicator counts from the block's column, as yaml-ast-parser (js-yaml) counts it.
    let indent = explicit ? column + explicit : -1;
    let line = this.at;
    if (indent < 0) {
      let longestBlank = 0;
      for (let l = line; ;) {
        let r = l;
        while (s.charCodeAt(r) === SPACE) r++;
        if (r >= s.length) giveUp(); // no text at all
        if (s.charCodeAt(r) === LF) {
          longestBlank = Math.max(longestBlank, r - l);
          l = r + 1;
          continue;
        }
        indent = r - l;
        if (indent <= column || longestBlank > indent) giveUp();
        break;
      }
    }
    // yaml-ast-parser's reading (a fork of js-yaml's), kept where it departs from YAML's: until the
    // indentation is known (given, or from the first line with text), a literal scalar drops blank
    // lines and a folded one adds no space; a folded scalar's more-indented line always starts a new
    // line; kept chomping keeps the blank lines after the text but not the text's own line break.
    let text = '';
    let breaks = 0;
    let readText = false;
    let detected = explicit > 0;
    let moreIndented = false;
    let stop: number;
    for (;;) {
      if (line >= s.length) {
        stop = s.length;
        break;
      }
      let r = line;
      while (r - line < indent && s.charCodeAt(r) === SPACE) r++;
      const c = s.charCodeAt(r);
      if (r >= s.length || c === LF) {
        breaks++;
        line = r >= s.length ? s.length : r + 1;
        if (r >= s.length) {
          stop = s.length;
          break;
        }
        continue;
      }
      if (r - line < indent) {
        stop = line;
        break;
      }
      const eol = s.indexOf('\n', r);
      const lineEnd = eol < 0 ? s.length : eol;
      const content = s.slice(r, lineEnd);
      if (folded) {
        if (c === SPACE || c === TAB) {
          moreIndented = true;
          text += '\n'.repeat(breaks + 1);
        } else if (moreIndented) {
          moreIndented = false;
          text += '\n'.repeat(breaks + 1);
        } else if (breaks === 0) {
          if (detected) text += ' ';
        } else {
          text += '\n'.repeat(breaks);
        }
      } else if (detected) {
        text += '\n'.repeat(1 + breaks);
      }
      text += content;
      readText = true;
      detected = true;
      breaks = 0;
      line = eol < 0 ? s.length : eol + 1;
      if (eol < 0) {
        stop = s.length;
        break;
      }
    }
    if (!readText) giveUp();
    if (chomp === 'keep') text += '\n'.repeat(breaks);
    else if (chomp === 'clip') text += '\n';
    // The stock tree ends a block scalar just before the line that ends it.
    const end = stop > 0 && s.charCodeAt(stop - 1) === LF ? stop - 1 : stop;
    this.at = stop;
    return { text, plain: false, start: p, end };
  }

  /** Where the key starting at `p` ends (its ':' is at the result), or -1 when the line holds no key there. */
  protected keyEnd(p: number): number {
    const s = this.s;
    const c = s.charCodeAt(p);
    let q: number;
    if (c === DQUOTE || c === SQUOTE) {
      q = this.quotedEnd(p, true);
      if (q < 0) return -1;
    } else {
      if (NOT_PLAIN_START.has(c) || (c === DASH && this.isDashItem(p))) return -1;
      q = p;
      for (;;) {
        const d = s.charCodeAt(q);
        if (q >= s.length || d === LF) return -1;
        if (d === TAB) giveUp(); // tabs around a key are read as separation
        if (d === COLON) {
          const after = s.charCodeAt(q + 1);
          if (after === SPACE || after === LF || q + 1 >= s.length) break;
        }
        if (d === HASH && s.charCodeAt(q - 1) === SPACE) return -1;
        q++;
      }
      return q;
    }
    while (s.charCodeAt(q) === SPACE) q++;
    if (s.charCodeAt(q) !== COLON) return -1;
    const after = s.charCodeAt(q + 1);
    if (after === TAB) giveUp();
    return after === SPACE || after === LF || q + 1 >= s.length ? q : -1;
  }
}
