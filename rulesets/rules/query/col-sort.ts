// Only the type: a sort parameter that is not repeated (explode false) is qry-multi's finding.
import { defineRule, type RuleCase } from '../define.js';
import { param, queryParam, v31, withQuery } from '../documents.js';
import { parameterShape } from '../../functions/paths.js';

export const rule = defineRule({
  code: 'col-sort',
  severity: 'info',
  description: 'The sort parameter is a multi-value (array) parameter',
  then: {
    function: parameterShape,
    functionOptions: { in: 'query', name: 'sort', type: 'array', message: 'Query parameter "{{name}}"' },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'sort as a comma list',
    errors: [{ path: param('/things', 'get') }],
    document: withQuery(queryParam('sort', { type: 'string' })),
  },
  {
    name: 'sort repeated',
    errors: [],
    document: withQuery(queryParam('sort', { type: 'array', items: { type: 'string' } }, { explode: true })),
  },

  {
    name: "3.1: sort as a nullable array, not exploded: qry-multi's finding, not col-sort's",
    errors: [],
    document: v31(
      withQuery(queryParam('sort', { type: ['array', 'null'], items: { type: 'string' } }, { explode: false })),
    ),
  },
];
