// A create body made from the request schema fits every member (pattern, union of literals, maxLength), so an API
// that validates its body as declared takes it (the third field pass: no top-level create succeeded on five
// frameworks). A refusal for what only the API knows is skipped naming what the API named, not "no example".
import type { IncomingMessage } from 'node:http';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import createdCheck from '../../../src/checks/create/created-201.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { allowWrites: true, timeoutMs: 5000, deadlineMs: 60_000 } as const;

const PermitIn = {
  type: 'object',
  required: ['reference', 'applicantEnterpriseNumber', 'municipalityNis', 'quarter', 'network'],
  properties: {
    reference: { type: 'string', pattern: '^OMV_[0-9]{10}$' },
    applicantEnterpriseNumber: { type: 'string', pattern: '^[01][0-9]{9}$' },
    municipalityNis: { type: 'string', pattern: '^[1-9][0-9]{4}$' },
    quarter: { type: 'string', pattern: '^20[0-9]{2}-Q[1-4]$', maxLength: 7 },
    network: { anyOf: ['GO', 'OVSG'].map((value) => ({ const: value, type: 'string' })) },
    description: { type: 'string', maxLength: 500 },
  },
};
const Permit = { allOf: [PermitIn, { type: 'object', properties: { id: { type: 'integer', readOnly: true } } }] };

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  return {
    openapi: '3.0.3',
    info: { title: 'permits', version: '1' },
    paths: {
      '/permits': {
        get: {
          responses: {
            200: {
              description: 'a page',
              content: json({ type: 'object', properties: { items: { type: 'array', items: Permit } } }),
            },
          },
        },
        post: {
          requestBody: { required: true, content: json(PermitIn) },
          responses: { 201: { description: 'created', content: json(Permit) }, 422: { description: 'invalid' } },
        },
      },
      '/permits/{id}': {
        parameters: [id],
        get: { responses: { 200: { description: 'one', content: json(Permit) } } },
        delete: { responses: { 204: { description: 'gone' } } },
      },
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * FastAPI's shape: a body validated against its schema, refused with 422 `{detail: [{loc, msg}]}`; `known` names
 * the only applicant the API takes (a reference to a record the document cannot tell), when given.
 */
async function startPermits(known?: string) {
  const validate = new Ajv({ strict: false, allErrors: true }).compile(PermitIn);
  const rows = new Map<number, Record<string, unknown>>([[1, { id: 1, reference: 'OMV_0000000001' }]]);
  let next = 100;
  const server = await startFixture(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const item = /^\/permits\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/permits' && req.method === 'GET') return sendJson(res, 200, { items: [...rows.values()] });
    if (url.pathname === '/permits' && req.method === 'POST') {
      const body = (await readJson(req)) as Record<string, unknown>;
      const detail = validate(body)
        ? []
        : (validate.errors ?? []).map((e) => ({
            loc: ['body', ...e.instancePath.split('/').filter(Boolean)],
            msg: e.message,
          }));
      if (known !== undefined && body?.['applicantEnterpriseNumber'] !== known)
        detail.push({ loc: ['body', 'applicantEnterpriseNumber'], msg: 'no such enterprise' });
      if (detail.length > 0) return sendJson(res, 422, { detail });
      const row = { ...body, id: next++ };
      rows.set(row.id, row);
      return sendJson(res, 201, row, { location: `${server.url}/permits/${row.id}` });
    }
    const row = item ? rows.get(Number(item[1])) : undefined;
    if (!row) return sendJson(res, 404, { detail: 'Not Found' });
    if (req.method === 'GET') return sendJson(res, 200, row);
    if (req.method === 'DELETE') {
      rows.delete(row['id'] as number);
      return void res.writeHead(204).end();
    }
    return sendJson(res, 405, { detail: 'Method Not Allowed' });
  });
  return Object.assign(server, { ids: () => [...rows.keys()] });
}

describe('a create body made from the schema', () => {
  it('fits an API that validates it as declared: the create is judged, and removed', async () => {
    const server = await startPermits();
    try {
      const contract = document();
      const report = await runChecks([createdCheck], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
        'pass create.created-201 /permits',
      ]);
      expect(server.ids()).toEqual([1]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('refused for what only the API knows: skipped naming the members the API named', async () => {
    const server = await startPermits('0200068636');
    try {
      const contract = document();
      const report = await runChecks([createdCheck], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      expect(report.results.map((r) => `${r.status} ${r.id}`)).toEqual(['skip create.created-201']);
      expect(report.results[0]?.message).toBe(
        "POST /permits answered 422 to the run's body (made from the request schema): it names body.applicantEnterpriseNumber; give an example of the whole body in the document or a profile's create.body",
      );
      // The report keeps the request refused and its answer.
      expect(report.results[0]?.evidence.map((e) => `${e.request.method} ${e.response?.status ?? ''}`)).toEqual([
        'POST 422',
      ]);
      expect(report.results[0]?.evidence[0]?.request.body).toContain('"applicantEnterpriseNumber"');
      expect(server.ids()).toEqual([1]);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('a date member declared only by a loose pattern (routing-controllers, class-validator-jsonschema)', () => {
  // @IsDateString() is documented as this pattern alone, without a format; the API takes real ISO 8601 dates only.
  const LOOSE = '\\d{4}-[01]\\d-[0-3]\\dT[0-2]\\d:[0-5]\\d:[0-5]\\d.\\d+Z?';
  const StationInput = {
    type: 'object',
    required: ['operator', 'openSince'],
    properties: { operator: { type: 'string', maxLength: 60 }, openSince: { type: 'string', pattern: LOOSE } },
  };
  const Station = { allOf: [StationInput, { type: 'object', properties: { id: { type: 'integer' } } }] };
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const contract = {
    openapi: '3.0.3',
    info: { title: 'stations', version: '1' },
    paths: {
      '/stations': {
        get: {
          responses: {
            200: {
              description: 'a page',
              content: json({ type: 'object', properties: { items: { type: 'array', items: Station } } }),
            },
          },
        },
        post: {
          requestBody: { content: json(StationInput) },
          responses: { 201: { description: 'created', content: json(Station) } },
        },
      },
      '/stations/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { 200: { description: 'one', content: json(Station) } } },
        delete: { responses: { 204: { description: 'gone' } } },
      },
    },
  };
  /** class-validator's isISO8601 with strict dates: a real day and time, whatever the pattern lets through. */
  const isDateString = (value: unknown): boolean =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value) &&
    !Number.isNaN(Date.parse(value)) &&
    new Date(Date.parse(`${value.slice(0, 10)}T00:00:00Z`)).toISOString().startsWith(value.slice(0, 10));

  it('gets a real date, so the create is judged, and removed', async () => {
    const rows = new Map<number, Record<string, unknown>>([[1, { id: 1, operator: 'Engie', openSince: '2021-02-15' }]]);
    let next = 100;
    const refused: unknown[] = [];
    const server = await startFixture(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const item = /^\/stations\/(\d+)$/.exec(url.pathname);
      if (url.pathname === '/stations' && req.method === 'GET')
        return sendJson(res, 200, { items: [...rows.values()] });
      if (url.pathname === '/stations' && req.method === 'POST') {
        const body = (await readJson(req)) as Record<string, unknown>;
        if (!isDateString(body?.['openSince'])) {
          refused.push(body?.['openSince']);
          return sendJson(res, 400, { message: 'openSince must be a valid ISO 8601 date string' });
        }
        const row = { ...body, id: next++ };
        rows.set(row.id, row);
        return sendJson(res, 201, row, { location: `${server.url}/stations/${row.id}` });
      }
      const row = item ? rows.get(Number(item[1])) : undefined;
      if (!row) return sendJson(res, 404, { message: 'Not Found' });
      if (req.method === 'GET') return sendJson(res, 200, row);
      if (req.method === 'DELETE') {
        rows.delete(row['id'] as number);
        return void res.writeHead(204).end();
      }
      return sendJson(res, 405, { message: 'Method Not Allowed' });
    });
    try {
      const report = await runChecks([createdCheck], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      expect(refused).toEqual([]);
      expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
        'pass create.created-201 /stations',
      ]);
      expect([...rows.keys()]).toEqual([1]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
