// `restguide proxy` in front of the reference server, on loopback: requests per second through the proxy
// against direct, the p99 latency it adds at 50 concurrent clients, answers compared byte for byte on a
// sample, and the proxy's own report of the load (0 findings, how many exchanges it dropped from judging).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { fmt, median, startChild } from './lib/measure.mjs';

const root = new URL('..', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;
const CLIENTS = 50;
const SECONDS = Number(process.env.PROXY_SECONDS ?? 4);
const ROUNDS = 3;
const PATHS = [
  '/employers?pageSize=5',
  '/employers?pageSize=10&page=2',
  '/companies?pageSize=5',
  '/employers/93017373',
  '/employers?pageSize=3&sort=name',
  '/health',
  '/employers?bankrupt=false&pageSize=5',
];

/** GETs for `seconds` with CLIENTS in flight; returns requests per second and every latency in ms. */
async function load(url) {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: CLIENTS, pipelining: 1 });
  const latencies = [];
  let i = 0;
  const until = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const { body } = await pool.request({ path: pathname + PATHS[i++ % PATHS.length], method: 'GET' });
      await body.dump();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { rps: latencies.length / elapsed, latencies };
}

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)];

async function text(url) {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin);
  const { statusCode, headers, body } = await pool.request({ path: pathname + search, method: 'GET' });
  const bytes = (await body.text()).replace(/urn:uuid:[0-9a-f-]{36}/g, 'urn:uuid:*');
  await pool.close();
  const { date: _d, 'belgov-trace-id': _t, connection: _c, 'keep-alive': _k, ...kept } = headers;
  return JSON.stringify([statusCode, kept, bytes]);
}

export async function benchProxy() {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-bench-proxy-'));
  const server = await startChild(`${here}lib/reference-server.mjs`);
  const child = spawn(
    process.execPath,
    [join(root, 'bin/restguide.js'), 'proxy', server.url, '--port', '0', '-f', 'json', '-o', join(dir, 'report.json')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  try {
    let out = '';
    const proxyUrl = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the proxy did not start: ${err}`)), 30_000);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const found = /listening on (http:\/\/\S+?),/.exec(out)?.[1];
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
    });
    // Answers compared before the load: every sample path, through the proxy and direct.
    let changed = 0;
    for (let n = 0; n < 5; n++)
      for (const path of PATHS)
        if ((await text(`${proxyUrl}${path}`)) !== (await text(`${server.url}${path}`))) changed++;
    await load(server.url); // warm-up of both
    await load(proxyUrl);
    const direct = [];
    const proxied = [];
    for (let round = 0; round < ROUNDS; round++) {
      direct.push(await load(server.url));
      proxied.push(await load(proxyUrl));
    }
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    const forwarded = /forwarded (\d+) exchanges, dropped (\d+)/.exec(err);
    const directRps = median(direct.map((r) => r.rps));
    const proxyRps = median(proxied.map((r) => r.rps));
    const directP99 = median(direct.map((r) => p99(r.latencies)));
    const proxyP99 = median(proxied.map((r) => p99(r.latencies)));
    const judged = `${report.summary.failed} failed checks, ${report.summary.passed} passed; exit ${code}; ${forwarded ? `${fmt(Number(forwarded[1]))} forwarded, ${fmt(Number(forwarded[2]))} dropped from judging` : err.slice(-200)}`;
    return [
      {
        label: `proxy: requests/s at ${CLIENTS} clients (${judged})`,
        value: fmt(proxyRps),
        baseline: `${fmt(directRps)} direct`,
        ratio: proxyRps / directRps,
        target: { atLeast: 0.8 },
      },
      {
        label: `proxy: p99 latency at ${CLIENTS} clients (added ${fmt(proxyP99 - directP99, 1)} ms)`,
        value: `${fmt(proxyP99, 1)} ms`,
        baseline: `${fmt(directP99, 1)} ms direct`,
        ratio: proxyP99 / directP99,
      },
      {
        label: `proxy: answers changed, of ${5 * PATHS.length} compared byte for byte`,
        value: String(changed),
        baseline: '0',
        ratio: changed === 0 ? 1 : 0,
        target: { atLeast: 1, note: 'none changed' },
      },
    ];
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
