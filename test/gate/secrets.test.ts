// Every -H value is a credential: scrubbed from every check format and the baseline, wherever the API
// echoes it (headers, bodies) or the checker copied it (PUT bodies, curl --data-raw).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { CHECK_FORMATS } from '../../src/reporters/formats.js';
import { redactHeaders } from '../../src/core/report/redact.js';
import { Redactor } from '../../src/core/report/secrets.js';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { captureIo } from '../helpers/io.js';
import { startProxy } from '../helpers/proxy.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const TOKEN = 's3cr3t-t0ken/XYZ';
const TENANT = 'tenant-secret-42';
const FORMATS = [...CHECK_FORMATS];

/** The reference API, echoing the request's credentials in a header and in every JSON object body, without trace ids. */
async function echoingApi(): Promise<string> {
  const server = await startReferenceServer({ port: 0 });
  const basePath = new URL(server.url).pathname;
  const proxy = await startProxy(server.origin, basePath, (request, response) => {
    const auth = String(request.headers['authorization'] ?? '');
    const tenant = String(request.headers['x-tenant'] ?? '');
    response.headers['x-echo-auth'] = auth;
    response.headers['www-authenticate'] = `Bearer realm="${tenant}"`;
    response.headers['access-control-allow-credentials'] = 'true';
    delete response.headers['belgov-trace-id'];
    const body = response.json as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      body['seenAuth'] = auth;
      body['seenTenant'] = tenant;
    }
  });
  closers.push(async () => {
    await proxy.close();
    await server.close();
  });
  return `${proxy.origin}${basePath}`;
}

describe('secrets never reach a report', () => {
  it('redacts every configured header value in every format and the baseline', async () => {
    const url = await echoingApi();
    const dir = await mkdtemp(join(tmpdir(), 'restguide-secrets-'));
    const files = FORMATS.map((format) => join(dir, `report.${format}`));
    const io = captureIo();
    const code = await main(
      [
        'check',
        url,
        '--allow-writes',
        '--only',
        'put,trace,problem',
        '--timeout',
        '5000',
        '-H',
        `Authorization: Bearer ${TOKEN}`,
        '-H',
        `X-Tenant: ${TENANT}`,
        ...FORMATS.flatMap((format, i) => ['--format', format, '--output', files[i] as string]),
        '--write-baseline',
        join(dir, 'baseline.json'),
      ],
      io,
    );
    expect(code).toBe(0); // writing a baseline is not a gate
    const texts = await Promise.all([...files, join(dir, 'baseline.json')].map((file) => readFile(file, 'utf8')));
    const json = JSON.parse(texts[1] as string) as {
      results: Array<{
        status: string;
        evidence: Array<{
          request: { body?: string };
          curl: string;
          response?: { headers: Record<string, string>; body?: string };
        }>;
      }>;
    };
    // The run did see the echoes: failures with evidence, PUT bodies copied from echoing GETs.
    const evidence = json.results.flatMap((r) => r.evidence);
    expect(evidence.length).toBeGreaterThan(0);
    expect(
      evidence.some(
        (e) =>
          e.response?.headers['x-echo-auth'] === 'Bearer [REDACTED]' ||
          e.response?.headers['x-echo-auth'] === '[REDACTED]',
      ),
    ).toBe(true);
    expect(
      evidence.some((e) => e.request.body?.includes('"seenAuth":"[REDACTED]"') && e.curl.includes('--data-raw')),
    ).toBe(true);
    // A CORS header that merely names credentials is not one.
    expect(evidence.some((e) => e.response?.headers['access-control-allow-credentials'] === 'true')).toBe(true);
    for (const [i, text] of texts.entries()) {
      expect(text.length, `output ${i}`).toBeGreaterThan(0);
      for (const secret of [TOKEN, TENANT, encodeURIComponent(TOKEN), JSON.stringify(TOKEN).slice(1, -1)]) {
        expect(text.includes(secret), `${FORMATS[i] ?? 'baseline'} contains ${secret}`).toBe(false);
      }
    }
    expect(io.out + io.err).not.toContain(TOKEN);
  }, 60_000);
});

describe('Redactor', () => {
  it('scrubs raw, JSON-escaped and URL-encoded forms, and the credential after an auth scheme', () => {
    const r = new Redactor().addHeaderValues({ Authorization: 'Bearer a/b"c', 'X-Short': '1' });
    expect(r.text('x Bearer a/b"c y')).toBe('x [REDACTED] y');
    expect(r.text('{"t":"a/b\\"c"}')).toBe('{"t":"[REDACTED]"}');
    expect(r.text('?t=a%2Fb%22c')).toBe('?t=[REDACTED]');
    // A one-character value would blank out ordinary text: only its header is redacted (by name, elsewhere).
    expect(r.text('page 1 of 10')).toBe('page 1 of 10');
  });

  it('takes secrets registered later (a token fetched at run time)', () => {
    const r = new Redactor();
    expect(r.deep({ a: ['tok-123456'] })).toEqual({ a: ['tok-123456'] });
    r.add('tok-123456');
    expect(r.deep({ a: ['tok-123456'] })).toEqual({ a: ['[REDACTED]'] });
  });

  it('name patterns: secrets by name, but not CORS headers that merely name credentials', () => {
    expect(redactHeaders({ 'access-control-allow-credentials': 'true', 'x-api-key': 'k', cookie: 'c' })).toEqual({
      'access-control-allow-credentials': 'true',
      'x-api-key': '[REDACTED]',
      cookie: '[REDACTED]',
    });
  });
});
