import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/controller/method-not-allowed.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile/profile.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

const withdraw: Profile = {
  ...BUILT_IN_PROFILE,
  controllers: [{ path: '/accounts/1/withdraw', method: 'POST', body: { amount: '1.00' } }],
};

testCheck(check, {
  valid: [
    { name: 'reference server (GET controller)', server: reference() },
    { name: 'reference server (POST controller)', server: reference(), profile: withdraw },
  ],
  invalid: [
    {
      name: 'PUT honoured',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'PUT') {
            res.status = 200;
            delete res.headers['allow'];
          }
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
      name: 'Allow omits the controller method',
      server: reference({
        mutate: (_req, res) => {
          if (res.headers['allow']) res.headers['allow'] = 'OPTIONS';
        },
      }),
      findings: ['allowLacksMethod'],
    },
  ],
});

describe('controller.method-not-allowed and the methods the document declares', () => {
  const declaring = (methods: string[]): Profile => ({
    ...BUILT_IN_PROFILE,
    controllers: (BUILT_IN_PROFILE.controllers ?? []).map((c) => ({ ...c, methods })),
  });

  it('never sends a method the document declares on the controller path', async () => {
    const seen: string[] = [];
    const report = await runOne(
      check,
      reference({ mutate: (req) => void seen.push(req.method) }),
      declaring(['GET', 'DELETE']),
    );
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
    expect(seen.filter((method) => method === 'DELETE')).toEqual([]);
    expect(seen.filter((method) => method === 'PUT')).toHaveLength(1);
  });

  it('skips, saying why, where the document declares PUT and DELETE', async () => {
    const seen: string[] = [];
    const report = await runOne(
      check,
      reference({ mutate: (req) => void seen.push(req.method) }),
      declaring(['GET', 'PUT', 'DELETE']),
    );
    expect(report.results.map((r) => r.status)).toEqual(['skip']);
    expect(report.results[0]?.message).toMatch(/^not applicable: the document declares PUT and DELETE on /);
    expect(seen.filter((method) => method !== 'GET')).toEqual([]);
  });
});
