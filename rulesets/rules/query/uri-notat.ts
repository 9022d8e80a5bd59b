import { defineRule, type RuleCase } from '../define.js';
import { base, O, op, param, pathParam, queryParam, string, withPath } from '../documents.js';
import { pathSegmentsCamel } from '../../functions/paths.js';
import { parameterNames } from '../names/support/parameter-names.js';

// Query parameters "use same name as the property in the JSON resource representation", and the guide wants
// the casing "consistent throughout the API": one-letter words pass as in jsn-naming (enableSecondaryYAxis,
// zIndex); an abbreviation in capitals (employerID) does not. Either way a capital is followed by a lower-case
// run or by one capital starting a word, so a name still splits one way only.
const QUERY_WORD = '[a-z0-9]+(?:[A-Z][a-z0-9]+|[A-Z](?=[A-Z][a-z0-9]))*[A-Z]?';
// Dots join the names of nested properties (`employer.name`); an underscore is snake_case (`page_size`), which the
// rule's "lowerCamelCase" excludes, though belgif's validator lets it pass.
const QUERY_NAME = `^${QUERY_WORD}(?:\\.${QUERY_WORD})*$`;

export const rule = defineRule({
  code: 'uri-notat',
  severity: 'warn',
  description: 'Path segments (before any ? or #, without a file extension) and query parameters are lowerCamelCase',
  then: [
    { function: pathSegmentsCamel },
    {
      function: parameterNames,
      functionOptions: {
        in: ['query'],
        match: QUERY_NAME,
        message: 'Query parameter "{{name}}" should be lowerCamelCase',
      },
    },
  ],
});

export const cases = (): RuleCase[] => [
  // "Path segments and query parameters ... SHOULD use lowerCamelCase".

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
  // Query parameters take the casing of JSON property names ("consistent throughout the API"): one-letter words pass.

  {
    name: 'FP: one-letter words in query parameter names',
    errors: [],
    document: withPath('/charts', {
      get: op({
        parameters: [
          queryParam('enableSecondaryYAxis', { type: 'boolean' }),
          queryParam('zIndex', { type: 'integer' }),
        ],
      }),
    }),
  },
  {
    name: 'an abbreviation in capitals',
    errors: [{ path: ['paths', '/charts', 'get', 'parameters', 0] }],
    document: withPath('/charts', {
      get: op({ parameters: [queryParam('stationID', { type: 'string' })] }),
    }),
  },

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
  // "Path segments ... lowerCamelCase": a fragment or a query in a path key is no path segment; the
  // file extension is uri-extens's finding.

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

  {
    name: 'FP: x-ignore-rules under paths',
    errors: [],
    document: base({ paths: { '/things': { get: op() }, 'x-ignore-rules': { 'hlth-res': 'a demo' } } }),
  },
];
