import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { profileCounts } from '../../src/cli/check.js';
import { main } from '../../src/cli/main.js';
import { parse as parseYaml } from 'yaml';
import { deriveProfile } from '../../src/core/openapi-profile.js';
import { BUILT_IN_PROFILE, loadProfile } from '../../src/core/profile.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import type { CheckReport } from '../../src/core/types.js';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';
import { captureIo } from '../helpers/io.js';

const servers: FixtureServer[] = [];
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.close())); });
const start = async (...args: Parameters<typeof startFixture>) => { const s = await startFixture(...args); servers.push(s); return s; };

async function check(args: string[]) {
  const io = captureIo();
  const code = await main(['check', ...args], io);
  return { code, io };
}
const oneLine = (text: string) => text.trim().split('\n').length === 1;

describe('restguide check: usage errors exit 2 with one line', () => {
  it('a bad URL', async () => {
    const { code, io } = await check(['not a url']);
    expect(code).toBe(2);
    expect(io.err).toMatch(/not a URL/);
    expect(oneLine(io.err)).toBe(true);
  });

  it('an unreachable target (a closed port)', async () => {
    const server = await startFixture(() => {});
    const url = server.url;
    await server.close();
    const { code, io } = await check([`${url}/api`, '--format', 'json']);
    expect(code).toBe(2);
    expect(io.err).toMatch(new RegExp(`cannot reach ${url}/api: connection refused`));
    expect(oneLine(io.err)).toBe(true);
    expect(io.out).toBe('');
  });

  it('a bad profile, naming the bad field', async () => {
    const server = await start((_req, res) => sendJson(res, 200, {}));
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    await writeFile(join(dir, 'profile.yaml'), 'collections:\n  - path: employers\n');
    const { code, io } = await check([server.url, '--profile', join(dir, 'profile.yaml')]);
    expect(code).toBe(2);
    expect(io.err).toMatch(/bad profile .*profile\.yaml: \/collections\/0\/path must match pattern/);
    expect(oneLine(io.err)).toBe(true);
  });

  it('--only and --skip that leave nothing: blames them, not the profile, before contacting the target', async () => {
    const { code, io } = await check(['http://127.0.0.1:1/api', '--only', 'paging', '--skip', 'paging']);
    expect(code).toBe(2);
    expect(io.err).toBe('restguide: --skip paging removes every check that --only paging selects: nothing left to run\n');
  });

  it('--profile with --openapi: the profile says what to check, the document is the contract, and a note says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-pair-'));
    const document = join(dir, 'api.json');
    await writeFile(document, JSON.stringify(buildOpenApiDocument()));
    const profile = join(dir, 'p.yaml');
    await writeFile(profile, 'collections:\n  - path: /employers\n');
    const { code, io } = await check(['http://127.0.0.1:1/api', '--profile', profile, '--openapi', document, '--print-profile']);
    expect(code).toBe(0);
    expect(parseYaml(io.out)).toMatchObject({ collections: [{ path: '/employers' }] });
    expect(io.err).toContain(`the resources come from ${profile}; ${document} is the contract responses are held to`);
  });

  it('bad numbers and headers', async () => {
    expect((await check(['http://127.0.0.1:1', '--timeout', 'soon'])).code).toBe(2);
    expect((await check(['http://127.0.0.1:1', '--header', 'no colon'])).io.err).toMatch(/--header must look like/);
    expect((await check(['http://127.0.0.1:1', '--rate', '0'])).io.err).toMatch(/--rate must be a positive integer/);
  });
});

describe('restguide check against the reference server', () => {
  it('with no URL runs the whole suite on the embedded server: every check passes or skips, JSON contract', async () => {
    const { code, io } = await check(['--format', 'json']);
    const report = JSON.parse(io.out) as CheckReport;
    expect(Object.keys(report)).toEqual(['tool', 'version', 'target', 'startedAt', 'durationMs', 'summary', 'results']);
    expect(Object.keys(report.summary)).toEqual(['passed', 'failed', 'skipped', 'errored', 'requests', 'findings']);
    expect(report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip')).toEqual([]);
    expect(report.summary.passed).toBeGreaterThan(20);
    expect(report.summary.requests).toBeGreaterThan(20);
    expect(report.results[0]).toMatchObject({ id: expect.any(String), rule: expect.any(String), severity: expect.any(String), status: expect.any(String), resource: expect.any(String), message: expect.any(String), evidence: [] });
    expect(code).toBe(0);
  });

  it('writes several formats to their outputs, and --only limits the run', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
      const out = join(dir, 'report.json');
      const { code, io } = await check([server.url, '--only', 'problem,trace.unique', '--format', 'json', '--output', out, '--format', 'json']);
      expect(code).toBe(0);
      const written = JSON.parse(await readFile(out, 'utf8')) as CheckReport;
      const printed = JSON.parse(io.out) as CheckReport;
      expect(new Set(written.results.map((r) => r.id.split('.')[0]))).toEqual(new Set(['problem', 'trace']));
      expect(printed.results.map((r) => r.id)).toEqual(written.results.map((r) => r.id));
    } finally {
      await server.close();
    }
  });
});

describe('restguide check: where the target comes from without --profile or --openapi', () => {
  it("uses the built-in profile when the URL publishes the reference API's own document", async () => {
    const server = await startReferenceServer({ port: 0, taskDelayMs: 1000 }); // task.processing-200 must see the task processing, even under load
    try {
      const { code, io } = await check([server.url, '--allow-writes', '--format', 'json']);
      const report = JSON.parse(io.out) as CheckReport;
      expect(io.err).toBe('');
      // Only the auth checks skip: the URL is the open reference server.
      expect(report.summary).toMatchObject({ failed: 0, errored: 0 });
      expect(report.results.filter((r) => r.status === 'skip' && !r.id.startsWith('auth.'))).toEqual([]);
      expect(report.results.some((r) => r.id === 'task.failed-200' && r.status === 'pass')).toBe(true);
      expect(code).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("reads the target from the API's own {base}/doc/openapi.json and says so", async () => {
    const document = {
      openapi: '3.0.3', info: { title: 'Tiny', version: '1.0.0' },
      paths: { '/widgets': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } } } } } } } } },
    };
    const server = await start((req, res) => {
      if (req.url === '/api/doc/openapi.json') return sendJson(res, 200, document);
      if (req.url?.startsWith('/api/widgets')) return sendJson(res, 200, { self: `http://${req.headers.host}${req.url}`, items: [] });
      return sendJson(res, 404, { type: 'urn:problem-type:belgif:resourceNotFound', status: 404, title: 'Resource Not Found' });
    }, { basePath: '/api' });
    const { io } = await check([server.url, '--only', 'collection', '--format', 'json']);
    expect(io.err).toBe(`restguide: no --profile or --openapi: the target was read from the API's own ${server.url}/doc/openapi.json: 1 collection, 0 documents, 0 tasks, 0 controllers\n`);
    const report = JSON.parse(io.out) as CheckReport;
    // Collection checks judge the documented collection; those needing more (filters, a key) do not apply.
    const judged = report.results.filter((r) => !r.message.startsWith('not applicable'));
    expect(new Set(judged.map((r) => r.resource))).toEqual(new Set(['/widgets']));
    expect(judged.filter((r) => r.status === 'pass').map((r) => r.id)).toContain('collection.self-link');
  });

  it('runs only the API-wide checks when the API publishes no document, and says so', async () => {
    const server = await start((_req, res) => sendJson(res, 404, { type: 'urn:problem-type:belgif:resourceNotFound', status: 404, title: 'Resource Not Found' }), { basePath: '/api' });
    const { io } = await check([server.url, '--format', 'json']);
    expect(io.err).toContain('only API-wide checks ran');
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.filter((r) => r.resource.startsWith('/employers'))).toEqual([]);
  });
});

describe('restguide check: progress and baselines', () => {
  it('draws a progress line on stderr only on a TTY', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const quiet = captureIo();
      await main(['check', server.url, '--only', 'doc', '--format', 'json'], quiet);
      expect(quiet.err).toBe('');
      const tty = { ...captureIo(), isTTY: true };
      const io = Object.assign(tty, { stderr(text: string) { tty.err += text; }, stdout(text: string) { tty.out += text; } });
      await main(['check', server.url, '--only', 'doc', '--format', 'json'], io);
      // One self-overwriting line per result, ending at n/n.
      expect(io.err).toMatch(/\[1\/(\d+)\] doc\.[\s\S]*\[(\1)\/\1\] doc\./);
      expect(JSON.parse(io.out)).toHaveProperty('summary');
    } finally {
      await server.close();
    }
  });

  it('--write-baseline records failures; --baseline then no longer fails on them', async () => {
    const server = await start((_req, res) => sendJson(res, 200, { status: 'UP' }), { basePath: '/api' });
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    const args = [server.url, '--only', 'http.unknown-uri-404', '--format', 'json'];
    const first = await check([...args, '--write-baseline', join(dir, 'baseline.json')]);
    expect(first.io.err).toContain('only API-wide checks ran');
    // Recording is the point of the run: it says what it wrote and succeeds.
    expect(first.io.err).toContain(`restguide: wrote baseline ${join(dir, 'baseline.json')}: 1 entry (2 failing results); runs with --baseline`);
    expect(first.code).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'baseline.json'), 'utf8')).entries).toHaveLength(1);
    const { code, io } = await check([...args, '--baseline', join(dir, 'baseline.json')]);
    expect(code).toBe(0);
    const { summary } = JSON.parse(io.out) as CheckReport;
    expect(summary).toMatchObject({ failed: 0, known: 2 });
  });

  it('a baseline does not hide a new failure, and reports a fixed one', async () => {
    let healthy = false;
    const server = await start((_req, res) => (healthy ? sendJson(res, 404, { type: 'urn:problem-type:belgif:resourceNotFound', title: 'Resource Not Found', status: 404 }) : sendJson(res, 200, { status: 'UP' })), { basePath: '/api' });
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    const baseline = join(dir, 'baseline.json');
    const only = (ids: string) => [server.url, '--only', ids, '--format', 'json'];
    expect((await check([...only('http.unknown-uri-404'), '--write-baseline', baseline])).code).toBe(0);
    // A check outside the baseline fails on its own.
    const widened = await check([...only('http.unknown-uri-404,trace.header-present'), '--baseline', baseline]);
    expect(widened.code).toBe(1);
    const widenedReport = JSON.parse(widened.io.out) as CheckReport;
    expect(widenedReport.results.filter((r) => r.status === 'fail' && !r.baseline).map((r) => r.id)).toContain('trace.header-present');
    // Once the server answers unknown URIs with 404, the baseline entries show as fixed.
    healthy = true;
    const fixed = await check([...only('http.unknown-uri-404'), '--baseline', baseline]);
    const fixedReport = JSON.parse(fixed.io.out) as CheckReport;
    expect(fixedReport.summary.fixed).toBeGreaterThan(0);
    expect(fixedReport.results.some((r) => r.baseline === 'fixed')).toBe(true);
  });
});

describe('restguide check is read-only by default', () => {
  it('sends only GET, HEAD and OPTIONS without --allow-writes', async () => {
    const server = await start((req, res) => {
      if (req.method === 'HEAD') { res.writeHead(200, { 'content-type': 'application/json' }).end(); return; }
      sendJson(res, 200, { self: req.url, items: [{ href: '/api/employers/1', employerId: 1 }], status: 'UP', openapi: '3.0.3' });
    }, { basePath: '/api' });
    // The reference API's profile, so that every kind of check (and every write check) is tried.
    const profile = join(await mkdtemp(join(tmpdir(), 'restguide-')), 'profile.json');
    await writeFile(profile, JSON.stringify(BUILT_IN_PROFILE));
    const { code, io } = await check([server.url, '--profile', profile, '--format', 'json']);
    expect([0, 1]).toContain(code);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.filter((r) => r.message === 'needs --allow-writes').length).toBeGreaterThan(0);
    expect(server.requests.length).toBeGreaterThan(10);
    expect([...new Set(server.requests.map((r) => r.method))].filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))).toEqual([]);
  });
});

describe('restguide check against hostile targets ends by itself', () => {
  const hostile = async (name: string, answer: Parameters<typeof startFixture>[0], extra: string[] = []) => {
    const server = await start((req, res, s) => {
      // The base URL answers, so the reachability probe passes; everything else is hostile.
      if (req.url === '/api') { sendJson(res, 200, {}); return; }
      return answer(req, res, s);
    }, { basePath: '/api' });
    const started = Date.now();
    const { code, io } = await check([server.url, '--format', 'json', '--timeout', '500', '--deadline', '4000', '-H', 'Authorization: Bearer s3cret', ...extra]);
    const elapsed = Date.now() - started;
    const report = JSON.parse(io.out) as CheckReport;
    expect(elapsed, name).toBeLessThan(7000);
    expect(report.summary.failed + report.summary.errored, name).toBeGreaterThan(0);
    expect(io.out).not.toContain('s3cret');
    return { code, report, server };
  };

  it('a server that never answers: every result errors, exit 2', async () => {
    const { code, report } = await hostile('silent', () => {});
    expect(report.results.every((r) => r.status === 'error' || r.status === 'skip')).toBe(true);
    expect(code).toBe(2);
  });

  it('invalid JSON everywhere', async () => {
    const { code } = await hostile('invalid json', (_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"items": [1, 2'); });
    expect(code).toBe(1);
  });

  it('an endless body', async () => {
    await hostile('endless', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      const timer = setInterval(() => res.write(chunk), 1);
      res.on('close', () => clearInterval(timer));
    });
  });

  it('next links that loop, and links and redirects to another origin that never see the credentials', async () => {
    const other = await start((_req, res) => sendJson(res, 200, { items: [] }));
    await hostile('looping', (req, res) => {
      if (req.url?.includes('/doc/')) { res.writeHead(302, { location: `${other.url}/doc` }); res.end(); return; }
      sendJson(res, 200, { self: req.url, items: [{ href: `${other.url}/x` }], next: req.url, status: 'UP' });
    });
    expect(other.requests.filter((r) => r.headers.authorization !== undefined)).toEqual([]);
  });
});

describe('restguide check --print-profile', () => {
  it('prints the profile --openapi derives, as YAML that --profile reads back, with its counts, and runs nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    const file = join(dir, 'api.json');
    const document = buildOpenApiDocument();
    await writeFile(file, JSON.stringify(document));
    const { code, io } = await check(['http://127.0.0.1:1/api', '--openapi', file, '--print-profile']);
    expect(code).toBe(0);
    const derived = deriveProfile(document);
    expect(parseYaml(io.out)).toEqual(JSON.parse(JSON.stringify(derived)));
    expect(profileCounts(derived)).toBe('3 collections, 11 documents, 1 task, 1 controller');
    expect(io.err).toBe(`restguide: the target was derived from ${file}: ${profileCounts(derived)}\n`);
    expect(derived.collections?.length).toBeGreaterThan(1);
    await writeFile(join(dir, 'profile.yaml'), io.out);
    expect(await loadProfile(join(dir, 'profile.yaml'), dir)).toEqual(JSON.parse(JSON.stringify(derived)));
  });

  it('prints the built-in profile without a URL', async () => {
    const { code, io } = await check(['--print-profile']);
    expect(code).toBe(0);
    expect(parseYaml(io.out)).toEqual(JSON.parse(JSON.stringify(BUILT_IN_PROFILE)));
    expect(io.err).toBe('restguide: the built-in profile of the reference API: 3 collections, 1 document, 1 task, 1 controller\n');
  });

  it('with --profile, names that profile, not the built-in one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    const file = join(dir, 'mine.yaml');
    await writeFile(file, 'collections:\n  - path: /employers\n');
    for (const args of [['--profile', file, '--print-profile'], ['http://127.0.0.1:1/api', '--profile', file, '--print-profile']]) {
      const { code, io } = await check(args);
      expect(code).toBe(0);
      expect(parseYaml(io.out)).toEqual({ collections: [{ path: '/employers' }] });
      expect(io.err).toBe(`restguide: the profile ${file}: 1 collection, 0 documents, 0 tasks, 0 controllers\n`);
    }
  });
});

