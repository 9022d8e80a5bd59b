import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/patch/null-removes.js';
import responses from '../../../src/checks/doc/responses-match-openapi.js';
import mediaTypes from '../../../src/checks/patch/media-types.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { isObject } from '../../../src/core/util/json.js';
import { ignoresPatchBodies } from './support/ignores-patch.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { MutableResponse } from '../../helpers/proxy.js';
import { isCreatedEmployer, withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

/** Rewrites the responses for a created employer once it has seen two PATCHes (the set, then the null). */
function afterSecondPatch(change: (method: string, res: MutableResponse) => void) {
  const patches = new Map<string, number>();
  return reference({
    mutate: (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      if (req.method === 'PATCH') patches.set(req.path, (patches.get(req.path) ?? 0) + 1);
      if ((patches.get(req.path) ?? 0) >= 2) change(req.method, res);
    },
  });
}

const DATE_PATCH = withDocument((d) => ({ ...d, patch: { bankruptDate: '2024-02-29' } }));

testCheck(check, {
  valid: [
    // json-server: merge-patch+json ignored, application/json applied; the behaviour is judged on the type it applies.
    {
      name: 'merge patch ignored, application/json applied',
      server: ignoresPatchBodies(['application/merge-patch+json']),
      profile: WRITE_PROFILE,
    },
    { name: 'reference server (bankrupt back to its default)', server: reference(), profile: WRITE_PROFILE },
    { name: 'reference server (bankruptDate removed)', server: reference(), profile: DATE_PATCH },
  ],
  invalid: [
    {
      name: 'a server answering 200 that ignores every patch body',
      server: ignoresPatchBodies(),
      profile: WRITE_PROFILE,
      findings: ['notSet'],
    },
    {
      name: 'null leaves the value in place',
      server: afterSecondPatch((method, res) => {
        if (method === 'GET' && isObject(res.json)) res.json['bankrupt'] = true;
      }),
      profile: WRITE_PROFILE,
      findings: ['notRemoved'],
    },
    {
      name: 'null on an optional property keeps showing it',
      server: afterSecondPatch((method, res) => {
        if (method === 'GET' && isObject(res.json)) res.json['bankruptDate'] = '2024-02-29';
      }),
      profile: DATE_PATCH,
      findings: ['notRemoved'],
    },
    {
      name: 'a null member is refused',
      server: afterSecondPatch((method, res) => {
        if (method === 'PATCH') res.status = 400;
      }),
      profile: WRITE_PROFILE,
      findings: ['rejected'],
    },
  ],
});

describe('patch.null-removes optional property', () => {
  it('skips when the server requires every property of the patch on creation', async () => {
    // The create body without `bankrupt` is the shorter one (about 100 bytes against 120).
    const requiresBankrupt = reference({
      mutate: (req, res) => {
        if (req.method === 'POST' && req.path === '/employers' && Number(req.headers['content-length']) < 110)
          res.status = 400;
      },
    });
    const report = await runOne(check, requiresBankrupt, WRITE_PROFILE);
    expect(report.results.map((r) => `${r.status} ${r.message}`)).toEqual([
      expect.stringMatching(/^skip no property of the profile's patch is optional/),
    ]);
  });
});

describe('patch.null-removes when the patched member is one the create schema requires', () => {
  // A create body made from the schema, `bankrupt` required (Django REST framework's isbn): the API refuses a body
  // without it, so the run does not leave it out and says why the check has nothing to remove.
  const profile: typeof WRITE_PROFILE = {
    ...WRITE_PROFILE,
    collections: (WRITE_PROFILE.collections ?? []).map((c) =>
      c.create ? { ...c, create: { ...c.create, fromSchema: true, optional: [] } } : c,
    ),
  };
  const refusesWithoutBankrupt = reference({
    mutate: (req, res) => {
      if (req.method !== 'POST' || req.path !== '/employers' || req.body.includes('"bankrupt"')) return;
      res.status = 400;
      res.headers['content-type'] = 'application/json';
      res.json = { bankrupt: ['This field is required.'] };
    },
  });

  it('creates with the whole body and skips: no property of the patch is optional', async () => {
    const report = await runOne(check, refusesWithoutBankrupt, profile);
    expect(report.results.map((r) => `${r.status} ${r.message}`)).toEqual([
      expect.stringMatching(/^skip no property of the profile's patch is optional/),
    ]);
  });
});

describe('patch.null-removes beside doc.responses-match-openapi (field: FastAPI on SQLite)', () => {
  it('a 500 to the null (a NOT NULL column) is one finding, not again an undocumented status', async () => {
    const running = await afterSecondPatch((method, res) => {
      if (method !== 'PATCH') return;
      res.status = 500;
      res.headers['content-type'] = 'text/plain';
      res.text = 'Internal Server Error';
    }).start();
    try {
      const report = await runChecks([check, responses], WRITE_PROFILE, {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 40_000,
      });
      const failed = report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId ?? ''}`);
      expect(failed).toEqual(['patch.null-removes rejected']);
    } finally {
      await running.close();
    }
  }, 60_000);
});

describe('patch.null-removes beside patch.media-types (field: ts-rest on Express)', () => {
  // Express' json parser leaves a merge patch unread: zod answers 400 "Required" to every merge patch (`json`:
  // to every patch).
  const unread = (json = false) =>
    reference({
      rewrite: (req) =>
        req.method === 'PATCH' &&
        (json || String(req.headers['content-type']).startsWith('application/merge-patch+json'))
          ? { body: 'null' }
          : undefined,
    });
  const unreadMergePatch = unread();

  it("a patch refused in both media types is patch.media-types' one finding: null-removes points at it", async () => {
    const running = await unread(true).start();
    try {
      const report = await runChecks([mediaTypes, check], WRITE_PROFILE, {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 40_000,
      });
      const failed = report.results.filter((r) => r.status === 'fail').map((r) => r.id);
      expect(new Set(failed)).toEqual(new Set(['patch.media-types']));
      const removes = report.results.filter((r) => r.id === 'patch.null-removes');
      expect(removes.length).toBeGreaterThan(0);
      for (const result of removes) expect(result.message).toMatch(/see patch\.media-types/);
    } finally {
      await running.close();
    }
  }, 60_000);

  it("a merge patch refused is patch.media-types' one finding: null-removes is judged on application/json", async () => {
    const running = await unreadMergePatch.start();
    try {
      const report = await runChecks([mediaTypes, check], WRITE_PROFILE, {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 40_000,
      });
      const failed = report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId ?? ''}`);
      expect(failed).toEqual(['patch.media-types refused']);
      const removes = report.results.filter((r) => r.id === 'patch.null-removes');
      expect(removes.length).toBeGreaterThan(0);
      expect(removes.map((r) => r.status)).toEqual(['pass']);
    } finally {
      await running.close();
    }
  }, 60_000);
});
