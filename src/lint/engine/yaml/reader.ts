// A direct reader for the YAML most OpenAPI descriptions are written in: block maps and lists,
// plain, quoted and block scalars, flow collections (JSON examples over lines too), anchors and
// aliases, comments, empty list items. It builds the data and the places straight from the text,
// without yaml-ast-parser's tree, which was most of a large document's parse and of its garbage.
// Whatever it does not read exactly as yaml-ast-parser does (tags, directives, several documents,
// complex keys, merge keys, null or duplicate keys, scalars over lines inside flows, tabs in the
// layout, carriage returns, a dash after an empty item at another column, anything malformed)
// makes it give up, and the document goes to the stock parser, which words any error.
// test/lint/engine/yaml.test.ts holds it to the stock parser (@stoplight/yaml) on fixtures, rule
// cases, corners and random documents.
import {
  SPACE,
  TAB,
  LF,
  HASH,
  COLON,
  DASH,
  DQUOTE,
  SQUOTE,
  giveUp,
  NOT_PLAIN_START,
  FLOW_STOP,
  GiveUp,
} from './characters.js';
import { LIST, MAP, type YamlPlaces } from './places.js';
import { scalarData, ScalarReader, type Scalar } from './scalars.js';

/** A copy of an anchor's data for each alias, as the stock parser builds one per alias. */
function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
  return out;
}

/** A key that is a number or a boolean, which the stock parser warns about (YAMLIncompatibleValue). */
interface KeyWarning {
  start: number;
  end: number;
  type: string;
  path: (string | number)[];
}

/** What the reader gives: the data, the places, and the keys to warn about. */
interface SimpleYaml {
  data: unknown;
  places: YamlPlaces;
  keyWarnings: KeyWarning[];
}

/**
 * The data and places of `input`, or undefined where the reader gives up (see above). The places
 * locate each node where the stock lookup locates it in yaml-ast-parser's tree.
 */
export function readSimpleYaml(input: string): SimpleYaml | undefined {
  if (input.includes('\r') || input.charCodeAt(0) === 0xfeff) return undefined;
  try {
    return new Reader(input).document();
  } catch (error) {
    if (error instanceof GiveUp) return undefined;
    throw error;
  }
}

class Reader extends ScalarReader {
  /** Each anchor's data, and the key warnings read inside it (the stock parser warns again for each alias). */
  private readonly anchors = new Map<
    string,
    { data: unknown; done: boolean; warningsFrom: number; warningsTo: number }
  >();
  /** The keys (as written) and indexes down to the value being read, for key warnings. */
  private readonly path: (string | number)[] = [];
  private readonly keyWarnings: KeyWarning[] = [];

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
    if (this.isDashItem(content)) {
      data = this.blockList(0, root);
      // The root's own end is the text's length (yaml-ast-parser sets it so), seen where its last item is empty.
      if (this.listEndsEmpty) this.end = this.s.length;
    } else if (this.isExplicitKey(content) || this.keyEnd(content) >= 0) data = this.blockMap(0, root);
    else giveUp();
    if (this.nextContent() >= 0) giveUp();
    // The stock lookup's start of the root (getStartPosition): 0 when it starts the second line.
    const firstLineEnd = this.s.indexOf('\n');
    const start = (firstLineEnd < 0 ? this.s.length + 1 : firstLineEnd + 1) === this.start ? 0 : this.start;
    this.places.move(root, start, this.end);
    return { data, places: this.places, keyWarnings: this.keyWarnings };
  }

  // ---- block collections ----------------------------------------------------------------------

  /** A block map whose keys are at `column`; this.at is at the start of its first key's line. */
  private blockMap(column: number, me: number): Record<string, unknown> {
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
  private explicitEntry(
    content: number,
    column: number,
    out: Record<string, unknown>,
    keys: string[],
    children: number[],
  ): void {
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
  private implicitEntry(
    content: number,
    column: number,
    out: Record<string, unknown>,
    keys: string[],
    children: number[],
  ): void {
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
          // `200:`: the stock parser keys it by its value as a string (with a warning), its place by its text.
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
      if (next >= 0 && nextColumn > column && (nextChar === 0x5b /* [ */ || nextChar === 0x7b) /* { */) {
        // A flow collection on the lines after its key (a JSON example; not after an anchor, as for a scalar below).
        if (anchor !== undefined) giveUp();
        const me = this.newPlace();
        value = this.flow(next, me);
        this.places.move(me, keyEnd + 1, this.end);
        this.endLine(this.flowEnd);
      } else if (
        next >= 0 &&
        nextColumn > column &&
        !this.isDashItem(next) &&
        !this.isExplicitKey(next) &&
        this.keyEnd(next) < 0
      ) {
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
      value = this.flow(p, me);
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
    this.listEndsEmpty = this.place === -1; // an empty item has no place
    if (me >= 0) this.places.children(me, LIST, undefined, children);
    this.start = listStart;
    this.place = me;
    return out;
  }

  /** Whether the list read last ends with an empty item. */
  private listEndsEmpty = false;

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
      if (next < 0 || nextColumn <= column) {
        if (keyEnd >= 0 || anchor !== undefined) giveUp(); // an explicit key's empty value, an anchored null
        return this.emptyItem(next, column);
      }
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
      value = this.flow(p, me);
      this.places.move(me, keyEnd >= 0 ? keyEnd + 1 : this.start, this.end);
      this.endLine(this.flowEnd);
    } else {
      value = this.scalarData(this.scalar(p, column));
    }
    if (anchor !== undefined) this.closeAnchor(anchor, value);
    return value;
  }

  /**
   * An empty list item (`-` and nothing deeper after it), whose next content is at `next` (-1 at
   * the end): null, without a place (the stock lookup finds no node there). Its end is where
   * yaml-ast-parser stops after it, the next content or the end of the text with the line end the
   * parser adds: a list ending with it ends there. yaml-ast-parser takes a dash after an empty item
   * into the same list whatever its column: the reader gives up unless it is at the list's own.
   */
  private emptyItem(next: number, column: number): null {
    if (next >= 0 && this.isDashItem(next) && next - this.at !== column) giveUp();
    this.end = next >= 0 ? next : this.s.endsWith('\n') ? this.s.length : this.s.length + 1;
    this.place = -1;
    return null;
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
      if (
        q >= s.length ||
        c === SPACE ||
        c === LF ||
        c === 0x2c ||
        c === 0x5b ||
        c === 0x5d ||
        c === 0x7b ||
        c === 0x7d
      )
        break;
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

  // ---- flow collections (one line) ------------------------------------------------------------

  /** Where the flow collection read last ends (after its closing bracket). */
  private flowEnd = 0;

  /**
   * A flow collection at p, on one line or over several (JSON examples are written so); leaves
   * this.start (its bracket), this.end and this.flowEnd.
   */
  private flow(p: number, me: number): unknown {
    const s = this.s;
    const isMap = s.charCodeAt(p) === 0x7b;
    const close = isMap ? 0x7d : 0x5d;
    const out: unknown = isMap ? {} : [];
    const keys: string[] = [];
    const children: number[] = [];
    let q = p + 1;
    let lastEnd = -1;
    // Between entries: spaces, comments, and line breaks onto lines at any indentation (yaml-ast-parser
    // only warns, unseen, where a flow's line is less indented than its block: `}` at its key's column).
    // A document marker at a line's start is not content there: give up.
    const skip = () => {
      for (;;) {
        const c = s.charCodeAt(q);
        if (c === SPACE) {
          q++;
        } else if (c === LF) {
          q++;
          let r = q;
          while (s.charCodeAt(r) === SPACE) r++;
          if (s.charCodeAt(r) === TAB || s.startsWith('---', q) || s.startsWith('...', q)) giveUp();
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
          if (key.text === '<<' || key.text === '__proto__' || Object.prototype.hasOwnProperty.call(out, key.text))
            giveUp();
          q = key.end;
          skip();
          // yaml-ast-parser takes a colon for this key only on the key's line.
          if (s.charCodeAt(q) !== COLON || s.lastIndexOf('\n', q) >= key.end) giveUp();
          q++;
          if (s.charCodeAt(q) !== SPACE) giveUp();
          skip();
          const value = this.flowValue(q, me, key.end);
          (out as Record<string, unknown>)[key.text] = value;
          keys.push(key.text);
        } else {
          const value = this.flowValue(q, me, -1);
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
  private flowValue(q: number, me: number, keyEnd: number): unknown {
    const c = this.s.charCodeAt(q);
    if (c === 0x5b || c === 0x7b) {
      const child = me >= 0 ? this.newPlace() : -1;
      const value = this.flow(q, child);
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
    if (FLOW_STOP.has(c) || NOT_PLAIN_START.has(c)) giveUp();
    // A dash starts a plain scalar (`-1` in a JSON example) unless a space, a line end or a flow indicator follows.
    if (
      c === DASH &&
      (q + 1 >= s.length || [SPACE, LF, TAB].includes(s.charCodeAt(q + 1)) || FLOW_STOP.has(s.charCodeAt(q + 1)))
    )
      giveUp();
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
