// JSON Schema of a --profile file; ajv names the first bad field in the UsageError.
const stringArray = { type: 'array', items: { type: 'string' } } as const;
const path = { type: 'string', pattern: '^/' } as const;
/** The methods a profile's document may name, in the order a derived profile lists them (no TRACE: no check sends it). */
export const PROFILE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];

const envName = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } as const;
const text = { type: 'string', minLength: 1 } as const;

/** A list of one kind of resource: each an object of these properties and no other, `required` among them. */
const listOf = (required: string[], properties: Record<string, unknown>) => ({
  type: 'array',
  items: { type: 'object', additionalProperties: false, required, properties },
});

export const PROFILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    api: {
      type: 'object',
      additionalProperties: false,
      properties: { health: path, openapiJson: path, openapiYaml: path, traceHeader: { type: 'string', minLength: 1 } },
    },
    languages: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$' },
      description: 'The languages the API serves (Accept-Language); the i18n checks demand each of them',
    },
    collections: listOf(['path'], {
      path,
      parameters: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          properties: { collection: path, property: { type: 'string' }, itemPath: path, examples: stringArray },
        },
        description:
          'A nested collection (a path with parameters): where each parameter gets its values, from the items a parent collection lists, else from examples',
      },
      key: { type: 'string' },
      itemPath: path,
      pageSizeParam: { type: 'string' },
      unpaged: { type: 'boolean', description: 'The list takes no page size parameter: the run sends none' },
      pageParam: { type: 'string', minLength: 1 },
      query: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description:
          'Query parameters the API requires on every list request, with the value the first page sends (a required cursor and its start)',
      },
      paging: {
        oneOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind'],
            properties: { kind: { const: 'offset' } },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'param'],
            properties: { kind: { const: 'cursor' }, param: { type: 'string', minLength: 1 } },
          },
        ],
      },
      foreignPaging: {
        type: 'object',
        additionalProperties: false,
        required: ['params'],
        properties: { params: stringArray, linkHeader: { type: 'boolean' } },
        description:
          "The API pages in another scheme than the guide's (offset/limit, Skip/Take, a Link header): paging.guide-params fails once, the other paging checks are not verified",
      },
      foreignSort: {
        type: 'string',
        minLength: 1,
        description:
          "The API sorts with another parameter than the guide's `sort` (`ordering`, `$orderby`): sort.guide-param fails once, the other sort checks are not verified",
      },
      filters: stringArray,
      filterSchemas: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          properties: {
            type: { type: 'string' },
            format: { type: 'string' },
            maxLength: { type: 'integer', minimum: 0 },
            pattern: { type: 'string' },
            enum: { type: 'boolean' },
            multiple: { type: 'boolean' },
          },
        },
        description:
          "What the document declares of each filter's value (type, format, maxLength, pattern, an enum, several values): the values the run makes fit it",
      },
      sorts: stringArray,
      embed: { type: 'string' },
      fullText: { type: 'string', minLength: 1 },
      deleteCollection: { type: 'boolean' },
      methods: {
        type: 'array',
        uniqueItems: true,
        items: { enum: PROFILE_METHODS },
        description:
          'The methods the collection path supports; the 405 probe uses one it does not list (absent means unknown: PUT)',
      },
      create: {
        type: 'object',
        additionalProperties: false,
        required: ['body'],
        properties: {
          body: { type: 'object' },
          fromSchema: { type: 'boolean' },
          optional: stringArray,
          refusals: { type: 'array', items: { type: 'integer', minimum: 400, maximum: 499 } },
          unique: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['path', 'kind'],
              properties: {
                path: { type: 'string', minLength: 1 },
                kind: { enum: ['integer', 'digits', 'string'] },
                min: { type: 'integer' },
                max: { type: 'integer' },
                length: { type: 'integer', minimum: 1, maximum: 30 },
                pattern: { type: 'string', minLength: 1 },
              },
            },
          },
        },
      },
    }),
    documents: listOf(['path'], {
      path: { type: 'string', pattern: '^/.*\\{[^}]+\\}(\\.[A-Za-z][A-Za-z0-9]{0,7})?/?$' },
      sampleIds: stringArray,
      sampleIdsFrom: {
        type: 'object',
        additionalProperties: false,
        required: ['collection'],
        properties: { collection: path, property: { type: 'string' } },
      },
      absentId: { type: 'string' },
      malformedIds: stringArray,
      update: { enum: ['put', 'patch'] },
      patch: { type: 'object' },
      etag: { type: 'boolean' },
      select: {
        type: 'boolean',
        description: 'GET supports the select query parameter; absent means false, so the select checks do not apply',
      },
      methods: {
        type: 'array',
        uniqueItems: true,
        items: { enum: PROFILE_METHODS },
        description:
          'The methods the document supports; absent means unknown, and every write check (PUT, PATCH, DELETE) is tried as before',
      },
      readOnly: {
        ...stringArray,
        description:
          'Dotted paths of read-only members write bodies leave out; absent means links (self, nested href) are left out',
      },
      writable: {
        ...stringArray,
        description:
          "The top-level members the update's body declares: write bodies made from a read leave out every other; absent means any member but the read-only ones",
      },
    }),
    tasks: listOf(['path', 'body'], {
      path,
      body: {},
      failingBody: {},
      maxWait: {
        type: 'integer',
        minimum: 1,
        description:
          'How long (ms) a task may stay processing before the task checks fail; default derived from its pollAfter',
      },
      output: {
        type: 'boolean',
        description: 'The task produces an output: when done, GET must answer 303 with its Location',
      },
    }),
    auth: {
      // Secrets are named by environment variable, never written here: a literal clientSecret is refused as an unknown field.
      type: 'object',
      additionalProperties: false,
      properties: {
        tokenUrl: { type: 'string', pattern: '^https?://' },
        clientId: text,
        clientSecretEnv: envName,
        privateKeyFile: text,
        privateKeyEnv: envName,
        scope: text,
        narrowScope: text,
        expiredTokenEnv: envName,
        cert: text,
        key: text,
        ca: text,
      },
    },
    controllers: listOf(['path'], {
      path,
      method: { enum: ['GET', 'POST'] },
      query: { type: 'object', additionalProperties: { type: 'string' } },
      body: {},
      expectedStatus: { type: 'integer', minimum: 100, maximum: 599 },
      methods: {
        type: 'array',
        uniqueItems: true,
        items: { enum: PROFILE_METHODS },
        description:
          "The methods the controller's path supports; controller.method-not-allowed never probes with one it lists",
      },
    }),
  },
} as const;
