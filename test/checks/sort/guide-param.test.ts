import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/sort/guide-param.js';
import ascending from '../../../src/checks/sort/ascending.js';
import unknownProperty from '../../../src/checks/sort/unknown-property-400.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';
import { frameworkApi, frameworkDocument, startFrameworkApi } from '../../helpers/framework-api.js';

const drf = { listUnder: 'results', paging: 'offset-limit', ordering: true } as const;

testCheck(check, {
  valid: [{ name: 'reference server (declares `sort`)', server: reference() }],
  invalid: [
    {
      name: "Django REST framework's `ordering`",
      server: fixture(frameworkApi(drf)),
      profile: deriveProfile(frameworkDocument(drf)),
      findings: ['foreign'],
    },
  ],
});

describe('sort.guide-param as the root of the sort checks', () => {
  it('is derived from an `ordering` parameter, and the other sort checks are not verified, see it', async () => {
    const profile = deriveProfile(frameworkDocument(drf));
    expect(profile.collections?.[0]?.foreignSort).toBe('ordering');
    // A direction alone names no property: not a sort parameter of another name.
    expect(deriveProfile(frameworkDocument({ ...drf, ordering: false })).collections?.[0]?.foreignSort).toBeUndefined();
    const server = await startFrameworkApi(drf);
    try {
      const report = await runChecks([check, ascending, unknownProperty], profile, {
        baseUrl: server.url,
        timeoutMs: 5000,
      });
      expect(report.results.map((r) => `${r.status} ${r.id}: ${r.message}`).sort()).toEqual([
        'fail sort.guide-param: /PublicationTypes sorts with `ordering`; the guide says `sort` (multi-valued, a leading `-` for descending).',
        "skip sort.ascending: /PublicationTypes sorts with `ordering`, not the guide's `sort`: not verified, see sort.guide-param",
        "skip sort.unknown-property-400: /PublicationTypes sorts with `ordering`, not the guide's `sort`: not verified, see sort.guide-param",
      ]);
    } finally {
      await server.close();
    }
  });
});
