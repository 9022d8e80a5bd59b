// An API whose collection cannot create documents: the patch checks and the input write probes never write to
// the API's own sample document (the run changes only records it made); the select reads still use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/checks/index.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/reference-server/index.js';

/** The built-in profile without create bodies, and a patch of two properties (the one --openapi derives). */
const NO_CREATE: Profile = {
  ...BUILT_IN_PROFILE,
  collections: (BUILT_IN_PROFILE.collections ?? []).map(({ create: _create, ...collection }) => collection),
  documents: (BUILT_IN_PROFILE.documents ?? []).map((document) => ({
    ...document,
    patch: { bankrupt: true, bankruptDate: '2024-02-29' },
  })),
};
const RUNS = 3;

describe('writes to a shared sample document', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it(`${RUNS} runs of the patch, input and select checks send no write to the sample and leave it as it was`, async () => {
    const checks = CHECKS.filter((check) => /^(patch|input|select)\./.test(check.meta.id));
    const sample = `${server.url}/employers/93`;
    const before = await (await fetch(sample)).json();
    for (let run = 0; run < RUNS; run++) {
      const report = await runChecks(checks, NO_CREATE, {
        baseUrl: server.url,
        allowWrites: true,
        timeoutMs: 5000,
        concurrency: 8,
      });
      expect(
        report.results
          .filter((r) => r.status === 'fail' || r.status === 'error')
          .map((r) => `${r.status} ${r.id}: ${r.message}`),
      ).toEqual([]);
      // The patch checks skip for want of a record of the run's own; the reads of the sample still pass.
      expect(
        report.results.filter((r) => r.id === 'patch.overwrite' || r.id === 'patch.response').map((r) => r.message),
      ).toEqual([
        "no collection creates /employers/{employerId} documents, and the run changes only records it made (never the API's own)",
        "no collection creates /employers/{employerId} documents, and the run changes only records it made (never the API's own)",
      ]);
      expect(report.results.filter((r) => r.id.startsWith('select.')).every((r) => r.status === 'pass')).toBe(true);
    }
    expect(await (await fetch(sample)).json()).toEqual(before);
  }, 60_000);
});
