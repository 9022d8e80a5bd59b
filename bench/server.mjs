// Server throughput next to a bare node:http server, and page cost as the collection grows.
import { fmt, latency, loadTest, median, startChild } from './lib/measure.mjs';
import { recordResponses, startBare } from './lib/replay.mjs';

const here = new URL('.', import.meta.url).pathname;
const ROUNDS = 3;
// Throughput is the noisiest figure on a shared machine: more rounds, each a reference/bare pair.
const THROUGHPUT_ROUNDS = 5;

async function json(url) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

/**
 * Document and page throughput of the reference server and of a bare node:http server replaying the
 * reference's own answers to the same paths (same status, body and headers), measured in alternation,
 * THROUGHPUT_ROUNDS times: the ratio is then what our per-request work costs, not what the bytes cost.
 */
async function throughput(seconds, rows) {
  const reference = await startChild(`${here}lib/reference-server.mjs`);
  let bare;
  try {
    const page = await json(`${reference.url}/employers?pageSize=20`);
    const loads = {
      doc: page.items.map((item) => `/employers/${item.employerId}`),
      page: ['/employers?pageSize=20', '/employers?page=2&pageSize=20'],
    };
    const recorded = await recordResponses(reference, [...loads.doc, ...loads.page]);
    bare = await startBare(recorded);
    const bytes = (paths) =>
      fmt(median(recorded.responses.filter((r) => paths.includes(r.path)).map((r) => Buffer.byteLength(r.body))));
    const runs = { bareDoc: [], doc: [], barePage: [], page: [] };
    // Each round measures each server right after the other (the order flips every round), so a
    // change in background load hits both; the ratio is the median of the rounds' own ratios.
    const pair = async (bareKey, key, paths, flip) => {
      const one = async (k) => runs[k].push(await loadTest(k === key ? reference : bare, paths, { seconds }));
      for (const k of flip ? [key, bareKey] : [bareKey, key]) await one(k);
    };
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      await pair('bareDoc', 'doc', loads.doc, round % 2 === 1);
      await pair('barePage', 'page', loads.page, round % 2 === 1);
    }
    const rps = (k) => median(runs[k].map((r) => r.rps));
    const cpu = (k) => median(runs[k].map((r) => r.cpuUsPerRequest));
    const ratios = (ours, theirs, pick, invert) =>
      runs[ours].map((r, i) => (invert ? pick(runs[theirs][i]) / pick(r) : pick(r) / pick(runs[theirs][i])));
    const rpsRatios = (ours, theirs) => ratios(ours, theirs, (r) => r.rps, false);
    const cpuRatios = (ours, theirs) => ratios(ours, theirs, (r) => r.cpuUsPerRequest, true);
    const list = (values, digits = 0) => values.map((v) => fmt(v, digits)).join('/');
    const bareNote = 'bare node:http (default Node flags) replaying the same answers';
    const how = `median of ${THROUGHPUT_ROUNDS} paired rounds; per-round ratios`;
    rows.push({
      label: `server: GET /employers/{id} (${bytes(loads.doc)} B body), req/s (${how} in value)`,
      value: `${fmt(rps('doc'))} (${list(runs.doc.map((r) => r.rps))}; ratios ${list(rpsRatios('doc', 'bareDoc'), 2)})`,
      baseline: `${bareNote} ${fmt(rps('bareDoc'))} (${list(runs.bareDoc.map((r) => r.rps))})`,
      ratio: median(rpsRatios('doc', 'bareDoc')),
      target: { atLeast: 0.75 },
    });
    rows.push({
      label: `server: GET collection page (20 items, ${bytes(loads.page)} B body), req/s`,
      value: `${fmt(rps('page'))} (${list(runs.page.map((r) => r.rps))}; ratios ${list(rpsRatios('page', 'barePage'), 2)})`,
      baseline: `${bareNote} ${fmt(rps('barePage'))} (${list(runs.barePage.map((r) => r.rps))})`,
      ratio: median(rpsRatios('page', 'barePage')),
      target: { atLeast: 0.75 },
    });
    // CPU per request is the server's own clock (over IPC): the steadier figure on a loaded machine. Ratio = bare ÷ ours.
    rows.push({
      label: 'server CPU per request: GET /employers/{id}, µs (ratio = bare ÷ ours)',
      value: `${fmt(cpu('doc'), 1)} (ratios ${list(cpuRatios('doc', 'bareDoc'), 2)})`,
      baseline: `${bareNote} ${fmt(cpu('bareDoc'), 1)} µs`,
      ratio: median(cpuRatios('doc', 'bareDoc')),
      target: { atLeast: 0.75 },
    });
    rows.push({
      label: 'server CPU per request: collection page, µs (ratio = bare ÷ ours)',
      value: `${fmt(cpu('page'), 1)} (ratios ${list(cpuRatios('page', 'barePage'), 2)})`,
      baseline: `${bareNote} ${fmt(cpu('barePage'), 1)} µs`,
      ratio: median(cpuRatios('page', 'barePage')),
      target: { atLeast: 0.75 },
    });
    return reference;
  } finally {
    await bare?.stop();
    await reference.stop();
  }
}

/** The paths whose cost must stay flat, found on the server itself (middle and end of each collection). */
async function pagePaths(server, size) {
  const middle = Math.max(1, Math.floor(size / 20 / 2));
  const last = Math.max(1, Math.ceil(size / 20));
  const keyAt = async (page) =>
    (await json(`${server.url}/companies?page=${page}&pageSize=1`)).items[0].enterpriseNumber;
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
    for (const size of sizes)
      servers.push(await startChild(`${here}lib/reference-server.mjs`, [String(size), String(size)]));
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
    const ms = samples.map((bySize) =>
      Object.fromEntries(Object.entries(bySize).map(([name, values]) => [name, median(values)])),
    );
    for (const name of Object.keys(ms[0])) {
      for (const [i, size] of sizes.entries()) {
        const flat = !name.startsWith('sort=name');
        rows.push({
          label: `server: ${name} at ${fmt(size)} items, ms`,
          value: fmt(ms[i][name], 3),
          baseline: `at 1,000 items: ${fmt(ms[0][name], 3)}`,
          ratio: ms[i][name] / ms[0][name],
          ...(flat ? { target: { atMost: 1.5, note: 'flat' } } : {}),
        });
      }
    }
    for (const [i, size] of sizes.entries()) {
      rows.push({
        label: `server: first sort=name request at ${fmt(size)} items (sorts, then cached until a write), ms`,
        value: fmt(firstSort[i], 1),
        baseline: `at 1,000 items: ${fmt(firstSort[0], 1)}`,
        ratio: firstSort[i] / firstSort[0],
      });
    }
    for (const [i, size] of sizes.entries()) {
      const s = servers[i];
      rows.push({
        label: `server: seed ${fmt(size)} employers + ${fmt(size)} companies and listen, ms`,
        value: fmt(s.startMs),
        baseline: `default seed ${fmt(defaultStart.startMs)} ms (+ ${fmt(s.compileMs)} ms compiling the document, apart)`,
        ratio: s.startMs / defaultStart.startMs,
      });
      rows.push({
        label: `server: RSS after seeding ${fmt(size)} + ${fmt(size)}, MB`,
        value: fmt(s.rssMB),
        baseline: `default seed ${fmt(defaultStart.rssMB)} MB`,
        ratio: s.rssMB / defaultStart.rssMB,
      });
    }
  } finally {
    for (const s of servers) await s.stop();
  }
}

export async function benchServer({ seconds = 2, scale = true } = {}) {
  const rows = [];
  const reference = await throughput(seconds, rows);
  if (scale) await scaling(rows, reference);
  return rows;
}
