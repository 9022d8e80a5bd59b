// One cause, one finding (the sixth field pass, finale on PostgreSQL): a 500 another check names the cause of (a
// malformed id, a body value the database refuses, a parent id under another name) is that check's finding, not an
// undocumented status of doc.responses-match-openapi nor a path parameter of input.declared-params again. Each
// fault fixed alone shows the finding that stays is still reported.
import { describe, expect, it } from 'vitest';
import responsesMatch from '../../../src/checks/doc/responses-match-openapi.js';
import malformedId from '../../../src/checks/id/malformed-400.js';
import declaredParams from '../../../src/checks/input/declared-params.js';
import declaredBody from '../../../src/checks/input/declared-body.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { canteensDocument, startCanteensApi, type CanteensOptions } from '../../helpers/canteens-api.js';

const CHECKS = [malformedId, declaredParams, declaredBody, responsesMatch];

async function run(options: CanteensOptions): Promise<CheckReport> {
  const server = await startCanteensApi(options);
  try {
    const contract = canteensDocument();
    return await runChecks(CHECKS, deriveProfile(contract), {
      baseUrl: server.url,
      contract,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 60_000,
    });
  } finally {
    await server.close();
  }
}

const failing = (report: CheckReport) =>
  report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId ?? ''}`);
const resultOf = (report: CheckReport, id: string) => report.results.filter((r) => r.id === id);

describe('5xx answers whose cause another check names', () => {
  it('are not reported again: a malformed id, a parent id under another name, a body value', async () => {
    const report = await run({ malformedId: 500, malformedParent: 500, longName: 500 });
    expect(failing(report).sort()).toEqual(['id.malformed-400 not400', 'input.declared-body not400']);
    // The same member by POST and by PUT of the run's own record: one finding naming both.
    expect(resultOf(report, 'input.declared-body')[0]?.message).toMatch(
      /^POST \S+\/schools \(body member name: 81 characters, .*\) answered 500 instead of 400 \(the same by PUT\)\.$/,
    );
    const match = resultOf(report, 'doc.responses-match-openapi');
    expect(match.map((r) => r.status)).toEqual(['pass']);
    expect(match[0]?.message).toMatch(/5xx answers to the run's own input are left to .*id\.malformed-400/);
    expect(match[0]?.message).toMatch(/left to .*input\.declared-body/);
    // The enum of the list was probed and passed; the parent id says where its fault is told.
    const params = resultOf(report, 'input.declared-params');
    expect(params.map((r) => r.status)).toEqual(['pass']);
    expect(params[0]?.message).toMatch(/see id\.malformed-400 .*\/schools\/\{schoolId\}\/menus schoolId/);
  }, 60_000);

  it('a nested route that answers 500 where the item path answers 400 is still input.declared-params', async () => {
    const report = await run({ malformedId: 400, malformedParent: 500, longName: 400 });
    expect(failing(report)).toEqual(['input.declared-params not400']);
    expect(resultOf(report, 'input.declared-params')[0]?.message).toMatch(
      /\/schools\/restguide\/menus \(path parameter schoolId: .*\) answered 500 instead of 400/,
    );
    expect(resultOf(report, 'doc.responses-match-openapi').map((r) => r.status)).toEqual(['pass']);
  }, 60_000);

  it('a 500 no check names the cause of is still an undocumented status', async () => {
    const report = await run({ malformedId: 500, malformedParent: 500, longName: 400, menusBroken: true });
    expect(failing(report).sort()).toEqual([
      'doc.responses-match-openapi undocumentedStatus',
      'id.malformed-400 not400',
    ]);
    const [undocumented] = resultOf(report, 'doc.responses-match-openapi');
    expect(undocumented?.message).toMatch(/GET \S+\/schools\/1\/menus answered 500/);
    expect(undocumented?.message).not.toMatch(/abc|restguide/);
  }, 60_000);

  it('an API that answers every bad input 400 passes them all', async () => {
    const report = await run({ malformedId: 400, malformedParent: 400, longName: 400 });
    expect(failing(report)).toEqual([]);
    expect(report.results.filter((r) => r.status === 'pass')).toHaveLength(CHECKS.length);
  }, 60_000);
});
