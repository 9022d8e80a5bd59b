import { defineRule, type RuleCase } from '../define.js';
import { op, param, pathParam, withPath } from '../documents.js';
import { parameterNames } from './support/parameter-names.js';

export const rule = defineRule({
  code: 'id-name',
  severity: 'warn',
  description: 'Path parameters are named after their resource (employerId), not just id or code',
  then: {
    function: parameterNames,
    functionOptions: {
      in: ['path'],
      notMatch: '^(?:id|code)$',
      message: 'Path parameter "{{name}}" should be prefixed with the resource type (e.g. employerId)',
    },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'bare id',
    errors: [{ path: param('/things/{id}', 'get') }],
    document: withPath('/things/{id}', { get: op({ parameters: [pathParam('id')] }) }),
  },
  {
    name: 'thingId',
    errors: [],
    document: withPath('/things/{thingId}', { get: op({ parameters: [pathParam('thingId')] }) }),
  },
];
