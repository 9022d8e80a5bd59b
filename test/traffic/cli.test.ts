// `restguide check --record` and `--har` through the CLI: same reports, formats, baselines and exit codes as check.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { CHECKS } from '../../src/checks/index.js';
import { judgesRecordings } from '../../src/core/engine/define-check.js';
import { NEEDS_PROBING } from '../../src/traffic/replay.js';
import { captureIo } from '../helpers/io.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-har-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function check(args: string[]) {
  const io = captureIo();
  io.cwd = dir;
  const code = await main(['check', ...args], io);
  return { code, io };
}
const json = async (file: string) => JSON.parse(await readFile(join(dir, file), 'utf8')) as CheckReport;

/** A HAR of hand-made entries: an answer without a trace header, and a problem served as plain JSON. */
function brokenHar(base: string): string {
  const entry = (path: string, status: number, headers: Record<string, string>, body: unknown) => ({
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 3,
    request: {
      method: 'GET',
      url: `${base}${path}`,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Accept', value: 'application/json' }],
      cookies: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
      content: { size: 0, mimeType: headers['Content-Type'] ?? '', text: JSON.stringify(body) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 3, receive: 0 },
  });
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test' },
      entries: [
        entry(
          '/employers/93017373',
          200,
          { 'Content-Type': 'application/json' },
          { employerId: 93017373, name: 'Acme', self: `${base}/employers/93017373` },
        ),
        entry(
          '/employers/1',
          404,
          { 'Content-Type': 'application/json', 'BelGov-Trace-Id': 'e3b0c442-98fc-4c14-9afb-f4c8996fb924' },
          {
            type: 'urn:problem-type:belgif:resourceNotFound',
            title: 'Not found',
            status: 404,
            instance: 'urn:uuid:e3b0c442-98fc-4c14-9afb-f4c8996fb924',
          },
        ),
        { ...entry('', 200, {}, {}), request: { method: 'GET', url: 'https://cdn.example/app.js', headers: [] } },
      ],
    },
  });
}

/** A recording as another client would have made it: restguide's User-Agent replaced by a browser's. */
async function asBrowser(file: string): Promise<void> {
  const har = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
    log: { entries: Array<{ request: { headers: Array<{ name: string; value: string }> } }> };
  };
  for (const { request } of har.log.entries)
    for (const header of request.headers)
      if (header.name.toLowerCase() === 'user-agent') header.value = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
  await writeFile(join(dir, file), JSON.stringify(har));
}

describe("check --record, then check --har of that file as another client's", () => {
  it("the recording judged gives the run's response-level verdicts, with the operations covered, in JSON and stylish", async () => {
    const recorded = await check([
      '--record',
      'run.har',
      '--only',
      'trace,problem,json,link,doc,http',
      '-f',
      'json',
      '-o',
      'run.json',
    ]);
    expect(recorded.io.err).toMatch(/recorded \d+ exchanges to run\.har/);
    expect(recorded.code).toBe(0);
    const run = await json('run.json');
    expect(run.coverage?.operations?.some((o) => o.exchanges > 0)).toBe(true);
    // restguide's own recording would replay the run (test/traffic/replay.test.ts); another client's is judged.
    await asBrowser('run.har');

    await writeFile(join(dir, 'openapi.json'), JSON.stringify(buildOpenApiDocument()));
    const judged = await check([
      run.target,
      '--har',
      'run.har',
      '--openapi',
      'openapi.json',
      '-f',
      'json',
      '-o',
      'har.json',
      '-f',
      'stylish',
      '-o',
      'har.txt',
    ]);
    expect(judged.io.err).toMatch(/judged \d+ recorded exchanges of 1 file; no request was sent/);
    expect(judged.code).toBe(0);
    const har = await json('har.json');
    expect(har.summary.requests).toBe(0);
    expect(har.summary.failed).toBe(0);
    const passedIn = (report: CheckReport) => [
      ...new Set(
        report.results
          .filter((r) => r.status === 'pass')
          .map((r) => r.id)
          .filter((id) => har.results.some((h) => h.id === id && h.status === 'pass')),
      ),
    ];
    expect(passedIn(har).length).toBeGreaterThan(10);
    // Of the checks the run ran (the recording judges others too, and on every resource it holds answers of).
    const ran = new Set(run.results.map((r) => r.id));
    expect(passedIn(run)).toEqual(passedIn(har).filter((id) => ran.has(id)));
    // The checks that must send requests of their own say so (http.caching, two others and the traffic check
    // http.no-x-headers judge the recording: their meta's evidence says so).
    const judging = (id: string) => CHECKS.some((check) => check.meta.id === id && judgesRecordings(check));
    const probing = har.results.filter((r) => r.id.startsWith('http.') && !judging(r.id));
    expect(probing.length).toBeGreaterThan(3);
    expect(probing.every((r) => r.status === 'skip' && r.message === NEEDS_PROBING)).toBe(true);
    const exercised = (report: CheckReport) =>
      report.coverage?.operations?.filter((o) => o.exchanges > 0).map((o) => `${o.method} ${o.path}`);
    expect(exercised(har)).toEqual(exercised(run));
    const stylish = await readFile(join(dir, 'har.txt'), 'utf8');
    expect(stylish).toMatch(/^operations$/m);
    expect(stylish).toMatch(/GET \/employers\s+200×\d+/);
    expect(stylish).toMatch(/operations exercised/);
  }, 120_000);
});

describe('check --har: findings, baselines and exit codes as check', () => {
  it('a broken recording fails the right checks (exit 1); its baseline makes the next judging pass (exit 0)', async () => {
    const base = 'https://api.example/registry/v1';
    await writeFile(join(dir, 'broken.har'), brokenHar(base));
    const first = await check([
      '--har',
      'broken.har',
      base,
      '-f',
      'json',
      '-o',
      'broken.json',
      '--write-baseline',
      'base.json',
    ]);
    const report = await json('broken.json');
    const failed = [...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.id))].sort();
    expect(failed).toEqual(['problem.media-type', 'trace.header-present']);
    expect(first.io.err).toMatch(/left aside: 1 outside https:\/\/api\.example\/registry\/v1/);
    expect(first.code).toBe(0); // writing a baseline is the point of that run
    expect((await check(['--har', 'broken.har', base, '-f', 'json', '-o', 'again.json'])).code).toBe(1);
    expect(
      (await check(['--har', 'broken.har', base, '--baseline', 'base.json', '-f', 'json', '-o', 'known.json'])).code,
    ).toBe(0);
  });

  it('bad input: one line and exit 2', async () => {
    await writeFile(join(dir, 'not.har'), '{"log": {"entries": [ {"request": ');
    const cases: Array<[string[], RegExp]> = [
      [['--har', 'missing.har', 'http://127.0.0.1:9/api'], /cannot read .*missing\.har: no such file/],
      [['--har', 'not.har', 'http://127.0.0.1:9/api'], /cannot read .*not\.har as HAR/],
      [['--har', 'broken.har'], /--har needs the API's base URL/],
      [
        ['--har', 'broken.har', 'http://127.0.0.1:9/elsewhere'],
        /no exchange of the traffic is under http:\/\/127\.0\.0\.1:9\/elsewhere/,
      ],
      [['--record', 'x.har', '--har', 'broken.har', 'http://127.0.0.1:9/api'], /give one of them/],
      [['--har', 'broken.har', 'http://127.0.0.1:9/api', '--allow-writes'], /--allow-writes does not apply/],
    ];
    for (const [args, message] of cases) {
      const { code, io } = await check(args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(io.err).toMatch(message);
      expect(io.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
