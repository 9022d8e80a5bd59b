// Server throughput next to a bare node:http server, and page cost as the collection grows.
import { fmt, latency, loadTest, median, startChild } from './lib/measure.mjs';

const here = new URL('.', import.meta.url).pathname;
const ROUNDS = 3;

async function json(url) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

/** Document and page throughput, reference and bare servers measured in alternation, ROUNDS times. */
async function throughput(seconds, rows) {
  const bare = await startChild(`${here}lib/bare-server.mjs`);
  const reference = await startChild(`${here}lib/reference-server.mjs`);
  try {
    const page = await json(`${reference.url}/employers?pageSize=20`);
    const documents = page.items.map((item) => `/employers/${item.employerId}`);
    const runs = { bare: [], doc: [], page: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.bare.push(await loadTest(bare, ['/employers/1017'], { seconds }));
      runs.doc.push(await loadTest(reference, documents, { seconds }));
      runs.page.push(await loadTest(reference, ['/employers?pageSize=20', '/employers?page=2&pageSize=20'], { seconds }));
    }
    const rps = (k) => median(runs[k].map((r) => r.rps));
    const cpu = (k) => median(runs[k].map((r) => r.cpuUsPerRequest));
    const spread = (k) => runs[k].map((r) => fmt(r.rps)).join('/');
    rows.push({ label: 'server: GET /employers/{id}, req/s (median of 3, interleaved)', value: `${fmt(rps('doc'))} (${spread('doc')})`, baseline: `bare node:http ${fmt(rps('bare'))} (${spread('bare')})`, ratio: rps('doc') / rps('bare'), target: { atLeast: 0.75 } });
    rows.push({ label: 'server: GET collection page (20 items), req/s', value: `${fmt(rps('page'))} (${spread('page')})`, baseline: `bare node:http ${fmt(rps('bare'))}`, ratio: rps('page') / rps('bare'), target: { atLeast: 0.75 } });
    rows.push({ label: 'server CPU per request: GET /employers/{id}, µs', value: fmt(cpu('doc')), baseline: `bare node:http ${fmt(cpu('bare'))} µs`, ratio: cpu('doc') / cpu('bare') });
    rows.push({ label: 'server CPU per request: collection page, µs', value: fmt(cpu('page')), baseline: `bare node:http ${fmt(cpu('bare'))} µs`, ratio: cpu('page') / cpu('bare') });
    return reference;
  } finally {
    await bare.stop();
    await reference.stop();
  }
}

/** The paths whose cost must stay flat, found on the server itself (middle and end of each collection). */
async function pagePaths(server, size) {
  const middle = Math.max(1, Math.floor(size / 20 / 2));
  const last = Math.max(1, Math.ceil(size / 20));
  const keyAt = async (page) => (await json(`${server.url}/companies?page=${page}&pageSize=1`)).items[0].enterpriseNumber;
  return {
    'offset page, middle': `/employers?page=${middle}&pageSize=20`,
    'offset page, last': `/employers?page=${last}&pageSize=20`,
    'cursor page, middle': `/companies?afterCompany=${await keyAt(Math.floor(size / 2))}&pageSize=20`,
    'cursor page, near the end': `/companies?afterCompany=${await keyAt(size - 21)}&pageSize=20`,
    'sort=name page, middle (cached sort)': `/employers?sort=name&page=${middle}&pageSize=20`,
  };
}

/** Page latency at growing sizes, all servers up at once and measured in alternation, ROUNDS times. */
async function scaling(rows, defaultStart) {
  const sizes = [1_000, 100_000, 1_000_000];
  const servers = [];
  try {
    for (const size of sizes) servers.push(await startChild(`${here}lib/reference-server.mjs`, [String(size), String(size)]));
    const paths = await Promise.all(servers.map((s, i) => pagePaths(s, sizes[i])));
    // The first sort=name request sorts and caches: time it once per size, apart from the steady state.
    const firstSort = [];
    for (const [i, s] of servers.entries()) {
      const started = performance.now();
      await json(`${s.url}${paths[i]['sort=name page, middle (cached sort)']}`);
      firstSort.push(performance.now() - started);
    }
    const samples = servers.map(() => ({}));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, s] of servers.entries()) {
        for (const [name, path] of Object.entries(paths[i])) (samples[i][name] ??= []).push(await latency(s.url, path));
      }
    }
    const ms = samples.map((bySize) => Object.fromEntries(Object.entries(bySize).map(([name, values]) => [name, median(values)])));
    for (const name of Object.keys(ms[0])) {
      for (const [i, size] of sizes.entries()) {
        const flat = !name.startsWith('sort=name');
        rows.push({
          label: `server: ${name} at ${fmt(size)} items, ms`, value: fmt(ms[i][name], 3), baseline: `at 1,000 items: ${fmt(ms[0][name], 3)}`,
          ratio: ms[i][name] / ms[0][name], ...(flat ? { target: { atMost: 1.5, note: 'flat' } } : {}),
        });
      }
    }
    for (const [i, size] of sizes.entries()) {
      rows.push({ label: `server: first sort=name request at ${fmt(size)} items (sorts, then cached until a write), ms`, value: fmt(firstSort[i], 1), baseline: `at 1,000 items: ${fmt(firstSort[0], 1)}`, ratio: firstSort[i] / firstSort[0] });
    }
    for (const [i, size] of sizes.entries()) {
      const s = servers[i];
      rows.push({ label: `server: seed ${fmt(size)} employers + ${fmt(size)} companies and listen, ms`, value: fmt(s.startMs), baseline: `default seed ${fmt(defaultStart.startMs)} ms (+ ${fmt(s.compileMs)} ms compiling the document, apart)`, ratio: s.startMs / defaultStart.startMs });
      rows.push({ label: `server: RSS after seeding ${fmt(size)} + ${fmt(size)}, MB`, value: fmt(s.rssMB), baseline: `default seed ${fmt(defaultStart.rssMB)} MB`, ratio: s.rssMB / defaultStart.rssMB });
    }
  } finally {
    for (const s of servers) await s.stop();
  }
}

export async function benchServer({ seconds = 2 } = {}) {
  const rows = [];
  const reference = await throughput(seconds, rows);
  await scaling(rows, reference);
  return rows;
}
