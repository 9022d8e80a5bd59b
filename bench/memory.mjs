// Memory under hostile request mixes: the reference server's RSS after 30,000 distinct `sort` values and
// after 50,000 image tasks, each against its own RSS after a warm-up in the same run (target: within 20 %).
// The server runs with the Node flags `restguide serve` gives it (a bounded young generation), so the
// figures are those of the shipped setting.
import { Pool } from 'undici';
import { SERVE_NODE_FLAGS } from '../dist/src/cli/young-generation.js';
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
  path: '/images/tasks', method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: `bench-${i}`, width: 100 + (i % 50), height: 100 }),
});

export async function benchMemory() {
  const server = await startChild(`${here}lib/reference-server.mjs`, [], { nodeArgs: [...SERVE_NODE_FLAGS] });
  const flags = SERVE_NODE_FLAGS.length ? SERVE_NODE_FLAGS.join(' ') : 'default Node flags';
  try {
    const started = (await server.retained()).rssMB;
    // Warm-up: a tenth of each flood, so the baseline holds what any busy server holds (compiled code, a
    // young generation sized for this load, full caches). What a flood ten times larger adds is the growth.
    await flood(server, SORTS / 10, distinctSort, 200);
    await flood(server, TASKS / 10, task, 202);
    const base = await server.retained();
    const baseline = base.rssMB;
    await flood(server, SORTS, distinctSort, 200);
    const afterSorts = await server.retained();
    await flood(server, TASKS, task, 202);
    const afterTasks = await server.retained();
    // Heap used is what the server retains; RSS also holds heap pages V8 keeps committed after a flood.
    const row = (label, { rssMB: mb, heapMB }) => ({
      label: `${label} (server: ${flags})`, value: `${fmt(mb, 1)} MB RSS after GC (heap used ${fmt(heapMB, 1)} MB, baseline ${fmt(base.heapMB, 1)} MB)`, baseline: `${fmt(baseline, 1)} MB after ${fmt(SORTS / 10)} sorts + ${fmt(TASKS / 10)} tasks (${fmt(started, 1)} MB just started)`, ratio: mb / baseline, target: { atMost: 1.2, note: 'within 20 %' },
    });
    return [
      row(`memory: ${fmt(SORTS)} distinct sort values`, afterSorts),
      row(`memory: then ${fmt(TASKS)} image tasks`, afterTasks),
    ];
  } finally {
    await server.stop();
  }
}
