// Small measuring tools shared by the benchmarks: child servers, a bounded load loop, timings.
// The machine is shared and noisy: callers interleave what they compare and take medians.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Pool } from 'undici';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Starts `node <script> ...args`; resolves once it prints its JSON start line ({ url, ... }).
 * `stats()` asks the child (over IPC) for its CPU time and RSS, so server cost per request can be
 * measured in the server itself, apart from the load generator sharing the machine.
 */
export async function startChild(script, args = [], { timeoutMs = 120_000, nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, ['--expose-gc', ...nodeArgs, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let buffer = '';
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line && buffer.includes('\n')) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}`));
    });
  });
  return {
    ...info,
    pid: child.pid,
    /** { cpuMs, rssMB } of the child right now. */
    stats: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('stats');
      }),
    /** The same after a full GC in the child: what it retains, not garbage not yet collected. */
    retained: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('stats-gc');
      }),
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** What a child server answers to `stats` (shared by the child scripts). */
export function answerStats() {
  process.on('message', (message) => {
    if (message !== 'stats' && message !== 'stats-gc') return;
    if (message === 'stats-gc') globalThis.gc?.();
    const { user, system } = process.cpuUsage();
    const memory = process.memoryUsage();
    process.send({
      cpuMs: (user + system) / 1000,
      rssMB: memory.rss / 1024 / 1024,
      heapMB: memory.heapUsed / 1024 / 1024,
      externalMB: memory.external / 1024 / 1024,
    });
  });
}

/**
 * Sends GET requests for `paths` (round robin) to `server` with `connections` in flight for
 * `seconds`, bounded by time and by maxRequests. Returns requests per second and, from the
 * server's own CPU clock, its CPU µs per request. A non-200 answer fails the measurement.
 */
export async function loadTest(
  server,
  paths,
  { connections = 16, seconds = 2, warmupSeconds = 0.5, maxRequests = 1_000_000 } = {},
) {
  const { origin, pathname } = new URL(server.url);
  const base = pathname.replace(/\/$/, '');
  const pool = new Pool(origin, { connections, pipelining: 1 });
  let count = 0;
  let failed = '';
  const run = async (until, counting) => {
    let i = 0;
    const worker = async () => {
      while (Date.now() < until && count < maxRequests && !failed) {
        const path = paths[i++ % paths.length];
        const { statusCode, body } = await pool.request({ path: base + path, method: 'GET' });
        await body.dump();
        if (statusCode !== 200) failed = `GET ${path} answered ${statusCode}`;
        else if (counting) count++;
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
  };
  try {
    await run(Date.now() + warmupSeconds * 1000, false);
    const before = await server.stats();
    const started = performance.now();
    await run(Date.now() + seconds * 1000, true);
    const elapsed = (performance.now() - started) / 1000;
    const after = await server.stats();
    if (failed) throw new Error(failed);
    return { rps: count / elapsed, cpuUsPerRequest: ((after.cpuMs - before.cpuMs) * 1000) / count };
  } finally {
    await pool.close();
  }
}

/** Median latency in ms of `n` sequential GETs of `path` on one keep-alive connection, after `warmup`. */
export async function latency(url, path, { n = 100, warmup = 10 } = {}) {
  const { origin, pathname } = new URL(url);
  const base = pathname.replace(/\/$/, '');
  const pool = new Pool(origin, { connections: 1 });
  const one = async () => {
    const started = performance.now();
    const { statusCode, body } = await pool.request({ path: base + path, method: 'GET' });
    await body.dump();
    if (statusCode !== 200) throw new Error(`GET ${path} answered ${statusCode}`);
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < warmup; i++) await one();
    const times = [];
    for (let i = 0; i < n; i++) times.push(await one());
    return median(times);
  } finally {
    await pool.close();
  }
}

/** Wall time in ms of one `node args...`; resolves with its exit code and stdout. */
export async function timeRun(args, options = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    err += c;
  });
  const [code] = await once(child, 'exit');
  return { ms: performance.now() - started, code, output: out, stderr: err };
}

/**
 * Runs each of several commands `runs` times, interleaved (a, b, a, b, ...), so background load
 * hits them alike; returns per command the median ms and the last run's result. `accept(result)`
 * must return true, or the measurement fails with the command's stderr (a crash is not fast).
 */
export async function interleavedRuns(commands, runs) {
  const times = commands.map(() => []);
  const last = [];
  for (let round = 0; round < runs; round++) {
    for (const [i, { args, accept, options }] of commands.entries()) {
      const result = await timeRun(args, options);
      if (accept && !accept(result)) {
        throw new Error(
          `node ${args.join(' ')} exited ${result.code}: ${result.stderr.slice(0, 500) || result.output.slice(0, 500)}`,
        );
      }
      times[i].push(result.ms);
      last[i] = result;
    }
  }
  return commands.map((_, i) => ({ ms: median(times[i]), all: times[i], result: last[i] }));
}

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
