// What --openapi derives of a list paged by a cursor its answer echoes (eBox's `lastSequenceNbr` in
// `pageInfo`) and of the query parameters a list requires: the run's first page sends them.
import { describe, expect, it } from 'vitest';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';
import { checkProfile, resolveTarget } from '../../src/core/profile/profile.js';

type Json = Record<string, unknown>;

/** A feed listing events under its own name, paged by `lastSequenceNbr` (required) that `pageInfo` echoes. */
const feed = (parameters: Json[], pageInfo: Json = { lastSequenceNbr: { type: 'integer' } }): Json => ({
  openapi: '3.0.3',
  paths: {
    '/events': {
      get: {
        parameters,
        responses: {
          200: {
            description: 'a page',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    events: {
                      type: 'array',
                      items: { type: 'object', properties: { eventSequenceNbr: { type: 'integer' } } },
                    },
                    pageInfo: { type: 'object', properties: { ...pageInfo, hasNext: { type: 'boolean' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

const EBOX_PARAMETERS: Json[] = [
  { name: 'clientId', in: 'query', schema: { type: 'string' } },
  { name: 'lastSequenceNbr', in: 'query', required: true, schema: { type: 'integer', format: 'int64' } },
  { name: 'startTime', in: 'query', schema: { type: 'string', format: 'date-time' } },
  { name: 'pageSize', in: 'query', required: true, schema: { type: 'integer', format: 'int32' } },
];

const collectionOf = (document: Json) => {
  const profile = deriveProfile(document);
  expect(checkProfile(profile, 'derived')).toBe(profile);
  return profile.collections![0]!;
};

describe('a cursor the answer echoes', () => {
  it('is the cursor of the list, which then pages the guide-like way rather than by a page size alone', () => {
    const collection = collectionOf(feed(EBOX_PARAMETERS));
    expect(collection.paging).toEqual({ kind: 'cursor', param: 'lastSequenceNbr' });
    expect(collection).not.toHaveProperty('foreignPaging');
    expect(collection.filters).toEqual(['clientId', 'startTime']);
  });

  it('is none where the page information echoes no parameter, or the list pages by an offset', () => {
    expect(collectionOf(feed(EBOX_PARAMETERS, { total: { type: 'integer' } }))).toMatchObject({
      foreignPaging: { params: ['pageSize'] },
    });
    expect(collectionOf(feed(EBOX_PARAMETERS, { startTime: { type: 'string' } }))).not.toHaveProperty('paging');
    const offset = collectionOf(
      feed([
        { name: 'offset', in: 'query', schema: { type: 'integer' } },
        { name: 'limit', in: 'query', schema: { type: 'integer' } },
        { name: 'lastSequenceNbr', in: 'query', schema: { type: 'integer' } },
      ]),
    );
    expect(offset).not.toHaveProperty('paging');
    expect(offset.foreignPaging).toEqual({ params: ['offset', 'limit'] });
  });
});

describe('the query parameters a list requires', () => {
  it('are sent on every first page: a cursor from its start, a page size of at most 10', async () => {
    const collection = collectionOf(feed(EBOX_PARAMETERS));
    expect(collection.query).toEqual({ lastSequenceNbr: '0', pageSize: '10' });
    const target = await resolveTarget({ collections: [collection] }, { request: () => Promise.reject(new Error()) });
    const list = target.collections[0]!;
    expect(list.firstPage()).toBe('/events?lastSequenceNbr=0&pageSize=10');
    expect(list.firstPage({ pageSize: 3 })).toBe('/events?lastSequenceNbr=0&pageSize=3');
    expect(list.firstPage({ query: { lastSequenceNbr: '42', clientId: 'x' } })).toBe(
      '/events?lastSequenceNbr=42&pageSize=10&clientId=x',
    );
  });

  it("take the parameter's example, default, minimum or enum before anything made up", () => {
    const collection = collectionOf(
      feed([
        { name: 'lastSequenceNbr', in: 'query', required: true, schema: { type: 'integer', minimum: 100 } },
        { name: 'pageSize', in: 'query', required: true, schema: { type: 'integer', maximum: 5 } },
        { name: 'kind', in: 'query', required: true, schema: { type: 'string', enum: ['letter', 'parcel'] } },
        { name: 'region', in: 'query', required: true, example: 'BE-BRU', schema: { type: 'string' } },
        {
          name: 'since',
          in: 'query',
          required: true,
          schema: { type: 'string', format: 'date', default: '2020-01-01' },
        },
      ]),
    );
    expect(collection.query).toEqual({
      lastSequenceNbr: '100',
      pageSize: '5',
      kind: 'letter',
      region: 'BE-BRU',
      since: '2020-01-01',
    });
  });

  it('are none where nothing is required: the first page is as before', async () => {
    const collection = collectionOf(feed(EBOX_PARAMETERS.map(({ required: _required, ...p }) => p)));
    expect(collection).not.toHaveProperty('query');
    const target = await resolveTarget({ collections: [collection] }, { request: () => Promise.reject(new Error()) });
    expect(target.collections[0]!.firstPage()).toBe('/events');
    expect(target.collections[0]!.firstPage({ pageSize: 2 })).toBe('/events?pageSize=2');
  });
});
