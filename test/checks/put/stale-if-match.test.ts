import check from '../../../src/checks/put/stale-if-match.js';
import { isObject } from '../../../src/core/util/json.js';
import { NO_READ_ONLY, refusesReadOnly } from './support/validating.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

testCheck(check, {
  valid: [
    {
      name: 'a server refusing read-only members (declared read-only paths)',
      server: refusesReadOnly(),
      profile: WRITE_PROFILE,
    },
    {
      name: 'a server refusing read-only members (no declaration: links dropped)',
      server: refusesReadOnly(),
      profile: NO_READ_ONLY,
    },
    { name: 'reference server (412)', server: reference(), profile: WRITE_PROFILE },
    {
      name: '409 instead of 412',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 412 && isObject(res.json)) {
            res.status = 409;
            res.json['status'] = 409;
          }
        },
      }),
      profile: WRITE_PROFILE,
    },
  ],
  invalid: [
    {
      name: 'stale If-Match answered 204',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 412) {
            res.status = 204;
            res.text = '';
          }
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['staleAccepted'],
    },
    {
      name: '412 without a problem body',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 412) res.text = 'stale';
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['notProblem'],
    },
    {
      name: 'the current ETag is refused',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PUT' && req.headers['if-match']) res.status = 409;
        },
      }),
      profile: WRITE_PROFILE,
      findings: ['freshRefused'],
    },
  ],
});

describe('put.stale-if-match on a profile that declares no ETag', () => {
  // json-server sends Express' caching ETag on GET but ignores If-Match: optimistic locking is not promised.
  it('is not applicable, whatever ETag a GET shows', async () => {
    const report = await runOne(
      check,
      reference(),
      withDocument((d) => ({ ...d, etag: false })),
    );
    expect(report.results.map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringContaining('declaring ETag')],
    ]);
  });
});
