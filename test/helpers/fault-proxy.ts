// A gateway in front of the reference server that does what real ones do: rate-limits (429 with
// Retry-After), sheds load (503 with Retry-After), drops connections and adds latency, drawn
// from a seeded generator keyed on each request, so a failing run can be drawn again whatever order
// its requests arrive in. The server builds its links from the gateway's URL (its public URL), so
// bytes pass through unchanged.
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { random } from './random.js';

export interface Faults {
  /** Share of requests answered 429 before they reach the API. */
  tooMany?: number;
  /** Share of requests answered 503 before they reach the API. */
  unavailable?: number;
  /** Retry-After of those answers, in seconds (absent: none sent). */
  retryAfter?: number;
  /** Share of requests of these methods whose connection is cut after the API answered (the write applied). */
  reset?: number;
  resetMethods?: string[];
  /** Share of POSTs whose connection is cut after the API answered (the create applied, its answer lost). */
  resetPosts?: number;
  /** Added latency per request, drawn between these bounds (ms). */
  latencyMs?: [number, number];
  /** Answer every request 429 (a gateway whose quota is spent). */
  always429?: boolean;
  /** Answer every DELETE 429 without passing it on (cleanups cannot get through). */
  refuseDeletes?: boolean;
  seed?: number;
}

export interface FaultyApi {
  /** The API's base URL through the gateway. */
  url: string;
  /** The API's base URL without the gateway (to look at its data). */
  directUrl: string;
  /** What the gateway did, by kind. */
  injected: Record<string, number>;
  close(): Promise<void>;
}

const PROBLEM = (status: number, title: string) => JSON.stringify({ type: 'about:blank', title, status });

/** Runs of digits and hex a run makes afresh (its keys, UUIDs): one key for the same request of any run. */
const RUN_VALUES = /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{32}|\d{6,}/gi;

/**
 * The draws of one request, from the seed, the request (method and URL, the run's own values aside) and how many
 * times that request came before: which requests meet a fault no longer depends on the order concurrent requests
 * arrive in (under load it did, and a seeded 10 % cut other requests), and a retry draws afresh.
 */
function requestDraws(seed: number) {
  const seen = new Map<string, number>();
  return (method: string, url: string): (() => number) => {
    const key = `${method} ${url.replace(RUN_VALUES, '#')}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return random(createHash('sha256').update(`${seed} ${key} ${count}`).digest().readUInt32BE(0));
  };
}

export async function startFaultyApi(faults: Faults): Promise<FaultyApi> {
  const drawsOf = requestDraws(faults.seed ?? 1);
  const injected: Record<string, number> = {};
  const count = (kind: string) => {
    injected[kind] = (injected[kind] ?? 0) + 1;
  };
  // Started once the gateway listens: the server builds its links from the gateway's URL.
  const upstream: { server?: ReferenceServer } = {};
  const sockets = new Set<import('node:net').Socket>();

  const refuse = (res: ServerResponse, status: number, title: string) => {
    count(String(status));
    const body = PROBLEM(status, title);
    res.writeHead(status, {
      'content-type': 'application/problem+json',
      'content-length': String(Buffer.byteLength(body)),
      ...(faults.retryAfter === undefined ? {} : { 'retry-after': String(faults.retryAfter) }),
    });
    res.end(body);
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, cut: boolean) => {
    const target = new URL(upstream.server!.url);
    const out = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          if (cut) {
            count('reset');
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    out.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502);
        res.end();
      }
    });
    out.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const draw = drawsOf(method, req.url ?? '/');
      const [low, high] = faults.latencyMs ?? [0, 0];
      const delay = low + draw() * (high - low);
      const roll = draw();
      const resetRoll = draw();
      setTimeout(() => {
        if (faults.always429 || (faults.refuseDeletes && method === 'DELETE'))
          return refuse(res, 429, 'Too Many Requests');
        if (roll < (faults.tooMany ?? 0)) return refuse(res, 429, 'Too Many Requests');
        if (roll < (faults.tooMany ?? 0) + (faults.unavailable ?? 0)) return refuse(res, 503, 'Service Unavailable');
        const resettable = (faults.resetMethods ?? ['GET', 'HEAD']).includes(method);
        const cut =
          (resettable && resetRoll < (faults.reset ?? 0)) ||
          (method === 'POST' && resetRoll < (faults.resetPosts ?? 0));
        forward(req, res, Buffer.concat(chunks), cut);
      }, delay);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = await startReferenceServer({ port: 0, publicUrl: origin });
  upstream.server = api;
  const basePath = new URL(api.url).pathname;
  return {
    url: `${origin}${basePath}`,
    directUrl: api.url,
    injected,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}
