// The select, embed, collection and paging checks against a conforming server while other clients write:
// reads of pages, totals, next links and documents move under them, and none of it may show as a failure.
// Before these checks re-read to confirm, 3 or 4 of the 8 runs here failed select.exclude or embed.embedded-map;
// before each compared read was itself confirmed by a re-read, one run in a suite under load failed embed.embedded-map.
// Under CPU load as in a busy CI machine (spinning threads beside the runs):
//   for i in $(seq 20); do RESTGUIDE_BUSY_CORES=2 npx vitest run test/checks/moving-data-load.test.ts || break; done
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { busyCores, busyCoresWanted } from '../helpers/busy-cores.js';
import { startProxy, type Proxy } from '../helpers/proxy.js';
import { startTraffic } from '../helpers/traffic.js';

const AREAS = ['select', 'embed', 'collection', 'paging'];
const RUNS = 8;
const checks = CHECKS.filter((check) => AREAS.includes(check.meta.id.split('.')[0] ?? ''));

interface Churn {
  stop(): Promise<{ writes: number; refused: number }>;
}

/**
 * Writes exactly what these checks compare, in a bounded loop: the first employers' optional `bankruptDate` comes and
 * goes (a selected or embedded representation against its document), and some of them are renamed to the front
 * and back (the first page's items between two reads of it).
 */
function startChurn(baseUrl: string, options: { maxMs: number; maxWrites: number }): Churn {
  const deadline = Date.now() + options.maxMs;
  const counts = { writes: 0, refused: 0 };
  let stopped = false;
  const patch = async (path: string, body: unknown) => {
    counts.writes++;
    const response = await request(`${baseUrl}${path}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/merge-patch+json' },
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    await response.body.dump();
    if (response.statusCode !== 200) counts.refused++;
  };
  const loop = (async () => {
    const page = await request(`${baseUrl}/employers?pageSize=8`);
    const items = ((await page.body.json()) as { items: Array<{ employerId: number; title: string }> }).items;
    // The checks take their samples from the first employers by name; movers renamed to the front join them.
    const movers = items.slice(4);
    for (let n = 0; !stopped && Date.now() < deadline && counts.writes < options.maxWrites; n++) {
      for (const item of items)
        await patch(`/employers/${item.employerId}`, { bankruptDate: n % 2 === 0 ? '2024-02-29' : null });
      const mover = movers[n % movers.length];
      if (mover) await patch(`/employers/${mover.employerId}`, { name: n % 2 === 0 ? `Aa moved ${n}` : mover.title });
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return counts;
    },
  };
}

describe('select, embed, collection and paging checks while other clients read and write', () => {
  let server: ReferenceServer;
  let proxy: Proxy;
  const reports: CheckReport[] = [];
  let load = { requests: 0, writes: 0, errors: 0 };
  let churned = { writes: 0, refused: 0 };

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    // The checks reach it with a remote API's round trip, so writes land between their reads; the writers go direct.
    const basePath = new URL(server.url).pathname;
    proxy = await startProxy(server.origin, basePath, () => {}, undefined, { delayMs: 10 });
    // Renames move seeded employers to the front or the back of the first page; creates and deletes change totals.
    const traffic = startTraffic(server.url, { concurrency: 4, maxMs: 40_000, maxRequests: 20_000 });
    const churn = startChurn(server.url, { maxMs: 40_000, maxWrites: 20_000 });
    const busy = busyCores(busyCoresWanted(), 60_000);
    try {
      for (let run = 0; run < RUNS; run++) {
        reports.push(
          await runChecks(checks, BUILT_IN_PROFILE, {
            baseUrl: `${proxy.origin}${basePath}`,
            allowWrites: false,
            timeoutMs: 5000,
            deadlineMs: 30_000,
          }),
        );
      }
    } finally {
      load = await traffic.stop();
      churned = await churn.stop();
      await busy.stop();
    }
  }, 120_000);
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('runs every check of the four areas', () => {
    expect(checks.length).toBeGreaterThan(15);
    expect(new Set(checks.map((check) => check.meta.id.split('.')[0]))).toEqual(new Set(AREAS));
  });

  it('the load really wrote alongside, without transport errors', () => {
    expect(load.writes).toBeGreaterThan(50);
    expect(load.errors).toBe(0);
    expect(churned.writes).toBeGreaterThan(50);
    expect(churned.refused).toBe(0);
  });

  for (let run = 0; run < RUNS; run++) {
    it(`run ${run + 1}: no check failed or errored`, () => {
      const report = reports[run] as CheckReport;
      const bad = report.results
        .filter((r) => r.status === 'fail' || r.status === 'error')
        .map((r) => `${r.status} ${r.id} ${r.resource}: ${r.message}`);
      expect(bad).toEqual([]);
      expect(report.summary.passed).toBeGreaterThan(checks.length);
    });
  }
});
