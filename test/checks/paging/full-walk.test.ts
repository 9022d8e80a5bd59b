import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/paging/full-walk.js';
import { isObject } from '../../../src/core/util/json.js';
import { fixture, reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';
import { onPage } from './on-page.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the company cursor is off by one, so pages overlap',
      server: reference({
        mutate: onPage('/companies', (body) => {
          const before = body.items[body.items.length - 2];
          if (typeof body['next'] !== 'string' || !isObject(before)) return;
          const next = new URL(body['next']);
          next.searchParams.set('afterCompany', String(before['enterpriseNumber']));
          body['next'] = next.href;
        }),
      }),
      findings: ['duplicate'],
    },
    {
      name: 'page 2 of the employers loses an item',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body.items.pop();
          },
          (q) => q.get('page') === '2',
        ),
      }),
      findings: ['countMismatch'],
    },
    {
      name: 'total changes on page 3',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['total'] = 119;
          },
          (q) => q.get('page') === '3',
        ),
      }),
      findings: ['totalChanged'],
    },
    {
      name: 'next of page 2 points back at page 1',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['next'] = body['prev'];
          },
          (q) => q.get('page') === '2',
        ),
      }),
      findings: ['cycle'],
    },
  ],
});

describe('paging.full-walk against a collection that grows on every request', () => {
  it('skips instead of failing when no two walks agree', async () => {
    let requests = 0;
    const growing = fixture(
      (req, res) => {
        const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
        const size = Number(url.searchParams.get('pageSize') ?? '5');
        const page = Number(url.searchParams.get('page') ?? '1');
        const total = 10 + requests++;
        const at = (n: number) => `http://${req.headers.host}/api/things?pageSize=${size}&page=${n}`;
        const items = Array.from({ length: total }, (_, i) => ({
          href: `http://${req.headers.host}/api/things/${total - i}`,
        })).slice((page - 1) * size, page * size);
        sendJson(res, 200, {
          self: at(page),
          items,
          total,
          page,
          pageSize: size,
          ...(page * size < total ? { next: at(page + 1) } : {}),
        });
      },
      { basePath: '/api' },
    );
    const report = await runOne(check, growing, { collections: [{ path: '/things', paging: { kind: 'offset' } }] });
    expect(report.results.map((r) => r.status)).toEqual(['skip']);
    expect(report.results[0]?.message).toMatch(/changed between each of 3 walks/);
  });
});
