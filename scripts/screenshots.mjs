// Renders the README's screenshots of the HTML reports: `npm run build && node scripts/screenshots.mjs`.
// The check page comes from a real run against a small non-conforming API started here (loopback only),
// the lint page from a real lint of the test fixtures; Debian's Chromium takes the pictures.
import { createServer } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { main } from '../dist/src/cli/main.js';

const root = join(import.meta.dirname, '..');
const out = join(root, 'docs');
const dir = await mkdtemp(join(tmpdir(), 'restguide-shots-'));
const quiet = { stdout: () => undefined, stderr: (t) => process.stderr.write(t), isTTY: false, cwd: root, env: {} };

// A legacy API that publishes its document: a collection without paging, errors as HTML.
const employers = Array.from({ length: 45 }, (_, i) => ({ employer_id: i + 1, name: `Employer ${i + 1}`, vat: null }));
const document = {
  openapi: '3.0.3',
  info: { title: 'Legacy', version: '1' },
  paths: {
    '/employers': {
      get: {
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } },
              },
            },
          },
        },
      },
    },
    '/employers/{employerId}': {
      get: {
        parameters: [{ name: 'employerId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
};
const json = (res, status, body) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const legacy = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/v1/, '');
  if (path === '/health') return json(res, 200, { status: 'UP' });
  if (path === '/doc/openapi.json') return json(res, 200, document);
  if (path === '/employers') return json(res, 200, { items: employers });
  const match = /^\/employers\/(\d+)$/.exec(path);
  const employer = match && employers.find((e) => e.employer_id === Number(match[1]));
  if (employer) return json(res, 200, employer);
  res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
});
await new Promise((resolve) => legacy.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${legacy.address().port}/api/v1`;
const checkPage = join(dir, 'check.html');
const lintPage = join(dir, 'lint.html');
try {
  await main(['check', url, '-f', `html=${checkPage}`], quiet);
  await main(
    ['lint', 'test/fixtures/lint/multi/api.yaml', 'test/fixtures/lint/not-openapi.yaml', '-f', `html=${lintPage}`],
    quiet,
  );
} finally {
  legacy.close();
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
  await page.route('**/*', (route) => (route.request().url().startsWith('file://') ? route.continue() : route.abort()));
  await page.goto(pathToFileURL(checkPage).href);
  await page.screenshot({ path: join(out, 'check-report.png') });
  await page.goto(pathToFileURL(lintPage).href);
  await page.screenshot({ path: join(out, 'lint-report.png') });
} finally {
  await browser.close();
}
console.log(`wrote ${join(out, 'check-report.png')} and ${join(out, 'lint-report.png')}`);
