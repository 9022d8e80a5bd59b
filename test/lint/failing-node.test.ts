// A value that fails its schema is worded from the first failing node alone (schema-validator's
// failingNodes path), by compiling that node with ajv. The words must be those of the whole schema compiled, ajv's
// first error with its full instance path. Proven on random schemas and values (often failing in
// several places), both OAS versions, with shared subschemas, nullable and null types, formats,
// enums, const, patterns, bounds (exclusive ones in both versions' forms), lengths, sizes, arrays
// and nesting. FAILING_NODE_SEEDS=5000 passed once; 400 seeds per version run here.
import { describe, expect, it } from 'vitest';
import { schemaViolation } from '../../rulesets/support/schema-validator.js';
import { random } from '../helpers/random.js';

type Json = Record<string, unknown>;

/** Seeds per OAS version (FAILING_NODE_SEEDS raises it for a longer search). */
const SEEDS = Number(process.env.FAILING_NODE_SEEDS ?? 400);

function generator(seed: number, kind: '3.0' | '3.1') {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const reused: Json[] = [];
  const scalar = (): Json => {
    const type = pick(['string', 'string', 'integer', 'number', 'boolean'] as const);
    const out: Json = { type };
    if (type === 'string') {
      if (next() < 0.4) out.format = pick(['uri', 'date-time', 'email', 'uuid', 'byte']);
      else if (next() < 0.3) out.enum = ['a', 'b', 'c/d'];
      /* eslint-disable no-dupe-else-if -- next() draws again (a block: Prettier may wrap the line) */
      else if (next() < 0.3) out.pattern = '^[a-z]+$';
      /* eslint-enable no-dupe-else-if */
      else if (next() < 0.1) out.const = 'abc';
      if (next() < 0.2) out.maxLength = 3;
      if (next() < 0.1) out.minLength = 2;
      // Beside other keywords, so that a value fails several at once (ajv's order of checks decides).
      if (out.enum === undefined && next() < 0.1) out.enum = ['abc', 'a', 'https://x.y/z'];
    } else if (type !== 'boolean') {
      if (next() < 0.4) out.minimum = 0;
      if (next() < 0.2) out.maximum = 10;
      if (next() < 0.1) {
        if (kind === '3.0') out.exclusiveMinimum = true;
        else out.exclusiveMinimum = 0;
        out.minimum ??= 0;
      }
      if (next() < 0.1) out.exclusiveMaximum = kind === '3.0' ? (out.maximum === undefined ? false : true) : 9.5;
      if (type === 'integer' && next() < 0.3) out.format = 'int32';
      if (type === 'integer' && next() < 0.1) out.multipleOf = 2;
      if (next() < 0.1) out.enum = [1, 2, 12];
    }
    if (next() < 0.3) out.nullable = true;
    // 3.1 writes a null type where 3.0 writes nullable (nullable is ajv's own keyword, kept in 3.1 too).
    else if (kind === '3.1' && next() < 0.1) out.type = [type, 'null'];
    return out;
  };
  const schema = (depth: number): Json => {
    if (reused.length > 0 && next() < 0.15) return pick(reused);
    const roll = next();
    let out: Json;
    if (depth > 0 && roll < 0.45) {
      const properties: Json = {};
      const names = ['id', 'name', 'a/b', 'x~y', 'url', 'count', 'items', 'nested'].filter(() => next() < 0.6);
      for (const name of names) properties[name] = schema(depth - 1);
      out = { type: 'object', properties };
      if (names.length > 0 && next() < 0.5) out.required = names.filter(() => next() < 0.5);
      if (next() < 0.2) out.additionalProperties = next() < 0.5 ? false : scalar();
      if (next() < 0.1) out.minProperties = 1;
      if (next() < 0.1) out.maxProperties = 3;
      if (next() < 0.2) out.nullable = true;
    } else if (depth > 0 && roll < 0.6) {
      out = { type: 'array', items: schema(depth - 1) };
      if (next() < 0.2) out.minItems = 1;
      if (next() < 0.1) out.maxItems = 2;
      // No uniqueItems: ajv names the duplicate pair in an order that depends on whether it sees the
      // items' type (inline) or a $ref to a shared subschema, and the whole schema below is a JSON
      // copy, which shares nothing.
    } else if (depth > 0 && roll < 0.65) {
      out = { [pick(['allOf', 'anyOf', 'oneOf'])]: [schema(depth - 1), schema(depth - 1)] };
    } else {
      out = scalar();
    }
    if (next() < 0.2) reused.push(out);
    return out;
  };
  const validFor = (s: Json, depth = 0): unknown => {
    if (depth > 8) return null;
    if (Array.isArray(s.allOf) || Array.isArray(s.anyOf) || Array.isArray(s.oneOf))
      return validFor(((s.allOf ?? s.anyOf ?? s.oneOf) as Json[])[0] as Json, depth + 1);
    if (Array.isArray(s.enum)) return pick(s.enum as unknown[]);
    switch (s.type) {
      case 'object': {
        const out: Json = {};
        for (const [name, sub] of Object.entries((s.properties ?? {}) as Json))
          if (next() < 0.8) out[name] = validFor(sub as Json, depth + 1);
        return out;
      }
      case 'array':
        return Array.from({ length: 1 + Math.floor(next() * 3) }, () => validFor(s.items as Json, depth + 1));
      case 'integer':
        return Math.floor(next() * 10);
      case 'number':
        return next() * 10;
      case 'boolean':
        return next() < 0.5;
      default:
        return s.format === 'uri'
          ? 'https://x.y/z'
          : s.format === 'date-time'
            ? '2024-01-02T03:04:05Z'
            : s.format === 'email'
              ? 'a@b.c'
              : s.format === 'uuid'
                ? '123e4567-e89b-12d3-a456-426614174000'
                : 'abc';
    }
  };
  const BAD = [
    '/relative/uri',
    'yesterday',
    'not-an-email',
    -5,
    1.5,
    'ZZZ',
    true,
    null,
    'x'.repeat(20),
    { extra: 1 },
    [],
    42,
  ];
  const mutate = (value: unknown, depth = 0): unknown => {
    if (depth < 6 && value && typeof value === 'object' && next() < 0.8) {
      const copy = (Array.isArray(value) ? [...value] : { ...value }) as Json;
      const keys = Object.keys(copy);
      if (keys.length > 0) {
        const key = pick(keys);
        if (next() < 0.15 && !Array.isArray(value)) delete copy[key];
        else copy[key] = mutate(copy[key], depth + 1);
        if (!Array.isArray(value) && next() < 0.1) copy.unexpected = 'x';
        return Array.isArray(value) ? Object.values(copy) : copy;
      }
    }
    return pick(BAD);
  };
  return { next, schema, validFor, mutate };
}

describe('a value failing its schema', () => {
  for (const kind of ['3.0', '3.1'] as const) {
    it(`is worded as the whole schema compiled words it (${kind}, random schemas and values)`, () => {
      let failing = 0;
      let compared = 0;
      for (let seed = 1; seed <= SEEDS; seed++) {
        const { next, schema, validFor, mutate } = generator(seed * 7 + (kind === '3.1' ? 1 : 0), kind);
        const root = schema(4);
        for (let i = 0; i < 4; i++) {
          const valid = validFor(root);
          const value = next() < 0.3 ? valid : mutate(mutate(valid));
          const byNode = schemaViolation(root, value, kind);
          const byWhole = schemaViolation(
            JSON.parse(JSON.stringify(root)) as Json,
            value,
            kind,
            undefined,
            undefined,
            true,
          );
          compared++;
          if (byWhole !== undefined) failing++;
          expect.soft(byNode, `seed ${seed}: ${JSON.stringify(root)}\nvalue ${JSON.stringify(value)}`).toBe(byWhole);
        }
      }
      expect(compared).toBe(SEEDS * 4);
      expect(failing).toBeGreaterThan(500); // most values fail somewhere, so the node path is exercised
    }, 120_000);
  }

  it('words a failure deep in a shared subschema with its full instance path, escaped as JSON Pointer', () => {
    const link = { type: 'string', format: 'uri' };
    const schema = {
      type: 'object',
      properties: { 'a/b': { type: 'object', properties: { 'x~y': link } }, other: link },
    };
    expect(schemaViolation(schema, { 'a/b': { 'x~y': '/relative' }, other: 'https://x.y' }, '3.0')).toBe(
      '/a~1b/x~0y must match format "uri"',
    );
  });
});
