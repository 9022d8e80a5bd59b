import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference-server/index.js';
import {
  BELGIF,
  API,
  SCHEMA_VIOLATION,
  UNKNOWN_INPUT,
  expectProblem,
  freshServer,
  type ApiResponse,
} from './helpers/api.js';

let server: ReferenceServer;
let call: Awaited<ReturnType<typeof freshServer>>['call'];
beforeAll(async () => ({ server, call } = await freshServer()));
afterAll(() => server.close());

describe('GET /employers', () => {
  it('pages with offset: default 20, next/prev/first/last absolute, total constant', async () => {
    const first = await call('GET', '/employers');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 20, total: 120 });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.prev).toBeUndefined();
    expect(first.body.self).toBe(`${server.url}/employers`);
    const seen = new Set<number>();
    let next: string | undefined = first.body.next;
    for (const item of first.body.items) seen.add(item.employerId);
    for (let guard = 0; next && guard < 10; guard++) {
      expect(next.startsWith(server.url)).toBe(true);
      const page = await call('GET', next.slice(server.url.length));
      expect(page.body.total).toBe(120);
      expect(page.body.prev).toBeDefined();
      for (const item of page.body.items) seen.add(item.employerId);
      next = page.body.next;
      if (!next) expect(page.body.page).toBe(6);
    }
    expect(seen.size).toBe(120);
  });

  it('honours pageSize up to 100 and refuses bad paging values with an issue in query', async () => {
    expect((await call('GET', '/employers?pageSize=100')).body.items).toHaveLength(100);
    for (const query of ['pageSize=101', 'pageSize=0', 'pageSize=abc', 'page=0', 'page=1.5', 'page=-1']) {
      const res = await call('GET', `/employers?${query}`);
      const problem = expectProblem(res, 400, `${BELGIF}badRequest`);
      expect(problem.issues[0]).toMatchObject({ type: SCHEMA_VIOLATION, in: 'query', name: query.split('=')[0] });
    }
  });

  it('items carry href, title and employerId; a page past the end is empty', async () => {
    const res = await call('GET', '/employers?pageSize=2');
    expect(res.body.items[0]).toEqual({
      href: `${server.url}/employers/93`,
      title: 'Acme Construction',
      employerId: 93,
    });
    const beyond = await call('GET', '/employers?page=99');
    expect(beyond.status).toBe(200);
    expect(beyond.body.items).toEqual([]);
  });

  it('filters by name (repeated = OR) and bankrupt (AND)', async () => {
    const one = await call('GET', '/employers?name=Acme%20Construction');
    expect(one.body.items.map((i: any) => i.employerId)).toEqual([93, 2360]);
    const or = await call('GET', '/employers?name=Acme%20Construction&name=Belfry%20Construction');
    expect(or.body.total).toBe(4);
    const bankrupt = await call('GET', '/employers?bankrupt=true&pageSize=100');
    expect(bankrupt.body.total).toBe(20);
    const both = await call('GET', `/employers?name=${encodeURIComponent('Flanders Construction')}`);
    expect(both.body.total).toBe(2);
    const and = await call('GET', `/employers?name=${encodeURIComponent('Flanders Construction')}&bankrupt=true`);
    expect(and.body.items.map((i: any) => i.employerId)).toEqual([1085]);
    const none = await call('GET', '/employers?name=Nobody');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ items: [], total: 0 });
    expect(none.body.next).toBeUndefined();
    expectProblem(await call('GET', '/employers?bankrupt=maybe'), 400, `${BELGIF}badRequest`);
  });

  it('searches all text with q, case-insensitively', async () => {
    const res = await call('GET', '/employers?q=bREWERY&pageSize=100');
    expect(res.body.total).toBeGreaterThan(0);
    for (const item of res.body.items) expect(item.title.toLowerCase()).toContain('brewery');
    const byNumber = await call('GET', '/employers?q=0200068636');
    expect(byNumber.body.items.map((i: any) => i.employerId)).toContain(93);
  });

  it('sorts by several keys, - descending; unknown key → 400', async () => {
    const desc = await call('GET', '/employers?sort=-employerId&pageSize=3');
    expect(desc.body.items.map((i: any) => i.employerId)).toEqual([3023, 3006, 2989]);
    const byName = (await call('GET', '/employers?sort=name&sort=-employerId&pageSize=100')).body.items as any[];
    for (let i = 1; i < byName.length; i++) {
      const [a, b] = [byName[i - 1], byName[i]];
      expect(a.title < b.title || (a.title === b.title && a.employerId > b.employerId)).toBe(true);
    }
    expect(byName.slice(0, 2).map((i) => i.title)).toEqual(['Acme Bakery', 'Acme Bakery']);
    const names = (await call('GET', '/employers?sort=-name&pageSize=100')).body.items.map((i: any) => i.title);
    expect(names).toEqual([...names].sort().reverse());
    const bad = expectProblem(await call('GET', '/employers?sort=salary'), 400, `${BELGIF}badRequest`);
    expect(bad.issues[0]).toMatchObject({ in: 'query', name: 'sort' });
  });

  it('embeds the full items keyed by href with embed=items', async () => {
    const res = await call('GET', '/employers?pageSize=3&embed=items');
    expect(Object.keys(res.body.embedded)).toEqual(res.body.items.map((i: any) => i.href));
    for (const item of res.body.items)
      expect(res.body.embedded[item.href]).toMatchObject({ self: item.href, employerId: item.employerId });
    expectProblem(await call('GET', '/employers?embed=company'), 400, `${BELGIF}badRequest`);
  });

  it('refuses unknown query parameters as unknownInput', async () => {
    const problem = expectProblem(await call('GET', '/employers?colour=red'), 400, `${BELGIF}badRequest`);
    expect(problem.issues).toEqual([
      expect.objectContaining({ type: UNKNOWN_INPUT, in: 'query', name: 'colour', value: 'red' }),
    ]);
  });

  it('keeps next links that reflect the filter', async () => {
    const res = await call('GET', '/employers?bankrupt=false&pageSize=50');
    expect(new URL(res.body.next).searchParams.get('bankrupt')).toBe('false');
    expect(new URL(res.body.next).searchParams.get('page')).toBe('2');
  });
});

describe('POST /employers', () => {
  const created: number[] = [];
  afterAll(async () => {
    for (const id of created) await call('DELETE', `/employers/${id}`);
  });

  it('creates: 201, Location, full representation, defaults applied', async () => {
    const res = await call('POST', '/employers', {
      body: { employerId: 5000000, name: 'Newco', company: { enterpriseNumber: '0200068636' } },
    });
    created.push(5000000);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${server.url}/employers/5000000`);
    expect(res.body).toEqual({
      self: `${server.url}/employers/5000000`,
      employerId: 5000000,
      name: 'Newco',
      company: { enterpriseNumber: '0200068636', href: `${server.url}/companies/0200068636` },
      bankrupt: false,
    });
    expect((await call('GET', '/employers/5000000')).body.name).toBe('Newco');
  });

  it('409 duplicateKey on an existing employerId', async () => {
    const res = await call('POST', '/employers', {
      body: { employerId: 93, name: 'Again', company: { enterpriseNumber: '0200068636' } },
    });
    expectProblem(res, 409, `${API}duplicateKey`);
  });

  it('400 when company.enterpriseNumber names no company', async () => {
    const res = await call('POST', '/employers', {
      body: { employerId: 5000001, name: 'X', company: { enterpriseNumber: '0999999999' } },
    });
    const problem = expectProblem(res, 400, `${BELGIF}badRequest`);
    expect(problem.issues[0]).toMatchObject({ in: 'body', name: 'company.enterpriseNumber', value: '0999999999' });
  });

  const bad: Array<[string, unknown, string, string]> = [
    ['missing name', { employerId: 5000002, company: { enterpriseNumber: '0200068636' } }, SCHEMA_VIOLATION, 'name'],
    [
      'wrong type',
      { employerId: '5000002', name: 'X', company: { enterpriseNumber: '0200068636' } },
      SCHEMA_VIOLATION,
      'employerId',
    ],
    [
      'out of range',
      { employerId: 6000000000, name: 'X', company: { enterpriseNumber: '0200068636' } },
      SCHEMA_VIOLATION,
      'employerId',
    ],
    [
      'unknown property',
      { employerId: 5000002, name: 'X', company: { enterpriseNumber: '0200068636' }, colour: 'red' },
      UNKNOWN_INPUT,
      'colour',
    ],
    [
      'unknown nested property',
      { employerId: 5000002, name: 'X', company: { enterpriseNumber: '0200068636', vat: 1 } },
      UNKNOWN_INPUT,
      'company.vat',
    ],
    [
      'bad pattern',
      { employerId: 5000002, name: 'X', company: { enterpriseNumber: '12' } },
      SCHEMA_VIOLATION,
      'company.enterpriseNumber',
    ],
    ['array body', [1, 2], SCHEMA_VIOLATION, ''],
  ];
  it.each(bad)('400 on %s, with an issue in body', async (_label, body, type, name) => {
    const problem = expectProblem(await call('POST', '/employers', { body }), 400, `${BELGIF}badRequest`);
    expect(problem.issues).toEqual(expect.arrayContaining([expect.objectContaining({ type, in: 'body', name })]));
  });

  it('400 on malformed JSON, empty body and too deep nesting', async () => {
    const json = { 'Content-Type': 'application/json' };
    expectProblem(
      await call('POST', '/employers', { headers: json, body: '{"employerId": 1,' }),
      400,
      `${BELGIF}badRequest`,
    );
    expectProblem(await call('POST', '/employers', { headers: json, body: '' }), 400, `${BELGIF}badRequest`);
    const deep = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    const problem = expectProblem(
      await call('POST', '/employers', { headers: json, body: deep }),
      400,
      `${BELGIF}badRequest`,
    );
    expect(problem.issues[0].detail).toContain('32');
    const veryDeep = `${'['.repeat(30000)}${']'.repeat(30000)}`;
    expectProblem(await call('POST', '/employers', { headers: json, body: veryDeep }), 400, `${BELGIF}badRequest`);
  });

  it('413 payloadTooLarge with limit over 64 KiB', async () => {
    const body = JSON.stringify({
      employerId: 5000003,
      name: 'x'.repeat(70 * 1024),
      company: { enterpriseNumber: '0200068636' },
    });
    const problem = expectProblem(
      await call('POST', '/employers', { headers: { 'Content-Type': 'application/json' }, body }),
      413,
      `${BELGIF}payloadTooLarge`,
    );
    expect(problem.limit).toBe(65536);
  });

  it('415 on a body that is not JSON', async () => {
    const res = await call('POST', '/employers', { headers: { 'Content-Type': 'text/plain' }, body: 'employerId=1' });
    expectProblem(res, 415, `${API}unsupportedMediaType`);
    const xml = await call('POST', '/employers', {
      headers: { 'Content-Type': 'application/xml' },
      body: '<employer/>',
    });
    expectProblem(xml, 415, `${API}unsupportedMediaType`);
  });
});

describe('DELETE /employers', () => {
  it('removes only the filtered items (204), then the filter finds none', async () => {
    const before = (await call('GET', '/employers')).body.total as number;
    const res: ApiResponse = await call('DELETE', '/employers?name=Juniper%20Transport');
    expect(res.status).toBe(204);
    expect((await call('GET', '/employers?name=Juniper%20Transport')).body.items).toEqual([]);
    expect((await call('GET', '/employers')).body.total).toBe(before - 1);
    expectProblem(await call('DELETE', '/employers?q=x'), 400, `${BELGIF}badRequest`);
  });
});
