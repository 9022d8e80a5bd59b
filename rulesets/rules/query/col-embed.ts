import { defineRule, type RuleCase } from '../define.js';
import { base, get, itemsOf, queryParam, S, v31, withPath } from '../documents.js';
import { declaredProperties, effectiveType, operationsOf, parametersOf, responsesOf } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { jsonBodyOf } from '../../functions/collections.js';

/** col-embed: a collection's items carry no `embedded` of their own; `?embed=` is answered by a root `embedded`. */
const collectionEmbedding = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (op.method !== 'get') continue;
    const ok = responsesOf(op).find((r) => r.code === '200');
    const body = ok ? jsonBodyOf(ok.response, ok.at) : undefined;
    if (!body) continue;
    const properties = declaredProperties(body.schema);
    const items = properties.get('items');
    if (!isObject(items) || effectiveType(items) !== 'array') continue;
    const item = isObject(items.items) ? items.items : undefined;
    if (item && declaredProperties(item).has('embedded')) {
      out.push(
        finding(
          `Items of ${op.path} declare "embedded": full representations go in the collection's root "embedded" map, keyed by the items' href`,
          body.at,
        ),
      );
    }
    const embed = parametersOf(op).find((p) => p.parameter.in === 'query' && p.parameter.name === 'embed');
    if (embed && !properties.has('embedded')) {
      out.push(
        finding(
          `${op.path} accepts ?embed= but its response has no root "embedded" map for the embedded items`,
          body.at,
        ),
      );
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'col-embed',
  severity: 'error',
  description:
    'Full representations of collection items go in the root embedded map: items declare no embedded; ?embed= is answered with one',
  then: collectionEmbedding,
});

const EMBEDDED: Json = { type: 'object', additionalProperties: { type: 'object' } };
const EMBED = queryParam('embed', { type: 'string' });
const item = (title: string, properties: Json = { href: { type: 'string' } }): Json => ({
  type: 'object',
  title,
  properties,
});

export const cases = (): RuleCase[] => [
  {
    name: 'items with their own embedded; ?embed= without a root embedded',
    errors: [
      { path: S('/employers'), message: 'declare "embedded"' },
      { path: S('/companies'), message: '?embed=' },
    ],
    document: base({
      paths: {
        '/employers': get('doIt', itemsOf(item('EmployerItem', { href: { type: 'string' }, embedded: EMBEDDED }))),
        '/companies': get('companies', itemsOf(item('CompanyItem')), [EMBED]),
      },
    }),
  },
  {
    name: '?embed=items answered with a root embedded map',
    errors: [],
    document: withPath('/employers', get('doIt', itemsOf(item('EmployerItem'), { embedded: EMBEDDED }), [EMBED])),
  },
  {
    name: '3.1: nullable items carrying embedded',
    errors: [{ path: S('/employers') }],
    document: v31(
      withPath(
        '/employers',
        get('doIt', {
          type: 'object',
          properties: {
            items: {
              type: ['array', 'null'],
              items: item('EmployerItem', { embedded: { type: ['object', 'null'] } }),
            },
          },
        }),
      ),
    ),
  },
];
