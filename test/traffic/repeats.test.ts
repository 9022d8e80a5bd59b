// The proxy's checks that judge the traffic see a read that repeats one of its batch once (TrafficJudge's
// `repeatsOnce`), and the worker reads a repeated copy once (ExchangeReader): the report is exactly what judging
// every exchange gives, on an API that passes and on one that fails (a paging check that scans the recorded pages
// itself among them), with a document's profile and with the model read from the traffic.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import type { Exchange } from '../../src/core/engine/exchange.js';
import { BUILT_IN_PROFILE, type Profile } from '../../src/core/profile/profile.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { isObject } from '../../src/core/util/json.js';
import { TrafficJudge } from '../../src/traffic/judge.js';
import { ExchangeReader } from '../../src/traffic/proxy-exchange.js';
import type { ExchangeCopy } from '../../src/traffic/proxy-messages.js';
import { reference, type RunningServer } from '../helpers/check-harness.js';

/** Reads as a client repeats them: pages, documents, errors (each with its own problem instance), a language. */
const READS: Array<[string, Record<string, string>]> = [
  ['/employers?pageSize=3', {}],
  ['/employers/93017373', {}],
  ['/employers?pageSize=2&page=2', {}],
  ['/employers/1', {}],
  ['/companies?pageSize=2', {}],
  ['/employers/abc', {}],
  ['/health', {}],
  ['/employers?pageSize=3', { 'accept-language': 'fr' }],
  ['/restguideUnknown', {}],
];
/** Each read 5 times, the order turned each round: batches of 20 hold repeats, and end between a read's repeats. */
const ROUNDS = 5;
const BATCH = 20;

/** One Date for every answer: a read repeats one of its batch whatever second it came in. */
const DATE = 'Sun, 29 Nov 2026 08:00:00 GMT';

let passing: RunningServer;
let failing: RunningServer;
beforeAll(async () => {
  passing = await reference({
    mutate: (_request, response) => {
      response.headers['date'] = DATE;
    },
  }).start();
  // Breaks json.no-null and problem.no-leaks on every answer, repeats included, and paging.next-link (a check that
  // scans the recorded pages itself) on the first page of employers.
  failing = await reference({
    mutate: (request, response) => {
      response.headers['date'] = DATE;
      response.headers['x-powered-by'] = 'Express';
      if (!isObject(response.json)) return;
      const { next: _next, ...page } = response.json;
      response.json = { ...(request.path.startsWith('/employers?') ? page : response.json), bankAccount: null };
    },
  }).start();
});
afterAll(async () => {
  await passing?.close();
  await failing?.close();
});

/** The exchanges as the proxy forwards them: copies in the order answered, each read as the worker reads it. */
async function traffic(baseUrl: string): Promise<{ copies: ExchangeCopy[]; exchanges: Exchange[] }> {
  const { origin, pathname } = new URL(baseUrl);
  const copies: ExchangeCopy[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (let i = 0; i < READS.length; i++) {
      const [path, headers] = READS[(i + round) % READS.length]!;
      const target = `${pathname}${path}`;
      const startedAt = Date.now();
      const answer = await request(`${origin}${target}`, { headers });
      copies.push({
        method: 'GET',
        target,
        requestHeaders: Object.entries({ host: new URL(origin).host, ...headers }).flat(),
        status: answer.statusCode,
        responseHeaders: answer.headers,
        responseBody: { text: await answer.body.text() },
        truncated: false,
        durationMs: 1,
        startedAt,
      });
    }
  const reader = new ExchangeReader(baseUrl);
  return { copies, exchanges: copies.map((copy) => reader.read(copy)) };
}

async function judged(
  baseUrl: string,
  profile: Profile,
  exchanges: Exchange[],
  repeatsOnce: boolean,
): Promise<{ report: CheckReport; judge: TrafficJudge }> {
  const judge = await TrafficJudge.open(CHECKS, profile, { baseUrl, batchExchanges: BATCH, repeatsOnce });
  for (const exchange of exchanges) if (judge.add(exchange)) await judge.judgePending();
  await judge.judgePending();
  return { report: judge.report(), judge };
}

/** A report but for when it was made and how long judging took. */
const verdicts = (report: CheckReport) => ({ ...report, startedAt: '', durationMs: 0 });

describe.each([
  ['a document', BUILT_IN_PROFILE],
  ['the traffic', {}],
])('repeated reads judged once, the model from %s', (_name, profile: Profile) => {
  it('an API that passes: the same report, repeats left out of the judging', async () => {
    const { exchanges } = await traffic(passing.url);
    const whole = await judged(passing.url, profile, exchanges, false);
    const once = await judged(passing.url, profile, exchanges, true);
    expect(verdicts(once.report)).toEqual(verdicts(whole.report));
    expect(once.judge.counts).toEqual(whole.judge.counts);
    expect(whole.report.summary.passed).toBeGreaterThan(10);
    expect(whole.judge.repeats).toBe(0);
    // Every round but the first repeats some read of its batch (the trace ids differ; those are no part of it).
    expect(once.judge.repeats).toBeGreaterThan(READS.length);
  });

  it('an API that fails: the same findings, tallies and evidence', async () => {
    const { exchanges } = await traffic(failing.url);
    const whole = await judged(failing.url, profile, exchanges, false);
    const once = await judged(failing.url, profile, exchanges, true);
    expect(verdicts(once.report)).toEqual(verdicts(whole.report));
    const failed = whole.report.results.filter((r) => r.status === 'fail').map((r) => r.id);
    expect(failed).toEqual(expect.arrayContaining(['json.no-null', 'paging.next-link', 'problem.no-leaks']));
    expect(once.judge.repeats).toBeGreaterThan(READS.length);
  });
});

describe('ExchangeReader', () => {
  it('reads a repeated copy as it reads a copy alone: the same exchange, its own headers and times', async () => {
    const { copies, exchanges } = await traffic(passing.url);
    const alone = copies.map((copy) => new ExchangeReader(passing.url).read(copy));
    const plain = (exchange: Exchange) => ({ ...exchange, response: { ...exchange.response, json: undefined } });
    expect(exchanges.map(plain)).toEqual(alone.map(plain));
    expect(exchanges.map((e) => e.response.json)).toEqual(alone.map((e) => e.response.json));
    // Each repeat keeps its own trace id: read through the shortcut, yet its own answer.
    const health = exchanges.filter((e) => e.request.url.endsWith('/health'));
    expect(health.length).toBe(ROUNDS);
    expect(new Set(health.map((e) => e.response.headers['belgov-trace-id'])).size).toBe(ROUNDS);
  });
});
