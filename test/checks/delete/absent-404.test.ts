import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/delete/absent-404.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

const ABSENT = '/employers/5999999999';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    {
      name: 'DELETE of an absent id answers 204',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'DELETE' && req.path === ABSENT) {
            res.status = 204;
            res.text = '';
          }
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['not404'],
    },
    {
      name: 'DELETE of an absent id answers 404 as HTML',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'DELETE' && req.path === ABSENT) {
            res.headers['content-type'] = 'text/html';
            res.text = '<h1>Not found</h1>';
          }
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['notProblem'],
    },
  ],
});

describe('delete.absent-404 safety', () => {
  it('never deletes an "absent" id that exists', async () => {
    const deletes: string[] = [];
    const server = reference({
      mutate: (req) => {
        if (req.method === 'DELETE') deletes.push(req.path);
      },
    });
    const report = await runOne(
      check,
      server,
      withDocument((d) => ({ ...d, absentId: '93' })),
    );
    expect(report.results.map((r) => r.status)).toEqual(['skip']);
    expect(deletes).toEqual([]);
  });
});
