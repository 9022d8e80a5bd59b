// Cases for path, parameter, header and document-level rules.
import type { RuleCase } from '../harness.js';
import { base, op, pathParam, queryParam, withPath } from '../documents.js';

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
};
