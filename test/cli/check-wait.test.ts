// `check --wait`: waits for a target that starts listening late, then runs; gives up with exit 2 and one line.
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { waitForTarget, waitUrls } from '../../src/core/http/wait-for-target.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { startFixture, type FixtureServer } from '../helpers/fixture-server.js';
import { captureIo } from '../helpers/io.js';
import { freePort } from '../helpers/fixture-server.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('check --wait', () => {
  it('waits for a reference server that listens 1.5 s late, then runs the checks against it', async () => {
    // Loaded first, so the delay is spent waiting, not importing the checks.
    await import('../../src/cli/check.js');
    await import('../../src/core/http/wait-for-target.js');
    const port = await freePort();
    let late: ReferenceServer | undefined;
    const timer = setTimeout(() => {
      void startReferenceServer({ port }).then((server) => {
        late = server;
      });
    }, 1500);
    closers.push(async () => {
      clearTimeout(timer);
      await late?.close();
    });
    const io = captureIo();
    io.isTTY = true; // progress as a self-overwriting line
    const started = Date.now();
    const code = await main(
      ['check', `http://127.0.0.1:${port}/registry/v1`, '--wait', '20', '--only', 'health', '--format', 'json'],
      io,
    );
    expect(late).toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(io.err).toMatch(
      /^restguide: waiting up to 20 s for http:\/\/127\.0\.0\.1:\d+\/registry\/v1\/health \(or http:\/\/127\.0\.0\.1:\d+\/registry\/v1\) to answer$/m,
    );
    /* eslint-disable no-control-regex -- a block, not next-line: Prettier may wrap the statement */
    expect(io.err).toMatch(
      /\r\u001b\[Krestguide: still waiting \([\d.]+ s of 20 s\): http:\/\/127\.0\.0\.1:\d+\/registry\/v1: connection refused/,
    );
    /* eslint-enable no-control-regex */
    const waited = Number(/\/registry\/v1\/health answered \(HTTP 200\) after ([\d.]+) s/.exec(io.err)?.[1]);
    expect(waited).toBeGreaterThanOrEqual(1);
    const report = JSON.parse(io.out) as { summary: { passed: number } };
    expect(report.summary.passed).toBeGreaterThan(0);
    expect(code).toBe(0);
  }, 30_000);

  it('gives up after the time with exit 2 and one line saying what the last try met; a progress line every 5 s in a log', async () => {
    const port = await freePort();
    const io = captureIo();
    const started = Date.now();
    const code = await main(['check', `http://127.0.0.1:${port}/api`, '--wait', '5.5'], io);
    const took = Date.now() - started;
    expect(code).toBe(2);
    expect(took).toBeGreaterThanOrEqual(5400);
    expect(took).toBeLessThan(10_000);
    const lines = io.err.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^restguide: still waiting \(5(\.\d)? s of 5\.5 s\): http:\/\/127\.0\.0\.1:\d+\/api: connection refused$/,
    );
    expect(lines[2]).toMatch(
      /^restguide: --wait: http:\/\/127\.0\.0\.1:\d+\/api\/health, http:\/\/127\.0\.0\.1:\d+\/api did not answer within 5\.5 s \(last try: \S+: connection refused\)$/,
    );
    expect(io.out).toBe('');
  }, 15_000);

  it('keeps waiting through a gateway 503 and stops at the first other answer, a 404 included', async () => {
    let answers = 0;
    const server: FixtureServer = await startFixture((req, res) => {
      answers++;
      res.statusCode = answers <= 3 ? 503 : req.url?.endsWith('/health') ? 404 : 200;
      res.end();
    });
    closers.push(() => server.close());
    const seen: string[] = [];
    const result = await waitForTarget({
      urls: waitUrls(`${server.url}/api`),
      timeoutMs: 5000,
      intervalMs: 50,
      onProgress: (p) => seen.push(p.reason),
    });
    expect(seen).toContain('HTTP 503');
    expect(result.status).not.toBe(503);
    expect(answers).toBeGreaterThanOrEqual(4);
  });

  it('tries the paths an OpenAPI document declares, without parameters', () => {
    expect(
      waitUrls('http://h/api', { paths: { '/employers': {}, '/employers/{id}': {}, '/health': {}, '/doc': {} } }),
    ).toEqual(['http://h/api/health', 'http://h/api', 'http://h/api/employers', 'http://h/api/doc']);
  });

  it.each([
    [['--wait', '0', 'http://127.0.0.1:1/api'], /--wait must be a number of seconds above 0/],
    [['--wait', 'soon', 'http://127.0.0.1:1/api'], /--wait must be a number of seconds/],
    [['--wait', '5'], /--wait needs a base URL/],
  ])('refuses %j in one line', async (args, message) => {
    const io = captureIo();
    expect(await main(['check', ...args], io)).toBe(2);
    expect(io.err).toMatch(message);
    expect(io.err.trim().split('\n')).toHaveLength(1);
  });
});
