// An API without a document whose root links its collections (Django REST framework's API root): the model is
// read from the links, and only GETs are sent.
import { describe, expect, it } from 'vitest';
import { modelFromRoot } from '../../src/core/profile/root-links.js';
import { sendJson, startFixture, type FixtureHandler } from '../helpers/fixture-server.js';

const ROWS = [3, 5, 8].map((id) => ({ id, name: `Company ${id}` }));

/** Django REST framework's shape under /api: an API root, lists under `results`, items named by their `url`. */
const drfLike =
  (root: (origin: string) => unknown): FixtureHandler =>
  (req, res, server) => {
    const path = new URL(req.url ?? '/', server.origin).pathname;
    if (path === '/api') return sendJson(res, 301, {}, { location: '/api/' });
    if (path === '/api/') return sendJson(res, 200, root(server.origin));
    if (path === '/api/companies/')
      return sendJson(res, 200, {
        count: ROWS.length,
        next: null,
        results: ROWS.map((row) => ({ url: `${server.origin}/api/companies/${row.id}/`, ...row })),
      });
    if (path === '/api/health/') return sendJson(res, 200, { status: 'UP' });
    return sendJson(res, 404, { detail: 'Not found.' });
  };

describe('modelFromRoot', () => {
  it('models the collections the root links, their item paths and keys', async () => {
    const server = await startFixture(
      drfLike((origin) => ({
        companies: `${origin}/api/companies/`,
        health: { href: `${origin}/api/health/` },
        elsewhere: 'https://example.org/api/other/',
        title: 'Shop',
      })),
    );
    try {
      const model = await modelFromRoot(`${server.origin}/api`, { timeoutMs: 5000 });
      expect(model?.root).toBe(`${server.origin}/api/`);
      expect(model?.profile).toEqual({
        collections: [{ path: '/companies/', key: 'id', itemPath: '/companies/{id}/' }],
        documents: [{ path: '/companies/{id}/', sampleIdsFrom: { collection: '/companies/', property: 'id' } }],
      });
      // Nothing but GETs, and nothing outside the API.
      expect(new Set(server.requests.map((r) => r.method))).toEqual(new Set(['GET']));
      expect(server.requests.map((r) => r.url)).not.toContain('/api/other/');
    } finally {
      await server.close();
    }
  });

  it('models nothing when the root links no list', async () => {
    const server = await startFixture(drfLike((origin) => ({ health: `${origin}/api/health/`, version: '1.0' })));
    try {
      expect(await modelFromRoot(`${server.origin}/api`, { timeoutMs: 5000 })).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
