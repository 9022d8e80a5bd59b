// Only the type: a sort parameter that is not repeated (explode false) is qry-multi's finding.
import { defineRule, type RuleCase } from '../define.js';
import { queryCase, queryParam, v31Case } from '../documents.js';
import { queryParameterOfType } from './support/query-type.js';

export const rule = defineRule({
  code: 'col-sort',
  severity: 'info',
  description: 'The sort parameter is a multi-value (array) parameter',
  then: queryParameterOfType('sort', 'array'),
});

export const cases = (): RuleCase[] => [
  queryCase('sort as a comma list', true, queryParam('sort', { type: 'string' })),
  queryCase(
    'sort repeated',
    false,
    queryParam('sort', { type: 'array', items: { type: 'string' } }, { explode: true }),
  ),
  v31Case(
    queryCase(
      "3.1: sort as a nullable array, not exploded: qry-multi's finding, not col-sort's",
      false,
      queryParam('sort', { type: ['array', 'null'], items: { type: 'string' } }, { explode: false }),
    ),
  ),
];
