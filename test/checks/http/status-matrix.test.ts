import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/http/status-matrix.js';
import methodNotAllowed from '../../../src/checks/http/method-not-allowed-405.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { reference, testCheck, type ServerFactory } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'an API that does not answer OPTIONS (501, no Allow)',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'OPTIONS') {
            res.status = 501;
            delete res.headers['allow'];
          }
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'an absent document answers 409',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/employers/5999999999') res.status = 409;
        },
      }),
      findings: ['statusNotForMethod'],
    },
    {
      name: 'a 303 without Location',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/employers/5999999999') res.status = 303;
        },
      }),
      findings: ['missingLocation'],
    },
    {
      name: 'a 405 without Allow',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/employers/abc' && req.method === 'HEAD') {
            res.status = 405;
            delete res.headers['allow'];
          }
          // What OPTIONS says of the resource agrees: HEAD is refused there.
          if (req.path === '/employers/abc' && req.method === 'OPTIONS') res.headers['allow'] = 'GET, OPTIONS';
        },
      }),
      findings: ['missingAllow'],
    },
    {
      name: 'a 405 to OPTIONS whose Allow lists OPTIONS',
      server: reference({
        mutate: (req, res) => {
          if (req.method !== 'OPTIONS') return;
          res.status = 405;
          res.headers['allow'] = 'GET, HEAD, OPTIONS';
        },
      }),
      findings: ['allowListsRefused'],
    },
    {
      name: 'OPTIONS 200 without Allow',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'OPTIONS') delete res.headers['allow'];
        },
      }),
      findings: ['optionsWithoutAllow'],
    },
  ],
});

/** status-matrix beside the 405 probe, as in a run with --allow-writes. */
async function withProbe(server: ServerFactory) {
  const running = await server.start();
  try {
    return await runChecks([methodNotAllowed, check], BUILT_IN_PROFILE, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 25_000,
    });
  } finally {
    await running.close();
  }
}

describe('http.status-matrix on the Allow of the 405s other checks draw', () => {
  it('passes on the reference server, whose 405s and Allow headers agree', async () => {
    const report = await withProbe(reference());
    expect(report.results.filter((r) => r.status !== 'pass').map((r) => `${r.id} ${r.message}`)).toEqual([]);
  });

  it('finds a 405 to PUT whose Allow names PUT, and the OPTIONS answer that lists it', async () => {
    const report = await withProbe(
      reference({
        mutate: (req, res) => {
          if (req.path.split('?')[0] !== '/employers') return;
          if ((res.status === 405 && req.method === 'PUT') || req.method === 'OPTIONS')
            res.headers['allow'] = 'GET, HEAD, OPTIONS, POST, PUT';
        },
      }),
    );
    const failed = report.results.filter((r) => r.id === check.meta.id && r.status === 'fail');
    expect(failed.map((r) => r.messageId)).toEqual(['allowListsRefused']);
    expect(failed[0]?.message).toMatch(/\/employers answered PUT with 405, yet the 405 itself lists PUT in Allow/);
  });
});

describe('http.status-matrix beside the 405 probe on an API whose 405s carry no Allow (field: Feathers)', () => {
  it('a 405 without Allow, to OPTIONS as to PUT, is one finding: http.method-not-allowed-405’s', async () => {
    const report = await withProbe(
      reference({
        mutate: (req, res) => {
          if (req.path.split('?')[0] !== '/employers') return;
          if (req.method === 'OPTIONS') res.status = 405;
          if (res.status === 405) delete res.headers['allow'];
        },
      }),
    );
    const failed = report.results.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId ?? ''}`);
    expect(failed).toEqual(['http.method-not-allowed-405 missingAllow']);
  });

  it('without the probe in the run, the OPTIONS 405 is still status-matrix’s finding', async () => {
    const running = await reference({
      mutate: (req, res) => {
        if (req.path.split('?')[0] === '/employers' && req.method === 'OPTIONS') {
          res.status = 405;
          delete res.headers['allow'];
        }
      },
    }).start();
    try {
      const report = await runChecks([check], BUILT_IN_PROFILE, { baseUrl: running.url, timeoutMs: 5000 });
      expect(report.results.filter((r) => r.status === 'fail').map((r) => r.messageId)).toEqual(['missingAllow']);
    } finally {
      await running.close();
    }
  });
});
