import check from '../../../src/checks/problem/members.js';
import { isObject } from '../../../src/core/util/json.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const onProblem =
  (edit: (problem: Record<string, unknown>) => void): Mutator =>
  (_req, res) => {
    if (res.status >= 400 && isObject(res.json)) edit(res.json);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'no type',
      server: reference({
        mutate: onProblem((p) => {
          delete p['type'];
        }),
      }),
      findings: ['missingType'],
    },
    {
      name: 'status as a string',
      server: reference({
        mutate: onProblem((p) => {
          p['status'] = String(p['status']);
        }),
      }),
      findings: ['wrongType'],
    },
    {
      name: 'an HTML error page',
      server: reference({
        mutate: (_req, res) => {
          if (res.status >= 400) {
            res.text = '<html>error</html>';
            res.json = undefined;
          }
        },
      }),
      findings: ['notObject'],
    },
  ],
});

describe('problem.members beside problem.media-type', () => {
  it("does not judge bodies served as plain JSON: that one cause is problem.media-type's", async () => {
    // A framework default: errors as application/json `{}` (json-server, Express).
    const plain = reference({
      mutate: (_req, res) => {
        if (res.status >= 400) {
          res.headers['content-type'] = 'application/json';
          res.json = {};
          res.text = '{}';
        }
      },
    });
    const report = await runOne(check, plain);
    expect(report.results.map((r) => r.status)).toEqual(['skip']);
    expect(report.results[0]?.message).toContain('see problem.media-type');
  });
});
