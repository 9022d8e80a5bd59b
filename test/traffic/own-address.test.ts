// The proxy's own address is the API's: the origins a request reached it at, and links to them judged as the
// upstream's; and the headers it adds as a gateway does.
import { describe, expect, it } from 'vitest';
import { asUpstream, ownOrigins } from '../../src/traffic/own-address.js';
import { forwardedHeaders } from '../../src/traffic/proxy.js';

const UPSTREAM = 'http://10.1.2.3:3000';

describe('ownOrigins', () => {
  it('the listening address, the Host sent, and the hosts a gateway before it names', () => {
    expect(ownOrigins({ host: 'localhost:8080' }, ['http://127.0.0.1:8080'], UPSTREAM)).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'https://localhost:8080',
    ]);
    expect(ownOrigins({ 'x-forwarded-host': 'api.example.org', 'x-forwarded-proto': 'https' }, [], UPSTREAM)).toEqual([
      'https://api.example.org',
    ]);
    expect(
      ownOrigins({ forwarded: 'for=1.2.3.4;host="gw.example:8443";proto=https, for=5.6.7.8' }, [], UPSTREAM),
    ).toEqual(['https://gw.example:8443']);
  });

  it('never the upstream itself, nor what is no host', () => {
    expect(ownOrigins({ host: '10.1.2.3:3000' }, [], UPSTREAM)).toEqual(['https://10.1.2.3:3000']);
    expect(ownOrigins({ host: 'bad host/x' }, [], UPSTREAM)).toEqual([]);
    expect(ownOrigins({}, [], UPSTREAM)).toEqual([]);
  });
});

describe('asUpstream', () => {
  const own = ['http://127.0.0.1:8080', 'https://api.example.org'];
  it('links under the base path on an own origin become the upstream’s, wherever they are', () => {
    const body = JSON.stringify({
      self: 'http://127.0.0.1:8080/api/v1/employers?page=2',
      items: [{ href: 'HTTPS://API.EXAMPLE.ORG/api/v1/employers/1' }],
      root: 'http://127.0.0.1:8080/api/v1',
    });
    expect(JSON.parse(asUpstream(body, own, UPSTREAM, '/api/v1'))).toEqual({
      self: `${UPSTREAM}/api/v1/employers?page=2`,
      items: [{ href: `${UPSTREAM}/api/v1/employers/1` }],
      root: `${UPSTREAM}/api/v1`,
    });
    expect(asUpstream('<http://127.0.0.1:8080/api/v1/x?page=2>; rel="next"', own, UPSTREAM, '/api/v1')).toBe(
      `<${UPSTREAM}/api/v1/x?page=2>; rel="next"`,
    );
  });

  it('leaves other origins, other base paths and longer hosts alone', () => {
    for (const link of [
      'http://elsewhere.example/api/v1/x',
      'http://127.0.0.1:8080/api/v12/x',
      'http://127.0.0.1:80801/api/v1/x',
      'http://127.0.0.1:8080/other',
    ])
      expect(asUpstream(JSON.stringify({ href: link }), own, UPSTREAM, '/api/v1')).toBe(JSON.stringify({ href: link }));
    expect(asUpstream('text', [], UPSTREAM, '')).toBe('text');
  });
});

describe('forwardedHeaders', () => {
  it('appends the client to X-Forwarded-For and Forwarded; says host and scheme unless a gateway before said them', () => {
    expect(forwardedHeaders({}, '::ffff:127.0.0.1', '127.0.0.1:8080')).toEqual([
      ['x-forwarded-for', '127.0.0.1'],
      ['x-forwarded-host', '127.0.0.1:8080'],
      ['x-forwarded-proto', 'http'],
      ['forwarded', 'for=127.0.0.1;host="127.0.0.1:8080";proto=http'],
    ]);
    const before = {
      'x-forwarded-for': '10.0.0.9',
      'x-forwarded-host': 'api.example.org',
      'x-forwarded-proto': 'https',
      forwarded: 'for=10.0.0.9;host=api.example.org;proto=https',
    };
    expect(forwardedHeaders(before, '::1', 'proxy.internal')).toEqual([
      ['x-forwarded-for', '10.0.0.9, ::1'],
      ['forwarded', 'for=10.0.0.9;host=api.example.org;proto=https, for="[::1]";host=proxy.internal;proto=http'],
    ]);
  });
});
