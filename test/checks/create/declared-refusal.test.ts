// A create body made from the schema puts the end of a date range after its start, and a 409 the POST declares
// for a body it refuses is the run's sample refused, as a 400 is (the fourth field pass: ts-rest's reservations
// got the same date-time as start and end, answered their declared 409, and create.created-201 failed).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import createdCheck from '../../../src/checks/create/created-201.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { allowWrites: true, timeoutMs: 5000, deadlineMs: 60_000 } as const;

const ReservationIn = {
  type: 'object',
  required: ['start', 'end', 'validFrom', 'validTo', 'periodStart', 'periodEnd'],
  properties: {
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
    validFrom: { type: 'string', format: 'date' },
    validTo: { type: 'string', format: 'date' },
    periodStart: { type: 'string', format: 'date' },
    periodEnd: { type: 'string', format: 'date' },
  },
};
const Reservation = { allOf: [ReservationIn, { type: 'object', properties: { id: { type: 'integer' } } }] };

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  return {
    openapi: '3.0.3',
    info: { title: 'reservations', version: '1' },
    paths: {
      '/reservations': {
        get: {
          responses: {
            200: {
              description: 'a page',
              content: json({ type: 'object', properties: { items: { type: 'array', items: Reservation } } }),
            },
          },
        },
        post: {
          requestBody: { required: true, content: json(ReservationIn) },
          responses: {
            201: { description: 'created', content: json(Reservation) },
            409: { description: 'the slot is taken or empty' },
          },
        },
      },
      '/reservations/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { 200: { description: 'one', content: json(Reservation) } } },
        delete: { responses: { 204: { description: 'gone' } } },
      },
    },
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
}

/** ts-rest's reservations: an empty or reversed range is a 409; `taken` refuses every slot (a clash the run cannot see). */
async function startReservations(taken = false) {
  const rows = new Map<number, Record<string, unknown>>();
  let next = 100;
  const server = await startFixture(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/reservations' && req.method === 'GET')
      return sendJson(res, 200, { items: [...rows.values()] });
    if (url.pathname === '/reservations' && req.method === 'POST') {
      const body = await readJson(req);
      const pairs = [
        ['start', 'end'],
        ['validFrom', 'validTo'],
        ['periodStart', 'periodEnd'],
      ] as const;
      const empty = pairs.find(([from, to]) => !(Date.parse(body[to] ?? '') > Date.parse(body[from] ?? '')));
      if (empty) return sendJson(res, 409, { message: `${empty[1]} must follow ${empty[0]}` });
      if (taken) return sendJson(res, 409, { message: 'The hall is already reserved at that time' });
      const row = { ...body, id: next++ };
      rows.set(row.id, row);
      return sendJson(res, 201, row, { location: `${server.url}/reservations/${row.id}` });
    }
    const item = /^\/reservations\/(\d+)$/.exec(url.pathname);
    const row = item ? rows.get(Number(item[1])) : undefined;
    if (!row) return sendJson(res, 404, { message: 'Not Found' });
    if (req.method === 'GET') return sendJson(res, 200, row);
    if (req.method === 'DELETE') {
      rows.delete(row['id'] as number);
      return void res.writeHead(204).end();
    }
    return sendJson(res, 405, { message: 'Method Not Allowed' });
  });
  return Object.assign(server, { ids: () => [...rows.keys()] });
}

describe('a create body with a date range', () => {
  it('ends each range after its start: the API takes it, and the record is removed', async () => {
    const contract = document();
    const body = deriveProfile(contract).collections?.[0]?.create?.body ?? {};
    expect(Date.parse(String(body['end']))).toBeGreaterThan(Date.parse(String(body['start'])));
    expect(String(body['validTo']) > String(body['validFrom'])).toBe(true);
    expect(String(body['periodEnd']) > String(body['periodStart'])).toBe(true);
    expect(String(body['validTo'])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const server = await startReservations();
    try {
      const report = await runChecks([createdCheck], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      expect(report.results.map((r) => `${r.status} ${r.id}`)).toEqual(['pass create.created-201']);
      expect(server.ids()).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('refused with the 409 the POST declares: skipped with what the API said, not failed', async () => {
    const server = await startReservations(true);
    try {
      const contract = document();
      const report = await runChecks([createdCheck], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      expect(report.results.map((r) => `${r.status} ${r.id}`)).toEqual(['skip create.created-201']);
      expect(report.results[0]?.message).toBe(
        `POST /reservations answered 409 to the run's body (made from the request schema): it said "The hall is already reserved at that time"; give an example of the whole body in the document or a profile's create.body`,
      );
      expect(server.ids()).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a 409 the POST does not declare is still the create failing', async () => {
    const server = await startReservations(true);
    try {
      const contract = document();
      const paths = contract['paths'] as Record<string, Record<string, { responses: Record<string, unknown> }>>;
      delete paths['/reservations']?.['post']?.responses['409'];
      const report = await runChecks([createdCheck], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      expect(report.results.map((r) => `${r.status} ${r.id}`)).toEqual(['fail create.created-201']);
    } finally {
      await server.close();
    }
  }, 60_000);
});
