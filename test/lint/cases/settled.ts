// Cases from the debatable kinds of issue 41's held-out judgements, settled with the guide's text
// (hypermedia, api and api_specifications chapters). Written here from the shapes seen, not copied.
import type { RuleCase } from '../harness.js';
import { base, ok, op, withPath, withSchemas } from '../documents.js';

type Json = Record<string, unknown>;
const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const text: Json = { type: 'string' };

const O = (path: string, ...rest: Array<string | number>) => ['paths', path, 'get', ...rest];

export const cases: Record<string, RuleCase[]> = {
  // "For JSON, the media type specified in OpenAPI should not contain a charset parameter"; for XML: "Always
  // stick to UTF-8 encoding and specify the charset in the Content-Type HTTP header". Noticed on sample 2.
  'cnt-negot': [
    {
      name: 'FP: XML and plain text with their charset',
      errors: [],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/xml;charset=UTF-8': { schema: text },
                'text/plain; charset=utf-8': { schema: text },
              },
            },
          },
        }),
      }),
    },
    {
      name: 'JSON media types with a charset, text/json included',
      errors: [
        { path: O('/a', 'responses', '200', 'content', 'text/json;charset=UTF-8') },
        { path: O('/a', 'responses', '400', 'content', 'application/problem+json; charset=utf-8') },
      ],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': { description: 'OK', content: { 'text/json;charset=UTF-8': { schema: { type: 'object' } } } },
            '400': {
              description: 'Bad',
              content: { 'application/problem+json; charset=utf-8': { schema: { type: 'object' } } },
            },
          },
        }),
      }),
    },
  ],
  // "All href hyperlinks are derived from" HttpLink, self links from SelfLink (both format: uri); the
  // guide gives the paging links next/prev/first/last no schema of that kind.
  'hyp-links-format': [
    {
      name: 'FP: paging links without a format',
      errors: [],
      document: withSchemas({
        Page: {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
            },
            next: text,
            prev: text,
            first: text,
            last: text,
          },
        },
      }),
    },
    {
      name: 'a self link without a format names SelfLink',
      errors: [{ path: P('Page', 'properties', 'self'), message: 'the guide derives self links from SelfLink' }],
      document: withSchemas({ Page: { type: 'object', properties: { self: text, next: text } } }),
    },
  ],
  // "Hostname is determined by the environment where the API is deployed": a server variable stands for
  // its default (as OpenAPI defines it); a placeholder filled in at build or deployment leaves no URL to judge.
  'uri-format': [
    {
      name: 'FP: server variables with defaults; build and deployment placeholders',
      errors: [],
      document: base({
        servers: [
          {
            url: 'https://{environment}.example.be/{prefix}/demo/v1',
            variables: { environment: { default: 'api' }, prefix: { default: 'REST' } },
          },
          { url: '{{baseUrl}}' },
          { url: '${contextPath}/demo/v1' },
        ],
        paths: { '/things': { get: op({ responses: { '200': ok() } }) } },
      }),
    },
    {
      name: 'a trailing slash is named as the cause',
      errors: [{ path: ['servers', 0, 'url'], message: 'should not end with a slash' }],
      document: base({
        servers: [{ url: '/opendata/eventStream/v1/' }],
      }),
    },
    {
      name: 'a variable whose default breaks the format; a URL without placeholder or version',
      errors: [{ path: ['servers', 0, 'url'] }, { path: ['servers', 1, 'url'] }],
      document: base({
        servers: [
          { url: 'https://api.example.be/{apiName}/v1', variables: { apiName: { default: 'Demo_API' } } },
          { url: 'https://api.example.be/demo' },
        ],
      }),
    },
  ],
};
