import { afterEach, describe, expect, it } from 'vitest';
import { defineCheck, type AnyCheck } from '../../src/core/engine/define-check.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';

const servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const start = async (...args: Parameters<typeof startFixture>) => {
  const s = await startFixture(...args);
  servers.push(s);
  return s;
};

const meta = (id: string, extra: { writes?: boolean } = {}) => ({
  id,
  rule: 'stat-codes',
  severity: 'error' as const,
  writes: extra.writes ?? false,
  title: `${id} holds`,
  messages: { bad: 'status was {{status}}' },
});

const statusIs200 = defineCheck({
  meta: meta('http.sample-ok'),
  appliesTo: 'collection',
  async run(ctx, collection) {
    const page = await ctx.get(collection.firstPage());
    ctx.expect(page.response.status === 200, 'bad', { status: page.response.status }, page);
  },
});

const okServer = () => start((_req, res) => sendJson(res, 200, { items: [] }));
const profile = { collections: [{ path: '/b' }, { path: '/a' }] };

describe('runChecks', () => {
  it('runs a check once per resource and sorts the results by id then resource', async () => {
    const server = await okServer();
    const report = await runChecks([statusIs200], profile, { baseUrl: server.url });
    expect(report.results.map((r) => [r.id, r.resource, r.status])).toEqual([
      ['http.sample-ok', '/a', 'pass'],
      ['http.sample-ok', '/b', 'pass'],
    ]);
    expect(report.summary).toEqual({
      passed: 2,
      failed: 0,
      skipped: 0,
      errored: 0,
      requests: 2,
      findings: 0,
      transient: { met: {}, retries: 0, waitedMs: 0, gaveUp: 0 },
      cleanups: { cleaned: 0, left: 0 },
    });
    expect(report.tool).toBe('restguide');
  });

  it('records failures with message ids and redacted evidence', async () => {
    const server = await start((_req, res) => sendJson(res, 500, {}));
    const report = await runChecks(
      [statusIs200],
      { collections: [{ path: '/a' }] },
      { baseUrl: server.url, headers: { Authorization: 'Bearer s3cret' } },
    );
    const [result] = report.results;
    expect(result).toMatchObject({ status: 'fail', messageId: 'bad', message: 'status was 500' });
    expect(result?.evidence[0]?.curl).toMatch(/^curl /);
    expect(JSON.stringify(report)).not.toContain('s3cret');
  });

  it('turns a crashing check into an error result, not a crashed run', async () => {
    const server = await okServer();
    const crash = defineCheck({
      meta: meta('http.crash'),
      appliesTo: 'api',
      async run(ctx) {
        await ctx.get('/');
        throw new TypeError('boom');
      },
    });
    const report = await runChecks([crash, statusIs200], profile, { baseUrl: server.url });
    expect(report.results.find((r) => r.id === 'http.crash')).toMatchObject({
      status: 'error',
      message: expect.stringContaining('boom'),
    });
    expect(report.summary.passed).toBe(2);
  });

  it('never passes a check that sent no request or made no assertion', async () => {
    const server = await okServer();
    const silent = defineCheck({
      meta: meta('http.silent'),
      appliesTo: 'api',
      run() {
        /* nothing */
      },
    });
    const blind = defineCheck({
      meta: meta('http.blind'),
      appliesTo: 'api',
      async run(ctx) {
        await ctx.get('/');
      },
    });
    const report = await runChecks([silent, blind], profile, { baseUrl: server.url });
    expect(report.results.map((r) => [r.id, r.status, r.message])).toEqual([
      ['http.blind', 'error', 'the check made no assertion, so it reached no verdict'],
      ['http.silent', 'error', 'the check sent no request, so it reached no verdict'],
    ]);
  });

  it('skips write checks without allowWrites and says why', async () => {
    const server = await okServer();
    const writer = defineCheck({
      meta: meta('create.sample', { writes: true }),
      appliesTo: 'api',
      async run(ctx) {
        await ctx.request({ method: 'POST', url: '/a', json: {} });
        ctx.pass();
      },
    });
    const report = await runChecks([writer], profile, { baseUrl: server.url });
    expect(report.results).toMatchObject([{ status: 'skip', message: 'needs --allow-writes' }]);
    expect(server.requests).toHaveLength(0);
    const allowed = await runChecks([writer], profile, { baseUrl: server.url, allowWrites: true });
    expect(allowed.results).toMatchObject([{ status: 'pass' }]);
  });

  it('reports ctx.skip as skip', async () => {
    const server = await okServer();
    const skipper = defineCheck({
      meta: meta('http.skipper'),
      appliesTo: 'api',
      run(ctx) {
        ctx.skip('no documents in the profile');
      },
    });
    expect((await runChecks([skipper], profile, { baseUrl: server.url })).results).toMatchObject([
      { status: 'skip', message: 'no documents in the profile' },
    ]);
  });

  it('runs a guarded check only on the resources its requires guard accepts', async () => {
    const server = await okServer();
    const guarded = defineCheck({
      ...statusIs200,
      meta: meta('http.sample-guarded'),
      requires: { what: 'collection named /b', test: (c) => c.path === '/b' },
    });
    const report = await runChecks([guarded], profile, { baseUrl: server.url });
    expect(report.results.map((r) => [r.resource, r.status])).toEqual([['/b', 'pass']]);
    expect(server.requests.map((r) => r.url)).toEqual(['/b']);
  });

  it('reports one not-applicable skip, sending nothing, when no resource passes the guard', async () => {
    const server = await okServer();
    const guarded = defineCheck({
      ...statusIs200,
      meta: meta('http.sample-guarded'),
      requires: { what: 'collection with cursor paging', test: (c) => c.paging?.kind === 'cursor' },
    });
    const writer = defineCheck({ ...guarded, meta: meta('create.sample-guarded', { writes: true }) });
    const report = await runChecks([guarded, writer], profile, { baseUrl: server.url, allowWrites: true });
    expect(report.results).toMatchObject([
      {
        id: 'create.sample-guarded',
        status: 'skip',
        resource: '-',
        message: 'not applicable: the target has no collection with cursor paging',
        evidence: [],
      },
      {
        id: 'http.sample-guarded',
        status: 'skip',
        resource: '-',
        message: 'not applicable: the target has no collection with cursor paging',
        evidence: [],
      },
    ]);
    expect(report.summary).toMatchObject({ skipped: 2, passed: 0, requests: 0 });
    expect(server.requests).toHaveLength(0);
  });

  it('reports a check whose kind of resource the target lacks as not applicable', async () => {
    const server = await okServer();
    const onTasks = defineCheck({
      meta: meta('task.sample'),
      appliesTo: 'task',
      async run(ctx, task) {
        await ctx.get(task.path);
        ctx.pass();
      },
    });
    const report = await runChecks([onTasks], profile, { baseUrl: server.url });
    expect(report.results).toMatchObject([
      { status: 'skip', resource: '-', message: expect.stringMatching(/^not applicable: the target has no .*task$/) },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('ends checks still running at the deadline as errors, and returns by itself', async () => {
    const server = await start(() => {
      /* never answers */
    });
    const stuckInCode = defineCheck({
      meta: meta('http.stuck'),
      appliesTo: 'api',
      async run() {
        await new Promise(() => {});
      },
    });
    const started = Date.now();
    const report = await runChecks([statusIs200, stuckInCode], profile, {
      baseUrl: server.url,
      timeoutMs: 60_000,
      deadlineMs: 400,
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(report.results.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect(report.results[0]?.message).toMatch(/deadline/);
  });

  it('logs no read the check itself had pending at the deadline as a cleanup left behind', async () => {
    const server = await start(() => {
      /* never answers */
    });
    // A read-only check that holds a lock (a no-op cleanup) and is stuck in a GET when the run's deadline comes.
    const reader = defineCheck({
      meta: meta('http.reader'),
      appliesTo: 'api',
      async run(ctx) {
        ctx.onCleanup(async () => {});
        await ctx.get('/slow');
      },
    });
    const report = await runChecks([reader], profile, { baseUrl: server.url, timeoutMs: 60_000, deadlineMs: 300 });
    expect(report.results.map((r) => r.status)).toEqual(['error']);
    expect(report.cleanups).toEqual([]);
    expect(report.summary.cleanups).toEqual({ cleaned: 0, left: 0 });
  });

  it('runs cleanups after a failing check', async () => {
    const server = await start((_req, res) => sendJson(res, 201, {}, { location: '/a/1' }));
    const creator = defineCheck({
      meta: meta('create.cleanup', { writes: true }),
      appliesTo: 'api',
      async run(ctx) {
        const created = await ctx.request({ method: 'POST', url: '/a', json: {} });
        ctx.onCleanup(() => ctx.request({ method: 'DELETE', url: created.response.headers.location ?? '' }));
        ctx.report('bad', { status: created.response.status }, created);
      },
    });
    const report = await runChecks([creator], profile, { baseUrl: server.url, allowWrites: true });
    expect(report.results).toMatchObject([{ status: 'fail' }]);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /a', 'DELETE /a/1']);
  });

  it('lists every cleanup write, and one the API kept refusing as left, with its reason', async () => {
    const server = await start((req, res) => {
      if (req.method === 'POST') return sendJson(res, 201, {}, { location: req.url === '/a' ? '/a/1' : '/b/1' });
      if (req.method === 'DELETE' && req.url === '/b/1') return sendJson(res, 429, {}, { 'retry-after': '0' });
      return sendJson(res, 200, {});
    });
    const creator = (path: string) =>
      defineCheck({
        meta: meta(`create.cleanup${path.replace('/', '-')}`, { writes: true }),
        appliesTo: 'api',
        async run(ctx) {
          const created = await ctx.request({ method: 'POST', url: path, json: {} });
          ctx.onCleanup(() => ctx.request({ method: 'DELETE', url: created.response.headers.location ?? '' }));
          ctx.pass();
        },
      });
    const report = await runChecks([creator('/a'), creator('/b')], profile, {
      baseUrl: server.url,
      allowWrites: true,
      retries: 2,
    });
    expect(report.results.map((r) => r.status)).toEqual(['pass', 'pass']);
    expect(report.cleanups).toEqual(
      [
        {
          check: 'create.cleanup-a',
          resource: '/',
          method: 'DELETE',
          url: `${server.url}/a/1`,
          status: 200,
          outcome: 'cleaned',
        },
        {
          check: 'create.cleanup-b',
          resource: '/',
          method: 'DELETE',
          url: `${server.url}/b/1`,
          status: 429,
          outcome: 'left',
          reason: expect.stringMatching(/^the API kept answering 429 \(3 tries over [\d.]+ s\)$/),
        },
      ].sort((a, b) => a.check.localeCompare(b.check)),
    );
    expect(report.summary.cleanups).toEqual({ cleaned: 1, left: 1 });
    expect(report.summary.transient).toMatchObject({ met: { 429: 3 }, retries: 2, gaveUp: 1 });
  });

  it('counts a cleanup DELETE whose first try went through before its connection was cut as cleaned', async () => {
    let deletes = 0;
    const server = await start((req, res) => {
      if (req.method === 'POST') return sendJson(res, 201, {}, { location: '/a/1' });
      if (req.method === 'DELETE' && deletes++ === 0) {
        req.socket.destroy();
        return;
      }
      return sendJson(res, 404, {});
    });
    const creator = defineCheck({
      meta: meta('create.cut-cleanup', { writes: true }),
      appliesTo: 'api',
      async run(ctx) {
        const created = await ctx.request({ method: 'POST', url: '/a', json: {} });
        ctx.onCleanup(() => ctx.request({ method: 'DELETE', url: created.response.headers.location ?? '' }));
        ctx.pass();
      },
    });
    const report = await runChecks([creator], profile, { baseUrl: server.url, allowWrites: true });
    expect(report.cleanups).toEqual([
      {
        check: 'create.cut-cleanup',
        resource: '/',
        method: 'DELETE',
        url: `${server.url}/a/1`,
        status: 404,
        outcome: 'cleaned',
      },
    ]);
    expect(deletes).toBe(2);
  });

  it('selects by id or area and refuses unknown names', async () => {
    const server = await okServer();
    const checks: AnyCheck[] = [
      statusIs200,
      defineCheck({
        meta: meta('trace.other'),
        appliesTo: 'api',
        async run(ctx) {
          await ctx.get('/');
          ctx.pass();
        },
      }),
    ];
    expect(
      (await runChecks(checks, profile, { baseUrl: server.url, only: ['trace'] })).results.map((r) => r.id),
    ).toEqual(['trace.other']);
    expect(
      (await runChecks(checks, profile, { baseUrl: server.url, skip: ['http.sample-ok'] })).results.map((r) => r.id),
    ).toEqual(['trace.other']);
    await expect(runChecks(checks, profile, { baseUrl: server.url, only: ['nope'] })).rejects.toThrow(
      /no check or area named 'nope'/,
    );
  });

  it('blames --only/--skip, not the profile, when they leave no check', async () => {
    const server = await okServer();
    const checks: AnyCheck[] = [
      statusIs200,
      defineCheck({
        meta: meta('trace.other'),
        appliesTo: 'api',
        async run(ctx) {
          await ctx.get('/');
          ctx.pass();
        },
      }),
    ];
    await expect(runChecks(checks, profile, { baseUrl: server.url, only: ['trace'], skip: ['trace'] })).rejects.toThrow(
      /^--skip trace removes every check that --only trace selects: nothing left to run$/,
    );
    await expect(runChecks(checks, profile, { baseUrl: server.url, skip: ['trace', 'http'] })).rejects.toThrow(
      /^--skip trace,http skips every check/,
    );
    expect(server.requests).toEqual([]);
  });
});

describe('ctx.follow and ctx.followRedirect', () => {
  it('stops at a next-link cycle, at the bound, and at another origin', async () => {
    const other = await start((_req, res) => sendJson(res, 200, {}));
    const server = await start((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
      if (req.url?.startsWith('/loop')) sendJson(res, 200, { next: `/loop?page=${page === 3 ? 1 : page + 1}` });
      else if (req.url?.startsWith('/endless')) sendJson(res, 200, { next: `/endless?page=${page + 1}` });
      else sendJson(res, 200, { next: `${other.url}/elsewhere` });
    });
    const seen: Record<string, unknown> = {};
    const follower = defineCheck({
      meta: meta('paging.follower'),
      appliesTo: 'api',
      async run(ctx) {
        for (const path of ['/loop?page=1', '/endless?page=1', '/away']) {
          const result = await ctx.follow(await ctx.get(path), { max: 10 });
          seen[path] = [result.stop, result.exchanges.length];
        }
        ctx.pass();
      },
    });
    const report = await runChecks(
      [follower],
      {},
      { baseUrl: server.url, headers: { authorization: 'Bearer s3cret' } },
    );
    // A link out of the API is not followed: the check fails on it, with the page that named it.
    expect(report.results[0]).toMatchObject({ status: 'fail', messageId: 'outsideApi' });
    expect(report.results[0]?.message).toContain(`${other.url}/elsewhere`);
    expect(report.results[0]?.evidence.map((e) => e.request.url)).toEqual([`${server.url}/away`]);
    expect(seen).toEqual({ '/loop?page=1': ['cycle', 3], '/endless?page=1': ['max', 11] });
    expect(other.requests).toHaveLength(0);
  });

  it('follows a same-origin redirect only when asked, and never carries credentials to another origin', async () => {
    const other = await start((_req, res) => sendJson(res, 200, {}));
    const server = await start((req, res) => {
      if (req.url === '/here') {
        res.writeHead(303, { location: '/there' });
        res.end();
      } else if (req.url === '/away') {
        res.writeHead(302, { location: `${other.url}/x` });
        res.end();
      } else sendJson(res, 200, { ok: true });
    });
    const outcomes: unknown[] = [];
    const redirects = defineCheck({
      meta: meta('http.redirects'),
      appliesTo: 'api',
      async run(ctx) {
        const here = await ctx.get('/here');
        outcomes.push(here.response.status, (await ctx.followRedirect(here))?.response.status);
        outcomes.push(await ctx.followRedirect(await ctx.get('/away')));
        ctx.pass();
      },
    });
    await runChecks([redirects], {}, { baseUrl: server.url, headers: { authorization: 'Bearer s3cret' } });
    expect(outcomes).toEqual([303, 200, undefined]);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer s3cret',
      'Bearer s3cret',
      'Bearer s3cret',
    ]);
    expect(other.requests).toHaveLength(0);
  });
});
