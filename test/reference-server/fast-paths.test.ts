// The shortcuts taken for speed give exactly what the general code gives: query parsing and link
// building against URLSearchParams, routing precedence, and cached representations after writes.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference-server/index.js';
import { ParsedQuery, queryTemplate } from '../../src/reference-server/query-string.js';
import { Router } from '../../src/reference-server/router.js';
import { freshServer } from './helpers/api.js';

const QUERIES = [
  '',
  'page=2&pageSize=20',
  'pageSize=20',
  'page=1&page=3&x=y',
  'a=1&&b=2&',
  'flag',
  '=v',
  'a=b=c',
  'q=a+b',
  'q=%41%zz',
  'name=caf%C3%A9&page=2',
  'sort=-name&sort=employerId',
  'pageSize=5&page=9&pageSize=7',
  'x=*._-',
  'a%26b=1',
  'page=&pageSize=',
];

function viaSearchParams(raw: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(raw);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

describe('ParsedQuery', () => {
  it.each(QUERIES)('%j parses to the pairs URLSearchParams gives', (raw) => {
    expect(ParsedQuery.parse(raw).pairs).toEqual([...new URLSearchParams(raw)]);
  });
  it.each(QUERIES)('%j changed by with() serializes as URLSearchParams#set/delete', (raw) => {
    const query = ParsedQuery.parse(raw);
    for (const changes of [
      { page: '4', pageSize: '20' },
      { afterCompany: undefined },
      { afterCompany: '0123 456' },
      { page: 'a&b' },
      { x: undefined, page: '1' },
    ]) {
      expect(query.with(changes)).toBe(viaSearchParams(raw, changes));
    }
  });
  it.each(QUERIES)('%j as a paging template gives what with() gives', (raw) => {
    const query = ParsedQuery.parse(raw);
    const template = queryTemplate(query, ['page', 'pageSize']);
    for (const [page, size] of [
      ['1', '20'],
      ['7', '5'],
      ['x y', '1'],
    ] as const) {
      expect(template([page, size])).toBe(viaSearchParams(raw, { page, pageSize: size }));
    }
  });
  it('has, get and getAll read the pairs', () => {
    const query = ParsedQuery.parse('a=1&b=2&a=3');
    expect([query.has('a'), query.has('c'), query.get('a'), query.get('c'), query.getAll('a')]).toEqual([
      true,
      false,
      '1',
      undefined,
      ['1', '3'],
    ]);
  });
});

describe('Router', () => {
  const handler = () => ({ status: 200 });
  const router = new Router([
    { path: '/a/{id}', methods: { GET: handler } },
    { path: '/a/fixed', methods: { GET: handler } },
    { path: '/a/{id}/b', methods: { GET: handler } },
    { path: '/{x}/{y}/b', methods: { GET: handler } },
    { path: '/a/{id}/{z}', methods: { GET: handler } },
  ]);
  it('a static path beats a template; more static segments beat fewer; params are decoded', () => {
    expect(router.match('/a/fixed')?.def.path).toBe('/a/fixed');
    expect(router.match('/a/x%20y')).toMatchObject({ def: { path: '/a/{id}' }, rawParams: { id: 'x y' } });
    expect(router.match('/a/1/b')?.def.path).toBe('/a/{id}/b');
    expect(router.match('/c/1/b')).toMatchObject({ def: { path: '/{x}/{y}/b' }, rawParams: { x: 'c', y: '1' } });
    expect(router.match('/a/1/c')?.def.path).toBe('/a/{id}/{z}');
    expect(router.match('/a/%E0%A4%A')?.rawParams).toEqual({ id: '%E0%A4%A' });
  });
  it('an empty segment, a missing segment or an extra one matches nothing', () => {
    expect(router.match('/a/')).toBeUndefined();
    expect(router.match('/a')).toBeUndefined();
    expect(router.match('/a/1/b/c')).toBeUndefined();
  });
});

describe('cached employer texts follow writes', () => {
  let server: ReferenceServer;
  let call: Awaited<ReturnType<typeof freshServer>>['call'];
  beforeAll(async () => ({ server, call } = await freshServer()));
  afterAll(() => server.close());

  it('a PUT changes the document and the page item at once; a foreign Host changes no link', async () => {
    const before = await call('GET', '/employers/1017');
    const page = await call('GET', '/employers?pageSize=100');
    expect(page.body.items.find((i: any) => i.employerId === 1017).title).toBe(before.body.name);
    const { self: _self, ...rest } = before.body;
    const put = await call('PUT', '/employers/1017', {
      body: { ...rest, company: { enterpriseNumber: rest.company.enterpriseNumber }, name: 'Renamed Ltd' },
      headers: { 'If-Match': before.headers.get('etag')! },
    });
    expect(put.status).toBe(200);
    const after = await call('GET', '/employers/1017');
    expect(after.body.name).toBe('Renamed Ltd');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const pageAfter = await call('GET', '/employers?pageSize=100');
    expect(pageAfter.body.items.find((i: any) => i.employerId === 1017).title).toBe('Renamed Ltd');
    const other = await request(`${server.url}/employers/1017`, { headers: { host: 'example.test:8080' } });
    expect(((await other.body.json()) as { self: string }).self).toBe(`${server.url}/employers/1017`);
    const again = await call('GET', '/employers/1017');
    expect(again.body.self).toBe(`${server.url}/employers/1017`);
  });

  it('Content-Length counts UTF-8 bytes of a page built from cached items, with and without embed', async () => {
    const created = await call('POST', '/employers', {
      body: { employerId: 9999, name: 'Bâtiments Ørsted – 東京', company: { enterpriseNumber: '0201078737' } },
    });
    expect(created.status).toBe(201);
    for (const path of [
      '/employers?page=1&pageSize=100&sort=-employerId',
      '/employers?pageSize=3&sort=-employerId&embed=items',
    ]) {
      const res = await request(`${server.url}${path}`);
      const bytes = Buffer.from(await res.body.arrayBuffer());
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
      expect(JSON.parse(bytes.toString('utf8')).items[0].title).toBe('Bâtiments Ørsted – 東京');
    }
  });
});
