// The direct YAML reader's state and its moves over lines: where it is, the next line with content,
// the end of a line. ScalarReader (scalars.ts) and Reader (reader.ts) build on it.
import { YamlPlaces } from './places.js';
import { SPACE, TAB, LF, HASH, DASH, giveUp } from './characters.js';

export class LineReader {
  protected readonly places = new YamlPlaces();
  /** The position the reader is at: always the start of a line, or the end. */
  protected at = 0;
  /** Where the node read last ends, as the stock lookup's getEndPosition gives it. */
  protected end = 0;
  /** Where the node read last starts, for a list item or the root. */
  protected start = 0;
  /** The place of the node read last, or -1 inside an alias. */
  protected place = -1;

  constructor(protected readonly s: string) {}

  /** The next line holding something other than spaces or a comment (this.at moves to its start); -1 at the end. */
  protected nextContent(): number {
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
  protected endLine(p: number): void {
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
  protected endsLine(p: number): boolean {
    const c = this.s.charCodeAt(p);
    return p >= this.s.length || c === LF || (c === HASH && this.s.charCodeAt(p - 1) === SPACE);
  }

  /** The next content after the line that ends at p (see nextContent). */
  protected contentAfter(p: number): number {
    this.endLine(p);
    return this.nextContent();
  }

  protected isDashItem(p: number): boolean {
    if (this.s.charCodeAt(p) !== DASH) return false;
    const next = this.s.charCodeAt(p + 1);
    if (next === TAB) giveUp();
    return next === SPACE || next === LF || p + 1 >= this.s.length;
  }
}
