import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference-server/index.js';
import { BELGIF, expectProblem, freshServer } from './helpers/api.js';

let server: ReferenceServer;
let call: Awaited<ReturnType<typeof freshServer>>['call'];
beforeAll(async () => ({ server, call } = await freshServer()));
afterAll(() => server.close());

describe('/companies', () => {
  it('pages by cursor by default: next carries afterCompany, no page/last', async () => {
    const keys: string[] = [];
    let path: string | undefined = '/companies?pageSize=25';
    for (let guard = 0; path && guard < 10; guard++) {
      const res = await call('GET', path);
      expect(res.body.page).toBeUndefined();
      expect(res.body.last).toBeUndefined();
      expect(res.body.pageSize).toBe(25);
      keys.push(...res.body.items.map((i: any) => i.enterpriseNumber));
      path = res.body.next?.slice(server.url.length);
      if (path) expect(new URL(res.body.next).searchParams.get('afterCompany')).toBe(keys[keys.length - 1]);
    }
    expect(keys).toHaveLength(60);
    expect(keys).toEqual([...keys].sort());
  });
  it('pages by offset when page is given', async () => {
    const res = await call('GET', '/companies?page=3&pageSize=25');
    expect(res.body).toMatchObject({ page: 3, pageSize: 25, total: 60 });
    expect(res.body.items).toHaveLength(10);
    expect(res.body.next).toBeUndefined();
    expect(res.body.prev).toContain('page=2');
    expect(res.body.last).toContain('page=3');
  });
  it('400 when page and afterCompany are combined, or afterCompany is malformed', async () => {
    expectProblem(await call('GET', '/companies?page=1&afterCompany=0200068636'), 400, `${BELGIF}badRequest`);
    expectProblem(await call('GET', '/companies?afterCompany=abc'), 400, `${BELGIF}badRequest`);
  });
  it('filters by name; items carry href, title and enterpriseNumber', async () => {
    const res = await call('GET', '/companies?name=Atlas%20NV');
    expect(res.body.items).toEqual([
      { href: `${server.url}/companies/0200068636`, title: 'Atlas NV', enterpriseNumber: '0200068636' },
    ]);
  });
  it('serves each company document; 400 for a malformed number, 404 for an unknown one', async () => {
    const res = await call('GET', '/companies/0200068636');
    expect(res.body).toEqual({
      self: `${server.url}/companies/0200068636`,
      enterpriseNumber: '0200068636',
      name: 'Atlas NV',
    });
    const bad = expectProblem(await call('GET', '/companies/200068636'), 400, `${BELGIF}badRequest`);
    expect(bad.issues[0]).toMatchObject({ in: 'path', name: 'enterpriseNumber', value: '200068636' });
    expectProblem(await call('GET', '/companies/0999999999'), 404, `${BELGIF}resourceNotFound`);
  });
});

describe('/appendices/employerclasses', () => {
  it('pages (28 classes) and embeds full items keyed by href', async () => {
    const first = await call('GET', '/appendices/employerclasses?embed=items');
    expect(first.body).toMatchObject({ total: 28, page: 1, pageSize: 20 });
    expect(first.body.next).toBeDefined();
    for (const item of first.body.items) {
      expect(item.href).toBe(`${server.url}/appendices/employerclasses/${item.value}`);
      const full = first.body.embedded[item.href];
      expect(full).toMatchObject({ self: item.href, value: item.value });
      expect(Object.keys(full.description).sort()).toEqual(['en', 'fr', 'nl']);
    }
    const one = await call('GET', '/appendices/employerclasses/construction');
    expect(one.body.description.nl).toBe('Bouw');
    expectProblem(await call('GET', '/appendices/employerclasses/nothing'), 404, `${BELGIF}resourceNotFound`);
  });
});

describe('POST /enterprises/{enterpriseNumber}/employers', () => {
  it('creates under the enterprise; 404 when unassigned; 409 on a duplicate', async () => {
    const res = await call('POST', '/enterprises/0201078737/employers', {
      body: { employerId: 5100000, name: 'Branch' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${server.url}/employers/5100000`);
    expect(res.body.company.enterpriseNumber).toBe('0201078737');
    expectProblem(
      await call('POST', '/enterprises/0999999999/employers', { body: { employerId: 5100001, name: 'X' } }),
      404,
      `${BELGIF}resourceNotFound`,
    );
    expectProblem(
      await call('POST', '/enterprises/0201078737/employers', { body: { employerId: 93, name: 'X' } }),
      409,
      'urn:problem-type:belgif:registry:duplicateKey',
    );
  });
});
