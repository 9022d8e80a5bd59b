// The pagination tables: `next` MANDATORY but on the last page, `page` MANDATORY (offset) "with default value 1".
import { defineRule, type RuleCase } from '../define.js';
import {
  base,
  collection,
  cursorFeed,
  get,
  hrefItem,
  itemsOf,
  link,
  O,
  objectOf,
  op,
  param,
  queryParam,
  S,
  string,
  thing,
  v31,
  withQuery,
} from '../documents.js';
import { pagedRightly, pagedWrongly } from './support/paging-cases.js';
import { parameterShape } from '../../functions/paths.js';
import { declaredProperties, effectiveType, operationsOf, parametersOf, responsesOf } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { collectionGets, jsonBodyOf, pagingInformation, pagingParameters } from '../../functions/collections.js';

// The guide's reserved paging parameters, and its cursor example's `afterCompany` (a key after which the page starts).
const OFFSET = 'page';
const PAGE_SIZE = 'pageSize';
const CURSOR = /^(?:after(?:[A-Z][A-Za-z0-9]*)?|cursor)$/;
/** A (circular) $ref left where the properties come from: the schema cannot be read whole. */
const opaque = (schema: Json, depth = 0): boolean =>
  typeof schema.$ref === 'string' ||
  (depth < 32 && (Array.isArray(schema.allOf) ? schema.allOf : []).some((m) => !isObject(m) || opaque(m, depth + 1)));
/**
 * col-paging: a GET answering a collection (an object with an `items` array, or a list by its shape:
 * rulesets/functions/collections.ts) and taking a paging parameter (`page`, `pageSize`, a cursor such as
 * `afterCompany`, or a framework's `limit`) or answering paging information (`hasNext`, `pageInfo`) declares
 * `next`; paged by `page`, it declares the `page` property too. One finding per response, naming what is missing.
 */
const pagedCollectionLinks = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const collections = new Map(collectionGets(root).map((c) => [c.op.operation, c]));
  for (const op of operationsOf(root)) {
    if (op.method !== 'get') continue;
    const names = parametersOf(op)
      .filter((p) => p.parameter.in === 'query')
      .map((p) => String(p.parameter.name));
    const guidePaging = names.filter((n) => n === OFFSET || n === PAGE_SIZE || CURSOR.test(n));
    const collection = collections.get(op.operation);
    if (guidePaging.length === 0 && collection === undefined) continue;
    const ok = responsesOf(op).find((r) => r.code === '200');
    const body = ok ? jsonBodyOf(ok.response, ok.at) : undefined;
    if (!body || opaque(body.schema)) continue;
    const properties = declaredProperties(body.schema);
    const items = properties.get('items');
    const itemsArray = isObject(items) && effectiveType(items) === 'array';
    // An array body has no member to hold next: col-repres asks for the object first.
    if (effectiveType(body.schema) === 'array') continue;
    const by =
      guidePaging.length > 0 && (itemsArray || collection !== undefined)
        ? guidePaging.map((n) => `?${n}`)
        : collection !== undefined
          ? [...pagingParameters(op).map((n) => `?${n}`), ...pagingInformation(properties)]
          : [];
    if (by.length === 0) continue;
    const missing = [
      ...(properties.has('next') ? [] : ['"next" (MANDATORY on every page but the last)']),
      ...(names.includes(OFFSET) && !properties.has('page') ? ['"page" (MANDATORY for offset-based paging)'] : []),
    ];
    if (missing.length === 0) continue;
    out.push(
      finding(
        `${op.path} is paged (${by.join(', ')}) but its response declares no ${missing.join(' and no ')}: add it to the collection's schema`,
        body.at,
      ),
    );
  }
  return out;
});

export const rule = defineRule({
  code: 'col-paging',
  severity: 'error',
  description:
    'A paged collection (?page, ?pageSize, a cursor such as ?afterCompany) declares next (and page, paged by offset); the page parameter counts from 1 (default 1; a minimum, if declared, is 1)',
  then: [
    {
      function: parameterShape,
      functionOptions: {
        in: 'query',
        name: 'page',
        type: 'integer',
        firstPage: 1,
        message: 'Paging parameter "{{name}}"',
      },
    },
    { function: pagedCollectionLinks },
  ],
});

/** The finding on the collection at `path`, paged by `?parameter`. */
const pagedBy = (path: string, parameter: string) => ({ path: S(path), message: `?${parameter}` });
/** Collections paged the way frameworks page them. */
const frameworkPagingCases = (): RuleCase[] => [
  // Issue 46 first pass: FastAPI's skip/limit, hapi's limit/offset, Fastify's per_page page a collection too,
  // and "next" is MANDATORY on every page but the last whatever the technique.
  {
    name: "frameworks' paging (skip/limit, offset/limit, per_page) without next",
    errors: [pagedBy('/parcels', 'skip'), pagedBy('/owners', 'offset'), pagedBy('/bins', 'per_page')],
    document: base({
      paths: {
        ...collection('/parcels', itemsOf(thing), [
          queryParam('skip', { type: 'integer' }),
          queryParam('limit', { type: 'integer' }),
        ]),
        ...collection('/owners', itemsOf(thing), [
          queryParam('offset', { type: 'integer' }),
          queryParam('limit', { type: 'integer' }),
        ]),
        ...collection('/bins', itemsOf(thing), [queryParam('per_page', { type: 'integer' })]),
      },
    }),
  },
  {
    name: "frameworks' paging with next",
    errors: [],
    document: base({
      paths: {
        ...collection('/parcels', itemsOf(thing, { next: link }), [
          queryParam('skip', { type: 'integer' }),
          queryParam('limit', { type: 'integer' }),
        ]),
      },
    }),
  },
];

export const cases = (): RuleCase[] => [
  // "next: MANDATORY (except for the last page)"; "page: MANDATORY (offset-based)".

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
        ...collection('/enterprises', itemsOf(hrefItem, { pageSize: { type: 'integer' } }), [
          queryParam('afterEnterprise', { type: 'string' }),
        ]),
        ...collection('/persons', itemsOf(hrefItem), [
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
        ...collection('/enterprises', itemsOf(hrefItem, { next: link, pageSize: { type: 'integer' } }), [
          queryParam('afterEnterprise', { type: 'string' }),
        ]),
        ...collection(
          '/persons',
          {
            allOf: [
              itemsOf(hrefItem),
              objectOf({ next: link, page: { type: 'integer' }, pageSize: { type: 'integer' } }),
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
        ...collection('/regions', itemsOf(hrefItem)),
      },
    }),
  },
  // "next: MANDATORY (except for the last page)": also of a list paged by a framework's cursor or flag.

  {
    name: 'a feed paged by ?after with hasNext; one telling pageInfo.hasNext only',
    errors: [
      { path: S('/events'), message: '/events is paged (?after) but its response declares no "next"' },
      { path: S('/logs'), message: '/logs is paged (pageInfo.hasNext) but its response declares no "next"' },
    ],
    document: base({
      paths: {
        '/events': cursorFeed({ entries: { type: 'array', items: thing }, hasNext: { type: 'boolean' } }),
        '/logs': get(
          'logs',
          objectOf({
            results: { type: 'array', items: thing },
            pageInfo: objectOf({ hasNext: { type: 'boolean' }, endCursor: string }),
          }),
        ),
      },
    }),
  },
  {
    name: 'a feed with next; an unpaged list; an array body (col-repres says to wrap it first)',
    errors: [],
    document: base({
      paths: {
        '/events': cursorFeed({ items: { type: 'array', items: thing }, next: link }),
        '/logs': get('logs', objectOf({ results: { type: 'array', items: thing } })),
        '/tags': get('tags', { type: 'array', items: string }, [queryParam('limit', { type: 'integer' })]),
      },
    }),
  },

  {
    name: "page from 0; pageSize without default (col-paging-size's)",
    errors: [{ path: param('/things', 'get', 0), message: 'minimum 1' }],
    document: pagedWrongly(),
  },
  {
    name: 'page from 1, default 1; pageSize with default',
    errors: [],
    document: pagedRightly(),
  },

  {
    name: 'FP: page with default 1 and no minimum; page with minimum 1',
    errors: [],
    document: base({
      paths: {
        '/things': { get: op({ parameters: [queryParam('page', { type: 'integer', default: 1 })] }) },
        '/others': {
          get: op({ operationId: 'others', parameters: [queryParam('page', { type: 'integer', minimum: 1 })] }),
        },
      },
    }),
  },
  {
    name: 'page saying nothing of where it starts; page defaulting to 0',
    errors: [
      { path: O('/things', 'get', 'parameters', 0), message: 'default 1' },
      { path: O('/others', 'get', 'parameters', 0), message: 'default 1' },
    ],
    document: base({
      paths: {
        '/things': { get: op({ parameters: [queryParam('page', { type: 'integer' })] }) },
        '/others': {
          get: op({ operationId: 'others', parameters: [queryParam('page', { type: 'integer', default: 0 })] }),
        },
      },
    }),
  },
  {
    name: '3.1: a nullable integer page',
    errors: [],
    document: v31(
      withQuery(
        queryParam('page', { type: ['integer', 'null'], default: 1 }),
        queryParam('pageSize', { type: ['integer', 'null'], default: 20 }),
      ),
    ),
  },
  ...frameworkPagingCases(),
];
