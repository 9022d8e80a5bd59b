import { defineRule, type RuleCase } from '../define.js';
import { base, O, ok, op } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** openapi-opid: every operation has an operationId, unique in the document. */
const operationIdPresentUnique = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const op of operationsOf(root)) {
    const id = op.operation.operationId;
    if (typeof id !== 'string' || id === '')
      out.push(finding(`${op.method.toUpperCase()} ${op.path} has no operationId`, op.at));
    else if (seen.has(id)) out.push(finding(`operationId "${id}" is not unique`, [...op.at, 'operationId']));
    else seen.add(id);
  }
  return out;
});

export const rule = defineRule({
  code: 'openapi-opid',
  severity: 'error',
  description: 'Every operation has a unique operationId',
  then: operationIdPresentUnique,
});

export const cases = (): RuleCase[] => [
  {
    name: 'missing and duplicate',
    errors: [{ path: O('/a', 'get') }, { path: O('/b', 'get', 'operationId') }],
    document: base({
      paths: {
        '/a': { get: { summary: 's', responses: { '200': ok() } }, put: op({ operationId: 'same' }) },
        '/b': { get: op({ operationId: 'same' }) },
      },
    }),
  },
  {
    name: 'unique ids',
    errors: [],
    document: base({ paths: { '/a': { get: op({ operationId: 'a' }) }, '/b': { get: op({ operationId: 'b' }) } } }),
  },
];
