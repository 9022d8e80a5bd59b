// Cases from linting belgif's published openapi-* files (issue 10): each false positive they showed,
// written as the smallest document that produced it, and an OpenAPI 3.1 variant for every rule that
// reads type, enum or nullable (type arrays with 'null', const, oneOf with {type: 'null'}).
import type { RuleCase } from '../harness.js';
import { base, ok, op, problem, queryParam, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const v31 = (document: Json): Json => ({ ...document, openapi: '3.1.0' });
const withQuery = (...parameters: unknown[]) => withPath('/things', { get: op({ parameters }) });

export const cases: Record<string, RuleCase[]> = {
  'uri-notat': [
    {
      name: 'FP: x-ignore-rules under paths',
      errors: [],
      document: base({ paths: { '/things': { get: op() }, 'x-ignore-rules': { 'hlth-res': 'a demo' } } }),
    },
  ],
  'col-paging': [
    {
      name: 'FP: page with default 1 and no minimum; page with minimum 1',
      errors: [],
      document: base({
        paths: {
          '/things': { get: op({ parameters: [queryParam('page', { type: 'integer', default: 1 })] }) },
          '/others': {
            get: op({ operationId: 'others', parameters: [queryParam('page', { type: 'integer', minimum: 1 })] }),
          },
        },
      }),
    },
    {
      name: 'page saying nothing of where it starts; page defaulting to 0',
      errors: [
        { path: O('/things', 'get', 'parameters', 0), message: 'default 1' },
        { path: O('/others', 'get', 'parameters', 0), message: 'default 1' },
      ],
      document: base({
        paths: {
          '/things': { get: op({ parameters: [queryParam('page', { type: 'integer' })] }) },
          '/others': {
            get: op({ operationId: 'others', parameters: [queryParam('page', { type: 'integer', default: 0 })] }),
          },
        },
      }),
    },
    {
      name: '3.1: a nullable integer page',
      errors: [],
      document: v31(
        withQuery(
          queryParam('page', { type: ['integer', 'null'], default: 1 }),
          queryParam('pageSize', { type: ['integer', 'null'], default: 20 }),
        ),
      ),
    },
  ],
  'col-filter': [
    {
      name: '3.1: q as a nullable integer',
      errors: [{ path: O('/things', 'get', 'parameters', 0) }],
      document: v31(withQuery(queryParam('q', { type: ['integer', 'null'] }))),
    },
    {
      name: '3.1: q as a nullable string',
      errors: [],
      document: v31(withQuery(queryParam('q', { type: ['string', 'null'] }))),
    },
  ],
  'res-repres': [
    {
      name: '3.1: select as a nullable string',
      errors: [],
      document: v31(withQuery(queryParam('select', { type: ['string', 'null'] }))),
    },
  ],
  'col-sort': [
    {
      name: "3.1: sort as a nullable array, not exploded: qry-multi's finding, not col-sort's",
      errors: [],
      document: v31(
        withQuery(queryParam('sort', { type: ['array', 'null'], items: { type: 'string' } }, { explode: false })),
      ),
    },
  ],
  'qry-multi': [
    {
      name: '3.1: sort as a nullable array, not exploded',
      errors: [{ path: O('/things', 'get', 'parameters', 0) }],
      document: v31(
        withQuery(queryParam('sort', { type: ['array', 'null'], items: { type: 'string' } }, { explode: false })),
      ),
    },
    {
      name: '3.1: a nullable array, pipe-delimited',
      errors: [{ path: O('/things', 'get', 'parameters', 0) }],
      document: v31(
        withQuery(
          queryParam('status', { type: ['array', 'null'], items: { type: 'string' } }, { style: 'pipeDelimited' }),
        ),
      ),
    },
  ],
  'rep-struct': [
    {
      name: '3.1: a nullable object as text/plain',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'text/plain') }],
      document: v31(
        withPath('/a', {
          get: op({ responses: { '200': ok({ type: ['object', 'null'] }, 'text/plain'), default: problem() } }),
        }),
      ),
    },
  ],
};
