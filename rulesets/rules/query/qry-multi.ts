import { defineRule, type RuleCase } from '../define.js';
import { O, param, queryParam, v31, withQuery } from '../documents.js';
import { parameterShape } from '../../functions/paths.js';

export const rule = defineRule({
  code: 'qry-multi',
  severity: 'warn',
  description: 'Multi-valued query parameters repeat the parameter (style form, explode true)',
  then: {
    function: parameterShape,
    functionOptions: { in: 'query', repeated: true, message: 'Multi-valued query parameter "{{name}}"' },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'pipe-delimited; explode false',
    errors: [{ path: param('/things', 'get', 0) }, { path: param('/things', 'get', 1) }],
    document: withQuery(
      queryParam('status', { type: 'array', items: { type: 'string' } }, { style: 'pipeDelimited' }),
      queryParam('kind', { type: 'array', items: { type: 'string' } }, { explode: false }),
    ),
  },
  {
    name: 'form, exploded (default)',
    errors: [],
    document: withQuery(
      queryParam('status', { type: 'array', items: { type: 'string' } }),
      queryParam('name', { type: 'string' }, { explode: false }),
    ),
  },

  {
    name: '3.1: sort as a nullable array, not exploded',
    errors: [{ path: O('/things', 'get', 'parameters', 0) }],
    document: v31(
      withQuery(queryParam('sort', { type: ['array', 'null'], items: { type: 'string' } }, { explode: false })),
    ),
  },
  {
    name: '3.1: a nullable array, pipe-delimited',
    errors: [{ path: O('/things', 'get', 'parameters', 0) }],
    document: v31(
      withQuery(
        queryParam('status', { type: ['array', 'null'], items: { type: 'string' } }, { style: 'pipeDelimited' }),
      ),
    ),
  },
];
