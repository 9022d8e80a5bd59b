import { defineRule, type RuleCase } from '../define.js';
import { O, op, problem, string, v31, withPath } from '../documents.js';
import { allMediaTypes, effectiveType } from '../../support/inventory.js';
import { bareMediaType, isObject, type Json } from '../../support/json.js';
import { singleType } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

const isBinary = (schema: Json): boolean =>
  singleType(schema) === 'string' &&
  (schema.format === 'binary' ||
    schema.format === 'byte' ||
    schema.format === 'base64' ||
    typeof schema.contentEncoding === 'string' ||
    typeof schema.contentMediaType === 'string');

const STRUCTURED =
  /^(?:application\/json|application\/[\w.+-]+\+json|application\/xml|text\/xml|application\/[\w.+-]+\+xml|application\/x-www-form-urlencoded|multipart\/(?:[\w.+-]+|\*))$/;

/** Media types that name no format of their own: the schema alone says what the body is. */
const UNNAMED_FORMAT = /^(?:\*\/\*|[\w.+-]+\/\*|application\/octet-stream)$/;

// A rendering of the resource (.docx, PDF, spreadsheet, page), whatever schema a generator copies onto it:
// beside JSON the data "is made available in JSON" as the guide asks; alone, it is not.
const DOCUMENT_FORMAT =
  /^(?:application\/(?:pdf|rtf|msword|epub\+zip|vnd\.ms-[\w.+-]+|vnd\.openxmlformats-officedocument\.[\w.+-]+|vnd\.oasis\.opendocument\.[\w.+-]+)|image\/[\w.+-]+|text\/(?:csv|html|calendar))$/;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/**
 * rep-struct: structured data (a schema of objects or arrays) uses a JSON (or XML, form, multipart)
 * media type. A string schema under a media type naming a format (an image, a PDF, a diff) is that
 * format's raw content, not structured data; under a wildcard or octet-stream, where the schema alone
 * describes the body, it says binary (format binary) as belgif's validator asks.
 */
const structuredMediaType = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const is31 = typeof root.openapi === 'string' && root.openapi.startsWith('3.1');
  const media = allMediaTypes(root);
  // The content maps that offer JSON, by their path.
  const withJson = new Set(
    media.filter((m) => JSON_TYPE.test(bareMediaType(m.mediaType))).map((m) => JSON.stringify(m.at.slice(0, -1))),
  );
  for (const { mediaType, media: object, at, kind } of media) {
    // The guide's rule is about representations (bodies); a parameter's `content` (springdoc writes
    // path variables with `*/*`) carries a parameter value, not a representation.
    if (kind === 'parameter') continue;
    const bare = bareMediaType(mediaType);
    const schema = object.schema;
    if (DOCUMENT_FORMAT.test(bare) && withJson.has(JSON.stringify(at.slice(0, -1)))) continue;
    if (STRUCTURED.test(bare) || !isObject(schema) || typeof schema.$ref === 'string' || isBinary(schema)) continue;
    const type = effectiveType(schema);
    // OAS 3.1 dropped format: binary; a string body is its raw content there.
    const unnamedText = type === 'string' && UNNAMED_FORMAT.test(bare) && !(is31 && schema.format === undefined);
    if (type !== 'object' && type !== 'array' && !unnamedText) continue;
    out.push(finding(`Structured data should use application/json, not ${bare}`, at));
  }
  return out;
});

export const rule = defineRule({
  code: 'rep-struct',
  severity: 'error',
  description: 'Structured data (object or array schemas) uses application/json (or another structured media type)',
  then: structuredMediaType,
});

/** GET /a answering 200 with a schema per media type. */
const answering = (schemas: Record<string, Json>): Json => {
  const content = Object.fromEntries(Object.entries(schemas).map(([mediaType, schema]) => [mediaType, { schema }]));
  return withPath('/a', { get: op({ responses: { '200': { description: 'x', content }, default: problem() } }) });
};
// springdoc renders a @PathVariable with `content: {'*/*': …}`.
const CATALOG_ID: Json = { name: 'catalogId', in: 'path', required: true, content: { '*/*': { schema: string } } };
const OK_AT = (mediaType: string) => O('/a', 'get', 'responses', '200', 'content', mediaType);

export const cases = (): RuleCase[] => [
  {
    name: 'an object as text/plain',
    errors: [{ path: OK_AT('text/plain') }],
    document: answering({ 'text/plain': { type: 'object' } }),
  },
  {
    name: 'JSON, problem+json, binary, text string',
    errors: [],
    document: answering({
      'application/json': { type: 'object' },
      'application/pdf': { type: 'string', format: 'binary' },
      'text/csv': string,
    }),
  },
  {
    name: 'a plain string as */* (no binary format)',
    errors: [{ path: OK_AT('*/*') }],
    document: answering({ '*/*': string }),
  },
  {
    name: 'OAS 3.1: a plain string body is raw content',
    errors: [],
    document: v31(answering({ 'image/png': string })),
  },
  {
    name: 'an object as multipart/*; binary as */*',
    errors: [],
    document: answering({ 'multipart/*': { type: 'object' }, '*/*': { type: 'string', format: 'binary' } }),
  },
  // Issue 46 first pass (LDES Server admin): a path parameter's content is no representation.
  {
    name: "FP: a path parameter's */* content is no representation; the body beside it is judged",
    errors: [{ path: O('/catalogs/{catalogId}', 'put', 'requestBody', 'content', 'text/plain') }],
    document: withPath('/catalogs/{catalogId}', {
      put: op({
        parameters: [
          CATALOG_ID,
          { name: 'filter', in: 'query', content: { 'text/plain': { schema: { type: 'object' } } } },
        ],
        requestBody: { content: { 'text/plain': { schema: { type: 'object' } } } },
        responses: { '204': { description: 'Replaced' }, default: problem() },
      }),
    }),
  },
  {
    name: "FP: parameters' content only",
    errors: [],
    document: withPath('/catalogs/{catalogId}', {
      delete: op({ parameters: [CATALOG_ID], responses: { '204': { description: 'Deleted' }, default: problem() } }),
    }),
  },
  // Issue 46 first pass (Helsinki, drf-spectacular): the serializer's schema on a .docx renderer beside JSON.
  {
    name: 'FP: a .docx and a PDF rendering beside JSON',
    errors: [],
    document: withPath('/reports/{reportId}', {
      get: op({
        responses: {
          '200': {
            description: 'The report',
            content: {
              'application/json': { schema: { type: 'object' } },
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: { type: 'object' } },
              'application/pdf': { schema: { type: 'object' } },
            },
          },
          default: problem(),
        },
      }),
    }),
  },
  {
    name: 'a .docx rendering alone; text/json beside JSON',
    errors: [
      {
        path: O(
          '/reports',
          'get',
          'responses',
          '200',
          'content',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ),
      },
      { path: O('/reports', 'post', 'responses', '201', 'content', 'text/json') },
    ],
    document: withPath('/reports', {
      get: op({
        responses: {
          '200': {
            description: 'The reports',
            content: {
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: { type: 'object' } },
            },
          },
          default: problem(),
        },
      }),
      post: op({
        responses: {
          '201': {
            description: 'Created',
            content: {
              'application/json': { schema: { type: 'object' } },
              'text/json': { schema: { type: 'object' } },
            },
          },
          default: problem(),
        },
      }),
    }),
  },
];
