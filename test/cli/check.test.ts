import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { profileCounts } from '../../src/cli/check.js';
import { main } from '../../src/cli/main.js';
import { parse as parseYaml } from 'yaml';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';
import { BUILT_IN_PROFILE, loadProfile } from '../../src/core/profile/profile.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';
import { captureIo } from '../helpers/io.js';
import { startFaultyApi } from '../helpers/fault-proxy.js';

const servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const start = async (...args: Parameters<typeof startFixture>) => {
  const s = await startFixture(...args);
  servers.push(s);
  return s;
};

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

  it("plain HTTP at an https:// URL: a clear line, not OpenSSL's, for the target, --openapi and lint", async () => {
    const server = await start((req, res) => sendJson(res, 200, {}));
    const https = server.url.replace(/^http:/, 'https:');
    const hint =
      'the server does not speak TLS (plain HTTP on an https:// URL?): give the URL as http://, or the port that serves HTTPS';
    const target = await check([`${https}/api`, '--format', 'json']);
    expect(target.code).toBe(2);
    expect(target.io.err.trim()).toBe(`restguide: cannot reach ${https}/api: ${hint}`);
    const openapi = await check([server.url, '--openapi', `${https}/openapi.yaml`, '--format', 'json']);
    expect(openapi.code).toBe(2);
    expect(openapi.io.err.trim()).toBe(`restguide: cannot read OpenAPI document ${https}/openapi.yaml: ${hint}`);
    const io = captureIo();
    expect(await main(['lint', `${https}/openapi.yaml`], io)).toBe(2);
    expect(io.err.trim()).toBe(`restguide: ${https}/openapi.yaml: cannot fetch (${hint})`);
    for (const err of [target.io.err, openapi.io.err, io.err]) expect(err).not.toMatch(/SSL routines|openssl/);
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

  it('a misspelt profile key or value: one line, exit 2, the nearest allowed name and all of them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    await writeFile(join(dir, 'keys.yaml'), 'colections:\n  - path: /employers\n');
    await writeFile(join(dir, 'values.yaml'), 'documents:\n  - path: /employers/{id}\n    update: pach\n');
    const keys = await check(['http://127.0.0.1:1/api', '--profile', join(dir, 'keys.yaml')]);
    expect(keys.code).toBe(2);
    expect(keys.io.err).toMatch(
      /^restguide: bad profile .*keys\.yaml: \(root\) has an unknown key `colections`: did you mean `collections`\? Allowed keys there: api, languages, collections, documents, tasks, auth, controllers\n$/,
    );
    const values = await check(['http://127.0.0.1:1/api', '--profile', join(dir, 'values.yaml')]);
    expect(values.code).toBe(2);
    expect(values.io.err).toMatch(
      /^restguide: bad profile .*values\.yaml: \/documents\/0\/update is `pach`, not one of the allowed values `put`, `patch`; did you mean `patch`\?\n$/,
    );
    expect(oneLine(keys.io.err) && oneLine(values.io.err)).toBe(true);
  });

  it('--only and --skip that leave nothing: blames them, not the profile, before contacting the target', async () => {
    const { code, io } = await check(['http://127.0.0.1:1/api', '--only', 'paging', '--skip', 'paging']);
    expect(code).toBe(2);
    expect(io.err).toBe(
      'restguide: --skip paging removes every check that --only paging selects: nothing left to run\n',
    );
  });

  it('--profile with --openapi: the profile says what to check, the document is the contract, and a note says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-pair-'));
    const document = join(dir, 'api.json');
    await writeFile(document, JSON.stringify(buildOpenApiDocument()));
    const profile = join(dir, 'p.yaml');
    await writeFile(profile, 'collections:\n  - path: /employers\n');
    const { code, io } = await check([
      'http://127.0.0.1:1/api',
      '--profile',
      profile,
      '--openapi',
      document,
      '--print-profile',
    ]);
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
    expect(Object.keys(report)).toEqual([
      'tool',
      'version',
      'target',
      'startedAt',
      'durationMs',
      'summary',
      'results',
      'cleanups',
      'coverage',
    ]);
    expect(report.coverage?.score).toBe(100);
    expect(
      report.coverage?.areas.every(
        (area) =>
          (area.failed === 0 && area.notVerified === area.reasons.reduce((n, r) => n + r.count, 0)) ||
          area.reasons.length === 3,
      ),
    ).toBe(true);
    expect(Object.keys(report.summary)).toEqual([
      'passed',
      'failed',
      'skipped',
      'errored',
      'requests',
      'findings',
      'transient',
      'cleanups',
    ]);
    expect(report.cleanups?.length).toBeGreaterThan(0);
    expect(report.cleanups?.every((c) => c.outcome === 'cleaned')).toBe(true);
    expect(report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip')).toEqual([]);
    expect(report.summary.passed).toBeGreaterThan(20);
    expect(report.summary.requests).toBeGreaterThan(20);
    expect(report.results[0]).toMatchObject({
      id: expect.any(String),
      rule: expect.any(String),
      severity: expect.any(String),
      status: expect.any(String),
      resource: expect.any(String),
      message: expect.any(String),
      evidence: [],
    });
    expect(code).toBe(0);
  });

  it('writes several formats to their outputs, and --only limits the run', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
      const out = join(dir, 'report.json');
      const { code, io } = await check([
        server.url,
        '--only',
        'problem,trace.unique',
        '--format',
        'json',
        '--output',
        out,
        '--format',
        'json',
      ]);
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
      openapi: '3.0.3',
      info: { title: 'Tiny', version: '1.0.0' },
      paths: {
        '/widgets': {
          get: {
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    const server = await start(
      (req, res) => {
        if (req.url === '/api/doc/openapi.json') return sendJson(res, 200, document);
        if (req.url?.startsWith('/api/widgets'))
          return sendJson(res, 200, { self: `http://${req.headers.host}${req.url}`, items: [] });
        return sendJson(res, 404, {
          type: 'urn:problem-type:belgif:resourceNotFound',
          status: 404,
          title: 'Resource Not Found',
        });
      },
      { basePath: '/api' },
    );
    const { io } = await check([server.url, '--only', 'collection', '--format', 'json']);
    expect(io.err).toBe(
      `restguide: no --profile or --openapi: the target was read from the API's own ${server.url}/doc/openapi.json: 1 collection, 0 documents, 0 tasks, 0 controllers\n`,
    );
    const report = JSON.parse(io.out) as CheckReport;
    // Collection checks judge the documented collection; those needing more (filters, a key) do not apply.
    const judged = report.results.filter((r) => !r.message.startsWith('not applicable'));
    expect(new Set(judged.map((r) => r.resource))).toEqual(new Set(['/widgets']));
    expect(judged.filter((r) => r.status === 'pass').map((r) => r.id)).toContain('collection.self-link');
  });

  it('runs only the API-wide checks when the API publishes no document, and says so', async () => {
    // Its health resource answers: an API is there, it just publishes no document.
    const server = await start(
      (req, res) =>
        req.url === '/api/health'
          ? sendJson(res, 200, { status: 'UP' })
          : sendJson(res, 404, {
              type: 'urn:problem-type:belgif:resourceNotFound',
              status: 404,
              title: 'Resource Not Found',
            }),
      { basePath: '/api' },
    );
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
      const io = Object.assign(tty, {
        stderr(text: string) {
          tty.err += text;
        },
        stdout(text: string) {
          tty.out += text;
        },
      });
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
    // Recording is the point of the run: it says what it wrote and succeeds. The two unknown URIs' one fault is one result.
    expect(first.io.err).toContain(
      `restguide: wrote baseline ${join(dir, 'baseline.json')}: 1 entry (1 failing result); runs with --baseline`,
    );
    expect(first.code).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'baseline.json'), 'utf8')).entries).toHaveLength(1);
    const { code, io } = await check([...args, '--baseline', join(dir, 'baseline.json')]);
    expect(code).toBe(0);
    const { summary } = JSON.parse(io.out) as CheckReport;
    expect(summary).toMatchObject({ failed: 0, known: 1 });
  });

  it('a baseline does not hide a new failure, and reports a fixed one', async () => {
    let healthy = false;
    // The health resource always answers, so the API is there; unknown URIs first answer 200, then 404.
    const server = await start(
      (req, res) =>
        healthy && !req.url?.endsWith('/health')
          ? sendJson(res, 404, {
              type: 'urn:problem-type:belgif:resourceNotFound',
              title: 'Resource Not Found',
              status: 404,
            })
          : sendJson(res, 200, { status: 'UP' }),
      { basePath: '/api' },
    );
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    const baseline = join(dir, 'baseline.json');
    const only = (ids: string) => [server.url, '--only', ids, '--format', 'json'];
    expect((await check([...only('http.unknown-uri-404'), '--write-baseline', baseline])).code).toBe(0);
    // A check outside the baseline fails on its own.
    const widened = await check([...only('http.unknown-uri-404,trace.header-present'), '--baseline', baseline]);
    expect(widened.code).toBe(1);
    const widenedReport = JSON.parse(widened.io.out) as CheckReport;
    expect(widenedReport.results.filter((r) => r.status === 'fail' && !r.baseline).map((r) => r.id)).toContain(
      'trace.header-present',
    );
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
    const server = await start(
      (req, res) => {
        if (req.method === 'HEAD') {
          res.writeHead(200, { 'content-type': 'application/json' }).end();
          return;
        }
        sendJson(res, 200, {
          self: req.url,
          items: [{ href: '/api/employers/1', employerId: 1 }],
          status: 'UP',
          openapi: '3.0.3',
        });
      },
      { basePath: '/api' },
    );
    // The reference API's profile, so that every kind of check (and every write check) is tried.
    const profile = join(await mkdtemp(join(tmpdir(), 'restguide-')), 'profile.json');
    await writeFile(profile, JSON.stringify(BUILT_IN_PROFILE));
    const { code, io } = await check([server.url, '--profile', profile, '--format', 'json']);
    expect([0, 1]).toContain(code);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.filter((r) => r.message === 'needs --allow-writes').length).toBeGreaterThan(0);
    expect(server.requests.length).toBeGreaterThan(10);
    expect(
      [...new Set(server.requests.map((r) => r.method))].filter(
        (method) => !['GET', 'HEAD', 'OPTIONS'].includes(method),
      ),
    ).toEqual([]);
  });
});

describe('restguide check against hostile targets ends by itself', () => {
  const hostile = async (name: string, answer: Parameters<typeof startFixture>[0], extra: string[] = []) => {
    const server = await start(
      (req, res, s) => {
        // The base URL answers, so the reachability probe passes; everything else is hostile.
        if (req.url === '/api') {
          sendJson(res, 200, {});
          return;
        }
        return answer(req, res, s);
      },
      { basePath: '/api' },
    );
    const started = Date.now();
    const { code, io } = await check([
      server.url,
      '--format',
      'json',
      '--timeout',
      '500',
      '--deadline',
      '4000',
      '-H',
      'Authorization: Bearer s3cret',
      ...extra,
    ]);
    const elapsed = Date.now() - started;
    const report = JSON.parse(io.out) as CheckReport;
    expect(elapsed, name).toBeLessThan(7000);
    expect(report.summary.failed + report.summary.errored, name).toBeGreaterThan(0);
    expect(io.out).not.toContain('s3cret');
    return { code, report, server };
  };

  it('a server that never answers but at its base URL: every result errors but the URL judged itself', async () => {
    const { code, report } = await hostile('silent', () => {});
    // Only the base URL answers: its own format (judged from the URL, /api has no version) is the one verdict a
    // check can reach, when it runs before the deadline; then the errors fail the gate (1), else nothing ran (2).
    const verdicts = report.results
      .filter((r) => r.status !== 'error' && r.status !== 'skip')
      .map((r) => `${r.status} ${r.id}`);
    expect(verdicts.filter((v) => v !== 'fail link.base-url-format')).toEqual([]);
    expect(code).toBe(verdicts.length > 0 ? 1 : 2);
  });

  it('invalid JSON everywhere', async () => {
    const { code } = await hostile('invalid json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"items": [1, 2');
    });
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
      if (req.url?.includes('/doc/')) {
        res.writeHead(302, { location: `${other.url}/doc` });
        res.end();
        return;
      }
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
    expect(io.err).toBe(
      'restguide: the built-in profile of the reference API: 3 collections, 1 document, 1 task, 1 controller\n',
    );
  });

  it('with --profile, names that profile, not the built-in one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    const file = join(dir, 'mine.yaml');
    await writeFile(file, 'collections:\n  - path: /employers\n');
    for (const args of [
      ['--profile', file, '--print-profile'],
      ['http://127.0.0.1:1/api', '--profile', file, '--print-profile'],
    ]) {
      const { code, io } = await check(args);
      expect(code).toBe(0);
      expect(parseYaml(io.out)).toEqual({ collections: [{ path: '/employers' }] });
      expect(io.err).toBe(`restguide: the profile ${file}: 1 collection, 0 documents, 0 tasks, 0 controllers\n`);
    }
  });
});

describe('restguide check: records a cleanup could not remove', () => {
  it('fail the run with exit 1, a line naming each URL, and the JSON cleanups list', async () => {
    const api = await startFaultyApi({ refuseDeletes: true, retryAfter: 0 });
    try {
      const { code, io } = await check([
        api.url,
        '--allow-writes',
        '--only',
        'create.created-201',
        '--retries',
        '1',
        '--format',
        'json',
      ]);
      const report = JSON.parse(io.out) as CheckReport;
      const left = (report.cleanups ?? []).filter((c) => c.outcome === 'left');
      expect(left.length).toBeGreaterThan(0);
      expect(report.summary.cleanups?.left).toBe(left.length);
      expect(code).toBe(1);
      const line = io.err.split('\n').find((l) => l.includes('may be left in the API'));
      expect(line).toMatch(
        /^restguide: \d+ cleanups? failed, so (a record|records) may be left in the API: DELETE http:\/\/127\.0\.0\.1:\d+\/registry\/v1\/employers\/\d+ \(the API kept answering 429 \(2 tries over [\d.]+ s\)\)/,
      );
      for (const record of left) expect(line).toContain(record.url);
    } finally {
      await api.close();
    }
  });

  it('refuses a --retries that is not a whole number', async () => {
    const { code, io } = await check(['http://127.0.0.1:9/api', '--retries', '-1']);
    expect(code).toBe(2);
    expect(io.err).toMatch(/--retries must be a whole number, 0 or more, not "-1"/);
  });
});

describe('restguide check: an API that answers only 401 or 403', () => {
  const problem = (status: number) =>
    start((_req, res) =>
      sendJson(
        res,
        status,
        { type: 'urn:problem-type:belgif:noAccessToken', status },
        { 'content-type': 'application/problem+json' },
      ),
    );

  it('without credentials: exit 2, one line on how to give them', async () => {
    const server = await problem(401);
    const { code, io } = await check([`${server.url}/api`, '--format', 'json']);
    expect(code).toBe(2);
    expect(io.err.trim()).toBe(
      "restguide: every request was answered 401: the API needs credentials: -H 'Authorization: Bearer <token>', or --oauth2-token-url <url> --client-id <id> with the secret in RESTGUIDE_CLIENT_SECRET",
    );
    expect(io.out).toBe('');
  });

  it('with a profile, and with credentials that do not do', async () => {
    const server = await problem(401);
    const dir = await mkdtemp(join(tmpdir(), 'restguide-401-'));
    const profile = join(dir, 'profile.yaml');
    await writeFile(profile, 'collections:\n  - path: /employers\n');
    const { code, io } = await check([
      `${server.url}/api`,
      '--profile',
      profile,
      '-H',
      'Authorization: Bearer expired',
    ]);
    expect(code).toBe(2);
    expect(io.err).toMatch(/^restguide: every request was answered 401 with the credentials given: check the token/);
    expect(oneLine(io.err)).toBe(true);
  });

  it('403 everywhere: the credentials lack rights or scopes', async () => {
    const server = await problem(403);
    const { code, io } = await check([`${server.url}/api`, '-H', 'Authorization: Bearer narrow']);
    expect(code).toBe(2);
    expect(io.err).toMatch(
      /every request was answered 403: the credentials lack the rights or scopes to read the API \(--scope\)/,
    );
  });

  it('an API whose open resources answer is not refused as a whole', async () => {
    // The base URL answers 200: some of the API can be read, so the checks run and judge the 401s.
    const server = await start((req, res) => (req.url === '/api' ? sendJson(res, 200, {}) : sendJson(res, 401, {})));
    const { code, io } = await check([`${server.url}/api`, '--format', 'json']);
    expect(code).toBe(1);
    expect(io.err).not.toMatch(/every request was answered/);
  });
});

describe('restguide check: what the terminal gets', () => {
  it('every report to a file: the summary line on stderr', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-files-'));
    const { code, io } = await check([
      '--only',
      'health,trace',
      '-f',
      `json=${join(dir, 'r.json')}`,
      '-f',
      `junit=${join(dir, 'r.xml')}`,
    ]);
    expect(code).toBe(0);
    expect(io.out).toBe('');
    expect(io.err).toMatch(
      /^restguide: \d+ passed, 0 failed, \d+ skipped, 0 errored, \d+ requests, [\d.]+s; conformance score 100\.0 of 100 over \d+ verified checks, weighted by severity$/m,
    );
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as CheckReport;
    expect(io.err).toContain(`${report.summary.passed} passed`);
  });

  it('no base URL (npm start): stderr names the embedded reference server and the next step, stdout is the report', async () => {
    const { code, io } = await check(['--only', 'health', '-f', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(io.out) as CheckReport;
    expect(io.err.split('\n')).toEqual([
      `restguide: no base URL given: checking the embedded reference server at ${report.target}`,
      'restguide: next, your own API: restguide check <base URL> (add --openapi <document> to check it against its contract)',
      '',
    ]);
    const server = await start((req, res) => sendJson(res, 200, { status: 'UP' }));
    const given = await check([`${server.url}/api`, '--only', 'health', '-f', 'json']);
    expect(given.io.err).not.toMatch(/embedded|next, your own API/);
  });

  it('a report on stdout: no extra summary on stderr', async () => {
    const { io } = await check(['--only', 'health', '-f', 'json']);
    expect(io.err).not.toMatch(/passed/);
  });

  it('--quiet: failures, errors and the summary only', async () => {
    const loud = await check(['--only', 'health,trace']);
    const quiet = await check(['--only', 'health,trace', '--quiet']);
    expect(loud.io.out).toMatch(/✔ health\.health-status/);
    expect(quiet.io.out).not.toMatch(/✔|○/);
    const summary = (out: string) =>
      out
        .trim()
        .split('\n')
        .at(-1)
        ?.replace(/[\d.]+s$/, '');
    expect(summary(quiet.io.out)).toMatch(/^\d+ passed, 0 failed/);
    expect(summary(quiet.io.out)).toBe(summary(loud.io.out));
  });

  it('--quiet still shows a failure with its evidence', async () => {
    const server = await start((req, res) =>
      req.url?.endsWith('/health') ? sendJson(res, 200, { status: 'SIDEWAYS' }) : sendJson(res, 404, {}),
    );
    const { code, io } = await check([`${server.url}/api`, '--only', 'health', '--quiet']);
    expect(code).toBe(1);
    expect(io.out).toMatch(/⚠ health\.health-status .*SIDEWAYS/);
    expect(io.out).toMatch(/→ GET http/);
  });
});

describe('restguide check: a base URL without the API path', () => {
  // Discovery asked for the document where the guide reserves it and where frameworks publish it.
  const ASKED =
    '/doc/openapi.json, /doc/openapi.yaml, /openapi.json, /openapi.yaml, /openapi, /schema, /v3/api-docs, /q/openapi, /v2/api-docs, /api-docs, /api-docs-json, /api-json, /swagger/v1/swagger.json, /swagger.json, /documentation/json, /docs/openapi.json';
  it('nothing answers: exit 2, one line with the likely form of the base URL', async () => {
    const api = await startReferenceServer({ port: 0 });
    try {
      const origin = new URL(api.url).origin;
      const { code, io } = await check([origin, '--format', 'json']);
      expect(code).toBe(2);
      expect(io.err.trim()).toBe(
        `restguide: nothing of an API answers at ${origin}: it, /health and the places an OpenAPI document is published (${ASKED}) answered 404, so there is nothing to check; give the base URL with the API's path (e.g. ${origin}/myApi/v1), or the API's OpenAPI document with --openapi`,
      );
    } finally {
      await api.close();
    }
  });

  it('a wrong base path: the example replaces it, not appends to it', async () => {
    const api = await startReferenceServer({ port: 0 });
    try {
      const origin = new URL(api.url).origin;
      const { code, io } = await check([`${origin}/v1`, '--format', 'json']);
      expect(code).toBe(2);
      expect(io.err.trim()).toBe(
        `restguide: nothing of an API answers at ${origin}/v1: it, /health and the places an OpenAPI document is published (${ASKED}) answered 404, so there is nothing to check; give the base URL with the API's path (e.g. ${origin}/myApi/v1), or the API's OpenAPI document with --openapi`,
      );
      expect(io.err).not.toContain('/v1/myApi');
    } finally {
      await api.close();
    }
  });

  it("with --openapi: the document's servers name the likely base URL", async () => {
    const api = await startReferenceServer({ port: 0 });
    const dir = await mkdtemp(join(tmpdir(), 'restguide-servers-'));
    const file = join(dir, 'openapi.json');
    const document = buildOpenApiDocument();
    await writeFile(file, JSON.stringify({ ...document, servers: [{ url: '/registry/v1' }] }));
    try {
      const origin = new URL(api.url).origin;
      const { code, io } = await check([origin, '--openapi', file]);
      expect(code).toBe(2);
      expect(io.err).toMatch(
        /the profile names resources the API does not have: .*; the OpenAPI document's servers give http:\/\/127\.0\.0\.1:\d+\/registry\/v1: is that the base URL\?$/m,
      );
      expect(io.err).toContain(`${origin}/registry/v1`);
    } finally {
      await api.close();
    }
  });
});

describe('restguide check: coverage and score', () => {
  it('an unrelated description derives no resource: exit 2, one line, reports still written', async () => {
    const api = await startReferenceServer({ port: 0 });
    const dir = await mkdtemp(join(tmpdir(), 'restguide-unrelated-'));
    const file = join(dir, 'other.yaml');
    await writeFile(
      file,
      'openapi: 3.0.3\ninfo: { title: Other, version: "1.0.0" }\npaths:\n  /login:\n    post:\n      responses:\n        "204": { description: done }\n',
    );
    try {
      const { code, io } = await check([api.url, '--openapi', file, '-f', 'json']);
      expect(code).toBe(2);
      const report = JSON.parse(io.out) as CheckReport;
      expect(report.summary.failed).toBe(0);
      expect(report.coverage?.resources).toEqual({ collections: 0, documents: 0, tasks: 0, controllers: 0 });
      expect(io.err).toMatch(
        /^restguide: almost nothing was verified: the target declares no collection, document, task or controller, so only API-wide checks ran; give --openapi with the API's own description, or --profile$/m,
      );
    } finally {
      await api.close();
    }
  });

  it('the score compared with the baseline run: a trend', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-trend-'));
    const baseline = join(dir, 'baseline.json');
    const server = await start(
      (req, res) =>
        req.url?.endsWith('/health')
          ? sendJson(res, 200, { status: 'UP' })
          : sendJson(res, 200, { self: req.url, items: [] }),
      { basePath: '/api' },
    );
    const written = await check([server.url, '--only', 'http,health', '--write-baseline', baseline, '-f', 'json']);
    const score = (JSON.parse(written.io.out) as CheckReport).coverage?.score;
    expect(score).toBeLessThan(100);
    expect(JSON.parse(await readFile(baseline, 'utf8'))).toMatchObject({ score });
    const again = await check([server.url, '--only', 'http,health', '--baseline', baseline]);
    expect(again.io.out).toContain(`conformance score ${score?.toFixed(1)} of 100`);
    expect(again.io.out).toContain(`(baseline ${score?.toFixed(1)}: +0.0)`);
  });
});
