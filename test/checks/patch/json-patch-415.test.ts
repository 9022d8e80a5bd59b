import check from '../../../src/checks/patch/json-patch-415.js';
import unsupported from '../../../src/checks/http/unsupported-media-type-415.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { describe, expect, it } from 'vitest';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const isJsonPatch = (headers: Record<string, unknown>) => headers['content-type'] === 'application/json-patch+json';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference(), profile: WRITE_PROFILE },
    {
      name: '415 without a body',
      server: reference({
        mutate: (req, res) => {
          if (isJsonPatch(req.headers)) {
            res.text = '';
            delete res.headers['content-type'];
          }
        },
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'JSON Patch answered 400',
      server: reference({
        mutate: (req, res) => {
          if (isJsonPatch(req.headers)) res.status = 400;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['not415'],
    },
    {
      name: '415 with a plain JSON body',
      server: reference({
        mutate: (req, res) => {
          if (isJsonPatch(req.headers)) res.headers['content-type'] = 'application/json';
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['notProblem'],
    },
  ],
});

describe('patch.json-patch-415 beside http.unsupported-media-type-415 (field: tsoa, Feathers)', () => {
  /** An API that never reads Content-Type: a body it does not parse is refused with 400 whatever its type. */
  const unreadAnswers400 = (types: RegExp) =>
    reference({
      mutate: (req, res) => {
        if (types.test(String(req.headers['content-type'] ?? ''))) res.status = 400;
      },
    });
  const lines = (report: CheckReport) =>
    report.results
      .filter((r) => r.status === 'fail')
      .map((r) => `${r.id} ${r.messageId ?? ''}`)
      .sort();
  const run = async (server: ReturnType<typeof reference>) => {
    const running = await server.start();
    try {
      return await runChecks([unsupported, check], WRITE_PROFILE, {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 40_000,
      });
    } finally {
      await running.close();
    }
  };

  it('a JSON Patch refused as text/plain is (400) is one finding, the 415 check’s', async () => {
    const report = await run(unreadAnswers400(/^(text\/plain|application\/json-patch\+json)/));
    expect(lines(report)).toEqual(['http.unsupported-media-type-415 not415']);
    expect(report.results.filter((r) => r.id === 'patch.json-patch-415').map((r) => r.message)).toEqual([
      expect.stringMatching(/see http\.unsupported-media-type-415/),
    ]);
  }, 60_000);

  it('a JSON Patch refused otherwise than text/plain is still its own finding', async () => {
    const report = await run(unreadAnswers400(/^application\/json-patch\+json/));
    expect(lines(report)).toEqual(['patch.json-patch-415 not415']);
  }, 60_000);
});
