// The API's base path, from `servers` or a prefix every path shares, matched to the base URL given.
import { describe, expect, it } from 'vitest';
import { pathsBasePath, rebase, serversPath } from '../../src/core/profile/base-path.js';
import { declaredGetPaths, serversUrlOf } from '../../src/core/engine/probe-resources.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';

const GET = { get: { responses: { 200: { description: 'ok' } } } };
const doc = (paths: string[], servers?: string) => ({
  openapi: '3.0.3',
  ...(servers === undefined ? {} : { servers: [{ url: servers }] }),
  paths: Object.fromEntries(paths.map((p) => [p, GET])),
});
const BELGIAN = doc([
  '/api/belgianAddress/v2/addresses',
  '/api/belgianAddress/v2/addresses/{id}',
  '/api/belgianAddress/v2/streets',
]);

describe('pathsBasePath', () => {
  it('is the shared prefix up to its version segment when the document has no servers', () => {
    expect(pathsBasePath(BELGIAN)).toBe('/api/belgianAddress/v2');
    expect(pathsBasePath(doc(['/2010-04-01/Accounts.json', '/2010-04-01/Accounts/{Sid}.json']))).toBe('/2010-04-01');
    expect(pathsBasePath(doc(['/api/v1/employers/{id}', '/api/v1/employers/{id}/x']))).toBe('/api/v1');
  });

  it('is the servers path when every path repeats it', () => {
    expect(pathsBasePath(doc(['/registry/v1/a', '/registry/v1/b'], 'https://example.org/registry/v1'))).toBe(
      '/registry/v1',
    );
  });

  it('is empty when paths share no base-path-like prefix, or one path is the prefix itself', () => {
    expect(pathsBasePath(doc(['/employers', '/companies']))).toBe('');
    expect(pathsBasePath(doc(['/employers/{id}', '/employers/{id}/x']))).toBe('');
    expect(pathsBasePath(doc(['/v1', '/v1/employers']))).toBe('');
    expect(pathsBasePath(doc(['/employers'], '/registry/v1'))).toBe('');
    expect(pathsBasePath({ openapi: '3.0.3', paths: {} })).toBe('');
    expect(pathsBasePath(buildOpenApiDocument())).toBe('');
  });
});

describe('rebase', () => {
  it('given the base URL with the API path: paths made relative, the URL kept (never doubled)', () => {
    const { document, baseUrl, basePath } = rebase(BELGIAN, 'http://host/api/belgianAddress/v2');
    expect(baseUrl).toBe('http://host/api/belgianAddress/v2');
    expect(basePath).toBe('/api/belgianAddress/v2');
    expect(Object.keys(document['paths'] as object)).toEqual(['/addresses', '/addresses/{id}', '/streets']);
  });

  it('given the host root: the API found at the prefix', () => {
    expect(rebase(BELGIAN, 'http://host').baseUrl).toBe('http://host/api/belgianAddress/v2');
    expect(rebase(BELGIAN, 'http://host/gateway').baseUrl).toBe('http://host/gateway/api/belgianAddress/v2');
    expect(rebase(BELGIAN, undefined).baseUrl).toBeUndefined();
  });

  it('leaves a document without a shared base path as it is', () => {
    const plain = doc(['/employers', '/employers/{id}']);
    expect(rebase(plain, 'http://host/api')).toEqual({ document: plain, baseUrl: 'http://host/api' });
  });
});

describe('servers and declared paths', () => {
  it('serversPath reads the path of a static first server', () => {
    expect(serversPath(doc([], 'https://api.twilio.com'))).toBe('');
    expect(serversPath(doc([], '/registry/v1/'))).toBe('/registry/v1');
    expect(serversPath(doc([], 'https://{host}/v1'))).toBe('');
  });

  it("serversUrlOf hints the servers path on the run's own origin, never a host without a path", () => {
    expect(serversUrlOf(doc([], 'https://api.twilio.com'), 'http://127.0.0.1:1')).toBeUndefined();
    expect(serversUrlOf(doc([], 'https://prod.example/registry/v1'), 'http://127.0.0.1:1')).toBe(
      'http://127.0.0.1:1/registry/v1',
    );
    expect(serversUrlOf(doc([], '/registry/v1'), 'http://127.0.0.1:1/registry/v1')).toBeUndefined();
  });

  it('declaredGetPaths lists GET paths without parameters, shortest first', () => {
    const document = { paths: { '/b/longer': GET, '/a': GET, '/a/{id}': GET, '/post-only': { post: {} } } };
    expect(declaredGetPaths(document)).toEqual(['/a', '/b/longer']);
    expect(declaredGetPaths(undefined)).toEqual([]);
  });
});
