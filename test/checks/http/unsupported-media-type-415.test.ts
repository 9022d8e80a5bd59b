import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/http/unsupported-media-type-415.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile/profile.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { laxStoreOpenApi, startLaxStore, type LaxStore } from '../../helpers/lax-store.js';

/** The reference API described without PUT and PATCH of an employer: the probe is a POST to the collection. */
const POST_ONLY: Profile = {
  ...BUILT_IN_PROFILE,
  documents: (BUILT_IN_PROFILE.documents ?? []).map(({ update: _update, ...d }) => ({
    ...d,
    methods: ['GET', 'DELETE'],
  })),
};

/** json-server 0.17's way: a text/plain body is stored as an empty record. */
const laxStore = (onStart: (store: LaxStore) => void = () => {}) => ({
  start: async () => {
    const store = await startLaxStore();
    onStart(store);
    return store;
  },
});

testCheck(check, {
  valid: [
    { name: 'reference server (PATCH of its own record)', server: reference() },
    { name: 'reference server, no item writes (POST to the collection)', server: reference(), profile: POST_ONLY },
  ],
  invalid: [
    {
      name: 'text/plain answered 400',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 415) res.status = 400;
        },
      }),
      findings: ['not415'],
    },
    {
      name: 'text/plain answered 400 on a POST',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && res.status === 415) res.status = 400;
        },
      }),
      profile: POST_ONLY,
      findings: ['not415'],
    },
    {
      name: 'text/plain accepted as an empty record',
      server: laxStore(),
      profile: deriveProfile(laxStoreOpenApi(false)),
      findings: ['not415'],
    },
  ],
});

describe('http.unsupported-media-type-415 on a server that stores what it cannot read as an empty record', () => {
  for (const itemWrites of [true, false]) {
    it(`fails, and leaves the store as it found it (${itemWrites ? "a PATCH of the run's own record" : 'a POST, its record proven ours'})`, async () => {
      let store: LaxStore | undefined;
      let before = '';
      const started = laxStore((s) => {
        store = s;
        before = JSON.stringify([...s.records()]);
      });
      const report = await runOne(check, started, deriveProfile(laxStoreOpenApi(itemWrites)));
      const [result] = report.results;
      expect(result?.status).toBe('fail');
      expect(result?.evidence[0]?.request.method).toBe(itemWrites ? 'PATCH' : 'POST');
      expect(result?.evidence[0]?.request.headers['content-type']).toBe('text/plain');
      // The body made from the schema leaves the server-assigned `id` out, so it needs no settling create first.
      expect(report.cleanups?.map((c) => c.outcome)).toEqual(itemWrites ? ['cleaned'] : ['cleaned', 'cleaned']);
      expect(JSON.stringify([...(store as LaxStore).records()])).toBe(before);
    });
  }
});
