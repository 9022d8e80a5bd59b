// Ordinary traffic of other clients on loopback: readers of pages, sorts and filters, and writers of other employers.
// Bounded in requests and time, and it stops by itself; the caller awaits `stop()`.
import { request } from 'undici';
import { random } from './random.js';

export interface Traffic {
  /** Ends the load and resolves once every worker has stopped; returns the counts. */
  stop(): Promise<{ requests: number; writes: number; errors: number }>;
}

export interface TrafficOptions {
  /** Workers sending at once. */
  concurrency: number;
  /** Stops by itself after this many ms and after this many requests in all. */
  maxMs: number;
  maxRequests: number;
}

/** Employer ids of the load: above the range the checks create (5 000 000 000 – 5 899 999 999), below the absent id. */
const LOAD_IDS = { min: 5_900_000_000, span: 90_000_000 };
const READS = [
  '/employers?pageSize=5',
  '/employers?pageSize=8&sort=name',
  '/employers?pageSize=8&sort=-name',
  '/employers?pageSize=8&sort=employerId',
  '/employers?pageSize=8&sort=-employerId',
  '/employers?bankrupt=false&pageSize=20',
  '/employers?bankrupt=true',
  '/employers?pageSize=10&page=2',
  '/companies?pageSize=5',
  '/employers?embed=items&pageSize=5',
];

export function startTraffic(baseUrl: string, options: TrafficOptions): Traffic {
  const deadline = Date.now() + options.maxMs;
  let stopped = false;
  const counts = { requests: 0, writes: 0, errors: 0 };
  const mine: string[] = [];
  const next = random(1);
  const send = async (method: string, path: string, body?: unknown) => {
    counts.requests++;
    if (method !== 'GET') counts.writes++;
    try {
      const response = await request(`${baseUrl}${path}`, {
        method: method as 'GET',
        headersTimeout: 5000,
        bodyTimeout: 5000,
        ...(body === undefined
          ? {}
          : {
              body: JSON.stringify(body),
              headers: { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' },
            }),
      });
      const text = await response.body.text();
      return { status: response.statusCode, location: response.headers['location'], text };
    } catch {
      counts.errors++;
      return undefined;
    }
  };
  const step = async (n: number) => {
    const kind = n % 5;
    if (kind < 3) return void (await send('GET', READS[(n * 7) % READS.length] ?? '/employers'));
    if (kind === 3 || mine.length < 3) {
      const id = LOAD_IDS.min + Math.floor(next() * LOAD_IDS.span);
      const created = await send('POST', '/employers', {
        name: `load employer ${n}`,
        employerId: id,
        company: { enterpriseNumber: '0200068636' },
        bankrupt: n % 2 === 0,
      });
      if (created?.status === 201) mine.push(`/employers/${id}`);
      return;
    }
    // Half the updates go to the seeded employers, the first page (where the checks take their samples) most of all.
    if (n % 4 === 0 && seeded.length > 0) {
      const index = Math.floor(next() * Math.min(seeded.length, next() < 0.5 ? 8 : seeded.length));
      return void (await send('PATCH', seeded[index] as string, {
        name: `${n % 3 === 0 ? 'Aardvark' : 'Zebra'} traded ${n}`,
        bankrupt: n % 3 === 0,
      }));
    }
    const target = mine[Math.floor(next() * mine.length)] as string;
    if (n % 2 === 0)
      return void (await send('PATCH', target, { name: `load employer renamed ${n}`, bankrupt: n % 3 === 0 }));
    mine.splice(mine.indexOf(target), 1);
    await send('DELETE', target);
  };
  const seeded: string[] = [];
  const ready = send('GET', '/employers?pageSize=100').then((page) => {
    const items = page ? ((JSON.parse(page.text) as { items?: Array<{ employerId?: number }> }).items ?? []) : [];
    seeded.push(...items.map((item) => `/employers/${item.employerId}`));
  });
  let n = 0;
  const worker = async () => {
    await ready;
    while (!stopped && Date.now() < deadline && counts.requests < options.maxRequests) await step(n++);
  };
  const workers = Promise.all(Array.from({ length: options.concurrency }, worker));
  return {
    async stop() {
      stopped = true;
      await workers;
      // What the load created it removes again.
      await Promise.all(mine.splice(0).map((path) => send('DELETE', path)));
      return counts;
    },
  };
}
