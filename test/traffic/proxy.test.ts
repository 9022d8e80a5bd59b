// `restguide proxy` as users run it (the built CLI: the judging worker is a file of the build): answers pass
// unchanged, byte for byte; the reference server gets no finding; a broken upstream gets a line per new finding
// and the reports on SIGTERM, with the exit code of what was judged.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../src/core/report/types.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { reference, type ServerFactory } from '../helpers/check-harness.js';

const BIN = fileURLToPath(new URL('../../bin/restguide.js', import.meta.url));
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-proxy-'));
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(buildOpenApiDocument()));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Starts the proxy in front of `upstream` (with the reference server's document unless `flags.openapi` is false);
 * resolves with its URL once it listens (bounded).
 */
async function startProxy(upstream: string, report: string, flags: { openapi?: boolean; extra?: string[] } = {}) {
  const openapi = flags.openapi === false ? [] : ['--openapi', join(dir, 'openapi.json')];
  const child = spawn(
    process.execPath,
    [BIN, 'proxy', upstream, '--port', '0', ...openapi, ...(flags.extra ?? []), '-f', 'json', '-o', report],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL in 30 s; stderr: ${err}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on (http:\/\/\S+?),/.exec(out)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      return { code: await exited, err };
    },
    stderr: () => err,
  };
}

const PATHS = [
  '/employers?pageSize=3',
  '/employers/93017373',
  '/employers/1',
  '/employers/abc',
  '/companies?pageSize=2',
  '/restguideUnknown',
  '/health',
  '/employers?pageSize=2&page=2',
];

async function get(
  url: string,
  sent: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const answer = await request(url, { headers: sent, headersTimeout: 5000, bodyTimeout: 5000 });
  const { date: _date, 'belgov-trace-id': _trace, connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
  // A problem's instance is a new uuid per answer, and so is its trace id: the rest must match byte for byte.
  return {
    status: answer.statusCode,
    headers,
    body: (await answer.body.text()).replace(/urn:uuid:[0-9a-f-]{36}/g, 'urn:uuid:*'),
  };
}

async function through(
  server: ServerFactory,
  name: string,
  flags: { openapi?: boolean; extra?: string[]; headers?: Record<string, string> } = {},
) {
  const upstream = await server.start();
  const report = join(dir, `${name}.json`);
  const proxy = await startProxy(upstream.url, report, flags);
  try {
    const compared = [];
    for (const path of PATHS)
      compared.push([await get(`${proxy.url}${path}`, flags.headers), await get(`${upstream.url}${path}`)]);
    const post = await request(`${proxy.url}/employers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
      headersTimeout: 5000,
    });
    await post.body.dump();
    // Findings show while the traffic pauses (the worker judges a partial batch after 300 ms of quiet).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stopped = await proxy.stop();
    return {
      compared,
      stopped,
      report: JSON.parse(await readFile(report, 'utf8')) as CheckReport,
      postStatus: post.statusCode,
    };
  } finally {
    await upstream.close();
  }
}

describe('restguide proxy', () => {
  it('passes every answer unchanged and judges the reference server with no finding', async () => {
    const { compared, stopped, report, postStatus } = await through(reference(), 'reference');
    for (const [viaProxy, direct] of compared) expect(viaProxy).toEqual(direct);
    expect(postStatus).toBe(400);
    expect(stopped.code).toBe(0);
    expect(stopped.err).toMatch(/forwarded 9 exchanges, dropped 0 from judging/);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(8);
    const employers = report.coverage?.operations?.find((o) => o.method === 'GET' && o.path === '/employers');
    expect(employers?.statuses).toEqual([{ status: 200, count: 2, response: '200' }]);
    expect(employers?.unseen.length).toBeGreaterThan(0);
    expect(report.coverage?.undocumented?.examples).toEqual(['GET /registry/v1/restguideUnknown']);
    // Where the verdicts came from: the upstream, where the proxy listened, what it read and judged, and when.
    const { source } = report;
    expect(source).toMatchObject({
      kind: 'proxy',
      upstream: report.target,
      exchanges: { read: 9, judged: 9, outside: 0, dropped: 0 },
    });
    expect(source?.listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/registry\/v1$/);
    expect(Date.parse(source?.firstAt ?? '')).toBeLessThanOrEqual(Date.parse(source?.lastAt ?? ''));
  }, 90_000);

  it('a line per new finding, the reports on SIGTERM, exit 1, answers still unchanged', async () => {
    const broken = reference({
      mutate: (_req, res) => {
        delete res.headers['belgov-trace-id'];
      },
    });
    const { compared, stopped, report } = await through(broken, 'broken');
    for (const [viaProxy, direct] of compared) expect(viaProxy).toEqual(direct);
    expect(stopped.err.match(/^⚠ trace\.header-present: /gm)).toHaveLength(1);
    expect(stopped.code).toBe(1);
    expect(report.results.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual(['trace.header-present']);
  }, 90_000);

  it('forwards bodies over the judging cap whole both ways, judges a truncated body as truncated, answers Expect', async () => {
    // 1.5 MB, over the 1 MB copied for judging, labelled JSON and not JSON: judged whole it would be a
    // json.media-type finding; judged as the truncated start it is left alone. The short one is the finding.
    const big = Buffer.concat([Buffer.from('['), Buffer.alloc(1536 * 1024, 'x')]);
    const upstream = createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(req.url === '/registry/v1/employers/1' ? big : '[x');
      }
      const hash = createHash('sha256');
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
      });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ bytes, sha256: hash.digest('hex') }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/registry/v1`;
    const proxy = await startProxy(base, join(dir, 'big.json'));
    try {
      const viaProxy = await request(`${proxy.url}/employers/1`, { headersTimeout: 5000, bodyTimeout: 5000 });
      const body = Buffer.from(await viaProxy.body.arrayBuffer());
      expect([viaProxy.statusCode, body.length, body.equals(big)]).toEqual([200, big.length, true]);
      await (await request(`${proxy.url}/employers/2`, { headersTimeout: 5000 })).body.text();
      const posted = await request(`${proxy.url}/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: big,
        headersTimeout: 5000,
      });
      expect(await posted.body.json()).toEqual({
        bytes: big.length,
        sha256: createHash('sha256').update(big).digest('hex'),
      });
      // A client that waits for 100 Continue (as curl does for large bodies): the proxy answers it, the upstream
      // gets the body without Expect (undici refuses to send that header: this was a 502).
      const continued = await new Promise<string>((resolve, reject) => {
        const sent = httpRequest(`${proxy.url}/uploads`, {
          method: 'POST',
          headers: { expect: '100-continue', 'content-length': '5' },
        });
        sent.on('continue', () => sent.end('hello'));
        sent.on('response', (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
          answer.on('end', () => resolve(`${answer.statusCode} ${text}`));
        });
        sent.on('error', reject);
      });
      expect(continued).toBe(
        `200 ${JSON.stringify({ bytes: 5, sha256: createHash('sha256').update('hello').digest('hex') })}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { err } = await proxy.stop();
      expect(err).toMatch(/forwarded 4 exchanges, dropped 0 from judging/);
      const lines = err.split('\n').filter((line) => line.includes('json.media-type'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /GET \S+\/employers\/2 answered 200 labelled application\/json, but the body does not parse/,
      );
      expect(lines[0]).not.toMatch(/seen in/);
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
  }, 90_000);

  it.runIf(process.platform === 'linux')(
    'judges at the lowest CPU priority, forwards at the normal one',
    async () => {
      const upstream = await reference().start();
      const proxy = await startProxy(upstream.url, join(dir, 'nice.json'));
      try {
        // /proc/<pid>/task/<tid>/stat: the 19th field is the thread's nice value.
        const nice = (tid: string) =>
          Number(readFileSync(`/proc/${proxy.pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
        const threads = readdirSync(`/proc/${proxy.pid}/task`);
        expect(nice(String(proxy.pid))).toBe(0);
        expect(threads.filter((tid) => nice(tid) === 19)).toHaveLength(1);
        await proxy.stop();
      } finally {
        await upstream.close();
      }
    },
    90_000,
  );
});

/** What the upstream was sent of the headers a gateway adds. */
type Forwarded = Record<'forwarded' | 'for' | 'host' | 'proto', unknown>;

/**
 * The reference server as an API that builds its links from the host it is reached at (X-Forwarded-Host and
 * -Proto, as Spring's ForwardedHeaderFilter does), or always from `fixed`; `seen` keeps what it was forwarded.
 */
function linksFromHost(seen: Forwarded[], fixed?: string): ServerFactory {
  return reference({
    mutate: (req, res) => {
      const { forwarded, 'x-forwarded-for': xff, 'x-forwarded-host': host, 'x-forwarded-proto': proto } = req.headers;
      seen.push({ forwarded, for: xff, host, proto });
      const origin = fixed ?? (typeof host === 'string' ? `${proto === 'https' ? 'https' : 'http'}://${host}` : '');
      if (origin === '') return;
      const own = (text: string) => text.replace(/http:\/\/127\.0\.0\.1:\d+/g, origin);
      if (res.json !== undefined) res.json = JSON.parse(own(JSON.stringify(res.json))) as unknown;
      if (res.headers['location']) res.headers['location'] = own(res.headers['location']);
    },
  });
}

const failedIds = (report: CheckReport) =>
  [...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.id))].sort();

describe("restguide proxy: its own address is the API's", () => {
  it('adds Forwarded and X-Forwarded-*; links to the address it is reached at are judged as the API’s own', async () => {
    const seen: Forwarded[] = [];
    const { compared, stopped, report } = await through(linksFromHost(seen), 'forwarded');
    const first = compared[0]![0]!;
    const proxyHost = new URL((JSON.parse(first.body) as { self: string }).self).host;
    // The client got links to the proxy (the API built them from X-Forwarded-Host)...
    expect(first.body).toContain(`http://${proxyHost}/registry/v1/employers`);
    expect(seen[0]).toEqual({
      forwarded: `for=127.0.0.1;host="${proxyHost}";proto=http`,
      for: '127.0.0.1',
      host: proxyHost,
      proto: 'http',
    });
    // ...and they are the API's own: link.absolute judged them and passed.
    expect(failedIds(report)).toEqual([]);
    expect(report.results.find((r) => r.id === 'link.absolute')?.status).toBe('pass');
    expect(stopped.code).toBe(0);
  }, 90_000);

  it('a gateway before it: the host it names is the API’s own too, and its headers are kept', async () => {
    const seen: Forwarded[] = [];
    const gateway = {
      'x-forwarded-host': 'api.example.org',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '10.0.0.9',
    };
    const { compared, report } = await through(linksFromHost(seen), 'gateway', { headers: gateway });
    expect(compared[0]![0]!.body).toContain('https://api.example.org/registry/v1/employers');
    expect(seen[0]).toMatchObject({ for: '10.0.0.9, 127.0.0.1', host: 'api.example.org', proto: 'https' });
    expect(failedIds(report)).toEqual([]);
  }, 90_000);

  it('the reference server publishing the proxy’s address (--public-url): no link.absolute failure', async () => {
    // The upstream's port must be known before the proxy starts and the proxy's before the server does: a TCP
    // relay on a free port stands for the upstream until the server, told the proxy's URL, listens behind it.
    let behind = 0;
    const relay = createTcpServer((socket) => {
      const upstream = connect(behind, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/registry/v1`;
    const report = join(dir, 'public-url.json');
    const proxy = await startProxy(relayUrl, report, { extra: ['--no-forwarded-headers'] });
    const { startReferenceServer } = await import('../../src/reference-server/index.js');
    const server = await startReferenceServer({ port: 0, publicUrl: proxy.url });
    behind = Number(new URL(server.url).port);
    try {
      for (const path of PATHS) await get(`${proxy.url}${path}`);
      const page = await get(`${proxy.url}/employers?pageSize=2`);
      expect(page.body).toContain(`"self":"${proxy.url}/employers?pageSize=2"`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const stopped = await proxy.stop();
      const judged = JSON.parse(await readFile(report, 'utf8')) as CheckReport;
      expect(failedIds(judged)).toEqual([]);
      expect(judged.results.find((r) => r.id === 'link.absolute')?.status).toBe('pass');
      expect(stopped.code).toBe(0);
    } finally {
      await server.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  }, 90_000);

  it('a link to another origin still fails link.absolute', async () => {
    const { report, stopped } = await through(linksFromHost([], 'http://elsewhere.example:81'), 'elsewhere');
    expect(failedIds(report)).toContain('link.absolute');
    expect(report.results.find((r) => r.id === 'link.absolute' && r.status === 'fail')?.message).toMatch(
      /elsewhere\.example:81.*on another origin than the API/,
    );
    expect(stopped.code).toBe(1);
  }, 90_000);

  it('--no-forwarded-headers: the upstream gets none of them', async () => {
    const seen: Forwarded[] = [];
    const { report } = await through(linksFromHost(seen), 'unforwarded', { extra: ['--no-forwarded-headers'] });
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.every((s) => Object.values(s).every((value) => value === undefined))).toBe(true);
    expect(failedIds(report)).toEqual([]);
  }, 90_000);
});

describe('restguide proxy without --openapi: the model from the traffic', () => {
  it('judges json, collection and paging on the reference server with no finding', async () => {
    const { stopped, report } = await through(reference(), 'unmodelled', { openapi: false });
    expect(failedIds(report)).toEqual([]);
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id));
    for (const id of ['json.no-null', 'http.no-x-headers', 'collection.items-array', 'collection.item-href'])
      expect(passed).toContain(id);
    expect(stopped.code).toBe(0);
  }, 90_000);

  it('nulls and X-Powered-By fail json.no-null and problem.no-leaks, exit 1', async () => {
    const broken = reference({
      mutate: (_req, res) => {
        res.headers['x-powered-by'] = 'Express';
        const body = res.json as { items?: Array<Record<string, unknown>> } | undefined;
        for (const item of body?.items ?? []) item['bankAccount'] = null;
      },
    });
    const { stopped, report } = await through(broken, 'nulls', { openapi: false });
    // X-Powered-By on a problem names the framework: problem.no-leaks says so, and http.no-x-headers points at it
    // (one header, one fix).
    expect(failedIds(report)).toEqual(['json.no-null', 'problem.no-leaks']);
    expect(report.results.find((r) => r.id === 'http.no-x-headers')?.message).toMatch(/see problem\.no-leaks/);
    expect(stopped.code).toBe(1);
  }, 90_000);
});

describe('restguide proxy reads the config file', () => {
  it('takes its upstream, port, reports and forwarded-headers from the proxy section; --no-config reads none', async () => {
    const seen: Forwarded[] = [];
    const recording = await linksFromHost(seen).start();
    const folder = await mkdtemp(join(dir, 'config-'));
    await writeFile(
      join(folder, 'restguide.config.yaml'),
      `proxy:\n  upstream: ${recording.url}\n  port: 0\n  forwarded-headers: false\n  format: [json=configured.json]\n`,
    );
    const child = spawn(process.execPath, [BIN, 'proxy'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL in 30 s; stderr: ${err}`)), 30_000);
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /listening on (http:\/\/\S+?),/.exec(out)?.[1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        });
      });
      expect(url).not.toMatch(/:8080\//);
      expect((await get(`${url}/employers?pageSize=2`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(err).toMatch(/config restguide\.config\.yaml gives proxy upstream, port, forwarded-headers, format/);
      const report = JSON.parse(await readFile(join(folder, 'configured.json'), 'utf8')) as CheckReport;
      expect(report.source).toMatchObject({ kind: 'proxy', upstream: recording.url, listening: url });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((s) => s.host === undefined && s.forwarded === undefined)).toBe(true);
      // --no-config: no upstream anywhere is a usage error, exit 2.
      const bare = spawn(process.execPath, [BIN, 'proxy', '--no-config'], { cwd: folder, stdio: 'pipe' });
      started.push(bare);
      let bareErr = '';
      bare.stderr.on('data', (chunk: Buffer) => (bareErr += chunk.toString()));
      expect(await new Promise((resolve) => bare.once('exit', resolve))).toBe(2);
      expect(bareErr).toMatch(/missing required argument 'upstream'/);
    } finally {
      await recording.close();
    }
  }, 90_000);
});
