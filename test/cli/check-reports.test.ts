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
afterEach(async () => { await Promise.all(closers.splice(0).map((close) => close())); });

describe('check reports from a real run', () => {
  it('JUnit: no suite takes longer than the run, though its checks ran side by side', async () => {
    const server: ReferenceServer = await startReferenceServer({ port: 0 });
    closers.push(() => server.close());
    const dir = await mkdtemp(join(tmpdir(), 'restguide-junit-'));
    const io = captureIo();
    io.cwd = dir;
    const code = await main(['check', server.url, '--only', 'paging,http,problem', '-f', 'json=run.json', '-f', 'junit=run.xml'], io);
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { durationMs: number; results: Array<{ durationMs?: number; offsetMs?: number }> };
    const timed = report.results.filter((r) => r.durationMs !== undefined);
    expect(timed.length).toBeGreaterThan(0);
    for (const r of timed) expect(r.offsetMs! + r.durationMs!).toBeLessThanOrEqual(report.durationMs + 1);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testsuite' }).parse(await readFile(join(dir, 'run.xml'), 'utf8')) as
      { testsuites: { name: string; time: string; testsuite: Array<{ name: string; time: string }> } };
    expect(xml.testsuites.name).toBe(`restguide check ${server.url}`);
    const run = Number(xml.testsuites.time);
    expect(run).toBeCloseTo(report.durationMs / 1000, 3);
    for (const suite of xml.testsuites.testsuite) expect(Number(suite.time), suite.name).toBeLessThanOrEqual(run);
  }, 60_000);

  it('GitLab: a failing check is located at the --openapi document, relative to the working directory', async () => {
    // Answers everything 200 text/plain: /health has no {"status": ...} body.
    const server: FixtureServer = await startFixture((_req, res) => { res.setHeader('content-type', 'text/plain'); res.end('ok'); });
    closers.push(() => server.close());
    const dir = await mkdtemp(join(tmpdir(), 'restguide-gitlab-'));
    await writeFile(join(dir, 'openapi.yaml'), 'openapi: 3.0.3\ninfo: { title: t, version: 1.0.0 }\npaths:\n  /health:\n    get:\n      responses: { "200": { description: ok } }\n');
    const io = captureIo();
    io.cwd = dir;
    const code = await main(['check', `${server.url}/api`, '--openapi', 'openapi.yaml', '--only', 'health', '-f', 'gitlab'], io);
    expect(code).toBe(1);
    const issues = JSON.parse(io.out) as Array<{ check_name: string; location: { path: string; lines: { begin: number } } }>;
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.location).toEqual({ path: 'openapi.yaml', lines: { begin: 1 } });
    expect(issues.map((i) => i.check_name).every((name) => name.startsWith('health.'))).toBe(true);
  }, 30_000);
});
