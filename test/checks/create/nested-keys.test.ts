// The fifth field pass (json-server, Starlette, Mojolicious): small integer ids in a nested collection
// (`/zones/1/permits` lists permits 5 and 6) were taken for keys of the parent collection, so the zone 5
// the run then created was "named by the answer to GET /zones/1/permits, received before the POST" and
// left behind. A key counts for a collection only in answers about its pages and its own documents.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { readJsonObject, sendJson, startFixture, type FixtureServer } from '../../helpers/fixture-server.js';
import { captureIo } from '../../helpers/io.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const zoneSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string', maxLength: 40 } },
};
const permitSchema = { type: 'object', properties: { id: { type: 'integer' }, plate: { type: 'string' } } };
const list = (items: object) => ({
  type: 'object',
  properties: { items: { type: 'array', items }, total: { type: 'integer' } },
});
const ok = (schema: object) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Parking', version: '1.0.0' },
  paths: {
    '/zones': {
      get: { responses: ok(list(zoneSchema)) },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } },
            },
          },
        },
        responses: { 201: { description: 'created', content: { 'application/json': { schema: zoneSchema } } } },
      },
    },
    '/zones/{id}': {
      parameters: [idParam],
      get: { responses: ok(zoneSchema) },
      delete: { responses: { 204: { description: 'gone' } } },
    },
    '/zones/{id}/permits': { parameters: [idParam], get: { responses: ok(list(permitSchema)) } },
  },
};

it("a created record whose id a nested collection's items also carry is proven the run's own and deleted", async () => {
  // Zone 1 exists; the next zones get 5, 6, ...; zone 1's permits are 5 to 9: the same small integers.
  const zones = new Map<number, Record<string, unknown>>([[1, { id: 1, name: 'Centre' }]]);
  let next = 5;
  server = await startFixture(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const item = /^\/zones\/(\d+)$/.exec(pathname);
    const permits = /^\/zones\/(\d+)\/permits$/.exec(pathname);
    if (pathname === '/zones' && req.method === 'POST') {
      const sent = (await readJsonObject(req)) ?? {};
      if (typeof sent['name'] !== 'string') return sendJson(res, 400, { title: 'name required' });
      const zone = { id: next++, name: sent['name'] };
      zones.set(zone.id, zone);
      res.setHeader('location', `/zones/${zone.id}`);
      return sendJson(res, 201, zone);
    }
    if (pathname === '/zones' && req.method === 'GET')
      return sendJson(res, 200, { items: [...zones.values()], total: zones.size });
    if (item) {
      const zone = zones.get(Number(item[1]));
      if (!zone) return sendJson(res, 404, { title: 'not found' });
      if (req.method === 'DELETE') {
        zones.delete(Number(item[1]));
        res.writeHead(204).end();
        return;
      }
      return sendJson(res, 200, zone);
    }
    if (permits && zones.has(Number(permits[1])) && req.method === 'GET') {
      const owned = Number(permits[1]) === 1 ? [5, 6, 7, 8, 9] : [];
      return sendJson(res, 200, { items: owned.map((id) => ({ id, plate: `1-ABC-00${id}` })), total: owned.length });
    }
    return sendJson(res, 404, { title: 'not found' });
  });
  const dir = await mkdtemp(join(tmpdir(), 'restguide-nested-keys-'));
  const documentPath = join(dir, 'openapi.json');
  await writeFile(documentPath, JSON.stringify({ ...DOCUMENT, servers: [{ url: server.url }] }));
  const io = captureIo();
  await main(['check', server.url, '--openapi', documentPath, '--allow-writes', '--only', 'create', '-f', 'json'], io);
  const report = JSON.parse(io.out) as CheckReport;
  const left = (report.cleanups ?? []).filter((c) => c.outcome === 'left');
  expect(left.map((c) => `${c.url}: ${c.reason ?? ''}`)).toEqual([]);
  expect((report.cleanups ?? []).length).toBeGreaterThan(0);
  // What the run made is gone, what was there stays.
  expect([...zones.keys()]).toEqual([1]);
});
