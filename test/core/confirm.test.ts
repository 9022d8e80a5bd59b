// confirming(): a fault is reported only when every read repeats it; moving data passes on a clean re-read or skips.
import { afterEach, describe, expect, it } from 'vitest';
import { confirming } from '../../src/core/confirm.js';
import { defineCheck } from '../../src/core/define-check.js';
import { runChecks } from '../../src/core/runner.js';
import type { CollectionTarget } from '../../src/core/target.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';

const servers: FixtureServer[] = [];
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.close())); });

const MESSAGES = { odd: '{{url}} answered the odd value {{value}}' } as const;
const evenValue = defineCheck({
  meta: { id: 'filter.sample-even', rule: 'col-filter', severity: 'error', writes: false, title: 'the value is even', messages: MESSAGES },
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
  const server = await startFixture((_req, res) => sendJson(res, 200, { value: values[Math.min(next++, values.length - 1)] }));
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
