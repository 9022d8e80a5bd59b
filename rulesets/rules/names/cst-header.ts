import { defineRule, type RuleCase } from '../define.js';
import { headerParam, op, param, withPath } from '../documents.js';
import { parameterNames } from './support/parameter-names.js';

export const rule = defineRule({
  code: 'cst-header',
  severity: 'warn',
  description: "Custom headers are not prefixed with X- (use the organisation's prefix or BelGov-)",
  then: {
    function: parameterNames,
    functionOptions: {
      in: ['header', 'response-header'],
      notMatch: '^X-',
      flags: 'i',
      exempt: ['X-HTTP-Method-Override'],
      message: 'Header "{{name}}" uses the deprecated X- prefix',
    },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'X- header',
    errors: [{ path: param('/things', 'get') }],
    document: withPath('/things', {
      get: op({ parameters: [headerParam('X-Request-Id')] }),
    }),
  },
  {
    name: 'BelGov- header; X-HTTP-Method-Override',
    errors: [],
    document: withPath('/things', {
      get: op({
        parameters: [headerParam('BelGov-Trace-Id'), headerParam('X-HTTP-Method-Override')],
      }),
    }),
  },
];
