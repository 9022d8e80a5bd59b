// The sixth field pass (Sails 1.5 blueprints): the generated document declares the shortcut `GET /station/create`,
// which answers one Station and creates it from its query. It was taken for a collection: collection.items-array
// judged the station's `bikes` as its item list, and the run's made-up queries created 38 stations it never knew of.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { sendJson, startFixture, type FixtureServer } from '../../helpers/fixture-server.js';
import { captureIo } from '../../helpers/io.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const bike = { type: 'object', properties: { id: { type: 'integer' }, serial: { type: 'string' } } };
const station = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', maxLength: 60 },
    bikes: { type: 'array', items: { $ref: '#/components/schemas/bike' } },
  },
};
const ok = (schema: object) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
const one = { $ref: '#/components/schemas/station' };
const idParam = { name: '_id', in: 'path', required: true, schema: { type: 'integer' } };
const query = (name: string, required = false) => ({ name, in: 'query', required, schema: { type: 'string' } });

/** Sails' blueprint routes as its swagger generator declares them, `/station/latest` a GET of one station too. */
const document = (withShortcuts: boolean) => ({
  openapi: '3.0.3',
  info: { title: 'Velo', version: '1.0.0' },
  components: { schemas: { bike, station } },
  paths: {
    '/station': { get: { parameters: [query('name')], responses: ok({ type: 'array', items: one }) } },
    '/station/{_id}': { get: { parameters: [idParam], responses: ok(one) } },
    ...(withShortcuts
      ? {
          '/station/create': {
            get: {
              parameters: [
                query('name', true),
                query('municipality'),
                { name: 'capacity', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 80 } },
              ],
              responses: ok(one),
            },
          },
          '/station/latest': { get: { responses: ok(one) } },
          '/station/destroy/{_id}': { get: { parameters: [idParam], responses: ok(one) } },
          '/station/find': { get: { parameters: [query('name')], responses: ok({ type: 'array', items: one }) } },
        }
      : {}),
  },
});

it('a GET answering one record, or named for an action on records, is not taken for a collection', () => {
  const profile = deriveProfile(document(true));
  expect(profile.collections?.map((c) => c.path)).toEqual(['/station']);
  // A GET that deletes by its name is no document either: the run never reads it.
  expect(profile.documents?.map((d) => d.path)).toEqual(['/station/{_id}']);
  // A list of its own whose items other lists do not hold stays a collection.
  expect(deriveProfile(document(false)).collections?.map((c) => c.path)).toEqual(['/station']);
});

it('a read-only run creates nothing through a GET shortcut and judges no record as a list', async () => {
  const stations = [{ id: 1, name: 'Groenplaats', bikes: [{ id: 7, serial: 'B-7' }] }];
  const creates: string[] = [];
  const asked: string[] = [];
  server = await startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { title: 'not allowed' });
    if (url.pathname === '/station' || url.pathname === '/station/find') return sendJson(res, 200, stations);
    if (url.pathname === '/station/latest') return sendJson(res, 200, stations.at(-1));
    if (url.pathname.startsWith('/station/destroy/')) {
      asked.push(url.pathname);
      return sendJson(res, 200, stations[0]);
    }
    if (url.pathname === '/station/create') {
      asked.push(url.search);
      const name = url.searchParams.get('name');
      if (!name) return sendJson(res, 400, { title: 'name required' });
      // Sails' shortcut: a GET that creates, what the run must never set off.
      creates.push(url.search);
      return sendJson(res, 200, { id: 1000 + creates.length, name, bikes: [] });
    }
    const item = /^\/station\/(\d+)$/.exec(url.pathname);
    const found = item ? stations.find((s) => s.id === Number(item[1])) : undefined;
    return found ? sendJson(res, 200, found) : sendJson(res, 404, { title: 'not found' });
  });
  const dir = await mkdtemp(join(tmpdir(), 'restguide-record-routes-'));
  const documentPath = join(dir, 'openapi.json');
  await writeFile(documentPath, JSON.stringify({ ...document(true), servers: [{ url: server.url }] }));
  const io = captureIo();
  await main(['check', server.url, '--openapi', documentPath, '-f', 'json'], io);
  const report = JSON.parse(io.out) as CheckReport;
  expect(report.results.filter((r) => r.resource === '/station/create' || r.resource === '/station/latest')).toEqual(
    [],
  );
  expect(report.results.some((r) => r.id === 'collection.items-array' && r.resource === '/station')).toBe(true);
  expect(creates).toEqual([]);
  // Note 5: no GET at all to a path that names a write.
  expect(asked).toEqual([]);
});
