import { defineRule, type RuleCase } from '../define.js';
import { queryCase, queryParam, v31Case } from '../documents.js';
import { queryParameterOfType } from './support/query-type.js';

export const rule = defineRule({
  code: 'col-filter',
  severity: 'warn',
  description: 'The full-text query parameter q is a string',
  then: queryParameterOfType('q', 'string'),
});

export const cases = (): RuleCase[] => [
  queryCase('q as integer', true, queryParam('q', { type: 'integer' })),
  queryCase('q as string', false, queryParam('q', { type: 'string' })),
  v31Case(queryCase('3.1: q as a nullable integer', true, queryParam('q', { type: ['integer', 'null'] }))),
  v31Case(queryCase('3.1: q as a nullable string', false, queryParam('q', { type: ['string', 'null'] }))),
];
