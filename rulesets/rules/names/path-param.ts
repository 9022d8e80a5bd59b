import { defineRule, type RuleCase } from '../define.js';
import { op, param, pathParam, withPath } from '../documents.js';
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
  {
    name: 'snake path parameter',
    errors: [{ path: param('/things/{thing_id}', 'get') }],
    document: withPath('/things/{thing_id}', { get: op({ parameters: [pathParam('thing_id')] }) }),
  },
  {
    name: 'lowerCamelCase',
    errors: [],
    document: withPath('/things/{thingId}', { get: op({ parameters: [pathParam('thingId')] }) }),
  },
];
