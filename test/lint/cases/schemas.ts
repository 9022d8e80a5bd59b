// Cases for the schema rules: composition, values, property conventions.
import type { RuleCase } from '../harness.js';
import { withPath, withSchemas, op, ok } from '../documents.js';

const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];

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
  'cod-design': [
    {
      name: 'upper-case codes; discriminator values: one finding per mapping',
      errors: [
        { path: P('Status', 'enum'), message: 'ACTIVE' },
        { path: P('A', 'discriminator', 'mapping'), message: 'Dog, Big.Cat' },
      ],
      document: withSchemas({
        Status: { type: 'string', enum: ['ACTIVE', 'closed'] },
        A: {
          type: 'object',
          discriminator: {
            propertyName: 'kind',
            mapping: {
              Dog: '#/components/schemas/A',
              'Big.Cat': '#/components/schemas/A',
              bird: '#/components/schemas/A',
            },
          },
        },
      }),
    },
    {
      name: 'sort codes named by their schema; CloudEvents types of AsynchronousMessageBase messages',
      errors: [],
      document: withSchemas({
        EmployerSortKey: { type: 'string', enum: ['name', '-name', '-creationDate'] },
        AsynchronousMessageBase: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
        EmployerEvent: {
          allOf: [{ $ref: '#/components/schemas/AsynchronousMessageBase' }],
          discriminator: {
            propertyName: 'type',
            mapping: { 'be.employer.created': '#/components/schemas/EmployerEvent' },
          },
        },
      }),
    },
    {
      name: 'lowerCamelCase codes, sort with -, health states, BelgianRegionCode',
      errors: [],
      document: withPath(
        '/things',
        {
          get: op({
            parameters: [
              {
                name: 'sort',
                in: 'query',
                schema: { type: 'array', items: { type: 'string', enum: ['name', '-name'] } },
              },
            ],
          }),
        },
        {
          components: {
            schemas: {
              Status: { type: 'string', enum: ['active', 'closedForGood'] },
              Health: { type: 'object', properties: { status: { type: 'string', enum: ['UP', 'DEGRADED', 'DOWN'] } } },
              BelgianRegionCode: { type: 'string', enum: ['BE-BRU', 'BE-VLG'] },
            },
          },
        },
      ),
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
  'oas-descr': [
    {
      name: 'no summary; inline object without title; lower title; component title differs',
      errors: [
        { path: ['paths', '/things', 'get'], message: 'summary' },
        { path: ['paths', '/things', 'get', 'responses', '200', 'content', 'application/json', 'schema'] },
        { path: P('A', 'properties', 'b', 'title') },
        { path: P('C', 'title') },
      ],
      document: withPath(
        '/things',
        {
          get: {
            operationId: 'getThings',
            responses: { '200': ok({ type: 'object', properties: { a: { type: 'string' } } }) },
          },
        },
        {
          components: {
            schemas: {
              A: {
                type: 'object',
                properties: { b: { type: 'object', title: 'lower', properties: { c: { type: 'string' } } } },
              },
              C: { type: 'object', title: 'Other', properties: { c: { type: 'string' } } },
            },
          },
        },
      ),
    },
    {
      name: 'an untitled inline object without properties',
      errors: [{ path: O('/things', 'get', 'responses', '200', 'content', 'application/json', 'schema') }],
      document: withPath('/things', {
        get: op({ responses: { '200': ok({ type: 'object', description: 'anything' }) } }),
      }),
    },
    {
      name: 'an untitled inline map; an object only through allOf',
      errors: [],
      document: withPath(
        '/things',
        {
          get: op({
            responses: {
              '200': ok({
                title: 'Counts',
                type: 'object',
                properties: {
                  byName: { type: 'object', additionalProperties: { type: 'integer' } },
                  other: { allOf: [{ $ref: '#/components/schemas/A' }] },
                },
              }),
            },
          }),
        },
        { components: { schemas: { A: { type: 'object' } } } },
      ),
    },
    {
      name: 'summaries, titled inline objects, referenced components',
      errors: [],
      document: withPath(
        '/things',
        {
          get: op({ responses: { '200': ok({ $ref: '#/components/schemas/A' }) } }),
          post: op({
            operationId: 'post',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { title: 'Input', type: 'object', properties: { a: { type: 'string' } } },
                },
              },
            },
          }),
        },
        {
          components: {
            schemas: {
              A: {
                type: 'object',
                title: 'A',
                properties: { b: { allOf: [{ type: 'object', properties: { c: { type: 'string' } } }] } },
              },
            },
          },
        },
      ),
    },
  ],
  'jsn-naming': [
    {
      name: 'snake and kebab case',
      errors: [{ path: P('A', 'properties', 'first_name') }, { path: P('A', 'properties', 'last-name') }],
      document: withSchemas({
        A: {
          type: 'object',
          properties: { first_name: { type: 'string' }, 'last-name': { type: 'string' }, ok: { type: 'string' } },
        },
      }),
    },
    {
      name: 'lowerCamelCase and OAuth2 names',
      errors: [],
      document: withSchemas({
        A: {
          type: 'object',
          properties: { employerId: { type: 'string' }, ssin: { type: 'string' }, access_token: { type: 'string' } },
        },
      }),
    },
  ],
  'jsn-null': [
    {
      name: 'nullable in a representation',
      errors: [{ path: P('Employer', 'properties', 'name', 'nullable') }],
      document: withSchemas({
        Employer: { type: 'object', properties: { name: { type: 'string', nullable: true } } },
      }),
    },
    {
      name: 'nullable in patch schemas (by name, by use in PATCH)',
      errors: [],
      document: withPath(
        '/employers/{employerId}',
        {
          patch: op({
            requestBody: {
              required: true,
              content: { 'application/merge-patch+json': { schema: { $ref: '#/components/schemas/Changes' } } },
            },
          }),
        },
        {
          components: {
            schemas: {
              EmployerPatch: { type: 'object', properties: { name: { type: 'string', nullable: true } } },
              Changes: { type: 'object', properties: { date: { type: 'string', nullable: true } } },
            },
          },
        },
      ),
    },
    {
      name: 'a CloudEvents event: its attributes may be null, its data and the event may not',
      errors: [
        { path: P('EmployerCreated', 'properties', 'data', 'properties', 'name', 'nullable') },
        { path: P('Wrapper', 'properties', 'event', 'nullable') },
      ],
      document: withSchemas({
        AsynchronousMessageBase: { type: 'object', properties: { type: { type: 'string' } } },
        EmployerCreated: {
          allOf: [
            { $ref: '#/components/schemas/AsynchronousMessageBase' },
            { type: 'object', properties: { subject: { type: 'string', nullable: true } } },
          ],
          properties: {
            dataref: { type: 'string', nullable: true },
            data: { type: 'object', properties: { name: { type: 'string', nullable: true } } },
          },
        },
        Wrapper: {
          type: 'object',
          properties: { event: { nullable: true, allOf: [{ $ref: '#/components/schemas/EmployerCreated' }] } },
        },
      }),
    },
  ],
  'oas-rdonly': [
    {
      name: 'required readOnly property',
      errors: [{ path: P('A', 'required', 0) }],
      document: withSchemas({
        A: { type: 'object', required: ['self'], properties: { self: { type: 'string', readOnly: true } } },
      }),
    },
    {
      name: 'readOnly, not required',
      errors: [],
      document: withSchemas({
        A: {
          type: 'object',
          required: ['name'],
          properties: { self: { type: 'string', readOnly: true }, name: { type: 'string' } },
        },
      }),
    },
    {
      name: 'readOnly in an allOf member, required in a oneOf branch: once, where composed',
      errors: [{ path: P('Ids'), message: '"id"' }],
      document: withSchemas({
        Base: { type: 'object', properties: { id: { type: 'string', readOnly: true }, ssin: { type: 'string' } } },
        Ids: {
          allOf: [{ $ref: '#/components/schemas/Base' }, { oneOf: [{ required: ['id'] }, { required: ['ssin'] }] }],
        },
        Child: {
          allOf: [{ $ref: '#/components/schemas/Ids' }, { type: 'object', properties: { x: { type: 'string' } } }],
        },
      }),
    },
    {
      name: 'readOnly in one oneOf branch, required in another',
      errors: [],
      document: withSchemas({
        A: {
          oneOf: [
            { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
            { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
          ],
        },
      }),
    },
  ],
  'prop-req': [
    {
      name: 'required name not declared',
      errors: [{ path: P('A', 'required', 1), message: 'nmae' }],
      document: withSchemas({
        A: {
          type: 'object',
          required: ['id', 'nmae'],
          properties: { id: { type: 'string' }, name: { type: 'string' } },
        },
      }),
    },
    {
      name: 'declared inline, through allOf, or by the oneOf parent',
      errors: [],
      document: withSchemas({
        A: { allOf: [{ type: 'object', properties: { id: { type: 'string' } } }], required: ['id'] },
        B: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'string' } },
          oneOf: [{ required: ['a'] }, { required: ['b'] }],
        },
      }),
    },
  ],
  'addi-prop': [
    {
      name: 'properties and additionalProperties',
      errors: [{ path: P('A', 'additionalProperties') }],
      document: withSchemas({
        A: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } },
      }),
    },
    {
      name: 'a map; a closed object',
      errors: [],
      document: withSchemas({
        M: { type: 'object', additionalProperties: { type: 'string' } },
        C: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      }),
    },
  ],
  'dec-type': [
    {
      name: 'an amount as number',
      errors: [{ path: P('Invoice', 'properties', 'totalAmount') }],
      document: withSchemas({
        Invoice: { type: 'object', properties: { totalAmount: { type: 'number' } } },
      }),
    },
    {
      name: 'an amount as string format number; a ratio as number',
      errors: [],
      document: withSchemas({
        Invoice: {
          type: 'object',
          properties: { totalAmount: { type: 'string', format: 'number' }, ratio: { type: 'number' } },
        },
      }),
    },
  ],
  'multi-lang': [
    {
      name: 'one property per language',
      errors: [{ path: P('A', 'properties', 'nameNl') }, { path: P('A', 'properties', 'nameFr') }],
      document: withSchemas({
        A: { type: 'object', properties: { nameNl: { type: 'string' }, nameFr: { type: 'string' } } },
      }),
    },
    {
      name: 'a localized object',
      errors: [],
      document: withSchemas({
        A: {
          type: 'object',
          properties: { name: { type: 'object', properties: { nl: { type: 'string' }, fr: { type: 'string' } } } },
        },
      }),
    },
  ],
  'prf-embed': [
    {
      name: 'embedded with fixed properties',
      errors: [{ path: P('A', 'properties', 'embedded') }],
      document: withSchemas({
        A: { type: 'object', properties: { embedded: { type: 'object', properties: { x: { type: 'string' } } } } },
      }),
    },
    {
      name: 'embedded as a map',
      errors: [],
      document: withSchemas({
        A: { type: 'object', properties: { embedded: { type: 'object', additionalProperties: { type: 'object' } } } },
      }),
    },
  ],
  'id-numer': [
    {
      name: 'unbounded integer id; digit-string id without pattern',
      errors: [{ path: P('A', 'properties', 'employerId') }, { path: P('A', 'properties', 'companyId') }],
      document: withSchemas({
        A: {
          type: 'object',
          properties: { employerId: { type: 'integer' }, companyId: { type: 'string', example: '0123456789' } },
        },
      }),
    },
    {
      name: 'bounded integer, patterned string',
      errors: [],
      document: withSchemas({
        A: {
          type: 'object',
          properties: {
            employerId: { type: 'integer', format: 'int64', minimum: 0, maximum: 5999999999 },
            companyId: { type: 'string', pattern: '^\\d{10}$' },
          },
        },
      }),
    },
  ],
};
