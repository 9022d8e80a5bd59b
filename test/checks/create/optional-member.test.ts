// A create body made from the request schema starts from its required members: an API that fails (500) on one
// optional member (an app geocoding `address`) gets one finding naming it, and the write checks go on without it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import createdCheck from '../../../src/checks/create/created-201.js';
import locationCheck from '../../../src/checks/create/location-absolute.js';
import deleteCheck from '../../../src/checks/delete/then-404.js';
import unknownPropertyCheck from '../../../src/checks/input/unknown-body-property.js';
import wrongTypeCheck from '../../../src/checks/input/wrong-type.js';
import overwriteCheck from '../../../src/checks/patch/overwrite.js';
import { deriveProfile, loadOpenApi } from '../../../src/core/profile/openapi-profile.js';
import type { Profile } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { startReferenceServer } from '../../../src/reference-server/index.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const CHECKED = [createdCheck, locationCheck, deleteCheck, unknownPropertyCheck, wrongTypeCheck, overwriteCheck];
const RUN = { allowWrites: true, timeoutMs: 5000, deadlineMs: 60_000 } as const;

/** Events: `title` required; `address`, `notes` and `seats` optional. No example, so the body is made from it. */
function eventsDocument(): Record<string, unknown> {
  const event = { $ref: '#/components/schemas/Event' };
  const json = { 'application/json': { schema: event } };
  return {
    openapi: '3.0.3',
    info: { title: 'events', version: '1' },
    paths: {
      '/events': {
        get: {
          responses: {
            200: {
              description: 'all',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { items: { type: 'array', items: event } } },
                },
              },
            },
          },
        },
        post: { requestBody: { content: json }, responses: { 201: { description: 'created', content: json } } },
      },
      '/events/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { 200: { description: 'one', content: json }, 404: { description: 'missing' } } },
        patch: { requestBody: { content: json }, responses: { 200: { description: 'patched', content: json } } },
        delete: { responses: { 204: { description: 'deleted' } } },
      },
    },
    components: {
      schemas: {
        Event: {
          type: 'object',
          additionalProperties: false,
          required: ['title'],
          properties: {
            id: { type: 'integer', readOnly: true },
            title: { type: 'string' },
            address: { type: 'string' },
            notes: { type: 'string' },
            seats: { type: 'integer' },
          },
        },
      },
    },
  };
}

type Event = Record<string, unknown> & { id: number };

/** The events API: a body with `address` answers 500 (its geocoder fails on made-up text); the rest is strict. */
async function startEvents() {
  const store = new Map<number, Event>([1, 2, 3].map((id) => [id, { id, title: `Event ${id}` }]));
  let next = 100;
  /** The members of each valid POST body, in order. */
  const posts: string[] = [];
  const problem = (res: ServerResponse, status: number, detail: string) =>
    sendJson(
      res,
      status,
      { type: 'about:blank', title: detail, status },
      { 'content-type': 'application/problem+json' },
    );
  const TYPES = 'urn:problem-type:belgif:input-validation:';
  /** The input-validation issues of a body: members the schema does not know, values of the wrong type. */
  const issuesOf = (body: unknown): Array<Record<string, string>> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return [{ type: `${TYPES}schemaViolation`, in: 'body' }];
    return Object.entries(body).flatMap(([name, value]) =>
      !['title', 'address', 'notes', 'seats'].includes(name)
        ? [{ type: `${TYPES}unknownInput`, in: 'body', name }]
        : (name === 'seats' ? Number.isInteger(value) : typeof value === 'string')
          ? []
          : [{ type: `${TYPES}schemaViolation`, in: 'body', name }],
    );
  };
  const invalid = (res: ServerResponse, issues: Array<Record<string, string>>) =>
    sendJson(
      res,
      400,
      { type: 'urn:problem-type:belgif:badRequest', title: 'Bad Request', status: 400, issues },
      { 'content-type': 'application/problem+json' },
    );
  const read = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return undefined;
    }
  };
  const server = await startFixture(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const match = /^\/events(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return problem(res, 404, 'not found');
    const id = match[1] === undefined ? undefined : Number(match[1]);
    const base = `http://${req.headers.host}`;
    const shown = (event: Event) => ({ ...event, self: `${base}/events/${event.id}` });
    if (id === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, { items: [...store.values()].map(shown) });
      if (req.method !== 'POST') return problem(res, 405, 'method not allowed');
      if (!/json/.test(req.headers['content-type'] ?? '')) return problem(res, 415, 'unsupported media type');
      const body = (await read(req)) as Record<string, unknown>;
      const issues = issuesOf(body);
      if (issues.length > 0) return invalid(res, issues);
      if (typeof body['title'] !== 'string') return invalid(res, [{ type: `${TYPES}schemaViolation`, in: 'body' }]);
      posts.push(Object.keys(body).sort().join(' '));
      if ('address' in body) return problem(res, 500, 'geocoder: no such address');
      const made = { ...body, id: next++ } as Event;
      store.set(made.id, made);
      return sendJson(res, 201, shown(made), { location: `${base}/events/${made.id}` });
    }
    const event = store.get(id);
    if (!event) return problem(res, 404, 'not found');
    if (req.method === 'GET') return sendJson(res, 200, shown(event));
    if (req.method === 'DELETE') {
      store.delete(id);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'PATCH') {
      const body = (await read(req)) as Record<string, unknown>;
      const issues = issuesOf(body);
      if (issues.length > 0) return invalid(res, issues);
      if ('address' in body) return problem(res, 500, 'geocoder: no such address');
      store.set(id, { ...event, ...body, id });
      return sendJson(res, 200, shown(store.get(id) as Event));
    }
    return problem(res, 405, 'method not allowed');
  });
  return Object.assign(server, { records: () => [...store.keys()].sort((a, b) => a - b), posts });
}

const failures = (report: CheckReport) =>
  report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId}: ${r.message}`);

describe('create bodies made from the schema start from its required members', () => {
  it('derives the optional members of the body', () => {
    const create = deriveProfile(eventsDocument()).collections?.[0]?.create;
    expect(create).toMatchObject({ body: { title: expect.any(String) }, fromSchema: true });
    expect(create?.optional?.sort()).toEqual(['address', 'notes', 'seats']);
  });

  it('names the optional member the API fails on, once, and the write checks run without it', async () => {
    const server = await startEvents();
    try {
      const report = await runChecks(CHECKED, deriveProfile(eventsDocument()), { baseUrl: server.url, ...RUN });
      expect(failures(report)).toEqual([
        expect.stringMatching(
          /^create\.created-201 failsOnOptional: POST http:\/\/127\.0\.0\.1:\d+\/events answered 500 when the create body held the optional member `address` .* and 201 to the required members alone/,
        ),
      ]);
      // Every write check reached a verdict with the body that worked; none skipped for want of a record.
      expect(report.results.filter((r) => r.status === 'skip' || r.status === 'error').map((r) => r.message)).toEqual(
        [],
      );
      expect(report.results.filter((r) => r.status === 'pass').map((r) => r.id)).toEqual(
        expect.arrayContaining(['create.location-absolute', 'delete.then-404', 'patch.overwrite']),
      );
      // Settled first: the required member alone, the whole body, then halves of the optional members; every
      // later create went without `address`. Every record the run made was removed.
      expect(server.posts.slice(0, 6)).toEqual([
        'title',
        'address notes seats title',
        'address notes title',
        'seats title',
        'address title',
        'notes title',
      ]);
      expect(server.posts.slice(6).length).toBeGreaterThan(2);
      expect(server.posts.slice(6).filter((members) => members.includes('address'))).toEqual([]);
      expect(server.records()).toEqual([1, 2, 3]);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('the reference server, its create body made from the schema, has no such finding', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const doc = (await loadOpenApi(`${server.url}/doc/openapi.json`, process.cwd())) as Record<string, any>;
      // Without its examples the document gives no create body: it is made from the schema.
      delete doc['paths']['/employers']['post']['requestBody']['content']['application/json']['example'];
      delete doc['components']['schemas']['Employer']['example'];
      const profile: Profile = deriveProfile(doc);
      const create = profile.collections?.find((c) => c.path === '/employers')?.create;
      expect(create?.fromSchema).toBe(true);
      expect(create?.optional?.length).toBeGreaterThan(0);
      const report = await runChecks(CHECKED, profile, { baseUrl: server.url, ...RUN });
      expect(report.results.filter((r) => r.messageId === 'failsOnOptional')).toEqual([]);
      expect(report.results.find((r) => r.id === 'create.created-201')?.status).toBe('pass');
    } finally {
      await server.close();
    }
  }, 90_000);
});
