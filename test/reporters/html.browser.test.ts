// Opens the HTML reports in Debian's headless Chromium (never a downloaded browser) and checks what renders.
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCheckBaseline, checkBaselineOf } from '../../src/core/baseline.js';
import { renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { checkReport, HOSTILE_BODY } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`html.browser.test: ${CHROMIUM} not found (apt-get install -y chromium); browser tests skipped`);

let browser: Browser | undefined;
let dir = '';

interface Opened { page: Page; external: string[]; dialogs: string[]; errors: string[] }

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
  page.on('dialog', (dialog) => { opened.dialogs.push(dialog.message()); void dialog.dismiss(); });
  page.on('pageerror', (error) => opened.errors.push(error.message));
  await page.goto(pathToFileURL(file).href);
  return opened;
}

const visibleCount = (page: Page, selector: string) => page.locator(selector).evaluateAll((nodes) => nodes.filter((n) => (n as unknown as { offsetParent: unknown }).offsetParent !== null).length);

describe.skipIf(!hasChromium)('html reporter in Chromium', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'restguide-html-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: 30_000,
    });
  }, 60_000);
  afterAll(async () => { await browser?.close(); });

  describe('check report', () => {
    let opened: Opened;
    beforeAll(async () => { opened = await open(renderCheckReport('html', checkReport(), { color: false }), 'check.html'); }, 30_000);

    it('shows the summary and counts by area', async () => {
      const { page } = opened;
      await expect(page.locator('#summary').textContent()).resolves.toContain('3 passed, 4 failed, 1 skipped, 1 errored, 42 requests');
      const paging = page.locator('#areas tr[data-area="paging"]');
      expect(await paging.locator('td').allTextContents()).toEqual(['paging', '0', '2', '1', '0', '0', '0']);
      expect(await page.locator('#areas tbody tr').count()).toBe(6);
    });

    it("reveals a failure's evidence and curl line when expanded", async () => {
      const { page } = opened;
      const item = page.locator('li.result', { hasText: 'problem.type-urn' });
      const body = item.locator('pre.body');
      await expect(body.isVisible()).resolves.toBe(false);
      await item.locator('summary').click();
      await expect(body.isVisible()).resolves.toBe(true);
      expect(await body.textContent()).toBe(HOSTILE_BODY);
      expect(await item.locator('pre.request').textContent()).toContain('GET http://127.0.0.1:4010/employers/xyz');
      expect(await item.locator('pre.response').textContent()).toContain('400');
      expect(await item.locator('.curl pre').textContent()).toBe("curl -i -X GET 'http://127.0.0.1:4010/employers/xyz' -H 'Accept: application/json' -H 'Authorization: [redacted]'");
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
      await page.locator('select[data-filter="area"]').selectOption('paging');
      expect(await visibleCount(page, 'li.result')).toBe(3);
      expect(await visibleCount(page, 'li.result[data-area="paging"]')).toBe(3);
      await expect(page.locator('#shown').textContent()).resolves.toBe('3 of 9 shown');
      await page.locator('select[data-filter="area"]').selectOption('');
      expect(await visibleCount(page, 'li.result')).toBe(9);
    });

    it('shows baseline badges', async () => {
      const report = checkReport();
      const { page } = await open(renderCheckReport('html', applyCheckBaseline(report, checkBaselineOf(report)), { color: false }), 'known.html');
      // 4 failures and the errored check: errors are baseline entries too.
      expect(await page.locator('.badge.b-known').count()).toBe(5);
      await expect(page.locator('#summary').textContent()).resolves.toContain('0 failed');
      await page.close();
    });
  });

  describe('lint report', () => {
    let opened: Opened;
    beforeAll(async () => { opened = await open(renderLintReport('html', lintReport(), { color: false, cwd: LINT_CWD }), 'lint.html'); }, 30_000);

    it('summarises by rule and lists findings with file:line', async () => {
      const { page } = opened;
      await expect(page.locator('#summary').textContent()).resolves.toBe('2 errors, 2 warnings, 1 infos, 1 hints, 1 ignored.');
      expect(await page.locator('#rules tr[data-rule="uri-notat"] td').allTextContents()).toEqual(['uri-notat', 'error', '1', '0']);
      expect(await page.locator('li.finding[data-rule="uri-notat"] .where').textContent()).toBe('specs/employers.yaml:12:3');
      expect(await page.locator('li.finding[data-rule="err-problem"] .msg').first().textContent()).toContain('not <text/html> & "friends" ]]>.');
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
