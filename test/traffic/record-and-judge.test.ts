// Proof of `check --record` and `check --har`: judging the record of a run reproduces the run's response-level
// verdicts, on the reference server (no finding) and on servers that break one rule (that rule's check fails).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { judgesRecordings } from '../../src/core/engine/define-check.js';
import { makeResponse, type Exchange } from '../../src/core/engine/exchange.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { Redactor } from '../../src/core/report/secrets.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { HarRecorder } from '../../src/traffic/har-write.js';
import { readHar } from '../../src/traffic/har-read.js';
import { judgeTraffic } from '../../src/traffic/judge.js';
import { OperationTally } from '../../src/traffic/operations.js';
import { NEEDS_PROBING } from '../../src/traffic/replay.js';
import { reference, type ServerFactory } from '../helpers/check-harness.js';
import type { Mutator } from '../helpers/proxy.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-har-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const TRAFFIC_CHECKS = CHECKS.filter(judgesRecordings).map((check) => check.meta.id);

/** Runs the checks against a server, recording every exchange; returns the run's report, the HAR and the run's tally. */
async function recordRun(
  server: ServerFactory,
  file: string,
  only?: string[],
): Promise<{ run: CheckReport; base: string; tally: OperationTally }> {
  const running = await server.start();
  const redactor = new Redactor();
  const recorder = new HarRecorder(file, redactor);
  const tally = new OperationTally(buildOpenApiDocument(), running.url);
  try {
    const run = await runChecks(CHECKS, BUILT_IN_PROFILE, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 60_000,
      concurrency: 4,
      probe: true,
      redactor,
      ...(only ? { only } : {}),
      onExchange: (exchange: Exchange) => {
        recorder.add(exchange);
        tally.add(exchange);
      },
    });
    return { run, base: running.url, tally };
  } finally {
    await recorder.close();
    await running.close();
  }
}

const verdicts = (report: CheckReport, ids: readonly string[]) =>
  Object.fromEntries(
    ids.map((id) => {
      const results = report.results.filter((r) => r.id === id);
      const status = results.some((r) => r.status === 'fail')
        ? 'fail'
        : results.some((r) => r.status === 'pass')
          ? 'pass'
          : (results[0]?.status ?? 'absent');
      return [id, status];
    }),
  );

describe("a recording of the reference server's own run, judged", () => {
  it("has no finding, the run's response-level verdicts, and the same operations covered", async () => {
    const file = join(dir, 'reference.har');
    const { run, base, tally } = await recordRun(reference(), file);
    const har = JSON.parse(await readFile(file, 'utf8')) as { log: { version: string; entries: unknown[] } };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.length).toBeGreaterThan(100);

    const { report, counts } = await judgeTraffic(CHECKS, BUILT_IN_PROFILE, readHar(file), {
      baseUrl: base,
      contract: buildOpenApiDocument(),
    });
    expect(counts.judged).toBe(har.log.entries.length);
    expect(report.summary.requests).toBe(0);
    expect(report.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    expect(verdicts(report, TRAFFIC_CHECKS)).toEqual(verdicts(run, TRAFFIC_CHECKS));
    // All 41 (16 traffic checks, 25 that send reads of their own) pass on it, as they pass in the run.
    expect(TRAFFIC_CHECKS.length).toBeGreaterThanOrEqual(41);
    expect(Object.values(verdicts(report, TRAFFIC_CHECKS)).every((verdict) => verdict === 'pass')).toBe(true);
    // The checks that must send their own requests say so rather than pass.
    const probing = report.results.filter((r) => !TRAFFIC_CHECKS.includes(r.id));
    expect(probing.length).toBeGreaterThan(0);
    expect(probing.every((r) => r.status === 'skip' && r.message === NEEDS_PROBING)).toBe(true);

    const covered = (operations: typeof report.coverage) =>
      operations?.operations?.filter((o) => o.exchanges > 0).map((o) => `${o.method} ${o.path}`);
    expect(covered(report.coverage)).toEqual(covered(tally.result() as never));
    expect(covered(report.coverage)?.length).toBeGreaterThan(10);
  }, 120_000);
});

const BROKEN: Array<{ name: string; only: string[]; mutate: Mutator; fails: string }> = [
  {
    name: 'no trace header',
    only: ['trace'],
    mutate: (_req, res) => {
      delete res.headers['belgov-trace-id'];
    },
    fails: 'trace.header-present',
  },
  {
    name: 'problems served as application/json',
    only: ['problem'],
    fails: 'problem.media-type',
    mutate: (_req, res) => {
      if (res.status >= 400) res.headers['content-type'] = 'application/json';
    },
  },
  {
    name: 'a null property',
    only: ['json'],
    fails: 'json.no-null',
    mutate: (req, res) => {
      if (
        req.method === 'GET' &&
        res.status === 200 &&
        res.json &&
        typeof res.json === 'object' &&
        !Array.isArray(res.json)
      )
        (res.json as Record<string, unknown>)['legacyCode'] = null;
    },
  },
  {
    name: 'relative hrefs',
    only: ['link'],
    fails: 'link.absolute',
    mutate: (_req, res) => {
      const body = res.json as { items?: Array<Record<string, unknown>> } | undefined;
      for (const item of body?.items ?? [])
        if (typeof item['href'] === 'string') item['href'] = new URL(item['href']).pathname;
    },
  },
  {
    name: 'a revalidation answered 200, not 304',
    only: ['http.caching'],
    fails: 'http.caching',
    mutate: (req, res) => {
      if (req.headers['if-none-match'] !== undefined && res.status === 304) res.status = 200;
    },
  },
  {
    name: 'no Content-Language',
    only: ['i18n.content-language'],
    fails: 'i18n.content-language',
    mutate: (_req, res) => {
      delete res.headers['content-language'];
    },
  },
  {
    name: 'a collection GET answered 202',
    only: ['http.status-matrix'],
    fails: 'http.status-matrix',
    mutate: (req, res) => {
      if (req.method === 'GET' && req.path.split('?')[0] === '/employers' && res.status === 200) res.status = 202;
    },
  },
  {
    name: 'items listed under `results`',
    only: ['collection.items-array'],
    fails: 'collection.items-array',
    mutate: (_req, res) => {
      const body = res.json as Record<string, unknown> | undefined;
      if (body && Array.isArray(body['items'])) {
        body['results'] = body['items'];
        delete body['items'];
      }
    },
  },
  {
    // With a check whose root it is: paging.full-walk says "not verified, see collection.item-href", as in the run.
    name: 'items without href',
    only: ['collection.item-href', 'paging.full-walk'],
    fails: 'collection.item-href',
    mutate: (_req, res) => {
      for (const item of (res.json as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [])
        delete item['href'];
    },
  },
  {
    name: 'no next link',
    only: ['paging.next-link'],
    fails: 'paging.next-link',
    mutate: (_req, res) => {
      const body = res.json as Record<string, unknown> | undefined;
      if (body && Array.isArray(body['items'])) delete body['next'];
    },
  },
];

describe('recordings of broken servers, judged', () => {
  for (const broken of BROKEN) {
    it(`${broken.name}: ${broken.fails} fails in the run and in the recording`, async () => {
      const file = join(dir, `${broken.fails}.har`);
      const { run, base } = await recordRun(reference({ mutate: broken.mutate }), file, broken.only);
      const { report } = await judgeTraffic(CHECKS, BUILT_IN_PROFILE, readHar(file), {
        baseUrl: base,
        only: broken.only,
      });
      expect(verdicts(run, [broken.fails])).toEqual({ [broken.fails]: 'fail' });
      expect(verdicts(report, [broken.fails])).toEqual({ [broken.fails]: 'fail' });
      const judged = CHECKS.filter(
        (c) =>
          judgesRecordings(c) && broken.only.some((only) => c.meta.id === only || c.meta.id.startsWith(`${only}.`)),
      ).map((c) => c.meta.id);
      expect(verdicts(report, judged)).toEqual(verdicts(run, judged));
      // In the run's words: each failure of the run is a failure of the recording (which may see more answers).
      const failures = (r: CheckReport) =>
        r.results
          .filter((x) => x.id === broken.fails && x.status === 'fail')
          .map((x) => x.message.replace(/ \(seen (in \d+ answers|on \d+ URLs: .*|\d+ times)\)/, ''));
      expect(failures(report)).toEqual(expect.arrayContaining(failures(run)));
      // A check whose root failed says so in the recording as in the run.
      const seeRoot = (r: CheckReport) =>
        r.results.filter((x) => x.message.startsWith('not verified, see ')).map((x) => `${x.id} ${x.resource}`);
      expect(seeRoot(report)).toEqual(seeRoot(run));
      if (broken.only.includes('paging.full-walk'))
        expect(seeRoot(report).filter((x) => x.startsWith('paging.full-walk ')).length).toBeGreaterThan(0);
    }, 60_000);
  }
});

/** A GET as a browser or an end-to-end suite sends it (not restguide's requests), as recorded. */
async function browserGet(url: string, headers: Record<string, string> = {}): Promise<Exchange> {
  const sent = { accept: 'application/json', 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.5', ...headers };
  const response = await fetch(url, { headers: sent });
  const received: Record<string, string> = {};
  response.headers.forEach((value, name) => (received[name] = value));
  return {
    request: { method: 'GET', url, headers: sent },
    response: makeResponse(response.status, received, await response.text(), false),
    durationMs: 0,
  };
}

async function* each(exchanges: Exchange[]): AsyncIterable<Exchange> {
  yield* exchanges;
}

const EVIDENCE_CHECKS = [
  'collection.items-array',
  'collection.item-href',
  'http.caching',
  'http.status-matrix',
  'i18n.content-language',
  'paging.next-link',
  'paging.page-size-honoured',
];

describe("a recording of other clients' traffic, judged", () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const running = await reference().start();
    base = running.url;
    close = () => running.close();
  });
  afterAll(async () => {
    await close();
  });

  const judge = async (exchanges: Exchange[], only = EVIDENCE_CHECKS) => {
    const { report } = await judgeTraffic(CHECKS, BUILT_IN_PROFILE, each(exchanges), { baseUrl: base, only });
    return (id: string) => report.results.filter((r) => r.id === id);
  };

  it('judges the pages and documents it holds, and says what needs probing where it holds no evidence', async () => {
    const page = await browserGet(`${base}/employers`);
    const href = (page.response.json as { items: Array<{ href: string }> }).items[0]?.href ?? '';
    const document = await browserGet(href);
    expect(document.response.headers['etag']).toBeDefined();
    const results = await judge([page, document, await browserGet(`${base}/employers?pageSize=2`)]);

    // The shape of a page, the statuses and the page size asked are judged on what was recorded.
    for (const id of ['collection.items-array', 'collection.item-href', 'http.status-matrix'])
      expect(results(id).map((r) => r.status)).toContain('pass');
    const sized = results('paging.page-size-honoured');
    expect(sized.filter((r) => r.resource === '/employers').map((r) => r.status)).toEqual(['pass']);
    // The collections the recording holds no page of are not verified, and say so.
    expect(sized.filter((r) => r.resource !== '/employers').map((r) => r.status)).toEqual(['skip', 'skip']);
    expect(sized.every((r) => r.status === 'pass' || r.message.startsWith(NEEDS_PROBING))).toBe(true);
    // No revalidation, no walk of the pages, no answer in one language: not verified, and saying so.
    const caching = results('http.caching');
    expect(caching.map((r) => r.status)).toEqual(['skip']);
    expect(caching[0]?.message).toMatch(/^needs active probing: .*If-None-Match: "[^"]+" is not in the recording/);
    for (const id of ['i18n.content-language', 'paging.next-link'])
      for (const result of results(id)) {
        expect(result.status).toBe('skip');
        expect(result.message.startsWith(NEEDS_PROBING)).toBe(true);
      }
  }, 30_000);

  it('judges the paging links and next link of a recorded page, and the page it links when recorded', async () => {
    const second = await browserGet(`${base}/employers?page=2&pageSize=2`);
    const body = second.response.json as Record<string, unknown>;
    expect(typeof body['prev']).toBe('string');
    const third = await browserGet(String(body['next']));
    const linksOf = async (exchanges: Exchange[]) =>
      (await judge(exchanges, ['paging.links-consistent']))('paging.links-consistent').filter(
        (r) => r.resource === '/employers',
      );
    expect((await linksOf([second, third])).map((r) => r.status)).toEqual(['pass']);

    // `prev` of page 2 pointing at page 3 breaks it, as in a run.
    const wrongPrev = { ...body, prev: String(body['next']) };
    const broken = {
      ...second,
      response: makeResponse(200, second.response.headers, JSON.stringify(wrongPrev), false),
    };
    expect((await linksOf([broken, third])).map((r) => [r.status, r.messageId])).toEqual([['fail', 'prevNotPrevious']]);
    // paging.next-link: a page short of `total` must link the next one.
    const nextOf = async (exchanges: Exchange[]) =>
      (await judge(exchanges, ['paging.next-link']))('paging.next-link').filter((r) => r.resource === '/employers');
    expect((await nextOf([second])).map((r) => r.status)).toEqual(['pass']);
    const { next: _next, ...withoutNext } = body;
    const cut = { ...second, response: makeResponse(200, second.response.headers, JSON.stringify(withoutNext), false) };
    expect((await nextOf([cut])).map((r) => [r.status, r.messageId])).toEqual([['fail', 'missingNext']]);
    // A recording with no page of the collection: not verified.
    const absent = await browserGet(`${base}/employers/5999999999`);
    for (const none of [await linksOf([absent]), await nextOf([absent])]) {
      expect(none.map((r) => r.status)).toEqual(['skip']);
      expect(none[0]?.message.startsWith(NEEDS_PROBING)).toBe(true);
    }
  }, 30_000);

  it('judges a recorded revalidation: 304 passes, 200 fails as in a run', async () => {
    const page = await browserGet(`${base}/employers`);
    const href = (page.response.json as { items: Array<{ href: string }> }).items[0]?.href ?? '';
    const document = await browserGet(href);
    const etag = document.response.headers['etag'] ?? '';
    const revalidated = await browserGet(href, { 'if-none-match': etag });
    expect(revalidated.response.status).toBe(304);
    const passed = await judge([page, document, revalidated]);
    expect(passed('http.caching').map((r) => r.status)).toEqual(['pass']);

    const answered200 = {
      ...revalidated,
      response: makeResponse(200, document.response.headers, document.response.text, false),
    };
    const failed = await judge([page, document, answered200]);
    expect(failed('http.caching').map((r) => [r.status, r.messageId])).toEqual([['fail', 'not304']]);
  }, 30_000);

  it('judges Content-Language where a URL is recorded in several languages', async () => {
    const absent = `${base}/employers/5999999999`;
    const answers = await Promise.all(
      ['nl', 'fr'].map((language) => browserGet(absent, { 'accept-language': language })),
    );
    expect(answers.map((a) => a.response.headers['content-language'])).toEqual(['nl', 'fr']);
    expect((await judge(answers))('i18n.content-language').map((r) => r.status)).toEqual(['pass']);

    const stripped = answers.map((a) => {
      const { 'content-language': _dropped, ...headers } = a.response.headers;
      return { ...a, response: makeResponse(a.response.status, headers, a.response.text, false) };
    });
    const failed = (await judge(stripped))('i18n.content-language');
    expect(failed.map((r) => [r.status, r.messageId])).toEqual([
      ['fail', 'missing'],
      ['fail', 'missing'],
    ]);
  }, 30_000);
});
