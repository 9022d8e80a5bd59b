// Reading HAR as other tools write it: browser quirks, entries that are no exchange, secrets in a recording.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { Redactor } from '../../src/core/report/secrets.js';
import { HarRecorder } from '../../src/traffic/har-write.js';
import { readHar } from '../../src/traffic/har-read.js';
import { reference } from '../helpers/check-harness.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-har-read-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (url: string, response: Record<string, unknown>, request: Record<string, unknown> = {}) => ({
  startedDateTime: '2026-01-01T00:00:00.000Z',
  time: 12.6,
  request: {
    method: 'get',
    url,
    httpVersion: 'h2',
    headers: [
      { name: ':authority', value: 'api.test' },
      { name: 'Accept', value: 'application/json' },
    ],
    ...request,
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: 'h2',
    headers: [],
    content: { size: 0, mimeType: '' },
    ...response,
  },
});

describe('readHar', () => {
  it('reads what browsers write: base64 bodies, HTTP/2 pseudo-headers, repeated headers, omitted bodies', async () => {
    const file = join(dir, 'browser.har');
    await writeFile(
      file,
      JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'Chromium' },
          pages: [],
          entries: [
            entry('https://api.test/v1/items', {
              headers: [
                { name: ':status', value: '200' },
                { name: 'Vary', value: 'Accept' },
                { name: 'Vary', value: 'Accept-Language' },
              ],
              content: {
                size: 11,
                mimeType: 'application/json',
                text: Buffer.from('{"a":"é"}').toString('base64'),
                encoding: 'base64',
              },
            }),
            entry('https://api.test/v1/items/1', { content: { size: 300, mimeType: 'application/json' } }),
            entry('https://api.test/v1/blocked', { status: 0 }),
            { comment: 'not an exchange' },
          ],
        },
      }),
    );
    const skipped = { count: 0 };
    const exchanges = [];
    for await (const exchange of readHar(file, skipped)) exchanges.push(exchange);
    expect(exchanges).toHaveLength(2);
    const [first, second] = exchanges;
    expect(first?.request.method).toBe('GET');
    expect(first?.request.headers).toEqual({ accept: 'application/json' });
    expect(first?.response.headers).toEqual({ vary: 'Accept, Accept-Language' });
    expect(first?.response.json).toEqual({ a: 'é' });
    expect(first?.durationMs).toBe(13);
    // A body the HAR leaves out is unknown, not empty: no check may judge it as empty.
    expect(second?.response.truncated).toBe(true);
    expect(skipped.count).toBe(2);
  });

  it('a recording redacts credentials, cookies and tokens as reports do', async () => {
    const file = join(dir, 'secret.har');
    const running = await reference().start();
    const redactor = new Redactor();
    const recorder = new HarRecorder(file, redactor);
    try {
      await runChecks(CHECKS, BUILT_IN_PROFILE, {
        baseUrl: running.url,
        only: ['trace.header-present'],
        redactor,
        timeoutMs: 5000,
        headers: {
          Authorization: 'Bearer s3cr3t-t0ken-value',
          'X-Api-Key': 'k3y-value-9876',
          Cookie: 'session=c00kie-value',
        },
        onExchange: (exchange) => recorder.add(exchange),
      });
    } finally {
      await recorder.close();
      await running.close();
    }
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text).log.entries.length).toBeGreaterThan(0);
    for (const secret of ['s3cr3t-t0ken-value', 'k3y-value-9876', 'c00kie-value']) expect(text).not.toContain(secret);
    expect(text).toContain('"name":"authorization","value":"[REDACTED]"');
  }, 30_000);
});
