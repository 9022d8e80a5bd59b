import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/http/method-not-allowed-405.js';
import { deriveProfile } from '../../../src/core/openapi-profile.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { laxStoreOpenApi, startLaxStore, type LaxStore } from '../../helpers/lax-store.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'PUT on a collection answers 400',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PUT') res.status = 400;
        },
      }),
      findings: ['not405'],
    },
    {
      name: '405 without Allow',
      server: reference({
        mutate: (_req, res) => {
          delete res.headers['allow'];
        },
      }),
      findings: ['missingAllow'],
    },
    {
      name: 'Allow without GET',
      server: reference({
        mutate: (_req, res) => {
          if (res.headers['allow']) res.headers['allow'] = 'POST';
        },
      }),
      findings: ['allowLacksGet'],
    },
  ],
});

describe('http.method-not-allowed-405 on a server that wrongly takes PUT on a collection', () => {
  it('fails with its 412, and the collection is not replaced: the PUT carries an If-Match no representation has', async () => {
    let store: LaxStore | undefined;
    const report = await runOne(
      check,
      {
        start: async () => (store = await startLaxStore({ collectionPut: 'checks If-Match' })),
      },
      deriveProfile(laxStoreOpenApi()),
    );
    const [result] = report.results;
    expect(result?.status).toBe('fail');
    expect(result?.messageId).toBe('not405');
    expect(result?.evidence[0]?.request.headers['if-match']).toBe('"restguide-never-matches"');
    expect(result?.evidence[0]?.response?.status).toBe(412);
    expect(store?.records().size).toBe(5);
  });
});
