import { defineRule, type RuleCase } from '../define.js';
import { base, O, ok, op, problem, queryParam, v31, withPath } from '../documents.js';
import { declaredProperties, effectiveType, operationsOf, parametersOf } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** A free-form object query parameter (form, exploded): every unknown query parameter would be taken as input. */
const isFreeFormQuery = (parameter: Json): boolean => {
  const schema = isObject(parameter.schema) ? parameter.schema : undefined;
  if (!schema || effectiveType(schema) !== 'object') return false;
  // Declared properties name their query parameters; leaving out `additionalProperties: false` is JSON
  // Schema's default, not a catch-all (issue 46: Smals' PersonSearchCriteria).
  const open =
    (schema.additionalProperties === undefined && declaredProperties(schema).size === 0) ||
    schema.additionalProperties === true ||
    isObject(schema.additionalProperties);
  return open && (parameter.style === undefined || parameter.style === 'form') && parameter.explode !== false;
};
// "If an operation does allow and process input that is not defined in OpenAPI, its description should
// explicitly indicate this": a description saying other parameters are accepted documents it.
const DOCUMENTS_OPEN_INPUT =
  /\b(?:arbitrary|additional|any(?: other)?|extra|custom|free[- ]form|unknown|other|undeclared|dynamic)\b[^.;]{0,40}?\b(?:(?:query )?parameters?|propert(?:y|ies)|keys?|fields?|filters?|attributes?|criteria)\b/i;
const documentsOpenInput = (...texts: unknown[]): boolean =>
  texts.some((t) => typeof t === 'string' && DOCUMENTS_OPEN_INPUT.test(t));
/**
 * req-valid: no query parameter swallows every unknown one (a free-form object, form-exploded), so
 * unknown query parameters can be refused. Whether an operation refuses unknown input is a run-time
 * matter (the input.* checks); the response documenting it is prb-defaul's default problem response.
 * A parameter whose description (or its operation's) says it takes other parameters is documented open input.
 */
const unknownInputRefused = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    for (const { parameter, at } of parametersOf(op)) {
      if (parameter.in !== 'query' || !isFreeFormQuery(parameter)) continue;
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      if (
        !documentsOpenInput(parameter.description, schema.description, op.operation.description, op.operation.summary)
      ) {
        out.push(
          finding(
            `Query parameter "${String(parameter.name)}" is a free-form object: unknown query parameters should be refused with 400, not collected (or its description should say that other parameters are accepted)`,
            at,
          ),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'req-valid',
  severity: 'warn',
  description:
    'No free-form object query parameter collects unknown query parameters (refusing unknown input is checked at run time)',
  then: unknownInputRefused,
});

/** POST /others taking a JSON object. */
const postOther = (extra: Json = {}): Json =>
  op({
    operationId: 'others',
    requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', title: 'Other' } } } },
    ...extra,
  });
const CRITERIA = queryParam('criteria', {
  type: 'object',
  properties: { firstName: { type: 'string' }, lastName: { type: 'string' } },
});

export const cases = (): RuleCase[] => [
  // "If an operation does allow and process input that is not defined in OpenAPI, its description should explicitly indicate this."

  {
    name: 'FP: a free-form object whose description says other parameters are accepted',
    errors: [],
    document: base({
      paths: {
        '/search': {
          get: op({
            parameters: [
              queryParam(
                'criteria',
                { type: 'object', additionalProperties: { type: 'string' } },
                {
                  description:
                    'Arbitrary additional query parameters are allowed: each filters on the attribute it names',
                },
              ),
            ],
          }),
        },
        '/find': {
          get: op({
            operationId: 'find',
            description: 'Any other query parameter is taken as a filter on the property of that name.',
            parameters: [queryParam('filter', { type: 'object' })],
          }),
        },
      },
    }),
  },
  {
    name: 'a free-form object described as something else',
    errors: [{ path: O('/search', 'get', 'parameters', 0), message: 'its description should say' }],
    document: withPath('/search', {
      get: op({ parameters: [queryParam('filter', { type: 'object' }, { description: 'The search filter' })] }),
    }),
  },

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
        '/others': { post: postOther() },
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
  // "An API SHOULD refuse unknown input": a run-time behaviour (the input.* checks). The response that
  // documents it is prb-defaul's default problem response, reported there.

  {
    name: 'FP: input without a 400 or default response (prb-defaul reports the missing default)',
    errors: [],
    document: base({
      paths: {
        '/things': { get: op({ parameters: [queryParam('name', { type: 'string' })], responses: { '200': ok() } }) },
        '/others': { post: postOther({ responses: { '204': { description: 'done' } } }) },
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
  // Issue 46 first pass (Smals referral prescriptions): an object exploded into named query parameters.
  {
    name: 'FP: an object with declared properties; one without any is free-form',
    errors: [{ path: O('/people', 'get', 'parameters', 1) }],
    document: withPath('/people', {
      get: op({
        parameters: [CRITERIA, queryParam('extra', { type: 'object' })],
      }),
    }),
  },
  {
    name: 'FP: an object with declared properties only',
    errors: [],
    document: withPath('/people', {
      get: op({
        parameters: [CRITERIA],
      }),
    }),
  },
];
