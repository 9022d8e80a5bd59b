import { defineRule, type RuleCase } from '../define.js';
import { O, ok, op, PROBLEM_SCHEMA, withPath } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { isHeadOrOptions } from '../../functions/operations.js';

/** prb-defaul: every operation (but HEAD/OPTIONS) has a `default` problem response. */
const defaultProblemResponse = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (isHeadOrOptions(op)) continue;
    if (!isObject(op.operation.responses) || !('default' in op.operation.responses)) {
      out.push(
        finding(
          `${op.method.toUpperCase()} ${op.path} should have a default response with a Problem schema`,
          isObject(op.operation.responses) ? [...op.at, 'responses'] : op.at,
        ),
      );
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'prb-defaul',
  severity: 'warn',
  description: 'Every operation (but HEAD and OPTIONS) has a default problem response',
  then: defaultProblemResponse,
});

const withProblem = { components: { schemas: { Problem: PROBLEM_SCHEMA } } };

export const cases = (): RuleCase[] => [
  {
    name: 'no default response',
    errors: [{ path: O('/things', 'get', 'responses') }],
    document: withPath('/things', { get: op({ responses: { '200': ok() } }) }),
  },
  {
    name: 'default present; HEAD exempt',
    errors: [],
    document: withPath(
      '/things',
      { get: op(), head: { operationId: 'h', summary: 's', responses: { '200': { description: 'x' } } } },
      withProblem,
    ),
  },
];
