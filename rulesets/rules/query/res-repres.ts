// --- the gaps the Java validator leaves ---
import { defineRule, type RuleCase } from '../define.js';
import { param, queryParam, v31, withQuery } from '../documents.js';
import { parameterShape } from '../../functions/paths.js';

export const rule = defineRule({
  code: 'res-repres',
  severity: 'warn',
  description: 'The select query parameter is a string',
  then: {
    function: parameterShape,
    functionOptions: { in: 'query', name: 'select', type: 'string', message: 'Query parameter "{{name}}"' },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'select as array',
    errors: [{ path: param('/things', 'get') }],
    document: withQuery(queryParam('select', { type: 'array', items: { type: 'string' } })),
  },
  { name: 'select as string', errors: [], document: withQuery(queryParam('select', { type: 'string' })) },

  {
    name: '3.1: select as a nullable string',
    errors: [],
    document: v31(withQuery(queryParam('select', { type: ['string', 'null'] }))),
  },
];
