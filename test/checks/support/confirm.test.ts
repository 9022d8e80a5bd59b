// confirming(): a fault is reported only when every attempt repeats it on reads that a re-read of each confirms;
// moving data passes on a clean attempt or skips, never fails.
import { afterEach, describe, expect, it } from 'vitest';
import { confirming } from '../../../src/checks/support/confirm.js';
import { defineCheck } from '../../../src/core/engine/define-check.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CollectionTarget } from '../../../src/core/profile/target.js';
import { sendJson, startFixture, type FixtureServer } from '../../helpers/fixture-server.js';

const servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const MESSAGES = { odd: '{{url}} answered the odd value {{value}}' } as const;
const evenValue = defineCheck({
  meta: {
    id: 'filter.sample-even',
    rule: 'col-filter',
    severity: 'error',
    writes: false,
    title: 'the value is even',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  run: confirming(MESSAGES, async (ctx, collection: CollectionTarget) => {
    const page = await ctx.get(collection.path);
    const value = Number((page.response.json as { value: number }).value);
    ctx.expect(value % 2 === 0, 'odd', { url: page.request.url, value }, page);
  }),
});

/** A server answering the given values in turn (the last one repeats). */
async function answering(values: number[]) {
  let next = 0;
  const server = await startFixture((_req, res) =>
    sendJson(res, 200, { value: values[Math.min(next++, values.length - 1)] }),
  );
  servers.push(server);
  return server;
}

const run = async (values: number[]) => {
  const server = await answering(values);
  const report = await runChecks([evenValue], { collections: [{ path: '/c' }] }, { baseUrl: server.url });
  return { result: report.results[0], requests: server.requests.length };
};

describe('confirming', () => {
  it('a fault every read repeats is a fail, reported once with its evidence', async () => {
    const { result, requests } = await run([3]);
    expect(result).toMatchObject({ status: 'fail', messageId: 'odd' });
    expect(result?.evidence.length).toBe(1);
    expect(requests).toBe(3);
  });

  it('a fault that a re-read does not repeat (the data moved) passes on the clean read', async () => {
    expect((await run([3, 4])).result?.status).toBe('pass');
  });

  it('faults that differ on every read end as skip with the reason, never fail', async () => {
    const { result } = await run([3, 5, 7]);
    expect(result?.status).toBe('skip');
    expect(result?.message).toMatch(/could not confirm a failing observation: ".*odd value 3" did not repeat/);
  });

  it('a clean first read is one read', async () => {
    expect(await run([4])).toMatchObject({ result: { status: 'pass' }, requests: 1 });
  });
});

// A comparing check: the document's value must equal the one its list shows.
const PAIR = { differs: 'the list shows {{listed}}, the document {{actual}}' } as const;
const listedAsDocument = defineCheck({
  meta: {
    id: 'embed.sample-pair',
    rule: 'col-embed',
    severity: 'error',
    writes: false,
    title: 'the list shows the document',
    messages: PAIR,
  },
  appliesTo: 'collection',
  run: confirming(PAIR, async (ctx, collection: CollectionTarget) => {
    const list = await ctx.get(collection.path);
    const document = await ctx.get(`${collection.path}/1`);
    const listed = (list.response.json as { value: number }).value;
    const actual = (document.response.json as { value: number }).value;
    ctx.expect(listed === actual, 'differs', { listed, actual }, list, document);
  }),
});

/** The list and the document of one value; `documentAt(n)` answers the document's n-th read (from 0). */
async function pairServer(
  list: () => number,
  documentAt: (n: number) => { value: number; etag?: string; readAt?: number },
) {
  let reads = 0;
  const server = await startFixture((req, res) => {
    if (req.url === '/c') return sendJson(res, 200, { value: list() });
    const { etag, ...body } = documentAt(reads++);
    sendJson(res, 200, body, etag ? { etag } : {});
  });
  servers.push(server);
  const report = await runChecks([listedAsDocument], { collections: [{ path: '/c' }] }, { baseUrl: server.url });
  return { result: report.results[0], requests: server.requests };
}

describe('confirming a comparison of two reads', () => {
  it('a difference that holds on every read, each confirmed by a re-read, is a fail', async () => {
    const { result, requests } = await pairServer(
      () => 1,
      () => ({ value: 2 }),
    );
    expect(result).toMatchObject({ status: 'fail', messageId: 'differs', message: 'the list shows 1, the document 2' });
    // Three attempts of two reads, each followed by a re-read of both.
    expect(requests.length).toBe(12);
  });

  it('a document that changes on every read is never blamed: skip, the resource changed during the run', async () => {
    // Another client writes between every two reads: the list lags one version behind the document.
    let version = 0;
    const { result } = await pairServer(
      () => version - 1,
      (n) => {
        version = n + 1;
        return { value: version, etag: `"v${version}"` };
      },
    );
    expect(result?.status).toBe('skip');
    expect(result?.message).toMatch(
      /^could not confirm "the list shows -?\d+, the document \d+": the resource changed during the run \(http:\/\/127\.0\.0\.1:\d+\/c(\/1)? answered differently/,
    );
  });

  it('an entity tag that holds decides, whatever else the body carries (a read time)', async () => {
    const { result } = await pairServer(
      () => 1,
      (n) => ({ value: 2, etag: '"v7"', readAt: n }),
    );
    expect(result?.status).toBe('fail');
  });

  it('without entity tags a body that differs on re-reading is a change', async () => {
    const { result } = await pairServer(
      () => 1,
      (n) => ({ value: 2, readAt: n }),
    );
    expect(result?.status).toBe('skip');
    expect(result?.message).toMatch(
      /the resource changed during the run \(http:\/\/127\.0\.0\.1:\d+\/c\/1 answered differently/,
    );
  });
});
