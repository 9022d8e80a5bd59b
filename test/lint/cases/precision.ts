// Cases from linting public descriptions nobody here wrote (issue 29): for each systematic false
// finding, the smallest document that produced it, which must now be clean, and one that must still
// give exactly its findings. Written from the guide's text, quoted where it decides.
import type { RuleCase } from '../harness.js';
import { base, ok, op, problem, queryParam, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const response = (mediaType: string, schema: Json): Json => ({
  description: 'x',
  content: { [mediaType]: { schema } },
});

export const cases: Record<string, RuleCase[]> = {
  // "An API SHOULD refuse unknown input": a run-time behaviour (the input.* checks). The response that
  // documents it is prb-defaul's default problem response, reported there.
  'req-valid': [
    {
      name: 'FP: input without a 400 or default response (prb-defaul reports the missing default)',
      errors: [],
      document: base({
        paths: {
          '/things': { get: op({ parameters: [queryParam('name', { type: 'string' })], responses: { '200': ok() } }) },
          '/others': {
            post: op({
              operationId: 'others',
              requestBody: {
                required: true,
                content: { 'application/json': { schema: { type: 'object', title: 'Other' } } },
              },
              responses: { '204': { description: 'done' } },
            }),
          },
        },
      }),
    },
    {
      name: 'a free-form object query parameter collects every unknown one',
      errors: [{ path: O('/search', 'get', 'parameters', 0), message: 'free-form object' }],
      document: withPath('/search', {
        get: op({ parameters: [queryParam('filter', { type: 'object' })] }),
      }),
    },
  ],
  // "Path segments ... lowerCamelCase": a fragment or a query in a path key is no path segment; the
  // file extension is uri-extens's finding.
  'uri-notat': [
    {
      name: 'FP: a fragment and a query in path keys; a file extension after a lowerCamelCase segment',
      errors: [],
      document: base({
        paths: {
          '/#X-Amz-Target=Logs_20140328.AssociateKmsKey': { post: op({ operationId: 'associateKmsKey' }) },
          '/{bucket}?acl': { get: op({ operationId: 'acl' }) },
          '/accounts.json': { get: op({ operationId: 'accounts' }) },
        },
      }),
    },
    {
      name: 'an UpperCamelCase segment before a suffix, named without it',
      errors: [{ path: ['paths', '/Accounts.json'], message: /lowerCamelCase: Accounts$/ }],
      document: withPath('/Accounts.json', { get: op() }),
    },
    {
      name: 'FP: a well-known URI (RFC 8615) and its registered name',
      errors: [],
      document: withPath('/api/v1/.well-known/oauth-authorization-server', { get: op() }),
    },
    {
      name: 'a segment the API names under a well-known one',
      errors: [
        { path: ['paths', '/.well-known/openid-configuration/extra_keys'], message: /lowerCamelCase: extra_keys$/ },
      ],
      document: withPath('/.well-known/openid-configuration/extra_keys', { get: op() }),
    },
  ],
  // "Structured data as JSON": an image, a PDF or any raw content described as a string (or not at all) is not structured data.
  'rep-struct': [
    {
      name: 'FP: an image as a string without format; an image with an empty schema; a diff as a string',
      errors: [],
      document: withPath('/things/{thingId}/picture', {
        get: op({
          responses: {
            '200': {
              description: 'x',
              content: {
                'image/png': { schema: { type: 'string' } },
                'image/jpeg': { schema: {} },
                'application/vnd.example.diff': { schema: { type: 'string' } },
              },
            },
            default: problem(),
          },
        }),
      }),
    },
    {
      name: 'an array as application/pdf',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'application/pdf') }],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': response('application/pdf', { type: 'array', items: { type: 'string' } }),
            default: problem(),
          },
        }),
      }),
    },
  ],
};
