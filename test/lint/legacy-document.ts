// A large "legacy" OpenAPI document that breaks many rules in many combinations (deterministic by
// index), so a golden file of its findings pins what the ruleset finds while its speed changes.
type Json = Record<string, unknown>;

const problem = { $ref: '#/components/responses/Problem' };

function schemas(i: number): Json {
  const T = `Legacy${i}`;
  const props: Json = {
    self: { type: 'string', format: 'uri', readOnly: true },
    legacy_id: { type: 'integer', example: i % 2 ? 'not a number' : i },
    created_at: {
      type: 'string',
      format: 'date-time',
      nullable: i % 3 === 0,
      example: i % 4 ? '2020-01-01T00:00:00Z' : 'yesterday',
    },
    status: {
      type: 'string',
      enum: i % 2 ? ['ACTIVE', 'INACTIVE'] : ['active', 'inactive'],
      default: i % 5 ? 'active' : 'unknown',
    },
    amount: { type: 'number', minimum: 0, maximum: 10, default: i % 3 ? 5 : 11, exclusiveMinimum: i % 7 === 0 },
    tags: { type: 'array', items: { type: 'string', maxLength: 5 }, example: i % 2 ? ['ok'] : ['much too long'] },
    address: {
      type: 'object',
      required: ['street'],
      properties: {
        street: { type: 'string' },
        ZipCode: { type: 'string', pattern: '^[0-9]{4}$', example: i % 3 ? '1000' : 'abcd' },
        node_id: { type: 'string' },
      },
      example: i % 2 ? { street: 'Rue', ZipCode: '1000' } : { ZipCode: 12 },
    },
    password: { type: 'string', format: 'password' },
    ssn: { type: 'string', description: 'social security number' },
  };
  if (i % 4 === 0) props.extra = { type: 'object', additionalProperties: true };
  const out: Json = {
    [T]: {
      type: 'object',
      required: i % 2 ? ['self', 'legacy_id'] : ['missingProp'],
      properties: props,
      ...(i % 6 === 0 ? { example: { legacy_id: 'x', status: 'nope' } } : {}),
    },
    [`${T}Collection`]:
      i % 3 === 0
        ? { type: 'array', items: { $ref: `#/components/schemas/${T}` } }
        : {
            type: 'object',
            properties: {
              self: { type: 'string' },
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { href: { type: 'string', format: 'uri' }, node_id: { type: 'string' } },
                },
              },
              total_count: { type: 'integer' },
            },
          },
  };
  if (i % 5 === 0) {
    out[`${T}Kind`] = {
      oneOf: [{ $ref: `#/components/schemas/${T}` }, { type: 'object', properties: { kind: { type: 'string' } } }],
      discriminator: { propertyName: i % 10 === 0 ? 'kind' : 'type_name' },
    };
    out[`${T}Derived`] = {
      allOf: [
        { $ref: `#/components/schemas/${T}` },
        { type: 'string' },
        { type: 'object', properties: { more_info: { type: 'string' } } },
      ],
    };
  }
  return out;
}

function paths(i: number): Json {
  const T = `Legacy${i}`;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: Json, extra: Json = {}) => ({
    description: 'OK',
    content: { [i % 4 === 1 ? 'text/plain' : 'application/json']: { schema, ...extra } },
  });
  const collection = i % 4 === 2 ? `/get_legacy${i}s/` : `/legacy${i}s`;
  const document = i % 3 === 1 ? `/legacy${i}s/{id}.json` : `/legacy${i}s/{legacy${i}Id}`;
  const idName = i % 3 === 1 ? 'id' : `legacy${i}Id`;
  return {
    [collection]: {
      get: {
        operationId: i % 2 ? `list_legacy${i}` : `listLegacy${i}s`,
        ...(i % 3 ? { summary: `List ${T}` } : {}),
        ...(i % 4 === 3 ? { tags: ['Undeclared'] } : { tags: ['Legacy'] }),
        parameters: [
          {
            name: i % 2 ? 'page_size' : 'pageSize',
            in: 'query',
            schema: { type: 'integer', default: i % 3 ? 20 : 'twenty' },
          },
          { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string', enum: ['name', '-name'] },
            example: i % 2 ? 'name' : 'size',
          },
        ],
        responses: {
          200: json(ref(`${T}Collection`)),
          ...(i % 2 ? { default: problem } : { 500: { description: 'Error' } }),
          ...(i % 5 === 0 ? { 204: { description: 'Empty' } } : {}),
        },
      },
      post: {
        operationId: `create${T}`,
        summary: `Create ${T}`,
        tags: ['Legacy'],
        ...(i % 3 === 2
          ? {}
          : {
              requestBody: {
                content: {
                  'application/json': { schema: ref(T), example: i % 2 ? { legacy_id: 1 } : { legacy_id: 'one' } },
                },
              },
            }),
        responses:
          i % 2
            ? { 200: json(ref(T)), default: problem }
            : {
                201: { description: 'Created' },
                400: { description: 'Bad', content: { 'application/json': { schema: { type: 'object' } } } },
              },
      },
    },
    [document]: {
      parameters: [
        {
          name: idName,
          in: 'path',
          required: true,
          schema: i % 2 ? { type: 'integer' } : { type: 'string', pattern: '^[0-9]+$' },
        },
      ],
      get: {
        operationId: `get${T}`,
        summary: `Get ${T}`,
        tags: ['Legacy'],
        responses: {
          200: json(
            i % 4 === 0
              ? { type: 'object', properties: { node_id: { type: 'string' }, Full_Name: { type: 'string' } } }
              : ref(T),
          ),
          default: problem,
          ...(i % 3 === 0 ? { 201: { description: 'odd' } } : {}),
        },
      },
      ...(i % 2
        ? {
            put: {
              operationId: `replace${T}`,
              tags: ['Legacy'],
              requestBody: { required: true, content: { 'application/json': { schema: ref(T) } } },
              responses: { 201: { description: 'Replaced' }, default: problem },
            },
          }
        : {}),
      ...(i % 3 === 0
        ? {
            patch: {
              operationId: `patch${T}`,
              tags: ['Legacy'],
              requestBody: { content: { 'application/json-patch+json': { schema: { type: 'array' } } } },
              responses: { 200: json(ref(T)), default: problem },
            },
          }
        : {}),
      delete: {
        operationId: `delete${T}`,
        tags: ['Legacy'],
        responses:
          i % 2
            ? { 200: { description: 'Gone' }, default: problem }
            : { 204: { description: 'Gone' }, default: problem },
      },
    },
    ...(i % 6 === 0
      ? {
          [`/legacy${i}s/doSomething`]: {
            post: { operationId: `doSomething${i}`, tags: ['Legacy'], responses: { 200: { description: 'Done' } } },
          },
        }
      : {}),
  };
}

/** A legacy-style document of `resources` resources (~4.5 KB of JSON each). */
export function generateLegacyDocument(resources: number): Json {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Legacy API', version: 'v1.2' },
    servers: [{ url: i18nServer() }],
    tags: [{ name: 'Legacy' }],
    paths: {} as Json,
    components: {
      schemas: {
        Problem: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            error_code: { type: 'string' },
          },
        },
      } as Json,
      responses: {
        Problem: {
          description: 'Problem',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      },
    },
  };
  for (let i = 0; i < resources; i++) {
    Object.assign(doc.paths, paths(i));
    Object.assign(doc.components.schemas, schemas(i));
  }
  return doc;
}

const i18nServer = () => 'http://legacy.example.com/api/';
