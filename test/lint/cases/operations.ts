// Cases for operation and resource rules.
import type { RuleCase } from '../harness.js';
import { base, ok, op, problem, withPath } from '../documents.js';

const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];

const statusCases = (method: string, bad: number, good: number): RuleCase[] => [
  {
    name: `${method.toUpperCase()} with ${bad}`,
    errors: [{ path: O('/things', method, 'responses', String(bad)), message: `[statuscode: ${bad}]` }],
    document: withPath('/things', {
      [method]: op({ responses: { [String(bad)]: { description: 'x' }, default: problem() } }),
    }),
  },
  {
    name: `${method.toUpperCase()} with ${good}`,
    errors: [],
    document: withPath('/things', {
      [method]: op({ responses: { [String(good)]: { description: 'x' }, default: problem() } }),
    }),
  },
];

export const cases: Record<string, RuleCase[]> = {
  'stat-codes-get': statusCases('get', 204, 200),
  'stat-codes-head': statusCases('head', 409, 204),
  'stat-codes-put': statusCases('put', 202, 204),
  'stat-codes-post': statusCases('post', 304, 201),
  'stat-codes-patch': statusCases('patch', 201, 204),
  'stat-codes-delete': statusCases('delete', 413, 204),
  'stat-codes-options': statusCases('options', 405, 200),
  'evo-object': [
    {
      name: 'JSON without schema; array body',
      errors: [
        { path: O('/a', 'get', 'responses', '200', 'content', 'application/json') },
        { path: O('/a', 'post', 'requestBody', 'content', 'application/json') },
      ],
      document: withPath('/a', {
        get: op({ responses: { '200': { description: 'x', content: { 'application/json': {} } } } }),
        post: op({
          operationId: 'p',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
          },
        }),
      }),
    },
    {
      name: 'objects, also via $ref and allOf',
      errors: [],
      document: withPath(
        '/a',
        { get: op({ responses: { '200': ok({ allOf: [{ $ref: '#/components/schemas/A' }] }) } }) },
        { components: { schemas: { A: { type: 'object' } } } },
      ),
    },
    {
      name: 'problem+json without schema; a oneOf with a string member; an allOf of string and array',
      errors: [
        {
          path: O('/a', 'get', 'responses', 'default', 'content', 'application/problem+json'),
          message: 'application/problem+json media type should have a schema',
        },
        { path: O('/a', 'get', 'responses', '200', 'content', 'application/json') },
        { path: O('/a', 'post', 'requestBody', 'content', 'application/json') },
      ],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': ok({ oneOf: [{ type: 'object' }, { type: 'string' }] }),
            default: { description: 'x', content: { 'application/problem+json': {} } },
          },
        }),
        post: op({
          operationId: 'p',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { anyOf: [{ type: 'object' }, { allOf: [{ type: 'string' }, { type: 'array' }] }] },
              },
            },
          },
        }),
      }),
    },
    {
      name: 'oneOf/anyOf of objects; a problem+json object',
      errors: [],
      document: withPath(
        '/a',
        {
          get: op({
            responses: {
              '200': ok({
                oneOf: [{ type: 'object' }, { anyOf: [{ type: 'object' }, { $ref: '#/components/schemas/A' }] }],
              }),
              default: {
                description: 'x',
                content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/A' } } },
              },
            },
          }),
        },
        { components: { schemas: { A: { type: 'object' } } } },
      ),
    },
  ],
  'rep-struct': [
    {
      name: 'an object as text/plain',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'text/plain') }],
      document: withPath('/a', { get: op({ responses: { '200': ok({ type: 'object' }, 'text/plain') } }) }),
    },
    {
      name: 'JSON, problem+json, binary, text string',
      errors: [],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': {
              description: 'x',
              content: {
                'application/json': { schema: { type: 'object' } },
                'application/pdf': { schema: { type: 'string', format: 'binary' } },
                'text/csv': { schema: { type: 'string' } },
              },
            },
            default: problem(),
          },
        }),
      }),
    },
    {
      name: 'a plain string as */* (no binary format)',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', '*/*') }],
      document: withPath('/a', { get: op({ responses: { '200': ok({ type: 'string' }, '*/*') } }) }),
    },
    {
      name: 'OAS 3.1: a plain string body is raw content',
      errors: [],
      document: {
        ...withPath('/a', {
          get: op({ responses: { '200': ok({ type: 'string' }, 'image/png'), default: problem() } }),
        }),
        openapi: '3.1.0',
      },
    },
    {
      name: 'an object as multipart/*; binary as */*',
      errors: [],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': {
              description: 'x',
              content: {
                'multipart/*': { schema: { type: 'object' } },
                '*/*': { schema: { type: 'string', format: 'binary' } },
              },
            },
            default: problem(),
          },
        }),
      }),
    },
  ],
  'col-repres': [
    {
      name: 'collection without items',
      errors: [{ path: O('/employers', 'get', 'responses', '200', 'content', 'application/json', 'schema') }],
      document: base({
        paths: {
          '/employers': {
            get: op({ responses: { '200': ok({ type: 'object', properties: { list: { type: 'array' } } }) } }),
          },
          '/employers/{employerId}': { get: op({ operationId: 'one' }) },
        },
      }),
    },
    {
      name: 'items array of objects',
      errors: [],
      document: base({
        paths: {
          '/employers': {
            get: op({
              responses: {
                '200': ok({
                  type: 'object',
                  properties: {
                    items: { type: 'array', items: { type: 'object', properties: { href: { type: 'string' } } } },
                  },
                }),
              },
            }),
          },
          '/employers/{employerId}': { get: op({ operationId: 'one' }) },
        },
      }),
    },
    {
      name: 'items typed array by one allOf member, its objects by a sibling; problem+json counts as JSON',
      errors: [{ path: O('/lists', 'get', 'responses', '200', 'content', 'application/problem+json', 'schema') }],
      document: base({
        paths: {
          '/employers': {
            get: op({
              responses: {
                '200': ok({
                  title: 'Employers',
                  type: 'object',
                  allOf: [
                    { $ref: '#/components/schemas/Page' },
                    {
                      type: 'object',
                      properties: {
                        items: { type: 'array', items: { type: 'object', properties: { href: { type: 'string' } } } },
                      },
                    },
                  ],
                }),
              },
            }),
          },
          '/employers/{employerId}': { get: op({ operationId: 'one' }) },
          '/lists': {
            get: op({
              operationId: 'lists',
              responses: {
                '200': ok(
                  { title: 'Lists', type: 'object', properties: { list: { type: 'array' } } },
                  'application/problem+json',
                ),
              },
            }),
          },
          '/lists/{listId}': { get: op({ operationId: 'list' }) },
        },
        components: {
          schemas: { Page: { type: 'object', properties: { items: { type: 'array' }, page: { type: 'integer' } } } },
        },
      }),
    },
  ],
  'col-name': [
    {
      name: 'singular collection',
      errors: [{ path: ['paths', '/employer'] }],
      document: base({
        paths: { '/employer': { get: op() }, '/employer/{employerId}': { get: op({ operationId: 'one' }) } },
      }),
    },
    {
      name: 'plural, data, history',
      errors: [],
      document: base({
        paths: {
          '/employers': { get: op() },
          '/employers/{employerId}': { get: op({ operationId: 'one' }) },
          '/refData': { get: op({ operationId: 'r' }) },
          '/refData/{code}': { get: op({ operationId: 'r2' }) },
        },
      }),
    },
  ],
  'doc-patch': [
    {
      name: 'only application/json; GET schema reused',
      errors: [
        { path: O('/employers/{employerId}', 'patch', 'requestBody', 'content') },
        { path: O('/employers/{employerId}', 'patch', 'requestBody', 'content', 'application/json') },
      ],
      document: withPath(
        '/employers/{employerId}',
        {
          get: op({ responses: { '200': ok({ $ref: '#/components/schemas/Employer' }) } }),
          patch: op({
            operationId: 'p',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Employer' } } },
            },
          }),
        },
        { components: { schemas: { Employer: { type: 'object' } } } },
      ),
    },
    {
      name: 'merge patch with its own schema',
      errors: [],
      document: withPath(
        '/employers/{employerId}',
        {
          get: op({ responses: { '200': ok({ $ref: '#/components/schemas/Employer' }) } }),
          patch: op({
            operationId: 'p',
            requestBody: {
              required: true,
              content: {
                'application/merge-patch+json': { schema: { $ref: '#/components/schemas/EmployerPatch' } },
                'application/json': { schema: { $ref: '#/components/schemas/EmployerPatch' } },
              },
            },
          }),
        },
        { components: { schemas: { Employer: { type: 'object' }, EmployerPatch: { type: 'object' } } } },
      ),
    },
  ],
  'lng-task': [
    {
      name: '202 without Location; task GET with neither 200 nor 303',
      errors: [
        { path: O('/imageTasks', 'post', 'responses', '202') },
        { path: O('/imageTasks/{taskId}', 'get', 'responses') },
      ],
      document: base({
        paths: {
          '/imageTasks': { post: op({ responses: { '202': { description: 'accepted' } } }) },
          '/imageTasks/{taskId}': {
            get: op({ operationId: 'task', responses: { '404': problem(), default: problem() } }),
          },
        },
      }),
    },
    {
      name: 'Location on 202 and 303',
      errors: [],
      document: base({
        paths: {
          '/images/tasks': {
            post: op({
              responses: { '202': { description: 'accepted', headers: { Location: { schema: { type: 'string' } } } } },
            }),
          },
          '/images/tasks/{taskId}': {
            get: op({
              operationId: 'task',
              responses: {
                '200': ok(),
                '303': { description: 'done', headers: { Location: { schema: { type: 'string' } } } },
              },
            }),
          },
        },
      }),
    },
  ],
  'sec-req': [
    {
      name: 'undeclared scheme; undeclared scope',
      errors: [{ path: ['security', 0, 'other'] }, { path: O('/a', 'get', 'security', 0, 'oauth') }],
      document: withPath(
        '/a',
        { get: op({ security: [{ oauth: ['read', 'admin'] }] }) },
        {
          security: [{ other: [] }],
          components: {
            securitySchemes: {
              oauth: {
                type: 'oauth2',
                flows: { clientCredentials: { tokenUrl: 'https://x/token', scopes: { read: 'Read' } } },
              },
            },
          },
        },
      ),
    },
    {
      name: 'declared scopes',
      errors: [],
      document: withPath(
        '/a',
        { get: op({ security: [{ oauth: ['read'] }] }) },
        {
          components: {
            securitySchemes: {
              oauth: {
                type: 'oauth2',
                flows: { clientCredentials: { tokenUrl: 'https://x/token', scopes: { read: 'Read' } } },
              },
            },
          },
        },
      ),
    },
  ],
  'hlth-res': [
    { name: 'no /health', errors: [{ path: ['paths'] }], document: withPath('/a', { get: op() }) },
    {
      name: 'GET /health without 503',
      errors: [{ path: ['paths', '/health', 'get', 'responses'] }],
      document: withPath('/health', { get: op() }),
    },
    {
      name: 'GET /health with 200 and 503; schema-only documents',
      errors: [],
      document: withPath('/health', { get: op({ responses: { '200': ok(), '503': ok() } }) }),
    },
    {
      name: 'x-reusable-definitions-only',
      errors: [],
      document: base({ 'x-reusable-definitions-only': true, paths: {} }),
    },
    {
      name: 'no paths at all: nothing to monitor',
      errors: [],
      document: base({ paths: {}, components: { schemas: { A: { type: 'object' } } } }),
    },
  ],
};
