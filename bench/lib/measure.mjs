// Small measuring tools shared by the benchmarks: child servers, a bounded load loop, timings.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Pool } from 'undici';

/** Starts `node <script> ...args` and resolves with the URL it prints on its first stdout line. */
export async function startChild(script, args = []) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 120 s`)), 120_000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const match = buffer.match(/(http:\/\/\S+)/);
      if (match) { clearTimeout(timer); resolve(match[1]); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${script} exited with ${code}`)); });
  });
  return {
    url,
    async stop() { child.kill('SIGTERM'); await once(child, 'exit'); },
  };
}

/**
 * Sends GET requests to `path` on `url` with `connections` in flight for `seconds`
 * (bounded by time and by maxRequests) and returns requests per second.
 */
export async function loadTest(url, paths, { connections = 32, seconds = 3, warmupSeconds = 0.5, maxRequests = 2_000_000 } = {}) {
  const origin = new URL(url).origin;
  const base = new URL(url).pathname.replace(/\/$/, '');
  const pool = new Pool(origin, { connections, pipelining: 1 });
  let count = 0;
  let errors = 0;
  const run = async (until, counting) => {
    let i = 0;
    const worker = async () => {
      while (Date.now() < until && count < maxRequests) {
        const path = paths[i++ % paths.length];
        const { statusCode, body } = await pool.request({ path: base + path, method: 'GET' });
        await body.dump();
        if (counting) statusCode === 200 ? count++ : errors++;
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
  };
  await run(Date.now() + warmupSeconds * 1000, false);
  const started = performance.now();
  await run(Date.now() + seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { rps: count / elapsed, errors };
}

/** Mean latency in ms of `n` sequential GETs of `path` (after 5 warm-up requests). */
export async function latency(url, path, n = 50) {
  const origin = new URL(url).origin;
  const base = new URL(url).pathname.replace(/\/$/, '');
  const pool = new Pool(origin, { connections: 1 });
  const once = async () => {
    const { statusCode, body } = await pool.request({ path: base + path, method: 'GET' });
    await body.dump();
    if (statusCode !== 200) throw new Error(`GET ${path} answered ${statusCode}`);
  };
  for (let i = 0; i < 5; i++) await once();
  const started = performance.now();
  for (let i = 0; i < n; i++) await once();
  const ms = (performance.now() - started) / n;
  await pool.close();
  return ms;
}

/** Median wall time in ms of running `node args...` `runs` times. */
export async function medianRun(args, runs = 7, options = {}) {
  const times = [];
  let lastOutput = '';
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    child.stdout.on('data', (c) => { out += c; });
    child.stderr.on('data', () => {});
    const [code] = await once(child, 'exit');
    times.push(performance.now() - started);
    lastOutput = out;
    if (options.expectExit !== undefined && code !== options.expectExit) {
      throw new Error(`node ${args.join(' ')} exited ${code}`);
    }
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], output: lastOutput };
}

export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
