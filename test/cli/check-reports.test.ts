// The new report shapes from a real `check` run: JUnit times within the run, GitLab issues located at --openapi.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { startFixture, type FixtureServer } from '../helpers/fixture-server.js';
import { captureIo } from '../helpers/io.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('check reports from a real run', () => {
  it('JUnit: no suite takes longer than the run, though its checks ran side by side', async () => {
    const server: ReferenceServer = await startReferenceServer({ port: 0 });
    closers.push(() => server.close());
    const dir = await mkdtemp(join(tmpdir(), 'restguide-junit-'));
    const io = captureIo();
    io.cwd = dir;
    const code = await main(
      ['check', server.url, '--only', 'paging,http,problem', '-f', 'json=run.json', '-f', 'junit=run.xml'],
      io,
    );
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as {
      durationMs: number;
      results: Array<{ durationMs?: number; offsetMs?: number }>;
    };
    const timed = report.results.filter((r) => r.durationMs !== undefined);
    expect(timed.length).toBeGreaterThan(0);
    for (const r of timed) expect(r.offsetMs! + r.durationMs!).toBeLessThanOrEqual(report.durationMs + 1);
    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testsuite',
    }).parse(await readFile(join(dir, 'run.xml'), 'utf8')) as {
      testsuites: { name: string; time: string; testsuite: Array<{ name: string; time: string }> };
    };
    expect(xml.testsuites.name).toBe(`restguide check ${server.url}`);
    const run = Number(xml.testsuites.time);
    expect(run).toBeCloseTo(report.durationMs / 1000, 3);
    for (const suite of xml.testsuites.testsuite) expect(Number(suite.time), suite.name).toBeLessThanOrEqual(run);
  }, 60_000);

  it("GitLab: a failing check is located at the --openapi document (relative to the working directory), at its path's line", async () => {
    // Answers everything 200 text/plain: neither a health status nor a collection of items.
    const server: FixtureServer = await startFixture((_req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end('ok');
    });
    closers.push(() => server.close());
    const dir = await mkdtemp(join(tmpdir(), 'restguide-gitlab-'));
    await writeFile(
      join(dir, 'openapi.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: t, version: 1.0.0 }',
        'paths:',
        '  /health:',
        '    get:',
        '      responses: { "200": { description: ok } }',
        '  /employers:',
        '    get:',
        '      responses:',
        '        "200":',
        '          description: ok',
        '          content:',
        '            application/json:',
        '              schema:',
        '                type: object',
        '                properties:',
        '                  items: { type: array, items: { type: object, properties: { id: { type: integer } } } }',
        '  /employers/{id}:',
        '    get:',
        '      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]',
        '      responses: { "200": { description: ok, content: { application/json: { schema: { type: object, properties: { id: { type: integer } } } } } } }',
        '',
      ].join('\n'),
    );
    const io = captureIo();
    io.cwd = dir;
    const code = await main(
      [
        'check',
        `${server.url}/api`,
        '--openapi',
        'openapi.yaml',
        '--only',
        'health,collection',
        '-f',
        'gitlab',
        '-f',
        'json=run.json',
      ],
      io,
    );
    expect(code).toBe(1);
    const issues = JSON.parse(io.out) as Array<{
      check_name: string;
      location: { path: string; lines: { begin: number } };
    }>;
    const results = (
      JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as {
        results: Array<{ id: string; status: string; resource: string }>;
      }
    ).results;
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.location.path).toBe('openapi.yaml');
    // Collection checks run on /employers (line 7); API-wide ones (health) point at line 1.
    const collection = issues.filter((i) => i.check_name.startsWith('collection.'));
    expect(collection.length).toBeGreaterThan(0);
    for (const issue of collection) {
      const resource = results.find((r) => r.id === issue.check_name && r.status !== 'pass')?.resource;
      expect(issue.location.lines.begin, `${issue.check_name} ${resource}`).toBe(
        resource === '/employers' ? 7 : resource === '/employers/{id}' ? 18 : 1,
      );
    }
    expect(collection.some((i) => i.location.lines.begin === 7)).toBe(true);
    for (const issue of issues.filter((i) => i.check_name.startsWith('health.')))
      expect(issue.location.lines.begin).toBe(1);
  }, 30_000);
});
