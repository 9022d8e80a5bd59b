// Cases from issue 41: the MUSTs that descriptions by Belgian public-sector teams miss (items without
// href, a cursor-paged collection without next), the standard tokens cod-design took for codes, the
// documented open input req-valid did not read, and the debatable kinds settled with the guide's text.
// Each written here from the shape seen, not copied from the descriptions.
import type { RuleCase } from '../harness.js';
import { base, ok, op, queryParam, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const S = (path: string) => O(path, 'get', 'responses', '200', 'content', 'application/json', 'schema');
const itemsOf = (item: Json, extra: Json = {}): Json => ({
  type: 'object',
  properties: { items: { type: 'array', items: item }, ...extra },
});
const link = { type: 'string', format: 'uri' };
/** A collection `/x` (with its item path `/x/{xId}`) whose GET answers `schema`. */
const collection = (path: string, schema: Json, parameters: Json[] = []): Json => ({
  [path]: { get: op({ operationId: `list${path.slice(1)}`, parameters, responses: { '200': ok(schema) } }) },
  [`${path}/{id}`]: {
    get: op({
      operationId: `get${path.slice(1)}`,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    }),
  },
});

export const cases: Record<string, RuleCase[]> = {
  // "next: MANDATORY (except for the last page)"; "page: MANDATORY (offset-based)".
  'col-paging': [
    {
      name: 'paged by an after-cursor without next; by page without next nor page',
      errors: [
        { path: S('/enterprises'), message: /\?afterEnterprise.*no "next"/ },
        {
          path: S('/persons'),
          message:
            /no "next" \(MANDATORY on every page but the last\) and no "page" \(MANDATORY for offset-based paging\)/,
        },
      ],
      document: base({
        paths: {
          ...collection(
            '/enterprises',
            itemsOf({ type: 'object', properties: { href: link } }, { pageSize: { type: 'integer' } }),
            [queryParam('afterEnterprise', { type: 'string' })],
          ),
          ...collection('/persons', itemsOf({ type: 'object', properties: { href: link } }), [
            queryParam('page', { type: 'integer', default: 1 }),
            queryParam('pageSize', { type: 'integer', default: 20 }),
          ]),
        },
      }),
    },
    {
      name: "the guide's cursor and offset examples; a paged GET answering no collection; an unpaged collection",
      errors: [],
      document: base({
        paths: {
          ...collection(
            '/enterprises',
            itemsOf({ type: 'object', properties: { href: link } }, { next: link, pageSize: { type: 'integer' } }),
            [queryParam('afterEnterprise', { type: 'string' })],
          ),
          ...collection(
            '/persons',
            {
              allOf: [
                itemsOf({ type: 'object', properties: { href: link } }),
                {
                  type: 'object',
                  properties: { next: link, page: { type: 'integer' }, pageSize: { type: 'integer' } },
                },
              ],
            },
            [
              queryParam('page', { type: 'integer', default: 1 }),
              queryParam('pageSize', { type: 'integer', default: 20 }),
            ],
          ),
          '/report': {
            get: op({ operationId: 'report', parameters: [queryParam('pageSize', { type: 'integer', default: 20 })] }),
          },
          ...collection('/regions', itemsOf({ type: 'object', properties: { href: link } })),
        },
      }),
    },
  ],
  // pageSize "must have a default value if absent": a default its description states is one.
  'col-paging-size': [
    {
      name: 'FP: a default stated in the description (default: 100)',
      errors: [],
      document: withPath('/things', {
        get: op({
          parameters: [
            queryParam(
              'pageSize',
              { type: 'integer' },
              { description: 'Het aantal resultaten per pagina. (default: 100, maximum: 500).' },
            ),
          ],
        }),
      }),
    },
    {
      name: 'a description stating no default',
      errors: [{ path: O('/things', 'get', 'parameters', 0) }],
      document: withPath('/things', {
        get: op({
          parameters: [
            queryParam(
              'pageSize',
              { type: 'integer' },
              { description: 'Het aantal resultaten per pagina (maximum: 500).' },
            ),
          ],
        }),
      }),
    },
  ],
  // "If an operation does allow and process input that is not defined in OpenAPI, its description should explicitly indicate this."
  'req-valid': [
    {
      name: 'FP: a free-form object whose description says other parameters are accepted',
      errors: [],
      document: base({
        paths: {
          '/search': {
            get: op({
              parameters: [
                queryParam(
                  'criteria',
                  { type: 'object', additionalProperties: { type: 'string' } },
                  {
                    description:
                      'Arbitrary additional query parameters are allowed: each filters on the attribute it names',
                  },
                ),
              ],
            }),
          },
          '/find': {
            get: op({
              operationId: 'find',
              description: 'Any other query parameter is taken as a filter on the property of that name.',
              parameters: [queryParam('filter', { type: 'object' })],
            }),
          },
        },
      }),
    },
    {
      name: 'a free-form object described as something else',
      errors: [{ path: O('/search', 'get', 'parameters', 0), message: 'its description should say' }],
      document: withPath('/search', {
        get: op({ parameters: [queryParam('filter', { type: 'object' }, { description: 'The search filter' })] }),
      }),
    },
  ],
};
