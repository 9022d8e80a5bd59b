// A Belgian cursor-paged description of the shape of BOSA's BeSt Address API v2: no `servers` (its paths
// carry the base path), a cursor `after` that takes the last element's id (itself a URI), elements linked
// by `self` rather than `href`, a list object that declares `self` and `items` but no `next`, a boolean
// `embed` defaulting to false, references `{id, href}` whose href has no format, examples off their type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { seededRandom, ValueMaker } from '../../src/mock/values.js';
import { checkAgainst, failingIds, get, type Json } from '../helpers/mock-api.js';

const BASE = '/api/belgianStreets/v2';
const STREET_ID = 'https://data.example.be/id/street/26117/2013-10-05T15:59:10';

/**
 * Written for these tests after BeSt Address v2 (github.com/Fedict/best-tools,
 * java/webservice/src/main/resources/META-INF/openapi.yaml @5331ba8, removed in b343e57), not copied.
 */
const STREETS: Json = {
  openapi: '3.0.3',
  info: { title: 'Streets', version: '2.0.0' },
  paths: {
    [`${BASE}/streets`]: {
      get: {
        parameters: [
          { name: 'after', in: 'query', description: 'After this street (paging)', schema: { type: 'string' } },
          { name: 'postCode', in: 'query', schema: { type: 'string' } },
          { name: 'embed', in: 'query', schema: { type: 'boolean', default: false } },
        ],
        responses: {
          '200': {
            description: 'a page of streets',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/StreetCollection' } } },
          },
        },
      },
    },
    [`${BASE}/streets/{id}`]: {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'one street',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Street' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Reference: { type: 'object', properties: { id: { type: 'string' }, href: { type: 'string' } } },
      Street: {
        type: 'object',
        properties: {
          // The first street keeps the example's id, a URI as BeSt's are.
          id: { type: 'string', example: STREET_ID },
          self: { type: 'string' },
          municipality: { $ref: '#/components/schemas/Reference' },
          postCode: { type: 'string', example: 1500 },
          streetName: { type: 'string' },
        },
      },
      StreetCollection: {
        type: 'object',
        properties: {
          self: { type: 'string' },
          items: { type: 'array', items: { $ref: '#/components/schemas/Street' } },
          embedded: { type: 'array', items: { $ref: '#/components/schemas/Street' } },
        },
      },
    },
  },
};

/** Follows `next` from `start` to the last page, with the page's elements. */
async function walk(start: string): Promise<{ pages: Json[]; elements: Json[] }> {
  const pages: Json[] = [];
  let next: unknown = start;
  for (let count = 0; typeof next === 'string' && count < 30; count++) {
    const page = await get(next);
    expect(page.status).toBe(200);
    pages.push(page.json!);
    next = page.json!['next'];
  }
  expect(next).toBeUndefined();
  return { pages, elements: pages.flatMap((page) => page['items'] as Json[]) };
}

describe('a cursor-paged list that declares no next link', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock(STREETS, { seed: 4 });
  });
  afterAll(() => mock.close());

  it('is served at the base path its paths share', () => {
    expect(new URL(mock.url).pathname).toBe(BASE);
  });

  it('links each page to the next by the last element id, walking every street once to a last page', async () => {
    const { pages, elements } = await walk(`${mock.url}/streets`);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const [index, page] of pages.entries()) {
      expect(page['self']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const last = (page['items'] as Json[]).at(-1)!;
      if (index < pages.length - 1) expect(new URL(String(page['next'])).searchParams.get('after')).toBe(last['id']);
    }
    const ids = elements.map((street) => String(street['id']));
    expect(new Set(ids).size).toBe(ids.length);
    const selfs = elements.map((street) => String(street['self']));
    expect(new Set(selfs).size).toBe(selfs.length);
  });

  it("adds the guide's href to each element beside the self it declares, both answering the street", async () => {
    const { elements } = await walk(`${mock.url}/streets`);
    expect(elements.every((street) => street['href'] === street['self'])).toBe(true);
    const street = elements.find((one) => one['id'] === STREET_ID)!;
    // The id's slashes escaped, so that it is one path segment.
    expect(street['href']).toBe(`${mock.url}/streets/${encodeURIComponent(STREET_ID)}`);
    const one = await get(String(street['href']));
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: STREET_ID, streetName: street['streetName'] });
    // Nothing else of the declared shape changes: the declared members, then href.
    expect(Object.keys(street)).toEqual(['id', 'self', 'municipality', 'postCode', 'streetName', 'href']);
  });

  it('embeds nothing at the default embed=false, and the declared array at embed=true', async () => {
    const plain = (await get(`${mock.url}/streets`)).json!;
    expect(plain).not.toHaveProperty('embedded');
    const asked = (await get(`${mock.url}/streets?embed=false`)).json!;
    expect(asked).not.toHaveProperty('embedded');
    const embedded = (await get(`${mock.url}/streets?embed=true`)).json!;
    expect(Array.isArray(embedded['embedded'])).toBe(true);
    expect((embedded['embedded'] as Json[]).map((s) => s['id'])).toEqual(
      (embedded['items'] as Json[]).map((s) => s['id']),
    );
  });

  it('serves an example as its schema types it, and an href without format as an absolute URL', async () => {
    const street = ((await get(`${mock.url}/streets`)).json!['items'] as Json[])[0]!;
    expect(street['postCode']).toBe('1500');
    expect(String((street['municipality'] as Json)['href'])).toMatch(/^https?:\/\/[^/]+\//);
  });

  it('fails restguide check only where the document departs from the guide', async () => {
    const report = await checkAgainst(mock.url, STREETS, ['--allow-writes']);
    const status = (id: string) => report.results.filter((r) => r.id === id).map((r) => r.status);
    // It declares no 400 or 406 answer. The href the mock adds lets the walk tell the elements apart.
    expect([...failingIds(report)].sort()).toEqual(['doc.responses-match-openapi']);
    for (const id of [
      'collection.item-href',
      'paging.full-walk',
      'paging.next-link',
      'paging.cursor',
      'link.absolute',
      'embed.subresources',
    ])
      expect(status(id), id).toContain('pass');
  }, 60_000);
});

describe('a list object that allows no other member', () => {
  it('pages by the cursor without a next link the document has no room for', async () => {
    const document = structuredClone(STREETS);
    const list = ((document['components'] as Json)['schemas'] as Json)['StreetCollection'] as Json;
    list['additionalProperties'] = false;
    const mock = await startMock(document, { seed: 4 });
    try {
      const first = (await get(`${mock.url}/streets`)).json!;
      expect(Object.keys(first).sort()).toEqual(['items', 'self']);
      const last = (first['items'] as Json[]).at(-1)!;
      const second = (await get(`${mock.url}/streets?after=${encodeURIComponent(String(last['id']))}`)).json!;
      const ids = (second['items'] as Json[]).map((s) => s['id']);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(last['id']);
    } finally {
      await mock.close();
    }
  });
});

describe("examples read as their schema's type", () => {
  const make = (schema: Json) => new ValueMaker({}, seededRandom(1)).make(schema);

  it('turns an example into the type its schema declares where it reads as one', () => {
    expect(make({ type: 'string', example: 71 })).toBe('71');
    expect(make({ type: 'integer', example: '12' })).toBe(12);
    expect(make({ type: 'number', example: '1.5' })).toBe(1.5);
    expect(make({ type: 'string', example: 'Grote Markt' })).toBe('Grote Markt');
  });

  it('makes a value of its own where the example cannot be read as the type', () => {
    expect(make({ type: 'integer', minimum: 3, maximum: 3, example: 'three' })).toBe(3);
    expect(make({ type: 'integer', minimum: 3, maximum: 3, example: '2.5' })).toBe(3);
  });
});
