// A HAR written by a real browser (headless Chromium through playwright-core, recordHar) of the reference
// server, judged: no finding, and what the browser fetched is counted per operation.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { readHar } from '../../src/traffic/har-read.js';
import { judgeTraffic } from '../../src/traffic/judge.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(`browser-har.browser.test: ${CHROMIUM} not found (apt-get install -y chromium); skipped`);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-browser-har-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)('a HAR recorded by Chromium', () => {
  it('of the reference server, judged: no finding; its operations covered', async () => {
    const server = await startReferenceServer({ port: 0 });
    const file = join(dir, 'chromium.har');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      timeout: 30_000,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const context = await browser.newContext({ recordHar: { path: file, content: 'embed' } });
      const page = await context.newPage();
      await page.goto(`${server.url}/employers?pageSize=3`);
      // What a single-page app would fetch: pages, a document, an absent one, a problem.
      await page.evaluate(async (base) => {
        for (const path of [
          '/employers?pageSize=2&page=2',
          '/employers/93017373',
          '/companies?pageSize=2',
          '/employers/1',
          '/employers/abc',
          '/health',
        ]) {
          await (await fetch(`${base}${path}`, { headers: { accept: 'application/json' } })).text();
        }
      }, server.url);
      await context.close();
    } finally {
      await browser.close();
      await server.close();
    }
    const { report, counts } = await judgeTraffic(CHECKS, BUILT_IN_PROFILE, readHar(file), {
      baseUrl: server.url,
      contract: buildOpenApiDocument(),
    });
    expect(counts.judged).toBeGreaterThanOrEqual(7);
    expect(report.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    expect(report.summary.passed).toBeGreaterThan(8);
    const exercised = report.coverage?.operations?.filter((o) => o.exchanges > 0).map((o) => `${o.method} ${o.path}`);
    expect(exercised).toEqual(
      expect.arrayContaining(['GET /employers', 'GET /employers/{employerId}', 'GET /companies', 'GET /health']),
    );
  }, 90_000);
});
