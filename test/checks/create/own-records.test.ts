// A cleanup deletes only what the run proved it made; where the run could not clean up, it creates nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import createdTo201 from '../../../src/checks/create/created-201.js';
import then404 from '../../../src/checks/delete/then-404.js';
import { CHECKS } from '../../../src/checks/index.js';
import { holdsOnlyAssigned, showsSent } from '../../../src/checks/support/own-records.js';
import { main } from '../../../src/cli/main.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { BUILT_IN_PROFILE, checkProfile, type Profile } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { AnyCheck } from '../../../src/core/engine/define-check.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { CHECK_FORMATS, renderCheckReport } from '../../../src/reporters/index.js';
import { startReferenceServer } from '../../../src/reference-server/index.js';
import { buildOpenApiDocument } from '../../../src/reference-server/openapi/document.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';
import { captureIo } from '../../helpers/io.js';
import { laxStoreOpenApi, serverKeysProfile, startLaxStore, type LaxStoreOptions } from '../../helpers/lax-store.js';
import { startProxy, type ProxiedRequest } from '../../helpers/proxy.js';

const WRITE_CHECKS = CHECKS.filter(
  (check) =>
    check.meta.writes &&
    ['create', 'delete', 'patch', 'put', 'input', 'http'].includes(check.meta.id.split('.')[0] ?? ''),
);

/** The reference server behind a proxy that logs every request and may rewrite them and their answers. */
async function proxiedReference(
  options: {
    mutate?: (
      request: ProxiedRequest,
      response: { status: number; headers: Record<string, string>; json: unknown },
    ) => void;
    rewrite?: (request: ProxiedRequest) => { path?: string } | undefined;
  } = {},
) {
  const server = await startReferenceServer({ port: 0 });
  const basePath = new URL(server.url).pathname;
  const log: Array<{ method: string; path: string }> = [];
  const proxy = await startProxy(
    server.origin,
    basePath,
    (request, response) => {
      log.push({ method: request.method, path: request.path });
      options.mutate?.(request, response);
    },
    options.rewrite,
  );
  return {
    url: `${proxy.origin}${basePath}`,
    log,
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}

/** The id of an employer that exists before the run: the first one the collection lists. */
async function existingEmployer(url: string): Promise<string> {
  const page = (await (await fetch(`${url}/employers?pageSize=5`)).json()) as { items: Array<{ href: string }> };
  return (page.items[0]?.href ?? '').split('/').pop() ?? '';
}

describe('a create answered with a record that existed before', () => {
  it('is never deleted nor changed: left, "could not prove it was ours", exit 1 in every format', async () => {
    let existing = '';
    // A mock that answers every create with the key of a record it already had (the sample every read check uses).
    const api = await proxiedReference({
      mutate: (request, response) => {
        if (request.method !== 'POST' || request.path.split('?')[0] !== '/employers' || response.status !== 201) return;
        response.headers['location'] = (response.headers['location'] ?? '').replace(/\/\d+$/, `/${existing}`);
        if (response.json && typeof response.json === 'object')
          (response.json as Record<string, unknown>)['employerId'] = Number(existing);
      },
    });
    try {
      existing = await existingEmployer(api.url);
      expect(existing).toMatch(/^\d+$/);
      const io = captureIo();
      const code = await main(
        [
          'check',
          api.url,
          '--allow-writes',
          '--only',
          'create,delete,patch,put',
          '--format',
          'json',
          '--timeout',
          '5000',
        ],
        io,
      );
      const report = JSON.parse(io.out) as CheckReport;
      const touched = api.log.filter(
        (r) => r.method !== 'GET' && r.method !== 'HEAD' && r.path.split('?')[0] === `/employers/${existing}`,
      );
      expect(touched).toEqual([]);
      const left = (report.cleanups ?? []).filter((c) => c.outcome === 'left');
      expect(left.length).toBeGreaterThan(0);
      for (const record of left) {
        expect(record.reason).toMatch(
          /^left: could not prove it was ours \(.*(was named by the answer to GET|is a sample document)/,
        );
        expect(record.url).toMatch(new RegExp(`/employers/${existing}$`));
      }
      expect(code).toBe(1);
      expect(io.err).toMatch(
        /may be left in the API: DELETE http:\S+\/employers\/\d+ \(left: could not prove it was ours/,
      );
      // The checks that would change the document skip, saying why.
      const overwrite = report.results.find((r) => r.id === 'patch.overwrite');
      expect(overwrite?.status).toBe('skip');
      expect(overwrite?.message).toMatch(/could not prove the document is its own/);
      for (const format of CHECK_FORMATS)
        expect(renderCheckReport(format, report, { color: false }), format).toMatch(/could not prove it was ours/);
    } finally {
      await api.close();
    }
  });
});

/** A small API of things: the record with id 1 exists before the run; a POST answers as `create` says. */
function thingsApi(create: 'new' | 'existing, echoing the body' | 'new, showing another body') {
  const things = new Map<string, Record<string, unknown>>([['1', { id: 1, name: 'one' }]]);
  let next = 100;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const id = /^\/things\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === 'GET' && url.pathname === '/things') {
      return sendJson(res, 200, {
        items: [...things.values()].map((t) => ({
          ...t,
          href: `http://${req.headers.host}/things/${String(t['id'])}`,
        })),
      });
    }
    if (req.method === 'GET' && id) {
      if (create === 'new, showing another body' && id === '777')
        return sendJson(res, 200, { id: 777, name: 'somebody else' });
      const thing = things.get(id);
      return thing
        ? sendJson(res, 200, thing)
        : sendJson(res, 404, { status: 404 }, { 'content-type': 'application/problem+json' });
    }
    if (req.method === 'DELETE' && id) {
      things.delete(id);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/things') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const newId = create === 'new' ? String(next++) : create === 'existing, echoing the body' ? '1' : '777';
      if (create !== 'new, showing another body') things.set(newId, { ...body, id: Number(newId) });
      return sendJson(
        res,
        201,
        { ...body, id: Number(newId) },
        { location: `http://${req.headers.host}/things/${newId}` },
      );
    }
    sendJson(res, 404, { status: 404 }, { 'content-type': 'application/problem+json' });
  };
}

const THINGS: Profile = {
  collections: [
    { path: '/things', key: 'id', itemPath: '/things/{id}', create: { body: { name: 'restguide thing' } } },
  ],
  documents: [
    { path: '/things/{id}', sampleIdsFrom: { collection: '/things', property: 'id' }, methods: ['GET', 'DELETE'] },
  ],
};

async function runOn(
  create: Parameters<typeof thingsApi>[0],
  checks: AnyCheck[] = [createdTo201, then404] as AnyCheck[],
) {
  const server = await startFixture(thingsApi(create));
  try {
    const report = await runChecks(checks, THINGS, { baseUrl: server.url, allowWrites: true, timeoutMs: 5000 });
    return { report, requests: server.requests.map((r) => `${r.method} ${r.url}`) };
  } finally {
    await server.close();
  }
}

describe("the proof that a created record is the run's own", () => {
  // delete.then-404 judges the 404's status (its bare problem is problem.media-type's): not what is under test here.
  it('holds for a new record that shows what was sent: it is deleted', async () => {
    const { report, requests } = await runOn('new');
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual(
      expect.arrayContaining(['DELETE /things/100', 'DELETE /things/101']),
    );
    expect(report.cleanups?.every((c) => c.outcome === 'cleaned')).toBe(true);
    expect(report.results.map((r) => `${r.id} ${r.status}`)).toEqual([
      'create.created-201 pass',
      'delete.then-404 pass',
    ]);
  });

  it('fails when an earlier answer named the record, even though it shows what was sent', async () => {
    const { report, requests } = await runOn('existing, echoing the body');
    expect(requests.filter((r) => !r.startsWith('GET'))).toEqual(['POST /things', 'POST /things']);
    expect(report.cleanups?.map((c) => [c.outcome, c.reason?.replace(/\(.*/, '')])).toEqual([
      ['left', 'left: could not prove it was ours '],
      ['left', 'left: could not prove it was ours '],
    ]);
    expect(report.cleanups?.[0]?.reason).toMatch(
      /\/things\/1 was named by the answer to GET http:\S+\/things\?pageSize=5, received before the POST/,
    );
    expect(report.results.find((r) => r.id === 'delete.then-404')?.message).toMatch(
      /^POST \/things answered 201, but the run could not prove the document is its own/,
    );
  });

  it('fails when the record shows something else than what was sent', async () => {
    const { report, requests } = await runOn('new, showing another body');
    expect(requests.filter((r) => !r.startsWith('GET'))).toEqual(['POST /things', 'POST /things']);
    expect(report.cleanups?.[0]?.reason).toMatch(
      /GET http:\S+\/things\/777: it shows `name` = "somebody else", not the "restguide thing" sent/,
    );
    expect(report.summary.cleanups).toEqual({ cleaned: 0, left: 2 });
  });
});

describe('where the run could not clean up', () => {
  it('creates nothing (an item path without DELETE): the write checks skip with the reason, no POST is sent', async () => {
    const api = await proxiedReference();
    try {
      const profile: Profile = {
        ...BUILT_IN_PROFILE,
        documents: (BUILT_IN_PROFILE.documents ?? []).map((d) => ({ ...d, methods: ['GET', 'PUT', 'PATCH'] })),
      };
      const report = await runChecks(WRITE_CHECKS, profile, { baseUrl: api.url, allowWrites: true, timeoutMs: 5000 });
      expect(api.log.filter((r) => r.method === 'POST')).toEqual([]);
      expect(report.results.find((r) => r.id === 'create.created-201')?.message).toMatch(
        /^\/employers\/\{employerId\} has no DELETE in the profile, so what a POST to \/employers creates could not be removed: nothing is created/,
      );
      expect(report.results.filter((r) => r.status === 'error' || r.status === 'fail')).toEqual([]);
    } finally {
      await api.close();
    }
  });

  for (const [name, itemPath] of [
    ['no item path', undefined],
    ['an item path without a parameter', '/employers/'],
  ] as const) {
    it(`creates nothing (${name}): the write checks skip with the reason, no POST is sent`, async () => {
      const api = await proxiedReference();
      try {
        const [employers, ...others] = BUILT_IN_PROFILE.collections ?? [];
        const { itemPath: _dropped, ...rest } = employers as NonNullable<Profile['collections']>[number];
        const profile: Profile = {
          ...BUILT_IN_PROFILE,
          collections: [{ ...rest, ...(itemPath ? { itemPath } : {}) }, ...others],
        };
        const report = await runChecks(WRITE_CHECKS, profile, { baseUrl: api.url, allowWrites: true, timeoutMs: 5000 });
        expect(api.log.filter((r) => r.method === 'POST')).toEqual([]);
        const created = report.results.find((r) => r.id === 'create.created-201');
        expect(created?.status).toBe('skip');
        expect(created?.message).toMatch(/so what a POST creates could not be removed: nothing is created/);
        expect(report.results.filter((r) => r.status === 'error' || r.status === 'fail')).toEqual([]);
      } finally {
        await api.close();
      }
    });
  }
});

/** The reference API's item URLs with a trailing `/`: the proxy strips it on the way in and adds it to each Location. */
const trailingSlashApi = () =>
  proxiedReference({
    rewrite: (request) => {
      const match = /^(\/employers\/[^/?]+)\/(\?.*)?$/.exec(request.path);
      return match ? { path: `${match[1] ?? ''}${match[2] ?? ''}` } : undefined;
    },
    mutate: (request, response) => {
      if (request.method === 'POST' && response.headers['location']) response.headers['location'] += '/';
    },
  });

describe('an item path ending in /', () => {
  it('derived from an OpenAPI document is used: every cleanup done at that path', async () => {
    const document = buildOpenApiDocument() as { paths: Record<string, unknown> };
    document.paths = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => [
        path === '/employers/{employerId}' ? `${path}/` : path,
        item,
      ]),
    );
    const profile = deriveProfile(document);
    expect(profile.collections?.find((c) => c.path === '/employers')?.itemPath).toBe('/employers/{employerId}/');
    const api = await trailingSlashApi();
    try {
      const report = await runChecks(WRITE_CHECKS, profile, { baseUrl: api.url, allowWrites: true, timeoutMs: 5000 });
      expect(report.results.filter((r) => r.status === 'error')).toEqual([]);
      expect(
        api.log.filter((r) => r.method === 'DELETE' && /^\/employers\/\d+\/$/.test(r.path)).length,
      ).toBeGreaterThan(3);
      expect(report.cleanups?.length).toBeGreaterThan(3);
      expect(report.cleanups?.filter((c) => c.outcome !== 'cleaned')).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('is used: what the checks created is deleted at that path, every cleanup done', async () => {
    const api = await trailingSlashApi();
    try {
      const [employers, ...others] = BUILT_IN_PROFILE.collections ?? [];
      const profile: Profile = {
        ...BUILT_IN_PROFILE,
        collections: [
          { ...(employers as NonNullable<Profile['collections']>[number]), itemPath: '/employers/{employerId}/' },
          ...others,
        ],
        documents: (BUILT_IN_PROFILE.documents ?? []).map((d) => ({ ...d, path: '/employers/{employerId}/' })),
      };
      const report = await runChecks(WRITE_CHECKS, profile, { baseUrl: api.url, allowWrites: true, timeoutMs: 5000 });
      expect(report.results.filter((r) => r.status === 'error' || r.status === 'fail')).toEqual([]);
      const deletes = api.log.filter((r) => r.method === 'DELETE' && /^\/employers\/\d+\/$/.test(r.path));
      expect(deletes.length).toBeGreaterThan(5);
      expect(report.cleanups?.length).toBeGreaterThan(5);
      expect(report.cleanups?.filter((c) => c.outcome !== 'cleaned')).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

describe('item paths ending in / in a profile and an OpenAPI document', () => {
  it('are accepted by --profile and derived from the document as item paths', () => {
    expect(() => checkProfile({ documents: [{ path: '/employers/{employerId}/' }] }, 'p.yaml')).not.toThrow();
    const ok = {
      200: {
        description: 'ok',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
              },
            },
          },
        },
      },
    };
    const profile = deriveProfile({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/things/': {
          get: { responses: ok },
          post: {
            requestBody: { content: { 'application/json': { example: { name: 'x' } } } },
            responses: { 201: { description: 'created' } },
          },
        },
        '/things/{id}/': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 200: { description: 'ok' } },
          },
          delete: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { 204: { description: 'gone' } },
          },
        },
      },
    });
    expect(profile.collections?.[0]).toMatchObject({
      path: '/things/',
      key: 'id',
      itemPath: '/things/{id}/',
      create: { body: { name: 'x' } },
    });
    expect(profile.documents?.[0]).toMatchObject({
      path: '/things/{id}/',
      sampleIdsFrom: { collection: '/things/', property: 'id' },
    });
  });
});

describe('what "shows what was sent" allows', () => {
  const sent = {
    name: 'restguide thing',
    since: '2024-01-02',
    employerId: 5000000123,
    company: { enterpriseNumber: '0200068636' },
  };
  it('members added, a number as text, another case, the same date written as an instant', () => {
    expect(
      showsSent(
        {
          name: 'RESTGUIDE THING ',
          since: '2024-01-02T00:00:00Z',
          employerId: '5000000123',
          company: { enterpriseNumber: '0200068636', href: 'x' },
          self: 'y',
        },
        sent,
        [],
      ),
    ).toBeUndefined();
  });
  it('not another value, nor nothing of what was sent', () => {
    expect(showsSent({ ...sent, name: 'somebody else' }, sent, [])).toBe(
      'it shows `name` = "somebody else", not the "restguide thing" sent',
    );
    expect(showsSent({ id: 1 }, sent, [])).toMatch(/^it shows none of the properties sent/);
  });
  it('a fresh value made for the POST decides when shown', () => {
    expect(showsSent({ ...sent, name: 'renamed by the server' }, sent, ['employerId'])).toBeUndefined();
    expect(showsSent({ ...sent, employerId: 93 }, sent, ['employerId'])).toBe(
      'it shows `employerId` = 93, not the 5000000123 made for this POST',
    );
  });
});

/** Every check, writes allowed, against the lax store described by its OpenAPI document. */
async function runOnLaxStore(
  options: LaxStoreOptions,
  itemWrites = true,
  profile = deriveProfile(laxStoreOpenApi(itemWrites)),
) {
  const server = await startLaxStore(options);
  try {
    const before = server.records();
    const report = await runChecks(CHECKS, profile, {
      baseUrl: server.url,
      allowWrites: true,
      timeoutMs: 5000,
    });
    const after = server.records();
    const requests = server.requests.map((r) => `${r.method} ${r.url.split('?')[0] ?? ''}`);
    return { report, before, after, requests, result: (id: string) => report.results.find((r) => r.id === id) };
  } finally {
    await server.close();
  }
}

/** The records of `after` that are not in `before`, and those of `before` changed or gone. */
function storeDiff(before: Map<number, unknown>, after: Map<number, unknown>) {
  return {
    left: [...after.keys()].filter((id) => !before.has(id)),
    changed: [...before.keys()].filter((id) => JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id))),
  };
}

describe('a server that stores a body it cannot read as an empty record (json-server 0.17)', () => {
  for (const itemWrites of [true, false]) {
    it(`keeps nothing the run made and changes nothing else (${itemWrites ? "PUT and PATCH of an item: 415 judged on the run's own record" : 'no item writes: 415 judged by a POST, its empty record proven ours'})`, async () => {
      const run = await runOnLaxStore({}, itemWrites);
      expect(storeDiff(run.before, run.after)).toEqual({ left: [], changed: [] });
      expect(run.report.cleanups?.filter((c) => c.outcome !== 'cleaned')).toEqual([]);
      const verdict = run.result('http.unsupported-media-type-415');
      expect(verdict?.status).toBe('fail');
      expect(verdict?.evidence[0]?.request.method).toBe(itemWrites ? 'PATCH' : 'POST');
      expect(verdict?.evidence[0]?.response?.status).toBe(itemWrites ? 200 : 201);
      // Nothing but the records the run made was written to.
      const seeded = [...run.before.keys()].map((id) => `/employers/${id}`);
      expect(run.requests.filter((r) => !/^(GET|HEAD|OPTIONS) /.test(r) && seeded.some((p) => r.endsWith(p)))).toEqual(
        [],
      );
    });
  }

  it('answering a body it cannot read with a record nobody listed: that record is neither deleted nor changed', async () => {
    const run = await runOnLaxStore({ create: 'existing-when-unread' }, false);
    expect(storeDiff(run.before, run.after)).toEqual({ left: [], changed: [] });
    expect(run.requests.filter((r) => r.endsWith('/employers/5') && !/^(GET|HEAD|OPTIONS) /.test(r))).toEqual([]);
    expect(run.result('http.unsupported-media-type-415')?.status).toBe('fail');
    const left = run.report.cleanups?.filter((c) => c.outcome === 'left') ?? [];
    expect(left.length).toBeGreaterThan(0);
    for (const record of left) {
      expect(record.url).toMatch(/\/employers\/5$/);
      // Its key was never seen: what gives it away is the data it holds, which a body never read cannot have put there.
      expect(record.reason).toMatch(
        /^left: could not prove it was ours \(GET http:\S+\/employers\/5: it shows `name`, `enterpriseNumber`, `city`, not only what the server assigns itself \(`id`\), though the body sent could not be read\)/,
      );
    }
  });
});

/** The lax store's document requiring `id` in a create: a key the run makes and sends (an optional `id` is not). */
function requiringId(): Record<string, unknown> {
  const doc = laxStoreOpenApi();
  const schemas = (doc['components'] as { schemas: Record<string, Record<string, unknown>> }).schemas;
  schemas['Employer'] = { ...schemas['Employer'], required: ['id'] };
  return doc;
}

describe('a mock that does not store what it is sent', () => {
  it('answering every create with an existing record: nothing is deleted or changed, no probe it could not undo is sent', async () => {
    const run = await runOnLaxStore({ create: 'existing' });
    expect(storeDiff(run.before, run.after)).toEqual({ left: [], changed: [] });
    expect(run.requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);
    expect(
      run.report.cleanups?.every((c) => c.outcome === 'left' && /could not prove it was ours/.test(c.reason ?? '')),
    ).toBe(true);
    const probe = run.result('http.unsupported-media-type-415');
    expect(probe?.status).toBe('skip');
    expect(probe?.message).toMatch(
      /^a body the server cannot read is sent only once a record the run created is proven its own: /,
    );
    expect(run.requests.filter((r) => r.startsWith('POST')).length).toBeGreaterThan(0);
  });

  for (const [keys, profile, shows] of [
    ['the key sent', deriveProfile(requiringId()), /it shows `id` = \d+, not the \d+ made for this POST/],
    ['no key sent', serverKeysProfile(), /it shows `(name|city)` = "(random [\d.]+|Nowhere)", not the .* sent/],
  ] as const) {
    it(`answering fresh keys whose GET shows other data (${keys}): nothing is deleted, each record listed as left with the reason`, async () => {
      const run = await runOnLaxStore({ create: 'random' }, true, profile);
      const { left, changed } = storeDiff(run.before, run.after);
      expect(changed).toEqual([]);
      expect(left.length).toBeGreaterThan(0);
      expect(run.requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);
      const listed = run.report.cleanups ?? [];
      expect(listed.map((c) => Number(c.url.split('/').pop())).sort()).toEqual([...left].sort());
      for (const record of listed) {
        expect(record.outcome).toBe('left');
        expect(record.reason).toMatch(/^left: could not prove it was ours \(GET http:\S+\/employers\/\d+: /);
        expect(record.reason).toMatch(shows);
      }
      expect(run.result('http.unsupported-media-type-415')?.status).toBe('skip');
    });
  }
});

describe('what a record made from a body the server could not read may hold', () => {
  const unread = { reference: 'http://x/employers/7', assigned: ['id', 'self'] };
  it('its key, what the server assigns itself, and null members', () => {
    expect(holdsOnlyAssigned({ id: 12, self: 'http://x/employers/12' }, unread)).toBeUndefined();
    expect(holdsOnlyAssigned({ id: 12, name: null }, unread)).toBeUndefined();
  });
  it('nothing else: data is what someone sent', () => {
    expect(holdsOnlyAssigned({ id: 12, name: 'Employer 12', city: '' }, unread)).toBe(
      'it shows `name`, `city`, not only what the server assigns itself (`id`, `self`), though the body sent could not be read',
    );
  });
});
