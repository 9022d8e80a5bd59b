// Mutual TLS with certificates made in the test, and the proxy environment, end to end through `restguide check`.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { proxyEnvOf } from '../../../src/core/http/auth/transport.js';
import { HttpClient } from '../../../src/core/http/http-client.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { startConnectProxy, type ConnectProxy } from '../../helpers/connect-proxy.js';
import { startFixture, sendJson, type FixtureServer } from '../../helpers/fixture-server.js';
import { captureIo } from '../../helpers/io.js';
import { makeTlsFiles, type TlsFiles } from '../../helpers/tls-material.js';

let files: TlsFiles;
let https: Server;
let httpsUrl: string;
let proxy: ConnectProxy;
let plain: FixtureServer;

// An API that only talks to clients with a certificate of our CA: /health answers who the client is.
function startMtlsServer(): Promise<string> {
  https = createServer(
    {
      key: files.read(files.serverKey),
      cert: files.read(files.serverCert),
      ca: files.read(files.ca),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const body = req.url?.endsWith('/health')
        ? { status: 'UP', client: peer.subject?.CN }
        : { type: 'urn:problem-type:belgif:resourceNotFound', status: 404 };
      res.writeHead(req.url?.endsWith('/health') ? 200 : 404, {
        'content-type': req.url?.endsWith('/health') ? 'application/json' : 'application/problem+json',
      });
      res.end(JSON.stringify(body));
    },
  );
  return new Promise((resolve) =>
    https.listen(0, '127.0.0.1', () => resolve(`https://127.0.0.1:${(https.address() as AddressInfo).port}/api`)),
  );
}

beforeAll(async () => {
  files = makeTlsFiles();
  httpsUrl = await startMtlsServer();
  proxy = await startConnectProxy();
  plain = await startFixture(
    (req, res) =>
      req.url?.endsWith('/health') ? sendJson(res, 200, { status: 'UP' }) : sendJson(res, 404, { status: 404 }),
    { basePath: '/api' },
  );
}, 60_000);
afterAll(async () => {
  https.closeAllConnections();
  await new Promise((resolve) => https.close(resolve));
  await proxy.close();
  await plain.close();
  files.remove();
});

async function check(args: string[], env: Record<string, string> = {}) {
  const io = captureIo();
  io.env = env;
  io.cwd = files.dir;
  const code = await main(['check', ...args, '--only', 'health', '--format', 'json', '--timeout', '3000'], io);
  return { code, io, report: io.out ? (JSON.parse(io.out) as CheckReport) : undefined };
}

describe('mutual TLS (--cert --key --ca)', () => {
  it('reaches an API that demands a client certificate', async () => {
    const client = new HttpClient({
      baseUrl: httpsUrl,
      allowWrites: false,
      timeoutMs: 3000,
      concurrency: 1,
      tls: { cert: files.read(files.clientCert), key: files.read(files.clientKey), ca: files.read(files.ca) },
    });
    try {
      const exchange = await client.request({ url: '/health' });
      expect(exchange.response.json).toEqual({ status: 'UP', client: 'restguide-client' });
    } finally {
      await client.close();
    }
  });

  it('runs the checks through the CLI with PEM files', async () => {
    const { code, report, io } = await check([
      httpsUrl,
      '--cert',
      'client.crt',
      '--key',
      'client.key',
      '--ca',
      'ca.crt',
    ]);
    expect(io.err).not.toContain('cannot reach');
    expect(report?.results.find((r) => r.id === 'health.health-status')?.status).toBe('pass');
    expect(code).toBe(0);
  });

  it('cannot reach it without the client certificate, or trusting another CA: one line, exit 2', async () => {
    for (const args of [
      ['--ca', 'ca.crt'],
      ['--cert', 'client.crt', '--key', 'client.key', '--ca', 'other-ca.crt'],
    ]) {
      const { code, io } = await check([httpsUrl, ...args]);
      expect(code).toBe(2);
      expect(io.err).toMatch(/^restguide: cannot reach https:\/\/127\.0\.0\.1:\d+\/api: .+\n$/);
    }
  });

  it('refuses a certificate without its key, and a file that is not PEM', async () => {
    expect((await check([httpsUrl, '--cert', 'client.crt'])).io.err).toBe(
      'restguide: mutual TLS needs both --cert and --key\n',
    );
    const notPem = await check([httpsUrl, '--cert', 'client.crt', '--key', 'client.ext']);
    expect([notPem.code, notPem.io.err]).toEqual([
      2,
      'restguide: client key client.ext is not PEM (no -----BEGIN ...----- block)\n',
    ]);
  });
});

describe('proxies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY)', () => {
  it('reads either case, lower case first, and nothing without a proxy', () => {
    expect(proxyEnvOf({ HTTP_PROXY: 'http://a:1', https_proxy: 'http://b:2', NO_PROXY: 'x' })).toEqual({
      httpProxy: 'http://a:1',
      httpsProxy: 'http://b:2',
      noProxy: 'x',
    });
    expect(proxyEnvOf({ NO_PROXY: 'x' })).toBeUndefined();
  });

  it('sends every request of a run through HTTP_PROXY', async () => {
    const before = proxy.tunnels.length;
    const { code, report } = await check([plain.url], { HTTP_PROXY: proxy.url });
    expect(code).toBe(0);
    expect(report?.summary.requests).toBeGreaterThan(0);
    const target = new URL(plain.url).host;
    // The probe, the document discovery and the check itself each reached the API through a tunnel.
    expect(proxy.tunnels.slice(before).filter((t) => t === target).length).toBeGreaterThanOrEqual(1);
    expect(plain.requests.length).toBeGreaterThan(0);
  });

  it('goes direct for a host in NO_PROXY', async () => {
    const before = proxy.tunnels.length;
    const { code } = await check([plain.url], { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(code).toBe(0);
    expect(proxy.tunnels.length).toBe(before);
  });

  it('tunnels mutual TLS through HTTPS_PROXY', async () => {
    const before = proxy.tunnels.length;
    const { code, report } = await check([httpsUrl, '--cert', 'client.crt', '--key', 'client.key', '--ca', 'ca.crt'], {
      HTTPS_PROXY: proxy.url,
    });
    expect(report?.results.find((r) => r.id === 'health.health-status')?.status).toBe('pass');
    expect(code).toBe(0);
    expect(proxy.tunnels.slice(before)).toContain(new URL(httpsUrl).host);
  });

  it('an unreachable proxy is one line and exit 2', async () => {
    const { code, io } = await check([plain.url], { HTTP_PROXY: 'http://127.0.0.1:9' });
    expect(code).toBe(2);
    expect(io.err).toMatch(/^restguide: cannot reach .+\n$/);
  });
});
