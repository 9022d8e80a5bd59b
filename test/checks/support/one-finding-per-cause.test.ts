// One finding per cause: when the foundation a check stands on already fails (a collection that is a bare array,
// 404s that are never problems), the check that is about it reports it and the others skip with "see <check>".
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/checks/index.js';
import { isObject } from '../../../src/core/util/json.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { reference, type ServerFactory } from '../../helpers/check-harness.js';

async function run(server: ServerFactory, only: string[]): Promise<CheckReport> {
  const running = await server.start();
  try {
    return await runChecks(CHECKS, BUILT_IN_PROFILE, {
      baseUrl: running.url,
      only,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 30_000,
      concurrency: 4,
    });
  } finally {
    await running.close();
  }
}

const verdicts = (report: CheckReport, path: string) =>
  Object.fromEntries(
    report.results
      .filter((r) => r.resource === path || r.resource === '/')
      .map((r) => [
        r.id,
        r.status === 'skip'
          ? `skip ${/(?:\(see |not verified, see )([a-z][a-z.-]*[a-z])/.exec(r.message)?.[1] ?? r.message}`
          : r.status,
      ]),
  );

describe('a collection answered as a bare JSON array (json-server)', () => {
  const bareArray = reference({
    mutate: (req, res) => {
      if (/^\/employers(\?|$)/.test(req.path) && isObject(res.json)) res.json = res.json['items'];
    },
  });
  const ids = [
    'collection.is-object',
    'collection.items-array',
    'collection.empty-result',
    'link.same-origin-items',
    'collection.item-href',
  ];

  it('fails collection.is-object only; the rest point at it', async () => {
    expect(verdicts(await run(bareArray, ids), '/employers')).toEqual({
      'collection.is-object': 'fail',
      'collection.items-array': 'skip collection.is-object',
      'collection.empty-result': 'skip collection.is-object',
      'link.same-origin-items': 'skip collection.is-object',
      'collection.item-href': 'skip collection.is-object',
    });
  }, 60_000);

  it('the same checks pass on the reference server', async () => {
    const report = await run(reference(), ids);
    expect(report.results.filter((r) => r.status !== 'pass').map((r) => `${r.id} ${r.status} ${r.message}`)).toEqual(
      [],
    );
  }, 60_000);
});

describe('every 404 an empty JSON object (json-server)', () => {
  const emptyNotFound = reference({
    mutate: (_req, res) => {
      if (res.status !== 404) return;
      res.json = {};
      res.headers['content-type'] = 'application/json; charset=utf-8';
    },
  });
  const ids = ['problem.media-type', 'id.absent-404', 'delete.then-404'];

  it('fails problem.media-type; the 404 checks judge the status and point at it for the body', async () => {
    const report = await run(emptyNotFound, ids);
    expect([...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.id))]).toEqual([
      'problem.media-type',
    ]);
    for (const id of ids.slice(1)) {
      const results = report.results.filter((r) => r.id === id);
      expect(results.length, id).toBeGreaterThan(0);
      for (const r of results) expect(r.message, id).toContain('see problem.media-type');
    }
  }, 60_000);

  it('a 404 that is not a problem only on DELETEd documents is still a finding', async () => {
    const onlyDeleted = reference({
      mutate: (req, res) => {
        if (res.status !== 404 || !/^\/employers\/5\d{9}$/.test(req.path) || req.method !== 'GET') return;
        res.json = {};
        res.headers['content-type'] = 'application/json';
      },
    });
    const report = await run(onlyDeleted, ['delete.then-404']);
    expect(report.results.map((r) => r.messageId)).toEqual(['notProblem']);
  }, 60_000);
});

describe('a Prism dynamic mock (random links and numbers, no HEAD)', () => {
  let n = 0;
  const prismLike = reference({
    mutate: (req, res) => {
      if (req.method === 'HEAD') {
        res.status = 405;
        res.headers['content-type'] = 'application/problem+json';
        return;
      }
      if (!/^\/employers\?/.test(req.path) || !isObject(res.json)) return;
      n++;
      res.json['self'] = `https://mock${n}.example/x${n}`;
      res.json['page'] = 1000 + n;
      if (typeof res.json['next'] === 'string') res.json['next'] = `https://mock${n}.example/next`;
    },
  });
  const ids = ['collection.self-link', 'paging.page-one-based', 'paging.page-size-honoured', 'http.head-no-body'];

  it('gives one finding per cause and skips what random data cannot show', async () => {
    const report = await run(prismLike, ids);
    const at = (id: string) =>
      report.results
        .filter((r) => r.id === id && r.resource === '/employers')
        .map(
          (r) =>
            r.messageId ??
            `skip ${/\(see ([a-z.-]+)\)|answers vary|the resource changed during the run/.exec(r.message)?.[0] ?? r.message}`,
        );
    expect(at('collection.self-link')).toEqual(['otherPath']);
    // Two reads that answer differently when read again prove nothing (random data, or another client writing).
    expect(at('paging.page-one-based')).toEqual(['skip the resource changed during the run']);
    expect(at('paging.page-size-honoured')).toEqual(['skip (see paging.links-consistent)']);
    expect(at('http.head-no-body')).toEqual(['statusDiffers']);
  }, 60_000);
});

describe('400 problems of a type that is no problem-type URN (Prism)', () => {
  const foreignType = reference({
    mutate: (_req, res) => {
      if (res.status === 400 && isObject(res.json)) res.json['type'] = 'https://mock.example/errors#BAD';
    },
  });

  it('fails problem.type-urn; id.malformed-400 judges the status and points there for the type', async () => {
    const report = await run(foreignType, ['problem.type-urn', 'id.malformed-400']);
    expect([...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.id))]).toEqual([
      'problem.type-urn',
    ]);
    expect(report.results.find((r) => r.id === 'id.malformed-400')?.message).toContain('see problem.type-urn');
  }, 60_000);
});
