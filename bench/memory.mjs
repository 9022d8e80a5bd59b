// Memory under hostile request mixes: the reference server's heap in use and RSS after 30,000 distinct
// `sort` values and after 50,000 image tasks, against a warm-up in the same run, and RSS after 100,000
// tasks against after 50,000 (it must plateau). The server runs with Node's default flags, as `serve` does.
import { Pool } from 'undici';
import { fmt, startChild } from './lib/measure.mjs';

const here = new URL('.', import.meta.url).pathname;
const SORTS = 30_000;
const TASKS = 50_000;
const CONNECTIONS = 16;

/** Sends `count` requests made by `make(i)` with CONNECTIONS in flight; every answer must have `status`. */
async function flood(server, count, make, status) {
  const { origin, pathname } = new URL(server.url);
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const { path, ...rest } = make(next++);
      const { statusCode, body } = await pool.request({ path: pathname + path, ...rest });
      await body.dump();
      if (statusCode !== status) throw new Error(`${rest.method} ${path} answered ${statusCode}, not ${status}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    await pool.close();
  }
}

/** The i-th distinct sort: i's base-4 digits pick name, -name, employerId or -employerId, 1 to 8 keys. */
function distinctSort(i) {
  const keys = ['name', '-name', 'employerId', '-employerId'];
  const parts = [];
  let n = i + 1;
  while (n > 0) {
    parts.push(`sort=${keys[n % 4]}`);
    n = Math.floor(n / 4);
  }
  return { path: `/employers?pageSize=5&${parts.join('&')}`, method: 'GET' };
}

const task = (i) => ({
  path: '/images/tasks',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: `bench-${i}`, width: 100 + (i % 50), height: 100 }),
});

export async function benchMemory() {
  const server = await startChild(`${here}lib/reference-server.mjs`);
  try {
    // Warm-up: a tenth of each flood, so the baseline holds what any busy server holds (compiled code,
    // full caches). What the floods add after it is growth.
    await flood(server, SORTS / 10, distinctSort, 200);
    await flood(server, TASKS / 10, task, 202);
    const base = await server.retained();
    await flood(server, SORTS, distinctSort, 200);
    const afterSorts = await server.retained();
    await flood(server, TASKS, task, 202);
    const afterTasks = await server.retained();
    await flood(server, TASKS, task, 202);
    const afterMoreTasks = await server.retained();
    const state = ({ rssMB, heapMB }) => `${fmt(rssMB, 1)} MB RSS, heap in use ${fmt(heapMB, 1)} MB`;
    return [
      {
        label: `memory: ${fmt(SORTS)} distinct sort values (LRU caches)`,
        value: state(afterSorts),
        baseline: `${state(base)} after the warm-up`,
        ratio: afterSorts.heapMB / base.heapMB,
        target: { atMost: 1.2, note: 'heap in use within 20 %' },
      },
      {
        label: `memory: ${fmt(TASKS)} image tasks (tasks expire)`,
        value: state(afterTasks),
        baseline: `${state(base)} after the warm-up`,
        ratio: afterTasks.heapMB / base.heapMB,
        target: { atMost: 1.2, note: 'heap in use within 20 %' },
      },
      // RSS must plateau: a second flood as large as the first adds nothing that stays.
      {
        label: `memory: ${fmt(2 * TASKS)} image tasks against ${fmt(TASKS)}`,
        value: state(afterMoreTasks),
        baseline: state(afterTasks),
        ratio: afterMoreTasks.rssMB / afterTasks.rssMB,
        target: { atMost: 1.05, note: 'RSS plateaus' },
      },
    ];
  } finally {
    await server.stop();
  }
}
