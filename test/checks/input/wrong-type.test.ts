import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/input/wrong-type.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { serverKeysProfile, startLaxStore, type LaxStore } from '../../helpers/lax-store.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      // Django REST framework: a merge patch only as application/json (patch.media-types reports the other type).
      name: 'PATCH refuses application/merge-patch+json with 415, judges the body as application/json',
      server: reference({
        mutate: (req, res) => {
          if (req.method !== 'PATCH' || !String(req.headers['content-type']).startsWith('application/merge-patch+json'))
            return;
          res.status = 415;
          res.headers['content-type'] = 'application/problem+json';
          res.json = { type: 'about:blank', title: 'Unsupported Media Type', status: 415 };
        },
      }),
    },
  ],
  invalid: [
    {
      // The run's own bad input broke the server: reported as that, not as a departure from validation's 400.
      name: 'the bad body answers 500',
      server: reference({
        mutate: (req, res) => {
          if ((req.method === 'POST' || req.method === 'PATCH') && res.status === 400) {
            res.status = 500;
            res.headers['content-type'] = 'application/problem+json';
            res.json = { type: 'about:blank', status: 500 };
          }
        },
      }),
      findings: ['serverError'],
    },
    {
      name: 'wrong type answers 422',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && res.status === 400) res.status = 422;
        },
      }),
      findings: ['not400'],
    },
    {
      name: 'issue of another type',
      server: reference({
        mutate: (req, res) => {
          if (req.method !== 'PATCH' || !isObject(res.json) || !Array.isArray(res.json['issues'])) return;
          for (const issue of res.json['issues'])
            if (isObject(issue)) issue['type'] = 'urn:problem-type:belgif:input-validation:invalidInput';
        },
      }),
      findings: ['noSchemaViolation'],
    },
  ],
});

describe('input.wrong-type on a server that stores the wrong value coerced to null', () => {
  it('fails, and removes what it created: the record (no unique value sent) is proven ours by the rest of the body', async () => {
    let store: LaxStore | undefined;
    let before = '';
    const report = await runOne(
      check,
      {
        start: async () => {
          store = await startLaxStore({ coerce: true });
          before = JSON.stringify([...store.records()]);
          return store;
        },
      },
      serverKeysProfile(false),
    );
    expect(report.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['fail not400']);
    expect(report.results[0]?.evidence[0]?.request.method).toBe('POST');
    expect(report.cleanups?.map((c) => c.outcome)).toEqual(['cleaned']);
    expect(JSON.stringify([...(store as LaxStore).records()])).toBe(before);
  });
});

describe('input.wrong-type: a PATCH repeating the POST fault is one finding', () => {
  it('reports the POST and PATCH that both answered 422 as one result with both as evidence', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if ((req.method === 'POST' || req.method === 'PATCH') && res.status === 400) res.status = 422;
        },
      }),
    );
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => r.messageId)).toEqual(['not400']);
    expect(failed[0]?.message).toMatch(/\(seen in 2 answers\)/);
    expect(failed[0]?.evidence.map((e) => e.request.method).sort()).toEqual(['PATCH', 'POST']);
  });
});

describe('input.wrong-type on a server that coerces a number into a unique text member (Django REST framework)', () => {
  it("judges the PATCH on the type, not on a duplicate of the POST's coerced value", async () => {
    const stored = new Set<string>();
    const coerced = (body: string): string | undefined => {
      const json = body === '' ? undefined : (JSON.parse(body) as unknown);
      return isObject(json) && typeof json['name'] === 'number' ? String(json['name']) : undefined;
    };
    // Without the profile's merge patch body, the PATCH breaks the record's first text member, `name`, as DRF's did.
    const profile = {
      ...BUILT_IN_PROFILE,
      documents: (BUILT_IN_PROFILE.documents ?? []).map(({ patch: _patch, ...document }) => document),
    };
    const report = await runOne(
      check,
      reference({
        rewrite: (req) => {
          const name = req.method === 'POST' || req.method === 'PATCH' ? coerced(req.body) : undefined;
          if (name === undefined) return undefined;
          return { body: JSON.stringify({ ...(JSON.parse(req.body) as object), name }) };
        },
        mutate: (req, res) => {
          const name = req.method === 'POST' || req.method === 'PATCH' ? coerced(req.body) : undefined;
          if (name === undefined || res.status >= 300) return;
          // The name is unique: a value stored before is refused as a duplicate (DRF's UniqueValidator).
          if (stored.has(name)) {
            res.status = 400;
            res.headers['content-type'] = 'application/json';
            res.json = { name: ['employer with this name already exists.'] };
          } else stored.add(name);
        },
      }),
      profile,
    );
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => r.messageId)).toEqual(['not400']);
    expect(failed[0]?.evidence.map((e) => `${e.request.method} ${e.response?.status ?? 0}`).sort()).toEqual([
      'PATCH 200',
      'POST 201',
    ]);
  });
});

describe('input.wrong-type on an update whose record shows its key as text first', () => {
  it('breaks another member than the key: a server ignoring a key in the body shows no type it took', async () => {
    const profile = {
      ...BUILT_IN_PROFILE,
      documents: (BUILT_IN_PROFILE.documents ?? []).map(({ patch: _patch, ...document }) => document),
    };
    const patches: string[] = [];
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (req.method === 'PATCH') patches.push(req.body);
          // Fastify's rounds: `id` a string, the first member of the record.
          if (req.method !== 'GET' || !/^\/employers\/5\d{9}$/.test(req.path) || !isObject(res.json)) return;
          const { employerId, ...rest } = res.json;
          res.json = { employerId: String(employerId), ...rest };
        },
      }),
      profile,
    );
    expect(report.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['pass ']);
    expect(patches).toHaveLength(1);
    expect(Object.keys(JSON.parse(patches[0] ?? '{}') as object)).not.toContain('employerId');
  });
});
