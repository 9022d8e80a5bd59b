// The guide's `href` on the elements of a list whose schema declares none (as BeSt Address v2 links its
// elements by `self` only): added where the element's schema has room for it, never where the document
// closes it (its choice, served as declared), nor where the document already declares one.
import { describe, expect, it } from 'vitest';
import { startMock } from '../../src/mock/server.js';
import { seededRandom, ValueMaker } from '../../src/mock/values.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { checkAgainst, failingIds, get, type Json } from '../helpers/mock-api.js';

/** Books paged by `after`, each linked by `self`; `closing` is merged into the element's schema. */
const books = (closing: Json = {}, openapi = '3.0.3'): Json => ({
  openapi,
  info: { title: 'Books', version: '1.0.0' },
  servers: [{ url: '/books/v1' }],
  paths: {
    '/books': {
      get: {
        parameters: [{ name: 'after', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'a page of books',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    self: { type: 'string', format: 'uri' },
                    items: { type: 'array', items: { $ref: '#/components/schemas/Book' } },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/books/{bookId}': {
      get: {
        parameters: [{ name: 'bookId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'one book',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Book' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Book: {
        type: 'object',
        properties: {
          bookId: { type: 'string', pattern: '^[a-z]{6}$' },
          self: { type: 'string', format: 'uri' },
          title: { type: 'string' },
        },
        ...closing,
      },
    },
  },
});

const firstPage = async (url: string): Promise<Json[]> => {
  const page = await get(`${url}/books`);
  expect(page.status).toBe(200);
  return page.json!['items'] as Json[];
};

describe('an element schema that declares no href', () => {
  it('gets an href where it has room for one, the URL of its item, which answers that element', async () => {
    const mock = await startMock(books(), { seed: 3 });
    try {
      const items = await firstPage(mock.url);
      expect(items.length).toBeGreaterThan(1);
      for (const book of items) {
        expect(Object.keys(book)).toEqual(['bookId', 'self', 'title', 'href']);
        expect(book['href']).toBe(`${mock.url}/books/${String(book['bookId'])}`);
        expect(book['href']).toBe(book['self']);
      }
      const one = await get(String(items[1]!['href']));
      expect(one.status).toBe(200);
      expect(one.json).toMatchObject({ bookId: items[1]!['bookId'], title: items[1]!['title'] });
    } finally {
      await mock.close();
    }
  });

  it('gets none where additionalProperties: false closes it, and check then finds no href', async () => {
    const document = books({ additionalProperties: false });
    const mock = await startMock(document, { seed: 3 });
    try {
      const items = await firstPage(mock.url);
      expect(items.length).toBeGreaterThan(1);
      for (const book of items) expect(Object.keys(book)).toEqual(['bookId', 'self', 'title']);
      const report = await checkAgainst(mock.url, document);
      expect(failingIds(report)).toContain('collection.item-href');
    } finally {
      await mock.close();
    }
  }, 60_000);

  it('gets none where unevaluatedProperties: false closes it (OpenAPI 3.1)', async () => {
    const mock = await startMock(books({ unevaluatedProperties: false }, '3.1.0'), { seed: 3 });
    try {
      const items = await firstPage(mock.url);
      expect(items.length).toBeGreaterThan(1);
      for (const book of items) expect(Object.keys(book)).toEqual(['bookId', 'self', 'title']);
    } finally {
      await mock.close();
    }
  });

  it('gets none where other members must be numbers, and one where they may be any value', async () => {
    for (const [others, expected] of [
      [{ type: 'integer' }, ['bookId', 'self', 'title']],
      [{}, ['bookId', 'self', 'title', 'href']],
      [true, ['bookId', 'self', 'title', 'href']],
    ] as const) {
      const mock = await startMock(books({ additionalProperties: others }), { seed: 3 });
      try {
        const items = await firstPage(mock.url);
        expect(items.length).toBeGreaterThan(1);
        for (const book of items) expect(Object.keys(book), JSON.stringify(others)).toEqual(expected);
      } finally {
        await mock.close();
      }
    }
  });

  it('gets none where the list has no item path for it to name', async () => {
    const document = books();
    delete (document['paths'] as Json)['/books/{bookId}'];
    const mock = await startMock(document, { seed: 3 });
    try {
      const items = await firstPage(mock.url);
      expect(items.length).toBeGreaterThan(1);
      for (const book of items) expect(book).not.toHaveProperty('href');
    } finally {
      await mock.close();
    }
  });
});

describe("the reference server's own document", () => {
  it('is served with only the members its list elements declare, href among them', async () => {
    const document = buildOpenApiDocument() as Json;
    const maker = new ValueMaker(document, seededRandom(1));
    const mock = await startMock(document, { seed: 1 });
    try {
      let lists = 0;
      for (const [path, item] of Object.entries(document['paths'] as Record<string, Json>)) {
        const get200 = ((item['get'] as Json | undefined)?.['responses'] as Json | undefined)?.['200'] as Json;
        const schema = ((get200?.['content'] as Json | undefined)?.['application/json'] as Json | undefined)?.[
          'schema'
        ];
        const declared = maker.resolve(schema)['properties'] as Json | undefined;
        if (path.includes('{') || !declared || maker.resolve(declared['items'])['type'] !== 'array') continue;
        const element = maker.resolve(maker.resolve(declared['items'])['items'])['properties'] as Json | undefined;
        if (!element) continue;
        const page = await get(`${mock.url}${path}`);
        expect(page.status, path).toBe(200);
        for (const one of page.json!['items'] as Json[])
          expect(
            Object.keys(one).filter((name) => !(name in element)),
            path,
          ).toEqual([]);
        if ('href' in element) lists++;
      }
      expect(lists).toBeGreaterThan(0);
    } finally {
      await mock.close();
    }
  });
});
