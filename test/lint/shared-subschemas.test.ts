// Subschemas met more than once are converted and compiled once, referred to by id: the verdicts
// and messages stay those of the same schema written out in full.
import { describe, expect, it } from 'vitest';
import { schemaViolation } from '../../rulesets/support/schema-validator.js';

type Json = Record<string, unknown>;

/** A schema whose `address` and `tags` subschemas are the same objects in several places. */
function sharedSchema(): Json {
  const address = {
    type: 'object',
    required: ['street'],
    properties: { street: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{4}$' } },
  };
  const tags = { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, nullable: true };
  const person = { type: 'object', properties: { home: address, work: address, tags } };
  return { type: 'object', properties: { owner: person, tenant: person, billing: address, tags } };
}

const clone = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

describe('shared subschemas', () => {
  const values: unknown[] = [
    { owner: { home: { street: 'x', zip: '1000' } }, tenant: { work: { street: 'y' } }, tags: ['a', null].slice(0, 1) },
    { owner: { home: { street: 'x', zip: '1000' } }, tenant: { work: { zip: '1000' } } },
    { tenant: { work: { street: 'y', zip: '10000' } } },
    { billing: { street: 5 } },
    { owner: { tags: ['a', 'c'] } },
    { owner: { tags: null }, tags: null },
    { tenant: { home: 'not an object' } },
  ];

  for (const kind of ['3.0', '3.1'] as const) {
    it(`judges and words each value as the written-out schema does (${kind})`, () => {
      const verdicts = values.map((value) => [
        schemaViolation(sharedSchema(), value, kind),
        schemaViolation(clone(sharedSchema()), value, kind),
      ]);
      for (const [shared, written] of verdicts) expect(shared).toBe(written);
      expect(verdicts.filter(([shared]) => shared !== undefined).length).toBeGreaterThanOrEqual(4); // the inputs do discriminate
      expect(verdicts[2]?.[0]).toBe('/tenant/work/zip must match pattern "^[0-9]{4}$"');
    });
  }

  it('keeps a recursive schema working (the cycle is cut, the rest still judged)', () => {
    const node: Json = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Json).children = { type: 'array', items: node };
    const root = { type: 'object', properties: { left: node, right: node } };
    expect(
      schemaViolation(root, { left: { name: 'a', children: [{ name: 'b' }] }, right: { name: 'c' } }, '3.0'),
    ).toBeUndefined();
    expect(schemaViolation(root, { right: { name: 7 } }, '3.0')).toBe('/right/name must be string');
  });
});
