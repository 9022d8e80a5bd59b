// One cause, one finding (the seventh field pass): a bad date the API stored is input.declared-body's, also where
// answers carry it back; POST's and PUT's takes of one member are one result; one framework 404 page on several
// operations is one doc.responses-match-openapi result; input.wrong-type's 422 is input.declared-body's. Each fault
// alone still shows, and a server without them passes.
import { describe, expect, it } from 'vitest';
import responsesMatch from '../../../src/checks/doc/responses-match-openapi.js';
import declaredBody from '../../../src/checks/input/declared-body.js';
import wrongType from '../../../src/checks/input/wrong-type.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { startTaxOfficesApi, taxOfficesDocument, type TaxOfficesOptions } from '../../helpers/taxoffices-api.js';

const CHECKS = [declaredBody, wrongType, responsesMatch];

async function run(options: TaxOfficesOptions): Promise<CheckReport> {
  const server = await startTaxOfficesApi(options);
  try {
    const contract = taxOfficesDocument();
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

/** The failing check and message ids, once each (the reporters fold one finding on the two session lists). */
const failing = (report: CheckReport) => [
  ...new Set(
    report.results
      .filter((r) => r.status === 'fail')
      .map((r) => `${r.id} ${r.messageId ?? ''}`)
      .sort(),
  ),
];
const resultsOf = (report: CheckReport, id: string) => report.results.filter((r) => r.id === id);

describe('the seventh pass: one cause, one finding', () => {
  it('a bad date the API took is one input.declared-body result, by POST and PUT, not a response mismatch', async () => {
    const report = await run({ badDate: 'take', wrongType: 400 });
    expect(failing(report)).toEqual(['input.declared-body accepted']);
    const [taken] = resultsOf(report, 'input.declared-body').filter((r) => r.status === 'fail');
    expect(taken?.message).toMatch(
      /^POST \S+\/sessions answered 201: body member date took 2024-13-45.*\(the same by PUT\)/,
    );
    const match = resultsOf(report, 'doc.responses-match-openapi');
    expect(match.map((r) => r.status)).toEqual(['pass']);
    expect(match[0]?.message).toMatch(/carrying back a bad body value the run stored are left to input\.declared-body/);
  }, 60_000);

  it('a mismatch on another member of those answers still fails, and names that member only', async () => {
    const report = await run({ badDate: 'take', wrongType: 400, roomAsString: true });
    expect(failing(report)).toEqual(['doc.responses-match-openapi schemaMismatch', 'input.declared-body accepted']);
    const mismatches = resultsOf(report, 'doc.responses-match-openapi').filter((r) => r.status === 'fail');
    expect(mismatches.length).toBeGreaterThan(0);
    for (const mismatch of mismatches) {
      expect(mismatch.message).toMatch(/room must be integer/);
      expect(mismatch.message).not.toMatch(/date/);
    }
  }, 60_000);

  it('the room fault alone is still a response mismatch', async () => {
    const report = await run({ badDate: 400, wrongType: 400, roomAsString: true });
    expect(failing(report)).toEqual(['doc.responses-match-openapi schemaMismatch']);
  }, 60_000);

  it('one framework 404 page for a malformed id on several operations is one result naming them', async () => {
    const report = await run({ badDate: 400, wrongType: 400, htmlNotFound: true });
    expect(failing(report)).toEqual(['doc.responses-match-openapi undocumentedMediaType']);
    const [page] = resultsOf(report, 'doc.responses-match-openapi');
    expect(page?.message).toMatch(
      /answered 404 with text\/html, not a media type (?=.*GET \/offices\/\{officeId\}(?!\/))(?=.*GET \/offices\/\{officeId\}\/sessions\/\{sessionId\}).* documents for response 404/,
    );
  }, 60_000);

  it("input.wrong-type's 422 is the one input.declared-body reported, and stands alone when that is fixed", async () => {
    const both = await run({ badDate: 422, wrongType: 422 });
    expect(failing(both)).toEqual(['input.declared-body not400']);
    const [wrong] = resultsOf(both, 'input.wrong-type');
    expect(wrong?.status).not.toBe('fail');
    expect(wrong?.message).toMatch(/see input\.declared-body/);
    const alone = await run({ badDate: 400, wrongType: 422 });
    expect(failing(alone)).toEqual(['input.wrong-type not400']);
    expect(resultsOf(alone, 'input.wrong-type')[0]?.message).toMatch(/answered 422 instead of 400/);
  }, 60_000);

  it('a server that validates and answers problems passes them all', async () => {
    const report = await run({ badDate: 400, wrongType: 400 });
    expect(failing(report)).toEqual([]);
    expect(new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id)).size).toBe(CHECKS.length);
  }, 60_000);
});
