/**
 * The request's query string, parsed once. Query strings made only of characters that
 * application/x-www-form-urlencoded leaves alone (the usual `page=2&pageSize=20`) are split directly;
 * anything else goes through URLSearchParams. Either way the pairs are what URLSearchParams would give.
 */
export class ParsedQuery {
  private params: URLSearchParams | undefined;

  private constructor(
    /** The query string as sent, without its leading `?`. */
    readonly raw: string,
    /** Name/value pairs in order, decoded. */
    readonly pairs: ReadonlyArray<readonly [string, string]>,
    /** Every name and value serializes as itself: a changed copy of this query can be built by concatenation. */
    readonly plain: boolean,
  ) {}

  static parse(raw: string): ParsedQuery {
    if (raw === '') return new ParsedQuery('', [], true);
    if (!PLAIN_QUERY.test(raw)) {
      const params = new URLSearchParams(raw);
      const parsed = new ParsedQuery(raw, [...params], false);
      parsed.params = params;
      return parsed;
    }
    const pairs: Array<[string, string]> = [];
    let plain = true;
    for (const part of raw.split('&')) {
      if (part === '') continue;
      const at = part.indexOf('=');
      if (at === -1) pairs.push([part, '']);
      else {
        const value = part.slice(at + 1);
        if (value.includes('=')) plain = false; // URLSearchParams writes it back as %3D
        pairs.push([part.slice(0, at), value]);
      }
    }
    return new ParsedQuery(raw, pairs, plain);
  }

  has(name: string): boolean {
    for (const pair of this.pairs) if (pair[0] === name) return true;
    return false;
  }

  get(name: string): string | undefined {
    for (const pair of this.pairs) if (pair[0] === name) return pair[1];
    return undefined;
  }

  getAll(name: string): string[] {
    const values: string[] = [];
    for (const [n, v] of this.pairs) if (n === name) values.push(v);
    return values;
  }

  /** The same query as URLSearchParams, made on first use. */
  get searchParams(): URLSearchParams {
    return (this.params ??= new URLSearchParams(this.raw));
  }

  /**
   * This query serialized as URLSearchParams would after `set` (or `delete`, for undefined) of each change
   * in turn: a changed name keeps the place of its first occurrence, a new one goes to the end.
   */
  with(changes: Readonly<Record<string, string | undefined>>): string {
    const plain = this.plain && Object.values(changes).every((v) => v === undefined || PLAIN_VALUE.test(v));
    if (!plain) {
      const params = new URLSearchParams(this.searchParams);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) params.delete(name);
        else params.set(name, value);
      }
      return params.toString();
    }
    let out = '';
    const placed = new Set<string>();
    for (const [name, value] of this.pairs) {
      let text = value;
      if (Object.hasOwn(changes, name)) {
        const changed = changes[name];
        if (changed === undefined || placed.has(name)) continue;
        placed.add(name);
        text = changed;
      }
      out += `${out ? '&' : ''}${name}=${text}`;
    }
    for (const [name, value] of Object.entries(changes)) {
      if (value !== undefined && !placed.has(name)) out += `${out ? '&' : ''}${name}=${value}`;
    }
    return out;
  }
}

/**
 * `query.with({ [names[0]]: values[0], ... })` as a function of the values, worked out once so that many
 * links of one response (first, last, prev, next) are each a few concatenations. Numbers need no encoding.
 */
export function queryTemplate(
  query: ParsedQuery,
  names: readonly string[],
): (values: ReadonlyArray<string | number>) => string {
  const general = (values: ReadonlyArray<string | number>) =>
    query.with(Object.fromEntries(names.map((name, i) => [name, String(values[i])])));
  if (!query.plain) return general;
  // Literal `name=value` texts, and slots (the index of a name) where a changed name goes.
  const parts: Array<string | number> = [];
  const placed: boolean[] = names.map(() => false);
  for (const [name, value] of query.pairs) {
    const slot = names.indexOf(name);
    if (slot === -1) parts.push(`${name}=${value}`);
    else if (!placed[slot]) {
      placed[slot] = true;
      parts.push(slot);
    }
  }
  placed.forEach((done, slot) => {
    if (!done) parts.push(slot);
  });
  return (values) => {
    if (!values.every((v) => typeof v === 'number' || PLAIN_VALUE.test(v))) return general(values);
    let out = '';
    for (const part of parts) {
      if (out !== '') out += '&';
      out += typeof part === 'string' ? part : `${names[part]}=${values[part]}`;
    }
    return out;
  };
}

// The bytes the urlencoded serializer keeps as they are, plus the separators.
const PLAIN_QUERY = /^[-*.0-9A-Z_a-z=&]*$/;
const PLAIN_VALUE = /^[-*.0-9A-Z_a-z]*$/;
