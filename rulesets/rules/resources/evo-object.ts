import { defineRule, type RuleCase } from '../define.js';
import { O, ok, op, problem, v31, withPath } from '../documents.js';
import { allMediaTypes, effectiveType } from '../../support/inventory.js';
import { asArray, bareMediaType, isObject, type Json } from '../../support/json.js';
import { enumerated } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { isJsonFamily } from '../../functions/resources.js';

const COMPOSITIONS = ['oneOf', 'anyOf', 'allOf'] as const;
/**
 * True when every value the schema allows is an object: type object, or a oneOf/anyOf whose members all
 * are, or an allOf with one that is. A schema that states no type at all (`{}`, a description only)
 * does not describe the body's structure: it is not judged a non-object.
 */
function describesObject(schema: Json, depth = 0): boolean {
  if (typeof schema.$ref === 'string' || depth > 32) return true; // an unresolved (circular) $ref: not ours to judge
  const type = effectiveType({
    type: schema.type,
    properties: schema.properties,
    additionalProperties: schema.additionalProperties,
    items: schema.items,
  });
  if (type !== undefined) return type === 'object';
  const values = enumerated(schema)?.values;
  if (values !== undefined) return values.some((v) => isObject(v));
  if (!COMPOSITIONS.some((keyword) => asArray(schema[keyword]).length > 0)) return true;
  const all = (keyword: 'oneOf' | 'anyOf') =>
    Array.isArray(schema[keyword]) &&
    schema[keyword].length > 0 &&
    schema[keyword].every((m) => isObject(m) && describesObject(m, depth + 1));
  return (
    all('oneOf') || all('anyOf') || asArray(schema.allOf).some((m) => isObject(m) && describesObject(m, depth + 1))
  );
}
/** evo-object: JSON media types have a schema; JSON and multipart bodies are objects (through oneOf/anyOf/allOf). */
const jsonObjectBodies = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { mediaType, media, at, kind } of allMediaTypes(root)) {
    if (kind === 'parameter') continue;
    const bare = bareMediaType(mediaType);
    const schema = media.schema;
    if (isJsonFamily(bare) && schema === undefined) {
      out.push(finding(`An ${bare} media type should have a schema`, at));
    } else if ((isJsonFamily(bare) || bare.startsWith('multipart/')) && isObject(schema) && !describesObject(schema)) {
      // At the media type, not its schema: a shared $ref'd schema still gives one finding per body.
      out.push(finding(`The top-level ${bare} structure must be a JSON object`, at));
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'evo-object',
  severity: 'error',
  description:
    'application/json media types have a schema; JSON and multipart bodies are objects, never arrays or scalars (a schema stating no type is not judged)',
  then: jsonObjectBodies,
});

export const cases = (): RuleCase[] => [
  {
    name: 'JSON without schema; array body',
    errors: [
      { path: O('/a', 'get', 'responses', '200', 'content', 'application/json') },
      { path: O('/a', 'post', 'requestBody', 'content', 'application/json') },
    ],
    document: withPath('/a', {
      get: op({ responses: { '200': { description: 'x', content: { 'application/json': {} } } } }),
      post: op({
        operationId: 'p',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
        },
      }),
    }),
  },
  {
    name: 'objects, also via $ref and allOf',
    errors: [],
    document: withPath(
      '/a',
      { get: op({ responses: { '200': ok({ allOf: [{ $ref: '#/components/schemas/A' }] }) } }) },
      { components: { schemas: { A: { type: 'object' } } } },
    ),
  },
  {
    name: 'problem+json without schema; a oneOf with a string member; an allOf of string and array',
    errors: [
      {
        path: O('/a', 'get', 'responses', 'default', 'content', 'application/problem+json'),
        message: 'application/problem+json media type should have a schema',
      },
      { path: O('/a', 'get', 'responses', '200', 'content', 'application/json') },
      { path: O('/a', 'post', 'requestBody', 'content', 'application/json') },
    ],
    document: withPath('/a', {
      get: op({
        responses: {
          '200': ok({ oneOf: [{ type: 'object' }, { type: 'string' }] }),
          default: { description: 'x', content: { 'application/problem+json': {} } },
        },
      }),
      post: op({
        operationId: 'p',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { anyOf: [{ type: 'object' }, { allOf: [{ type: 'string' }, { type: 'array' }] }] },
            },
          },
        },
      }),
    }),
  },
  {
    name: 'oneOf/anyOf of objects; a problem+json object',
    errors: [],
    document: withPath(
      '/a',
      {
        get: op({
          responses: {
            '200': ok({
              oneOf: [{ type: 'object' }, { anyOf: [{ type: 'object' }, { $ref: '#/components/schemas/A' }] }],
            }),
            default: {
              description: 'x',
              content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/A' } } },
            },
          },
        }),
      },
      { components: { schemas: { A: { type: 'object' } } } },
    ),
  },
  // "Request/response bodies MUST be JSON objects": a schema stating no type says nothing of the body.

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

  {
    name: '3.1: a nullable array body',
    errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'application/json') }],
    document: v31(
      withPath('/a', {
        get: op({ responses: { '200': ok({ type: ['array', 'null'], items: { type: 'string' } }) } }),
      }),
    ),
  },
];
