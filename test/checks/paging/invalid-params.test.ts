import check from '../../../src/checks/paging/invalid-params.js';
import { describe, expect, it } from 'vitest';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const onQuery =
  (name: string, value: string, change: Mutator): Mutator =>
  (req, res) => {
    if (new URLSearchParams(req.path.split('?')[1] ?? '').get(name) === value) change(req, res);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'page=0 is served as the first page',
      server: reference({
        mutate: onQuery('page', '0', (_req, res) => {
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { items: [] };
        }),
      }),
      findings: ['notBadRequest'],
    },
    {
      // A framework validating parameters with 422: one cause, one finding naming every value it refused so.
      name: 'every malformed page and pageSize answered 422',
      server: reference({
        mutate: (req, res) => {
          if (res.status === 400 && /[?&](page|pageSize)=/.test(req.path)) res.status = 422;
        },
      }),
      findings: ['notBadRequest'],
    },
    {
      name: 'pageSize=abc is a plain JSON 400',
      server: reference({
        mutate: onQuery('pageSize', 'abc', (_req, res) => {
          res.headers['content-type'] = 'application/json';
        }),
      }),
      findings: ['notProblem'],
    },
    {
      name: 'a huge pageSize crashes the server',
      server: reference({
        mutate: onQuery('pageSize', '100000', (_req, res) => {
          res.status = 500;
        }),
      }),
      findings: ['hugeStatus'],
    },
    {
      name: 'a huge pageSize is echoed larger than asked',
      server: reference({
        mutate: onQuery('pageSize', '100000', (_req, res) => {
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { items: [], pageSize: 200000 };
        }),
      }),
      findings: ['hugeNotCapped'],
    },
  ],
});

describe('paging.invalid-params on a framework that answers 422', () => {
  it('reports the malformed values answered alike as one finding per collection, naming each value', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (res.status === 400 && /[?&](page|pageSize)=/.test(req.path)) res.status = 422;
        },
      }),
    );
    const employers = report.results.filter((r) => r.resource === '/employers' && r.status === 'fail');
    expect(employers).toHaveLength(1);
    expect(employers[0]?.message).toMatch(
      /\(pageSize=0 is malformed, pageSize=abc is malformed, page=0 is malformed, page=-1 is malformed, page=abc is malformed, pageSize=100000 is too large\) answered 422, not 400\.$/,
    );
    expect(employers[0]?.evidence.length).toBeGreaterThan(1);
  });
});

describe('paging.invalid-params on an API that ignores pageSize (Django REST framework without a page size parameter)', () => {
  it('judges only the page values: the page size it ignores has nothing to refuse', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          const query = new URLSearchParams(req.path.split('?')[1] ?? '');
          if (!req.path.startsWith('/employers?')) return;
          const page = query.get('page');
          if (page !== null && !/^[1-9]\d*$/.test(page)) {
            res.status = 404;
            res.headers['content-type'] = 'application/json';
            res.json = { detail: 'Invalid page.' };
            return;
          }
          if (!query.has('pageSize')) return;
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { items: Array.from({ length: 10 }, (_, i) => ({ employerId: i + 1 })) };
        },
      }),
    );
    const employers = report.results.filter((r) => r.resource === '/employers');
    expect(employers.map((r) => r.status)).toEqual(['fail']);
    expect(employers[0]?.message).toMatch(
      /page=0 is malformed, page=-1 is malformed, page=abc is malformed\) answered 404/,
    );
    expect(employers[0]?.message).not.toMatch(/pageSize/);
  });
});
