import check from '../../../src/checks/paging/links-consistent.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { onPage } from './on-page.js';

const page = (n: string) => (q: URLSearchParams) => (q.get('page') ?? '1') === n && q.get('pageSize') === '3';
const relative = (link: unknown) => {
  const url = new URL(String(link));
  return url.pathname + url.search;
};

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'page 1 has a prev link',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['prev'] = body['self'];
          },
          page('1'),
        ),
      }),
      findings: ['prevOnFirst'],
    },
    {
      name: 'next is relative',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['next'] = relative(body['next']);
          },
          page('1'),
        ),
      }),
      findings: ['notAbsolute'],
    },
    {
      name: 'last is on another origin',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['last'] = String(body['last']).replace('127.0.0.1', 'localhost');
          },
          page('1'),
        ),
      }),
      findings: ['otherOrigin'],
    },
    {
      name: 'last points at page 1',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['last'] = body['first'];
          },
          page('1'),
        ),
      }),
      findings: ['lastNotLast'],
    },
    {
      name: 'prev of page 2 points at page 2',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['prev'] = body['self'];
          },
          page('2'),
        ),
      }),
      findings: ['prevNotPrevious'],
    },
    {
      name: 'next of page 1 skips to page 3',
      server: reference({
        mutate: onPage(
          '/employers',
          (body) => {
            body['next'] = String(body['next']).replace('page=2', 'page=3');
          },
          page('1'),
        ),
      }),
      findings: ['nextNotFollowing'],
    },
    {
      name: 'first of the companies carries a cursor',
      server: reference({
        mutate: onPage('/companies', (body) => {
          if (typeof body['next'] === 'string') body['first'] = body['next'];
        }),
      }),
      findings: ['firstNotFirst'],
    },
  ],
});
