// Server throughput next to a bare node:http server, and page cost as the collection grows.
import { fmt, latency, loadTest, startChild } from './lib/measure.mjs';

const here = new URL('.', import.meta.url).pathname;

async function firstIds(url, n) {
  const page = await (await fetch(`${url}/employers?pageSize=${n}`)).json();
  return page.items.map((item) => new URL(item.href).pathname.split('/').pop());
}

export async function benchServer({ seconds = 3 } = {}) {
  const rows = [];
  const bare = await startChild(`${here}lib/bare-server.mjs`);
  const reference = await startChild(`${here}lib/reference-server.mjs`);
  try {
    const ids = await firstIds(reference.url, 20);
    const documents = ids.map((id) => `/employers/${id}`);
    const bareDoc = await loadTest(bare.url, ['/employers/93'], { seconds });
    const refDoc = await loadTest(reference.url, documents, { seconds });
    const refPage = await loadTest(reference.url, ['/employers?pageSize=20', '/employers?page=2&pageSize=20'], { seconds });
    rows.push({ label: 'server: GET document, req/s', value: fmt(refDoc.rps), baseline: `bare node:http ${fmt(bareDoc.rps)}`, ratio: refDoc.rps / bareDoc.rps, target: { atLeast: 0.75 } });
    rows.push({ label: 'server: GET collection page, req/s', value: fmt(refPage.rps), baseline: `bare node:http ${fmt(bareDoc.rps)}`, ratio: refPage.rps / bareDoc.rps, target: { atLeast: 0.75 } });
  } finally {
    await bare.stop();
    await reference.stop();
  }

  // Page latency at growing sizes: the cost of one page must stay flat (no O(n) per request).
  const sizes = [1_000, 100_000, 1_000_000];
  const measured = [];
  for (const size of sizes) {
    const server = await startChild(`${here}lib/reference-server.mjs`, [String(size), String(size)]);
    try {
      const middlePage = Math.floor(size / 20 / 2);
      const offset = await latency(server.url, `/employers?page=${middlePage}&pageSize=20`);
      const first = await (await fetch(`${server.url}/companies?pageSize=20`)).json();
      const cursorPath = new URL(first.next).pathname.replace(/^.*\/companies/, '/companies') + new URL(first.next).search;
      const cursor = await latency(server.url, cursorPath);
      measured.push({ size, offset, cursor });
    } finally {
      await server.stop();
    }
  }
  const base = measured[0];
  for (const m of measured) {
    rows.push({ label: `server: offset page at ${fmt(m.size)} items, ms`, value: fmt(m.offset, 3), baseline: `at 1,000 items: ${fmt(base.offset, 3)}`, ratio: m.offset / base.offset, target: { atMost: 2, note: 'flat' } });
    rows.push({ label: `server: cursor page at ${fmt(m.size)} items, ms`, value: fmt(m.cursor, 3), baseline: `at 1,000 items: ${fmt(base.cursor, 3)}`, ratio: m.cursor / base.cursor, target: { atMost: 2, note: 'flat' } });
  }
  return rows;
}
