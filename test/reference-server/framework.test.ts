import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference-server/index.js';
import { compiledApi } from '../../src/reference-server/compiled-api.js';
import { handleRequest } from '../../src/reference-server/pipeline.js';
import { Router } from '../../src/reference-server/router.js';
import { Store } from '../../src/reference-server/store/store.js';
import { API, BELGIF, expectProblem, freshServer } from './helpers/api.js';

let server: ReferenceServer;
let call: Awaited<ReturnType<typeof freshServer>>['call'];
beforeAll(async () => ({ server, call } = await freshServer()));
afterAll(() => server.close());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('routing', () => {
  it('404 problem for unknown URIs, outside the base path, and with a trailing slash', async () => {
    expectProblem(await call('GET', '/unknown'), 404, `${BELGIF}resourceNotFound`);
    expectProblem(await call('GET', '/employers/'), 404, `${BELGIF}resourceNotFound`);
    const outside = await fetch(`${server.origin}/elsewhere`);
    expect(outside.status).toBe(404);
    expect(outside.headers.get('content-type')).toBe('application/problem+json');
  });
  it('405 with Allow for a wrong method', async () => {
    const res = await call('PUT', '/employers', { body: {} });
    expectProblem(res, 405, `${API}methodNotAllowed`);
    expect(res.headers.get('allow')).toBe('GET, POST, DELETE, HEAD, OPTIONS');
  });
  it('OPTIONS answers 200 with Allow; HEAD answers like GET without a body', async () => {
    const options = await call('OPTIONS', '/employers/93');
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    const head = await call('HEAD', '/employers/93');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBeTruthy();
    expect((await call('HEAD', '/employers/42')).status).toBe(404);
  });
  it('406 when Accept excludes JSON; JSON-compatible Accept values pass', async () => {
    expectProblem(
      await call('GET', '/employers/93', { headers: { Accept: 'application/xml' } }),
      406,
      `${API}notAcceptable`,
    );
    expectProblem(
      await call('GET', '/employers/93', { headers: { Accept: 'application/json;q=0, text/html' } }),
      406,
      `${API}notAcceptable`,
    );
    for (const accept of [
      '*/*',
      'application/*',
      'application/json;charset=utf-8',
      'text/html, application/json;q=0.1',
    ]) {
      expect((await call('GET', '/employers/93', { headers: { Accept: accept } })).status).toBe(200);
    }
  });
  it('ignores unknown request headers', async () => {
    expect((await call('GET', '/employers/93', { headers: { 'X-Whatever': 'x' } })).status).toBe(200);
  });
});

describe('body limits', () => {
  it('413 also for a chunked body without Content-Length, and the server keeps serving', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${server.url}/employers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { limit: number }).limit).toBe(65536);
    expect((await call('GET', '/health')).status).toBe(200);
  });
});

describe('tracing and sanitization', () => {
  it('a fresh BelGov-Trace-Id on every response; the request one is echoed as related', async () => {
    const sent = '11111111-2222-4333-8444-555555555555';
    const a = await call('GET', '/health', { headers: { 'BelGov-Trace-Id': sent } });
    const b = await call('GET', '/health');
    expect(a.headers.get('belgov-trace-id')).toMatch(UUID);
    expect(a.headers.get('belgov-trace-id')).not.toBe(sent);
    expect(a.headers.get('belgov-related-trace-id')).toBe(sent);
    expect(b.headers.get('belgov-related-trace-id')).toBeNull();
    expect(a.headers.get('belgov-trace-id')).not.toBe(b.headers.get('belgov-trace-id'));
  });
  it('no Server or X-Powered-By header', async () => {
    const res = await call('GET', '/employers/abc');
    expect(res.headers.get('server')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
  it('an unexpected exception is a 500 internalServerError without internals', async () => {
    const router = new Router([
      {
        path: '/boom',
        methods: {
          GET: () => {
            throw new Error('secret at /srv/app.js:12');
          },
        },
      },
    ]);
    const operations = new Map(compiledApi().operations);
    operations.set('GET /boom', { path: [], query: [] });
    const raw = createServer(
      (req, res) =>
        void handleRequest(req, res, {
          basePath: '/api',
          router,
          operations,
          store: new Store(),
          taskDelayMs: 0,
          publicBase: () => 'http://127.0.0.1/api',
        }),
    );
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/api/boom`);
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(JSON.parse(text)).toMatchObject({ type: `${BELGIF}internalServerError`, status: 500 });
      expect(text).not.toMatch(/secret|srv|app\.js|Error:/);
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });
});

describe('language negotiation of problem details', () => {
  it.each([
    ['nl-BE', 'nl', 'Geen resource'],
    ['fr-BE,fr;q=0.9', 'fr', 'Aucune ressource'],
    ['de', 'de', 'Keine Ressource'],
    ['es, fr;q=0.5, nl;q=0.8', 'nl', 'Geen resource'],
    ['ja', 'en', 'No resource'],
    ['', 'en', 'No resource'],
  ])('Accept-Language %s → %s', async (header, lang, start) => {
    const res = await call('GET', '/employers/42', { headers: header ? { 'Accept-Language': header } : {} });
    const problem = expectProblem(res, 404, `${BELGIF}resourceNotFound`);
    expect(problem.detail.startsWith(start)).toBe(true);
    expect(problem.title).toBe('Resource Not Found');
    expect(res.headers.get('content-language')).toBe(lang);
    expect(res.headers.get('vary')).toContain('Accept-Language');
  });
});

describe('Host header', () => {
  it('never builds links from Host: any Host, valid or not, gives links on the listening address', async () => {
    const url = new URL(server.url);
    const links = async (host: string) =>
      new Promise<string>((resolve, reject) => {
        import('node:http').then(({ request }) => {
          const req = request(
            { host: url.hostname, port: url.port, path: `${url.pathname}/employers/93`, headers: { Host: host } },
            (res) => {
              let body = '';
              res.on('data', (c) => {
                body += c;
              });
              res.on('end', () => resolve(JSON.parse(body).self));
            },
          );
          req.on('error', reject);
          req.end();
        });
      });
    expect(await links('api.example.test:8443')).toBe(`${server.url}/employers/93`);
    expect(await links('evil/<script>')).toBe(`${server.url}/employers/93`);
  });
});

describe('health and documentation', () => {
  it('GET /health → UP', async () => {
    expect((await call('GET', '/health')).body).toEqual({ status: 'UP' });
  });
  it('serves the document as YAML and JSON', async () => {
    const yaml = await call('GET', '/doc/openapi.yaml');
    expect(yaml.headers.get('content-type')).toBe('application/yaml');
    expect(yaml.text).toContain('openapi: 3.0.3');
    const json = await call('GET', '/doc/openapi.json');
    expect(json.body.servers).toEqual([{ url: '/registry/v1' }]);
  });
});
