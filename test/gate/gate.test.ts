// The gate: an error not known to a baseline fails the run (exit 1, and the summary says why);
// restguide's own rate queue never makes timeouts.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { HttpClient } from '../../src/core/http/http-client.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { sendJson, startFixture } from '../helpers/fixture-server.js';
import { captureIo } from '../helpers/io.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function reference(): Promise<ReferenceServer> {
  const server = await startReferenceServer({ port: 0 });
  closers.push(() => server.close());
  return server;
}

/** Forwards to `upstream`, but never answers a request whose query has `sort=` (held until closed). */
async function hangingSorts(upstream: ReferenceServer): Promise<string> {
  const target = new URL(upstream.url);
  const server: Server = createServer((req, res) => {
    if (/[?&]sort=/.test(req.url ?? '')) return;
    const forward = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname}`;
}

async function check(args: string[]) {
  const io = captureIo();
  const code = await main(['check', ...args], io);
  return { code, io };
}

describe('the gate', () => {
  it('a conforming API passes: exit 0, no errors', async () => {
    const server = await reference();
    const { code, io } = await check([server.url, '--only', 'sort', '--format', 'json']);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.summary.errored).toBe(0);
    expect(code).toBe(0);
    expect(io.err).not.toMatch(/errored/);
  });

  it('errors fail the run with exit 1, and say why; a baseline that knows them lets it pass', async () => {
    const url = await hangingSorts(await reference());
    const dir = await mkdtemp(join(tmpdir(), 'restguide-gate-'));
    const baseline = join(dir, 'baseline.json');
    const { code, io } = await check([
      url,
      '--only',
      'sort,trace.header-present',
      '--timeout',
      '400',
      '--format',
      'json',
    ]);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.summary.errored).toBeGreaterThan(0);
    expect(code).toBe(1);
    expect(io.err).toContain(
      `${report.summary.errored} check${report.summary.errored === 1 ? '' : 's'} errored: a gate never passes what it could not verify`,
    );

    // Recording the baseline is not a gate (exit 0); it records the errors too.
    const recorded = await check([
      url,
      '--only',
      'sort,trace.header-present',
      '--timeout',
      '400',
      '--format',
      'json',
      '--write-baseline',
      baseline,
    ]);
    expect(recorded.code).toBe(0);
    expect(JSON.parse(await readFile(baseline, 'utf8'))).toMatchObject({
      entries: expect.arrayContaining([expect.objectContaining({ status: 'error' })]),
    });

    const again = await check([
      url,
      '--only',
      'sort,trace.header-present',
      '--timeout',
      '400',
      '--format',
      'stylish',
      '--baseline',
      baseline,
    ]);
    expect(again.io.out).toMatch(/0 errored/);
    expect(again.code).toBe(0);
  });

  it('stylish ends with the reason', async () => {
    const url = await hangingSorts(await reference());
    const { code, io } = await check([url, '--only', 'sort,trace.header-present', '--timeout', '400']);
    expect(code).toBe(1);
    expect(io.out.trimEnd().split('\n').at(-1)).toMatch(
      /\d+ errored, .* — \d+ checks? errored: a gate never passes what it could not verify$/,
    );
  });
});

describe('--rate', () => {
  it('time waiting in the rate queue does not count against --timeout', async () => {
    const fast = await startFixture((_req, res) => sendJson(res, 200, { ok: true }));
    closers.push(() => fast.close());
    // 6 requests at 5 per second: the last waits 1 s in the queue, far beyond the 300 ms timeout.
    const client = new HttpClient({
      baseUrl: fast.url,
      allowWrites: false,
      timeoutMs: 300,
      concurrency: 6,
      ratePerSecond: 5,
    });
    closers.push(() => client.close());
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => client.request({ url: `/r${i}` })));
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('--rate 2 with several checks against a fast server gives no timeouts', async () => {
    const server = await reference();
    const { code, io } = await check([
      server.url,
      '--only',
      'trace',
      '--rate',
      '2',
      '--timeout',
      '1000',
      '--concurrency',
      '4',
      '--format',
      'json',
    ]);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.filter((r) => r.status === 'error').map((r) => r.message)).toEqual([]);
    expect(report.summary.requests).toBeGreaterThan(3);
    expect(code).toBe(0);
  }, 30_000);
});
