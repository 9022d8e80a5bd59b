// A document whose path declares PUT but no PATCH gets its change from PUT's body, so the put checks run on a
// record the run created (the fourth field pass: ts-rest's halls and Express' elections were "not applicable").
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import replaces from '../../../src/checks/put/replaces.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { allowWrites: true, timeoutMs: 5000, deadlineMs: 60_000 } as const;

// Closed, as express-openapi-validator holds it: a PUT of the answer's `id` is refused.
const HallIn = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'sport'],
  properties: { name: { type: 'string', maxLength: 80 }, sport: { type: 'string', enum: ['football', 'tennis'] } },
};
const Hall = { allOf: [HallIn, { type: 'object', properties: { id: { type: 'integer' } } }] };

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const ok = (status: number, schema: unknown) => ({ [status]: { description: 'ok', content: json(schema) } });
  return {
    openapi: '3.0.3',
    info: { title: 'halls', version: '1' },
    paths: {
      '/halls': {
        get: { responses: ok(200, { type: 'object', properties: { items: { type: 'array', items: Hall } } }) },
        post: { requestBody: { required: true, content: json(HallIn) }, responses: ok(201, Hall) },
      },
      '/halls/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: ok(200, Hall) },
        put: { requestBody: { required: true, content: json(HallIn) }, responses: ok(200, Hall) },
        delete: { responses: { 204: { description: 'gone' } } },
      },
    },
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** Halls whose PUT replaces the record, or (`ignoring`) answers 200 and changes nothing. */
async function startHalls(ignoring = false) {
  const rows = new Map<number, Record<string, unknown>>();
  let next = 10;
  const server = await startFixture(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/halls' && req.method === 'GET') return sendJson(res, 200, { items: [...rows.values()] });
    if (url.pathname === '/halls' && req.method === 'POST') {
      const row = { ...(await readJson(req)), id: next++ };
      rows.set(row.id, row);
      return sendJson(res, 201, row, { location: `${server.url}/halls/${row.id}` });
    }
    const item = /^\/halls\/(\d+)$/.exec(url.pathname);
    const row = item ? rows.get(Number(item[1])) : undefined;
    if (!row) return sendJson(res, 404, { message: 'Not Found' });
    if (req.method === 'GET') return sendJson(res, 200, row);
    if (req.method === 'PUT') {
      const body = await readJson(req);
      const unknown = Object.keys(body).filter((name) => !['name', 'sport'].includes(name));
      if (unknown.length > 0)
        return sendJson(res, 400, { message: `request/body must NOT have ${unknown.join(', ')}` });
      const replaced = ignoring ? row : { ...body, id: row['id'] };
      rows.set(row['id'] as number, replaced);
      return sendJson(res, 200, replaced);
    }
    if (req.method === 'DELETE') {
      rows.delete(row['id'] as number);
      return void res.writeHead(204).end();
    }
    return sendJson(res, 405, { message: 'Method Not Allowed' });
  });
  return Object.assign(server, { ids: () => [...rows.keys()] });
}

describe('a document that declares PUT and no PATCH', () => {
  it('derives a change from the PUT body', () => {
    const patch = deriveProfile(document()).documents?.[0]?.patch ?? {};
    expect(Object.keys(patch).length).toBeGreaterThan(0);
  });

  it('runs put.replaces on a record the run created, and removes it', async () => {
    const server = await startHalls();
    try {
      const contract = document();
      const report = await runChecks([replaces], deriveProfile(contract), { baseUrl: server.url, contract, ...RUN });
      expect(report.results.map((r) => `${r.status} ${r.id}`)).toEqual(['pass put.replaces']);
      expect(server.ids()).toEqual([]);
      expect(server.requests.some((r) => r.method === 'PUT')).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('still fails a PUT that ignores the change it was sent', async () => {
    const server = await startHalls(true);
    try {
      const contract = document();
      const report = await runChecks([replaces], deriveProfile(contract), { baseUrl: server.url, contract, ...RUN });
      const results = report.results.map((r) => `${r.status} ${r.id}`);
      expect(results.length).toBeGreaterThan(0);
      expect(new Set(results)).toEqual(new Set(['fail put.replaces']));
      expect(server.ids()).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
