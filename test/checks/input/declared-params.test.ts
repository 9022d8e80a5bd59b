import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import check, { MAX_PROBED_PARAMETERS } from '../../../src/checks/input/declared-params.js';
import { breakingValue } from '../../../src/checks/input/support/param-values.js';
import { fixture, reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';

const EVENT = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const STATUS = { name: 'status', in: 'query', schema: { type: 'string', enum: ['open', 'closed'] } };
/** An events API: a date, an enum shared by two operations, a bounded integer and a uuid in the path. */
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'events', version: '1.0.0' },
  paths: {
    '/events': {
      get: {
        parameters: [
          { name: 'since', in: 'query', schema: { type: 'string', format: 'date' } },
          STATUS,
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
          { name: 'Acme-Region', in: 'header', schema: { type: 'string', enum: ['be', 'lu'] } },
          // An unsupported language gets the default one (i18n.unsupported-language-default): never probed.
          { name: 'Accept-Language', in: 'header', schema: { type: 'string', enum: ['nl', 'fr'] } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/events/{eventId}': {
      get: {
        parameters: [
          { name: 'eventId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' }, example: EVENT },
          STATUS,
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Faults = Partial<Record<'since' | 'status' | 'limit' | 'eventId' | 'Acme-Region', 'accept' | 'bare400'>>;

/** The events API; each parameter in `faults` is taken whatever its value, or refused without issues. */
function eventsApi(faults: Faults = {}) {
  return fixture((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/doc/openapi.json') return sendJson(res, 200, DOCUMENT);
    const item = /^\/events\/([^/]+)$/.exec(url.pathname);
    if (url.pathname !== '/events' && !item)
      return sendJson(res, 404, { type: 'urn:problem-type:belgif:resourceNotFound', status: 404 });
    const q = url.searchParams;
    const bad: Array<[keyof Faults, string, string]> = [];
    if (q.has('since') && !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(q.get('since') ?? ''))
      bad.push(['since', 'query', q.get('since') ?? '']);
    if (q.has('status') && !['open', 'closed'].includes(q.get('status') ?? ''))
      bad.push(['status', 'query', q.get('status') ?? '']);
    const limit = Number(q.get('limit'));
    if (q.has('limit') && !(Number.isInteger(limit) && limit >= 1 && limit <= 50))
      bad.push(['limit', 'query', q.get('limit') ?? '']);
    const region = req.headers['acme-region'];
    if (region !== undefined && !['be', 'lu'].includes(String(region)))
      bad.push(['Acme-Region', 'header', String(region)]);
    const language = req.headers['accept-language'];
    if (language !== undefined && !['nl', 'fr'].includes(String(language))) throw new Error('Accept-Language probed');
    const id = decodeURIComponent(item?.[1] ?? '');
    if (item && !UUID.test(id)) bad.push(['eventId', 'path', id]);
    const refused = bad.filter(([name]) => faults[name] !== 'accept');
    if (refused.length > 0) {
      const issues = refused
        .filter(([name]) => faults[name] !== 'bare400')
        .map(([name, where, value]) => ({
          type: 'urn:problem-type:belgif:input-validation:schemaViolation',
          title: "Input isn't valid with respect to schema",
          in: where,
          name,
          value,
        }));
      return sendJson(
        res,
        400,
        {
          type: 'urn:problem-type:belgif:badRequest',
          title: 'Bad Request',
          status: 400,
          ...(issues.length > 0 ? { issues } : {}),
        },
        { 'content-type': 'application/problem+json' },
      );
    }
    return sendJson(res, 200, item ? { eventId: id } : { items: [] });
  });
}

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    { name: 'an API that validates a date, an enum, a range and a uuid', server: eventsApi() },
  ],
  invalid: [
    { name: 'a bad enum value taken', server: eventsApi({ status: 'accept' }), findings: ['accepted'] },
    { name: 'an out-of-range integer taken', server: eventsApi({ limit: 'accept' }), findings: ['accepted'] },
    { name: 'a malformed date taken', server: eventsApi({ since: 'accept' }), findings: ['accepted'] },
    { name: 'a malformed uuid in the path taken', server: eventsApi({ eventId: 'accept' }), findings: ['accepted'] },
    {
      name: 'a header value out of its enum taken',
      server: eventsApi({ 'Acme-Region': 'accept' }),
      findings: ['accepted'],
    },
    {
      name: 'a 400 whose issues do not name the parameter',
      server: eventsApi({ limit: 'bare400' }),
      findings: ['noIssue'],
    },
    {
      name: 'the reference server answering 500 to a bad boolean',
      server: reference({
        mutate: (req, res) => {
          if (!req.path.includes('bankrupt=restguide')) return;
          res.status = 500;
          res.json = { type: 'urn:problem-type:belgif:internalServerError', status: 500 };
          res.text = JSON.stringify(res.json);
        },
      }),
      findings: ['not400'],
    },
  ],
});

describe('input.declared-params', () => {
  it('one finding per parameter taken, folded across the operations that declare it', async () => {
    const report = await runOne(check, eventsApi({ status: 'accept', limit: 'accept', since: 'accept' }));
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => /query parameter (\w+)/.exec(r.message)?.[1]).sort()).toEqual([
      'limit',
      'since',
      'status',
    ]);
    const status = failed.find((r) => r.message.includes('parameter status'));
    expect(status?.count).toBe(2);
    expect([...(status?.urls ?? [])].sort()).toEqual([
      expect.stringContaining(`/events/${EVENT}?status=restguideNotInEnum`),
      expect.stringContaining('/events?status=restguideNotInEnum'),
    ]);
  });

  it('breaks each kind of constraint with a value of the right shape otherwise', () => {
    const value = (schema: Record<string, unknown>) => breakingValue({}, { schema })?.value;
    expect(value({ type: 'integer', minimum: 1, maximum: 50 })).toBe('51');
    expect(value({ type: 'integer', minimum: 1 })).toBe('0');
    expect(value({ type: 'integer' })).toBe('restguide');
    expect(value({ type: 'string', format: 'date' })).toBe('2024-13-45');
    expect(value({ type: 'string', format: 'date-time' })).toBe('2024-13-45T25:61:00Z');
    expect(value({ type: 'string', pattern: '^[A-Z]{3}$' })).toBe('restguide!');
    expect(value({ type: 'string', pattern: '^.*$' })).toBe(undefined);
    expect(value({ type: 'string', maxLength: 3 })).toBe('xxxx');
    expect(value({ type: 'array', items: { type: 'string', enum: ['a'] } })).toBe('restguideNotInEnum');
    expect(value({ type: 'string' })).toBe(undefined);
  });

  it(`probes at most ${MAX_PROBED_PARAMETERS} parameters`, async () => {
    const many = Object.fromEntries(
      Array.from({ length: 70 }, (_unused, index) => [
        `/things${index}`,
        { get: { parameters: [STATUS], responses: { '200': { description: 'ok' } } } },
      ]),
    );
    const server = fixture((req, res, self) => {
      if (req.url === '/doc/openapi.json') return sendJson(res, 200, { ...DOCUMENT, paths: many });
      void self;
      return sendJson(res, 200, { items: [] });
    });
    const report = await runOne(check, server);
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.count).toBe(MAX_PROBED_PARAMETERS);
    expect(failed[0]?.message).toMatch(/\(10 more not probed, beyond the run's 60: GET \/things60 query status, /);
  });
});
