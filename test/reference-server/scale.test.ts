import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { client, expectProblem, BELGIF } from './helpers/api.js';

// A seed 400 times the default: pages must be right at the start, the middle and the end.
const EMPLOYERS = 50_000;
const COMPANIES = 30_000;

// The deterministic extension, written out independently of the seed code.
const employerId = (i: number) => (i === 0 ? 93 : i < 120 ? 1000 + i * 17 : 100_000 + (i - 120) * 7);
const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => employerId(from + k));
type EmployerPage = { total: number; items: { employerId: number }[] };

let server: ReferenceServer;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startReferenceServer({ seed: { employers: EMPLOYERS, companies: COMPANIES } });
  call = client(server);
});
afterAll(() => server.close());

const idsOf = (body: any): number[] => body.items.map((i: any) => i.employerId);
const keysOf = (body: any): string[] => body.items.map((i: any) => i.enterpriseNumber);
const path = (link: string) => link.slice(server.url.length);

describe('employers at 50,000', () => {
  it('offset pages at the start, middle and end, with total and links', async () => {
    const first = (await call('GET', '/employers')).body;
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: EMPLOYERS });
    expect(idsOf(first)).toEqual(ids(0, 20));
    expect(new URL(first.last).searchParams.get('page')).toBe('2500');

    const middle = (await call('GET', '/employers?page=1250&pageSize=20')).body;
    expect(idsOf(middle)).toEqual(ids(24_980, 25_000));
    expect(middle.total).toBe(EMPLOYERS);
    expect(idsOf((await call('GET', path(middle.next))).body)).toEqual(ids(25_000, 25_020));
    expect(idsOf((await call('GET', path(middle.prev))).body)).toEqual(ids(24_960, 24_980));

    const last = (await call('GET', '/employers?page=500&pageSize=100')).body;
    expect(idsOf(last)).toEqual(ids(49_900, 50_000));
    expect(last.next).toBeUndefined();
    expect((await call('GET', '/employers?page=501&pageSize=100')).body.items).toEqual([]);
  });

  it('sorts descending by id from the end, and by name with id as tie-breaker', async () => {
    const descending = (await call('GET', '/employers?sort=-employerId&page=2&pageSize=10')).body;
    expect(idsOf(descending)).toEqual(ids(49_980, 49_990).reverse());

    const all = Array.from({ length: EMPLOYERS }, (_, i) => i);
    const names = (await call('GET', '/employers?pageSize=80&page=1')).body.items.map(
      (item: any) => item.title as string,
    );
    const nameOf = (i: number) => names[i % 80]!;
    const byName = all.sort((a, b) =>
      nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : employerId(a) - employerId(b),
    );
    for (const page of [1, 1250, 2500]) {
      const body = (await call('GET', `/employers?sort=name&page=${page}&pageSize=20`)).body;
      expect(idsOf(body)).toEqual(byName.slice((page - 1) * 20, page * 20).map(employerId));
    }
  });

  it('filters over the whole collection: total counts every match', async () => {
    const bankrupt = Array.from({ length: EMPLOYERS }, (_, i) => i).filter((i) => i % 6 === 5);
    const body = (await call('GET', '/employers?bankrupt=true&page=100&pageSize=50')).body;
    expect(body.total).toBe(bankrupt.length);
    expect(idsOf(body)).toEqual(bankrupt.slice(4950, 5000).map(employerId));
  });

  it('keeps the order and the cached sorts right across writes', async () => {
    const before = (await call('GET', '/employers?sort=name&pageSize=1')).body;
    // 100001 lies between two seeded ids (100000 and 100007).
    const created = await call('POST', '/employers', {
      body: { employerId: 100_001, name: 'AAA First', company: { enterpriseNumber: '0200068636' } },
    });
    expect(created.status).toBe(201);
    const page = (await call('GET', '/employers?page=7&pageSize=20')).body; // ids of index 120… sit on page 7
    expect(idsOf(page)).toEqual([...ids(120, 121), 100_001, ...ids(121, 139)]);
    expect(page.total).toBe(EMPLOYERS + 1);
    expect(idsOf((await call('GET', '/employers?sort=name&pageSize=1')).body)).toEqual([100_001]);

    expect((await call('DELETE', '/employers/100001')).status).toBe(204);
    expectProblem(await call('GET', '/employers/100001'), 404, `${BELGIF}resourceNotFound`);
    expect((await call('GET', '/employers?page=7&pageSize=20')).body.total).toBe(EMPLOYERS);
    expect((await call('GET', '/employers?sort=name&pageSize=1')).body.items).toEqual(before.items);
  });

  it('serves a document deep in the collection; ids between seeded ones are absent', async () => {
    const id = employerId(43_210);
    const res = await call('GET', `/employers/${id}`);
    expect(res.body).toMatchObject({ employerId: id, bankrupt: 43_210 % 6 === 5 });
    expect(res.headers.get('etag')).toMatch(/^"v\d+"$/);
    expectProblem(await call('GET', `/employers/${id + 1}`), 404, `${BELGIF}resourceNotFound`);
  });
});

describe('companies at 30,000', () => {
  it('cursor pages at the start, middle and end: sorted, unique, valid keys, total', async () => {
    const first = (await call('GET', '/companies?pageSize=100')).body;
    expect(first.total).toBe(COMPANIES);
    const start = keysOf(first);
    expect(start).toHaveLength(100);
    expect(start).toEqual([...start].sort());

    // Offset paging names the key before the middle: the cursor page after it must continue from there.
    const beforeMiddle = keysOf((await call('GET', '/companies?page=15000&pageSize=1')).body)[0]!;
    const middle = (await call('GET', `/companies?afterCompany=${beforeMiddle}&pageSize=100`)).body;
    const fromOffset = keysOf((await call('GET', '/companies?page=151&pageSize=100')).body);
    expect(keysOf(middle)).toEqual(fromOffset);
    expect(new URL(middle.next).searchParams.get('afterCompany')).toBe(fromOffset[99]);
    const following = (await call('GET', path(middle.next))).body;
    expect(keysOf(following)).toEqual(keysOf((await call('GET', '/companies?page=152&pageSize=100')).body));

    const tail = keysOf((await call('GET', '/companies?page=300&pageSize=100')).body);
    const end = (await call('GET', `/companies?afterCompany=${tail[97]}&pageSize=100`)).body;
    expect(keysOf(end)).toEqual(tail.slice(98));
    expect(end.next).toBeUndefined();
    const afterLast = (await call('GET', `/companies?afterCompany=${tail[99]}`)).body;
    expect(afterLast.items).toEqual([]);
    expect(afterLast.total).toBe(COMPANIES);

    // A cursor that is no key (keys carry check digits, so key + 1 never is one) starts at the next key.
    const notAKey = String(Number(tail[50]) + 1).padStart(10, '0');
    expect(keysOf((await call('GET', `/companies?afterCompany=${notAKey}&pageSize=3`)).body)).toEqual(
      tail.slice(51, 54),
    );

    for (const key of [...start, ...keysOf(middle), ...tail]) expect(key).toMatch(/^[01][0-9]{9}$/);
    expect(new Set([...start, ...keysOf(middle), ...tail]).size).toBe(300);
  });

  it('filters by name over every company, cursor pages included', async () => {
    const filtered = (await call('GET', '/companies?name=Atlas%20NV&pageSize=100')).body;
    expect(filtered.total).toBe(COMPANIES / 60);
    expect(filtered.items).toHaveLength(100);
    const next = (await call('GET', path(filtered.next))).body;
    expect(next.total).toBe(COMPANIES / 60);
    expect(keysOf(next)[0]! > keysOf(filtered)[99]!).toBe(true);
    expect(next.items.every((i: any) => i.title === 'Atlas NV')).toBe(true);
  });
});

describe('seed option', () => {
  it('refuses counts outside 0..5,000,000 and employers without companies, before listening', async () => {
    await expect(startReferenceServer({ seed: { employers: -1 } })).rejects.toThrow(
      /seed\.employers must be an integer/,
    );
    await expect(startReferenceServer({ seed: { companies: 1.5 } })).rejects.toThrow(
      /seed\.companies must be an integer/,
    );
    await expect(startReferenceServer({ seed: { employers: 5_000_001 } })).rejects.toThrow(RangeError);
    await expect(startReferenceServer({ seed: { employers: 1, companies: 0 } })).rejects.toThrow(/at least 1/);
  });

  it('keeps the default data as the start of a larger seed', async () => {
    const small = await startReferenceServer({ seed: { employers: 5, companies: 1 } });
    try {
      const body = (await (await fetch(`${small.url}/employers`)).json()) as EmployerPage;
      expect(body.total).toBe(5);
      expect(body.items.map((i) => i.employerId)).toEqual(ids(0, 5));
      const sameName = (await (
        await fetch(`${server.url}/employers?name=Acme%20Construction&pageSize=3`)
      ).json()) as EmployerPage;
      expect(sameName.items.map((i) => i.employerId).slice(0, 2)).toEqual([93, 2360]);
    } finally {
      await small.close();
    }
  });
});
