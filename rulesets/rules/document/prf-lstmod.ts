import { defineRule, type RuleCase } from '../define.js';
import { O, ok, op, withPath } from '../documents.js';
import { operationsOf, responsesOf } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** prf-lstmod: a response declaring Last-Modified also declares ETag. */
const lastModifiedWithEtag = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    for (const { response, at } of responsesOf(op)) {
      const names = Object.keys(isObject(response.headers) ? response.headers : {}).map((h) => h.toLowerCase());
      if (names.includes('last-modified') && !names.includes('etag')) {
        out.push(
          finding('Prefer ETag over Last-Modified (no sub-second precision): declare ETag too', [...at, 'headers']),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'prf-lstmod',
  severity: 'warn',
  description: 'Responses declaring Last-Modified also declare ETag',
  then: lastModifiedWithEtag,
});

export const cases = (): RuleCase[] => [
  {
    name: 'Last-Modified alone',
    errors: [{ path: O('/a', 'get', 'responses', '200', 'headers') }],
    document: withPath('/a', {
      get: op({ responses: { '200': { ...ok(), headers: { 'Last-Modified': { schema: { type: 'string' } } } } } }),
    }),
  },
  {
    name: 'with ETag',
    errors: [],
    document: withPath('/a', {
      get: op({
        responses: {
          '200': {
            ...ok(),
            headers: { 'Last-Modified': { schema: { type: 'string' } }, ETag: { schema: { type: 'string' } } },
          },
        },
      }),
    }),
  },
];
