// --- the gaps the Java validator leaves ---
import { defineRule, type RuleCase } from '../define.js';
import { queryCase, queryParam, v31Case } from '../documents.js';
import { queryParameterOfType } from './support/query-type.js';

export const rule = defineRule({
  code: 'res-repres',
  severity: 'warn',
  description: 'The select query parameter is a string',
  then: queryParameterOfType('select', 'string'),
});

export const cases = (): RuleCase[] => [
  queryCase('select as array', true, queryParam('select', { type: 'array', items: { type: 'string' } })),
  queryCase('select as string', false, queryParam('select', { type: 'string' })),
  v31Case(queryCase('3.1: select as a nullable string', false, queryParam('select', { type: ['string', 'null'] }))),
];
