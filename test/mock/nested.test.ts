// Lists below a path parameter (`/owners/{ownerId}/pets`): each parent its own records, kept and paged as
// any collection's, and 404 for a parent the API does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { get, send, type Json } from '../helpers/mock-api.js';

const links = {
  type: 'object',
  properties: {
    self: { type: 'string', format: 'uri' },
    next: { type: 'string', format: 'uri' },
    items: { type: 'array', items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } } },
  },
};
const paging = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
  { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 3 } },
];
const ok = (schema: Json) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
const pet = { $ref: '#/components/schemas/Pet' };

const OWNERS: Json = {
  openapi: '3.0.3',
  info: { title: 'Owners', version: '1.0.0' },
  servers: [{ url: '/owners/v1' }],
  paths: {
    '/owners': { get: { parameters: paging, responses: ok(links) } },
    '/owners/{ownerId}': {
      parameters: [id('ownerId')],
      get: {
        responses: ok({ type: 'object', properties: { ownerId: { type: 'integer' }, name: { type: 'string' } } }),
      },
    },
    '/owners/{ownerId}/pets': {
      parameters: [id('ownerId')],
      get: { parameters: paging, responses: ok(links) },
      post: {
        requestBody: { content: { 'application/json': { schema: pet } } },
        responses: { '201': { description: 'created' } },
      },
    },
    '/owners/{ownerId}/pets/{petId}': {
      parameters: [id('ownerId'), id('petId')],
      get: { responses: ok(pet) },
      delete: { responses: { '204': { description: 'gone' } } },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        additionalProperties: false,
        properties: { petId: { type: 'integer', readOnly: true }, name: { type: 'string', maxLength: 20 } },
      },
    },
  },
};

const hrefs = (json: Json | undefined): string[] => ((json?.['items'] ?? []) as Json[]).map((i) => String(i['href']));

describe('a list below a path parameter', () => {
  let mock: MockServer;
  let owners: string[];
  beforeAll(async () => {
    mock = await startMock(OWNERS, { seed: 6 });
    owners = hrefs((await get(`${mock.url}/owners`)).json);
  });
  afterAll(() => mock.close());

  it('gives each parent its own items, at its own item paths, paged with next links', async () => {
    const [a, b] = [owners[0]!, owners[1]!];
    const first = await get(`${a}/pets`);
    expect(first.status).toBe(200);
    const mine = hrefs(first.json);
    expect(mine).toHaveLength(3);
    for (const href of mine) {
      expect(href.startsWith(`${a}/pets/`)).toBe(true);
      expect((await get(href)).status).toBe(200);
    }
    const next = await get(String(first.json!['next']));
    expect(hrefs(next.json).some((href) => mine.includes(href))).toBe(false);
    const theirs = hrefs((await get(`${b}/pets?pageSize=100`)).json);
    expect(theirs.every((href) => href.startsWith(`${b}/pets/`))).toBe(true);
    // Another parent's pet is not this parent's.
    const other = theirs.map((href) => href.slice(href.lastIndexOf('/') + 1));
    const all = hrefs((await get(`${a}/pets?pageSize=100`)).json).map((h) => h.slice(h.lastIndexOf('/') + 1));
    const foreign = other.find((petId) => !all.includes(petId))!;
    expect((await get(`${a}/pets/${foreign}`)).status).toBe(404);
  });

  it('answers 404 for a parent the API does not have, and for the items below it', async () => {
    const absent = await get(`${mock.url}/owners/999999999/pets`);
    expect(absent.status).toBe(404);
    expect(absent.json!['type']).toBe('urn:problem-type:belgif:resourceNotFound');
    expect((await get(`${mock.url}/owners/999999999/pets/1`)).status).toBe(404);
  });

  it("keeps a pet created below one parent in that parent's list only, until it is deleted", async () => {
    const [a, b] = [owners[0]!, owners[1]!];
    const created = await send('POST', `${a}/pets`, { body: { name: 'Rex' } });
    expect(created.status).toBe(201);
    const location = String(created.headers['location']);
    expect(location.startsWith(`${a}/pets/`)).toBe(true);
    expect((await get(location)).json).toMatchObject({ name: 'Rex' });
    expect(hrefs((await get(`${a}/pets?pageSize=100`)).json)).toContain(location);
    expect(hrefs((await get(`${b}/pets?pageSize=100`)).json)).not.toContain(location.replace(a, b));
    const deleted = await send('DELETE', location);
    expect(deleted.status).toBe(204);
    expect((await get(location)).status).toBe(404);
  });

  it('makes the same pets for the same seed and parent', async () => {
    const again = await startMock(OWNERS, { seed: 6 });
    try {
      const path = new URL(owners[0]!).pathname.replace('/owners/v1', '');
      const pets = async (server: MockServer) =>
        Promise.all(hrefs((await get(`${server.url}${path}/pets`)).json).map(async (href) => (await get(href)).json));
      expect(await pets(again)).toEqual(await pets(mock));
    } finally {
      await again.close();
    }
  });
});
