// An API that answers 404 to every method it does not route (Fastify, Express) has one fault, whatever method the
// 405 probe used on each collection (PATCH where the document declares PUT, PUT elsewhere): one folded result.
import { expect, it } from 'vitest';
import check from '../../../src/checks/http/method-not-allowed-405.js';
import { foldReport } from '../../../src/core/engine/fold-findings.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sqlApiDocument, startSqlApi } from '../../helpers/sql-api.js';

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
