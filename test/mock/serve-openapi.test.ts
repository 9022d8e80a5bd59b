// `restguide serve --openapi`: a description served the guide's way. The reference server's own document,
// mocked, must pass restguide's own checks; a small document shows each behaviour, and its absence.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { captureIo } from '../helpers/io.js';
import { checkAgainst, get, send, type Json } from '../helpers/mock-api.js';

/** A small API: a paged collection with items, a cursor-paged feed without item path, and a controller. */
const SMALL: Json = {
  openapi: '3.0.3',
  info: { title: 'Parcels', version: '1.0.0' },
  servers: [{ url: '/parcels/v1' }],
  paths: {
    '/parcels': {
      get: {
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 4 } },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['open', 'closed'] } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    self: { type: 'string', format: 'uri' },
                    next: { type: 'string', format: 'uri' },
                    items: { type: 'array', items: { $ref: '#/components/schemas/ParcelLink' } },
                  },
                },
              },
            },
          },
        },
      },
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Parcel' } } } },
        responses: { '201': { description: 'created' } },
      },
    },
    '/parcels/{parcelId}': {
      parameters: [{ name: 'parcelId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        responses: {
          '200': {
            description: 'one',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Parcel' } } },
          },
        },
      },
      patch: {
        requestBody: {
          content: { 'application/merge-patch+json': { schema: { $ref: '#/components/schemas/Parcel' } } },
        },
        responses: { '200': { description: 'patched' } },
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
    '/events': {
      get: {
        parameters: [{ name: 'after', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'a feed',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    events: { type: 'array', items: { $ref: '#/components/schemas/Event' } },
                    pageInfo: { type: 'object', properties: { hasNext: { type: 'boolean' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ParcelLink: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
      Parcel: {
        type: 'object',
        additionalProperties: false,
        required: ['status'],
        properties: {
          self: { type: 'string', format: 'uri', readOnly: true },
          parcelId: { type: 'integer', minimum: 1, readOnly: true },
          status: { type: 'string', enum: ['open', 'closed'] },
          code: { type: 'string', pattern: '^[A-Z]{2}[0-9]{4}$' },
          area: { type: 'number', minimum: 10, maximum: 20 },
          label: { type: 'string', maxLength: 8 },
          since: { type: 'string', format: 'date' },
        },
      },
      Event: { type: 'object', properties: { eventId: { type: 'string' }, kind: { type: 'string' } } },
    },
  },
};

describe('a small document, mocked', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock(SMALL, { seed: 7 });
  });
  afterAll(() => mock.close());

  it('pages a collection with items, href and working next links, as many pages as the data makes', async () => {
    const first = await get(`${mock.url}/parcels`);
    expect(first.status).toBe(200);
    const items = first.json!['items'] as Json[];
    expect(items).toHaveLength(4);
    expect(items.every((item) => String(item['href']).startsWith(`${mock.url}/parcels/`))).toBe(true);
    const second = await get(String(first.json!['next']));
    expect((second.json!['items'] as Json[]).map((i) => i['href'])).not.toContain(items[0]!['href']);
    let next: unknown = first.json!['next'];
    let pages = 1;
    while (typeof next === 'string' && pages < 20) {
      next = (await get(next)).json!['next'];
      pages++;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(next).toBeUndefined(); // the last page has none
  });

  it('makes values the schema allows: enums, patterns, bounds, lengths, formats', async () => {
    const { json } = await get(String(((await get(`${mock.url}/parcels`)).json!['items'] as Json[])[1]!['href']));
    expect(['open', 'closed']).toContain(json!['status']);
    expect(json!['code']).toMatch(/^[A-Z]{2}[0-9]{4}$/);
    expect(json!['area']).toBeGreaterThanOrEqual(10);
    expect(json!['area']).toBeLessThanOrEqual(20);
    expect(String(json!['label']).length).toBeLessThanOrEqual(8);
    expect(json!['since']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('filters by a declared parameter and refuses an unknown one with an issue naming it', async () => {
    const open = await get(`${mock.url}/parcels?status=open&pageSize=100`);
    for (const item of open.json!['items'] as Json[])
      expect((await get(String(item['href']))).json!['status']).toBe('open');
    const unknown = await get(`${mock.url}/parcels?colour=red`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers['content-type']).toBe('application/problem+json');
    expect(unknown.json!['issues']).toEqual([
      expect.objectContaining({
        type: 'urn:problem-type:belgif:input-validation:unknownInput',
        in: 'query',
        name: 'colour',
      }),
    ]);
    const bad = await get(`${mock.url}/parcels?status=lost`);
    expect(bad.status).toBe(400);
    expect((bad.json!['issues'] as Json[])[0]).toMatchObject({ in: 'query', name: 'status', value: 'lost' });
  });

  it('serves a list without item path under its own name, its cursor walked with next and pageInfo', async () => {
    const feed = await get(`${mock.url}/events`);
    expect(feed.status).toBe(200);
    const events = feed.json!['events'] as Json[];
    expect(events.length).toBeGreaterThan(0);
    expect(feed.json!['pageInfo']).toMatchObject({ hasNext: true });
    const next = await get(String((feed.json!['pageInfo'] as Json)['next']));
    expect(next.status).toBe(200);
    expect(next.json!['events']).not.toEqual(events);
    expect(mock.notes).toContain('GET /events: a list without an item path: its elements have no href');
  });

  it('creates (201, Location), reads, merge-patches with If-Match, deletes, then 404', async () => {
    const created = await send('POST', `${mock.url}/parcels`, { body: { status: 'open', label: 'mine' } });
    // The document declares 201 and 200 without content: answered so, without a body.
    expect(created.text).toBe('');
    expect(created.status).toBe(201);
    const location = String(created.headers['location']);
    const read = await get(location);
    expect(read.json).toMatchObject({ status: 'open', label: 'mine', self: location });
    const mergePatch = 'application/merge-patch+json';
    const stale = await send('PATCH', location, {
      type: mergePatch,
      headers: { 'if-match': '"not-it"' },
      body: { status: 'closed' },
    });
    expect(stale.status).toBe(412);
    const patched = await send('PATCH', location, {
      type: mergePatch,
      headers: { 'if-match': String(read.headers['etag']) },
      body: { status: 'closed', label: null },
    });
    expect(patched.text).toBe('');
    expect(patched.status).toBe(200);
    expect(patched.headers['etag']).toBeDefined();
    const after = (await get(location)).json!;
    expect(after['status']).toBe('closed');
    expect(after).not.toHaveProperty('label');
    const deleted = await send('DELETE', location);
    expect(deleted.status).toBe(204);
    expect((await get(location)).status).toBe(404);
  });

  it('refuses a body that breaks the schema, an undeclared method and a media type not offered', async () => {
    const post = (body: string, type = 'application/json') =>
      send('POST', `${mock.url}/parcels`, { headers: { 'content-type': type }, body });
    const unknownMember = await post(JSON.stringify({ status: 'open', colour: 'red' }));
    expect(unknownMember.status).toBe(400);
    expect(unknownMember.json!['issues']).toEqual([
      expect.objectContaining({
        in: 'body',
        name: 'colour',
        type: 'urn:problem-type:belgif:input-validation:unknownInput',
      }),
    ]);
    const text = await post('status=open', 'text/plain');
    expect(text.status).toBe(415);
    const put = await send('PUT', `${mock.url}/parcels`);
    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('GET, POST, HEAD, OPTIONS');
    expect((await get(`${mock.url}/parcels`, { accept: 'application/xml' })).status).toBe(406);
    expect((await get(`${mock.url}/nowhere`)).status).toBe(404);
    expect((await get(`${mock.url}/parcels/999999999`)).status).toBe(404);
  });

  it('serves /health and the document itself at /doc/openapi.json, with a trace id on every answer', async () => {
    const health = await get(`${mock.url}/health`);
    expect(health.json).toEqual({ status: 'UP' });
    expect(health.headers['belgov-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(`${mock.url}/doc/openapi.json`)).json).toEqual(SMALL);
  });
});

describe('data', () => {
  const firstPage = async (options: Parameters<typeof startMock>[1], touchFirst?: string) => {
    const mock = await startMock(SMALL, options);
    try {
      if (touchFirst) expect((await get(`${mock.url}${touchFirst}`)).status).toBe(200);
      const items = (await get(`${mock.url}/parcels?pageSize=100`)).json!['items'] as Json[];
      const records = await Promise.all(items.map(async (item) => (await get(String(item['href']))).json));
      // Links differ by the listening port only.
      return JSON.parse(JSON.stringify(records).replaceAll(mock.url, '')) as unknown;
    } finally {
      await mock.close();
    }
  };

  it('is the same for the same seed and differs for another', async () => {
    expect(await firstPage({ seed: 3 })).toEqual(await firstPage({ seed: 3 }));
    expect(await firstPage({ seed: 3 })).not.toEqual(await firstPage({ seed: 4 }));
  });

  it('is the same whichever collection is asked for first (each is made when first used)', async () => {
    expect(await firstPage({ seed: 3 }, '/events')).toEqual(await firstPage({ seed: 3 }));
  });

  it('comes from --data where given, and --data naming no collection is refused', async () => {
    const given = await firstPage({ data: { '/parcels': [{ parcelId: 5, status: 'open' }] } });
    expect(given).toEqual([{ self: '/parcels/5', parcelId: 5, status: 'open' }]);
    await expect(startMock(SMALL, { data: { '/trucks': [] } })).rejects.toThrow(/\/trucks, which is no collection/);
  });
});

describe('restguide serve --openapi', () => {
  it("serves the reference server's own document so that restguide check finds nothing (score >= 90)", async () => {
    const document = buildOpenApiDocument() as Json;
    const mock = await startMock(document, { taskDelayMs: 200 });
    try {
      const report = await checkAgainst(mock.url, document, ['--allow-writes']);
      const failing = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
      expect(failing.map((r) => `${r.id}: ${r.message}`)).toHaveLength(0);
      expect(report.coverage!.score).toBeGreaterThanOrEqual(90);
      expect(report.summary.cleanups?.left ?? 0).toBe(0);
    } finally {
      await mock.close();
    }
  }, 120_000);

  it('exits 2 with one line for a document that is not one, and for --data that is not records', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-mock-'));
    await writeFile(join(dir, 'bad.yaml'), 'just: text\n');
    await writeFile(join(dir, 'doc.json'), JSON.stringify(SMALL));
    await writeFile(join(dir, 'data.json'), '[1, 2]');
    for (const args of [
      ['--openapi', 'bad.yaml'],
      ['--openapi', 'doc.json', '--data', 'data.json'],
      ['--openapi', 'doc.json', '--seed', 'many'],
      ['--openapi', 'doc.json', '--auth'],
    ]) {
      const io = Object.assign(captureIo(), { cwd: dir });
      expect(await main(['serve', '--port', '0', ...args], io)).toBe(2);
      expect(io.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
