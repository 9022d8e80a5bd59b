// Coverage per operation in every format: JUnit a `coverage` testsuite, GitHub a notice, Markdown a table (stylish,
// HTML, JSON and SARIF already had it); and `check <url>` without --openapi counts it against the API's own document.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CheckReport, Coverage } from '../../src/core/report/types.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { renderCheckReport } from '../../src/reporters/index.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { captureIo } from '../helpers/io.js';

const coverage: Pick<Coverage, 'operations' | 'undocumented'> = {
  operations: [
    {
      method: 'GET',
      path: '/employers',
      operationId: 'listEmployers',
      exchanges: 42,
      statuses: [
        { status: 200, count: 40, response: '200' },
        { status: 418, count: 2 },
      ],
      declared: ['200', '406'],
      unseen: ['406'],
    },
    {
      method: 'DELETE',
      path: '/employers/{employerId}',
      exchanges: 0,
      statuses: [],
      declared: ['204'],
      unseen: ['204'],
      why: 'a write: needs --allow-writes',
    },
  ],
  undocumented: { count: 3, examples: ['GET /nothing'] },
};

const withOperations = (): CheckReport => {
  const report = checkReport();
  const areas = { resources: { collections: 1, documents: 1, tasks: 0, controllers: 0 }, areas: [] };
  return { ...report, coverage: { ...areas, resourceChecks: 2, resourceChecksVerified: 2, ...coverage } };
};

describe('coverage per operation in every format', () => {
  it('JUnit: a `coverage` testsuite, a case per operation: passed when exercised, skipped with why when not', () => {
    const xml = renderCheckReport('junit', withOperations(), { color: false });
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testsuite' || name === 'testcase' || name === 'property',
    }).parse(xml) as {
      testsuites: {
        testsuite: Array<{
          name: string;
          tests: string;
          failures: string;
          skipped: string;
          properties?: { property: Array<{ name: string; value: string }> };
          testcase: Array<{ name: string; classname: string; skipped?: { message: string }; 'system-out'?: string }>;
        }>;
      };
    };
    const suite = parsed.testsuites.testsuite.find((s) => s.name === 'coverage');
    expect(suite).toMatchObject({ tests: '2', failures: '0', skipped: '1' });
    expect(suite?.properties?.property[0]).toMatchObject({ name: 'operations' });
    expect(suite?.properties?.property[0]?.value).toMatch(/^1 of 2 operations exercised/);
    const [list, remove] = suite?.testcase ?? [];
    expect(list).toMatchObject({ name: 'GET /employers (listEmployers)', classname: 'coverage' });
    expect(list?.skipped).toBeUndefined();
    expect(list?.['system-out']).toContain('42 exchanges: 200×40 (undocumented: 418×2)');
    expect(list?.['system-out']).toContain('declared, never seen: 406');
    expect(remove).toMatchObject({ name: 'DELETE /employers/{employerId}' });
    expect(remove?.skipped?.message).toBe('never exercised: a write: needs --allow-writes');
    // Without operations, no such suite.
    expect(renderCheckReport('junit', checkReport(), { color: false })).not.toContain('name="coverage"');
  });

  it('GitHub: one notice with the figures and the operations never exercised, with why', () => {
    const text = renderCheckReport('github', withOperations(), { color: false });
    const notice = text
      .split('\n')
      .find((line) => line.startsWith('::notice title=restguide coverage per operation::'));
    expect(notice).toBeDefined();
    expect(notice).toContain('1 of 2 operations exercised, 1 declared response of those never seen');
    expect(notice).toContain('3 requests matched no operation (GET /nothing)');
    expect(notice).toContain('%0Anever exercised:%0ADELETE /employers/{employerId} (a write: needs --allow-writes)');
    expect(renderCheckReport('github', checkReport(), { color: false })).not.toContain('coverage per operation');
  });

  it('Markdown: a table of the operations, under the figures', () => {
    const text = renderCheckReport('markdown', withOperations(), { color: false });
    expect(text).toContain('### Coverage per operation');
    expect(text).toContain('| operation | statuses seen | declared, never seen |');
    expect(text).toContain('| `GET /employers` | 200×40 (undocumented: 418×2) | 406 |');
    expect(text).toContain('| `DELETE /employers/{employerId}` | never exercised: a write: needs --allow-writes |   |');
    expect(renderCheckReport('markdown', checkReport(), { color: false })).not.toContain('Coverage per operation');
  });

  it('Markdown escapes what the API wrote, so a message cannot add a link or HTML', () => {
    const report = checkReport();
    const hostile = {
      ...report.results.find((r) => r.status === 'fail')!,
      message: 'see [here](http://x) <img src=x>',
    };
    const text = renderCheckReport('markdown', { ...report, results: [hostile] }, { color: false });
    expect(text).not.toContain('[here](http://x)');
    expect(text).not.toContain('<img');
  });
});

describe('check <url> without --openapi: coverage per operation of the document the API publishes', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
  });
  afterAll(() => server.close());

  it("lists the reference server's operations from its /doc/openapi.json", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-operations-'));
    const io = captureIo();
    io.cwd = dir;
    const code = await main(['check', server.url, '--only', 'paging', '-f', 'json=r.json', '-f', 'markdown=r.md'], io);
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as CheckReport;
    const operations = report.coverage?.operations ?? [];
    const document = (await (await fetch(`${server.url}/doc/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const declared = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(declared.sort());
    expect(operations.find((o) => o.method === 'GET' && o.path === '/employers')?.exchanges).toBeGreaterThan(0);
    expect(await readFile(join(dir, 'r.md'), 'utf8')).toContain('| `GET /employers` |');
  }, 60_000);
});
