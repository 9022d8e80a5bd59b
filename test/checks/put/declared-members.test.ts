// The fifth field pass (koa-joi-router, Starlette with pydantic, Mojolicious): put.replaces sent back the read
// representation, `id` and `href` included, though PUT's body declares only `name` and `district`; each
// validator rightly answered 400, and the check blamed the API. A PUT sends the members its body declares.
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

const input = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'district'],
  properties: { name: { type: 'string', maxLength: 40 }, district: { type: 'string', maxLength: 40 } },
};
const site = {
  type: 'object',
  properties: { id: { type: 'integer' }, href: { type: 'string' }, ...input.properties },
};
const ok = (schema: object) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
const json = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
/** `undocumented`: no response has a schema (koa-joi-router-docs writes `responses: {}`), so only PUT's body says. */
const documentWith = (key: string, undocumented = false) => ({
  openapi: '3.0.3',
  info: { title: 'Heritage', version: '1.0.0' },
  paths: {
    '/sites': {
      get: { responses: ok({ type: 'object', properties: { items: { type: 'array', items: site } } }) },
      post: { requestBody: json(input), responses: { 201: { description: 'created' } } },
    },
    [`/sites/{${key}}`]: {
      parameters: [{ name: key, in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: undocumented ? {} : ok(site) },
      put: { requestBody: json(input), responses: undocumented ? {} : ok(site) },
      delete: { responses: { 204: { description: 'gone' } } },
    },
  },
});

const body = async (req: IncomingMessage): Promise<unknown> => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
/** As the validators do: only `name` and `district`, both strings. */
const valid = (sent: unknown): sent is { name: string; district: string } =>
  typeof sent === 'object' &&
  sent !== null &&
  Object.keys(sent).every((key) => key === 'name' || key === 'district') &&
  typeof (sent as Record<string, unknown>)['name'] === 'string' &&
  typeof (sent as Record<string, unknown>)['district'] === 'string';

// `id` is declared by the read schema; `siteId`, the path's key, by no schema, yet the answer shows it (Starlette's
// restorations carry their parent's `siteId`, which pydantic's `extra = forbid` refuses back); with no response
// documented at all (Koa with koa-joi-router-docs), `id` and `href` are declared nowhere, and joi refuses them.
it.each([
  ['id', false],
  ['siteId', false],
  ['id', true],
] as const)(
  'put.replaces sends the members PUT declares, not the %s and href of the read (no response documented: %s)',
  async (key, undocumented) => {
    const sites = new Map<number, Record<string, unknown>>([
      [1, { [key]: 1, href: '/sites/1', name: 'Belfort', district: 'Brugge' }],
    ]);
    let next = 2;
    const put: unknown[] = [];
    server = await startFixture(async (req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://x');
      const item = /^\/sites\/(\d+)$/.exec(pathname);
      if (pathname === '/sites' && req.method === 'GET') return sendJson(res, 200, { items: [...sites.values()] });
      if (pathname === '/sites' && req.method === 'POST') {
        const sent = await body(req);
        if (!valid(sent)) return sendJson(res, 400, { title: 'invalid' });
        const id = next++;
        sites.set(id, { [key]: id, href: `/sites/${id}`, ...sent });
        res.setHeader('location', `/sites/${id}`);
        return sendJson(res, 201, sites.get(id));
      }
      const id = Number(item?.[1]);
      if (!item || !sites.has(id)) return sendJson(res, 404, { title: 'not found' });
      if (req.method === 'GET') return sendJson(res, 200, sites.get(id));
      if (req.method === 'DELETE') {
        sites.delete(id);
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'PUT') {
        const sent = await body(req);
        put.push(sent);
        if (!valid(sent)) return sendJson(res, 400, { title: 'invalid' });
        sites.set(id, { [key]: id, href: `/sites/${id}`, ...sent });
        return sendJson(res, 200, sites.get(id));
      }
      return sendJson(res, 405, { title: 'not allowed' });
    });
    const dir = await mkdtemp(join(tmpdir(), 'restguide-put-members-'));
    const documentPath = join(dir, 'openapi.json');
    await writeFile(
      documentPath,
      JSON.stringify({ ...documentWith(key, undocumented), servers: [{ url: server.url }] }),
    );
    const io = captureIo();
    await main(
      ['check', server.url, '--openapi', documentPath, '--allow-writes', '--only', 'put.replaces', '-f', 'json'],
      io,
    );
    const report = JSON.parse(io.out) as CheckReport;
    const result = report.results.find((r) => r.id === 'put.replaces');
    expect(put.length).toBeGreaterThan(0);
    expect(put.filter((sent) => !valid(sent))).toEqual([]);
    expect(`${result?.status} ${result?.message}`).toMatch(/^pass /);
    expect([...sites.keys()]).toEqual([1]);
  },
);
