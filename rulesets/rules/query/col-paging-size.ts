// pageSize is OPTIONAL in the table; "must have a default value if absent" is in lower case, no keyword.
import { defineRule, type RuleCase } from '../define.js';
import { O, param, queryParam, withQuery } from '../documents.js';
import { pagedRightly, pagedWrongly } from './support/paging-cases.js';
import { parameterShape } from '../../functions/paths.js';

export const rule = defineRule({
  code: 'col-paging-size',
  severity: 'warn',
  description: 'The pageSize parameter has a default',
  then: {
    function: parameterShape,
    functionOptions: {
      in: 'query',
      name: 'pageSize',
      type: 'integer',
      requireDefault: true,
      message: 'Paging parameter "{{name}}"',
    },
  },
  guideRule: 'col-paging',
});

const pageSize = (description: string) => queryParam('pageSize', { type: 'integer' }, { description });

export const cases = (): RuleCase[] => [
  // pageSize "must have a default value if absent": a default its description states is one.

  {
    name: 'FP: a default stated in the description (default: 100)',
    errors: [],
    document: withQuery(pageSize('Het aantal resultaten per pagina. (default: 100, maximum: 500).')),
  },
  {
    name: 'a description stating no default',
    errors: [{ path: O('/things', 'get', 'parameters', 0) }],
    document: withQuery(pageSize('Het aantal resultaten per pagina (maximum: 500).')),
  },

  {
    name: 'a required pageSize: optional asked, not a default it would never use',
    errors: [{ path: O('/things', 'get', 'parameters', 0), message: 'optional with a default' }],
    document: withQuery({ ...pageSize('Items per page.'), required: true }),
  },
  {
    name: 'pageSize without default',
    errors: [{ path: param('/things', 'get', 1), message: 'a default' }],
    document: pagedWrongly(),
  },
  {
    name: 'pageSize with default',
    errors: [],
    document: pagedRightly(),
  },
];
