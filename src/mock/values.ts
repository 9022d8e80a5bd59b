// Values made from a schema for the mock's records: the document's examples first, then what the schema
// allows (enums, formats, bounds, lengths), the same for the same seed.
import { followLocalRefs } from '../openapi/refs.js';
import { seededRandom, stringMatching } from '../openapi/pattern.js';
import { isObject } from '../openapi/json.js';

type Json = Record<string, unknown>;

export { seededRandom };

const WORDS = ['alpha', 'bravo', 'delta', 'echo', 'golf', 'hotel', 'india', 'kilo', 'lima', 'oscar', 'sierra', 'tango'];
const MAX_DEPTH = 6;
// Tried in turn where a pattern is beyond stringMatching (groups, alternation): common shapes of codes.
const PATTERN_GUESSES = ['1', '1.25', '0200068636', 'ABC', 'abc', 'a1', 'BE', 'nl', 'EUR', 'A-1'];
const matchesPattern = (pattern: string, text: string): boolean => {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
};

/**
 * An example as its schema's type reads it: a document's `example: 71` under `type: string` is served "71",
 * a numeric text under a number type its number; one that cannot be read so is left out (undefined).
 */
function fitted(example: unknown, type: unknown): unknown {
  if (example === undefined || typeof type !== 'string') return example;
  if (type === 'string') return typeof example === 'number' || typeof example === 'boolean' ? String(example) : example;
  if (type !== 'integer' && type !== 'number') return example;
  const value = typeof example === 'string' && example.trim() !== '' ? Number(example) : example;
  if (typeof value !== 'number' || !Number.isFinite(value)) return typeof example === 'number' ? example : undefined;
  return type === 'integer' && !Number.isInteger(value) ? undefined : value;
}

/** A string schema with nothing that fixes its text (no format, enum or pattern). */
const isPlainString = (s: Json): boolean =>
  (s['type'] === undefined || s['type'] === 'string') &&
  !isObject(s['properties']) &&
  s['format'] === undefined &&
  s['enum'] === undefined &&
  s['pattern'] === undefined;

export class ValueMaker {
  constructor(
    private readonly document: Json,
    private readonly random: () => number,
  ) {}

  /** The schema with its local $refs followed and its allOf parts merged one level deep. */
  resolve(schema: unknown): Json {
    const found = followLocalRefs(this.document, schema).value;
    if (!isObject(found)) return {};
    if (!Array.isArray(found['allOf'])) return found;
    const merged: Json = { ...found, properties: {}, required: [] };
    delete merged['allOf'];
    for (const part of [...found['allOf'], { ...found, allOf: undefined }]) {
      const resolved = this.resolve(part);
      for (const [key, value] of Object.entries(resolved)) {
        if (key === 'properties' && isObject(value)) Object.assign(merged['properties'] as Json, value);
        else if (key === 'required' && Array.isArray(value)) (merged['required'] as unknown[]).push(...value);
        else if (value !== undefined && merged[key] === undefined) merged[key] = value;
      }
    }
    return merged;
  }

  /** The first example the schema (or the object holding it) gives, if any. */
  exampleOf(holder: unknown): unknown {
    const h = followLocalRefs(this.document, holder).value;
    if (!isObject(h)) return undefined;
    if (h['example'] !== undefined) return h['example'];
    if (Array.isArray(h['examples']) && h['examples'].length) return h['examples'][0];
    if (isObject(h['examples'])) {
      const first = followLocalRefs(this.document, Object.values(h['examples'])[0]).value;
      if (isObject(first) && first['value'] !== undefined) return first['value'];
    }
    return undefined;
  }

  /** A value valid against `schema`; `fresh` asks for a new value even where an example exists (ids). */
  make(schema: unknown, options: { fresh?: boolean; depth?: number; writeOnly?: boolean } = {}): unknown {
    const depth = options.depth ?? 0;
    const s = this.resolve(schema);
    if (!options.fresh) {
      const example = fitted(this.exampleOf(s), s['type']);
      if (example !== undefined) return structuredClone(example);
    }
    if (Array.isArray(s['enum']) && s['enum'].length) return this.pick(s['enum'].filter((v) => v !== null));
    const variants = (s['oneOf'] ?? s['anyOf']) as unknown[] | undefined;
    if (Array.isArray(variants) && variants.length) return this.make(variants[0], { ...options, depth });
    const type = Array.isArray(s['type']) ? s['type'].find((t) => t !== 'null') : s['type'];
    switch (type ?? (isObject(s['properties']) ? 'object' : isObject(s['items']) ? 'array' : 'string')) {
      case 'integer':
        return this.integer(s);
      case 'number': {
        const min = typeof s['minimum'] === 'number' ? s['minimum'] : 0;
        const max = typeof s['maximum'] === 'number' ? s['maximum'] : min + 1000;
        const value = Math.round((min + this.random() * (max - min)) * 100) / 100;
        return Math.min(max, Math.max(min, value));
      }
      case 'boolean':
        return this.random() < 0.5;
      case 'array':
        return this.array(s, depth, options.writeOnly);
      case 'object':
        return this.object(s, depth, options.writeOnly);
      default:
        return this.string(s);
    }
  }

  private pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)] as T;
  }

  private integer(s: Json): number {
    const bound = (key: string, exclusive: string): number | undefined => {
      const value = s[key];
      if (typeof value !== 'number') return undefined;
      return s[exclusive] === true ? value + (key === 'minimum' ? 1 : -1) : value;
    };
    const min = Math.ceil(bound('minimum', 'exclusiveMinimum') ?? 1);
    const max = Math.floor(bound('maximum', 'exclusiveMaximum') ?? Math.max(min + 9999, min));
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private string(s: Json): string {
    if (typeof s['pattern'] === 'string') {
      const matching =
        stringMatching(s['pattern'], this.random) ??
        PATTERN_GUESSES.find((g) => matchesPattern(s['pattern'] as string, g));
      if (matching !== undefined) return matching;
    }
    const day = () =>
      new Date(
        Date.UTC(
          2000 + Math.floor(this.random() * 25),
          Math.floor(this.random() * 12),
          1 + Math.floor(this.random() * 28),
        ),
      );
    let text: string;
    switch (s['format']) {
      case 'date':
        text = day().toISOString().slice(0, 10);
        break;
      case 'date-time':
        text = day().toISOString().replace('.000', '');
        break;
      case 'uuid':
        text = [8, 4, 4, 4, 12]
          .map((n) => Array.from({ length: n }, () => Math.floor(this.random() * 16).toString(16)).join(''))
          .join('-');
        return text;
      case 'email':
        text = `${this.pick(WORDS)}@example.org`;
        break;
      case 'uri':
      case 'url':
        return `https://example.org/${this.pick(WORDS)}`;
      default:
        text = `${this.pick(WORDS)} ${this.pick(WORDS)}`;
    }
    const minLength = typeof s['minLength'] === 'number' ? s['minLength'] : 0;
    const maxLength = typeof s['maxLength'] === 'number' ? s['maxLength'] : undefined;
    while (text.length < minLength) text += 'x';
    return maxLength === undefined ? text : text.slice(0, Math.max(maxLength, minLength));
  }

  private array(s: Json, depth: number, writeOnly?: boolean): unknown[] {
    if (depth >= MAX_DEPTH) return [];
    const min = typeof s['minItems'] === 'number' ? s['minItems'] : 1;
    const max = typeof s['maxItems'] === 'number' ? s['maxItems'] : Math.max(min, 2);
    const count = Math.min(max, Math.max(min, 1 + Math.floor(this.random() * 2)));
    return Array.from({ length: count }, () => this.make(s['items'], { depth: depth + 1, writeOnly }));
  }

  private object(s: Json, depth: number, writeOnly?: boolean): Json {
    const out: Json = {};
    const properties = isObject(s['properties']) ? s['properties'] : {};
    if (depth >= MAX_DEPTH) return out;
    for (const [name, schema] of Object.entries(properties)) {
      const resolved = this.resolve(schema);
      // A response never carries what only clients write.
      if (resolved['writeOnly'] === true && !writeOnly) continue;
      // The guide's `href` is an absolute URL, whatever format the document forgot to give it.
      const link = name === 'href' && isPlainString(resolved) && this.exampleOf(resolved) === undefined;
      out[name] = this.make(link ? { ...resolved, format: 'uri' } : schema, { depth: depth + 1, writeOnly });
    }
    return out;
  }
}
