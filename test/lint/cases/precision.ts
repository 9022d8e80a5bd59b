// Cases from linting public descriptions nobody here wrote (issue 29): for each systematic false
// finding, the smallest document that produced it, which must now be clean, and one that must still
// give exactly its findings. Written from the guide's text, quoted where it decides.
import type { RuleCase } from '../harness.js';
import { base, ok, op, problem, queryParam, withPath, withSchemas } from '../documents.js';

type Json = Record<string, unknown>;
const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const form = (schema: Json): Json => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema } } });
const response = (mediaType: string, schema: Json): Json => ({
  description: 'x',
  content: { [mediaType]: { schema } },
});
const enumOf = (...values: string[]): Json => ({ type: 'string', enum: values });

export const cases: Record<string, RuleCase[]> = {
  // "Precision-sensitive decimals (money)": an amount can be a count, and a cost a ratio.
  'dec-type': [
    {
      name: 'FP: amounts that are counts, a cost that is a ratio',
      errors: [],
      document: withSchemas({
        Asset: {
          type: 'object',
          properties: {
            amount: { type: 'number' },
            totalAmount: { type: 'number', description: 'Number of tokens minted' },
          },
        },
        Pool: {
          type: 'object',
          properties: {
            margin_cost: { type: 'number', example: 0.05, description: 'Margin tax cost of the stake pool' },
            taxRate: { type: 'number' },
          },
        },
      }),
    },
    {
      name: 'money: beside a currency, said in its description, in a payment, or a price by name',
      errors: [
        { path: P('Transfer', 'properties', 'amount') },
        { path: P('Order', 'properties', 'total') },
        { path: P('Payment', 'properties', 'amount') },
        { path: P('Product', 'properties', 'unitPrice') },
      ],
      document: withSchemas({
        Transfer: { type: 'object', properties: { amount: { type: 'number' }, currency: { type: 'string' } } },
        Order: { type: 'object', properties: { total: { type: 'number', description: 'Total in euro' } } },
        Payment: { type: 'object', properties: { amount: { type: 'number' } } },
        Product: { type: 'object', properties: { unitPrice: { type: 'number' } } },
      }),
    },
  ],
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
  // "Request/response bodies MUST be JSON objects": a schema stating no type says nothing of the body.
  'evo-object': [
    {
      name: 'FP: an untyped {} body; a body described in words only',
      errors: [],
      document: withPath('/a', {
        get: op({ responses: { '200': ok({}), default: problem() } }),
        post: op({
          operationId: 'p',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { description: 'Anything the client sends' } } },
          },
        }),
      }),
    },
    {
      name: 'an array by its items; an enum of strings',
      errors: [
        { path: O('/a', 'get', 'responses', '200', 'content', 'application/json') },
        { path: O('/a', 'post', 'requestBody', 'content', 'application/json') },
      ],
      document: withPath('/a', {
        get: op({ responses: { '200': ok({ items: { type: 'string' } }), default: problem() } }),
        post: op({
          operationId: 'p',
          requestBody: { required: true, content: { 'application/json': { schema: { enum: ['on', 'off'] } } } },
        }),
      }),
    },
  ],
  // "Designing new codes": values a standard defines are not new code types.
  'cod-design': [
    {
      name: 'FP: HTTP methods, media types, paper sizes, language tags, time zones, URNs',
      errors: [],
      document: withSchemas({
        Callback: {
          type: 'object',
          properties: {
            statusCallbackMethod: enumOf('GET', 'POST'),
            mediaType: enumOf('application/pdf', 'image/png'),
            paperSize: enumOf('A4', 'Letter', 'Legal'),
            locale: enumOf('en-US', 'nl-BE'),
            timeZone: enumOf('Europe/Brussels', 'America/New_York'),
            grantType: enumOf('urn:ietf:params:oauth:grant-type:jwt-bearer'),
          },
        },
      }),
    },
    {
      name: 'invented codes next to standard values: only the invented ones',
      errors: [{ path: P('Call', 'properties', 'status', 'enum'), message: /lowerCamelCase: IN_PROGRESS, no-answer$/ }],
      document: withSchemas({
        Call: { type: 'object', properties: { status: enumOf('GET', 'IN_PROGRESS', 'no-answer', 'queued') } },
      }),
    },
  ],
  // One finding per cause: an operation without summary is oas-descr's ("summary SHOULD be present").
  'oas-doc-coverage': [
    {
      name: 'FP: an operation without summary or description (oas-descr)',
      errors: [],
      document: withPath(
        '/things',
        { get: { operationId: 'things', responses: { '200': ok(), default: problem() } } },
        { info: { title: 'Demo', version: '1.0.0', description: 'Things' } },
      ),
    },
    {
      name: 'a one-word summary alone',
      errors: [{ path: O('/things', 'get') }],
      document: withPath(
        '/things',
        { get: op({ summary: 'Things' }) },
        { info: { title: 'Demo', version: '1.0.0', description: 'Things' } },
      ),
    },
  ],
  // "component schema title absent or equal to its name": equal is what the guide asks, whatever its case.
  'oas-descr': [
    {
      name: 'FP: a component titled with its own (snake_case) name',
      errors: [],
      document: withSchemas({ account_status: { type: 'string', title: 'account_status' } }),
    },
    {
      name: 'a component title other than its name; an inline title not UpperCamelCase',
      errors: [{ path: P('Account', 'title') }, { path: P('Account', 'properties', 'owner', 'title') }],
      document: withSchemas({
        Account: { type: 'object', title: 'account', properties: { owner: { type: 'object', title: 'the owner' } } },
      }),
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
  // "Naming of JSON properties": form fields are no JSON properties; a property is reported where it is named.
  'jsn-naming': [
    // "lowerCamelCase": each word capitalized, a one-letter word too; acronyms written as words.
    {
      name: "FP: one-letter words; oEmbed's standard names",
      errors: [],
      document: withSchemas({
        Item: {
          type: 'object',
          properties: {
            itemReverseZIndex: { type: 'integer' },
            region1AReleaseDate: { type: 'string' },
            xCoordinate: { type: 'number' },
          },
        },
        OEmbed: {
          type: 'object',
          properties: { thumbnail_height: { type: 'integer' }, provider_name: { type: 'string' } },
        },
      }),
    },
    {
      name: 'acronyms in capitals, snake case',
      errors: [
        { path: P('Person', 'properties', 'employerID') },
        { path: P('Person', 'properties', 'HTTPStatus') },
        { path: P('Person', 'properties', 'birth_date') },
      ],
      document: withSchemas({
        Person: {
          type: 'object',
          properties: {
            employerID: { type: 'string' },
            HTTPStatus: { type: 'integer' },
            birth_date: { type: 'string' },
          },
        },
      }),
    },
    {
      name: 'FP: authorization server metadata (RFC 8414) and a JWK',
      errors: [],
      document: withSchemas({
        AuthorizationServer: {
          type: 'object',
          properties: {
            issuer: { type: 'string' },
            jwks_uri: { type: 'string' },
            token_endpoint: { type: 'string' },
            grant_types_supported: { type: 'array', items: { type: 'string' } },
          },
        },
      }),
    },
    {
      name: 'FP: fields of a form-urlencoded body (inline, and a component only forms use)',
      errors: [],
      document: base({
        paths: {
          '/calls': {
            post: op({
              requestBody: form({
                type: 'object',
                properties: { FriendlyName: { type: 'string' }, StatusCallback: { type: 'string' } },
              }),
            }),
          },
          '/messages': {
            post: op({ operationId: 'message', requestBody: form({ $ref: '#/components/schemas/MessageForm' }) }),
          },
        },
        components: { schemas: { MessageForm: { type: 'object', properties: { To: { type: 'string' } } } } },
      }),
    },
    {
      name: 'a $ref property at the properties naming it; a component used by forms and JSON',
      errors: [
        { path: P('Account', 'properties'), message: '"Owner_record"' },
        { path: P('Shared', 'properties', 'Body'), message: '"Body"' },
      ],
      document: base({
        paths: {
          '/messages': {
            post: op({
              requestBody: form({ $ref: '#/components/schemas/Shared' }),
              responses: { '200': ok({ $ref: '#/components/schemas/Shared' }), default: problem() },
            }),
          },
        },
        components: {
          schemas: {
            Account: { type: 'object', properties: { Owner_record: { $ref: '#/components/schemas/Owner' } } },
            Owner: { type: 'object', properties: { name: { type: 'string' } } },
            Shared: { type: 'object', properties: { Body: { type: 'string' } } },
          },
        },
      }),
    },
  ],
  // "A collection result MUST contain an items property": also behind a suffix (/accounts.json with /accounts/{sid}.json).
  'col-repres': [
    {
      name: 'a collection behind a .json suffix returning its own list property',
      errors: [{ path: O('/accounts.json', 'get', 'responses', '200', 'content', 'application/json', 'schema') }],
      document: base({
        paths: {
          '/accounts.json': {
            get: op({
              operationId: 'accounts',
              responses: {
                '200': ok({
                  type: 'object',
                  title: 'AccountPage',
                  properties: { accounts: { type: 'array', items: { type: 'object' } }, page: { type: 'integer' } },
                }),
                default: problem(),
              },
            }),
          },
          '/accounts/{accountSid}.json': { get: op({ operationId: 'account' }) },
        },
      }),
    },
    {
      name: 'a collection behind a .json suffix with items',
      errors: [],
      document: base({
        paths: {
          '/accounts.json': {
            get: op({
              operationId: 'accounts',
              responses: {
                '200': ok({
                  type: 'object',
                  title: 'Accounts',
                  properties: {
                    items: {
                      type: 'array',
                      items: { type: 'object', title: 'AccountLink', properties: { href: { type: 'string' } } },
                    },
                  },
                }),
                default: problem(),
              },
            }),
          },
          '/accounts/{accountSid}.json': { get: op({ operationId: 'account' }) },
        },
      }),
    },
  ],
  // "Properties with a null value SHOULD be omitted": a JSON property; a query parameter is none.
  'jsn-null': [
    {
      name: 'FP: a nullable query parameter',
      errors: [],
      document: withPath('/dialogs', {
        get: op({ parameters: [queryParam('createdAfter', { type: 'string', format: 'date-time', nullable: true })] }),
      }),
    },
    {
      name: 'a nullable property of a response body',
      errors: [{ path: P('Dialog', 'properties', 'seenAt', 'nullable') }],
      document: withSchemas({
        Dialog: { type: 'object', properties: { seenAt: { type: 'string', format: 'date-time', nullable: true } } },
      }),
    },
    {
      name: 'a nullable field in the data payload of a message named like CloudEvents (attributes are spared by inheritance, not by name)',
      errors: [
        { path: P('EmployerCreatedAsynchronousMessage', 'properties', 'data', 'properties', 'name', 'nullable') },
      ],
      document: withSchemas({
        EmployerCreatedAsynchronousMessage: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              title: 'EmployerCreated',
              properties: { name: { type: 'string', nullable: true } },
            },
          },
        },
      }),
    },
  ],
  // sch-oneof is about choosing between alternatives: a oneOf of a single member (OpenAPI 3.0's nullable $ref) offers none.
  'sch-oneof': [
    {
      name: 'FP: a oneOf of one $ref',
      errors: [],
      document: withSchemas({
        Dialog: {
          type: 'object',
          properties: { latestActivity: { nullable: true, oneOf: [{ $ref: '#/components/schemas/Activity' }] } },
        },
        Activity: { type: 'object', properties: { kind: { type: 'string' } } },
      }),
    },
    {
      name: 'FP 3.1: a oneOf of an object and null',
      errors: [],
      document: {
        ...withSchemas({
          Frame: {
            type: 'object',
            properties: {
              containingStateGroup: {
                oneOf: [{ type: 'object', properties: { nodeId: { type: 'string' } } }, { type: 'null' }],
              },
            },
          },
        }),
        openapi: '3.1.0',
      },
    },
    {
      name: 'a oneOf of two objects without discriminator',
      errors: [{ path: P('Content', 'oneOf') }],
      document: withSchemas({
        Content: {
          oneOf: [
            { type: 'object', properties: { text: { type: 'string' } } },
            { type: 'object', properties: { url: { type: 'string' } } },
          ],
        },
      }),
    },
  ],
  // "A plural noun SHOULD be used for collection names, for example 'employers' or 'children'".
  'col-name': [
    {
      name: "FP: the guide's own children; media behind a suffix",
      errors: [],
      document: base({
        paths: {
          '/children': { get: op({ operationId: 'children' }) },
          '/children/{childId}': { get: op({ operationId: 'child' }) },
          '/messages/{messageId}/media.json': { get: op({ operationId: 'media' }) },
          '/messages/{messageId}/media/{mediaId}.json': { get: op({ operationId: 'medium' }) },
        },
      }),
    },
    {
      name: 'a singular collection behind a suffix',
      errors: [{ path: ['paths', '/employer.json'] }],
      document: base({
        paths: {
          '/employer.json': { get: op({ operationId: 'employers' }) },
          '/employer/{employerId}.json': { get: op({ operationId: 'employer' }) },
        },
      }),
    },
  ],
};
