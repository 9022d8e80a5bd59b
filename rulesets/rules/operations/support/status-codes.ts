// The stat-codes-<method> rules: the `-` cells of the guide's status code × method matrix (guide-rules
// §1.4), one rule per method, and the two cases each has (a forbidden code; an allowed one).
import type { LintRule, RuleCase } from '../../define.js';
import { op, problem, withPath } from '../../documents.js';
import { statusCodesForMethod } from '../../../functions/operations.js';

/** The rule of one method, given the codes its cells forbid. */
export function statusCodeRule(method: string, forbidden: number[]): LintRule {
  const name = method.toUpperCase();
  return {
    code: `stat-codes-${method}`,
    guideRule: 'stat-codes',
    severity: 'warn',
    description: `${name} responses use only the status codes the guide allows for ${name} (not ${forbidden.join(', ')})`,
    then: { function: statusCodesForMethod, functionOptions: { method, forbidden } },
  };
}

export const statusCases = (method: string, bad: number, good: number): RuleCase[] => [
  {
    name: `${method.toUpperCase()} with ${bad}`,
    errors: [{ path: ['paths', '/things', method, 'responses', String(bad)], message: `[statuscode: ${bad}]` }],
    document: withPath('/things', {
      [method]: op({ responses: { [String(bad)]: { description: 'x' }, default: problem() } }),
    }),
  },
  {
    name: `${method.toUpperCase()} with ${good}`,
    errors: [],
    document: withPath('/things', {
      [method]: op({ responses: { [String(good)]: { description: 'x' }, default: problem() } }),
    }),
  },
];
