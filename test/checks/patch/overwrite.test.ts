import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/patch/overwrite.js';
import { isObject } from '../../../src/core/util/json.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { startReferenceServer } from '../../../src/reference-server/index.js';
import { ignoresPatchBodies } from './support/ignores-patch.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { isCreatedEmployer, withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

testCheck(check, {
  valid: [
    // json-server: merge-patch+json ignored, application/json applied; the behaviour is judged on the type it applies.
    {
      name: 'merge patch ignored, application/json applied',
      server: ignoresPatchBodies(['application/merge-patch+json']),
      profile: WRITE_PROFILE,
    },
    { name: 'reference server (created employer)', server: reference(), profile: WRITE_PROFILE },
  ],
  invalid: [
    {
      name: 'the patched value never shows',
      server: reference({
        mutate: (req, res) => {
          if (isCreatedEmployer(req.path) && isObject(res.json)) res.json['bankrupt'] = false;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['notOverwritten'],
    },
    {
      name: 'PATCH refused with 400',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PATCH') res.status = 400;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['rejected'],
    },
  ],
});

describe('patch.overwrite safety', () => {
  it('never patches a record the run did not make: without a creating collection it skips', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const before = (await (await fetch(`${server.url}/employers?pageSize=1`)).json()) as {
        items: Array<{ href: string }>;
      };
      const href = before.items[0]!.href;
      const original = (await (await fetch(href)).json()) as Record<string, unknown>;
      const report = await runChecks(
        [check],
        { ...WRITE_PROFILE, collections: [] },
        { baseUrl: server.url, allowWrites: true, timeoutMs: 5000 },
      );
      expect(report.results.map((r) => `${r.status} ${r.message}`)).toEqual([
        "skip no collection creates /employers/{employerId} documents, and the run changes only records it made (never the API's own)",
      ]);
      expect(await (await fetch(href)).json()).toEqual(original);
    } finally {
      await server.close();
    }
  });

  it('does not apply to a document whose update style is put', async () => {
    const report = await runOne(
      check,
      reference(),
      withDocument((d) => ({ ...d, update: 'put' })),
    );
    expect(report.results.map((r) => `${r.status} ${r.resource} ${r.message}`)).toEqual([
      'skip - not applicable: the target has no document with PATCH as its update style and a patch (non-null values)',
    ]);
    expect(report.summary.requests).toBe(1); // only the sample ids read while resolving the target
  });
});
