import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, TransportError, WriteRefusedError } from '../../src/core/http/http-client.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';

const servers: FixtureServer[] = [];
const clients: HttpClient[] = [];
const start = async (...args: Parameters<typeof startFixture>) => {
  const s = await startFixture(...args);
  servers.push(s);
  return s;
};
const client = (baseUrl: string, options: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) => {
  const c = new HttpClient({ baseUrl, allowWrites: false, timeoutMs: 2000, concurrency: 4, ...options });
  clients.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('HttpClient', () => {
  it('ends a request that never answers at its timeout with a TransportError', async () => {
    const server = await start(() => {
      /* never answers */
    });
    const started = Date.now();
    const error = await client(server.url, { timeoutMs: 300 })
      .request({ url: '/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads an endless body only up to the cap and marks the exchange truncated', async () => {
    let written = 0;
    let closed = false;
    const server = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!closed && written < 512 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
      };
      res.on('close', () => {
        closed = true;
      });
      pump();
    });
    const exchange = await client(server.url, { bodyCapBytes: 256 * 1024 }).request({ url: '/stream' });
    expect(exchange.response.truncated).toBe(true);
    expect(exchange.response.text.length).toBe(256 * 1024);
    expect(exchange.response.json).toBeUndefined();
    await expect.poll(() => closed, { timeout: 2000 }).toBe(true);
    // Socket buffers hold a few MiB at most: the stream stopped long before the 512 MiB it offered.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('reads a 204 that ends at its headers despite a Content-Length (Polka), as RFC 9112 frames it', async () => {
    const server = await start((_req, res) => {
      res.statusCode = 204;
      res.setHeader('Content-Length', '10');
      res.end();
    });
    const exchange = await client(server.url, { allowWrites: true }).request({
      url: '/bikeParkings/7',
      method: 'DELETE',
    });
    expect([exchange.response.status, exchange.response.text, exchange.response.headers['content-length']]).toEqual([
      204,
      '',
      '10',
    ]);
  });

  it('never follows a redirect by itself', async () => {
    const server = await start((req, res) => {
      if (req.url === '/from') {
        res.writeHead(302, { location: '/to' });
        res.end();
        return;
      }
      sendJson(res, 200, { ok: true });
    });
    const exchange = await client(server.url).request({ url: '/from' });
    expect(exchange.response.status).toBe(302);
    expect(server.requests.map((r) => r.url)).toEqual(['/from']);
  });

  it('sends configured headers, and any request, only to the base origin', async () => {
    const other = await start((_req, res) => sendJson(res, 200, {}));
    const server = await start((_req, res) => sendJson(res, 200, { next: `${other.url}/page2` }));
    const c = client(server.url, { headers: { Authorization: 'Bearer s3cret', 'X-Api-Key': 'k' } });
    await c.request({ url: '/page1' });
    // Another origin gets nothing at all: not the credentials, not the request.
    await expect(c.request({ url: `${other.url}/page2` })).rejects.toMatchObject({ name: 'OutsideApiError' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer s3cret');
    expect(other.requests).toHaveLength(0);
  });

  it('refuses write methods without allowWrites, before anything is sent', async () => {
    const server = await start((_req, res) => sendJson(res, 200, {}));
    const c = client(server.url);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE']) {
      await expect(c.request({ method, url: '/employers', json: {} })).rejects.toBeInstanceOf(WriteRefusedError);
    }
    expect(server.requests).toHaveLength(0);
    await c.request({ method: 'OPTIONS', url: '/employers' });
    expect(server.requests.map((r) => r.method)).toEqual(['OPTIONS']);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const server = await start((_req, res) => {
      setTimeout(() => sendJson(res, 200, {}), 40);
    });
    const c = client(server.url, { concurrency: 3 });
    await Promise.all(Array.from({ length: 15 }, (_, i) => c.request({ url: `/r${i}` })));
    expect(server.requests).toHaveLength(15);
    expect(server.peakInFlight).toBeLessThanOrEqual(3);
    expect(c.peakConcurrency).toBe(3);
    expect(c.requests).toBe(15);
  });

  it('lower-cases header names, or sends them as written with exactHeaderNames', async () => {
    const rawNames: string[][] = [];
    const server = await start((req, res) => {
      rawNames.push(req.rawHeaders.filter((_v, i) => i % 2 === 0));
      sendJson(res, 200, {});
    });
    const c = client(server.url);
    await c.request({ url: '/a', headers: { 'ACCEPT-LANGUAGE': 'fr' } });
    const exact = await c.request({
      url: '/b',
      headers: { 'ACCEPT-LANGUAGE': 'fr', 'User-Agent': 'probe' },
      exactHeaderNames: true,
    });
    expect(rawNames[0]).toContain('accept-language');
    expect(rawNames[0]).not.toContain('ACCEPT-LANGUAGE');
    expect(rawNames[1]).toContain('ACCEPT-LANGUAGE');
    // One spelling per header: the exact name replaces the default, never a duplicate.
    expect(rawNames[1]?.filter((name) => name.toLowerCase() === 'user-agent')).toEqual(['User-Agent']);
    expect(exact.request.headers['ACCEPT-LANGUAGE']).toBe('fr');
  });

  it('spaces request starts by `ratePerSecond`', async () => {
    const arrivals: number[] = [];
    const server = await start((_req, res) => {
      arrivals.push(performance.now());
      sendJson(res, 200, {});
    });
    const c = client(server.url, { concurrency: 4, ratePerSecond: 20 });
    const sent = performance.now();
    await Promise.all(Array.from({ length: 6 }, (_, i) => c.request({ url: `/r${i}` })));
    expect(arrivals).toHaveLength(6);
    // 20 per second: the sixth starts 5 gaps of 50 ms (less clock rounding) after the first, which starts after
    // `sent`; measured from `sent`, a slow first connection under load cannot shorten it (a lower bound only).
    expect(arrivals.at(-1)! - sent).toBeGreaterThanOrEqual(240);
  });

  it('parses JSON lazily and resolves paths against the base path', async () => {
    const server = await start((req, res) => sendJson(res, 200, { path: req.url }), { basePath: '/registry/v1' });
    const exchange = await client(server.url).request({
      url: '/employers',
      query: { pageSize: 2, sort: ['name', '-employerId'] },
    });
    expect(exchange.response.json).toEqual({ path: '/registry/v1/employers?pageSize=2&sort=name&sort=-employerId' });
    expect(exchange.response.headers['content-type']).toBe('application/json');
  });
});
