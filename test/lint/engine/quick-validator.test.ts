// The quick validator may only say "surely valid" where ajv agrees; on anything else the caller
// asks ajv. Where a value fails on keywords of its own it words the failure as ajv's first error. Proven on
// a table of schemas × values (both directions), against ajv itself. Its verdicts (valid, invalid,
// refused: ajv refuses to compile the schema) and its judgement of whether ajv compiles a whole
// schema agree with ajv on the same table; and schemaViolation, accelerated, words what stock mode
// words, without a fallback, on what belgif's documents hold: oneOf with and without a
// discriminator, null among enum values, and patterns that are no `u` regular expression.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  AJV_ONLY,
  ajvCompiles,
  judge,
  surelyValid,
  type QuickContext,
} from '../../../src/lint-base/quick-validator.js';
import { Fallbacks } from '../../../src/lint-base/mode.js';
import { schemaViolation } from '../../../rulesets/support/schema-validator.js';
import type { DiscriminatorRules } from '../../../rulesets/support/discriminators.js';

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
  // oneOf without a discriminator (belgif's BelgianRemittanceInformation), and with one as
  // schema-validator converts it: the discriminator value picks the branch through if/then.
  {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string' } },
    oneOf: [{ required: ['a'] }, { required: ['b'] }],
  },
  {
    allOf: [
      { required: ['kind'], properties: { kind: { enum: ['a', 'b'] } } },
      {
        if: { required: ['kind'], properties: { kind: { enum: ['a'] } } },
        then: { required: ['a'], properties: { a: { type: 'integer' } } },
      },
      { if: { required: ['kind'], properties: { kind: { enum: ['b'] } } }, then: { required: ['b'] } },
    ],
  },
  // null among enum values, with and without a null type (belgif's nullValueEnum).
  { type: 'string', enum: ['ab', 'abcd', null] },
  { type: ['string', 'null'], enum: ['ab', null] },
  { type: 'object', properties: { a: { type: 'string', enum: ['x', null] } } },
  // Patterns that are no `u` regular expression (belgif's MonetaryValue): ajv refuses the whole
  // schema, wherever the pattern sits, unless ajv ignores the keyword holding it.
  { type: 'string', pattern: '^(\\-|\\+)?((\\d+(\\.\\d*)?)|(\\.\\d+))$' },
  { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string', pattern: '\\-' } } },
  { anyOf: [{ type: 'integer' }, { pattern: '\\-' }] },
  { type: 'integer', if: { pattern: '\\-' } },
  { type: 'integer', then: { pattern: '\\-' } },
  { type: 'integer', if: { type: 'string' }, else: { pattern: '\\-' } },
  { type: 'array', items: { type: 'string' }, additionalItems: { pattern: '\\-' } },
  { type: 'integer', definitions: { x: { pattern: '\\-' } }, unknownKeyword: { pattern: '\\-' } },
  { type: 'object', patternProperties: { '\\-': { type: 'string' } } },
  { type: 'integer', dependencies: { a: ['b'] } },
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
  { a: 'x', b: 'y' },
  { b: 'y' },
  { kind: 'b', b: 'y' },
  { kind: 'c' },
  { a: null },
  '-12.5',
  '+1',
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

  it('judges as ajv does where it answers: valid, invalid, or refused (ajv will not compile the schema)', () => {
    const answers = { valid: 0, invalid: 0, refused: 0, unsure: 0 };
    let wholes = 0;
    for (const schema of schemas) {
      let check: ((v: unknown) => boolean) | undefined;
      try {
        check = ajv.compile(schema as object) as (v: unknown) => boolean;
      } catch {
        check = undefined;
      }
      const whole = ajvCompiles(schema, ctx);
      // Whether ajv compiles the whole schema, told from the schema alone: never wrong where it answers.
      if (whole !== 'unsure') expect({ schema, compiles: whole === 'compiles' }).toEqual({ schema, compiles: !!check });
      if (whole === 'compiles') wholes++;
      for (const value of values) {
        const verdict = judge(schema, value, ctx);
        answers[verdict]++;
        const truth = check ? (check(value) ? 'valid' : 'invalid') : 'refused';
        // An invalid verdict met a failing keyword; ajv may still refuse the schema for a keyword
        // the value never reached: ajvCompiles tells before a failure is worded (ajv judges the
        // whole where it cannot tell). Valid where ajv refuses: no finding either way.
        if (verdict === 'invalid' && whole !== 'compiles')
          expect({ schema, value, truth }).toEqual({
            schema,
            value,
            truth: whole === 'refused' ? 'refused' : expect.stringMatching(/^(invalid|refused)$/),
          });
        else if (verdict === 'valid' && truth === 'refused') continue;
        else if (verdict !== 'unsure') expect({ schema, value, truth }).toEqual({ schema, value, truth: verdict });
      }
    }
    expect(answers.refused).toBeGreaterThan(2 * values.length); // each value meets a refused schema more than twice
    expect(answers.invalid).toBeGreaterThan(answers.unsure);
    expect(wholes).toBeGreaterThan(schemas.length / 2);
  });

  it('knows every keyword ajv knows: judged, ignored as ajv ignores it, or left to ajv', () => {
    // A value for each keyword the interpreter judges, well formed; annotations ajv compiles nothing for.
    const judged: Record<string, unknown> = {
      $ref: undefined,
      maximum: 1,
      minimum: 1,
      exclusiveMaximum: 1,
      exclusiveMinimum: 1,
      multipleOf: 1,
      maxLength: 1,
      minLength: 1,
      pattern: 'a',
      maxProperties: 1,
      minProperties: 1,
      required: ['a'],
      maxItems: 1,
      minItems: 1,
      uniqueItems: true,
      type: 'integer',
      nullable: true,
      const: 1,
      enum: [1],
      not: {},
      anyOf: [{}],
      oneOf: [{}],
      allOf: [{}],
      if: {},
      then: {},
      else: {},
      propertyNames: {},
      additionalProperties: {},
      properties: {},
      patternProperties: {},
      additionalItems: {},
      items: {},
      contains: {},
      format: 'email',
      prefixItems: [{}],
      dependentRequired: { a: ['b'] },
    };
    const annotations = [
      '$comment',
      '$defs',
      'definitions',
      'title',
      'description',
      'default',
      'deprecated',
      'readOnly',
      'writeOnly',
      'examples',
      'contentMediaType',
      'contentEncoding',
      'contentSchema',
    ];
    for (const key of Object.keys(ajv.RULES.keywords)) {
      if (AJV_ONLY.has(key) || annotations.includes(key)) continue;
      expect(Object.keys(judged), key).toContain(key);
      if (key === '$ref' || (kind === '3.0' && (key === 'prefixItems' || key === 'dependentRequired'))) continue;
      const schema = { type: 'integer', [key]: judged[key] };
      expect(ajvCompiles(schema, ctx), key).toBe('compiles');
      expect(judge(schema, 1, ctx), key).not.toBe('unsure');
    }
  });

  it('leaves unknown keywords and malformed schemas to ajv', () => {
    expect(surelyValid({ type: 'string', unknownKeyword: 1 }, 'a', ctx)).toBe(false);
    expect(surelyValid({ minimum: 'five' }, 3, ctx)).toBe(false);
    expect(surelyValid({ pattern: '(' }, 'a', ctx)).toBe(false);
    expect(judge({ pattern: '(' }, 'a', ctx)).toBe('refused');
    expect(surelyValid({ type: 'string' }, 'a', ctx)).toBe(true);
  });
});

describe('schemaViolation, accelerated, as stock mode words it, without a fallback', () => {
  /** The finding's words in both modes, and the fallbacks accelerated mode recorded. */
  function bothModes(schema: Record<string, unknown>, value: unknown, kind: '3.0' | '3.1', rules?: DiscriminatorRules) {
    const sink = new Fallbacks();
    const fast = schemaViolation(schema, value, kind, undefined, rules, false, { accelerated: true, fallbacks: sink });
    const stock = schemaViolation(schema, value, kind, undefined, rules, false, { accelerated: false });
    return { fast, stock, fallbacks: sink.lines() };
  }

  const remittance = {
    type: 'object',
    properties: {
      unstructured: { type: 'string', maxLength: 5 },
      structured: { type: 'string', pattern: '^\\d{12}$' },
    },
    oneOf: [{ required: ['unstructured'] }, { required: ['structured'] }],
  };
  const cat = {
    type: 'object',
    required: ['petType', 'meows'],
    properties: { petType: { type: 'string' }, meows: { type: 'boolean' } },
  };
  const dog = {
    type: 'object',
    required: ['petType', 'barks'],
    properties: { petType: { type: 'string' }, barks: { type: 'integer', minimum: 0 } },
  };
  const pet = { oneOf: [cat, dog], discriminator: { propertyName: 'petType' } };
  const rules: DiscriminatorRules = new WeakMap([
    [pet, { propertyName: 'petType', branches: { keyword: 'oneOf' as const, values: [['Cat'], ['Dog']] } }],
  ]);
  const duration = {
    type: 'object',
    required: ['value', 'unit'],
    properties: { value: { type: 'integer', minimum: 1 }, unit: { type: 'string', enum: ['day', 'month', null] } },
  };
  const money = {
    type: 'object',
    required: ['value'],
    properties: {
      count: { type: 'integer' },
      value: { type: 'string', pattern: '^(\\-|\\+)?((\\d+(\\.\\d*)?)|(\\.\\d+))$' },
    },
  };

  it.each<[string, Record<string, unknown>, unknown, string | undefined, DiscriminatorRules?]>([
    ['oneOf: one branch', remittance, { unstructured: 'abc' }, undefined],
    [
      'oneOf: both branches',
      remittance,
      { unstructured: 'abc', structured: '010806817183' },
      'must match exactly one schema in oneOf',
    ],
    ['oneOf: no branch', remittance, {}, "must have required property 'unstructured'"],
    [
      'oneOf: a property failing before oneOf is met',
      remittance,
      { unstructured: 'abcdefgh' },
      '/unstructured must NOT have more than 5 characters',
    ],
    ['discriminator: the branch it names', pet, { petType: 'Cat', meows: true }, undefined, rules],
    [
      'discriminator: a failure in the branch it names',
      pet,
      { petType: 'Dog', barks: -1 },
      '/barks must be >= 0',
      rules,
    ],
    [
      'discriminator: a value naming no branch',
      pet,
      { petType: 'Bird' },
      '/petType must be equal to one of the allowed values',
      rules,
    ],
    ['discriminator: no value', pet, { meows: true }, "must have required property 'petType'", rules],
    [
      'oneOf, no discriminator rules: matching both',
      pet,
      { petType: 'Cat', meows: true, barks: 1 },
      'must match exactly one schema in oneOf',
    ],
    ['enum holding null: null', duration, { value: 1, unit: null }, '/unit must be string'],
    ['enum holding null: a listed value', duration, { value: 1, unit: 'day' }, undefined],
    [
      'enum holding null: another value',
      duration,
      { value: 1, unit: 'year' },
      '/unit must be equal to one of the allowed values',
    ],
    ['a pattern ajv refuses: a value it would match', money, { value: '0.01' }, undefined],
    ['a pattern ajv refuses: a value it would not match', money, { value: 'abc' }, undefined],
    // The value fails before the interpreter meets the pattern: ajvCompiles finds it.
    ['a pattern ajv refuses, after a failing property', money, { count: 'x', value: '1' }, undefined],
    ['a pattern ajv refuses, after a missing required property', money, { count: 1 }, undefined],
  ])('%s', (_name, schema, value, words, discriminators) => {
    for (const kind of ['3.0', '3.1'] as const) {
      const { fast, stock, fallbacks } = bothModes(schema, value, kind, discriminators);
      expect(stock).toBe(words);
      expect(fast).toBe(stock);
      expect(fallbacks).toEqual([]);
    }
  });
});
