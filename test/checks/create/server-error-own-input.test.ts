// A 5xx to a value the run made is what it is, a server error for the run's input, told once: not as the create
// rule ("answered 500 instead of 201"), and not again by doc.responses-match-openapi as an undocumented status.
// A plain `string` named as a time, or whose records hold times, gets a time, so the create the field run blamed
// (Platformatic's bookings) works.
import { describe, expect, it } from 'vitest';
import createdCheck from '../../../src/checks/create/created-201.js';
import emptyResultCheck from '../../../src/checks/collection/empty-result.js';
import selfLinkCheck from '../../../src/checks/collection/self-link.js';
import no204Check from '../../../src/checks/http/no-204-on-get.js';
import responsesCheck from '../../../src/checks/doc/responses-match-openapi.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { startReferenceServer } from '../../../src/reference-server/index.js';
import { sqlApiDocument, startSqlApi } from '../../helpers/sql-api.js';

const RUN = { allowWrites: true, timeoutMs: 5000, deadlineMs: 60_000 } as const;
// collection.self-link sends the same filter value with a page size, http.no-204-on-get a value of its own to the
// same filter: the same 500, other URLs.
const CHECKED = [createdCheck, emptyResultCheck, selfLinkCheck, no204Check, responsesCheck];

const outcomes = (report: CheckReport) =>
  report.results.map((r) => `${r.status} ${r.id} ${r.resource}${r.messageId ? ` ${r.messageId}` : ''}`).sort();

describe('a 5xx to the run’s own input is one finding of what it is', () => {
  it('on an API whose database alone types its columns', async () => {
    const server = await startSqlApi();
    try {
      const contract = sqlApiDocument();
      const report = await runChecks(CHECKED, deriveProfile(contract), { baseUrl: server.url, contract, ...RUN });
      expect(outcomes(report)).toEqual([
        // Its one finding is the items' 404 declared without content, answered with JSON (not the 500s).
        'fail collection.empty-result /rooms serverError',
        // The API links no `self`: true of both, whatever the filter drew.
        'fail collection.self-link /bookings missing',
        'fail collection.self-link /rooms missing',
        'fail create.created-201 /rooms serverError',
        'fail doc.responses-match-openapi / undocumentedMediaType',
        'pass collection.empty-result /bookings',
        // startsAt (by its name) and until (by the records), plain strings, got times: the bookings create worked.
        'pass create.created-201 /bookings',
        'pass http.no-204-on-get /',
      ]);
      const created = report.results.find((r) => r.id === 'create.created-201' && r.status === 'fail');
      expect(created?.message).toMatch(
        /^POST http:\/\/127\.0\.0\.1:\d+\/rooms answered 500 to the create body restguide made from the request schema \(`code`, `name`\): a server error for input/,
      );
      // The 500s are left to the checks that reported them, and the result says so.
      const doc = report.results.find((r) => r.id === 'doc.responses-match-openapi');
      expect(doc?.message).not.toMatch(/\b500\b/);
      expect(doc?.message).toContain(
        "5xx answers to the run's own input are left to collection.empty-result, create.created-201",
      );
      expect(server.ids('bookings')).toEqual([1, 2, 3, 4]);
      expect(server.ids('rooms')).toEqual([1, 2, 3, 4]);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('the reference server passes them', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const report = await runChecks(
        [createdCheck, responsesCheck],
        (await import('../../../src/core/profile/profile.js')).BUILT_IN_PROFILE,
        { baseUrl: server.url, ...RUN },
      );
      expect(report.results.filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 90_000);
});
