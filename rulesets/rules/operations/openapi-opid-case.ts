import { defineRule, type RuleCase } from '../define.js';
import { O, op, withPath } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { isLowerCamel } from '../../support/naming.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** openapi-opid (case): operationIds are lowerCamelCase. */
const operationIdCase = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    const id = op.operation.operationId;
    if (typeof id === 'string' && id !== '' && !isLowerCamel(id))
      out.push(finding(`operationId "${id}" should be lowerCamelCase`, [...op.at, 'operationId']));
  }
  return out;
});

export const rule = defineRule({
  code: 'openapi-opid-case',
  severity: 'warn',
  description: 'operationIds are lowerCamelCase',
  then: operationIdCase,
  guideRule: 'openapi-opid',
});

export const cases = (): RuleCase[] => [
  {
    name: 'not lowerCamelCase',
    errors: [{ path: O('/a', 'get', 'operationId') }],
    document: withPath('/a', { get: op({ operationId: 'Get_A' }) }),
  },
  { name: 'lowerCamelCase', errors: [], document: withPath('/a', { get: op({ operationId: 'getEmployers' }) }) },
];
