// A large, realistic OpenAPI document (collections, documents, $refs, examples) for timing.
type Json = Record<string, unknown>;

function resource(i: number): { paths: Json; schemas: Json } {
  const name = `resource${i}`;
  const Type = `Resource${i}`;
  const properties: Json = { self: { type: 'string', format: 'uri', readOnly: true } };
  for (let p = 0; p < 12; p++) {
    properties[`field${p}`] =
      p % 3 === 0
        ? { type: 'integer', format: 'int32', minimum: 0, maximum: 1000, example: p }
        : {
            type: 'string',
            maxLength: 100,
            description: `Field ${p} of ${Type}, described at some length so the document looks like a real one.`,
          };
  }
  properties.status = { type: 'string', enum: ['active', 'inactive', 'pending'] };
  const problem = { $ref: '#/components/responses/ProblemResponse' };
  return {
    schemas: {
      [Type]: { type: 'object', required: ['field1'], properties },
      [`${Type}Collection`]: {
        type: 'object',
        properties: {
          self: { type: 'string', format: 'uri' },
          items: { type: 'array', items: { $ref: `#/components/schemas/${Type}Link` } },
          // Paged by page: the answer links the next page and says which page it is (col-paging).
          next: { type: 'string', format: 'uri' },
          page: { type: 'integer', format: 'int32', minimum: 1 },
          pageSize: { type: 'integer', format: 'int32', minimum: 1 },
          total: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000000 },
        },
      },
      [`${Type}Link`]: {
        type: 'object',
        properties: { href: { type: 'string', format: 'uri' }, title: { type: 'string' } },
      },
    },
    paths: {
      [`/${name}s`]: {
        get: {
          operationId: `get${Type}s`,
          summary: `List ${name}s`,
          tags: ['Resources'],
          parameters: [{ $ref: '#/components/parameters/Page' }, { $ref: '#/components/parameters/PageSize' }],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${Type}Collection` } } },
            },
            default: problem,
          },
        },
      },
      [`/${name}s/{${name}Id}`]: {
        parameters: [
          { name: `${name}Id`, in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]+$' } },
        ],
        get: {
          operationId: `get${Type}`,
          summary: `Get a ${name}`,
          tags: ['Resources'],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${Type}` } } },
            },
            default: problem,
          },
        },
      },
    },
  };
}

/** A document of roughly `targetBytes` of JSON. */
export function generateDocument(targetBytes: number): Json {
  const doc: Json & { paths: Json; components: { schemas: Json } & Json } = {
    openapi: '3.0.3',
    info: {
      title: 'Large API',
      version: '1.0.0',
      description: 'A generated API of many similar resources, for timing the lint.',
    },
    servers: [{ url: 'https://api.example.be/large/v1' }],
    tags: [{ name: 'Resources' }],
    paths: {},
    components: {
      schemas: {
        Problem: {
          'x-ignore-rules': { 'oas-comdef': 'A self-contained generated document' },
          type: 'object',
          properties: {
            type: { type: 'string', format: 'uri' },
            status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
          },
        },
      },
      parameters: {
        Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        PageSize: { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      },
      responses: {
        ProblemResponse: {
          description: 'Problem',
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      },
    },
  };
  const perResource = JSON.stringify(resource(1)).length;
  const count = Math.max(1, Math.round(targetBytes / perResource));
  for (let i = 0; i < count; i++) {
    const r = resource(i);
    Object.assign(doc.paths, r.paths);
    Object.assign(doc.components.schemas, r.schemas);
  }
  return doc;
}
