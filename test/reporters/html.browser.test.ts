// Opens the HTML reports in Debian's headless Chromium (never a downloaded browser) and checks what renders.
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCheckBaseline, checkBaselineOf } from '../../src/core/report/baseline.js';
import { main } from '../../src/cli/main.js';
import { renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { checkReport, HOSTILE_BODY } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';
import { reference } from '../helpers/check-harness.js';
import { captureIo } from '../helpers/io.js';

const CHROMIUM = '/usr/bin/chromium';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** WCAG's contrast ratio of two `rgb()`/`rgba()` colours (opaque ones, as the badges' are). */
function contrast(one: string, two: string): number {
  const luminance = (colour: string): number => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}
const hasChromium = existsSync(CHROMIUM);
// CI installs Debian's Chromium (.ci/run): there the report must be seen in a browser, never skipped.
if (!hasChromium && process.env.CI) throw new Error(`${CHROMIUM} not found: CI must install Debian's chromium`);
if (!hasChromium)
  console.warn(`html.browser.test: ${CHROMIUM} not found (apt-get install -y chromium); browser tests skipped`);

let browser: Browser | undefined;
let dir = '';

interface Opened {
  page: Page;
  external: string[];
  dialogs: string[];
  errors: string[];
}

async function open(htmlText: string, name: string): Promise<Opened> {
  const file = join(dir, name);
  await writeFile(file, htmlText);
  const page = await browser!.newPage();
  const opened: Opened = { page, external: [], dialogs: [], errors: [] };
  // Anything but the file itself is a network request the report must not make: record and block it.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file://')) return route.continue();
    opened.external.push(url);
    return route.abort();
  });
  page.on('dialog', (dialog) => {
    opened.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => opened.errors.push(error.message));
  await page.goto(pathToFileURL(file).href);
  return opened;
}

// checkVisibility: also false inside a closed <details>, where offsetParent may still be set.
const visibleCount = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll(
      (nodes) => nodes.filter((n) => (n as unknown as { checkVisibility(): boolean }).checkVisibility()).length,
    );

describe.skipIf(!hasChromium)('html reporter in Chromium', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'restguide-html-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
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
      timeout: 30_000,
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  describe('check report', () => {
    let opened: Opened;
    beforeAll(async () => {
      opened = await open(renderCheckReport('html', checkReport(), { color: false }), 'check.html');
    }, 30_000);

    it('shows the summary and counts by area', async () => {
      const { page } = opened;
      await expect(page.locator('#summary').textContent()).resolves.toContain(
        '3 passed, 4 failed, 1 skipped, 1 errored, 42 requests',
      );
      const paging = page.locator('#areas tr[data-area="paging"]');
      expect(await paging.locator('td').allTextContents()).toEqual(['paging', '0', '2', '1', '0', '0', '0']);
      expect(await page.locator('#areas tbody tr').count()).toBe(6);
    });

    it("reveals a failure's evidence and curl line when expanded", async () => {
      const { page } = opened;
      const item = page.locator('.check[data-check="problem.type-urn"] li.result');
      const body = item.locator('pre.body');
      await expect(body.isVisible()).resolves.toBe(false);
      await item.locator('summary').click();
      await expect(body.isVisible()).resolves.toBe(true);
      expect(await body.textContent()).toBe(HOSTILE_BODY);
      expect(await item.locator('pre.request').textContent()).toContain('GET http://127.0.0.1:4010/employers/xyz');
      expect(await item.locator('pre.response').textContent()).toContain('400');
      expect(await item.locator('.curl pre').textContent()).toBe(
        "curl -i -X GET 'http://127.0.0.1:4010/employers/xyz' -H 'Accept: application/json' -H 'Authorization: [redacted]'",
      );
      await expect(item.locator('button.copy').isVisible()).resolves.toBe(true);
    });

    it('does not execute a hostile body and requests nothing from the network', async () => {
      const { page, external, dialogs, errors } = opened;
      expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('li.result script, li.result img').count()).toBe(0);
      expect(dialogs).toEqual([]);
      expect(external).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('hides passes when the pass status is unchecked', async () => {
      const { page } = opened;
      await page.locator('details#others > summary').click();
      expect(await visibleCount(page, 'li.result[data-status="pass"]')).toBe(3);
      await page.locator('input[data-filter="status"][value="pass"]').uncheck();
      expect(await visibleCount(page, 'li.result[data-status="pass"]')).toBe(0);
      expect(await visibleCount(page, 'li.result[data-status="fail"]')).toBe(4);
      // health holds only a pass: its whole section hides.
      await expect(page.locator('section.group[data-group="health"]').isVisible()).resolves.toBe(false);
      await page.locator('input[data-filter="status"][value="pass"]').check();
      expect(await visibleCount(page, 'li.result')).toBe(9);
    });

    it('filters by area', async () => {
      const { page } = opened;
      expect(await page.locator('details#others').getAttribute('open')).not.toBeNull();
      await page.locator('select[data-filter="area"]').selectOption('paging');
      expect(await visibleCount(page, 'li.result')).toBe(3);
      expect(await visibleCount(page, 'li.result[data-area="paging"]')).toBe(3);
      await expect(page.locator('#shown').textContent()).resolves.toBe('3 of 9 shown');
      await page.locator('select[data-filter="area"]').selectOption('');
      expect(await visibleCount(page, 'li.result')).toBe(9);
    });

    it('shows failures first and keeps passes and skips collapsed until asked', async () => {
      const { page } = await open(renderCheckReport('html', checkReport(), { color: false }), 'collapsed.html');
      expect(await page.locator('details#others').getAttribute('open')).toBeNull();
      expect(await visibleCount(page, 'li.result[data-status="pass"]')).toBe(0);
      expect(await visibleCount(page, 'li.result[data-status="skip"]')).toBe(0);
      expect(await visibleCount(page, '#failures li.result')).toBe(5);
      const order = await page
        .locator('li.result')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
      expect(order.slice(0, 5).every((status) => status === 'fail' || status === 'error')).toBe(true);
      await expect(page.locator('details#others > summary').textContent()).resolves.toBe(
        'Passed, skipped and fixed (4)',
      );
      await page.close();
    });

    it('gives each item its severity and a link to its guide rule', async () => {
      const { page } = opened;
      const item = page.locator('.check[data-check="select.fields"] li.result');
      await expect(item.locator('.badge.sev-info').textContent()).resolves.toBe('info');
      expect(await page.locator('li.result').count()).toBe(
        await page.locator('li.result .badge[class*="sev-"]').count(),
      );
      const head = page.locator('.check[data-check="paging.next-link"] .check-head');
      await expect(head.locator('.badge.sev-error').textContent()).resolves.toBe('error');
      // "errored" is the status, "error" the severity: an errored check reads so, whatever its severity.
      const errored = page.locator('li.result[data-status="error"]');
      await expect(errored.locator('.badge.s-error').textContent()).resolves.toBe('errored');
      expect((await page.locator('#filter-status label').allTextContents()).map((text) => text.trim())).toEqual([
        'pass',
        'fail',
        'skip',
        'errored',
      ]);
      expect(await page.locator('#resources thead th').allTextContents()).toEqual([
        'resource',
        'worst',
        'fail',
        'errored',
        'pass',
        'skip',
      ]);
      expect(await head.locator('a.guide').getAttribute('href')).toBe(
        'https://www.belgif.be/specification/rest/api-guide/#rule-col-paging',
      );
      expect(await page.locator('#others li.result[data-status="pass"] a.guide').first().getAttribute('href')).toMatch(
        /^https:\/\/www\.belgif\.be\/specification\/rest\/api-guide\/#rule-/,
      );
    });

    it('says pass or fail at a glance, with the exit code and its reason', async () => {
      const { page } = opened;
      await expect(page.locator('#banner.v-fail strong').textContent()).resolves.toBe('✖ Failed');
      const failing = await open(
        renderCheckReport('html', checkReport(), { color: false, failOn: 'warning', exitCode: 1 }),
        'banner-fail.html',
      );
      await expect(failing.page.locator('#banner.v-fail').textContent()).resolves.toContain('Failed: exit 1');
      await expect(failing.page.locator('#banner .reason').textContent()).resolves.toBe(
        '3 failures at or above --fail-on warning (2 errors, 1 warning); 1 check errored, so the run could not verify everything',
      );
      await failing.page.close();
      const passes = checkReport({
        results: checkReport().results.filter((r) => r.status === 'pass' || r.severity === 'info'),
      });
      const passing = await open(
        renderCheckReport('html', passes, { color: false, failOn: 'warning', exitCode: 0 }),
        'banner-pass.html',
      );
      await expect(passing.page.locator('#banner.v-pass').textContent()).resolves.toContain('Passed: exit 0');
      await expect(passing.page.locator('#banner .reason').textContent()).resolves.toBe(
        'no failure at or above --fail-on warning (1 failure below it)',
      );
      await expect(passing.page.locator('#failures').textContent()).resolves.toContain(
        'Failures and errored checks (1)',
      );
      await passing.page.close();
    });

    it('groups repeated findings of one check under it with a count, and ranks resources worst first', async () => {
      const results = checkReport().results;
      const next = results.find((r) => r.id === 'paging.next-link')!;
      const repeated = [
        ...results,
        // Other faults of the check (a fault alike on each would fold into one result listing the resources).
        { ...next, resource: 'http://127.0.0.1:4010/companies', message: `${next.message} On page 2.` },
        { ...next, resource: 'http://127.0.0.1:4010/appendices', message: `${next.message} On page 3.` },
      ];
      const { page } = await open(
        renderCheckReport('html', checkReport({ results: repeated }), { color: false }),
        'grouped.html',
      );
      const group = page.locator('.check[data-check="paging.next-link"]');
      await expect(group.locator('.count').textContent()).resolves.toBe('×3');
      expect(await group.locator('li.result').count()).toBe(3);
      expect(await group.locator('li.result .resource').allTextContents()).toEqual([
        'http://127.0.0.1:4010/employers',
        'http://127.0.0.1:4010/companies',
        'http://127.0.0.1:4010/appendices',
      ]);
      expect(await page.locator('.check[data-check="problem.type-urn"] .count').textContent()).toBe('×1');
      // /companies fails twice (next-link, page-size); ties on one error-level failure go by path; info and errored-only last.
      const rows = await page
        .locator('#resources tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows.slice(0, 3)).toEqual([
        ['/companies', 'error', '2', '0', '0', '1'],
        ['/appendices', 'error', '1', '0', '0', '0'],
        ['/employers', 'error', '1', '0', '1', '0'],
      ]);
      expect(rows.map((row) => row[0])).toEqual([
        '/companies',
        '/appendices',
        '/employers',
        '/employers/xyz',
        '/employers/93017373',
        '/health',
      ]);
      expect(rows.at(-1)).toEqual(['/health', '', '0', '1', '1', '0']);
      await page.close();
    });

    it('shows baseline badges', async () => {
      const report = checkReport();
      const { page } = await open(
        renderCheckReport('html', applyCheckBaseline(report, checkBaselineOf(report)), { color: false }),
        'known.html',
      );
      // 4 failures and the errored check: errors are baseline entries too.
      expect(await page.locator('.badge.b-known').count()).toBe(5);
      await expect(page.locator('#summary').textContent()).resolves.toContain('0 failed');
      await page.close();
    });
  });

  describe("a real run's report", () => {
    let opened: Opened;
    beforeAll(async () => {
      // The reference server with a null in each employer: json.no-null, an API-wide check, fails on one.
      const server = await reference({
        mutate: (request, response) => {
          if (/^\/employers\/\d+$/.test(request.path) && isRecord(response.json)) response.json.bankAccount = null;
        },
      }).start();
      try {
        const io = captureIo();
        await main(['check', server.url, '--only', 'json,http,collection', '-f', 'html'], io);
        opened = await open(io.out, 'run.html');
      } finally {
        await server.close();
      }
    }, 120_000);

    it('shows every coverage line', async () => {
      const { page } = opened;
      await page.locator('details#coverage > summary').click();
      const lines = await page.locator('#coverage li').count();
      expect(lines).toBeGreaterThan(0);
      expect(await visibleCount(page, '#coverage li')).toBe(lines);
    });

    it('counts every result as shown with every filter on', async () => {
      const { page } = opened;
      const results = await page.locator('li.result').count();
      await expect(page.locator('#shown').textContent()).resolves.toBe(`${results} of ${results} shown`);
    });

    it('lists a failure on one URL under its resource, not under the API', async () => {
      const { page } = opened;
      const item = page.locator('.check[data-check="json.no-null"] li.result');
      await expect(item.locator('code.resource').textContent()).resolves.toBe('/employers/{employerId}');
      const row = page.locator('#resources tr[data-resource="/employers/{employerId}"] td.fail');
      expect(Number(await row.textContent())).toBeGreaterThanOrEqual(1);
      await expect(page.locator('#resources tr[data-resource="/"] td.fail').textContent()).resolves.toBe('0');
    });

    it('gives every kind of badge and count a text contrast of at least 4.5:1', async () => {
      const { page } = opened;
      expect(await page.locator('.check-head .count').textContent()).toBe('×1');
      // Every badge the reports can show, placed in this page so the page's own style colours it.
      const kinds = [
        's-pass',
        's-fail',
        's-skip',
        's-error',
        'sev-error',
        'sev-warning',
        'sev-info',
        'sev-hint',
      ].concat(['b-known', 'b-fixed', 'b-ignored', 'count']);
      const colours = await page.evaluate((classes) => {
        // This runs in the page: the DOM's types are not this project's (no "dom" lib).
        type Node = { className: string; textContent: string | null };
        type Page = {
          document: {
            createElement(tag: string): Node;
            querySelector(selector: string): Node;
            body: { append(node: Node): void };
          };
          getComputedStyle(node: Node): { color: string; backgroundColor: string };
        };
        const { document, getComputedStyle } = globalThis as unknown as Page;
        const shown = classes.map((kind) => {
          const badge = document.createElement('span');
          badge.className = `badge ${kind}`;
          badge.textContent = kind;
          document.body.append(badge);
          return badge;
        });
        shown.push(document.querySelector('.check-head .count'));
        return shown.map((badge) => {
          const style = getComputedStyle(badge);
          return { kind: badge.className, color: style.color, background: style.backgroundColor };
        });
      }, kinds);
      const low = colours.filter(({ color, background }) => contrast(color, background) < 4.5);
      expect(low).toEqual([]);
    });
  });

  describe('lint report', () => {
    let opened: Opened;
    beforeAll(async () => {
      opened = await open(renderLintReport('html', lintReport(), { color: false, cwd: LINT_CWD }), 'lint.html');
    }, 30_000);

    it('summarises by rule and lists findings with file:line', async () => {
      const { page } = opened;
      await expect(page.locator('#summary').textContent()).resolves.toBe(
        '6 findings from 6 causes: 2 errors, 2 warnings, 1 infos, 1 hints, 1 ignored.',
      );
      expect(await page.locator('#rules tr[data-rule="uri-notat"] td').allTextContents()).toEqual([
        'uri-notat',
        'error',
        '1',
        '0',
      ]);
      expect(await page.locator('li.finding[data-rule="uri-notat"] .where').textContent()).toBe(
        'specs/employers.yaml:12:3',
      );
      expect(await page.locator('li.finding[data-rule="err-problem"] .msg').first().textContent()).toContain(
        'not <text/html> & "friends" ]]>.',
      );
    });

    it('groups findings by file and shows the line of each, marked, with a guide link and a banner', async () => {
      const text = 'openapi: 3.0.3\n'.repeat(10) + 'paths:\n  /Employers:\n    get:\n';
      const report = lintReport();
      const sourceLines = new Map([[`${LINT_CWD}/specs/employers.yaml`, text.split('\n')]]);
      const rules = [
        {
          kind: 'lint' as const,
          id: 'uri-notat',
          rule: 'uri-notat',
          severity: 'error' as const,
          writes: false,
          description: 'd',
          url: 'u',
        },
        {
          kind: 'lint' as const,
          id: 'stat-codes-get',
          rule: 'stat-codes',
          severity: 'warning' as const,
          writes: false,
          description: 'd',
          url: 'u',
        },
      ];
      const { page } = await open(
        renderLintReport('html', report, {
          color: false,
          cwd: LINT_CWD,
          sourceLines,
          rules,
          failOn: 'warning',
          exitCode: 1,
        }),
        'lint-lines.html',
      );
      expect(await page.locator('section.group h3').allTextContents()).toEqual([
        'specs/companies.json',
        'specs/employers.yaml',
      ]);
      const item = page.locator('section.group[data-group="specs/employers.yaml"] li.finding[data-rule="uri-notat"]');
      expect(await item.locator('pre.source mark').textContent()).toBe('  /Employers:');
      expect(await item.locator('pre.source').textContent()).toBe('11 │ paths:\n12 │   /Employers:\n13 │     get:\n');
      expect(await item.locator('a.guide').getAttribute('href')).toBe(
        'https://www.belgif.be/specification/rest/api-guide/#rule-uri-notat',
      );
      expect(await page.locator('li.finding[data-rule="stat-codes-get"] a.guide').textContent()).toBe('stat-codes');
      // No lines known for companies.json: its findings show without an excerpt.
      expect(await page.locator('section.group[data-group="specs/companies.json"] pre.source').count()).toBe(0);
      await expect(page.locator('#banner.v-fail').textContent()).resolves.toContain('Failed: exit 1');
      await expect(page.locator('#banner .reason').textContent()).resolves.toBe(
        '4 findings at or above --fail-on warning (2 errors, 2 warnings)',
      );
      await page.close();
    });

    it('counts findings, not groups, as shown: a group of repeated findings counts each', async () => {
      const base = lintReport();
      const [first] = base.findings;
      const repeated = [0, 1, 2].map((i) => ({
        ...first!,
        range: { start: { line: 30 + i, character: 2 }, end: { line: 30 + i, character: 9 } },
      }));
      const report = { ...base, findings: [...base.findings, ...repeated] };
      const { page } = await open(
        renderLintReport('html', report, { color: false, cwd: LINT_CWD }),
        'lint-counts.html',
      );
      const items = await page.locator('li.finding').count();
      const counted = await page
        .locator('li.finding')
        .evaluateAll((lis) => lis.reduce((sum, li) => sum + Number(li.getAttribute('data-count')), 0));
      expect(counted).toBe(report.findings.length + report.ignored.length);
      expect(counted).toBeGreaterThan(items);
      await expect(page.locator('#shown').textContent()).resolves.toBe(`${counted} of ${counted} shown`);
      await page.close();
    });

    it('filters by severity and by rule, offline', async () => {
      const { page, external, errors } = opened;
      expect(await visibleCount(page, 'li.finding')).toBe(7);
      await page.locator('input[data-filter="severity"][value="error"]').uncheck();
      expect(await visibleCount(page, 'li.finding[data-severity="error"]')).toBe(0);
      expect(await visibleCount(page, 'li.finding')).toBe(5);
      await page.locator('input[data-filter="severity"][value="error"]').check();
      await page.locator('select[data-filter="rule"]').selectOption('stat-codes-get');
      expect(await visibleCount(page, 'li.finding')).toBe(1);
      expect(external).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
