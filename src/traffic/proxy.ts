// `restguide proxy`: forwards every request to the upstream unchanged (bodies streamed both ways) and hands a
// copy of each exchange, bodies up to a cap, to a worker thread that judges it; when the worker falls behind,
// exchanges are dropped and counted, never queued without bound, and the answer is never held back.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import type { CheckReport, CheckResult } from '../core/types.js';
import type { TrafficCounts } from './judge.js';
import type { FromJudge, JudgeSetup, ToJudge } from './proxy-messages.js';

/** Hop-by-hop headers (RFC 9110 §7.6.1) are the connection's, not the exchange's: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);
const BODY_CAP = 1024 * 1024;
/** Exchanges handed to the worker and not yet judged, at most; beyond, they are dropped and counted. */
const MAX_BACKLOG = 2_000;

export interface ProxyOptions {
  /** The upstream base URL, no trailing slash. */
  upstream: string;
  port: number;
  host: string;
  judge: Omit<JudgeSetup, 'baseUrl'>;
  /** Each finding of a new cause, as the worker reports it. */
  onFinding?: (result: CheckResult) => void;
}

export interface RunningProxy {
  /** Where clients send what they would send to the upstream (same base path). */
  url: string;
  /** Exchanges forwarded, handed to judging, and dropped because judging was behind. */
  stats: { forwarded: number; judged: number; dropped: number; failed: number };
  /** The report of everything judged so far (waits for the worker to judge what it holds). */
  report(): Promise<{ report: CheckReport; counts: TrafficCounts }>;
  close(): Promise<void>;
}

const flatten = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
};

/** Keeps the first BODY_CAP bytes of a body that flows past, for judging. */
class BodyCopy {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  add(chunk: Buffer): void {
    if (this.truncated) return;
    const room = BODY_CAP - this.size;
    if (chunk.length > room) {
      this.chunks.push(chunk.subarray(0, room));
      this.size = BODY_CAP;
      this.truncated = true;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export async function startJudgingProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const pool = new Pool(upstream.origin, { connections: 128, pipelining: 1 });
  const setup: JudgeSetup = { ...options.judge, baseUrl: options.upstream };
  // The worker is a file of its own, beside this module: dist/src/traffic/ unbundled, dist/bundle/ bundled.
  const worker = new Worker(new URL('./proxy-worker.js', import.meta.url), { workerData: setup });
  const stats = { forwarded: 0, judged: 0, dropped: 0, failed: 0 };
  let processed = 0;
  let nextReport = 0;
  const reports = new Map<number, (value: { report: CheckReport; counts: TrafficCounts }) => void>();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: FromJudge) => {
      if (message.kind === 'ready') resolve();
      else if (message.kind === 'processed') processed = message.count;
      else if (message.kind === 'finding') options.onFinding?.(message.result);
      else if (message.kind === 'report') {
        reports.get(message.id)?.({ report: message.report, counts: message.counts });
        reports.delete(message.id);
      }
    });
  });
  await ready;

  const hand = (message: ToJudge): void => {
    if (stats.judged - processed >= MAX_BACKLOG) {
      stats.dropped++;
      return;
    }
    stats.judged++;
    worker.postMessage(message);
  };

  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'host') continue;
      headers[name] = value;
    }
    const hasBody =
      req.headers['content-length'] !== undefined
        ? req.headers['content-length'] !== '0'
        : req.headers['transfer-encoding'] !== undefined;
    const requestCopy = new BodyCopy();
    let body: PassThrough | undefined;
    if (hasBody) {
      body = new PassThrough();
      req.on('data', (chunk: Buffer) => requestCopy.add(chunk));
      req.pipe(body);
    }
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const path = req.url ?? '/';
    let answer;
    try {
      answer = await pool.request({
        path,
        method: req.method as 'GET',
        headers,
        body: body ?? null,
        signal: aborted.signal,
      });
    } catch (error) {
      stats.failed++;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`restguide proxy: the upstream ${upstream.origin} gave no answer: ${(error as Error).message}\n`);
      } else res.destroy();
      return;
    }
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
    res.writeHead(answer.statusCode, out);
    const responseCopy = new BodyCopy();
    try {
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        responseCopy.add(chunk);
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch {
      stats.failed++;
      res.destroy();
      return;
    }
    stats.forwarded++;
    // Judged as the upstream's own exchange: its URLs, so links it builds from its own address are on its origin.
    const requestText = requestCopy.text();
    hand({
      kind: 'exchange',
      request: {
        method: req.method ?? 'GET',
        url: `${upstream.origin}${path}`,
        headers: flatten(req.headers),
        ...(hasBody ? { body: requestText } : {}),
      },
      response: {
        status: answer.statusCode,
        headers: flatten(answer.headers),
        text: responseCopy.text(),
        truncated: responseCopy.truncated,
      },
      durationMs: Math.round(performance.now() - started),
    });
  };

  const server = createServer((req, res) => {
    void forward(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${basePath}`,
    stats,
    report: () =>
      new Promise((resolve) => {
        const id = nextReport++;
        reports.set(id, resolve);
        worker.postMessage({ kind: 'report', id } satisfies ToJudge);
      }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.close();
      await worker.terminate();
    },
  };
}
