// A large, realistic OpenAPI 3.0 document: `resources` collection/document pairs with schemas.
export function generateLargeDocument(resources) {
  const paths = {};
  const schemas = {
    Problem: {
      type: 'object',
      properties: {
        type: { type: 'string', format: 'uri' },
        title: { type: 'string' },
        status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
        detail: { type: 'string' },
        instance: { type: 'string', format: 'uri' },
      },
    },
  };
  const problem = {
    description: 'Problem',
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  };
  for (let i = 0; i < resources; i++) {
    const name = `thing${i}s`;
    const Schema = `Thing${i}`;
    schemas[Schema] = {
      type: 'object',
      required: ['name'],
      properties: Object.fromEntries(
        Array.from({ length: 12 }, (_, k) => [
          `field${k}`,
          { type: 'string', description: `Field ${k} of thing ${i}`, example: `value${k}` },
        ]).concat([
          ['name', { type: 'string' }],
          ['self', { type: 'string', format: 'uri', readOnly: true }],
          ['thing' + i + 'Id', { type: 'integer', format: 'int64', minimum: 0, maximum: 999999 }],
        ]),
      ),
    };
    schemas[`${Schema}Collection`] = {
      type: 'object',
      required: ['items'],
      properties: {
        self: { type: 'string', format: 'uri' },
        items: {
          type: 'array',
          items: { type: 'object', properties: { href: { type: 'string', format: 'uri' }, title: { type: 'string' } } },
        },
        next: { type: 'string', format: 'uri' },
        page: { type: 'integer', format: 'int32', minimum: 1 },
        pageSize: { type: 'integer', format: 'int32', minimum: 1 },
        total: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000000 },
      },
    };
    paths[`/${name}`] = {
      get: {
        operationId: `list${Schema}s`,
        summary: `List thing ${i}`,
        tags: ['Things'],
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', format: 'int32', minimum: 1, default: 1 } },
          {
            name: 'pageSize',
            in: 'query',
            schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 20 },
          },
        ],
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${Schema}Collection` } } },
          },
          default: problem,
        },
      },
      post: {
        operationId: `create${Schema}`,
        summary: `Create thing ${i}`,
        tags: ['Things'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${Schema}` } } },
        },
        responses: {
          201: { description: 'Created', headers: { Location: { schema: { type: 'string', format: 'uri' } } } },
          default: problem,
        },
      },
    };
    paths[`/${name}/{thing${i}Id}`] = {
      parameters: [
        {
          name: `thing${i}Id`,
          in: 'path',
          required: true,
          schema: { type: 'integer', format: 'int64', minimum: 0, maximum: 999999 },
        },
      ],
      get: {
        operationId: `get${Schema}`,
        summary: `Get thing ${i}`,
        tags: ['Things'],
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${Schema}` } } },
          },
          default: problem,
        },
      },
      delete: {
        operationId: `delete${Schema}`,
        summary: `Delete thing ${i}`,
        tags: ['Things'],
        responses: { 204: { description: 'Deleted' }, default: problem },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Large generated API',
      version: '1.0.0',
      description: 'Generated for benchmarks',
      contact: { name: 'bench' },
    },
    servers: [{ url: '/large/v1' }],
    tags: [{ name: 'Things', description: 'Things' }],
    paths: {
      '/health': {
        get: {
          operationId: 'checkHealth',
          summary: 'Health',
          tags: ['Things'],
          responses: {
            200: {
              description: 'UP',
              content: {
                'application/json': {
                  schema: { type: 'object', title: 'Health', properties: { status: { type: 'string' } } },
                },
              },
            },
            503: {
              description: 'DOWN',
              content: {
                'application/json': {
                  schema: { type: 'object', title: 'HealthDown', properties: { status: { type: 'string' } } },
                },
              },
            },
            default: problem,
          },
        },
      },
      ...paths,
    },
    components: { schemas },
  };
}
