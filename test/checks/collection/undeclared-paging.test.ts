// A list whose document declares no paging gets no `pageSize` from the run (the fourth field pass: Express with
// express-openapi-validator refused the run's own `pageSize` with 400, and three checks blamed the collection).
import { describe, expect, it } from 'vitest';
import isObjectCheck from '../../../src/checks/collection/is-object.js';
import itemsArrayCheck from '../../../src/checks/collection/items-array.js';
import sameOriginCheck from '../../../src/checks/link/same-origin-items.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { timeoutMs: 5000, deadlineMs: 60_000 } as const;
const CHECKS = [isObjectCheck, itemsArrayCheck, sameOriginCheck];

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const Item = { type: 'object', properties: { id: { type: 'integer' }, href: { type: 'string' } } };
  const list = { type: 'object', properties: { items: { type: 'array', items: Item } } };
  const electionId = { name: 'electionId', in: 'path', required: true, schema: { type: 'integer' } };
  const query = (name: string) => ({ name, in: 'query', schema: { type: 'string' } });
  const page = { 200: { description: 'a page', content: json(list) } };
  return {
    openapi: '3.0.3',
    info: { title: 'elections', version: '1' },
    paths: {
      '/elections': { get: { parameters: [query('page'), query('pageSize')], responses: page } },
      '/elections/{electionId}': {
        parameters: [electionId],
        get: { responses: { 200: { description: 'one', content: json(Item) } } },
      },
      '/elections/{electionId}/candidates': {
        parameters: [electionId],
        get: { parameters: [query('union')], responses: page },
      },
      '/elections/{electionId}/candidates/{candidateId}': {
        parameters: [electionId, { ...electionId, name: 'candidateId' }],
        get: { responses: { 200: { description: 'one', content: json(Item) } } },
      },
    },
  };
}

/** express-openapi-validator's way: a query parameter the document does not declare for the path is a 400. */
async function startElections() {
  const server = await startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const declared = url.pathname === '/elections' ? ['page', 'pageSize'] : ['union'];
    const unknown = [...url.searchParams.keys()].find((name) => !declared.includes(name));
    if (unknown !== undefined)
      return sendJson(res, 400, { message: `Unknown query parameter '${unknown}'`, errors: [] });
    const href = (path: string) => `${server.url}${path}`;
    if (url.pathname === '/elections') return sendJson(res, 200, { items: [{ id: 1, href: href('/elections/1') }] });
    const candidates = /^\/elections\/1\/candidates$/.exec(url.pathname);
    if (candidates)
      return sendJson(res, 200, {
        items: [1, 2].map((id) => ({ id, href: href(`/elections/1/candidates/${id}`) })),
      });
    const one = /^\/elections\/1(?:\/candidates\/([12]))?$/.exec(url.pathname);
    if (one) return sendJson(res, 200, { id: Number(one[1] ?? 1), href: href(url.pathname) });
    return sendJson(res, 404, { message: 'not found' });
  });
  return server;
}

describe('a list without declared paging', () => {
  it('is asked without a page size, and judged on its answer', async () => {
    const server = await startElections();
    try {
      const contract = document();
      const report = await runChecks(CHECKS, deriveProfile(contract), { baseUrl: server.url, contract, ...RUN });
      const nested = report.results.filter((r) => r.resource.includes('/candidates'));
      expect(nested.map((r) => `${r.status} ${r.id}`).sort()).toEqual([
        'pass collection.is-object',
        'pass collection.items-array',
        'pass link.same-origin-items',
      ]);
      const asked = server.requests.filter((r) => r.url.includes('/candidates')).map((r) => r.url);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.filter((url) => url.includes('pageSize'))).toEqual([]);
      // A list that declares its page size still gets one.
      expect(server.requests.some((r) => /^\/elections\?.*pageSize=/.test(r.url))).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('still fails where the list itself breaks the rule (a bare array)', async () => {
    const server = await startFixture((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/elections') return sendJson(res, 200, { items: [{ id: 1 }] });
      if (url.pathname === '/elections/1/candidates') return sendJson(res, 200, [{ id: 1 }]);
      return sendJson(res, 404, { message: 'not found' });
    });
    try {
      const contract = document();
      const report = await runChecks([isObjectCheck], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        ...RUN,
      });
      expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toContain(
        'fail collection.is-object /elections/1/candidates',
      );
    } finally {
      await server.close();
    }
  }, 60_000);
});
