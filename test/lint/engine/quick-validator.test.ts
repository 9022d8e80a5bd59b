// The quick validator may only say "surely valid" where ajv agrees; on anything else the caller
// asks ajv. Where a value fails on keywords of its own it words the failure as ajv's first error. Proven on
// a table of schemas × values (both directions), against ajv itself.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { surelyValid, type QuickContext } from '../../../src/lint/engine/quick-validator.js';

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;
const options = { strict: false, allErrors: false, logger: false as const, validateSchema: false };
const ajv07 = addFormats(new Ajv(options));
const ajv20 = addFormats(new Ajv2020(options) as unknown as Ajv);

const schemas: unknown[] = [
  true,
  false,
  {},
  { type: 'string' },
  { type: ['string', 'null'] },
  { type: 'integer' },
  { type: 'number', minimum: 0, exclusiveMaximum: 10 },
  { type: 'number', multipleOf: 0.5 },
  { multipleOf: 3 },
  { type: 'string', minLength: 2, maxLength: 3 },
  { type: 'string', pattern: '^[a-z]+$' },
  { type: 'string', format: 'date-time' },
  { type: 'string', format: 'email' },
  { format: 'uri' },
  { type: 'string', format: 'no-such-format' },
  { enum: ['a', 1, null, { x: [1] }] },
  { const: { a: 1, b: [2] } },
  { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 },
  { type: 'array', uniqueItems: true },
  { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false },
  { contains: { type: 'string' } },
  {
    type: 'object',
    required: ['a'],
    properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { enum: [1] } } } },
  },
  {
    type: 'object',
    additionalProperties: false,
    properties: { a: {} },
    patternProperties: { '^x-': { type: 'string' } },
  },
  { type: 'object', additionalProperties: { type: 'integer' } },
  { type: 'object', minProperties: 1, maxProperties: 2 },
  { propertyNames: { pattern: '^[a-z]+$' } },
  { required: ['constructor'] },
  { allOf: [{ type: 'object' }, { required: ['a'] }] },
  { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  { oneOf: [{ type: 'number' }, { type: 'integer' }] },
  { not: { type: 'null' } },
  {
    if: { required: ['kind'], properties: { kind: { const: 'a' } } },
    then: { required: ['a'] },
    else: { required: ['b'] },
  },
  { type: 'string', unknownKeyword: 1 },
  { $id: 'x' },
  { type: 'file' },
  { minimum: 'five' },
  { pattern: '(' },
  // ajv's own nullable keyword (3.1 schemas keep it): null joins the types; without a type, ajv refuses the schema.
  { type: 'string', nullable: true },
  { type: ['integer', 'null'], nullable: true },
  { nullable: true },
  { type: [] },
  { type: 'integer', minimum: 0, exclusiveMinimum: 0, maximum: 2 },
  { type: 'object', required: ['b', 'a'], additionalProperties: false },
  // Schemas ajv refuses whatever the value: no words for them, though the value's type fails.
  { type: 'string', enum: [] },
  { type: 'string', maxLength: 'x' },
  { type: 'integer', pattern: '(' },
  { type: 'string', exclusiveMinimum: true },
  { type: 'object', properties: { a: { type: 'nope' } } },
  // Several keywords failing at once: ajv's order of checking decides which error is first.
  { type: 'string', minLength: 2, enum: ['ab', 'abcd'] },
  { type: 'string', enum: ['ab'] },
  { type: 'string', maxLength: 1, format: 'email', pattern: '^[a-z]+$' },
  { type: 'integer', minimum: 2, multipleOf: 2, enum: [4, 6] },
  { type: 'number', nullable: true, maximum: 1, enum: [1, 'a'] },
  { type: 'array', minItems: 3, uniqueItems: true, maxItems: 1 },
  { type: 'object', required: ['z'], maxProperties: 1, additionalProperties: false },
  { type: 'string', minLength: 2, maximum: 3, const: 'abc' },
  { type: ['string', 'null'], minLength: 3, pattern: '^AP' },
];
const values: unknown[] = [
  null,
  true,
  0,
  1,
  1.5,
  -1,
  10,
  3,
  'a',
  'ab',
  'abcd',
  'AB',
  '2020-01-01T00:00:00Z',
  'yesterday',
  'a@b.be',
  'https://x.be/a',
  'no uri',
  [],
  [1],
  [1, 2, 3],
  ['a', 1],
  ['a', 1, 2],
  [1, 1],
  { x: [1] },
  {},
  { a: 'x' },
  { a: 1 },
  { a: 'x', b: { c: 2 } },
  { 'x-a': 's' },
  { 'x-a': 1 },
  { kind: 'a', a: 1 },
  { kind: 'a', b: 1 },
  { kind: 'b', b: 1 },
  { A: 1 },
  { a: 1, b: 2, c: 3 },
  { constructor: 1 },
];

describe.each([
  ['3.0', ajv07],
  ['3.1', ajv20],
] as const)('OAS %s', (kind, ajv) => {
  const ctx: QuickContext = { kind, formats: ajv.formats as QuickContext['formats'] };
  it('never says valid where ajv says invalid, and vouches for most valid values', () => {
    let vouched = 0;
    let ajvValid = 0;
    for (const schema of schemas) {
      let check: ((v: unknown) => boolean) | undefined;
      try {
        check = ajv.compile(schema as object) as (v: unknown) => boolean;
      } catch {
        check = undefined;
      }
      for (const value of values) {
        const quick = surelyValid(schema, value, ctx);
        if (!check) continue; // ajv refuses the schema: the caller reports nothing either way
        const truth = check(value);
        if (quick) expect({ schema, value, truth }).toEqual({ schema, value, truth: true });
        if (truth) ajvValid++;
        if (quick) vouched++;
      }
    }
    expect(vouched).toBeGreaterThan(ajvValid * 0.8);
  });

  it('leaves unknown keywords and malformed schemas to ajv', () => {
    expect(surelyValid({ type: 'string', unknownKeyword: 1 }, 'a', ctx)).toBe(false);
    expect(surelyValid({ minimum: 'five' }, 3, ctx)).toBe(false);
    expect(surelyValid({ pattern: '(' }, 'a', ctx)).toBe(false);
    expect(surelyValid({ type: 'string' }, 'a', ctx)).toBe(true);
  });
});
