import { defineRule, type RuleCase } from '../define.js';
import { base, cursorFeed, get, hrefItem, itemsOf, link, O, ok, op, S, string, thing } from '../documents.js';
import { collectionRepresentation } from '../../functions/resources.js';

export const rule = defineRule({
  code: 'col-repres',
  severity: 'error',
  description: 'A collection is an object with an items array of objects',
  then: {
    function: collectionRepresentation,
    functionOptions: { aspect: 'items' },
  },
});

type Json = Record<string, unknown>;
/** An item path item: a GET of its own. */
const member = (operationId: string): Json => ({ get: op({ operationId }) });

export const cases = (): RuleCase[] => [
  // "A collection result MUST contain an items property": a collection by what it answers, item path or not.

  {
    name: 'a cursor feed answering entries with hasNext; an array of strings; a list as the only member',
    errors: [
      { path: S('/events'), message: 'answers a list ("entries")' },
      { path: S('/tags'), message: 'answers a list (a JSON array)' },
      { path: S('/persons/{ssin}/addresses'), message: 'answers a list ("addresses")' },
    ],
    document: base({
      paths: {
        '/events': cursorFeed({ entries: { type: 'array', items: thing }, hasNext: { type: 'boolean' } }),
        '/tags': get('tags', { type: 'array', items: string }),
        '/persons/{ssin}/addresses': get('addresses', {
          type: 'object',
          properties: { addresses: { type: 'array', items: thing } },
        }),
      },
    }),
  },
  {
    name: 'FP: a JWK set under /.well-known/; a document holding a list beside its own data; a list of counts',
    errors: [],
    document: base({
      paths: {
        '/.well-known/jwks.json': get('jwks', {
          type: 'object',
          properties: { keys: { type: 'array', items: { type: 'object', properties: { kid: string } } } },
        }),
        '/employers/{employerId}': get('employer', {
          type: 'object',
          properties: { name: string, addresses: { type: 'array', items: thing } },
        }),
        '/statistics': get('statistics', {
          type: 'object',
          properties: { counts: { type: 'array', items: { type: 'integer' } }, total: { type: 'integer' } },
        }),
        '/feeds': get('feeds', {
          type: 'object',
          properties: { items: { type: 'array', items: thing }, next: link, hasNext: { type: 'boolean' } },
        }),
      },
    }),
  },

  {
    name: 'collection without items',
    errors: [{ path: S('/employers') }],
    document: base({
      paths: {
        '/employers': get('doIt', { type: 'object', properties: { list: { type: 'array' } } }),
        '/employers/{employerId}': member('one'),
      },
    }),
  },
  {
    name: 'items array of objects',
    errors: [],
    document: base({
      paths: { '/employers': get('doIt', itemsOf(hrefItem)), '/employers/{employerId}': member('one') },
    }),
  },
  {
    name: 'items typed array by one allOf member, its objects by a sibling; problem+json counts as JSON',
    errors: [{ path: O('/lists', 'get', 'responses', '200', 'content', 'application/problem+json', 'schema') }],
    document: base({
      paths: {
        '/employers': get('doIt', {
          title: 'Employers',
          type: 'object',
          allOf: [{ $ref: '#/components/schemas/Page' }, itemsOf(hrefItem)],
        }),
        '/employers/{employerId}': member('one'),
        '/lists': {
          get: op({
            operationId: 'lists',
            responses: {
              '200': ok(
                { title: 'Lists', type: 'object', properties: { list: { type: 'array' } } },
                'application/problem+json',
              ),
            },
          }),
        },
        '/lists/{listId}': member('list'),
      },
      components: {
        schemas: { Page: { type: 'object', properties: { items: { type: 'array' }, page: { type: 'integer' } } } },
      },
    }),
  },
  // "A collection result MUST contain an items property": also behind a suffix (/accounts.json with /accounts/{sid}.json).

  {
    name: 'a collection behind a .json suffix returning its own list property',
    errors: [{ path: S('/accounts.json') }],
    document: base({
      paths: {
        '/accounts.json': get('accounts', {
          type: 'object',
          title: 'AccountPage',
          properties: { accounts: { type: 'array', items: { type: 'object' } }, page: { type: 'integer' } },
        }),
        '/accounts/{accountSid}.json': member('account'),
      },
    }),
  },
  {
    name: 'a collection behind a .json suffix with items',
    errors: [],
    document: base({
      paths: {
        '/accounts.json': get('accounts', {
          title: 'Accounts',
          ...itemsOf({ type: 'object', title: 'AccountLink', properties: { href: { type: 'string' } } }),
        }),
        '/accounts/{accountSid}.json': member('account'),
      },
    }),
  },
];
