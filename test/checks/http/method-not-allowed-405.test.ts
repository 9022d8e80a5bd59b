import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/http/method-not-allowed-405.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile/profile.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { laxStoreOpenApi, startLaxStore, type LaxStore } from '../../helpers/lax-store.js';

/** The reference API whose document declares `methods` on every collection path. */
const declaring = (methods: string[]): Profile => ({
  ...BUILT_IN_PROFILE,
  collections: (BUILT_IN_PROFILE.collections ?? []).map((c) => ({ ...c, methods })),
});

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'a document declaring PUT on the collections: PATCH is probed',
      profile: declaring(['GET', 'POST', 'PUT']),
      server: reference(),
    },
  ],
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
    {
      name: 'PUT declared, and PATCH answers 400',
      profile: declaring(['GET', 'POST', 'PUT']),
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PATCH') res.status = 400;
        },
      }),
      findings: ['not405'],
    },
  ],
});

describe('http.method-not-allowed-405 and the methods the document declares', () => {
  it('never sends a method the document declares on the collection path', async () => {
    const seen: string[] = [];
    const report = await runOne(
      check,
      reference({ mutate: (req) => void seen.push(`${req.method} ${req.path}`) }),
      declaring(['GET', 'POST', 'PUT']),
    );
    expect(report.results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
    expect(seen.filter((line) => line.startsWith('PUT '))).toEqual([]);
    expect(seen.filter((line) => line.startsWith('PATCH ')).length).toBe(3);
  });

  it('skips, saying why, where the document declares every method it could probe with', async () => {
    const seen: string[] = [];
    const report = await runOne(
      check,
      reference({ mutate: (req) => void seen.push(req.method) }),
      declaring(['GET', 'POST', 'PUT', 'PATCH']),
    );
    expect(report.results.map((r) => r.status)).toEqual(['skip', 'skip', 'skip']);
    expect(report.results[0]?.message).toMatch(/declares PUT and PATCH on \/\S+, so no method is left to probe/);
    expect(seen.filter((method) => method !== 'GET')).toEqual([]);
  });

  it('takes the methods from the OpenAPI document: a collection PUT declared there is not sent', () => {
    const doc = laxStoreOpenApi() as { paths: Record<string, Record<string, unknown>> };
    const collectionPath = Object.keys(doc.paths).find((p) => !p.includes('{')) ?? '';
    doc.paths[collectionPath] = { ...doc.paths[collectionPath], put: { responses: { '200': { description: 'ok' } } } };
    const profile = deriveProfile(doc);
    expect(profile.collections?.find((c) => c.path === collectionPath)?.methods).toContain('PUT');
  });
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
