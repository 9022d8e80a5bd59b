// The model of a target by role: a collection is what the API lists whatever the list is called, the key is the
// item path's parameter, paging schemes and reserved parameters are told from filters, languages come from answers.
import { afterEach, describe, expect, it } from 'vitest';
import { listingOf, linkHeaderHasNext } from '../../src/core/profile/list-shape.js';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';
import { checkProfile } from '../../src/core/profile/profile.js';
import { isReservedQuery, pagingOf } from '../../src/core/profile/query-roles.js';
import { frameworkDocument } from '../helpers/framework-api.js';
import { rebase } from '../../src/core/profile/base-path.js';
import { HttpClient } from '../../src/core/http/http-client.js';
import { NESTED_LIMITS } from '../../src/core/profile/nested-collections.js';
import { resolveTarget } from '../../src/core/profile/profile.js';
import { unexercisedReason } from '../../src/core/engine/unexercised.js';
import type { FixtureServer } from '../helpers/fixture-server.js';
import {
  ACCOUNTS,
  EXAMPLE_ACCOUNT,
  nestedDocument,
  startNestedApi,
  type NestedApiOptions,
} from '../helpers/nested-api.js';

const ok = { 200: { description: 'ok' } };
const listing = (schema: object) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
const thing = { type: 'object', properties: { description: { type: 'string' }, id: { type: 'integer' } } };
const query = (...names: string[]) => names.map((name) => ({ name, in: 'query', schema: { type: 'string' } }));
const api = (paths: object) => ({ openapi: '3.0.3', paths });

describe('a collection is what the API lists', () => {
  it('items under `results` with offset/limit: a collection keyed by the item path parameter, paged in a foreign scheme', () => {
    const profile = deriveProfile(frameworkDocument({ listUnder: 'results', paging: 'offset-limit' }));
    expect(profile.collections).toEqual([
      expect.objectContaining({
        path: '/PublicationTypes',
        key: 'id',
        itemPath: '/PublicationTypes/{id}',
        foreignPaging: { params: ['offset', 'limit'] },
        pageSizeParam: 'limit',
        filters: ['name', 'active'],
      }),
    ]);
    expect(profile.collections?.[0]?.paging).toBeUndefined();
    expect(profile.documents?.[0]?.sampleIdsFrom).toEqual({ collection: '/PublicationTypes', property: 'id' });
    expect(() => checkProfile(profile, 'derived')).not.toThrow();
  });

  it('Skip/Take, SortOrder and lang are reserved, never filters', () => {
    const [collection] =
      deriveProfile(frameworkDocument({ listUnder: 'items', paging: 'skip-take' })).collections ?? [];
    expect(collection).toMatchObject({
      key: 'id',
      foreignPaging: { params: ['Skip', 'Take'] },
      pageSizeParam: 'Take',
      filters: ['name', 'active'],
    });
  });

  it('a bare array, a `data` wrapper, an item child without a schema and a Link header each make a collection', () => {
    const profile = deriveProfile(
      api({
        '/bare': { get: { responses: listing({ type: 'array', items: thing }) } },
        '/wrapped': {
          get: {
            responses: listing({
              type: 'object',
              properties: { meta: { type: 'object' }, data: { type: 'array', items: thing } },
            }),
          },
        },
        '/plain': { get: { responses: ok } },
        '/plain/{plainId}': { get: { responses: ok } },
        '/linked': {
          get: {
            parameters: query('page', 'per_page'),
            responses: { 200: { description: 'ok', headers: { Link: { schema: { type: 'string' } } } } },
          },
        },
        '/scalars': { get: { responses: listing({ type: 'array', items: { type: 'string' } }) } },
      }),
    );
    expect(profile.collections?.map((c) => c.path)).toEqual(['/bare', '/wrapped', '/plain', '/linked']);
    expect(profile.collections?.find((c) => c.path === '/linked')).toMatchObject({
      foreignPaging: { params: ['page', 'per_page'], linkHeader: true },
      pageSizeParam: 'per_page',
      filters: [],
    });
  });

  it('the key is the item path parameter the items carry, never the first property', () => {
    const profile = deriveProfile(
      api({
        '/users': {
          get: {
            responses: listing({
              type: 'object',
              properties: {
                items: {
                  type: 'array',
                  items: { type: 'object', properties: { name: { type: 'string' }, userId: { type: 'string' } } },
                },
              },
            }),
          },
        },
        '/users/{userId}': { get: { responses: ok } },
        '/tags': {
          get: { responses: listing({ type: 'object', properties: { items: { type: 'array', items: thing } } }) },
        },
        '/notes': { get: { responses: listing({ type: 'array', items: thing }) } },
        '/notes/{noteId}': { get: { responses: ok } },
      }),
    );
    expect(profile.collections?.find((c) => c.path === '/users')?.key).toBe('userId');
    // The parameter names the note's id, and the items carry `id`: the URLs hold those values.
    expect(profile.collections?.find((c) => c.path === '/notes')?.key).toBe('id');
    expect(profile.documents?.find((d) => d.path === '/notes/{noteId}')?.sampleIdsFrom).toEqual({
      collection: '/notes',
      property: 'id',
    });
    // No item path tells which property the URLs hold: no key rather than `description`.
    expect(profile.collections?.find((c) => c.path === '/tags')?.key).toBeUndefined();
  });

  it('a task (POST 202) with an item child stays a task', () => {
    const profile = deriveProfile(
      api({
        '/jobs': { get: { responses: ok }, post: { responses: { 202: { description: 'accepted' } } } },
        '/jobs/{jobId}': { get: { responses: ok } },
      }),
    );
    expect(profile.collections).toEqual([]);
  });

  it("the languages of an API are not a `lang` parameter's enum", () => {
    expect(
      deriveProfile(frameworkDocument({ listUnder: 'results', paging: 'offset-limit' })).languages,
    ).toBeUndefined();
  });
});

describe('paging schemes and reserved parameters', () => {
  it("recognises the guide's offset and cursor paging", () => {
    expect(pagingOf(['name', 'page', 'pageSize'])).toEqual({ paging: { kind: 'offset' } });
    expect(pagingOf(['afterCompany', 'pageSize'])).toEqual({ paging: { kind: 'cursor', param: 'afterCompany' } });
    expect(pagingOf(['after', 'limit'])).toEqual({
      paging: { kind: 'cursor', param: 'after' },
      pageSizeParam: 'limit',
    });
    expect(pagingOf(['name'])).toEqual({});
  });

  it('recognises other schemes as foreign paging', () => {
    expect(pagingOf(['offset', 'limit'])).toEqual({
      foreignPaging: { params: ['offset', 'limit'] },
      pageSizeParam: 'limit',
    });
    expect(pagingOf(['$skip', '$top'])).toEqual({
      foreignPaging: { params: ['$skip', '$top'] },
      pageSizeParam: '$top',
    });
    expect(pagingOf(['per_page', 'page'])).toEqual({
      foreignPaging: { params: ['page', 'per_page'] },
      pageSizeParam: 'per_page',
    });
    expect(pagingOf(['page'], true)).toEqual({ foreignPaging: { params: ['page'], linkHeader: true } });
  });

  it('tells reserved parameters from filters', () => {
    for (const name of [
      'Skip',
      'Take',
      'SortOrder',
      'per_page',
      'offset',
      'limit',
      'cursor',
      'after',
      'afterCompany',
      'lang',
      'sort',
      'select',
      'embed',
      'q',
      '$orderby',
      'pageToken',
    ]) {
      expect(isReservedQuery(name), name).toBe(true);
    }
    for (const name of ['name', 'description', 'active', 'firstName', 'afterwards', 'status'])
      expect(isReservedQuery(name), name).toBe(false);
  });
});

describe('the list in an answer', () => {
  it('finds the items under any name, or a bare array', () => {
    expect(listingOf({ count: 1, results: [{ id: 1 }] })).toEqual({ under: 'results', items: [{ id: 1 }] });
    expect(listingOf({ value: [] })).toEqual({ under: 'value', items: [] });
    expect(listingOf([{ id: 1 }])).toEqual({ under: '', items: [{ id: 1 }] });
    expect(listingOf({ items: [] })).toEqual({ under: 'items', items: [] });
    expect(listingOf({ tags: ['a'] })).toBeUndefined();
    expect(listingOf({ name: 'x' })).toBeUndefined();
  });

  it('reads a next link from a Link header', () => {
    expect(linkHeaderHasNext('<https://x/a?page=2>; rel="next", <https://x/a?page=5>; rel="last"')).toBe(true);
    expect(linkHeaderHasNext('<https://x/a?page=1>; rel="prev"')).toBe(false);
    expect(linkHeaderHasNext(undefined)).toBe(false);
  });
});

describe('writes without an example in the document', () => {
  const employer = {
    type: 'object',
    required: ['name'],
    properties: {
      id: { type: 'integer', readOnly: false },
      name: { type: 'string' },
      founded: { type: 'string', format: 'date' },
      size: { type: 'string', enum: ['small', 'large'] },
      enterpriseNumber: { type: 'string', pattern: '^[0-9]{10}$' },
      created: { type: 'string', format: 'date-time', readOnly: true },
      active: { type: 'boolean' },
    },
  };
  const body = { content: { 'application/json': { schema: employer } } };
  const doc = api({
    '/employers': {
      get: { responses: listing({ type: 'array', items: employer }) },
      post: { requestBody: body, responses: { 201: { description: 'created' } } },
    },
    '/employers/{id}': {
      get: { responses: ok },
      patch: { requestBody: body, responses: ok },
      delete: { responses: ok },
    },
  });

  it('creates with a body made from the request schema: writable properties, no server-assigned key', () => {
    const [collection] = deriveProfile(doc).collections ?? [];
    expect(collection?.create?.body).toEqual({
      name: 'restguide sample',
      founded: '2026-01-01',
      size: 'small',
      enterpriseNumber: '1111111111',
      active: false,
    });
  });

  it('patches one writable string property, not the key', () => {
    expect(deriveProfile(doc).documents?.[0]?.patch).toEqual({ name: 'restguide patched' });
  });

  it('patches with a value the member takes: within maxLength, another enum value, a date, digits', () => {
    const patchOf = (properties: Record<string, unknown>) => {
      const schema = { type: 'object', properties };
      const request = { content: { 'application/json': { schema } } };
      return deriveProfile(
        api({
          '/books': {
            get: { responses: listing({ type: 'array', items: schema }) },
            post: { requestBody: request, responses: { 201: { description: 'created' } } },
          },
          '/books/{id}': { get: { responses: ok }, patch: { requestBody: request, responses: ok } },
        }),
      ).documents?.[0]?.patch;
    };
    // Django REST framework's isbn: CharField(max_length=13); the change is cut to fit and still differs.
    expect(patchOf({ isbn: { type: 'string', maxLength: 13 } })).toEqual({ isbn: 'restguide pat' });
    expect(patchOf({ code: { type: 'string', maxLength: 9 } })).toEqual({ code: 'patched r' });
    expect(patchOf({ language: { type: 'string', enum: ['nl', 'fr'] } })).toEqual({ language: 'fr' });
    expect(patchOf({ published: { type: 'string', format: 'date' } })).toEqual({ published: '2026-02-02' });
    expect(patchOf({ number: { type: 'string', pattern: '^[0-9]{4}$' } })).toEqual({ number: '2222' });
    // No value known to match an arbitrary pattern: the next member is changed instead.
    expect(patchOf({ ref: { type: 'string', pattern: '^[A-Z]{2}-' }, title: { type: 'string' } })).toEqual({
      title: 'restguide patched',
    });
  });

  it('an example in the document still wins', () => {
    const example = { name: 'ACME' };
    const withExample = api({
      ...doc.paths,
      '/employers': {
        ...(doc.paths as Record<string, object>)['/employers'],
        post: {
          requestBody: { content: { 'application/json': { schema: employer, example } } },
          responses: { 201: { description: 'created' } },
        },
      },
    });
    expect(deriveProfile(withExample).collections?.[0]?.create?.body).toEqual(example);
  });
});

describe('item paths with an extension and nested collections (Twilio style)', () => {
  it('models `/Accounts/{Sid}.json` as the item of `/Accounts.json`, keyed by `sid`', () => {
    const { document } = rebase(nestedDocument({ listsAccounts: true }), undefined);
    const profile = deriveProfile(document);
    expect(profile.collections?.find((c) => c.path === '/Accounts.json')).toMatchObject({
      key: 'sid',
      itemPath: '/Accounts/{Sid}.json',
      filters: ['FriendlyName'],
    });
    expect(profile.documents?.find((d) => d.path === '/Accounts/{Sid}.json')?.sampleIdsFrom).toEqual({
      collection: '/Accounts.json',
      property: 'sid',
    });
    expect(() => checkProfile(profile, 'derived')).not.toThrow();
  });

  it('models `/Accounts/{AccountSid}/Calls.json` as a collection whose {AccountSid} the parent lists', () => {
    const { document } = rebase(nestedDocument({ listsAccounts: true, example: EXAMPLE_ACCOUNT }), undefined);
    const profile = deriveProfile(document);
    expect(profile.collections?.find((c) => c.path === '/Accounts/{AccountSid}/Calls.json')).toMatchObject({
      key: 'sid',
      itemPath: '/Accounts/{AccountSid}/Calls/{Sid}.json',
      parameters: {
        AccountSid: {
          collection: '/Accounts.json',
          property: 'sid',
          itemPath: '/Accounts/{Sid}.json',
          examples: [EXAMPLE_ACCOUNT],
        },
      },
    });
    expect(profile.documents?.find((d) => d.path === '/Accounts/{AccountSid}/Calls/{Sid}.json')?.sampleIdsFrom).toEqual(
      { collection: '/Accounts/{AccountSid}/Calls.json', property: 'sid' },
    );
  });

  it('a nested item whose parent is no collection is not modeled', () => {
    const profile = deriveProfile(
      api({
        '/things/{thingId}/parts/{partId}': { get: { responses: ok } },
        '/things/{thingId}': { get: { responses: ok } },
      }),
    );
    expect(profile.documents?.map((d) => d.path)).toEqual(['/things/{thingId}']);
    expect(profile.collections).toEqual([]);
  });
});

describe('nested collections made concrete from what the API answers', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function resolve(options: NestedApiOptions) {
    server = await startNestedApi(options);
    const { document, baseUrl } = rebase(nestedDocument(options), server.url);
    const client = new HttpClient({ baseUrl: baseUrl ?? '', allowWrites: false, timeoutMs: 5000, concurrency: 2 });
    try {
      return await resolveTarget(deriveProfile(document), client);
    } finally {
      await client.close();
    }
  }

  it('takes {AccountSid} from the keys the parent lists, at most two per parent, and reads the nested items', async () => {
    const target = await resolve({ listsAccounts: true, example: EXAMPLE_ACCOUNT });
    const calls = target.collections.filter((c) => c.template === '/Accounts/{AccountSid}/Calls.json');
    // The listed accounts win over the example; a sample of two (the parent lists two).
    expect(calls.map((c) => c.path)).toEqual(ACCOUNTS.map((sid) => `/Accounts/${sid}/Calls.json`));
    expect(calls[0]).toMatchObject({ key: 'sid', itemPath: `/Accounts/${ACCOUNTS[0]}/Calls/{Sid}.json` });
    const call = target.documents.find((d) => d.template === '/Accounts/{AccountSid}/Calls/{Sid}.json');
    expect(call?.path).toBe(`/Accounts/${ACCOUNTS[0]}/Calls/{Sid}.json`);
    expect(call?.sampleIds).toHaveLength(3);
    expect(call?.url(call.sampleIds[0] ?? '')).toMatch(/^\/Accounts\/AC1{32}\/Calls\/CA1{8}0+1\.json$/);
    // The item of the extension path reads its ids from the parent collection too.
    expect(target.documents.find((d) => d.path === '/Accounts/{Sid}.json')?.sampleIds).toEqual(ACCOUNTS);
    expect(target.leftOut).toBeUndefined();
  });

  it("takes {AccountSid} from the items' `uri` when they carry no key", async () => {
    const { document } = rebase(nestedDocument({ listsAccounts: true }), undefined);
    const profile = deriveProfile(document);
    for (const c of profile.collections ?? [])
      if (c.parameters?.['AccountSid']) c.parameters['AccountSid'].property = 'id';
    server = await startNestedApi({ listsAccounts: true });
    const client = new HttpClient({
      baseUrl: `${server.url}/2010-04-01`,
      allowWrites: false,
      timeoutMs: 5000,
      concurrency: 2,
    });
    try {
      const target = await resolveTarget(profile, client);
      expect(target.collections.filter((c) => c.template !== undefined).map((c) => c.path)).toEqual(
        ACCOUNTS.map((sid) => `/Accounts/${sid}/Calls.json`),
      );
    } finally {
      await client.close();
    }
  });

  it("takes {AccountSid} from the parameter's example when the parent lists none", async () => {
    const target = await resolve({ listsAccounts: false, example: EXAMPLE_ACCOUNT });
    expect(target.collections.map((c) => c.path)).toEqual([
      '/Accounts.json',
      `/Accounts/${EXAMPLE_ACCOUNT}/Calls.json`,
    ]);
    expect(target.documents.find((d) => d.template !== undefined)?.sampleIds).toHaveLength(3);
  });

  it('leaves an example out when the API answers 404 to it, saying why', async () => {
    const target = await resolve({ listsAccounts: false, example: EXAMPLE_ACCOUNT, exampleUnknown: true });
    expect(target.collections.map((c) => c.path)).toEqual(['/Accounts.json']);
    expect(target.leftOut?.find((l) => l.path === '/Accounts/{AccountSid}/Calls.json')?.why).toBe(
      `not modeled: GET /Accounts/${EXAMPLE_ACCOUNT}/Calls.json, made from the document's examples, answered 404`,
    );
  });

  it('without a listed value or an example, the nested collection is not modeled and coverage says why', async () => {
    const target = await resolve({ listsAccounts: false });
    expect(target.collections.map((c) => c.path)).toEqual(['/Accounts.json']);
    const why =
      'not modeled: GET /Accounts.json listed no {AccountSid}, and the document gives no example of {AccountSid}';
    expect(unexercisedReason(target, false, 'GET', '/Accounts/{AccountSid}/Calls.json')).toBe(why);
    expect(unexercisedReason(target, false, 'GET', '/Accounts/{AccountSid}/Calls/{Sid}.json')).toBe(why);
    // A modeled template is matched through the concrete paths made of it.
    expect(unexercisedReason(target, false, 'GET', '/Accounts.json')).toBe('no selected check sends GET to it');
  });

  it('keeps the number of nested collections bounded, and says what was left out', async () => {
    const saved = { ...NESTED_LIMITS };
    try {
      // The run's bounds, lowered for this test: one parent item per nested collection...
      Object.assign(NESTED_LIMITS, { perParent: 1, total: 60 });
      const one = await resolve({ listsAccounts: true });
      expect(one.collections.map((c) => c.path)).toEqual(['/Accounts.json', `/Accounts/${ACCOUNTS[0]}/Calls.json`]);
      await server?.close();
      // ...then none at all.
      Object.assign(NESTED_LIMITS, { perParent: 1, total: 0 });
      const none = await resolve({ listsAccounts: true });
      expect(none.collections.map((c) => c.path)).toEqual(['/Accounts.json']);
      const why = 'left out: a run checks at most 0 nested collections (1 more found)';
      expect(none.leftOut).toEqual([
        { path: '/Accounts/{AccountSid}/Calls.json', why },
        { path: '/Accounts/{AccountSid}/Calls/{Sid}.json', why },
      ]);
    } finally {
      Object.assign(NESTED_LIMITS, saved);
    }
  });
});
