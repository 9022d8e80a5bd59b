// Memory stays bounded under any request mix: sorted views are an LRU, tasks and images expire.
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { BoundedRecords } from '../../src/reference-server/store/bounded-records.js';
import { effectiveSort, EmployerOrders, MAX_CACHED_ORDERS } from '../../src/reference-server/store/employer-order.js';
import { Store } from '../../src/reference-server/store/store.js';
import { expectProblem, client, BELGIF } from './helpers/api.js';

describe('sorted views of employers', () => {
  it('a field mentioned again cannot reorder: repeated keys collapse to one order', () => {
    expect(effectiveSort(['name', '-name', 'name', '-employerId', 'name'])).toEqual(['name', '-employerId']);
    expect(effectiveSort(['-name', 'name'])).toEqual(['-name', 'employerId']);
  });

  it('30,000 distinct sort values hold at most MAX_CACHED_ORDERS sorted copies, each still correct', () => {
    const store = new Store();
    const orders = store.employerOrders;
    for (let i = 0; i < 30_000; i++) {
      const sort = Array.from({ length: 1 + (i % 7) }, (_, k) => ((i >> k) & 1 ? '-name' : 'name'));
      const view = orders.view(sort);
      expect(orders.cachedOrders).toBeLessThanOrEqual(MAX_CACHED_ORDERS);
      if (i % 5000 === 0) {
        const names = Array.from({ length: view.length }, (_, k) => view.at(k)!.name);
        const sign = sort[0] === '-name' ? -1 : 1;
        expect(names.every((n, k) => k === 0 || sign * (names[k - 1]! < n ? -1 : names[k - 1]! > n ? 1 : 0) <= 0)).toBe(
          true,
        );
      }
    }
  });

  it('the LRU keeps the most recent orders and drops the least recently used', () => {
    const orders = new Store().employerOrders as EmployerOrders<any>;
    const a = orders.view(['name']);
    orders.view(['-name']);
    orders.view(['name', '-employerId']);
    expect(orders.view(['name'])).toBe(a); // cached: the same array
    expect(orders.cachedOrders).toBe(3);
  });
});

describe('bounded records', () => {
  it('expire at their own time and never exceed max, the oldest pushed out first', () => {
    let now = 1000;
    const records = new BoundedRecords<{ v: string; until: number }>(
      3,
      (r) => r.until,
      () => now,
    );
    records.set(1, { v: 'a', until: 2000 });
    records.set(2, { v: 'b', until: 5000 });
    expect(records.get(1)?.v).toBe('a');
    now = 2000;
    expect(records.get(1)).toBeUndefined();
    for (const [id, v] of [
      [3, 'c'],
      [4, 'd'],
      [5, 'e'],
    ] as const)
      records.set(id, { v, until: 9000 });
    expect(records.size).toBe(3);
    expect(records.get(2)).toBeUndefined();
    expect([3, 4, 5].map((id) => records.get(id)?.v)).toEqual(['c', 'd', 'e']);
  });
  it('refuses a max that is not a positive integer', () => {
    expect(() => new BoundedRecords(0, () => 0)).toThrow(RangeError);
  });
});

describe('image tasks expire', () => {
  it('a finished task and its image answer 404 once the TTL has passed', async () => {
    const server = await startReferenceServer({ port: 0, taskDelayMs: 10, taskTtlMs: 1500 });
    const call = client(server);
    try {
      const submitted = await call('POST', '/images/tasks', { body: { name: 'logo', width: 4, height: 4 } });
      const task = submitted.headers.get('location')!.slice(server.url.length);
      await new Promise((r) => setTimeout(r, 30));
      const done = await call('GET', task);
      expect(done.status).toBe(303);
      const image = done.headers.get('location')!.slice(server.url.length);
      expect((await call('GET', image)).status).toBe(200);
      // Bounded wait (the machine may be slow): both must go, and then answer a problem.
      let gone = false;
      for (let i = 0; i < 100 && !gone; i++) {
        await new Promise((r) => setTimeout(r, 50));
        gone = (await call('GET', image)).status === 404;
      }
      expect(gone).toBe(true);
      expectProblem(await call('GET', task), 404, `${BELGIF}resourceNotFound`);
      expectProblem(await call('GET', image), 404, `${BELGIF}resourceNotFound`);
    } finally {
      await server.close();
    }
  });

  it('a flood of tasks keeps at most maxTasks; the newest stay readable', async () => {
    const server = await startReferenceServer({ port: 0, taskDelayMs: 10, maxTasks: 50 });
    const call = client(server);
    try {
      const locations: string[] = [];
      for (let i = 0; i < 120; i++) {
        locations.push(
          (await call('POST', '/images/tasks', { body: { name: `t${i}`, width: 1, height: 1 } })).headers
            .get('location')!
            .slice(server.url.length),
        );
      }
      expectProblem(await call('GET', locations[0]!), 404, `${BELGIF}resourceNotFound`);
      expect([200, 303]).toContain((await call('GET', locations[119]!)).status);
    } finally {
      await server.close();
    }
  });
});
