import { describe, expect, it } from 'vitest';
import { makeResponse, toEvidence } from '../../src/core/engine/exchange.js';
import { curlLine, REDACTED } from '../../src/core/report/redact.js';
import { Redactor } from '../../src/core/report/secrets.js';

describe('evidence', () => {
  const exchange = {
    request: {
      method: 'POST',
      url: 'http://user:pw@127.0.0.1:1/employers?api_key=abc&name=x',
      headers: {
        authorization: 'Bearer s3cret',
        cookie: 'sid=1',
        'proxy-authorization': 'Basic x',
        'x-auth-token': 't',
        'x-client-secret': 's',
        accept: 'application/json',
      },
      body: `{"name":"it's"}`,
    },
    response: makeResponse(
      400,
      { 'set-cookie': 'sid=2', 'content-type': 'application/problem+json' },
      'x'.repeat(5000),
      false,
    ),
    durationMs: 3,
  };

  it('redacts credentials in request and response headers and in the URL', () => {
    const evidence = toEvidence(exchange);
    expect(evidence.request.headers).toEqual({
      authorization: REDACTED,
      cookie: REDACTED,
      'proxy-authorization': REDACTED,
      'x-auth-token': REDACTED,
      'x-client-secret': REDACTED,
      accept: 'application/json',
    });
    expect(evidence.response?.headers['set-cookie']).toBe(REDACTED);
    expect(evidence.request.url).not.toMatch(/abc|user|pw@/);
    expect(evidence.request.url).toContain('name=x');
    expect(JSON.stringify(evidence)).not.toMatch(/s3cret|sid=|Basic x/);
  });

  it('caps body excerpts', () => {
    expect(toEvidence(exchange).response?.body?.length).toBeLessThan(2200);
  });

  it('gives a shell-quoted, redacted curl line', () => {
    const curl = curlLine(exchange.request);
    expect(curl).toContain(`-X POST`);
    expect(curl).toContain(`-H 'authorization: ${REDACTED}'`);
    expect(curl).toContain(`--data-raw '{"name":"it'\\''s"}'`);
    expect(curl).not.toMatch(/s3cret|api_key=abc/);
  });

  it('scrubs a secret before the excerpt cuts it, so no piece of it survives', () => {
    const token = 'tok-0123456789abcdef0123456789abcdef';
    const text = `${'x'.repeat(2040)}${token}${'y'.repeat(100)}`; // the 2 KiB cut falls inside the token
    const echoed = {
      ...exchange,
      request: { ...exchange.request, body: text },
      response: makeResponse(200, {}, text, false),
    };
    const redactor = new Redactor().add(token);
    const evidence = toEvidence(echoed, (t) => redactor.text(t));
    for (const part of [evidence.request.body, evidence.response?.body, evidence.curl])
      expect(part).not.toContain('tok-0123');
    expect(toEvidence(echoed).response?.body).toContain('tok-0123'); // without the scrub the cut keeps a piece
  });
});
