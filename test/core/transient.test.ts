// A gateway's transient answers are retried, within bounds; the API's own answers never are.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defineCheck } from '../../src/core/engine/define-check.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { HttpClient, TransportError } from '../../src/core/http/http-client.js';
import { backoffMs, Pacer, retryAfterMs } from '../../src/core/http/transient.js';
import { random } from '../helpers/random.js';
import { startFixture, type FixtureServer } from '../helpers/fixture-server.js';

const servers: FixtureServer[] = [];
const clients: HttpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server that answers each request with the next of `answers` (the last one repeats), and counts requests by method. */
async function scripted(answers: Array<{ status: number; headers?: Record<string, string>; reset?: boolean }>) {
  const seen: string[] = [];
  const server = await startFixture((req, res) => {
    const answer = answers[Math.min(seen.length, answers.length - 1)]!;
    seen.push(req.method ?? 'GET');
    if (answer.reset) {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify({ status: answer.status === 503 ? 'DOWN' : 'UP' }));
  });
  servers.push(server);
  return { url: server.url, seen };
}

const client = (baseUrl: string, options: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) => {
  const c = new HttpClient({ baseUrl, allowWrites: true, timeoutMs: 2000, concurrency: 4, ...options });
  clients.push(c);
  return c;
};

describe('Retry-After and backoff', () => {
  it('reads delay-seconds and an HTTP-date; anything else is no answer', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially, with jitter between half and all of each step, up to 8 s', () => {
    const draw = random(7);
    for (let attempt = 0; attempt < 10; attempt++) {
      const step = Math.min(8000, 250 * 2 ** attempt);
      const wait = backoffMs(attempt, draw);
      expect(wait).toBeGreaterThanOrEqual(step / 2);
      expect(wait).toBeLessThanOrEqual(step);
    }
  });

  it('counts a pause once however many requests ask for it, and never shortens it', () => {
    const pacer = new Pacer();
    pacer.pause(1000);
    pacer.pause(500);
    expect(pacer.stats.waitedMs).toBe(1000);
    expect(pacer.pauseLeftMs).toBeGreaterThan(900);
  });

  it('opens a gap between request starts after a 429 and closes it again when answers are calm', () => {
    const pacer = new Pacer();
    const exchange = { response: { status: 429 } } as never;
    pacer.met({ kind: 'status', status: 429, exchange });
    pacer.met({ kind: 'status', status: 429, exchange });
    expect(pacer.gap).toBe(40);
    for (let i = 0; i < 30; i++) pacer.calmAnswer();
    expect(pacer.gap).toBe(0);
    pacer.met({ kind: 'reset', code: 'ECONNRESET' });
    expect(pacer.gap).toBe(0);
    expect(pacer.stats.met).toEqual({ 429: 2, reset: 1 });
  });
});

describe('HttpClient under transient answers', () => {
  it('waits out Retry-After and sends a GET again until the API answers', async () => {
    const api = await scripted([
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 200 },
    ]);
    const http = client(api.url);
    const started = Date.now();
    const exchange = await http.request({ url: '/x' });
    expect(exchange.response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(api.seen).toEqual(['GET', 'GET', 'GET']);
    expect(http.pacer.stats).toMatchObject({ met: { 429: 1, 503: 1 }, retries: 2, gaveUp: 0 });
    expect(http.pacer.stats.waitedMs).toBeGreaterThanOrEqual(950);
  });

  it('holds every request of the run back while a Retry-After lasts', async () => {
    const api = await scripted([{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }]);
    const http = client(api.url);
    await http.request({ url: '/first' });
    // The first request's retry already waited; a pause set now holds a fresh request too.
    http.pacer.pause(600);
    const started = Date.now();
    await http.request({ url: '/second' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('narrows the gap again once answers are calm: a burst of waiting requests is not pushed far ahead', async () => {
    const api = await scripted([
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 200 },
    ]);
    const http = client(api.url, { concurrency: 8 });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => http.request({ url: `/r${i}` })));
    expect(answers.every((a) => a.response.status === 200)).toBe(true);
    // Four 1 s pauses at most, and gaps that shrink with each calm answer.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(http.pacer.gap).toBeLessThan(20);
  });

  it('gives up after its tries with a TransportError that names the answer and keeps it', async () => {
    const api = await scripted([{ status: 429, headers: { 'retry-after': '0' } }]);
    const http = client(api.url, { retries: 2 });
    const error = (await http.request({ url: '/x' }).catch((e: unknown) => e)) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe('TRANSIENT');
    expect(error.message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/x: the API kept answering 429 \(3 tries over [\d.]+ s\)$/,
    );
    expect(error.exchange?.response.status).toBe(429);
    expect(api.seen).toHaveLength(3);
    expect(http.pacer.stats.gaveUp).toBe(1);
  });

  it('does not wait for a Retry-After over 60 s, nor one that ends past the deadline', async () => {
    const long = await scripted([{ status: 503, headers: { 'retry-after': '120' } }]);
    const error = (await client(long.url)
      .request({ url: '/x' })
      .catch((e: unknown) => e)) as TransportError;
    expect(error.message).toMatch(/answered 503 with Retry-After 120 s, longer than restguide waits \(60 s\)/);
    expect(long.seen).toHaveLength(1);

    const late = await scripted([{ status: 429, headers: { 'retry-after': '5' } }]);
    const deadlineError = (await client(late.url, { deadlineAt: Date.now() + 2000 })
      .request({ url: '/x' })
      .catch((e: unknown) => e)) as TransportError;
    expect(deadlineError.message).toMatch(/kept answering 429; waiting 5 s more would pass the run's deadline/);
    expect(late.seen).toHaveLength(1);
  });

  it('resends a POST after 429 or 503 (not processed), never after 502, a reset or 504 unless resend allows it', async () => {
    const refused = await scripted([{ status: 429, headers: { 'retry-after': '0' } }, { status: 201 }]);
    expect((await client(refused.url).request({ method: 'POST', url: '/c', json: {} })).response.status).toBe(201);
    expect(refused.seen).toEqual(['POST', 'POST']);

    const bad = await scripted([{ status: 502 }, { status: 201 }]);
    const error = (await client(bad.url)
      .request({ method: 'POST', url: '/c', json: {} })
      .catch((e: unknown) => e)) as TransportError;
    expect(error.message).toMatch(/not sent again: a POST may have been applied before the 502/);
    expect(bad.seen).toEqual(['POST']);

    const cut = await scripted([{ status: 0, reset: true }, { status: 201 }]);
    const resetError = (await client(cut.url)
      .request({ method: 'PATCH', url: '/c', json: {} })
      .catch((e: unknown) => e)) as TransportError;
    expect(resetError).toBeInstanceOf(TransportError);
    expect(resetError.message).toMatch(/not sent again: a PATCH may have been applied before the reset/);
    expect(cut.seen).toEqual(['PATCH']);

    const lookedUp = await scripted([{ status: 504 }, { status: 201 }]);
    let asked = 0;
    const resent = await client(lookedUp.url).request({
      method: 'POST',
      url: '/c',
      json: {},
      resend: async () => {
        asked++;
        return true;
      },
    });
    expect(resent.response.status).toBe(201);
    expect(asked).toBe(1);
  });

  it('retries a GET, PUT and DELETE whose connection was cut', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const api = await scripted([{ status: 0, reset: true }, { status: 200 }]);
      const exchange = await client(api.url).request({ method, url: '/d', ...(method === 'PUT' ? { json: {} } : {}) });
      expect(exchange.response.status).toBe(200);
      expect(api.seen).toEqual([method, method]);
    }
  });

  it('never retries an answer the check judges itself, nor anything with --retries 0', async () => {
    const down = await scripted([{ status: 503 }, { status: 200 }]);
    const own = await client(down.url).request({ url: '/health', isOwnAnswer: (e) => e.response.status === 503 });
    expect(own.response.status).toBe(503);
    expect(down.seen).toHaveLength(1);

    const limited = await scripted([{ status: 429 }, { status: 200 }]);
    const error = (await client(limited.url, { retries: 0 })
      .request({ url: '/x' })
      .catch((e: unknown) => e)) as TransportError;
    expect(error.message).toMatch(/kept answering 429 \(1 try over/);
    expect(limited.seen).toHaveLength(1);
  });

  it('tries a request that timed out once more, not more', async () => {
    const seen: number[] = [];
    const server = await startFixture(() => {
      seen.push(Date.now()); /* never answers */
    });
    servers.push(server);
    const error = (await client(server.url, { timeoutMs: 200 })
      .request({ url: '/slow' })
      .catch((e: unknown) => e)) as TransportError;
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toMatch(/no complete response within 200 ms; the API kept timing out \(2 tries/);
    expect(seen).toHaveLength(2);
  });
});

describe('a write resent after it may have applied', () => {
  it("does not pass off the retry's 4xx as the answer to the first try", async () => {
    const api = await scripted([{ status: 0, reset: true }, { status: 404 }]);
    const error = (await client(api.url)
      .request({ method: 'DELETE', url: '/d/1' })
      .catch((e: unknown) => e)) as TransportError;
    expect(error.code).toBe('AMBIGUOUS');
    expect(error.message).toMatch(
      /^DELETE http:\/\/127\.0\.0\.1:\d+\/d\/1: the first try met a reset after it may have applied, and the retry answered 404: neither answer can be judged$/,
    );
    expect(error.exchange?.response.status).toBe(404);
  });

  it("after a 429 or 503 the retry is the first application: its 4xx is the API's answer", async () => {
    const api = await scripted([{ status: 503, headers: { 'retry-after': '0' } }, { status: 404 }]);
    const exchange = await client(api.url).request({ method: 'DELETE', url: '/d/1' });
    expect(exchange.response.status).toBe(404);
  });
});

/**
 * An API that stops listening after `answers` answers, as json-server --watch does while it reloads after a write:
 * connections are refused until `reopen()` listens again on the same port.
 */
async function reloading(answers: number) {
  const seen: string[] = [];
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = createServer((req, res) => {
        seen.push(req.method ?? 'GET');
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"status":"UP"}');
        if (seen.length === answers) down();
      });
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
    });
  const down = () => {
    const closing = server;
    closing?.close();
    closing?.closeAllConnections();
  };
  const port = await listen(0);
  const api = {
    url: `http://127.0.0.1:${port}`,
    seen,
    reopen: () => listen(port),
    close: () => new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve())),
  };
  reloads.push(api);
  return api;
}
const reloads: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(reloads.splice(0).map((r) => r.close()));
});

/** Waits (bounded) until the client has met a refused connection, then lets the API listen again. */
async function reopenAfterRefusal(c: HttpClient, api: { reopen(): Promise<number> }): Promise<void> {
  for (let i = 0; i < 2000 && (c.pacer.stats.met['refused'] ?? 0) === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  await api.reopen();
}

describe('a refused connection once the API has answered (a server reloading)', () => {
  it('sends any method again, a POST included: nothing was sent', async () => {
    const api = await reloading(1);
    const c = client(api.url);
    expect((await c.request({ url: '/zones' })).response.status).toBe(200);
    const [created] = await Promise.all([
      c.request({ method: 'POST', url: '/zones', json: {} }),
      reopenAfterRefusal(c, api),
    ]);
    expect(created.response.status).toBe(201);
    expect(api.seen).toEqual(['GET', 'POST']);
    expect(c.pacer.stats.met['refused']).toBeGreaterThan(0);
    expect(c.pacer.stats.retries).toBeGreaterThan(0);
  });

  it('is no retry on the first request: a target that never answered is down, said at once', async () => {
    const api = await reloading(1);
    await api.close();
    const c = client(api.url);
    const error = (await c.request({ url: '/zones' }).catch((e: unknown) => e)) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.message).toMatch(/: connection refused$/);
    expect(c.pacer.stats.retries).toBe(0);
  });

  it('gives up after its tries, and the check that met it ends as error, never as fail', async () => {
    const api = await reloading(1);
    const health = defineCheck({
      meta: {
        id: 'health.sample-up',
        rule: 'hlth-res',
        severity: 'error',
        writes: false,
        title: 'health answers UP',
        messages: { down: '{{url}} answered {{status}}' },
      },
      appliesTo: 'api',
      async run(ctx) {
        const first = await ctx.get('/health');
        ctx.expect(first.response.status === 200, 'down', { url: '/health', status: first.response.status }, first);
        // The API went away for good after its first answer: this read never gets one.
        const second = await ctx.get('/health');
        ctx.expect(second.response.status === 200, 'down', { url: '/health', status: second.response.status }, second);
      },
    });
    const report = await runChecks([health], {}, { baseUrl: api.url, retries: 1, timeoutMs: 2000 });
    expect(report.results.map((r) => r.status)).toEqual(['error']);
    expect(report.results.find((r) => r.status === 'error')?.message).toMatch(
      /connection refused; the connection kept being refused \(2 tries over/,
    );
    expect(report.summary.transient?.met).toEqual({ refused: 2 });
  });
});
