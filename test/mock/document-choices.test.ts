// The mock serves a document's own choices as documented: a Swagger 2.0 feed paged by a sequence number
// under its own list name (the shape of eBox Enterprise's event API), writes answering the status the
// document declares, and the guide's sort, select and embed where the document declares them.
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/core/profile/openapi-profile.js';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { checkAgainst, failingIds, get, send, writeDocument, type Json } from '../helpers/mock-api.js';

/**
 * A Swagger 2.0 feed of the shape of eBox Enterprise's event API (github.com/be-smals-thim/
 * be-ebox-enterprise-integration-support, openapi/ebox-enterprise-event-api-1.1.1.yaml): the cursor
 * `lastSequenceNbr` is required, the list is not named `items`, `pageInfo` echoes the cursor.
 */
const FEED: Json = {
  swagger: '2.0',
  info: { title: 'Events', version: '1.0.0' },
  host: 'events.example.be',
  basePath: '/events/v1',
  schemes: ['https'],
  paths: {
    '/documentEvents': {
      get: {
        produces: ['application/json'],
        parameters: [
          { name: 'lastSequenceNbr', in: 'query', required: true, type: 'integer', format: 'int64' },
          { name: 'pageSize', in: 'query', required: true, type: 'integer', format: 'int32' },
          { name: 'startTime', in: 'query', required: false, type: 'string', format: 'date-time' },
        ],
        responses: {
          '200': { description: 'a page', schema: { $ref: '#/definitions/EventPage' } },
          '400': { description: 'bad input parameter' },
        },
      },
    },
  },
  definitions: {
    EventPage: {
      type: 'object',
      properties: {
        DocumentEvents: { type: 'array', items: { $ref: '#/definitions/EventPageItem' } },
        pageInfo: {
          type: 'object',
          required: ['lastSequenceNbr', 'hasNext'],
          properties: { lastSequenceNbr: { type: 'integer', format: 'int64' }, hasNext: { type: 'boolean' } },
        },
      },
    },
    EventPageItem: {
      type: 'object',
      required: ['eventSequenceNbr', 'eventTime'],
      properties: {
        eventSequenceNbr: { type: 'integer', format: 'int64' },
        eventTime: { type: 'string', format: 'date-time' },
        eventType: { type: 'string', enum: ['newDocument', 'readDocument'] },
      },
    },
  },
};

/** Writes the guide would answer otherwise: POST declared 200, DELETE 200 with the record; sort, select, embed. */
const CHOICES: Json = {
  openapi: '3.0.3',
  info: { title: 'Choices', version: '1.0.0' },
  servers: [{ url: '/choices/v1' }],
  paths: {
    '/notes': {
      get: {
        parameters: [
          { name: 'sort', in: 'query', schema: { type: 'string', enum: ['title', '-title'] } },
          { name: 'embed', in: 'query', schema: { type: 'string', enum: ['items'] } },
        ],
        responses: {
          '200': {
            description: 'all',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    self: { type: 'string', format: 'uri' },
                    items: {
                      type: 'array',
                      items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
        responses: {
          '200': {
            description: 'created, answered 200 as this API does',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
          },
        },
      },
    },
    '/notes/{noteId}': {
      parameters: [{ name: 'noteId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        parameters: [{ name: 'select', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'one',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
          },
        },
      },
      delete: {
        responses: {
          '200': {
            description: 'gone, the record answered',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Note: {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          noteId: { type: 'integer', minimum: 1, readOnly: true },
          title: { type: 'string', maxLength: 20 },
          body: { type: 'string', maxLength: 50 },
        },
      },
    },
  },
};

/** The guide's own cursor paging: `after` and `pageSize`, `items` with `href`, a `next` link. */
const LETTERS: Json = {
  openapi: '3.0.3',
  info: { title: 'Letters', version: '1.0.0' },
  servers: [{ url: '/letters/v1' }],
  paths: {
    '/letters': {
      get: {
        parameters: [
          { name: 'after', in: 'query', schema: { type: 'string' } },
          { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 3 } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['self', 'items'],
                  properties: {
                    self: { type: 'string', format: 'uri' },
                    next: { type: 'string', format: 'uri' },
                    pageSize: { type: 'integer' },
                    items: {
                      type: 'array',
                      items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/letters/{letterId}': {
      parameters: [{ name: 'letterId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        responses: {
          '200': {
            description: 'one',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { letterId: { type: 'string', format: 'uuid' }, subject: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('a Swagger 2.0 feed paged by a sequence number, served as declared', () => {
  let mock: MockServer;
  let file: string;
  beforeAll(async () => {
    file = await writeDocument(FEED, 'events.json');
    // As `restguide serve --openapi` does: the description converted as lint reads it, then served.
    mock = await startMock(await loadOpenApi(file, dirname(file)), { seed: 5 });
  });
  afterAll(() => mock.close());

  it('is served at its base path, its list under its own name with the declared page information', async () => {
    expect(new URL(mock.url).pathname).toBe('/events/v1');
    const page = await get(`${mock.url}/documentEvents?lastSequenceNbr=0&pageSize=4`);
    expect(page.status).toBe(200);
    expect(Object.keys(page.json!)).toEqual(['DocumentEvents', 'pageInfo']);
    const events = page.json!['DocumentEvents'] as Json[];
    expect(events).toHaveLength(4);
    const numbers = events.map((e) => Number(e['eventSequenceNbr']));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(page.json!['pageInfo']).toMatchObject({ lastSequenceNbr: numbers.at(-1), hasNext: true });
  });

  it('walks to the end by the echoed cursor, or by the next link, each event once', async () => {
    const seen: number[] = [];
    let cursor: unknown = 0;
    let hasNext = true;
    for (let pages = 0; hasNext && pages < 50; pages++) {
      const page = await get(`${mock.url}/documentEvents?lastSequenceNbr=${String(cursor)}&pageSize=4`);
      seen.push(...(page.json!['DocumentEvents'] as Json[]).map((e) => Number(e['eventSequenceNbr'])));
      const info = page.json!['pageInfo'] as Json;
      if (info['next'] !== undefined)
        expect(new URL(String(info['next'])).searchParams.get('lastSequenceNbr')).toBe(String(info['lastSequenceNbr']));
      ({ lastSequenceNbr: cursor, hasNext } = info as { lastSequenceNbr: unknown; hasNext: boolean });
    }
    expect(hasNext).toBe(false);
    expect(seen.length).toBeGreaterThan(8);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a request without the required cursor with an issue naming it', async () => {
    const missing = await get(`${mock.url}/documentEvents?pageSize=4`);
    expect(missing.status).toBe(400);
    expect(missing.json!['issues']).toEqual([expect.objectContaining({ in: 'query', name: 'lastSequenceNbr' })]);
  });

  it('fails restguide check only where the document itself departs from the guide', async () => {
    const failing = failingIds(await checkAgainst(mock.url, file, ['--allow-writes']));
    // What Prism's mock of such a document fails and a guide-conforming mock must not.
    for (const id of [
      'doc.openapi-json',
      'doc.openapi-yaml',
      'health.health-status',
      'http.method-not-allowed-405',
      'http.not-acceptable-406',
      'input.unknown-query-param',
      'problem.media-type',
      'problem.type-urn',
      'problem.no-leaks',
      'trace.header-present',
      // The run sends the required cursor on the first page and pages by the one `pageInfo` echoes.
      'collection.is-object',
      'link.same-origin-items',
      'paging.guide-params',
    ])
      expect(failing, id).not.toContain(id);
    // The document's own departures: its list is not `items` and its name not lowerCamelCase, its errors undeclared.
    expect(
      [...failing].filter(
        (id) => !/^(collection\.items-array|json\.property-names|doc\.responses-match-openapi)$/.test(id),
      ),
    ).toEqual([]);
  }, 60_000);
});

describe("a document's own statuses and the guide's query parameters", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock(CHOICES, { seed: 2 });
  });
  afterAll(() => mock.close());

  const write = (method: string, url: string, body?: Json) =>
    send(method, url, { headers: { accept: 'application/json' }, ...(body ? { body } : {}) });

  it('answers a POST declared 200 with 200 and the record, and a DELETE declared 200 with the record gone', async () => {
    const created = await write('POST', `${mock.url}/notes`, { title: 'mine', body: 'text' });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ title: 'mine', body: 'text' });
    const location = String(created.headers['location']);
    const deleted = await write('DELETE', location);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual(created.json);
    expect((await get(location)).status).toBe(404);
  });

  it('names in its problem every parameter and body member a request breaks', async () => {
    const body = await write('POST', `${mock.url}/notes`, { title: 'x'.repeat(30), colour: 'red' });
    expect(body.status).toBe(400);
    expect(body.json).toMatchObject({ type: 'urn:problem-type:belgif:badRequest', status: 400 });
    expect(body.json!['issues']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'body', name: 'title' }),
        expect.objectContaining({ in: 'body', name: 'colour' }),
      ]),
    );
    const query = await get(`${mock.url}/notes?sort=body&embed=all`);
    expect(query.status).toBe(400);
    expect(query.json!['issues']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'query', name: 'sort', value: 'body' }),
        expect.objectContaining({ in: 'query', name: 'embed', value: 'all' }),
      ]),
    );
    const path = await get(`${mock.url}/notes/0`);
    expect(path.status).toBe(400);
    expect(path.json!['issues']).toEqual([expect.objectContaining({ in: 'path', name: 'noteId', value: '0' })]);
  });

  it('sorts by a declared sort key both ways, and refuses one the document does not declare', async () => {
    const titles = async (sort: string) =>
      Promise.all(
        ((await get(`${mock.url}/notes?sort=${sort}`)).json!['items'] as Json[]).map(
          async (item) => (await get(String(item['href']))).json!['title'] as string,
        ),
      );
    const up = await titles('title');
    expect(up.length).toBeGreaterThan(1);
    expect(up).toEqual([...up].sort());
    expect(await titles('-title')).toEqual([...up].reverse());
    const undeclared = await get(`${mock.url}/notes?sort=body`);
    expect(undeclared.status).toBe(400);
    expect((undeclared.json!['issues'] as Json[])[0]).toMatchObject({ in: 'query', name: 'sort', value: 'body' });
  });

  it('selects the members asked, and embeds each item in the list when asked', async () => {
    const list = await get(`${mock.url}/notes`);
    const href = String((list.json!['items'] as Json[])[0]!['href']);
    expect(Object.keys((list.json!['items'] as Json[])[0]!)).toEqual(['href']);
    const selected = await get(`${href}?select=(title)`);
    expect(Object.keys(selected.json!)).toEqual(['title']);
    const malformed = await get(`${href}?select=title`);
    expect(malformed.status).toBe(400);
    expect((malformed.json!['issues'] as Json[])[0]).toMatchObject({ in: 'query', name: 'select', value: 'title' });
    const embedded = await get(`${mock.url}/notes?embed=items`);
    expect((embedded.json!['items'] as Json[])[0]).toMatchObject({ href, title: expect.any(String) });
  });

  it('serves its document as YAML at /doc/openapi.yaml', async () => {
    const yaml = await get(`${mock.url}/doc/openapi.yaml`, { accept: 'application/yaml' });
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(yaml.text).toContain('openapi: 3.0.3');
  });
});

describe("the guide's cursor paging", () => {
  it('answers items with href and next links that walk every item once, to a last page without next', async () => {
    const mock = await startMock(LETTERS, { seed: 9 });
    try {
      const hrefs: string[] = [];
      let next: unknown = `${mock.url}/letters`;
      let pages = 0;
      for (; typeof next === 'string' && pages < 30; pages++) {
        const page = await get(next);
        expect(page.status).toBe(200);
        expect(page.json).toMatchObject({ self: next, pageSize: 3 });
        hrefs.push(...(page.json!['items'] as Json[]).map((item) => String(item['href'])));
        next = page.json!['next'];
        if (typeof next === 'string') expect(new URL(next).searchParams.get('after')).toBeTruthy();
      }
      expect(next).toBeUndefined();
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(new Set(hrefs).size).toBe(hrefs.length);
      for (const href of hrefs.slice(0, 4)) expect((await get(href)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

describe('cursor paging declaring first and prev', () => {
  it('links every page to the first and to the one before it, walking back the pages walked forward', async () => {
    const document = structuredClone(LETTERS);
    const get200 = ((((document['paths'] as Json)['/letters'] as Json)['get'] as Json)['responses'] as Json)['200'];
    const schema = (((get200 as Json)['content'] as Json)['application/json'] as Json)['schema'] as Json;
    Object.assign(schema['properties'] as Json, {
      first: { type: 'string', format: 'uri' },
      prev: { type: 'string', format: 'uri' },
    });
    const mock = await startMock(document, { seed: 9 });
    try {
      const forward: string[][] = [];
      let url: unknown = `${mock.url}/letters`;
      let last: Json | undefined;
      for (let pages = 0; typeof url === 'string' && pages < 30; pages++) {
        last = (await get(url)).json!;
        forward.push((last['items'] as Json[]).map((item) => String(item['href'])));
        expect(last['first']).toBe(`${mock.url}/letters`);
        if (pages === 0) expect(last).not.toHaveProperty('prev');
        url = last['next'];
      }
      expect(forward.length).toBeGreaterThanOrEqual(3);
      const backward: string[][] = [];
      let back: unknown = last!['prev'];
      for (let pages = 0; typeof back === 'string' && pages < 30; pages++) {
        const previous = (await get(back)).json!;
        backward.push((previous['items'] as Json[]).map((item) => String(item['href'])));
        back = previous['prev'];
      }
      expect(backward).toEqual(forward.slice(0, -1).reverse());
    } finally {
      await mock.close();
    }
  });
});

describe('a PUT the document answers 201', () => {
  const shelf = { $ref: '#/components/schemas/Shelf' };
  const SHELVES: Json = {
    openapi: '3.0.3',
    info: { title: 'Shelves', version: '1.0.0' },
    servers: [{ url: '/shelves/v1' }],
    paths: {
      '/shelves': {
        get: {
          responses: {
            '200': {
              description: 'all',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      items: {
                        type: 'array',
                        items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/shelves/{shelfId}': {
        parameters: [{ name: 'shelfId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        get: { responses: { '200': { description: 'one', content: { 'application/json': { schema: shelf } } } } },
        put: {
          requestBody: { content: { 'application/json': { schema: shelf } } },
          responses: {
            '201': { description: 'created', content: { 'application/json': { schema: shelf } } },
            '204': { description: 'replaced' },
          },
        },
        patch: {
          requestBody: { content: { 'application/merge-patch+json': { schema: shelf } } },
          responses: { '200': { description: 'patched', content: { 'application/json': { schema: shelf } } } },
        },
      },
    },
    components: {
      schemas: {
        Shelf: {
          type: 'object',
          additionalProperties: false,
          properties: { shelfId: { type: 'integer', readOnly: true }, label: { type: 'string', maxLength: 20 } },
        },
      },
    },
  };

  it('creates the item it names (201, Location), then replaces it (204); a PATCH creates nothing', async () => {
    const mock = await startMock(SHELVES, { seed: 1 });
    const put = (path: string, body: Json, headers: Record<string, string> = {}) =>
      send('PUT', `${mock.url}${path}`, { headers, body });
    try {
      const taken = new Set(
        ((await get(`${mock.url}/shelves`)).json!['items'] as Json[]).map((item) => String(item['href'])),
      );
      const free = [...Array(1000).keys()].map((n) => n + 900_000).find((n) => !taken.has(`${mock.url}/shelves/${n}`))!;
      const created = await put(`/shelves/${free}`, { label: 'top' });
      expect(created.status).toBe(201);
      expect(created.headers['location']).toBe(`${mock.url}/shelves/${free}`);
      expect(created.json).toEqual({ shelfId: free, label: 'top' });
      expect((await get(`${mock.url}/shelves/${free}`)).json).toEqual({ shelfId: free, label: 'top' });
      const replaced = await put(`/shelves/${free}`, { label: 'bottom' });
      expect(replaced.status).toBe(204);
      expect((await get(`${mock.url}/shelves/${free}`)).json).toEqual({ shelfId: free, label: 'bottom' });
      expect((await put(`/shelves/${free + 1}`, { label: 'x' }, { 'if-match': '"any"' })).status).toBe(412);
      const patch = await send('PATCH', `${mock.url}/shelves/${free + 2}`, {
        type: 'application/merge-patch+json',
        body: { label: 'x' },
      });
      expect(patch.status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

describe('paging numbers the document leaves open', () => {
  it('are whole numbers from 1, as the guide pages: 400 with an issue naming the one that is not', async () => {
    const document = structuredClone(LETTERS);
    const parameters = (((document['paths'] as Json)['/letters'] as Json)['get'] as Json)['parameters'] as Json[];
    // Offset paging whose parameters declare no minimum.
    parameters.splice(
      0,
      parameters.length,
      { name: 'page', in: 'query', schema: { type: 'integer' } },
      { name: 'pageSize', in: 'query', schema: { type: 'integer', default: 3 } },
    );
    const mock = await startMock(document, { seed: 9 });
    try {
      for (const [query, name, value] of [
        ['page=0', 'page', 0],
        ['page=-1', 'page', -1],
        ['pageSize=0', 'pageSize', 0],
      ] as const) {
        const answer = await get(`${mock.url}/letters?${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.json!['issues']).toEqual([expect.objectContaining({ in: 'query', name, value })]);
      }
      expect((await get(`${mock.url}/letters?page=2`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});
