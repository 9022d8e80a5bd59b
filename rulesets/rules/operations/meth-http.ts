import { defineRule, type RuleCase } from '../define.js';
import { O, ok, op, problem, withPath } from '../documents.js';
import { operationsOf, responsesOf } from '../../support/inventory.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { hasContent } from '../../functions/operations.js';

/** meth-http: no body on GET/HEAD/DELETE/OPTIONS requests or HEAD responses; 200 has a body, 204 has none. */
const payloadPresence = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (['get', 'head', 'delete', 'options'].includes(op.method) && op.operation.requestBody !== undefined) {
      out.push(finding(`A ${op.method.toUpperCase()} request should not have a body`, [...op.at, 'requestBody']));
    }
    for (const { code, response, at } of responsesOf(op)) {
      if (op.method === 'head' && hasContent(response))
        out.push(finding('A HEAD response has no body', [...at, 'content']));
      else if (code === '200' && op.method !== 'head' && !hasContent(response))
        out.push(finding('A 200 response should have a body (use 204 for none)', at));
      else if (code === '204' && hasContent(response))
        out.push(finding('A 204 response must not have a body', [...at, 'content']));
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'meth-http',
  severity: 'warn',
  description: 'No request body on GET/HEAD/DELETE/OPTIONS, no body on HEAD responses, a body on 200, none on 204',
  then: payloadPresence,
});

export const cases = (): RuleCase[] => [
  {
    name: 'GET with body; 200 without body; 204 with body',
    errors: [
      { path: O('/things', 'get', 'requestBody') },
      { path: O('/things', 'get', 'responses', '200') },
      { path: O('/things', 'delete', 'responses', '204', 'content') },
    ],
    document: withPath('/things', {
      get: op({
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'x' }, default: problem() },
      }),
      delete: op({ operationId: 'del', responses: { '204': ok(), default: problem() } }),
    }),
  },
  {
    name: 'bodies where they belong',
    errors: [],
    document: withPath('/things', {
      get: op(),
      head: { operationId: 'h', summary: 's', responses: { '200': { description: 'x' } } },
      delete: op({ operationId: 'd', responses: { '204': { description: 'x' } } }),
    }),
  },
];
