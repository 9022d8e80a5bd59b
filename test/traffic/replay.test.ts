// Proof of the replay: `check <url> --record run.har` then `check <url> --har run.har` runs every check again,
// answered from the recording, sending nothing; it keeps >= 95 % of the run's pass/fail verdicts and every one of
// its failures, on the reference server and on servers that break a rule (docs/traffic.md#replaying-a-run).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CheckReport, CheckResult } from '../../src/core/report/types.js';
import { NOT_IN_RECORDING, REPLAYED_AUTHORIZATION } from '../../src/check-command/replay-run.js';
import { reference } from '../helpers/check-harness.js';
import { startFrameworkApi } from '../helpers/framework-api.js';
import { captureIo } from '../helpers/io.js';
import type { Mutator } from '../helpers/proxy.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-replay-'));
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

/** One verdict per check and resource: a fail wins, then an error, a pass, a skip. */
function verdicts(report: CheckReport): Map<string, CheckResult> {
  const rank = { fail: 0, error: 1, pass: 2, skip: 3 } as const;
  const out = new Map<string, CheckResult>();
  for (const result of report.results) {
    const key = `${result.id} ${result.resource}`;
    const known = out.get(key);
    if (!known || rank[result.status] < rank[known.status]) out.set(key, result);
  }
  return out;
}

/** How many of the run's pass/fail verdicts the replay kept, and the run's failures it lost. */
function compare(run: CheckReport, replay: CheckReport) {
  const replayed = verdicts(replay);
  let decided = 0;
  let kept = 0;
  const changed: string[] = [];
  for (const [key, result] of verdicts(run)) {
    if (result.status !== 'pass' && result.status !== 'fail') continue;
    decided++;
    const again = replayed.get(key);
    if (again?.status === result.status) kept++;
    else changed.push(`${key}: ${result.status} -> ${again?.status ?? 'absent'} ${again?.message ?? ''}`);
  }
  const failures = (report: CheckReport) =>
    report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.resource} ${r.messageId ?? ''}`);
  const replayedFailures = new Set(failures(replay));
  return {
    decided,
    kept,
    changed,
    runFailures: failures(run),
    lostFailures: failures(run).filter((f) => !replayedFailures.has(f)),
  };
}

/** A server to record, and how many requests reached it so far. */
interface Counted {
  url: string;
  reached(): number;
  close(): Promise<void>;
}

/** The reference server behind a proxy that applies `mutate` and counts what reaches it. */
async function referenceWith(mutate: Mutator = () => {}): Promise<Counted> {
  let reached = 0;
  const server = await reference({
    mutate: (request, response) => {
      reached++;
      mutate(request, response);
    },
  }).start();
  return { url: server.url, reached: () => reached, close: () => server.close() };
}

/**
 * Records a whole run (writes included), then replays it with the server still up: what reaches the server is
 * counted, so "nothing is sent" is measured, not assumed.
 */
async function recordAndReplay(name: string, start: () => Promise<Counted> = () => referenceWith()) {
  const server = await start();
  try {
    const har = `${name}.har`;
    const recorded = await check([server.url, '--allow-writes', '--record', har, '-f', 'json', '-o', `${name}.json`]);
    const run = await json(`${name}.json`);
    const before = server.reached();
    const replayed = await check([
      server.url,
      '--har',
      har,
      '-f',
      'json',
      '-o',
      `${name}-replay.json`,
      '-f',
      'stylish',
      '-o',
      `${name}-replay.txt`,
      '-f',
      'junit',
      '-o',
      `${name}-replay.xml`,
    ]);
    const replay = await json(`${name}-replay.json`);
    return { recorded, run, replayed, replay, sent: server.reached() - before, har };
  } finally {
    await server.close();
  }
}

/** The figures docs/traffic.md quotes, printed so a run of this file shows them. */
function expectFaithful(name: string, outcome: Awaited<ReturnType<typeof recordAndReplay>>) {
  const { run, replay, sent } = outcome;
  const figures = compare(run, replay);
  console.log(
    `replay ${name}: ${figures.kept} of ${figures.decided} pass/fail verdicts kept (${((100 * figures.kept) / figures.decided).toFixed(1)} %), ${figures.runFailures.length} failures in the run, ${figures.lostFailures.length} lost${figures.changed.length ? `; changed: ${figures.changed.join('; ')}` : ''}`,
  );
  expect(sent).toBe(0);
  expect(figures.decided).toBeGreaterThan(20);
  expect(figures.kept / figures.decided).toBeGreaterThanOrEqual(0.95);
  expect(figures.lostFailures).toEqual([]);
  // The report names the recording it came from.
  expect(replay.source?.kind).toBe('recording');
  expect(replay.source?.files).toEqual([outcome.har]);
  expect(replay.source?.replay?.answered).toBeGreaterThan(100);
  expect(replay.source?.replay?.missing).toBe(0);
  return figures;
}

describe('a run replayed from its own recording', () => {
  it('on the reference server: the same verdicts, no failure, nothing sent', async () => {
    const outcome = await recordAndReplay('reference');
    expect(outcome.recorded.code).toBe(0);
    expect(outcome.replayed.code).toBe(0);
    expectFaithful('reference', outcome);
    expect(outcome.replay.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    expect(outcome.replayed.io.err).toMatch(/replayed the run from \d+ recorded exchanges of reference\.har/);
    // Stylish says so under its first line.
    const stylish = await readFile(join(dir, 'reference-replay.txt'), 'utf8');
    expect(stylish.split('\n')[1]).toMatch(
      /^replayed the run from reference\.har: \d+ requests answered by \d+ of its \d+ recorded exchanges, 0 not in it, \S+ to \S+; no request was sent$/,
    );
    // The same operations exercised, as often, with the same statuses.
    const operations = (report: CheckReport) =>
      report.coverage?.operations?.map(({ method, path, exchanges, statuses }) => ({
        method,
        path,
        exchanges,
        statuses,
      }));
    expect(operations(outcome.replay)).toEqual(operations(outcome.run));
    expect(operations(outcome.run)?.filter((o) => o.exchanges > 0).length).toBeGreaterThan(10);
    // JUnit's source properties too.
    const junit = await readFile(join(dir, 'reference-replay.xml'), 'utf8');
    expect(junit).toMatch(/<property name="source.replay" value="answered \d+, not in the recording 0"/);
    // The writes ran again, against the recording.
    expect(outcome.replay.results.some((r) => r.id.startsWith('create.') && r.status === 'pass')).toBe(true);
  }, 180_000);

  it('on a server answering nulls: json.no-null fails again, exit 1', async () => {
    const outcome = await recordAndReplay('nulls', () =>
      referenceWith((request, response) => {
        const body = response.json;
        if (
          request.method === 'GET' &&
          response.status === 200 &&
          body &&
          typeof body === 'object' &&
          !Array.isArray(body)
        )
          (body as Record<string, unknown>)['legacyCode'] = null;
      }),
    );
    const { runFailures } = expectFaithful('nulls', outcome);
    expect(runFailures.some((f) => f.startsWith('json.no-null'))).toBe(true);
    expect(outcome.replayed.code).toBe(1);
  }, 180_000);

  it('on a server answering 200 to a create: the create checks fail again', async () => {
    const outcome = await recordAndReplay('create-200', () =>
      referenceWith((request, response) => {
        if (request.method === 'POST' && response.status === 201) response.status = 200;
      }),
    );
    const { runFailures } = expectFaithful('create-200', outcome);
    expect(runFailures.some((f) => f.startsWith('create.'))).toBe(true);
    expect(outcome.replayed.code).toBe(1);
  }, 180_000);

  it("on a framework's API (items under results, offset/limit): its own recorded document is the model again", async () => {
    const outcome = await recordAndReplay('framework', async () => {
      const server = await startFrameworkApi({ listUnder: 'results', paging: 'offset-limit', ordering: true });
      return { url: server.url, reached: () => server.requests.length, close: () => server.close() };
    });
    const { runFailures } = expectFaithful('framework', outcome);
    expect(runFailures.length).toBeGreaterThan(5);
    expect(outcome.replayed.io.err).toMatch(/the target was read from the API's own \S+\/doc\/openapi\.json/);
    expect(outcome.replayed.code).toBe(1);
  }, 120_000);

  it('on a protected API (the --auth-demo server): the auth checks that need no token of their own replay too', async () => {
    const recorded = await check(['--auth-demo', '--record', 'demo.har', '-f', 'json', '-o', 'demo.json']);
    expect(recorded.code).toBe(0);
    const run = await json('demo.json');
    // No base URL: the one the recording asked first, the embedded server's, long closed.
    const replayed = await check(['--har', 'demo.har', '-f', 'json', '-o', 'demo-replay.json']);
    const replay = await json('demo-replay.json');
    const figures = compare(run, replay);
    console.log(`replay auth-demo: ${figures.kept} of ${figures.decided} kept; changed: ${figures.changed.join('; ')}`);
    expect(figures.kept / figures.decided).toBeGreaterThanOrEqual(0.95);
    expect(figures.lostFailures).toEqual([]);
    expect(replay.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    for (const id of ['auth.no-token', 'auth.invalid-token'])
      expect(verdicts(replay).get(`${id} /`)?.status, id).toBe('pass');
    // Its own credential is never shown.
    expect(JSON.stringify(replay)).not.toContain(REPLAYED_AUTHORIZATION);
    expect(replayed.code).toBe(0);
  }, 120_000);

  it('skips a check whose request the recording lacks, naming the request', async () => {
    const server = await reference().start();
    try {
      await check([server.url, '--only', 'paging', '--record', 'paging.har', '-f', 'json', '-o', 'paging.json']);
    } finally {
      await server.close();
    }
    // The recording with every answer to a second page of employers taken out.
    const har = JSON.parse(await readFile(join(dir, 'paging.har'), 'utf8')) as {
      log: { entries: Array<{ request: { url: string } }> };
    };
    const second = (url: string) => /\/employers\?.*page=2/.test(url);
    expect(har.log.entries.some((e) => second(e.request.url))).toBe(true);
    har.log.entries = har.log.entries.filter((e) => !second(e.request.url));
    await writeFile(join(dir, 'cut.har'), JSON.stringify(har));
    const { code, io } = await check([
      server.url,
      '--only',
      'paging',
      '--har',
      'cut.har',
      '-f',
      'json',
      '-o',
      'cut.json',
    ]);
    const replay = await json('cut.json');
    const skipped = replay.results.filter((r) => r.status === 'skip' && r.message.startsWith(NOT_IN_RECORDING));
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((r) => r.resource === '/employers')).toBe(true);
    expect(skipped[0]?.message).toMatch(/^not in the recording: GET \/employers\?\S*page=2/);
    // Not a failure, not a network error.
    expect(replay.results.filter((r) => r.status === 'error')).toEqual([]);
    expect(code).toBe(0);
    expect(io.err).toMatch(/\d+ not in it \(their checks skip\)/);
  }, 120_000);
});

describe('check --har of a run of its own: what the CLI accepts', () => {
  /** A recording restguide made: its User-Agent on the one request, the base URL's answer. */
  const own = (base: string) =>
    JSON.stringify({
      log: {
        version: '1.2',
        creator: { name: 'restguide', version: '0.1.0' },
        entries: [
          {
            startedDateTime: '2026-01-01T00:00:00.000Z',
            time: 1,
            request: {
              method: 'GET',
              url: base,
              httpVersion: 'HTTP/1.1',
              cookies: [],
              headers: [{ name: 'user-agent', value: 'restguide/0.1.0' }],
              queryString: [],
              headersSize: -1,
              bodySize: 0,
            },
            response: {
              status: 404,
              statusText: '',
              httpVersion: 'HTTP/1.1',
              cookies: [],
              headers: [{ name: 'content-type', value: 'application/problem+json' }],
              content: { size: 2, mimeType: 'application/problem+json', text: '{}' },
              redirectURL: '',
              headersSize: -1,
              bodySize: -1,
            },
            cache: {},
            timings: { send: 0, wait: 1, receive: 0 },
          },
        ],
      },
    });

  it('replays with --allow-writes; a base URL it holds nothing of, --wait and --record are one line and exit 2', async () => {
    const base = 'http://127.0.0.1:9/api';
    await writeFile(join(dir, 'own.har'), own(base));
    const replayed = await check([base, '--har', 'own.har', '--allow-writes', '--only', 'trace']);
    expect(replayed.io.err).toMatch(/replayed the run from 1 recorded exchanges of own\.har/);
    // Every trace check asked what the recording lacks: skipped, naming it; nothing errored.
    expect(replayed.io.out).toMatch(/not in the recording: GET \/\S+/);
    expect(replayed.io.out).not.toMatch(/errored: |connection refused/);
    const cases: Array<[string[], RegExp]> = [
      [
        ['http://127.0.0.1:9/elsewhere', '--har', 'own.har'],
        /the recording holds no request to http:\/\/127\.0\.0\.1:9\/elsewhere: give the base URL it was recorded against/,
      ],
      [[base, '--har', 'own.har', '--wait', '1'], /--wait does not apply/],
      [[base, '--har', 'own.har', '--record', 'again.har'], /give one of them/],
    ];
    for (const [args, message] of cases) {
      const { code, io } = await check(args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(io.err).toMatch(message);
      expect(io.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
