// Cases from issue 46: what the rules judged that is not the guide's (component keys taken for header
// names, a business property called deprecated, titles of strings, /.well-known/ metadata), what they
// missed (snake_case query parameters, collections known only by their shape), each both ways.
import type { RuleCase } from '../harness.js';
import { base, ok, op, queryParam, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const S = (path: string) => O(path, 'get', 'responses', '200', 'content', 'application/json', 'schema');
const string: Json = { type: 'string' };
const link: Json = { type: 'string', format: 'uri' };
const thing: Json = { type: 'object', title: 'Thing', properties: { href: link, name: string } };
const get = (operationId: string, schema: Json, parameters: Json[] = []): Json => ({
  get: op({ operationId, parameters, responses: { '200': ok(schema) } }),
});

export const cases: Record<string, RuleCase[]> = {
  // "next: MANDATORY (except for the last page)": also of a list paged by a framework's cursor or flag.
  'col-paging': [
    {
      name: 'a feed paged by ?after with hasNext; one telling pageInfo.hasNext only',
      errors: [
        { path: S('/events'), message: '/events is paged (?after) but its response declares no "next"' },
        { path: S('/logs'), message: '/logs is paged (pageInfo.hasNext) but its response declares no "next"' },
      ],
      document: base({
        paths: {
          '/events': get(
            'events',
            { type: 'object', properties: { entries: { type: 'array', items: thing }, hasNext: { type: 'boolean' } } },
            [queryParam('after', string)],
          ),
          '/logs': get('logs', {
            type: 'object',
            properties: {
              results: { type: 'array', items: thing },
              pageInfo: { type: 'object', properties: { hasNext: { type: 'boolean' }, endCursor: string } },
            },
          }),
        },
      }),
    },
    {
      name: 'a feed with next; an unpaged list; an array body (col-repres says to wrap it first)',
      errors: [],
      document: base({
        paths: {
          '/events': get(
            'events',
            { type: 'object', properties: { items: { type: 'array', items: thing }, next: link } },
            [queryParam('after', string)],
          ),
          '/logs': get('logs', { type: 'object', properties: { results: { type: 'array', items: thing } } }),
          '/tags': get('tags', { type: 'array', items: string }, [queryParam('limit', { type: 'integer' })]),
        },
      }),
    },
  ],
  // "Path segments and query parameters ... SHOULD use lowerCamelCase".
  'uri-notat': [
    {
      name: 'snake_case query parameters',
      errors: [
        { path: O('/employers', 'get', 'parameters', 0), message: '"page_size"' },
        { path: O('/employers', 'get', 'parameters', 1), message: '"employer_name"' },
      ],
      document: withPath('/employers', {
        get: op({ parameters: [queryParam('page_size', { type: 'integer' }), queryParam('employer_name', string)] }),
      }),
    },
    {
      name: 'lowerCamelCase and a dotted nested property',
      errors: [],
      document: withPath('/employers', {
        get: op({ parameters: [queryParam('pageSize', { type: 'integer' }), queryParam('employer.name', string)] }),
      }),
    },
  ],
};
