import check from '../../../src/checks/input/malformed-json.js';
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
