// `restguide proxy`: forwards every request to the upstream unchanged (bodies streamed both ways) and hands a
// copy of each exchange, bodies up to a cap, to a worker thread that judges it; when the worker falls behind,
// exchanges are dropped and counted, never queued without bound, and the answer is never held back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { Pool, type Dispatcher } from 'undici';
import type { CheckReport, CheckResult } from '../core/report/types.js';
import type { TrafficCounts } from './judge.js';
import type { ExchangeCopy, FromJudge, JudgeSetup, SharedText, ToJudge } from './proxy-messages.js';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) are the connection's, not the exchange's: never forwarded. Host is
 * the upstream's (undici sets it); Expect was answered by node's server already (100 Continue).
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
  'host',
  'expect',
]);
/** What of a body is copied for judging; the body itself is forwarded whole, whatever its size. */
export const BODY_CAP = 1024 * 1024;
/** Exchanges handed to the worker and not yet judged, at most; beyond, they are dropped and counted. */
export const MAX_BACKLOG = 2_000;
/** Exchanges sent to the worker in one message, at most, and how long one waits to be sent. */
const BATCH = 100;
const BATCH_MS = 20;

export interface ProxyOptions {
  /** The upstream base URL, no trailing slash. */
  upstream: string;
  port: number;
  host: string;
  judge: Omit<JudgeSetup, 'baseUrl' | 'aliases'>;
  /** Add `Forwarded` and `X-Forwarded-For|Host|Proto` to what is forwarded, as a gateway does (default true). */
  forwardedHeaders?: boolean;
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

/** A Forwarded parameter value (RFC 7239 §4): a token as is, anything else (an IPv6 address, host:port) quoted. */
const forwardedValue = (value: string): string =>
  /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * What a gateway adds: the client's address appended to X-Forwarded-For and Forwarded, the host and scheme it was
 * reached at unless a gateway before it said them already (the first hop's are the public ones).
 */
export function forwardedHeaders(
  given: Record<string, string | undefined>,
  client: string | undefined,
  host: string | undefined,
): Array<[string, string]> {
  const address = client?.replace(/^::ffff:/, '');
  const forHeader = address === undefined ? undefined : address.includes(':') ? `[${address}]` : address;
  const added: Array<[string, string]> = [];
  if (address !== undefined)
    added.push(['x-forwarded-for', given['x-forwarded-for'] ? `${given['x-forwarded-for']}, ${address}` : address]);
  if (host !== undefined && given['x-forwarded-host'] === undefined) added.push(['x-forwarded-host', host]);
  if (given['x-forwarded-proto'] === undefined) added.push(['x-forwarded-proto', 'http']);
  const element = [
    forHeader !== undefined ? `for=${forwardedValue(forHeader)}` : '',
    host !== undefined ? `host=${forwardedValue(host)}` : '',
    'proto=http',
  ]
    .filter(Boolean)
    .join(';');
  added.push(['forwarded', given['forwarded'] ? `${given['forwarded']}, ${element}` : element]);
  return added;
}

const FORWARDED = new Set(['x-forwarded-for', 'forwarded']);

/** Keeps the first BODY_CAP bytes of a body that flows past, for judging. */
export class BodyCopy {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly cap = BODY_CAP) {}
  add(chunk: Buffer): void {
    if (this.truncated) return;
    const room = this.cap - this.size;
    if (chunk.length > room) {
      this.chunks.push(chunk.subarray(0, room));
      this.size = this.cap;
      this.truncated = true;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }
  text(): string {
    return this.bytes().toString('utf8');
  }
  bytes(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }
}

/**
 * Exchanges for the worker, sent BATCH at a time or BATCH_MS after the first of a batch: one postMessage
 * (and one structured clone) for many exchanges. Counts what it handed, what the worker judged, and drops
 * an exchange, counted, when MAX_BACKLOG are handed and not yet judged.
 */
export class JudgingQueue {
  private pending: ExchangeCopy[] = [];
  /** The last body of each method and target in `pending`: a body the same bytes again is that object again. */
  private bodies = new Map<string, { bytes: Buffer; body: SharedText }>();
  private timer: NodeJS.Timeout | undefined;
  /** Exchanges handed and dropped so far; `processed` is what the worker says it judged. */
  handed = 0;
  dropped = 0;
  processed = 0;
  constructor(
    private readonly send: (message: ToJudge) => void,
    private readonly maxBacklog = MAX_BACKLOG,
  ) {}
  /** Whether an exchange finishing now would be taken: its bodies are worth copying. */
  get open(): boolean {
    return this.handed - this.processed < this.maxBacklog;
  }
  /** Takes the exchange, or counts it dropped (`copy` undefined: it was not copied, the queue was full at its start). */
  take(copy: ExchangeCopy | undefined): void {
    if (!copy || !this.open) {
      this.dropped++;
      return;
    }
    this.handed++;
    this.pending.push(copy);
    if (this.pending.length >= BATCH) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), BATCH_MS);
      this.timer.unref();
    }
  }
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const exchanges = this.pending;
    this.pending = [];
    this.bodies.clear();
    this.send({ kind: 'exchanges', exchanges });
  }
  /**
   * The body of an exchange about to be taken: the object of the last one of `key` waiting to be sent when its bytes
   * are the same (the worker then gets one string for both, and compares nothing), else a new one.
   */
  body(key: string, copy: BodyCopy): SharedText {
    const bytes = copy.bytes();
    const last = this.bodies.get(key);
    if (last?.bytes.equals(bytes)) return last.body;
    const body = { text: bytes.toString('utf8') };
    // Exchanges the worker had no room for take bodies too: the map is bounded until the next batch goes.
    if (this.bodies.size >= BATCH * 10) this.bodies.clear();
    this.bodies.set(key, { bytes, body });
    return body;
  }

  /** Sends what waits, then `message`, so the worker sees both in order. */
  sendAfter(message: ToJudge): void {
    this.flush();
    this.send(message);
  }
  close(): void {
    clearTimeout(this.timer);
  }
}

/** The headers sent upstream (hop-by-hop ones left out, the proxy's hop added) and whether the request has a body. */
function upstreamHeaders(req: IncomingMessage, addForwarded: boolean): { headers: string[]; hasBody: boolean } {
  const raw = req.rawHeaders;
  const headers: string[] = [];
  let hasBody = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === 'content-length') hasBody = raw[i + 1] !== '0';
    else if (name === 'transfer-encoding') hasBody = true;
    // The proxy's own hop is appended to these below, as one header each.
    if (addForwarded && FORWARDED.has(name)) continue;
    if (!NOT_FORWARDED.has(name)) headers.push(raw[i]!, raw[i + 1]!);
  }
  if (addForwarded)
    for (const [name, value] of forwardedHeaders(
      req.headers as Record<string, string | undefined>,
      req.socket.remoteAddress,
      req.headers.host,
    ))
      headers.push(name, value);
  return { headers, hasBody };
}

const listen = (server: Server, port: number, host: string): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

export async function startJudgingProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const pool = new Pool(upstream.origin, { connections: 128, pipelining: 1 });
  const addForwarded = options.forwardedHeaders !== false;
  const setup: JudgeSetup = { ...options.judge, baseUrl: options.upstream };
  // The worker is a file of its own, beside this module: dist/src/traffic/ unbundled, dist/bundle/ bundled.
  const worker = new Worker(new URL('./proxy-worker.js', import.meta.url), { workerData: setup });
  const queue = new JudgingQueue((message) => worker.postMessage(message));
  const counts = { forwarded: 0, failed: 0 };
  const stats = {
    get forwarded() {
      return counts.forwarded;
    },
    get failed() {
      return counts.failed;
    },
    get judged() {
      return queue.handed;
    },
    get dropped() {
      return queue.dropped;
    },
  };
  let nextReport = 0;
  const reports = new Map<number, (value: { report: CheckReport; counts: TrafficCounts }) => void>();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: FromJudge) => {
      if (message.kind === 'ready') resolve();
      else if (message.kind === 'processed') queue.processed = message.count;
      else if (message.kind === 'finding') options.onFinding?.(message.result);
      else if (message.kind === 'report') {
        reports.get(message.id)?.({ report: message.report, counts: message.counts });
        reports.delete(message.id);
      }
    });
  });
  await ready;

  const gone = new Error('the client closed the connection');
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const startedAt = Date.now();
    const raw = req.rawHeaders;
    const { headers, hasBody } = upstreamHeaders(req, addForwarded);
    // Judging copies bodies only while the worker keeps up; when it is behind the exchange is only forwarded.
    const judging = queue.open;
    let requestCopy: BodyCopy | undefined;
    let body: IncomingMessage | PassThrough | null = hasBody ? req : null;
    if (hasBody && judging) {
      const copy = (requestCopy = new BodyCopy());
      // Through a PassThrough: undici reads the body only once a connection is free, the copy sees it now.
      body = new PassThrough();
      req.on('data', (chunk: Buffer) => copy.add(chunk));
      req.pipe(body);
    }
    const target = req.url ?? '/';
    let status = 0;
    let answerHeaders: Record<string, string | string[] | undefined> = {};
    const responseCopy = judging ? new BodyCopy() : undefined;
    let controller: Dispatcher.DispatchController | undefined;
    const onClose = () => {
      if (!res.writableFinished) controller?.abort(gone);
    };
    res.once('close', onClose);
    pool.dispatch(
      { origin: upstream.origin, path: target, method: req.method as Dispatcher.HttpMethod, headers, body },
      {
        onRequestStart(c) {
          controller = c;
          if (res.destroyed) c.abort(gone);
        },
        onResponseStart(c, statusCode, answer) {
          // 1xx answers are the connection's (undici took them); the answer is the final one.
          if (statusCode < 200) return;
          status = statusCode;
          answerHeaders = answer;
          const out: Record<string, string | string[]> = {};
          for (const name in answer) if (!NOT_FORWARDED.has(name)) out[name] = answer[name]!;
          res.writeHead(statusCode, out);
        },
        onResponseData(c, chunk) {
          responseCopy?.add(chunk);
          if (!res.write(chunk)) {
            c.pause();
            res.once('drain', () => c.resume());
          }
        },
        onResponseEnd() {
          res.end();
          res.off('close', onClose);
          counts.forwarded++;
          queue.take(
            responseCopy && {
              method: req.method ?? 'GET',
              target,
              requestHeaders: raw,
              ...(hasBody ? { requestBody: requestCopy?.text() ?? '' } : {}),
              status,
              responseHeaders: answerHeaders,
              responseBody: queue.body(`${req.method ?? 'GET'} ${target}`, responseCopy),
              truncated: responseCopy.truncated,
              durationMs: Math.round(performance.now() - started),
              startedAt,
            },
          );
        },
        onResponseError(_c, error) {
          counts.failed++;
          res.off('close', onClose);
          if (res.headersSent || res.destroyed) res.destroy();
          else {
            res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
            res.end(`restguide proxy: the upstream ${upstream.origin} gave no answer: ${error.message}\n`);
          }
        },
      },
    );
  };

  const server = createServer(forward);
  server.keepAliveTimeout = 65_000;
  await listen(server, options.port, options.host);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}${basePath}`;
  // Links to where the proxy listens are the API's own: the worker judges them as links to the upstream. Sent
  // before any exchange (messages keep their order).
  worker.postMessage({ kind: 'aliases', origins: [new URL(url).origin] } satisfies ToJudge);
  return {
    url,
    stats,
    report: () =>
      new Promise((resolve) => {
        const id = nextReport++;
        reports.set(id, resolve);
        queue.sendAfter({ kind: 'report', id });
      }),
    async close() {
      queue.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.close();
      await worker.terminate();
    },
  };
}
