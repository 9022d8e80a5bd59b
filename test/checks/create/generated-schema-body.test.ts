// The sixth field pass (Sails 1.5 blueprints, its generated document): POST /bike was sent every member as
// optional (`serial` required only in an allOf branch), `station` as a whole made-up Station (refused with 400)
// and `id`, `createdAt`, `updatedAt` as the run's values, so every write check of /bike skipped. The body now
// starts from what the schema requires, a related record goes by its id, and the server's own members stay out.
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { sendJson, startFixture, type FixtureServer } from '../../helpers/fixture-server.js';
import { captureIo } from '../../helpers/io.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (status: number, schema: Json) => ({
  [status]: { description: 'ok', content: { 'application/json': { schema } } },
});
const idParam = { name: '_id', in: 'path', required: true, schema: { type: 'integer' } };
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'Velo', version: '1.0.0' },
  components: {
    schemas: {
      bike: { type: 'object', allOf: [ref('bike-without-required-constraint'), { required: ['serial'] }] },
      'bike-without-required-constraint': {
        type: 'object',
        properties: {
          createdAt: { type: 'number', format: 'double' },
          updatedAt: { type: 'number', format: 'double' },
          id: { type: 'integer', format: 'int64' },
          serial: { type: 'string', pattern: '^[A-Z]{2}-[0-9]{5}$' },
          station: { oneOf: [ref('station')] },
        },
      },
      station: {
        type: 'object',
        required: ['name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
  paths: {
    '/bike': {
      get: { responses: ok(200, { type: 'array', items: ref('bike') }) },
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: ref('bike') } } },
        responses: ok(201, ref('bike')),
      },
    },
    '/bike/{_id}': {
      get: { parameters: [idParam], responses: ok(200, ref('bike')) },
      delete: { parameters: [idParam], responses: { 204: { description: 'gone' } } },
    },
  },
};

const read = async (req: IncomingMessage): Promise<Json> => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return JSON.parse(text) as Json;
  } catch {
    return {};
  }
};

it("POST bodies made from a generated schema are taken: required serial, the station's id, no server members", async () => {
  const bikes = new Map<number, Json>([[1, { id: 1, serial: 'BE-10000', station: 1, createdAt: 5, updatedAt: 5 }]]);
  const sent: Json[] = [];
  let next = 100;
  server = await startFixture(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const item = /^\/bike\/(\d+)$/.exec(pathname);
    if (pathname === '/bike' && req.method === 'POST') {
      const body = await read(req);
      sent.push(body);
      // Sails: a station must be an existing station's id, and serial is required.
      if (typeof body['serial'] !== 'string') return sendJson(res, 400, { code: 'E_MISSING_OR_INVALID_PARAMS' });
      if (body['station'] !== undefined && typeof body['station'] !== 'number')
        return sendJson(res, 400, { code: 'E_INVALID_NEW_RECORD' });
      const bike = { createdAt: 9, updatedAt: 9, ...body, id: next++ };
      bikes.set(bike.id, bike);
      res.setHeader('location', `/bike/${bike.id}`);
      return sendJson(res, 201, bike);
    }
    if (pathname === '/bike' && req.method === 'GET') return sendJson(res, 200, [...bikes.values()]);
    if (item) {
      const bike = bikes.get(Number(item[1]));
      if (!bike) return sendJson(res, 404, { title: 'not found' });
      if (req.method === 'DELETE') {
        bikes.delete(Number(item[1]));
        res.writeHead(204).end();
        return;
      }
      return sendJson(res, 200, bike);
    }
    return sendJson(res, 404, { title: 'not found' });
  });
  const dir = await mkdtemp(join(tmpdir(), 'restguide-generated-body-'));
  const documentPath = join(dir, 'openapi.json');
  await writeFile(documentPath, JSON.stringify({ ...DOCUMENT, servers: [{ url: server.url }] }));
  const io = captureIo();
  await main(['check', server.url, '--openapi', documentPath, '--allow-writes', '--only', 'create', '-f', 'json'], io);
  const report = JSON.parse(io.out) as CheckReport;
  expect(report.results.find((r) => r.id === 'create.created-201')?.status).toBe('pass');
  expect(sent.length).toBeGreaterThan(0);
  for (const body of sent) {
    expect(Object.keys(body)).not.toContain('createdAt');
    expect(Object.keys(body)).not.toContain('updatedAt');
    expect(Object.keys(body)).not.toContain('id');
    if (body['station'] !== undefined) expect(typeof body['station']).toBe('number');
  }
  // What the run made is gone, what was there stays.
  expect([...bikes.keys()]).toEqual([1]);
});
