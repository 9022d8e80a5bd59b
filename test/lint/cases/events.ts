// Cases for the collection and input rules added with the events chapter (col-embed, req-valid): for
// each, a document with exactly its findings and one with none.
import type { RuleCase } from '../harness.js';
import { base, ok, op, problem, queryParam, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const v31 = (document: Json): Json => ({ ...document, openapi: '3.1.0' });

export const cases: Record<string, RuleCase[]> = {
  'col-embed': [
    {
      name: 'items with their own embedded; ?embed= without a root embedded',
      errors: [
        {
          path: O('/employers', 'get', 'responses', '200', 'content', 'application/json', 'schema'),
          message: 'declare "embedded"',
        },
        {
          path: O('/companies', 'get', 'responses', '200', 'content', 'application/json', 'schema'),
          message: '?embed=',
        },
      ],
      document: base({
        paths: {
          '/employers': {
            get: op({
              responses: {
                '200': ok({
                  title: 'Employers',
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        type: 'object',
                        title: 'EmployerItem',
                        properties: {
                          href: { type: 'string' },
                          embedded: { type: 'object', additionalProperties: { type: 'object' } },
                        },
                      },
                    },
                  },
                }),
                default: problem(),
              },
            }),
          },
          '/companies': {
            get: op({
              operationId: 'companies',
              parameters: [queryParam('embed', { type: 'string' })],
              responses: {
                '200': ok({
                  title: 'Companies',
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: { type: 'object', title: 'CompanyItem', properties: { href: { type: 'string' } } },
                    },
                  },
                }),
                default: problem(),
              },
            }),
          },
        },
      }),
    },
    {
      name: '?embed=items answered with a root embedded map',
      errors: [],
      document: withPath('/employers', {
        get: op({
          parameters: [queryParam('embed', { type: 'string' })],
          responses: {
            '200': ok({
              title: 'Employers',
              type: 'object',
              properties: {
                items: {
                  type: 'array',
                  items: { type: 'object', title: 'EmployerItem', properties: { href: { type: 'string' } } },
                },
                embedded: { type: 'object', additionalProperties: { type: 'object' } },
              },
            }),
            default: problem(),
          },
        }),
      }),
    },
    {
      name: '3.1: nullable items carrying embedded',
      errors: [{ path: O('/employers', 'get', 'responses', '200', 'content', 'application/json', 'schema') }],
      document: v31(
        withPath('/employers', {
          get: op({
            responses: {
              '200': ok({
                title: 'Employers',
                type: 'object',
                properties: {
                  items: {
                    type: ['array', 'null'],
                    items: {
                      type: 'object',
                      title: 'EmployerItem',
                      properties: { embedded: { type: ['object', 'null'] } },
                    },
                  },
                },
              }),
              default: problem(),
            },
          }),
        }),
      ),
    },
  ],
  'req-valid': [
    {
      name: "a free-form query object (input without 400 or default is prb-defaul's)",
      errors: [{ path: O('/search', 'get', 'parameters', 0) }],
      document: base({
        paths: {
          '/things': { get: op({ parameters: [queryParam('name', { type: 'string' })], responses: { '200': ok() } }) },
          '/search': {
            get: op({
              operationId: 'search',
              parameters: [queryParam('filter', { type: 'object', additionalProperties: { type: 'string' } })],
            }),
          },
        },
      }),
    },
    {
      name: 'input refused by 400 or a default problem; an object query parameter with fixed properties',
      errors: [],
      document: base({
        paths: {
          '/things': {
            get: op({
              parameters: [queryParam('name', { type: 'string' })],
              responses: { '200': ok(), '400': problem() },
            }),
          },
          '/others': {
            post: op({
              operationId: 'others',
              requestBody: {
                required: true,
                content: { 'application/json': { schema: { type: 'object', title: 'Other' } } },
              },
            }),
          },
          '/search': {
            get: op({
              operationId: 'search',
              parameters: [
                queryParam('range', {
                  type: 'object',
                  additionalProperties: false,
                  properties: { from: { type: 'string' } },
                }),
              ],
            }),
          },
        },
      }),
    },
    {
      name: '3.1: a nullable free-form query object',
      errors: [{ path: O('/search', 'get', 'parameters', 0) }],
      document: v31(
        withPath('/search', { get: op({ parameters: [queryParam('filter', { type: ['object', 'null'] })] }) }),
      ),
    },
  ],
};
