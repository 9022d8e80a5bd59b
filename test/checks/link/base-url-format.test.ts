import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/link/base-url-format.js';
import { isLoopback, judgeBaseUrl } from '../../../src/checks/link/support/base-url-format.js';
import { fixture, reference, runOne, testCheck, type ServerFactory } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';

/** The reference server under another base path. */
const referenceAt = (basePath: string): ServerFactory => ({
  async start() {
    const { startReferenceServer } = await import('../../../src/reference-server/index.js');
    return startReferenceServer({ port: 0, basePath });
  },
});

testCheck(check, {
  valid: [
    { name: 'reference server (/registry/v1 on 127.0.0.1)', server: reference() },
    { name: 'a path prefix before the apiName', server: referenceAt('/socialSecurity/registry/v2') },
  ],
  invalid: [
    { name: 'base path /api (no version)', server: referenceAt('/api'), findings: ['notVersioned'] },
    { name: 'base path /MyApi/v1', server: referenceAt('/MyApi/v1'), findings: ['segmentCase'] },
    { name: 'base path /v1 (no apiName)', server: referenceAt('/v1'), findings: ['noApiName'] },
    {
      name: 'a framework API without /health, at a base URL without a version',
      server: fixture((_req, res) => sendJson(res, 404, { detail: 'Not Found' }), { basePath: '/publications' }),
      findings: ['notVersioned'],
    },
  ],
});

describe('link.base-url-format judges the base URL whatever /health answers', () => {
  it('passes a well-formed base URL whose /health answers 404', async () => {
    const report = await runOne(
      check,
      fixture((_req, res) => sendJson(res, 404, { detail: 'Not Found' }), { basePath: '/publications/v1' }),
    );
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
  });
});

// A non-loopback host cannot be served in a test: the scheme rule is judged on URLs directly.
describe('judgeBaseUrl', () => {
  const ids = (url: string) => judgeBaseUrl(url).map((finding) => finding.id);

  it('accepts https with an apiName and a major version', () => {
    expect(ids('https://api.example.be/registry/v1')).toEqual([]);
    expect(ids('https://api.example.be/prefix/enterpriseRegistry/v12')).toEqual([]);
  });
  it('refuses plain http on a public host', () => {
    expect(judgeBaseUrl('http://api.example.be/registry/v1')).toEqual([
      { id: 'notHttps', data: { url: 'http://api.example.be/registry/v1', scheme: 'http' } },
    ]);
  });
  it('accepts plain http on loopback hosts only', () => {
    for (const url of [
      'http://localhost:8080/registry/v1',
      'http://127.0.0.5/registry/v1',
      'http://[::1]:3000/registry/v1',
    ])
      expect(ids(url)).toEqual([]);
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('localhost.example.be')).toBe(false);
  });
  it('says a base URL without any path lacks its version, once', () => {
    expect(ids('https://api.example.be')).toEqual(['notVersioned']);
    expect(ids('https://api.example.be/v2')).toEqual(['noApiName']);
  });
  it('names every departure', () => {
    expect(ids('http://api.example.be/My_Api/v1.2')).toEqual([
      'notHttps',
      'notVersioned',
      'segmentCase',
      'segmentCase',
    ]);
    expect(ids('https://api.example.be/registry/V1')).toEqual(['notVersioned', 'segmentCase']);
  });
});
