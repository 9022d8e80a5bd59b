// The sixth field pass (finale-rest): GET /schools embeds each school's menus, whose ids (1 to 20) were taken for
// school keys, so the schools the run then created (5 to 21) were "named by the answer to GET .../schools,
// received before the POST" and left. Only the list's own items carry the collection's key.
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

const menuSchema = { type: 'object', properties: { id: { type: 'integer' }, dish: { type: 'string' } } };
const schoolSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', maxLength: 40 },
    menus: { type: 'array', items: menuSchema },
  },
};
const ok = (schema: object) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Canteens', version: '1.0.0' },
  paths: {
    '/schools': {
      get: { responses: ok({ type: 'array', items: schoolSchema }) },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } },
            },
          },
        },
        responses: { 201: { description: 'created', content: { 'application/json': { schema: schoolSchema } } } },
      },
    },
    '/schools/{id}': {
      parameters: [idParam],
      get: { responses: ok(schoolSchema) },
      delete: { responses: { 204: { description: 'gone' } } },
    },
  },
};

/** Schools 1 and 2 exist with menus 1 to 40 embedded; new schools get 5, 6, ... (some menu's id each). */
async function canteens(answerExisting = false) {
  const schools = new Map<number, Record<string, unknown>>();
  for (const id of [1, 2])
    schools.set(id, {
      id,
      name: `School ${id}`,
      menus: Array.from({ length: 20 }, (_, i) => ({ id: (id - 1) * 20 + i + 1, dish: 'Stoemp' })),
    });
  let next = 5;
  const fixture = await startFixture(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const item = /^\/schools\/(\d+)$/.exec(pathname);
    if (pathname === '/schools' && req.method === 'POST') {
      const sent = (await readJsonObject(req)) ?? {};
      if (typeof sent['name'] !== 'string') return sendJson(res, 400, { title: 'name required' });
      // A broken server answers every create with school 2 (its name overwritten), which the run must not delete.
      const school = answerExisting
        ? { id: 2, name: sent['name'], menus: [] }
        : { id: next++, name: sent['name'], menus: [] };
      schools.set(school.id, school);
      res.setHeader('location', `/schools/${school.id}`);
      return sendJson(res, 201, school);
    }
    if (pathname === '/schools' && req.method === 'GET') return sendJson(res, 200, [...schools.values()]);
    if (item) {
      const school = schools.get(Number(item[1]));
      if (!school) return sendJson(res, 404, { title: 'not found' });
      if (req.method === 'DELETE') {
        schools.delete(Number(item[1]));
        res.writeHead(204).end();
        return;
      }
      return sendJson(res, 200, school);
    }
    return sendJson(res, 404, { title: 'not found' });
  });
  return { fixture, schools };
}

async function run(url: string): Promise<CheckReport> {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-embedded-keys-'));
  const documentPath = join(dir, 'openapi.json');
  await writeFile(documentPath, JSON.stringify({ ...DOCUMENT, servers: [{ url }] }));
  const io = captureIo();
  await main(['check', url, '--openapi', documentPath, '--allow-writes', '--only', 'create', '-f', 'json'], io);
  return JSON.parse(io.out) as CheckReport;
}

it("a created record whose id a list item's embedded records also carry is proven the run's own and deleted", async () => {
  const { fixture, schools } = await canteens();
  server = fixture;
  const report = await run(fixture.url);
  const left = (report.cleanups ?? []).filter((c) => c.outcome === 'left');
  expect(left.map((c) => `${c.url}: ${c.reason ?? ''}`)).toEqual([]);
  expect((report.cleanups ?? []).length).toBeGreaterThan(0);
  // What the run made is gone, what was there stays.
  expect([...schools.keys()]).toEqual([1, 2]);
});

it('a create answered with a listed school, embedded menus and all, is still refused and left', async () => {
  const { fixture, schools } = await canteens(true);
  server = fixture;
  const report = await run(fixture.url);
  const left = (report.cleanups ?? []).filter((c) => c.outcome === 'left');
  expect(left.length).toBeGreaterThan(0);
  expect(
    left.every((c) => /named by the answer to GET .*\/schools, received before the POST/.test(c.reason ?? '')),
  ).toBe(true);
  expect([...schools.keys()]).toEqual([1, 2]);
});
