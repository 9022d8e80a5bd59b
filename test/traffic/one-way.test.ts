// A run and the judging of its recorded exchanges turn a check's run into results one way (runJob of
// src/core/engine/run-job.ts): the same results for the same exchanges, where judge-batch once had its own copy
// that left out the "not verified where <root> failed" notes, a check's own notes and the fold of one fault on
// several URLs.
import { afterEach, describe, expect, it } from 'vitest';
import { defineCheck, type AnyCheck } from '../../src/core/engine/define-check.js';
import { makeResponse, type Exchange } from '../../src/core/engine/exchange.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { isObject } from '../../src/core/util/json.js';
import type { CheckResult } from '../../src/core/report/types.js';
import { judgeTraffic } from '../../src/traffic/judge.js';
import { NEEDS_PROBING } from '../../src/traffic/replay.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';

const servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const meta = (id: string, evidence: 'reads' | 'traffic', messages: Record<string, string>) => ({
  id,
  rule: 'stat-codes',
  severity: 'error' as const,
  writes: false,
  evidence,
  title: `${id} holds`,
  messages,
});

/** A root that fails: GET /broken answers 500. */
const root = defineCheck({
  meta: meta('http.zz-root', 'reads', { bad: '{{url}} answered {{status}}' }),
  appliesTo: 'collection',
  async run(ctx) {
    const broken = await ctx.get('/broken');
    ctx.expect(broken.response.status === 200, 'bad', { url: broken.request.url, status: 500 }, broken);
  },
});

/** One finding of it follows from the root (dropped, with a note), its other assertion holds. */
const dependent = defineCheck({
  meta: meta('http.zz-dependent', 'reads', { fromRoot: 'the root broke it', own: 'the page answered {{status}}' }),
  appliesTo: 'collection',
  dependsOn: [{ check: 'http.zz-root', findings: ['fromRoot'] }],
  async run(ctx, collection) {
    const broken = await ctx.get('/broken');
    ctx.expect(broken.response.status === 200, 'fromRoot', {}, broken);
    const page = await ctx.get(collection.firstPage());
    ctx.expect(page.response.status === 200, 'own', { status: page.response.status }, page);
  },
});

/** A check that says what a bound left unjudged besides its verdict. */
const noted = defineCheck({
  meta: meta('http.zz-noted', 'reads', { own: 'the page answered {{status}}' }),
  appliesTo: 'collection',
  async run(ctx, collection) {
    const page = await ctx.get(collection.firstPage());
    ctx.expect(page.response.status === 200, 'own', { status: page.response.status }, page);
    ctx.note?.('read 1 page of at most 1');
  },
});

/** A check that judges the traffic, reporting one fault per URL (which a run folds into one result). */
const nulls = defineCheck({
  meta: meta('json.zz-nulls', 'traffic', { nullValue: '{{url}}: legacy is null.' }),
  appliesTo: 'api',
  async run(ctx) {
    await ctx.get('/items/1');
    await ctx.get('/items/2');
    await ctx.trafficSettled();
    for (const exchange of ctx.traffic()) {
      const body = exchange.response.json;
      if (isObject(body)) ctx.expect(body['legacy'] !== null, 'nullValue', { url: exchange.request.url }, exchange);
    }
  },
});

/** A check whose read no recording of this run holds: judged in the run, needs probing on the recording. */
const unrecorded = defineCheck({
  meta: meta('http.zz-unrecorded', 'reads', { own: 'answered {{status}}' }),
  appliesTo: 'api',
  async run(ctx) {
    const page = await ctx.get('/items', { headers: { accept: 'application/xml' } });
    ctx.expect(page.response.status === 406, 'own', { status: page.response.status }, page);
  },
});

const api = () =>
  startFixture((req, res) => {
    if (req.url === '/broken') return sendJson(res, 500, { status: 500 });
    if (req.url === '/items' && req.headers.accept === 'application/xml') return sendJson(res, 406, { status: 406 });
    if (req.url === '/items') return sendJson(res, 200, { items: [{ id: 1 }, { id: 2 }] });
    if (req.url === '/items/1' || req.url === '/items/2') return sendJson(res, 200, { id: 1, legacy: null });
    return sendJson(res, 404, { status: 404 });
  }).then((server) => {
    servers.push(server);
    return server;
  });

const PROFILE = { collections: [{ path: '/items' }] };

/** A result as both paths give it: the time a run took is the run's own. */
const comparable = (results: readonly CheckResult[], ids: readonly string[]) =>
  results
    .filter((r) => ids.includes(r.id))
    .map(({ durationMs: _d, offsetMs: _o, ...rest }) => rest)
    .sort((a, b) => `${a.id} ${a.resource} ${a.message}`.localeCompare(`${b.id} ${b.resource} ${b.message}`));

async function runAndJudge(checks: AnyCheck[]) {
  const server = await api();
  const exchanges: Exchange[] = [];
  const run = await runChecks(checks, PROFILE, {
    baseUrl: server.url,
    concurrency: 1,
    onExchange: (exchange) => exchanges.push(exchange),
  });
  async function* each(): AsyncIterable<Exchange> {
    yield* exchanges;
  }
  const { report: recording } = await judgeTraffic(checks, PROFILE, each(), { baseUrl: server.url });
  return { run, recording, base: server.url };
}

describe('a run and the judging of its recording: one way a check becomes a result', () => {
  it("gives the run's results on the run's own exchanges: root notes, a check's notes, folded faults", async () => {
    const ids = ['http.zz-root', 'http.zz-dependent', 'http.zz-noted', 'json.zz-nulls'];
    const { run, recording, base } = await runAndJudge([root, dependent, noted, nulls]);
    expect(recording.summary.requests).toBe(0);
    expect(comparable(recording.results, ids)).toEqual(comparable(run.results, ids));

    // What the two once told apart, in the run's words on both.
    const one = (id: string) => recording.results.filter((r) => r.id === id).map((r) => [r.status, r.message]);
    expect(one('http.zz-root')).toEqual([['fail', `${base}/broken answered 500`]]);
    expect(one('http.zz-dependent')).toEqual([
      ['pass', 'http.zz-dependent holds (not verified where http.zz-root failed: see http.zz-root)'],
    ]);
    expect(one('http.zz-noted')).toEqual([['pass', 'http.zz-noted holds (read 1 page of at most 1)']]);
    const folded = recording.results.filter((r) => r.id === 'json.zz-nulls');
    expect(folded.map((r) => [r.status, r.count, r.urls])).toEqual([
      ['fail', 2, [`${base}/items/1`, `${base}/items/2`]],
    ]);
  }, 30_000);

  it('one fault on several URLs is one result however the traffic is cut into batches (the proxy, long HARs)', async () => {
    const server = await api();
    const exchanges: Exchange[] = [];
    const run = await runChecks([nulls], PROFILE, { baseUrl: server.url, onExchange: (e) => exchanges.push(e) });
    async function* each(): AsyncIterable<Exchange> {
      yield* exchanges;
    }
    // One exchange a batch: each batch finds the fault on one URL, and the verdict folds them as the run did.
    const { report } = await judgeTraffic([nulls], PROFILE, each(), { baseUrl: server.url, batchExchanges: 1 });
    expect(comparable(report.results, ['json.zz-nulls'])).toEqual(comparable(run.results, ['json.zz-nulls']));
    expect(report.results.map((r) => [r.status, r.count])).toEqual([['fail', 2]]);
  }, 30_000);

  it('a read the recording lacks: judged in the run, "needs active probing" naming it on the recording', async () => {
    const { run, recording } = await runAndJudge([unrecorded, noted]);
    expect(run.results.filter((r) => r.id === 'http.zz-unrecorded').map((r) => r.status)).toEqual(['pass']);
    // The recording holds the run's own GET /items with Accept: application/xml, so it judges that one too...
    expect(recording.results.filter((r) => r.id === 'http.zz-unrecorded').map((r) => r.status)).toEqual(['pass']);
    // ...and without it, the check says which request it lacks and gives no verdict.
    const server = await api();
    const plain = await fetch(`${server.url}/items`);
    const lacking: Exchange = {
      request: { method: 'GET', url: `${server.url}/items`, headers: {} },
      response: makeResponse(plain.status, { 'content-type': 'application/json' }, await plain.text(), false),
      durationMs: 0,
    };
    async function* one(): AsyncIterable<Exchange> {
      yield lacking;
    }
    const { report } = await judgeTraffic([unrecorded], PROFILE, one(), { baseUrl: server.url });
    const skipped = report.results.filter((r) => r.id === 'http.zz-unrecorded');
    expect(skipped.map((r) => r.status)).toEqual(['skip']);
    expect(skipped[0]?.message).toMatch(new RegExp(`^${NEEDS_PROBING} \\(.*GET ${server.url}/items`));
  }, 30_000);
});
