import { defineRule, type RuleCase } from '../define.js';
import { pathParamCase } from '../documents.js';
import { parameterNames } from './support/parameter-names.js';
import { LOWER_CAMEL } from '../../support/naming.js';

export const rule = defineRule({
  code: 'path-param',
  severity: 'warn',
  description: 'Path parameters are lowerCamelCase',
  then: {
    function: parameterNames,
    functionOptions: {
      in: ['path'],
      match: LOWER_CAMEL.source,
      message: 'Path parameter "{{name}}" should be lowerCamelCase',
    },
  },
});

export const cases = (): RuleCase[] => [
  pathParamCase('snake path parameter', 'thing_id', true),
  pathParamCase('lowerCamelCase', 'thingId', false),
];
