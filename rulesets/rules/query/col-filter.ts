import { defineRule, type RuleCase } from '../define.js';
import { O, param, queryParam, v31, withQuery } from '../documents.js';
import { parameterShape } from '../../functions/paths.js';

export const rule = defineRule({
  code: 'col-filter',
  severity: 'warn',
  description: 'The full-text query parameter q is a string',
  then: {
    function: parameterShape,
    functionOptions: { in: 'query', name: 'q', type: 'string', message: 'Query parameter "{{name}}"' },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'q as integer',
    errors: [{ path: param('/things', 'get') }],
    document: withQuery(queryParam('q', { type: 'integer' })),
  },
  { name: 'q as string', errors: [], document: withQuery(queryParam('q', { type: 'string' })) },

  {
    name: '3.1: q as a nullable integer',
    errors: [{ path: O('/things', 'get', 'parameters', 0) }],
    document: v31(withQuery(queryParam('q', { type: ['integer', 'null'] }))),
  },
  {
    name: '3.1: q as a nullable string',
    errors: [],
    document: v31(withQuery(queryParam('q', { type: ['string', 'null'] }))),
  },
];
