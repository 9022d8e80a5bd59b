// Proof of `check --record` and `check --har`: judging the record of a run reproduces the run's response-level
// verdicts, on the reference server (no finding) and on servers that break one rule (that rule's check fails).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import type { Exchange } from '../../src/core/exchange.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile.js';
import { runChecks } from '../../src/core/runner.js';
import { Redactor } from '../../src/core/secrets.js';
import type { CheckReport } from '../../src/core/types.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { HarRecorder } from '../../src/traffic/har-write.js';
import { readHar } from '../../src/traffic/har-read.js';
import { judgeTraffic } from '../../src/traffic/judge.js';
import { judgesRecordings } from '../../src/traffic/judge-batch.js';
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
    expect(Object.values(verdicts(report, TRAFFIC_CHECKS))).toContain('pass');
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
        (c) => c.judgesTraffic && broken.only.some((area) => c.meta.id.startsWith(`${area}.`)),
      ).map((c) => c.meta.id);
      expect(verdicts(report, judged)).toEqual(verdicts(run, judged));
    }, 60_000);
  }
});
