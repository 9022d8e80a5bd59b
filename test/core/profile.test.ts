import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/core/http/http-client.js';
import { deriveProfile, loadOpenApi } from '../../src/core/profile/openapi-profile.js';
import { BUILT_IN_PROFILE, checkProfile, loadProfile, resolveTarget } from '../../src/core/profile/profile.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

describe('profiles', () => {
  it('accepts the built-in profile and refuses bad ones naming the field', () => {
    expect(checkProfile(BUILT_IN_PROFILE, 'built-in')).toBe(BUILT_IN_PROFILE);
    expect(() => checkProfile({ collections: [{ path: '/a', paging: { kind: 'cursor' } }] }, 'p.yaml')).toThrow(
      /bad profile p\.yaml: \/collections\/0\/paging/,
    );
    expect(() => checkProfile({ collections: [{ path: '/a', fullText: '' }] }, 'p.yaml')).toThrow(
      /\/collections\/0\/fullText must NOT have fewer than 1 characters/,
    );
  });

  it('names an unknown key, the nearest allowed one when it is close, and every key allowed there', () => {
    const message = (data: unknown) => {
      try {
        checkProfile(data, 'p.yaml');
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(message({ colections: [] })).toBe(
      'bad profile p.yaml: (root) has an unknown key `colections`: did you mean `collections`? Allowed keys there: api, languages, collections, documents, tasks, auth, controllers',
    );
    expect(message({ documents: [{ path: '/a/{id}', selct: true }] })).toMatch(
      /^bad profile p\.yaml: \/documents\/0 has an unknown key `selct`: did you mean `select`\? Allowed keys there: path, sampleIds, .*, select, methods, readOnly, writable$/,
    );
    // Nothing close: no guess, only the allowed keys.
    expect(message({ foo: 1 })).toBe(
      'bad profile p.yaml: (root) has an unknown key `foo`. Allowed keys there: api, languages, collections, documents, tasks, auth, controllers',
    );
    // A name that would break the one line is quoted as JSON.
    expect(message({ 'a\nb': 1 })).toMatch(
      /^bad profile p\.yaml: \(root\) has an unknown key "a\\nb"\. Allowed keys there: /,
    );
  });

  it('lists the allowed values of a wrong enum value, with the nearest one when it is close', () => {
    const message = (data: unknown) => {
      try {
        checkProfile(data, 'p.yaml');
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(message({ documents: [{ path: '/a/{id}', update: 'post' }] })).toBe(
      'bad profile p.yaml: /documents/0/update is `post`, not one of the allowed values `put`, `patch`',
    );
    expect(message({ documents: [{ path: '/a/{id}', update: 'pach' }] })).toBe(
      'bad profile p.yaml: /documents/0/update is `pach`, not one of the allowed values `put`, `patch`; did you mean `patch`?',
    );
    expect(message({ controllers: [{ path: '/c', method: 5 }] })).toBe(
      'bad profile p.yaml: /controllers/0/method is 5, not one of the allowed values `GET`, `POST`',
    );
    // Paging is one of two shapes told apart by `kind`: a wrong kind lists both, a right one gets its own shape's error.
    expect(message({ collections: [{ path: '/a', paging: { kind: 'offst' } }] })).toBe(
      'bad profile p.yaml: /collections/0/paging/kind is `offst`, not one of the allowed values `offset`, `cursor`; did you mean `offset`?',
    );
    expect(message({ collections: [{ path: '/a', paging: {} }] })).toBe(
      'bad profile p.yaml: /collections/0/paging/kind is missing: one of `offset`, `cursor`',
    );
    expect(message({ collections: [{ path: '/a', paging: { kind: 'cursor' } }] })).toBe(
      "bad profile p.yaml: /collections/0/paging must have required property 'param'",
    );
    expect(message({ collections: [{ path: '/a', paging: { kind: 'offset', param: 'after' } }] })).toBe(
      'bad profile p.yaml: /collections/0/paging has an unknown key `param`. Allowed keys there: kind',
    );
  });

  it('names the full-text parameter, the embed value and the paging of the reference collections', () => {
    const byPath = new Map((BUILT_IN_PROFILE.collections ?? []).map((c) => [c.path, c]));
    expect(byPath.get('/employers')).toMatchObject({ fullText: 'q', embed: 'items', paging: { kind: 'offset' } });
    expect(byPath.get('/employers')?.filters).not.toContain('q');
    expect(byPath.get('/appendices/employerclasses')).toMatchObject({ embed: 'items', paging: { kind: 'offset' } });
    expect(byPath.get('/companies')?.fullText).toBeUndefined();
  });

  it('loads YAML and reports unreadable or unparsable files as usage errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-'));
    await writeFile(join(dir, 'ok.yaml'), 'collections:\n  - path: /employers\n    paging: { kind: offset }\n');
    await writeFile(join(dir, 'broken.yaml'), 'collections: [\n');
    expect((await loadProfile('ok.yaml', dir)).collections?.[0]?.paging).toEqual({ kind: 'offset' });
    await expect(loadProfile('missing.yaml', dir)).rejects.toThrow(/cannot read profile missing\.yaml: ENOENT/);
    await expect(loadProfile('broken.yaml', dir)).rejects.toThrow(/bad profile broken\.yaml: not YAML or JSON/);
  });

  it('resolves the built-in profile against the reference server, reading sample ids at run time', async () => {
    const client = new HttpClient({ baseUrl: server.url, allowWrites: false, timeoutMs: 5000, concurrency: 2 });
    try {
      const target = await resolveTarget(BUILT_IN_PROFILE, client);
      const employers = target.documents[0];
      expect(employers?.sampleIds.length).toBeGreaterThan(0);
      expect(employers?.url('12 3')).toBe('/employers/12%203');
      const collection = target.collections[0];
      expect(collection?.firstPage({ pageSize: 2 })).toBe('/employers?pageSize=2');
      const [a, b] = [collection?.createBody(), collection?.createBody()];
      expect(a?.['employerId']).not.toEqual(b?.['employerId']);
      expect(collection?.fullText).toBe('q');
      // The document's creator is the collection with a create body whose item path it is.
      expect(employers?.creator).toBe(collection);
      expect(client.requests).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('gives a create body and task bodies the reference server accepts', async () => {
    const client = new HttpClient({ baseUrl: server.url, allowWrites: true, timeoutMs: 5000, concurrency: 2 });
    try {
      const target = await resolveTarget(BUILT_IN_PROFILE, client);
      const created = await client.request({
        method: 'POST',
        url: '/employers',
        json: target.collections[0]?.createBody(),
      });
      expect(created.response.status).toBe(201);
      await client.request({ method: 'DELETE', url: created.response.headers.location ?? '' });
      const task = await client.request({ method: 'POST', url: '/images/tasks', json: target.tasks[0]?.body });
      expect(task.response.status).toBe(202);
    } finally {
      await client.close();
    }
  });
});

describe('--openapi: a profile derived from an OpenAPI document', () => {
  it('finds the collections, documents, tasks and controllers of the reference API', async () => {
    const profile = deriveProfile(await loadOpenApi(`${server.url}/doc/openapi.json`, process.cwd()));
    expect(checkProfile(JSON.parse(JSON.stringify(profile)), 'derived')).toBeTruthy();
    const employers = profile.collections?.find((c) => c.path === '/employers');
    expect(employers).toMatchObject({ paging: { kind: 'offset' }, key: 'employerId' });
    expect(employers?.filters).toContain('name');
    expect(employers?.filters).not.toContain('q');
    expect(employers?.fullText).toBe('q');
    expect(profile.collections?.find((c) => c.path === '/companies')?.fullText).toBeUndefined();
    expect(profile.collections?.find((c) => c.path === '/companies')?.paging).toEqual({
      kind: 'cursor',
      param: 'afterCompany',
    });
    expect(profile.documents?.map((d) => d.path)).toContain('/employers/{employerId}');
    expect(profile.tasks?.map((t) => t.path)).toContain('/images/tasks');
    expect(profile.controllers?.map((c) => c.path)).toContain('/convertMoney');
  });

  it('reads a Swagger 2.0 document as OpenAPI 3 (converted in memory), as lint does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-swagger-'));
    const file = join(dir, 'swagger.yaml');
    await writeFile(
      file,
      [
        'swagger: "2.0"',
        'info: {title: t, version: "1"}',
        'basePath: /api/v1',
        'produces: [application/json]',
        'paths:',
        '  /things:',
        '    get:',
        '      responses:',
        '        "200": {description: ok, schema: {type: array, items: {$ref: "#/definitions/Thing"}}}',
        '  /things/{id}:',
        '    get:',
        '      parameters: [{name: id, in: path, required: true, type: integer}]',
        '      responses: {"200": {description: ok, schema: {$ref: "#/definitions/Thing"}}}',
        'definitions:',
        '  Thing: {type: object, properties: {id: {type: integer}, name: {type: string}}}',
      ].join('\n'),
    );
    const doc = await loadOpenApi(file, process.cwd());
    expect(doc['openapi']).toMatch(/^3\./);
    const profile = deriveProfile(doc);
    expect(profile.collections?.map((c) => c.path)).toEqual(['/things']);
    expect(profile.documents?.map((d) => d.path)).toEqual(['/things/{id}']);
  });

  it('refuses a document that is not OpenAPI', async () => {
    await expect(loadOpenApi(`${server.url}/health`, process.cwd())).rejects.toThrow(
      /bad OpenAPI document .*no 'openapi' version/,
    );
    await expect(loadOpenApi('nope.yaml', process.cwd())).rejects.toThrow(
      /cannot read OpenAPI document nope\.yaml: ENOENT/,
    );
  });
});

describe('resolving document creators', () => {
  it('leaves a document without a creator when no collection with a create body lists it as item path', async () => {
    const client = new HttpClient({ baseUrl: server.url, allowWrites: false, timeoutMs: 5000, concurrency: 1 });
    try {
      const body = { name: 'x' };
      const target = await resolveTarget(
        {
          collections: [
            { path: '/a', itemPath: '/a/{id}' },
            { path: '/b', itemPath: '/b/{id}', create: { body } },
          ],
          documents: [
            { path: '/a/{id}', sampleIds: ['1'] },
            { path: '/b/{id}', sampleIds: ['1'] },
          ],
        },
        client,
      );
      expect(target.documents.map((d) => d.creator?.path)).toEqual([undefined, '/b']);
      expect(client.requests).toBe(0);
    } finally {
      await client.close();
    }
  });
});

describe('sampleIdsFrom', () => {
  it('reads ids from a collection answered as a bare array (json-server), under its page size parameter', async () => {
    const { startFixture, sendJson } = await import('../helpers/fixture-server.js');
    const api = await startFixture((req, res) =>
      sendJson(res, 200, req.url?.startsWith('/employers?_limit=5') ? [{ employerId: 7 }, { employerId: 14 }] : []),
    );
    const client = new HttpClient({ baseUrl: api.url, allowWrites: false, timeoutMs: 2000, concurrency: 1 });
    try {
      const target = await resolveTarget(
        {
          collections: [{ path: '/employers', key: 'employerId', pageSizeParam: '_limit' }],
          documents: [
            { path: '/employers/{employerId}', sampleIdsFrom: { collection: '/employers', property: 'employerId' } },
          ],
        },
        client,
      );
      expect(target.documents[0]?.sampleIds).toEqual(['7', '14']);
    } finally {
      await client.close();
      await api.close();
    }
  });
});
