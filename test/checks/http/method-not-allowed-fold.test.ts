// An API that answers 404 to every method it does not route (Fastify, Express) has one fault, whatever method the
// 405 probe used on each collection (PATCH where the document declares PUT, PUT elsewhere): one folded result.
import { expect, it } from 'vitest';
import check from '../../../src/checks/http/method-not-allowed-405.js';
import { foldReport } from '../../../src/core/engine/fold-findings.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sqlApiDocument, startSqlApi } from '../../helpers/sql-api.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

it('folds the 404 of unrouted PATCH and PUT on two collections into one finding', async () => {
  const server = await startSqlApi();
  try {
    const contract = sqlApiDocument();
    const report = await runChecks([check], deriveProfile(contract), {
      baseUrl: server.url,
      contract,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 60_000,
    });
    // Each collection got its own probe: PATCH where PUT is declared.
    expect(report.results.map((r) => r.message.split(' (')[0]).sort()).toEqual([
      `PATCH ${server.url}/bookings`,
      `PUT ${server.url}/rooms`,
    ]);
    const folded = foldReport(report);
    expect(folded.results).toHaveLength(1);
    expect(folded.results[0]).toMatchObject({ status: 'fail', count: 2, resources: ['/bookings', '/rooms'] });
    expect(folded.summary.findings).toBe(1);
  } finally {
    await server.close();
  }
}, 60_000);

/** Two collections, `/bikes` and `/stations`: a PUT either unrouted (404) or taken as an item route's (400). */
function startBikes(stations: 400 | 405) {
  const list = { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } };
  const contract = {
    openapi: '3.0.3',
    info: { title: 'velo', version: '1' },
    paths: Object.fromEntries(
      ['/bikes', '/stations'].map((path) => [
        path,
        { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: list } } } } } },
      ]),
    ),
  };
  const server = startFixture((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && (path === '/bikes' || path === '/stations'))
      return sendJson(res, 200, { items: [{ id: 1 }] });
    // Sails: PUT /stations reaches PUT /:model/:id with the last segment as id (400); PUT /bikes is unrouted (404).
    if (path === '/stations')
      return stations === 405
        ? sendJson(res, 405, { status: 405 }, { allow: 'GET' })
        : sendJson(res, 400, { status: 400 });
    return sendJson(res, 404, { status: 404 });
  });
  return { contract, server };
}

it('folds an API with no 405 at all, 404 on one collection and 400 on another, into one finding', async () => {
  for (const stations of [400, 405] as const) {
    const { contract, server: starting } = startBikes(stations);
    const server = await starting;
    try {
      const report = await runChecks([check], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 60_000,
      });
      const failing = foldReport(report).results.filter((r) => r.status === 'fail');
      if (stations === 400) {
        expect(failing).toHaveLength(1);
        expect(failing[0]).toMatchObject({ count: 2, resources: ['/bikes', '/stations'] });
        expect(failing[0]?.message).toMatch(/answered 404 or 400 instead of 405 \(seen on 2 URLs: /);
      } else {
        // /stations answers 405: the 404 of /bikes is a fault of that collection alone.
        expect(failing.map((r) => r.resource)).toEqual(['/bikes']);
        expect(failing[0]?.message).toMatch(/answered 404 instead of 405\.$/);
      }
    } finally {
      await server.close();
    }
  }
}, 60_000);
