import check from '../../../src/checks/input/malformed-json.js';
import responses from '../../../src/checks/doc/responses-match-openapi.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'parser crash answers 500',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && res.status === 400) res.status = 500;
        },
      }),
      findings: ['not400'],
    },
    {
      name: '400 as plain text',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PATCH' && res.status === 400) {
            res.headers['content-type'] = 'text/plain';
            res.text = 'bad json';
          }
        },
      }),
      findings: ['notProblem'],
    },
  ],
});

describe('input.malformed-json on a framework that answers 422 to any body it cannot parse (FastAPI)', () => {
  it('is one finding for the create and the update answered alike', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (res.status === 400 && req.body.startsWith('{"restguide": ')) res.status = 422;
        },
      }),
    );
    const failures = report.results.filter((r) => r.status === 'fail');
    expect(failures.map((r) => r.message)).toEqual([
      expect.stringMatching(
        /^POST \S+ with a body that is not JSON answered 422 instead of 400 \(and PATCH \S+ alike\)\.$/,
      ),
    ]);
    expect(failures[0]?.evidence).toHaveLength(2);
  });
});

describe('input.malformed-json beside doc.responses-match-openapi (field: Express + tsoa)', () => {
  it('a 500 to the unreadable body is one finding, not again an undocumented status', async () => {
    const running = await reference({
      mutate: (req, res) => {
        if (res.status === 400 && req.body.startsWith('{"restguide": ')) {
          res.status = 500;
          res.json = { message: 'Internal Server Error' };
        }
      },
    }).start();
    try {
      const report = await runChecks([check, responses], BUILT_IN_PROFILE, {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 40_000,
      });
      const failed = report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId ?? ''}`);
      expect(failed).toEqual(['input.malformed-json not400']);
      expect(report.results.find((r) => r.id === 'doc.responses-match-openapi')?.message).toContain(
        "5xx answers to the run's own input are left to input.malformed-json",
      );
    } finally {
      await running.close();
    }
  }, 60_000);
});
