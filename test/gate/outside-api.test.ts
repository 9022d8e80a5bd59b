// Nothing leaves the API: a link, Location or cleanup outside it is judged (a fail with the link
// as evidence), never requested. The "foreign" server is another loopback origin that counts hits.
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { outsideApi } from '../../src/core/http/api-scope.js';
import { HttpClient } from '../../src/core/http/http-client.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';
import { startProxy, type Mutator } from '../helpers/proxy.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function foreign(): Promise<FixtureServer> {
  const server = await startFixture((_req, res) => sendJson(res, 200, { items: [], total: 0 }));
  closers.push(() => server.close());
  return server;
}

/** The reference server behind a proxy that rewrites its answers; every request the proxy saw is kept. */
async function hostile(mutate: Mutator): Promise<{ url: string; seen: Array<{ method: string; path: string }> }> {
  const server = await startReferenceServer({ port: 0 });
  const basePath = new URL(server.url).pathname;
  const seen: Array<{ method: string; path: string }> = [];
  const proxy = await startProxy(server.origin, basePath, (request, response) => {
    seen.push({ method: request.method, path: request.path });
    mutate(request, response);
  });
  closers.push(async () => {
    await proxy.close();
    await server.close();
  });
  return { url: `${proxy.origin}${basePath}`, seen };
}

const run = (url: string, only: string[], allowWrites = false): Promise<CheckReport> =>
  runChecks(CHECKS, BUILT_IN_PROFILE, {
    baseUrl: url,
    only,
    allowWrites,
    timeoutMs: 5000,
    deadlineMs: 60_000,
    concurrency: 4,
  });

const statuses = (report: CheckReport, id: string) => report.results.filter((r) => r.id === id).map((r) => r.status);

describe('the engine guard', () => {
  it('knows inside from outside: origin for reads, origin and base path for writes (dot segments resolved)', () => {
    const base = 'http://127.0.0.1:9/registry/v1';
    expect(outsideApi(base, 'http://127.0.0.1:9/registry/v1/employers', true)).toBeUndefined();
    expect(outsideApi(base, 'http://127.0.0.1:9/health', false)).toBeUndefined();
    expect(outsideApi(base, 'http://127.0.0.1:9/health', true)).toBe('base URL');
    expect(outsideApi(base, 'http://127.0.0.1:9/registry/v10/x', true)).toBe('base URL');
    expect(outsideApi(base, 'http://127.0.0.1:9/registry/v1/%2e%2e/%2e%2e/x', true)).toBe('base URL');
    expect(outsideApi(base, 'http://example.com/registry/v1/employers', false)).toBe('origin');
    expect(outsideApi(base, 'http://127.0.0.1:10/registry/v1/employers', false)).toBe('origin');
  });

  it('the client refuses before sending, with a distinct error, and counts it', async () => {
    const target = await foreign();
    const other = await foreign();
    const client = new HttpClient({ baseUrl: `${target.url}/api`, allowWrites: true, timeoutMs: 2000, concurrency: 2 });
    closers.push(() => client.close());
    await expect(client.request({ url: `${other.url}/api/x` })).rejects.toMatchObject({
      name: 'OutsideApiError',
      scope: 'origin',
    });
    await expect(client.request({ method: 'DELETE', url: `${target.url}/elsewhere/1` })).rejects.toMatchObject({
      name: 'OutsideApiError',
      scope: 'base URL',
    });
    await expect(client.request({ url: 'http://example.com/api' })).rejects.toMatchObject({ name: 'OutsideApiError' });
    expect(client.refused).toBe(3);
    expect(client.requests).toBe(0);
    expect(other.requests).toEqual([]);
    expect(target.requests).toEqual([]);
  });
});

describe('off-origin paging links fail the paging checks, and nothing is sent there', () => {
  const PAGING = [
    'paging.next-link',
    'paging.full-walk',
    'paging.cursor',
    'paging.page-size-honoured',
    'paging.links-consistent',
  ];

  it.each([
    ['another loopback origin', true],
    ['http://example.com (as Prism mocks it)', false],
  ])(
    'next → %s',
    async (_name, loopback) => {
      const elsewhere = await foreign();
      const origin = loopback ? elsewhere.origin : 'http://example.com';
      const { url } = await hostile((request, response) => {
        const body = response.json as Record<string, unknown> | undefined;
        if (request.method === 'GET' && body && typeof body['next'] === 'string')
          body['next'] = `${origin}/registry/v1${request.path}&page=2`;
      });
      const report = await run(url, PAGING);
      for (const id of ['paging.next-link', 'paging.full-walk', 'paging.links-consistent']) {
        expect(statuses(report, id), id).toContain('fail');
        expect(statuses(report, id), id).not.toContain('error');
      }
      const outside = report.results.filter((r) => r.messageId === 'outsideApi');
      expect(outside.length).toBeGreaterThan(0);
      for (const result of outside) {
        expect(result.message).toContain(origin);
        // The evidence is the API page that named the link (its body excerpt may be capped before the link).
        expect(result.evidence.length).toBeGreaterThan(0);
        expect(result.evidence.every((e) => e.request.url.startsWith(url) && e.response?.status === 200)).toBe(true);
      }
      expect(report.results.filter((r) => r.status === 'error')).toEqual([]);
      expect(elsewhere.requests).toEqual([]);
    },
    60_000,
  );

  it('the conforming server passes the same checks', async () => {
    const { url } = await hostile(() => {});
    const report = await run(url, PAGING);
    expect(report.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    expect(report.results.some((r) => r.status === 'pass')).toBe(true);
  }, 60_000);
});

describe('a write answered with a Location outside the API', () => {
  const WRITES = [
    'http.unsupported-media-type-415',
    'create.created-201',
    'create.location-absolute',
    'input.unknown-body-property',
  ];

  it.each([
    ['another origin', true],
    ['the same origin, another base path', false],
  ])(
    '%s: a finding, and no cleanup is sent there',
    async (_name, otherOrigin) => {
      const elsewhere = await foreign();
      const { url, seen } = await hostile((request, response) => {
        if (request.method !== 'POST') return;
        response.status = 201;
        response.headers['location'] = otherOrigin
          ? `${elsewhere.origin}/registry/v1/employers/1`
          : '/admin/employers/1';
      });
      const report = await run(url, WRITES, true);
      // One finding per cause: create.location-absolute judges the Location; created-201 points there.
      expect(statuses(report, 'create.location-absolute')).toContain('fail');
      // 415 sends its text/plain PATCH to the record it created, reached by its key: the reference refuses it.
      expect(statuses(report, 'http.unsupported-media-type-415')).toEqual(['pass']);
      expect(report.results.find((r) => r.id === 'create.created-201')?.message).toContain(
        'see create.location-absolute',
      );
      // What was created is removed through the item path and the key it was created with, inside the API.
      expect(seen.filter((r) => r.method === 'DELETE' && r.path.startsWith('/employers/')).length).toBeGreaterThan(0);
      expect(report.results.filter((r) => r.status === 'error').map((r) => r.message)).toEqual([]);
      expect(elsewhere.requests).toEqual([]);
      expect(seen.filter((r) => r.method === 'DELETE' && r.path.startsWith('/admin'))).toEqual([]);
      expect(seen.filter((r) => !r.path.startsWith('/'))).toEqual([]);
    },
    60_000,
  );
});
