import { defineRule, type RuleCase } from '../define.js';
import { headerParam, O, ok, op, param, string, withPath } from '../documents.js';
import { parameterNames } from './support/parameter-names.js';

// Header names registered in a casing that is not Upper-Kebab-Case, accepted as registered: ETag, TE and
// WWW-Authenticate (RFC 9110), Content-MD5 (RFC 1864), Content-ID (RFC 2045), ALPN (RFC 7639), Accept-CH
// (RFC 8942), CDN-Cache-Control (RFC 9213), DPoP and DPoP-Nonce (RFC 9449), traceparent and tracestate (W3C
// Trace Context), baggage (W3C Baggage); the Sec-CH- (RFC 8942) and Sec-WebSocket- (RFC 6455) families by prefix.
const REGISTERED_HEADERS = [
  'ETag',
  'TE',
  'WWW-Authenticate',
  'Content-MD5',
  'Content-ID',
  'ALPN',
  'Accept-CH',
  'CDN-Cache-Control',
  'DPoP',
  'DPoP-Nonce',
  'traceparent',
  'tracestate',
  'baggage',
];

export const rule = defineRule({
  code: 'hdr-case',
  severity: 'warn',
  description: 'Header names are Upper-Kebab-Case',
  then: {
    function: parameterNames,
    functionOptions: {
      in: ['header', 'response-header'],
      match: '^[A-Z][a-z0-9]*(?:-[A-Z][a-z0-9]*)*$',
      exempt: REGISTERED_HEADERS,
      exemptPrefixes: ['BelGov-', 'Sec-CH-', 'Sec-WebSocket-'],
      message: 'Header "{{name}}" should be Upper-Kebab-Case',
    },
  },
});

export const cases = (): RuleCase[] => [
  // "by convention, Kebab-Case with uppercase SHOULD be used": of header names, not of the keys naming definitions.

  {
    name: 'a snake_case header answered and sent; the component key is no header name',
    errors: [
      { path: O('/things', 'get', 'parameters', 0), message: '"trace_id"' },
      { path: O('/things', 'get', 'responses', '200', 'headers', 'api_version'), message: '"api_version"' },
    ],
    document: withPath(
      '/things',
      {
        get: op({
          parameters: [headerParam('trace_id')],
          responses: {
            '200': {
              ...ok(),
              headers: {
                api_version: { schema: string },
                'Api-Version': { $ref: '#/components/headers/api_version' },
              },
            },
          },
        }),
      },
      { components: { headers: { api_version: { schema: string } } } },
    ),
  },
  {
    name: 'FP: a component keyed api_version used as Api-Version; registered names in their registered case',
    errors: [],
    document: withPath(
      '/things',
      {
        get: op({
          parameters: [headerParam('DPoP'), headerParam('TE'), headerParam('traceparent'), headerParam('Content-MD5')],
          responses: {
            '200': {
              ...ok(),
              headers: {
                'Api-Version': { $ref: '#/components/headers/api_version' },
                'DPoP-Nonce': { schema: string },
                'WWW-Authenticate': { schema: string },
                ETag: { schema: string },
              },
            },
          },
        }),
      },
      { components: { headers: { api_version: { schema: string } } } },
    ),
  },

  {
    name: 'lower-case request header; shouting response header',
    errors: [
      { path: param('/things', 'get') },
      { path: O('/things', 'get', 'responses', '200', 'headers', 'X-RATE-LIMIT') },
    ],
    document: withPath('/things', {
      get: op({
        parameters: [headerParam('if-none-match')],
        responses: { '200': { ...ok(), headers: { 'X-RATE-LIMIT': { schema: { type: 'integer' } } } } },
      }),
    }),
  },
  {
    name: 'Upper-Kebab-Case and exemptions',
    errors: [],
    document: withPath('/things', {
      get: op({
        parameters: [headerParam('If-None-Match'), headerParam('BelGov-Trace-Id')],
        responses: {
          '200': {
            ...ok(),
            headers: { ETag: { schema: { type: 'string' } }, 'WWW-Authenticate': { schema: { type: 'string' } } },
          },
        },
      }),
    }),
  },
];
