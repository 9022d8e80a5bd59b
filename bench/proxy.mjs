// `restguide proxy` in front of the reference server, on loopback: requests per second through the proxy
// against direct, the p99 latency it adds at 50 concurrent clients, answers compared byte for byte on a
// sample, and the proxy's own report of the load (0 findings, how many exchanges it dropped from judging).
// Measured in the same run, to show what is physically possible on this machine: a minimal HTTP proxy
// (node:http + undici, nothing judged) and a TCP pipe (no HTTP parsed), and the CPU each proxy process
// spends per request; then the same against an upstream that waits 10 ms per request as real APIs do.
// Prism's validating proxy (`prism proxy`, the tool teams otherwise reach for) runs in the same rounds; it
// comes from the npm registry through npx (`PRISM_VERSION`, default 5.16.0; `PRISM=0` leaves it out).
// Targets: ≥ 5 × Prism and ≥ 0.9 × the minimal proxy in requests/s. Against direct, no target: the load
// generator, the upstream and the proxy share this machine's cores (docs/performance.md).
// `PROXY_SECONDS` per round (default 4), `PROXY_DELAYED=0` skips the delayed upstream; `PROXY_OTHER_BIN=<path
// to another build's bin/restguide.js>` measures that build too, in the same rounds (before/after a change).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { fmt, median, startChild } from './lib/measure.mjs';

const root = new URL('..', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;
const CLIENTS = 50;
const SECONDS = Number(process.env.PROXY_SECONDS ?? 4);
const ROUNDS = 3;
const DELAY_MS = 10;
const PATHS = [
  '/employers?pageSize=5',
  '/employers?pageSize=10&page=2',
  '/companies?pageSize=5',
  '/employers/93017373',
  '/employers?pageSize=3&sort=name',
  '/health',
  '/employers?bankrupt=false&pageSize=5',
];

/** CPU ms (user + system, every thread) of process `pid` so far, from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** GETs for `seconds` with CLIENTS in flight; requests per second, every latency in ms, CPU µs of `pid` per request. */
async function load(url, pid) {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: CLIENTS, pipelining: 1 });
  const latencies = [];
  let i = 0;
  let failed = '';
  const until = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < until && !failed) {
      const started = performance.now();
      const path = PATHS[i++ % PATHS.length];
      const { statusCode, body } = await pool.request({ path: pathname + path, method: 'GET' });
      await body.dump();
      if (statusCode >= 500) failed = `GET ${url}${path} answered ${statusCode}`;
      latencies.push(performance.now() - started);
    }
  };
  const cpuBefore = pid ? cpuMs(pid) : NaN;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / latencies.length;
  await pool.close();
  if (failed) throw new Error(failed);
  return { rps: latencies.length / elapsed, latencies, cpuUs };
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

/** `restguide proxy` (the built CLI) in front of `upstream`, its report written to `report` on SIGTERM. */
async function startRestguide(upstream, report, bin = join(root, 'bin/restguide.js')) {
  const child = spawn(
    process.execPath,
    [
      // PROXY_PROF_DIR: a CPU profile of the proxy's threads (read them with bench/lib/read-profile.mjs).
      ...(process.env.PROXY_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROXY_PROF_DIR}`] : []),
      bin,
      'proxy',
      upstream,
      '--port',
      '0',
      '-f',
      'json',
      '-o',
      report,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  let out = '';
  const url = await new Promise((resolve, reject) => {
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
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      return { code, err, report: JSON.parse(readFileSync(report, 'utf8')) };
    },
    kill: () => child.exitCode === null && child.kill('SIGKILL'),
  };
}

const PRISM_VERSION = process.env.PRISM_VERSION ?? '5.16.0';

/** A port free on loopback right now, for a tool that wants one named. */
async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Prism's validating proxy in front of `server`, validating against the reference server's own document.
 * Prism forwards its paths below the upstream URL, so its url has no base path. Logs at warn: violations only.
 */
async function startPrism(server, dir) {
  const { buildOpenApiDocument } = await import('../dist/src/reference-server/openapi/document.js');
  const document = join(dir, 'prism-openapi.json');
  writeFileSync(document, JSON.stringify(buildOpenApiDocument()));
  const port = await freePort();
  const child = spawn(
    'npx',
    [
      '-y',
      `@stoplight/prism-cli@${PRISM_VERSION}`,
      'proxy',
      document,
      server.url,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-v',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL'); // npx, its shell and node: the whole group
    } catch {
      /* gone */
    }
  };
  const url = `http://127.0.0.1:${port}`;
  // Prism prints nothing at warn when it starts: ask until it answers (bounded: first use downloads it).
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`prism exited ${child.exitCode}: ${err.slice(-300)}`);
    const answered = await text(`${url}/health`).then(
      () => true,
      () => false,
    );
    if (answered) return { url, pid: child.pid, stop, prism: true };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`prism did not answer in 150 s: ${err.slice(-300)}`);
}

/** The minimal proxy (`http` or `tcp`) in front of `server`; its url carries the server's base path. */
async function startMinimal(mode, server) {
  const { origin, pathname } = new URL(server.url);
  const child = await startChild(`${here}lib/minimal-proxy.mjs`, [mode, origin]);
  return { ...child, url: child.url + pathname };
}

/** Loads each target in turn, ROUNDS times interleaved; per target the median rps, p99 and proxy CPU µs/request. */
async function measure(targets) {
  for (const target of targets) await load(target.url, target.pid); // warm-up
  const runs = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, target] of targets.entries()) runs[i].push(await load(target.url, target.pid));
  return runs.map((r) => ({
    rps: median(r.map((x) => x.rps)),
    p99: median(r.map((x) => p99(x.latencies))),
    cpuUs: median(r.map((x) => x.cpuUs)),
  }));
}

export async function benchProxy() {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-bench-proxy-'));
  const started = [];
  try {
    const server = await startChild(`${here}lib/reference-server.mjs`);
    started.push(server);
    const restguide = await startRestguide(server.url, join(dir, 'report.json'));
    started.push({ stop: async () => restguide.kill() });
    const minimal = await startMinimal('http', server);
    started.push(minimal);
    const tcp = await startMinimal('tcp', server);
    started.push(tcp);
    // Answers compared before the load: every sample path, through the proxy and direct.
    let changed = 0;
    for (let n = 0; n < 5; n++)
      for (const path of PATHS)
        if ((await text(`${restguide.url}${path}`)) !== (await text(`${server.url}${path}`))) changed++;
    const otherBin = process.env.PROXY_OTHER_BIN;
    const other = otherBin ? await startRestguide(server.url, join(dir, 'other.json'), otherBin) : undefined;
    if (other) started.push({ stop: async () => other.kill() });
    const prism = process.env.PRISM === '0' ? undefined : await startPrism(server, dir);
    if (prism) started.push(prism);
    const [direct, proxied, bare, piped, ...extra] = await measure([
      { url: server.url },
      restguide,
      minimal,
      tcp,
      ...(prism ? [{ url: prism.url }] : []),
      ...(other ? [other] : []),
    ]);
    const validating = prism ? extra.shift() : undefined;
    const another = extra.shift();
    if (prism) await prism.stop();
    const { code, err, report } = await restguide.stop();
    const forwarded = /forwarded (\d+) exchanges, dropped (\d+)/.exec(err);
    const judged = `${report.summary.failed} failed checks, ${report.summary.passed} passed; exit ${code}; ${forwarded ? `${fmt(Number(forwarded[1]))} forwarded, ${fmt(Number(forwarded[2]))} dropped from judging` : err.slice(-200)}`;
    const rows = [
      {
        label: `proxy: requests/s at ${CLIENTS} clients (${judged})`,
        value: fmt(proxied.rps),
        baseline: `${fmt(direct.rps)} direct`,
        ratio: proxied.rps / direct.rps,
      },
      {
        label: `proxy: p99 latency at ${CLIENTS} clients (added ${fmt(proxied.p99 - direct.p99, 1)} ms; target ≤ 5 ms added)`,
        value: `${fmt(proxied.p99, 1)} ms`,
        baseline: `${fmt(direct.p99, 1)} ms direct`,
        ratio: proxied.p99 / direct.p99,
      },
      {
        label: `proxy: answers changed, of ${5 * PATHS.length} compared byte for byte`,
        value: String(changed),
        baseline: '0',
        ratio: changed === 0 ? 1 : 0,
        target: { atLeast: 1, note: 'none changed' },
      },
      {
        label: `proxy: minimal HTTP proxy (node:http + undici, no judging), requests/s (p99 ${fmt(bare.p99, 1)} ms)`,
        value: fmt(bare.rps),
        baseline: `${fmt(direct.rps)} direct`,
        ratio: bare.rps / direct.rps,
      },
      {
        label: `proxy: TCP pipe (no HTTP parsed), requests/s (p99 ${fmt(piped.p99, 1)} ms)`,
        value: fmt(piped.rps),
        baseline: `${fmt(direct.rps)} direct`,
        ratio: piped.rps / direct.rps,
      },
      {
        label: 'proxy: restguide against the minimal HTTP proxy, requests/s',
        value: fmt(proxied.rps),
        baseline: `${fmt(bare.rps)} minimal`,
        ratio: proxied.rps / bare.rps,
        target: { atLeast: 0.9 },
      },
      ...(validating
        ? [
            {
              label: `proxy: restguide against Prism ${PRISM_VERSION}'s validating proxy, requests/s (Prism's p99 ${fmt(validating.p99, 1)} ms)`,
              value: fmt(proxied.rps),
              baseline: `${fmt(validating.rps)} Prism`,
              ratio: proxied.rps / validating.rps,
              target: { atLeast: 5 },
            },
          ]
        : []),
      {
        label: 'proxy: CPU per request in the proxy process (restguide: forwarding and judging threads)',
        value: `${fmt(proxied.cpuUs)} µs`,
        baseline: `${fmt(bare.cpuUs)} µs minimal, ${fmt(piped.cpuUs)} µs TCP pipe`,
        ratio: proxied.cpuUs / bare.cpuUs,
      },
    ];
    if (other) {
      const { err: otherErr, report: otherReport } = await other.stop();
      const counted = /forwarded (\d+) exchanges, dropped (\d+)/.exec(otherErr);
      rows.push({
        label: `proxy: the build at ${otherBin} (${otherReport.summary.failed} failed checks; ${counted ? `${fmt(Number(counted[1]))} forwarded, ${fmt(Number(counted[2]))} dropped` : ''}; p99 ${fmt(another.p99, 1)} ms, ${fmt(another.cpuUs)} µs CPU per request)`,
        value: fmt(another.rps),
        baseline: `${fmt(direct.rps)} direct`,
        ratio: another.rps / direct.rps,
      });
    }
    await server.stop();
    started.length = 0;
    await minimal.stop();
    await tcp.stop();
    if (process.env.PROXY_DELAYED !== '0') rows.push(...(await delayed(dir, started)));
    return rows;
  } finally {
    for (const child of started) await child.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same against the reference server answering DELAY_MS later: the ratio when the upstream does real work. */
async function delayed(dir, started) {
  process.env.DELAY_MS = String(DELAY_MS);
  const server = await startChild(`${here}lib/delayed-reference-server.mjs`);
  started.push(server);
  const restguide = await startRestguide(server.url, join(dir, 'delayed.json'));
  started.push({ stop: async () => restguide.kill() });
  const minimal = await startMinimal('http', server);
  started.push(minimal);
  const [direct, proxied, bare] = await measure([{ url: server.url }, restguide, minimal]);
  const { err, report } = await restguide.stop();
  const counted = /forwarded (\d+) exchanges, dropped (\d+)/.exec(err);
  const judged = `${report.summary.failed} failed checks${counted ? `, ${fmt(Number(counted[2]))} of ${fmt(Number(counted[1]))} dropped from judging` : ''}`;
  return [
    {
      label: `proxy, upstream answering ${DELAY_MS} ms later: requests/s (${judged}; minimal proxy ${fmt(bare.rps)})`,
      value: fmt(proxied.rps),
      baseline: `${fmt(direct.rps)} direct`,
      ratio: proxied.rps / direct.rps,
    },
    {
      label: `proxy, upstream answering ${DELAY_MS} ms later: p99 (added ${fmt(proxied.p99 - direct.p99, 1)} ms; minimal proxy ${fmt(bare.p99, 1)} ms)`,
      value: `${fmt(proxied.p99, 1)} ms`,
      baseline: `${fmt(direct.p99, 1)} ms direct`,
      ratio: proxied.p99 / direct.p99,
    },
  ];
}
