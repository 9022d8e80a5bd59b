import { defineRule, type RuleCase } from '../define.js';
import { base, O, ok, op, problem, PROBLEM_SCHEMA, withPath } from '../documents.js';
import { bareMediaType, entries, isObject, type Json } from '../../support/json.js';
import { followLocalRefs } from '../../../src/openapi/refs.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { PROBLEM_JSON, hasContent, hasMedia } from '../../functions/operations.js';

/**
 * prb-defaul (schema): the default response's problem+json schema is a $ref to a Problem schema.
 * Runs on the unresolved document (`resolved: false`): only there are $refs visible.
 */
const defaultUsesProblemSchema = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const [path, pathItem] of entries(root.paths)) {
    for (const [method, operation] of entries(pathItem)) {
      if (!isObject(operation) || !isObject(operation.responses) || method === 'head' || method === 'options') continue;
      const raw = operation.responses.default;
      if (raw === undefined) continue;
      if (isObject(raw) && typeof raw.$ref === 'string' && !raw.$ref.startsWith('#/')) continue; // external: judged in its own file
      const response = followLocalRefs(root, raw).value;
      if (!isObject(response)) continue;
      // A body of another media type is err-problem's finding, on the same response.
      if (hasContent(response) && !hasMedia(response, PROBLEM_JSON)) continue;
      const media = isObject(response.content)
        ? Object.entries(response.content).find(([m]) => bareMediaType(m) === PROBLEM_JSON)?.[1]
        : undefined;
      const schema = isObject(media) ? media.schema : undefined;
      const ref = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : undefined;
      if (!ref || !ref.includes('/Problem')) {
        out.push(
          finding(
            'The default response should use a Problem schema ($ref to .../Problem) under application/problem+json',
            ['paths', path, method, 'responses', 'default'],
          ),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'prb-defaul-schema',
  severity: 'warn',
  description:
    "The default response uses a Problem schema by $ref under application/problem+json (a body of another type is err-problem's finding)",
  then: defaultUsesProblemSchema,
  guideRule: 'prb-defaul',
  resolved: false,
});

const response = (mediaType: string, schema: Json): Json => ({
  description: 'x',
  content: { [mediaType]: { schema } },
});

export const cases = (): RuleCase[] => [
  {
    name: 'inline problem schema',
    errors: [{ path: O('/things', 'get', 'responses', 'default') }],
    document: withPath('/things', {
      get: op({
        responses: {
          '200': ok(),
          default: { description: 'p', content: { 'application/problem+json': { schema: { type: 'object' } } } },
        },
      }),
    }),
  },
  {
    name: 'a $ref to Problem, directly or through a response component',
    errors: [],
    document: withPath(
      '/things',
      {
        get: op(),
        put: op({
          operationId: 'put',
          responses: { '204': { description: 'x' }, default: { $ref: '#/components/responses/ProblemResponse' } },
        }),
      },
      { components: { schemas: { Problem: PROBLEM_SCHEMA }, responses: { ProblemResponse: problem() } } },
    ),
  },
  // One finding per cause: a default response of another media type is err-problem's.

  {
    name: 'FP: a default response of another media type (err-problem)',
    errors: [],
    document: withPath('/things', {
      get: op({
        responses: { '200': ok(), default: response('application/json', { type: 'object', title: 'Error' }) },
      }),
    }),
  },
  {
    name: 'a default without a body; a problem+json default with its own schema',
    errors: [{ path: O('/a', 'get', 'responses', 'default') }, { path: O('/b', 'get', 'responses', 'default') }],
    document: base({
      paths: {
        '/a': { get: op({ responses: { '200': ok(), default: { description: 'An error' } } }) },
        '/b': {
          get: op({
            operationId: 'b',
            responses: {
              '200': ok(),
              default: response('application/problem+json', { type: 'object', title: 'MyError' }),
            },
          }),
        },
      },
    }),
  },
];
