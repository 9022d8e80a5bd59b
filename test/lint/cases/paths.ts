// Cases for path, parameter, header and document-level rules.
import type { RuleCase } from '../harness.js';
import { base, ok, op, pathParam, queryParam, withPath, withSchemas } from '../documents.js';

const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const param = (path: string, method: string, i = 0) => O(path, method, 'parameters', i);
const withQuery = (...parameters: unknown[]) => withPath('/things', { get: op({ parameters }) });

export const cases: Record<string, RuleCase[]> = {
  'uri-notat': [
    {
      name: 'kebab segment; UpperCamel query parameter',
      errors: [{ path: ['paths', '/employer-records'] }, { path: param('/employer-records', 'get') }],
      document: withPath('/employer-records', {
        get: op({ parameters: [queryParam('PageSize', { type: 'integer' })] }),
      }),
    },
    {
      name: 'lowerCamelCase, dotted query names, /doc/openapi.json',
      errors: [],
      document: base({
        paths: {
          '/employerRecords/{recordId}': {
            get: op({ parameters: [pathParam('recordId'), queryParam('address.street', { type: 'string' })] }),
          },
          '/doc/openapi.json': { get: op({ operationId: 'doc' }) },
        },
      }),
    },
  ],
  'qry-multi': [
    {
      name: 'pipe-delimited; explode false',
      errors: [{ path: param('/things', 'get', 0) }, { path: param('/things', 'get', 1) }],
      document: withQuery(
        queryParam('status', { type: 'array', items: { type: 'string' } }, { style: 'pipeDelimited' }),
        queryParam('kind', { type: 'array', items: { type: 'string' } }, { explode: false }),
      ),
    },
    {
      name: 'form, exploded (default)',
      errors: [],
      document: withQuery(
        queryParam('status', { type: 'array', items: { type: 'string' } }),
        queryParam('name', { type: 'string' }, { explode: false }),
      ),
    },
  ],
  'res-repres': [
    {
      name: 'select as array',
      errors: [{ path: param('/things', 'get') }],
      document: withQuery(queryParam('select', { type: 'array', items: { type: 'string' } })),
    },
    { name: 'select as string', errors: [], document: withQuery(queryParam('select', { type: 'string' })) },
  ],
  'col-paging': [
    {
      name: "page from 0; pageSize without default (col-paging-size's)",
      errors: [{ path: param('/things', 'get', 0), message: 'minimum 1' }],
      document: withQuery(
        queryParam('page', { type: 'integer', minimum: 0 }),
        queryParam('pageSize', { type: 'integer' }),
      ),
    },
    {
      name: 'page from 1, default 1; pageSize with default',
      errors: [],
      document: withQuery(
        queryParam('page', { type: 'integer', minimum: 1, default: 1 }),
        queryParam('pageSize', { type: 'integer', default: 20 }),
      ),
    },
  ],
  'col-paging-size': [
    {
      name: 'pageSize without default',
      errors: [{ path: param('/things', 'get', 1), message: 'a default' }],
      document: withQuery(
        queryParam('page', { type: 'integer', minimum: 0 }),
        queryParam('pageSize', { type: 'integer' }),
      ),
    },
    {
      name: 'pageSize with default',
      errors: [],
      document: withQuery(
        queryParam('page', { type: 'integer', minimum: 1, default: 1 }),
        queryParam('pageSize', { type: 'integer', default: 20 }),
      ),
    },
  ],
  'col-sort': [
    {
      name: 'sort as a comma list',
      errors: [{ path: param('/things', 'get') }],
      document: withQuery(queryParam('sort', { type: 'string' })),
    },
    {
      name: 'sort repeated',
      errors: [],
      document: withQuery(queryParam('sort', { type: 'array', items: { type: 'string' } }, { explode: true })),
    },
  ],
  'col-filter': [
    {
      name: 'q as integer',
      errors: [{ path: param('/things', 'get') }],
      document: withQuery(queryParam('q', { type: 'integer' })),
    },
    { name: 'q as string', errors: [], document: withQuery(queryParam('q', { type: 'string' })) },
  ],
  'oas-contra': [
    { name: 'OpenAPI 3.1', errors: [{ path: ['openapi'] }], document: base({ openapi: '3.1.0' }) },
    { name: 'OpenAPI 3.0', errors: [], document: base() },
  ],
  'uri-format': [
    {
      name: 'no version; upper case api name',
      errors: [{ path: ['servers', 0, 'url'] }, { path: ['servers', 1, 'url'] }],
      document: base({ servers: [{ url: 'https://api.example.be/demo' }, { url: 'https://api.example.be/Demo/v1' }] }),
    },
    {
      name: 'https, localhost, relative',
      errors: [],
      document: base({
        servers: [
          { url: 'https://api.example.be/REST/demo/v1' },
          { url: 'http://localhost:8080/demo/v2' },
          { url: '/demo/v1' },
        ],
      }),
    },
  ],
  'api-version': [
    { name: 'empty version', errors: [{ path: ['info'] }], document: base({ info: { title: 'x', version: '' } }) },
    { name: 'version present', errors: [], document: base() },
  ],
  'api-version-format': [
    {
      name: 'not semver; major differs from /v1',
      errors: [{ path: ['info', 'version'] }],
      document: base({ info: { title: 'x', version: 'v1' } }),
    },
    {
      name: 'major mismatch',
      errors: [{ path: ['servers', 0, 'url'] }],
      document: base({ info: { title: 'x', version: '2.0.0' } }),
    },
    { name: 'major matches', errors: [], document: base({ info: { title: 'x', version: '1.4' } }) },
  ],
  'oas-comp': [
    {
      name: 'lower, snake, dotted names',
      errors: [
        { path: ['components', 'schemas', 'employer'] },
        { path: ['components', 'schemas', 'Employer_V2'] },
        { path: ['components', 'parameters', 'page.size'] },
      ],
      document: base({
        components: {
          schemas: { employer: { type: 'object' }, Employer_V2: { type: 'object' } },
          parameters: { 'page.size': { name: 'pageSize', in: 'query', schema: { type: 'integer' } } },
        },
      }),
    },
    {
      name: 'UpperCamelCase',
      errors: [],
      document: withSchemas({
        Employer: { type: 'object' },
        HttpLink: { type: 'object' },
        EmployerV2: { type: 'object' },
      }),
    },
  ],
  'oas-types': [
    {
      name: 'generic names',
      errors: [{ path: ['components', 'schemas', 'Data'] }, { path: ['components', 'schemas', 'EmployerDto'] }],
      document: withSchemas({ Data: { type: 'object' }, EmployerDto: { type: 'object' } }),
    },
    {
      name: 'business names',
      errors: [],
      document: withSchemas({ Employer: { type: 'object' }, Company: { type: 'object' } }),
    },
  ],
  'evo-deprec': [
    {
      name: 'described deprecated, not marked',
      errors: [{ path: O('/a', 'get') }, { path: ['components', 'schemas', 'Old'] }],
      document: withPath(
        '/a',
        { get: op({ description: 'Deprecated: use /b' }) },
        { components: { schemas: { Old: { type: 'object', description: 'deprecated since v1.2' } } } },
      ),
    },
    {
      name: 'marked deprecated',
      errors: [],
      document: withPath('/a', { get: op({ description: 'Deprecated: use /b', deprecated: true }) }),
    },
  ],
  'cnt-negot': [
    {
      name: 'charset in a media type',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'application/json;charset=UTF-8') }],
      document: withPath('/a', { get: op({ responses: { '200': ok(undefined, 'application/json;charset=UTF-8') } }) }),
    },
    { name: 'plain media types', errors: [], document: withPath('/a', { get: op() }) },
  ],
  'prf-lstmod': [
    {
      name: 'Last-Modified alone',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'headers') }],
      document: withPath('/a', {
        get: op({ responses: { '200': { ...ok(), headers: { 'Last-Modified': { schema: { type: 'string' } } } } } }),
      }),
    },
    {
      name: 'with ETag',
      errors: [],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': {
              ...ok(),
              headers: { 'Last-Modified': { schema: { type: 'string' } }, ETag: { schema: { type: 'string' } } },
            },
          },
        }),
      }),
    },
  ],
};
