import { defineRule, type RuleCase } from '../define.js';
import { op, P, v31, withPath, withSchemas } from '../documents.js';
import { allMediaTypes, allParameters, inventory } from '../../support/inventory.js';
import { asArray, entries, isObject, type Json, type JsonPath } from '../../support/json.js';
import { oasKind, schemaViolation } from '../../support/schema-validator.js';
import { discriminatorRules, type DiscriminatorRules } from '../../support/discriminators.js';
import { defineRuleFunction, definitionPath, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { withYamlHint } from './support/yaml-hint.js';

/**
 * The message for a discriminator value that selects no schema: ajv's enum wording ("must be equal to
 * one of the allowed values") hides that the cause is the discriminator's mapping, so say that.
 */
function withDiscriminatorHint(
  why: string | undefined,
  value: unknown,
  schema: Json,
  rules: DiscriminatorRules,
  names: ReadonlySet<string>,
): string | undefined {
  const match =
    why === undefined ? null : /^((?:\/[^/\s]+)*)\/([^/\s]+) must be equal to one of the allowed values$/.exec(why);
  if (!match || !names.has(match[2] as string)) return why;
  const [, parent = '', property = ''] = match;
  let node = value;
  for (const segment of parent
    .slice(1)
    .split('/')
    .filter((x) => x !== ''))
    node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
  const selected = isObject(node) ? node[property] : undefined;
  const rule = parent === '' ? rules.get(schema) : undefined;
  const known = rule?.allowed ?? rule?.branches?.values.flat();
  const options = known ? ` (it knows ${[...new Set(known)].join(', ')})` : '';
  return `${parent}/${property} ${JSON.stringify(selected)} selects no schema of the discriminator on "${property}"${options}: add it to the discriminator's mapping, or use a value that names a schema`;
}
interface ExampleContext {
  kind: ReturnType<typeof oasKind>;
  rules: DiscriminatorRules;
  names: ReadonlySet<string>;
}
function exampleViolation(schema: Json, value: unknown, { kind, rules, names }: ExampleContext): string | undefined {
  return withDiscriminatorHint(
    withYamlHint(schemaViolation(schema, value, kind, undefined, rules), value),
    value,
    schema,
    rules,
    names,
  );
}
function checkExamples(holder: Json, schema: unknown, at: JsonPath, ctx: ExampleContext, out: Finding[]): void {
  if (!isObject(schema)) return;
  if ('example' in holder) {
    const why = exampleViolation(schema, holder.example, ctx);
    if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'example']));
  }
  for (const [name, example] of entries(holder.examples)) {
    if (!isObject(example) || !('value' in example)) continue;
    const why = exampleViolation(schema, example.value, ctx);
    if (why)
      out.push(
        finding(`Example "${name}" is not valid against its schema: ${why}`, [...at, 'examples', name, 'value']),
      );
  }
}
/**
 * oas-exampl: examples of schemas, parameters and media types must be valid against their schemas;
 * a discriminator value picks the oneOf branch to check (and must name a known schema).
 */
const examplesValid = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const kind = oasKind(root);
  const out: Finding[] = [];
  const { schemas } = inventory(root);
  const rules = discriminatorRules(root, schemas, (at) => definitionPath(context, at));
  const names = new Set(
    schemas.flatMap(({ schema }) =>
      isObject(schema.discriminator) && typeof schema.discriminator.propertyName === 'string'
        ? [schema.discriminator.propertyName]
        : [],
    ),
  );
  const ctx: ExampleContext = { kind, rules, names };
  for (const { schema, at } of schemas) {
    if ('example' in schema) {
      const why = exampleViolation(schema, schema.example, ctx);
      if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'example']));
    }
    asArray(schema.examples).forEach((value, i) => {
      const why = exampleViolation(schema, value, ctx);
      if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'examples', i]));
    });
  }
  for (const { parameter, at } of allParameters(root)) checkExamples(parameter, parameter.schema, at, ctx, out);
  for (const { media, at } of allMediaTypes(root)) checkExamples(media, media.schema, at, ctx, out);
  return out;
});

export const rule = defineRule({
  code: 'oas-exampl',
  severity: 'error',
  description: 'Examples are valid against their schema',
  then: examplesValid,
});

/** A Credential told apart by `discriminator`, its example of kind AAD, and AadCredential extending it. */
const credentials = (discriminator: Json): Json =>
  withSchemas({
    Credential: {
      type: 'object',
      properties: { kind: { type: 'string' } },
      required: ['kind'],
      discriminator,
      example: { kind: 'AAD' },
    },
    AadCredential: {
      allOf: [
        { $ref: '#/components/schemas/Credential' },
        { type: 'object', properties: { tenant: { type: 'string' } } },
      ],
    },
  });

export const cases = (): RuleCase[] => [
  // The message names the cause: a discriminator value that no schema name and no mapping entry selects.

  {
    name: 'a discriminator value missing from the mapping: the message says so',
    errors: [
      {
        path: P('Credential', 'example'),
        message:
          '/kind "AAD" selects no schema of the discriminator on "kind" (it knows Credential, AadCredential): add it to the discriminator\'s mapping',
      },
    ],
    document: credentials({ propertyName: 'kind' }),
  },
  {
    name: 'the same value mapped',
    errors: [],
    document: credentials({ propertyName: 'kind', mapping: { AAD: '#/components/schemas/AadCredential' } }),
  },

  {
    name: 'an unquoted leading-zero number where a string is wanted: the message says to quote it',
    errors: [
      {
        path: P('Person', 'example'),
        message:
          '/ssin must be string (unquoted digits are a number in YAML 1.2, and a leading-zero one a string only in YAML 1.1: quote the value)',
      },
      { path: P('Ssin', 'example'), message: 'quote the value' },
    ],
    document: withSchemas({
      Ssin: { type: 'string', pattern: '^\\d{11}$', example: 433072831 },
      Person: { type: 'object', properties: { ssin: { type: 'string' } }, example: { ssin: 433072831 } },
    }),
  },
  {
    name: '3.1: a null example of a nullable string; a number example',
    errors: [{ path: P('B', 'example') }],
    document: v31(
      withSchemas({ A: { type: ['string', 'null'], example: null }, B: { type: ['string', 'null'], example: 1 } }),
    ),
  },

  {
    name: 'the discriminator value picks the oneOf branch; unknown values and names are flagged',
    errors: [{ path: P('Animal', 'examples', 1) }, { path: P('Dog', 'example') }],
    document: withSchemas({
      Pet: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
      },
      Cat: {
        allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { name: { type: 'string' } } }],
      },
      Dog: {
        allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { bark: { type: 'string' } } }],
        example: { kind: 'Wolf', bark: 'loud' },
      },
      Animal: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
        examples: [{ kind: 'cat', name: 'misty' }, { kind: 'Monkey' }, { kind: 'Dog', bark: 'soft' }],
      },
    }),
  },
  {
    name: 'schema, parameter and media type examples',
    errors: [
      { path: P('A', 'example') },
      { path: ['paths', '/things', 'get', 'parameters', 0, 'example'] },
      {
        path: [
          'paths',
          '/things',
          'get',
          'responses',
          '200',
          'content',
          'application/json',
          'examples',
          'one',
          'value',
        ],
      },
    ],
    document: withPath(
      '/things',
      {
        get: op({
          parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' }, example: 'one' }],
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
                  examples: { one: { value: { b: 1 } } },
                },
              },
            },
          },
        }),
      },
      { components: { schemas: { A: { type: 'string', format: 'date-time', example: '2024-01-01T10:00:00' } } } },
    ),
  },
  {
    name: 'valid examples',
    errors: [],
    document: withSchemas({
      A: { type: 'string', format: 'date-time', example: '2024-01-01T10:00:00Z' },
      B: { type: 'object', properties: { n: { type: 'integer', format: 'int32' } }, example: { n: 3 } },
    }),
  },
];
