// A direct reader for the YAML most OpenAPI descriptions are written in: block maps and lists,
// plain, quoted and block scalars, one-line flow collections, anchors and aliases, comments. It
// builds the data and the places of parseYaml (yaml-data.ts) straight from the text, without
// yaml-ast-parser's tree: on a 1.5 MB description the tree is 70 % of the parse and most of its
// garbage. Whatever it does not read exactly as yaml-ast-parser does (tags, directives, several
// documents, explicit or complex keys, merge keys, keys that are not strings, duplicate keys,
// multi-line flow collections, tabs in the layout, carriage returns, empty list items, anything
// malformed) makes it give up, and the document takes the full parse, which words any error.
// test/lint/yaml-data.test.ts holds it to the stock parse (@stoplight/yaml) on fixtures, rule cases,
// corners and random documents.
import { determineScalarType, parseYamlBigInteger, parseYamlBoolean, parseYamlFloat, ScalarType } from '@stoplight/yaml-ast-parser';
import { LIST, MAP, YamlPlaces } from './yaml-places.js';

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const BACKSLASH = 0x5c;

/** Thrown to give up: the document takes the full parse. */
class GiveUp extends Error {}
const giveUp = (): never => {
  throw new GiveUp();
};

/** Characters a plain scalar may not start with in block context (some are handled before). */
const NOT_PLAIN_START = new Set([...',[]{}#&*!|>\'"%@`?:\t'].map((c) => c.charCodeAt(0)));
/** Characters that end a plain scalar or a key inside a flow collection. */
const FLOW_STOP = new Set([...',[]{}#:'].map((c) => c.charCodeAt(0)));

const DOUBLE_QUOTED_ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};
const HEX_ESCAPE_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** A scalar read from the text: its value and where it starts and ends. */
interface Scalar { text: string; plain: boolean; start: number; end: number }

/** The scalar as yaml-ast-parser's composer and parseYaml's walk make it (yaml-data.ts' scalarValue). */
const probe = { value: '', plainScalar: true, doubleQuoted: false, singleQuoted: false };
/** The words determineScalarType reads as null or a boolean. */
const NULL_OR_BOOLEAN = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
function scalarData(text: string, plain: boolean, bigints = false): unknown {
  if (!plain) return text;
  // Only a null or boolean word, or text starting as a number does (a digit, a sign, a dot, `~`),
  // can be other than a string: most keys and values skip determineScalarType's regular expressions.
  const first = text.charCodeAt(0);
  const numberLike = (first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2e || first === 0x7e;
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

/** A copy of an anchor's data for each alias, as the walk builds one per alias. */
function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
  return out;
}

/** A key that is a number or a boolean, which the walk reports (yaml-data.ts: YAMLIncompatibleValue). */
export interface KeyWarning { start: number; end: number; type: string; path: (string | number)[] }

/** What the reader gives: the data, the places, and the keys to warn about. */
export interface SimpleYaml { data: unknown; places: YamlPlaces; keyWarnings: KeyWarning[] }

/**
 * The data and places of `input`, or undefined where the reader gives up (see above). The places
 * are those parseYaml builds from yaml-ast-parser's tree.
 */
export function readSimpleYaml(input: string): SimpleYaml | undefined {
  const read = readOrGiveUp(input);
  return typeof read === 'number' ? undefined : read;
}

/** The offset of the line where readSimpleYaml gives up on `input`, or undefined where it does not. */
export function simpleYamlGivesUpAt(input: string): number | undefined {
  const read = readOrGiveUp(input);
  return typeof read === 'number' ? read : undefined;
}

function readOrGiveUp(input: string): SimpleYaml | number {
  const cr = input.indexOf('\r');
  if (cr >= 0) return cr;
  if (input.charCodeAt(0) === 0xfeff) return 0;
  const reader = new Reader(input);
  try {
    return reader.document();
  } catch (error) {
    if (error instanceof GiveUp) return reader.line;
    throw error;
  }
}

class Reader {
  private readonly places = new YamlPlaces();
  /** The position the reader is at: always the start of a line, or the end. */
  private at = 0;
  /** The start of the line being read (for simpleYamlGivesUpAt). */
  get line(): number {
    return this.at;
  }
  /** Where the node read last ends, as the stock lookup's getEndPosition gives it. */
  private end = 0;
  /** Where the node read last starts, for a list item or the root. */
  private start = 0;
  /** The place of the node read last, or -1 inside an alias. */
  private place = -1;
  /** Each anchor's data, and the key warnings read inside it (the walk warns again for each alias). */
  private readonly anchors = new Map<string, { data: unknown; done: boolean; warningsFrom: number; warningsTo: number }>();
  /** The keys (as written) and indexes down to the value being read, for key warnings. */
  private readonly path: (string | number)[] = [];
  private readonly keyWarnings: KeyWarning[] = [];

  constructor(private readonly s: string) {}

  document(): SimpleYaml {
    const root = this.places.add(0, 0);
    const content = this.nextContent();
    if (content < 0) giveUp();
    const column = content - this.at;
    if (column !== 0) giveUp();
    const c = this.s.charCodeAt(content);
    if (c === DASH && this.s.startsWith('---', content)) giveUp();
    if (c === 0x25 /* % */) giveUp();
    let data: unknown;
    if (this.isDashItem(content)) data = this.blockList(0, root);
    else if (this.isExplicitKey(content) || this.keyEnd(content) >= 0) data = this.blockMap(0, root);
    else giveUp();
    if (this.nextContent() >= 0) giveUp();
    // The stock lookup's start of the root (getStartPosition): 0 when it starts the second line.
    const firstLineEnd = this.s.indexOf('\n');
    const start = (firstLineEnd < 0 ? this.s.length + 1 : firstLineEnd + 1) === this.start ? 0 : this.start;
    this.places.move(root, start, this.end);
    return { data, places: this.places, keyWarnings: this.keyWarnings };
  }

  // ---- lines ----------------------------------------------------------------------------------

  /** The next line holding something other than spaces or a comment (this.at moves to its start); -1 at the end. */
  private nextContent(): number {
    const s = this.s;
    for (;;) {
      if (this.at >= s.length) return -1;
      let p = this.at;
      while (s.charCodeAt(p) === SPACE) p++;
      const c = s.charCodeAt(p);
      if (p >= s.length) {
        this.at = s.length;
        return -1;
      }
      if (c === LF) {
        this.at = p + 1;
        continue;
      }
      if (c === HASH) {
        const eol = s.indexOf('\n', p);
        this.at = eol < 0 ? s.length : eol + 1;
        continue;
      }
      if (c === TAB) giveUp(); // a tab in the indentation
      return p;
    }
  }

  /** After something ends at `p` on a line: spaces, then a comment or nothing; this.at moves to the next line. */
  private endLine(p: number): void {
    const s = this.s;
    while (s.charCodeAt(p) === SPACE) p++;
    if (p >= s.length) {
      this.at = s.length;
      return;
    }
    const c = s.charCodeAt(p);
    if (c === HASH && s.charCodeAt(p - 1) === SPACE) {
      const eol = s.indexOf('\n', p);
      this.at = eol < 0 ? s.length : eol + 1;
    } else if (c === LF) {
      this.at = p + 1;
    } else {
      giveUp();
    }
  }

  /** Whether nothing but a comment follows at p on its line. */
  private endsLine(p: number): boolean {
    const c = this.s.charCodeAt(p);
    return p >= this.s.length || c === LF || (c === HASH && this.s.charCodeAt(p - 1) === SPACE);
  }

  /** The next content after the line that ends at p (see nextContent). */
  private contentAfter(p: number): number {
    this.endLine(p);
    return this.nextContent();
  }

  private isDashItem(p: number): boolean {
    if (this.s.charCodeAt(p) !== DASH) return false;
    const next = this.s.charCodeAt(p + 1);
    if (next === TAB) giveUp();
    return next === SPACE || next === LF || p + 1 >= this.s.length;
  }

  /** Where the key starting at `p` ends (its ':' is at the result), or -1 when the line holds no key there. */
  private keyEnd(p: number): number {
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

  // ---- block collections ----------------------------------------------------------------------

  /** A block map whose keys are at `column`; this.at is at the start of its first key's line. */
  private blockMap(column: number, me: number): Record<string, unknown> {
    const s = this.s;
    const out: Record<string, unknown> = {};
    const keys: string[] = [];
    const children: number[] = [];
    let mapStart = -1;
    let content = this.at + column;
    for (;;) {
      if (mapStart < 0) mapStart = content;
      if (this.isExplicitKey(content)) {
        this.explicitEntry(content, column, out, keys, children);
      } else {
        this.implicitEntry(content, column, out, keys, children);
      }
      // The next key, or the end of the map.
      const next = this.nextContent();
      if (next < 0 || next - this.at < column) break;
      if (next - this.at > column) giveUp();
      content = next;
    }
    if (me >= 0) this.places.children(me, MAP, keys, children);
    this.start = mapStart;
    this.place = me;
    return out;
  }

  /** `? key` at p: an explicit key, on one line here. */
  private isExplicitKey(p: number): boolean {
    if (this.s.charCodeAt(p) !== 0x3f /* ? */) return false;
    const next = this.s.charCodeAt(p + 1);
    if (next === TAB) giveUp();
    return next === SPACE;
  }

  /**
   * `? key` then `: value` at the key's column on the next line (js-yaml writes keys of more than
   * 1,024 characters so): the key is a plain or quoted scalar on one line, the value any node.
   */
  private explicitEntry(content: number, column: number, out: Record<string, unknown>, keys: string[], children: number[]): void {
    const s = this.s;
    let p = content + 1;
    while (s.charCodeAt(p) === SPACE) p++;
    const c = s.charCodeAt(p);
    let key: string;
    let keyEndAt: number;
    if (c === DQUOTE || c === SQUOTE) {
      const quoted = this.quoted(p, column, true);
      key = quoted.text;
      keyEndAt = quoted.end;
    } else {
      if (NOT_PLAIN_START.has(c) || c === DASH) giveUp();
      keyEndAt = this.plainLineEnd(p);
      key = s.slice(p, keyEndAt);
      if (typeof scalarData(key, true) !== 'string') giveUp();
    }
    this.endLine(keyEndAt);
    if (key === '<<' || key === '__proto__' || Object.prototype.hasOwnProperty.call(out, key)) giveUp();
    const colon = this.nextContent();
    if (colon < 0 || colon - this.at !== column || s.charCodeAt(colon) !== COLON) giveUp();
    const after = s.charCodeAt(colon + 1);
    if (after !== SPACE && after !== LF && colon + 1 < s.length) giveUp();
    this.path.push(key);
    const value = this.compactNode(colon + 1, column, keyEndAt);
    this.path.pop();
    out[key] = value;
    keys.push(key);
    children.push(this.place);
  }

  /** `key: value` at `content`, in a map at `column`. */
  private implicitEntry(content: number, column: number, out: Record<string, unknown>, keys: string[], children: number[]): void {
    const s = this.s;
    {
      // The key, as written (for the places) and as a data key.
      let key: string;
      let dataKey: string;
      let keyEndAt: number;
      const colon = this.keyEnd(content);
      if (colon < 0) giveUp();
      const c = s.charCodeAt(content);
      if (c === DQUOTE || c === SQUOTE) {
        const quoted = this.quoted(content, column, true);
        key = quoted.text;
        dataKey = key;
        keyEndAt = quoted.end;
      } else {
        let e = colon;
        while (s.charCodeAt(e - 1) === SPACE) e--;
        key = s.slice(content, e);
        dataKey = key;
        keyEndAt = e;
        const typed = scalarData(key, true, true);
        if (typeof typed !== 'string') {
          // `200:`: the walk keys it by its value as a string (with a warning), its place by its text.
          if (typed === null) giveUp();
          dataKey = String(typed);
          this.keyWarnings.push({ start: content, end: e, type: typeof typed, path: [...this.path, key] });
        }
      }
      if (dataKey === '<<' || dataKey === '__proto__' || Object.prototype.hasOwnProperty.call(out, dataKey)) giveUp();
      // The value.
      this.path.push(key);
      const value = this.mapValue(colon + 1, column, keyEndAt);
      this.path.pop();
      out[dataKey] = value;
      keys.push(key);
      children.push(this.place);
    }
  }

  /**
   * The value after a key's ':' at `p - 1`, in a map at `column`; `keyEnd` is where the key ends.
   * Leaves this.place (a new place, or -1 inside an alias) and this.end; this.at moves past it.
   */
  private mapValue(at: number, column: number, keyEnd: number): unknown {
    const s = this.s;
    const anchor = this.anchorAt(at);
    const p = this.nodeAt;
    const c = s.charCodeAt(p);
    let value: unknown;
    if (this.endsLine(p)) {
      const next = this.contentAfter(p);
      const nextColumn = next < 0 ? -1 : next - this.at;
      const nextChar = next < 0 ? 0 : s.charCodeAt(next);
      if (next >= 0 && nextColumn > column && (nextChar === 0x5b /* [ */ || nextChar === 0x7b /* { */)) {
        // A flow collection on the lines after its key (a JSON example; not after an anchor, as for a scalar below).
        if (anchor !== undefined) giveUp();
        const me = this.newPlace();
        value = this.flow(next, me, column);
        this.places.move(me, keyEnd + 1, this.end);
        this.endLine(this.flowEnd);
      } else if (next >= 0 && nextColumn > column && !this.isDashItem(next) && !this.isExplicitKey(next) && this.keyEnd(next) < 0) {
        // A scalar on the lines after its key (not after an anchor: yaml-ast-parser's alias of it reads `{}`).
        if (anchor !== undefined) giveUp();
        value = this.scalarData(this.scalar(next, column));
      } else if (next >= 0 && (nextColumn > column || (nextColumn === column && this.isDashItem(next)))) {
        const me = this.newPlace();
        value = this.isDashItem(next) ? this.blockList(nextColumn, me) : this.blockMapAt(next, nextColumn, me);
        if (me >= 0) this.places.move(me, keyEnd + 1, this.end);
      } else {
        if (anchor !== undefined) giveUp();
        // An empty value: the stock lookup goes to the key, just after it.
        this.end = keyEnd + 1;
        this.place = this.newPlace(keyEnd + 1, keyEnd + 1);
        return null;
      }
    } else if (c === 0x2a /* * */) {
      if (anchor !== undefined) giveUp();
      value = this.alias(p);
      if (this.place >= 0) this.places.move(this.place, keyEnd + 1, this.end);
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      const me = this.newPlace();
      value = this.flow(p, me, column);
      if (me >= 0) this.places.move(me, keyEnd + 1, this.end);
      this.endLine(this.flowEnd);
    } else {
      value = this.scalarData(this.scalar(p, column));
    }
    if (anchor !== undefined) this.closeAnchor(anchor, value);
    return value;
  }

  /** A block map starting at `content`, which must hold a key. */
  private blockMapAt(content: number, column: number, me: number): Record<string, unknown> {
    if (!this.isExplicitKey(content) && this.keyEnd(content) < 0) giveUp();
    return this.blockMap(column, me);
  }

  /** A block list whose dashes are at `column`; this.at is at the start of its first item's line. */
  private blockList(column: number, me: number): unknown[] {
    const s = this.s;
    const out: unknown[] = [];
    const children: number[] = [];
    let listStart = -1;
    let dash = this.at + column;
    for (;;) {
      if (listStart < 0) listStart = dash;
      this.path.push(out.length);
      const value = this.compactNode(dash + 1, column, -1);
      this.path.pop();
      out.push(value);
      if (me >= 0) children.push(this.place);
      const next = this.nextContent();
      if (next < 0 || next - this.at < column) break;
      if (next - this.at > column || !this.isDashItem(next)) {
        // A list that is a map's value at the map's column ends where the map's next key is.
        if (next - this.at === column && !this.isDashItem(next)) break;
        giveUp();
      }
      dash = next;
    }
    if (me >= 0) this.places.children(me, LIST, undefined, children);
    this.start = listStart;
    this.place = me;
    return out;
  }

  /**
   * The node after an indicator at `at - 1` in a block at `column`: a list item's after its dash, an
   * explicit key's value after its `:`. It may start on that line (`- - x`, `- k: v`, a scalar, a
   * flow, an alias) or on the lines after, deeper than the block. Its place starts where the node
   * does, or, for a value other than a scalar, just after its key (`keyEnd`, -1 for a list item).
   */
  private compactNode(at: number, column: number, keyEnd: number): unknown {
    const s = this.s;
    const anchor = this.anchorAt(at);
    const p = this.nodeAt;
    const c = s.charCodeAt(p);
    let value: unknown;
    if (this.endsLine(p)) {
      const next = this.contentAfter(p);
      const nextColumn = next < 0 ? -1 : next - this.at;
      if (next < 0 || nextColumn <= column) giveUp(); // an empty node
      const me = this.newPlace();
      value = this.isDashItem(next) ? this.blockList(nextColumn, me) : this.blockMapAt(next, nextColumn, me);
      this.places.move(me, keyEnd >= 0 ? keyEnd + 1 : this.start, this.end);
    } else if (anchor === undefined && this.isDashItem(p)) {
      // `- - x`: a list in a list, its dashes at p's column.
      const me = this.newPlace();
      value = this.blockList(p - this.at, me);
      this.places.move(me, keyEnd >= 0 ? keyEnd + 1 : this.start, this.end);
    } else if (anchor === undefined && this.keyEnd(p) >= 0) {
      // `- key: value`: a map in a list, its keys at p's column.
      const me = this.newPlace();
      value = this.blockMap(p - this.at, me);
      this.places.move(me, keyEnd >= 0 ? keyEnd + 1 : this.start, this.end);
    } else if (c === 0x2a /* * */) {
      if (anchor !== undefined) giveUp();
      value = this.alias(p);
      if (keyEnd >= 0) this.places.move(this.place, keyEnd + 1, this.end);
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      const me = this.newPlace();
      value = this.flow(p, me, column);
      this.places.move(me, keyEnd >= 0 ? keyEnd + 1 : this.start, this.end);
      this.endLine(this.flowEnd);
    } else {
      value = this.scalarData(this.scalar(p, column));
    }
    if (anchor !== undefined) this.closeAnchor(anchor, value);
    return value;
  }

  // ---- anchors and aliases --------------------------------------------------------------------

  /** Where the node after an anchor (or after the spaces, without one) starts; see anchorAt. */
  private nodeAt = 0;

  /** Spaces from p, then `&name` and spaces if there: the anchor, opened, or undefined; sets this.nodeAt. */
  private anchorAt(p: number): string | undefined {
    const s = this.s;
    while (s.charCodeAt(p) === SPACE) p++;
    let anchor: string | undefined;
    if (s.charCodeAt(p) === 0x26 /* & */) {
      const nameEnd = this.nameEnd(p + 1);
      anchor = s.slice(p + 1, nameEnd);
      p = nameEnd;
      while (s.charCodeAt(p) === SPACE) p++;
      this.openAnchor(anchor);
    }
    this.nodeAt = p;
    return anchor;
  }

  private nameEnd(p: number): number {
    const s = this.s;
    let q = p;
    for (;;) {
      const c = s.charCodeAt(q);
      if (q >= s.length || c === SPACE || c === LF || c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) break;
      q++;
    }
    if (q === p) giveUp();
    return q;
  }

  private openAnchor(name: string): void {
    if (this.anchors.has(name)) giveUp();
    this.anchors.set(name, { data: undefined, done: false, warningsFrom: this.keyWarnings.length, warningsTo: 0 });
  }

  private closeAnchor(name: string, data: unknown): void {
    const anchor = this.anchors.get(name) as { data: unknown; done: boolean; warningsTo: number };
    anchor.data = data;
    anchor.done = true;
    anchor.warningsTo = this.keyWarnings.length;
  }

  /** `*name` at p: a copy of the anchor's data; its place is the name (without the `*`). */
  private alias(p: number): unknown {
    const nameEnd = this.nameEnd(p + 1);
    const anchor = this.anchors.get(this.s.slice(p + 1, nameEnd));
    if (!anchor || !anchor.done) giveUp();
    const { warningsFrom, warningsTo } = anchor as { warningsFrom: number; warningsTo: number };
    for (let i = warningsFrom; i < warningsTo; i++) this.keyWarnings.push(this.keyWarnings[i] as KeyWarning);
    this.start = p + 1;
    this.end = nameEnd;
    this.place = this.newPlace(p + 1, nameEnd);
    this.endLine(nameEnd);
    return copy((anchor as { data: unknown }).data);
  }

  // ---- scalars --------------------------------------------------------------------------------

  private newPlace(start = 0, end = 0): number {
    return this.places.add(start, end);
  }

  /** A scalar's data; leaves its place, start and end. */
  private scalarData(scalar: Scalar): unknown {
    this.start = scalar.start;
    this.end = scalar.end;
    this.place = this.newPlace(scalar.start, scalar.end);
    return scalarData(scalar.text, scalar.plain);
  }

  /** The scalar value starting at p, in a block at `column`; this.at moves past it. */
  private scalar(p: number, column: number): Scalar {
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
  private plain(p: number, column: number): Scalar {
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
  private plainLineEnd(p: number): number {
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
  private quotedEnd(p: number, oneLine: boolean): number {
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
  private quoted(p: number, column: number, oneLine: boolean): Scalar {
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
  private continuation(line: number, column: number, escaped: boolean): number {
    const s = this.s;
    let r = line;
    while (s.charCodeAt(r) === SPACE) r++;
    if (r >= s.length || r - line <= column || s.charCodeAt(r) === TAB) giveUp();
    if (escaped && s.charCodeAt(r) === LF) giveUp();
    if (r - line === 0 && (s.startsWith('---', r) || s.startsWith('...', r))) giveUp();
    return r;
  }

  /** A literal (|) or folded (>) block scalar whose header is at p, in a block at `column`. */
  private blockScalar(p: number, column: number): Scalar {
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
      for (let l = line; ; ) {
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
    let stop = s.length;
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

  // ---- flow collections (one line) ------------------------------------------------------------

  /** Where the flow collection read last ends (after its closing bracket). */
  private flowEnd = 0;

  /**
   * A flow collection at p, over lines indented past the block at `column` (JSON examples are
   * written so); leaves this.start (its bracket), this.end and this.flowEnd.
   */
  private flow(p: number, me: number, column: number): unknown {
    const s = this.s;
    const isMap = s.charCodeAt(p) === 0x7b;
    const close = isMap ? 0x7d : 0x5d;
    const out: unknown = isMap ? {} : [];
    const keys: string[] = [];
    const children: number[] = [];
    let q = p + 1;
    let lastEnd = -1;
    // Between entries: spaces, comments, and line breaks onto lines deeper than the block at `column`.
    const skip = () => {
      for (;;) {
        const c = s.charCodeAt(q);
        if (c === SPACE) {
          q++;
        } else if (c === LF) {
          q++;
          let r = q;
          while (s.charCodeAt(r) === SPACE) r++;
          const d = s.charCodeAt(r);
          if (d === TAB || (d !== LF && d !== HASH && r - q <= column)) giveUp();
        } else if (c === HASH && (s.charCodeAt(q - 1) === SPACE || s.charCodeAt(q - 1) === LF)) {
          const eol = s.indexOf('\n', q);
          if (eol < 0) giveUp();
          q = eol;
        } else if (q >= s.length || c === TAB) {
          giveUp();
        } else {
          return;
        }
      }
    };
    skip();
    if (s.charCodeAt(q) !== close) {
      for (;;) {
        skip();
        if (isMap) {
          const key = this.flowScalar(q);
          if (key.plain && typeof scalarData(key.text, true) !== 'string') giveUp();
          if (key.text === '<<' || key.text === '__proto__' || Object.prototype.hasOwnProperty.call(out, key.text)) giveUp();
          q = key.end;
          skip();
          if (s.charCodeAt(q) !== COLON) giveUp();
          q++;
          if (s.charCodeAt(q) !== SPACE) giveUp();
          skip();
          const value = this.flowValue(q, me, key.end, column);
          (out as Record<string, unknown>)[key.text] = value;
          keys.push(key.text);
        } else {
          const value = this.flowValue(q, me, -1, column);
          (out as unknown[]).push(value);
        }
        children.push(this.place);
        lastEnd = this.end;
        q = this.flowEnd;
        skip();
        const c = s.charCodeAt(q);
        if (c === 0x2c /* , */) {
          q++;
          skip();
          if (s.charCodeAt(q) === close) break; // a trailing comma
          continue;
        }
        if (c !== close) giveUp();
        break;
      }
    }
    if (me >= 0) this.places.children(me, isMap ? MAP : LIST, isMap ? keys : undefined, children);
    this.start = p;
    this.flowEnd = q + 1;
    // An empty collection ends after its bracket; another where its last value ends.
    this.end = lastEnd < 0 ? q + 1 : lastEnd;
    this.place = me;
    return out;
  }

  /** A value inside a flow collection at q; `keyEnd` is where its key ends (-1 in a list). */
  private flowValue(q: number, me: number, keyEnd: number, column: number): unknown {
    const c = this.s.charCodeAt(q);
    if (c === 0x5b || c === 0x7b) {
      const child = me >= 0 ? this.newPlace() : -1;
      const value = this.flow(q, child, column);
      if (child >= 0) this.places.move(child, keyEnd >= 0 ? keyEnd + 1 : this.start, this.end);
      return value;
    }
    if (c === 0x26 || c === 0x2a || c === 0x21 || c === 0x3f || c === 0x7c || c === 0x3e) giveUp();
    const scalar = this.flowScalar(q);
    this.flowEnd = scalar.end;
    this.start = scalar.start;
    this.end = scalar.end;
    this.place = me >= 0 ? this.newPlace(scalar.start, scalar.end) : -1;
    return scalarData(scalar.text, scalar.plain);
  }

  /** A quoted or plain scalar inside a flow collection, on one line. */
  private flowScalar(q: number): Scalar {
    const s = this.s;
    const c = s.charCodeAt(q);
    if (c === DQUOTE || c === SQUOTE) {
      if (this.quotedEnd(q, true) < 0) giveUp();
      return this.quoted(q, 0, true);
    }
    if (FLOW_STOP.has(c) || NOT_PLAIN_START.has(c) || c === DASH) giveUp();
    let r = q;
    for (;;) {
      const d = s.charCodeAt(r);
      if (r >= s.length) giveUp();
      // A line break ends the scalar here; if the next line goes on with it, no `,` follows and the reader gives up.
      if (FLOW_STOP.has(d) || d === LF) break;
      r++;
    }
    let end = r;
    while (s.charCodeAt(end - 1) === SPACE) end--;
    if (s.charCodeAt(end - 1) === TAB) giveUp();
    return { text: s.slice(q, end), plain: true, start: q, end };
  }
}
