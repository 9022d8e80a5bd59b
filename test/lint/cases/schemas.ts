// Cases for the schema rules: composition, values, property conventions.
import type { RuleCase } from '../harness.js';
import { withPath, withSchemas, op } from '../documents.js';

const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];

export const cases: Record<string, RuleCase[]> = {
  'sch-allof': [
    {
      name: 'members redeclare a property',
      errors: [{ path: P('A', 'allOf'), message: 'name' }],
      document: withSchemas({
        A: {
          allOf: [
            { type: 'object', properties: { name: { type: 'string' } } },
            { type: 'object', properties: { name: { type: 'string' } } },
          ],
        },
      }),
    },
    {
      name: 'discriminator property not required',
      errors: [{ path: P('Pet', 'discriminator') }],
      document: withSchemas({
        Pet: {
          type: 'object',
          properties: { kind: { type: 'string' } },
          discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Pet' } },
        },
      }),
    },
    {
      name: 'distinct members, required discriminator',
      errors: [],
      document: withSchemas({
        Pet: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string' } },
          discriminator: { propertyName: 'kind' },
        },
        Dog: {
          allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { bark: { type: 'boolean' } } }],
        },
      }),
    },
    {
      name: 'a member redeclares a property its sibling gets from a oneOf branch',
      errors: [{ path: P('B', 'allOf'), message: 'code' }],
      document: withSchemas({
        B: {
          allOf: [
            {
              oneOf: [
                { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
                { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
              ],
            },
            { type: 'object', properties: { code: { type: 'string' } } },
          ],
        },
      }),
    },
    {
      name: 'oneOf branches of one member share a property',
      errors: [],
      document: withSchemas({
        C: {
          allOf: [
            {
              oneOf: [
                { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
                { type: 'object', required: ['code'], properties: { code: { type: 'integer' } } },
              ],
            },
            { type: 'object', properties: { label: { type: 'string' } } },
          ],
        },
      }),
    },
  ],
  'sch-allof-types': [
    {
      name: 'string and object members',
      errors: [{ path: P('A', 'allOf'), message: 'incompatible' }],
      document: withSchemas({
        A: { allOf: [{ type: 'string' }, { type: 'object' }] },
      }),
    },
    {
      name: 'integer and number are compatible',
      errors: [],
      document: withSchemas({ A: { anyOf: [{ type: 'integer' }, { type: 'number' }] } }),
    },
    {
      name: 'alternatives of different types are a union; allOf narrows it',
      errors: [],
      document: withSchemas({
        A: { anyOf: [{ type: 'integer' }, { type: 'array' }] },
        B: { allOf: [{ type: 'string' }, { oneOf: [{ type: 'string' }, { type: 'object' }, { description: 'any' }] }] },
      }),
    },
    {
      name: 'allOf leaving no type, through a member narrowed by its oneOf: once, where it arises',
      errors: [{ path: P('Root', 'allOf'), message: 'object, string' }],
      document: withSchemas({
        Narrowed: { allOf: [{ type: 'object' }], oneOf: [{ type: 'object' }, { type: 'string' }] },
        Root: { allOf: [{ $ref: '#/components/schemas/Narrowed' }, { type: 'string' }] },
        Outer: { allOf: [{ $ref: '#/components/schemas/Root' }] },
      }),
    },
  ],
  'sch-oneof': [
    {
      name: 'objects without discriminator',
      errors: [{ path: P('A', 'oneOf') }],
      document: withSchemas({
        A: {
          oneOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
      }),
    },
    {
      name: 'member without the discriminator property',
      errors: [{ path: P('A', 'oneOf', 1) }],
      document: withSchemas({
        A: {
          discriminator: { propertyName: 'kind' },
          oneOf: [
            { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
      }),
    },
    {
      name: 'enums of different types',
      errors: [{ path: P('A', 'oneOf'), message: 'different types' }],
      document: withSchemas({ A: { oneOf: [{ enum: ['a'] }, { enum: [1] }] } }),
    },
    {
      name: 'a discriminated object mixed with a required-only member',
      errors: [{ path: P('A', 'oneOf') }, { path: P('A', 'oneOf', 1) }],
      document: withSchemas({
        A: {
          discriminator: { propertyName: 'kind' },
          oneOf: [
            { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
            { required: ['kind', 'x'] },
          ],
        },
      }),
    },
    {
      name: 'the three allowed forms',
      errors: [],
      document: withSchemas({
        R: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'string' } },
          oneOf: [
            { required: ['a'], example: { a: 'x' } },
            { required: ['b'], title: 'ByB' },
          ],
        },
        E: {
          oneOf: [
            { type: 'string', enum: ['a'] },
            { type: 'string', enum: ['b'] },
          ],
        },
        D: {
          discriminator: { propertyName: 'kind' },
          oneOf: [
            { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
            { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, x: { type: 'string' } } },
          ],
        },
      }),
    },
  ],
  'sch-discr': [
    {
      name: 'no mapping; a bare name in a mapping',
      errors: [{ path: P('A', 'discriminator') }, { path: P('B', 'discriminator', 'mapping', 'dog') }],
      document: withSchemas({
        A: { type: 'object', discriminator: { propertyName: 'kind' } },
        B: { type: 'object', discriminator: { propertyName: 'kind', mapping: { dog: 'Dog' } } },
      }),
    },
    {
      name: 'mapping to URI references',
      errors: [],
      document: withSchemas({
        A: { type: 'object', discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog' } } },
      }),
    },
  ],
  'oas-defaul': [
    {
      name: 'default of the wrong type',
      errors: [{ path: P('A', 'properties', 'size', 'default') }],
      document: withSchemas({
        A: { type: 'object', properties: { size: { type: 'integer', minimum: 1, default: 0 } } },
      }),
    },
    {
      name: 'valid defaults',
      errors: [],
      document: withSchemas({
        A: {
          type: 'object',
          properties: {
            size: { type: 'integer', minimum: 1, default: 1 },
            d: { type: 'string', format: 'date', default: '2024-01-31' },
          },
        },
      }),
    },
  ],
  'oas-enum': [
    {
      name: 'a value of another type; null without nullable',
      errors: [
        { path: P('A', 'enum', 1), message: '3' },
        { path: P('B', 'enum', 1), message: 'null' },
      ],
      document: withSchemas({
        A: { type: 'string', enum: ['a', 3] },
        B: { type: 'string', enum: ['a', null] },
      }),
    },
    {
      name: 'one finding per value; the enum of an allOf member against the composed schema',
      errors: [
        { path: P('A', 'enum', 1) },
        { path: P('A', 'enum', 2) },
        { path: P('Sizes', 'allOf', 1, 'enum', 1), message: 'xl' },
      ],
      document: withSchemas({
        A: { type: 'string', enum: ['a', 1, 2] },
        Size: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string' } },
        },
        Sizes: {
          allOf: [{ $ref: '#/components/schemas/Size' }, { type: 'object', enum: [{ code: 's' }, { xl: true }] }],
        },
      }),
    },
    {
      name: 'valid values, null when nullable',
      errors: [],
      document: withSchemas({
        A: { type: 'string', enum: ['a', 'b'] },
        B: { type: 'string', nullable: true, enum: ['a', null] },
      }),
    },
  ],
  'oas-exampl': [
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
  ],
};
