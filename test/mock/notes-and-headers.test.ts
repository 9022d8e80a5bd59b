// What the mock says it cannot serve the guide's way (one line per part, and why), and the header
// parameters a document declares, held to their schemas like the path and query ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { get, send, type Json } from '../helpers/mock-api.js';

const list = (ref: string) => ({
  '200': {
    description: 'a list',
    content: {
      'application/json': {
        schema: { type: 'object', properties: { items: { type: 'array', items: { $ref: ref } } } },
      },
    },
  },
});
const one = (ref: string) => ({
  '200': { description: 'one', content: { 'application/json': { schema: { $ref: ref } } } },
});
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });

/** Owners with pets below them, a PDF report, a multipart upload, a TRACE, and a header the pets require. */
const PARTS: Json = {
  openapi: '3.0.3',
  info: { title: 'Parts', version: '1.0.0' },
  servers: [{ url: '/parts/v1' }],
  paths: {
    '/owners': { get: { responses: list('#/components/schemas/Owner') } },
    '/owners/{ownerId}': { parameters: [id('ownerId')], get: { responses: one('#/components/schemas/Owner') } },
    '/owners/{ownerId}/pets': {
      parameters: [id('ownerId')],
      get: {
        parameters: [
          { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } },
          { name: 'X-Limit', in: 'header', schema: { type: 'integer', maximum: 5 } },
          { name: 'Accept', in: 'header', required: true, schema: { type: 'string' } },
        ],
        responses: list('#/components/schemas/Pet'),
      },
    },
    '/owners/{ownerId}/pets/{petId}': {
      parameters: [id('ownerId'), id('petId')],
      get: { responses: one('#/components/schemas/Pet') },
    },
    '/reports/{reportId}': {
      parameters: [id('reportId')],
      get: {
        responses: {
          '200': {
            description: 'pdf',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    '/uploads': {
      post: {
        requestBody: {
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string' } } } } },
        },
        responses: { '201': { description: 'stored' } },
      },
      trace: { responses: { '200': { description: 'traced' } } },
    },
  },
  components: {
    schemas: {
      Owner: { type: 'object', properties: { ownerId: { type: 'integer' }, name: { type: 'string' } } },
      Pet: { type: 'object', properties: { petId: { type: 'integer' }, name: { type: 'string' } } },
    },
  },
};

/** Notes, created by POST and read back at their Location. */
const NOTES: Json = {
  openapi: '3.0.3',
  info: { title: 'Notes', version: '1.0.0' },
  servers: [{ url: '/notes/v1' }],
  paths: {
    '/notes': {
      get: {
        parameters: [{ name: 'pageSize', in: 'query', schema: { type: 'integer', maximum: 100, default: 100 } }],
        responses: list('#/components/schemas/Note'),
      },
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
        responses: { '201': { description: 'created' } },
      },
    },
    '/notes/{noteId}': { parameters: [id('noteId')], get: { responses: one('#/components/schemas/Note') } },
  },
  components: {
    schemas: { Note: { type: 'object', properties: { noteId: { type: 'integer' }, text: { type: 'string' } } } },
  },
};

const issuesOf = (json: Json | undefined): Json[] => (json?.['issues'] ?? []) as Json[];

describe('the parts the mock cannot serve the guide’s way', () => {
  it('are each named once, with why, and nothing the mock serves itself', async () => {
    const mock = await startMock(PARTS);
    try {
      expect(mock.notes).toEqual([
        'GET /reports/{reportId}: answered 200 without a body (the mock makes JSON, not application/pdf)',
        'POST /uploads: its multipart/form-data body cannot be read (the mock reads JSON): refused with 400',
        'TRACE /uploads: not served (the mock answers GET, PUT, POST, PATCH and DELETE): 405',
      ]);
    } finally {
      await mock.close();
    }
    const reference = await startMock(buildOpenApiDocument() as Json);
    try {
      // The reference server's document at /doc/openapi.yaml is the mock's own; no list holds a store's orders.
      expect(reference.notes).toEqual([
        "GET /stores/{storeId}/orders/{orderId}: below a path parameter that no list holds, answered from the document's example or schema whatever its value (no 404)",
      ]);
    } finally {
      await reference.close();
    }
  });
});

describe('filters that name no member of the elements', () => {
  // As BeSt Address v2's streets take `municipalityID` while a street carries no such member.
  const STREETS: Json = {
    openapi: '3.0.3',
    info: { title: 'Streets', version: '1.0.0' },
    servers: [{ url: '/streets/v1' }],
    paths: {
      '/streets': {
        get: {
          parameters: [
            { name: 'postCode', in: 'query', schema: { type: 'string' } },
            { name: 'municipalityID', in: 'query', schema: { type: 'string' } },
          ],
          responses: list('#/components/schemas/Street'),
        },
      },
      '/streets/{streetId}': {
        parameters: [id('streetId')],
        get: { responses: one('#/components/schemas/Street') },
      },
    },
    components: {
      schemas: {
        Street: {
          type: 'object',
          properties: { streetId: { type: 'integer' }, postCode: { type: 'string' }, href: { type: 'string' } },
        },
      },
    },
  };

  it('are named at start as not applied, while a filter on a member filters', async () => {
    const mock = await startMock(STREETS, { seed: 2 });
    try {
      expect(mock.notes).toEqual([
        'GET /streets: filter municipalityID names no member of its elements: not applied (every element matches)',
      ]);
      const all = (await get(`${mock.url}/streets`)).json!['items'] as Json[];
      expect(all.length).toBeGreaterThan(1);
      expect((await get(`${mock.url}/streets?municipalityID=anything`)).json!['items']).toEqual(all);
      expect((await get(`${mock.url}/streets?postCode=restguideNoSuchValue`)).json!['items']).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});

describe('declared header parameters', () => {
  let mock: MockServer;
  let owner: string;
  beforeAll(async () => {
    mock = await startMock(PARTS, { seed: 4 });
    owner = String(((await get(`${mock.url}/owners`)).json!['items'] as Json[])[0]!['ownerId']);
  });
  afterAll(() => mock.close());

  it('are required where the document requires them and held to their schemas', async () => {
    const missing = await get(`${mock.url}/owners/${owner}/pets`);
    expect(missing.status).toBe(400);
    expect(issuesOf(missing.json)).toEqual([expect.objectContaining({ in: 'header', name: 'X-Tenant' })]);
    const bad = await get(`${mock.url}/owners/${owner}/pets`, { 'x-tenant': 'Acme 1', 'x-limit': '9' });
    expect(bad.status).toBe(400);
    expect(issuesOf(bad.json)).toEqual([
      expect.objectContaining({ in: 'header', name: 'X-Tenant', value: 'Acme 1' }),
      expect.objectContaining({ in: 'header', name: 'X-Limit', value: '9' }),
    ]);
    expect((await get(`${mock.url}/owners/${owner}/pets`, { 'x-tenant': 'acme', 'x-limit': '3' })).status).toBe(200);
  });

  it('are named in the same problem as a broken path parameter', async () => {
    const both = await get(`${mock.url}/owners/0/pets`);
    expect(both.status).toBe(400);
    expect(issuesOf(both.json).map((i) => `${String(i['in'])} ${String(i['name'])}`)).toEqual([
      'path ownerId',
      'header X-Tenant',
    ]);
  });
});

describe('what clients write', () => {
  it('is kept within its budget: past it the records written longest ago go first, the newest stay', async () => {
    const mock = await startMock(NOTES, { writtenBytes: 1000 });
    try {
      const locations: string[] = [];
      for (let i = 0; i < 12; i++) {
        const created = await send('POST', `${mock.url}/notes`, {
          body: { text: `${String(i).padStart(2, '0')} ${'x'.repeat(180)}` },
        });
        expect(created.status).toBe(201);
        locations.push(String(created.headers['location']));
      }
      const statuses = await Promise.all(locations.map(async (location) => (await get(location)).status));
      // About 200 bytes each: the newest four or five fit in 1000 bytes, the older ones are gone.
      expect(statuses.slice(-4)).toEqual([200, 200, 200, 200]);
      expect(statuses.slice(0, 6)).toEqual([404, 404, 404, 404, 404, 404]);
      // Seeded records are not written ones: they stay.
      const page = await get(`${mock.url}/notes?pageSize=100`);
      expect((page.json!['items'] as Json[]).length).toBeGreaterThan(statuses.filter((s) => s === 200).length);
    } finally {
      await mock.close();
    }
  });
});
