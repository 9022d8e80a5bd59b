// A small API with one fault repeated on three collections: `/cats`, `/dogs` and `/birds` list their items under
// `results` (as Django REST framework does), and it publishes its own document at `/doc/openapi.json`. Reports
// must show the fault once, with the three URLs.
import { sendJson, startFixture, type FixtureServer } from './fixture-server.js';

export const ANIMAL_COLLECTIONS = ['cats', 'dogs', 'birds'] as const;

const item = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };

/** The document it publishes: a collection and an item path for each. */
export function animalsDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const name of ANIMAL_COLLECTIONS) {
    paths[`/${name}`] = {
      get: {
        operationId: `list-${name}`,
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { count: { type: 'integer' }, results: { type: 'array', items: item } },
                },
              },
            },
          },
        },
      },
    };
    paths[`/${name}/{id}`] = {
      get: {
        operationId: `get-${name}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: item } } },
          404: { description: 'not found' },
        },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Animals', version: '1.0.0' }, paths };
}

/** Starts the API on a loopback port. */
export function startAnimalsApi(): Promise<FixtureServer> {
  return startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, { detail: 'not allowed' }, { allow: 'GET' });
    if (url.pathname === '/doc/openapi.json') return sendJson(res, 200, animalsDocument());
    const [, name, id, extra] = url.pathname.split('/');
    if (!ANIMAL_COLLECTIONS.includes(name as (typeof ANIMAL_COLLECTIONS)[number]) || extra !== undefined)
      return sendJson(res, 404, { detail: 'Not found.' });
    const rows = [1, 2, 3].map((n) => ({ id: n, name: `${name ?? ''} ${n}` }));
    if (id === undefined || id === '') return sendJson(res, 200, { count: rows.length, results: rows });
    const row = rows.find((one) => String(one.id) === id);
    return row ? sendJson(res, 200, row) : sendJson(res, 404, { detail: 'Not found.' });
  });
}
