// dependsOn: a check whose root failed on the same resource says "not verified, see <root>" instead of failing again.
import { afterEach, describe, expect, it } from 'vitest';
import { defineCheck, type Dependency } from '../../src/core/engine/define-check.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';

const servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// /a answers 500, /b 200: the root fails on /a only.
async function server(): Promise<FixtureServer> {
  const s = await startFixture((req, res) => sendJson(res, req.url?.startsWith('/a') ? 500 : 200, { items: [] }));
  servers.push(s);
  return s;
}
const profile = { collections: [{ path: '/a' }, { path: '/b' }] };
const meta = (id: string) => ({
  id,
  rule: 'stat-codes',
  severity: 'error' as const,
  writes: false,
  title: `${id} holds`,
  messages: { bad: 'status was {{status}}', other: 'another fault' },
});

const root = defineCheck({
  meta: meta('http.root'),
  appliesTo: 'collection',
  async run(ctx, collection) {
    const page = await ctx.get(collection.firstPage());
    ctx.expect(page.response.status === 200, 'bad', { status: page.response.status }, page);
  },
});
// Fails wherever the root fails, for the same cause; `other` is a fault of its own on every resource when asked.
const dependent = (options: {
  dependsOn: ReadonlyArray<string | Dependency<'bad' | 'other'>>;
  other?: boolean;
  judgesTraffic?: boolean;
}) =>
  defineCheck({
    meta: { ...meta('http.dependent'), ...(options.judgesTraffic ? { evidence: 'traffic' as const } : {}) },
    appliesTo: 'collection',
    dependsOn: options.dependsOn,
    async run(ctx, collection) {
      const page = await ctx.get(collection.firstPage());
      ctx.expect(page.response.status === 200, 'bad', { status: page.response.status }, page);
      if (options.other) ctx.report('other', {}, page);
    },
  });
const line = (r: { id: string; resource: string; status: string; message: string }) =>
  `${r.id} ${r.resource} ${r.status} ${r.message}`;

describe('dependsOn', () => {
  it("skips the dependent where its root failed, with the root's id and words, and sends it nothing there", async () => {
    const s = await server();
    // The dependent listed first, with one worker: it must still wait for its root.
    for (const concurrency of [1, 4]) {
      s.requests.length = 0;
      const report = await runChecks([dependent({ dependsOn: ['http.root'] }), root], profile, {
        baseUrl: s.url,
        concurrency,
      });
      expect(report.results.map(line)).toEqual([
        'http.dependent /a skip not verified, see http.root: status was 500',
        'http.dependent /b pass http.dependent holds',
        'http.root /a fail status was 500',
        'http.root /b pass http.root holds',
      ]);
      expect(s.requests.filter((r) => r.url.startsWith('/a')).length).toBe(1);
    }
  });

  it('runs the dependent as usual when its root is not selected', async () => {
    const s = await server();
    const report = await runChecks([dependent({ dependsOn: ['http.root'] })], profile, { baseUrl: s.url });
    expect(report.results.map((r) => `${r.resource} ${r.status}`)).toEqual(['/a fail', '/b pass']);
  });

  it('waits only for the root failures `when` names', async () => {
    const s = await server();
    const report = await runChecks(
      [root, dependent({ dependsOn: [{ check: 'http.root', when: ['other'] }] })],
      profile,
      { baseUrl: s.url },
    );
    expect(report.results.filter((r) => r.id === 'http.dependent').map((r) => `${r.resource} ${r.status}`)).toEqual([
      '/a fail',
      '/b pass',
    ]);
    const byTest = await runChecks(
      [root, dependent({ dependsOn: [{ check: 'http.root', when: (failure) => failure.message.includes('500') }] })],
      profile,
      { baseUrl: s.url },
    );
    expect(byTest.results.filter((r) => r.id === 'http.dependent').map((r) => `${r.resource} ${r.status}`)).toEqual([
      '/a skip',
      '/b pass',
    ]);
  });

  it('drops only the findings a dependency names; the others stand', async () => {
    const s = await server();
    const only = await runChecks(
      [root, dependent({ dependsOn: [{ check: 'http.root', findings: ['bad'] }] })],
      profile,
      { baseUrl: s.url },
    );
    expect(only.results.filter((r) => r.id === 'http.dependent').map(line)).toEqual([
      'http.dependent /a skip not verified, see http.root: status was 500',
      'http.dependent /b pass http.dependent holds',
    ]);
    const both = await runChecks(
      [root, dependent({ dependsOn: [{ check: 'http.root', findings: ['bad'] }], other: true })],
      profile,
      { baseUrl: s.url },
    );
    expect(
      both.results
        .filter((r) => r.id === 'http.dependent')
        .map((r) => `${r.resource} ${r.status} ${r.messageId} ${r.message}`),
    ).toEqual(
      [
        'http.dependent /a fail other another fault (not verified where http.root failed: see http.root)',
        'http.dependent /b fail other another fault',
      ].map((text) => text.replace(/^http\.dependent /, '')),
    );
  });

  it('never lets a check holding a worker wait for a root that waits for every worker', async () => {
    const s = await server();
    const trafficRoot = defineCheck({
      ...root,
      meta: { ...meta('http.root'), evidence: 'traffic' },
      async run(ctx, collection) {
        await ctx.trafficSettled();
        const page = await ctx.get(collection.firstPage());
        ctx.expect(page.response.status === 200, 'bad', { status: page.response.status }, page);
      },
    });
    const report = await runChecks([trafficRoot, dependent({ dependsOn: ['http.root'] })], profile, {
      baseUrl: s.url,
      concurrency: 1,
      deadlineMs: 5000,
    });
    expect(report.results.filter((r) => r.id === 'http.dependent').map((r) => `${r.resource} ${r.status}`)).toEqual([
      '/a fail',
      '/b pass',
    ]);
    // A dependent that judges the traffic too waits for it.
    const waiting = await runChecks(
      [trafficRoot, dependent({ dependsOn: ['http.root'], judgesTraffic: true })],
      profile,
      { baseUrl: s.url, concurrency: 1, deadlineMs: 5000 },
    );
    expect(waiting.results.filter((r) => r.id === 'http.dependent').map((r) => `${r.resource} ${r.status}`)).toEqual([
      '/a skip',
      '/b pass',
    ]);
  });
});
