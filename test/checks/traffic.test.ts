// The response-level checks judge every answer of the run: discovery's, the other checks', and a bounded read
// across the data (pages beyond the first, documents spread over them), so a fault in a few records is seen.
import { describe, expect, it } from 'vitest';
import responsesMatch from '../../src/checks/doc/responses-match-openapi.js';
import propertyNames from '../../src/checks/json/property-names.js';
import noNull from '../../src/checks/json/no-null.js';
import linkAbsolute from '../../src/checks/link/absolute.js';
import problemMembers from '../../src/checks/problem/members.js';
import headerPresent from '../../src/checks/trace/header-present.js';
import { defineCheck, type AnyCheck } from '../../src/core/engine/define-check.js';
import { isObject } from '../../src/core/util/json.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { reference, runOne, type ServerFactory } from '../helpers/check-harness.js';
import { sendJson, startFixture } from '../helpers/fixture-server.js';
import type { Mutator } from '../helpers/proxy.js';

const EMPLOYER = /^\/employers\/(\d+)(\?|$)/;
const firstPage = (path: string): boolean => /^\/employers(\?|$)/.test(path) && !/[?&]page=([2-9]|\d\d)/.test(path);
const pageBeyondFirst = (path: string): boolean => /^\/employers\?.*\bpage=[2-9]/.test(path);

/** Breaks each employer document that no first page of the collection listed: records a sample never reads. */
function beyondFirstPage(change: (body: Record<string, unknown>) => void): Mutator {
  const listed = new Set<string>();
  return (req, res) => {
    if (firstPage(req.path) && isObject(res.json) && Array.isArray(res.json['items'])) {
      for (const item of res.json['items']) if (isObject(item)) listed.add(String(item['employerId']));
    }
    const id = EMPLOYER.exec(req.path)?.[1];
    if (req.method === 'GET' && id !== undefined && !listed.has(id) && res.status === 200 && isObject(res.json))
      change(res.json);
  };
}

const failedIds = async (check: AnyCheck, server: ServerFactory): Promise<string[]> => {
  const report = await runOne(check, server);
  expect(report.results.filter((r) => r.status === 'error')).toEqual([]);
  return [...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.messageId ?? ''))].sort();
};

describe('a fault only in records beyond the first page', () => {
  it('doc.responses-match-openapi reads documents across the data and finds the broken ones', async () => {
    const server = reference({
      mutate: beyondFirstPage((body) => {
        body['name'] = 42;
      }),
    });
    expect(await failedIds(responsesMatch, server)).toEqual(['schemaMismatch']);
  });

  it('json.no-null finds a null that only later pages hold', async () => {
    const server = reference({
      mutate: (req, res) => {
        if (
          pageBeyondFirst(req.path) &&
          isObject(res.json) &&
          Array.isArray(res.json['items']) &&
          isObject(res.json['items'][0])
        )
          res.json['items'][0]['title'] = null;
      },
    });
    expect(await failedIds(noNull, server)).toEqual(['nullValue']);
  });

  it('link.absolute finds an off-origin next that only the second page gives', async () => {
    const server = reference({
      mutate: (req, res) => {
        if (pageBeyondFirst(req.path) && isObject(res.json) && typeof res.json['next'] === 'string') {
          res.json['next'] = `https://elsewhere.example${new URL(res.json['next']).pathname}`;
        }
      },
    });
    expect(await failedIds(linkAbsolute, server)).toEqual(['otherOrigin']);
  });

  it('and the reference server, read across the same way, passes each of them', async () => {
    for (const check of [responsesMatch, noNull, linkAbsolute]) expect(await failedIds(check, reference())).toEqual([]);
  });
});

describe('answers seen only by discovery or by other checks', () => {
  it('json.property-names judges the page discovery read for sample ids', async () => {
    // Discovery reads `/employers?pageSize=5`; no check asks for that page itself.
    const server = reference({
      mutate: (req, res) => {
        if (/^\/employers\?pageSize=5$/.test(req.path) && isObject(res.json)) res.json['Total_Count'] = 1;
      },
    });
    expect(await failedIds(propertyNames, server)).toEqual(['notLowerCamelCase']);
  });

  it('problem.members judges an error answer another check drew, and reports one cause once', async () => {
    // The reference server answers a bad `select` with a problem; here it is a bare string, on every such answer.
    const server = reference({
      mutate: (req, res) => {
        if (/[?&]select=/.test(req.path) && res.status === 400) {
          res.json = undefined;
          res.text = '"bad select"';
        }
      },
    });
    const selectChecks = (await import('../../src/checks/index.js')).CHECKS.filter((c) =>
      c.meta.id.startsWith('select.'),
    );
    const running = await server.start();
    try {
      const report = await runChecks([...selectChecks, problemMembers], BUILT_IN_PROFILE, {
        baseUrl: running.url,
        timeoutMs: 5000,
        deadlineMs: 25_000,
      });
      const found = report.results.filter((r) => r.id === 'problem.members' && r.status === 'fail');
      expect(found.map((r) => r.messageId)).toEqual(['notObject']);
      expect(found[0]?.message).toMatch(/select=.* answered 400 with a body that is not a JSON object/);
      expect(found[0]?.evidence.length).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });

  it('trace.header-present finds a missing trace id on writes, which its own probes never make', async () => {
    const server = reference({
      mutate: (req, res) => {
        if (req.method === 'POST') delete res.headers['belgov-trace-id'];
      },
    });
    const writers = (await import('../../src/checks/index.js')).CHECKS.filter((c) => c.meta.id.startsWith('create.'));
    const running = await server.start();
    try {
      const report = await runChecks([...writers, headerPresent], BUILT_IN_PROFILE, {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 25_000,
      });
      const found = report.results.filter((r) => r.id === 'trace.header-present' && r.status === 'fail');
      // One cause, however many POSTs showed it.
      expect(found).toHaveLength(1);
      expect(found[0]?.message).toMatch(
        /^POST \S+ answered \d+ without a BelGov-Trace-Id header \(seen in \d+ answers\)\.$/,
      );
      expect((report.cleanups ?? []).filter((c) => c.outcome !== 'cleaned')).toEqual([]);
    } finally {
      await running.close();
    }
  });
});

describe('the runner', () => {
  it('lets the checks that judge traffic judge once all others ended, with every answer, discovery included', async () => {
    const server = await startFixture((req, res) => sendJson(res, 200, { path: req.url }));
    const order: string[] = [];
    let seen: string[] = [];
    const plain = (id: string, path: string): AnyCheck =>
      defineCheck({
        meta: { id, rule: 'hyp-links', severity: 'info', writes: false, title: id, messages: { x: 'x' } },
        appliesTo: 'api',
        async run(ctx) {
          await new Promise((r) => setTimeout(r, 30));
          await ctx.get(path);
          order.push(id);
          ctx.pass();
        },
      });
    const judge = defineCheck({
      meta: {
        id: 'json.traffic-probe',
        rule: 'hyp-links',
        severity: 'info',
        writes: false,
        evidence: 'traffic',
        title: 'judge',
        messages: { x: 'x' },
      },
      appliesTo: 'api',
      async run(ctx) {
        await ctx.trafficSettled();
        order.push('judge');
        seen = ctx.traffic().map((e) => new URL(e.request.url).pathname);
        ctx.pass();
      },
    });
    try {
      const profile = { ...BUILT_IN_PROFILE, collections: [], documents: [], tasks: [], controllers: [] };
      await runChecks([judge, plain('json.a', '/a'), plain('json.b', '/b')], profile, {
        baseUrl: `${server.url}/api`,
        probe: true,
        concurrency: 4,
      });
      expect(order.at(-1)).toBe('judge');
      // The probe of the base URL is discovery's; /a and /b are the other checks'.
      expect(seen).toEqual(expect.arrayContaining(['/api', '/api/a', '/api/b']));
    } finally {
      await server.close();
    }
  });
});
