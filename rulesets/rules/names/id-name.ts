import { defineRule, type RuleCase } from '../define.js';
import { pathParamCase } from '../documents.js';
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
  pathParamCase('bare id', 'id', true),
  pathParamCase('thingId', 'thingId', false),
];
