import { defineRule, type RuleCase } from '../define.js';
import { base, O, ok, op, problem, PROBLEM_SCHEMA, withPath } from '../documents.js';
import { operationsOf, responsesOf } from '../../support/inventory.js';
import { bareMediaType, isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { PROBLEM_JSON, hasContent, hasMedia, isHeadOrOptions } from '../../functions/operations.js';

const isErrorCode = (code: string): boolean => /^[45]/.test(code) || code === 'default';
/** err-problem: the body an error response declares is application/problem+json; success responses use other types. */
const problemMediaType = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (isHeadOrOptions(op)) continue;
    for (const { code, response, at } of responsesOf(op)) {
      if (isErrorCode(code)) {
        if (op.method === 'get' && op.path.endsWith('/health') && code === '503') continue;
        // "The Problem Details response body MAY be absent when the HTTP status code itself provides
        // sufficient information": a response declaring no content has no body to judge.
        if (hasContent(response) && !hasMedia(response, PROBLEM_JSON))
          out.push(finding(`Error response ${code} should have media type ${PROBLEM_JSON}`, at));
      } else if (/^[123]/.test(code)) {
        for (const mediaType of Object.keys(isObject(response.content) ? response.content : {})) {
          if (bareMediaType(mediaType) === PROBLEM_JSON) {
            out.push(
              finding(`${PROBLEM_JSON} is not allowed on a successful status code ${code}`, [
                ...at,
                'content',
                mediaType,
              ]),
            );
          }
        }
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'err-problem',
  severity: 'warn',
  description:
    'A body declared on an error response (4xx, 5xx, default) is application/problem+json (it may be absent); successful ones are not',
  then: problemMediaType,
});

const withProblem = { components: { schemas: { Problem: PROBLEM_SCHEMA } } };
const response = (mediaType: string, schema: Json): Json => ({
  description: 'x',
  content: { [mediaType]: { schema } },
});

export const cases = (): RuleCase[] => [
  {
    name: '404 as JSON; problem on 200',
    errors: [
      { path: O('/things', 'get', 'responses', '404') },
      { path: O('/things', 'get', 'responses', '200', 'content', 'application/problem+json') },
    ],
    document: withPath(
      '/things',
      {
        get: op({
          responses: {
            '200': { description: 'x', content: { 'application/problem+json': { schema: { type: 'object' } } } },
            '404': ok(),
            default: problem(),
          },
        }),
      },
      withProblem,
    ),
  },
  {
    name: 'problems on errors; bodiless 405; health 503',
    errors: [],
    document: base({
      paths: {
        '/things': {
          get: op({ responses: { '200': ok(), '400': problem(), '405': { description: 'x' }, default: problem() } }),
        },
        '/health': { get: op({ operationId: 'health', responses: { '200': ok(), '503': ok() } }) },
      },
      ...withProblem,
    }),
  },
  // "The Problem Details response body MAY be absent when the HTTP status code itself provides sufficient information".

  {
    name: 'FP: error responses declaring no content',
    errors: [],
    document: withPath('/things/{thingId}', {
      get: op({
        responses: {
          '200': ok(),
          '404': { description: 'No such thing' },
          '409': { description: 'Conflict' },
          default: problem(),
        },
      }),
    }),
  },
  {
    name: 'an error body of another media type',
    errors: [{ path: O('/things', 'get', 'responses', '404') }],
    document: withPath('/things', {
      get: op({
        responses: {
          '200': ok(),
          '404': response('application/json', { type: 'object', title: 'Error' }),
          default: problem(),
        },
      }),
    }),
  },
];
