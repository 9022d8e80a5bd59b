import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/put/replaces.js';
import { isObject } from '../../../src/core/util/json.js';
import { NO_READ_ONLY, refusesReadOnly } from './support/validating.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { isCreatedEmployer, withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

/** Once a created employer was PUT, its reads show the old value again (the PUT was not applied). */
function ignoresPut(on: 'GET' | 'PUT') {
  const put = new Set<string>();
  return reference({
    mutate: (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      if (req.method === 'PUT') put.add(req.path);
      if (req.method === on && put.has(req.path) && isObject(res.json)) res.json['bankrupt'] = false;
    },
  });
}

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
    {
      name: 'reference server (patch-style document that also accepts PUT)',
      server: reference(),
      profile: WRITE_PROFILE,
    },
    {
      name: 'reference server (put-style document)',
      server: reference(),
      profile: withDocument((d) => ({ ...d, update: 'put' })),
    },
  ],
  invalid: [
    { name: 'the change is not stored', server: ignoresPut('GET'), profile: WRITE_PROFILE, findings: ['notReplaced'] },
    {
      name: 'the PUT response shows the old value',
      server: ignoresPut('PUT'),
      profile: WRITE_PROFILE,
      findings: ['notReplaced'],
    },
    {
      name: 'a put-style document refuses PUT',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PUT') res.status = 405;
        },
      }),
      profile: withDocument((d) => ({ ...d, update: 'put' })),
      findings: ['rejected'],
    },
  ],
});

describe('put.replaces applicability', () => {
  it('skips a patch-style document that answers PUT with 405', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (req.method === 'PUT') res.status = 405;
        },
      }),
      WRITE_PROFILE,
    );
    expect(report.results.map((r) => r.status)).toEqual(['skip']);
    expect(report.results[0]?.message).toMatch(/answered 405: the document is not updated by PUT/);
  });

  it('does not apply when no collection can create the document', async () => {
    const report = await runOne(check, reference(), { ...WRITE_PROFILE, collections: [] });
    expect(report.results.map((r) => `${r.status} ${r.resource} ${r.message}`)).toEqual([
      'skip - not applicable: the target has no document with a patch (non-null values) that a collection creates',
    ]);
  });
});
