import { createServer, type Server } from 'node:http';
import type { AuthOptions } from './auth/authority.js';
import { protectedMode, type ProtectedMode } from './auth/protected-mode.js';
import type { AddressInfo } from 'node:net';
import { answerClientError, answerOnSocket, trackAnswer } from './client-error.js';
import { compiledApi } from './compiled-api.js';
import { answerProblem, handleRequest, type PipelineOptions } from './pipeline.js';
import { ProblemError } from './problems.js';
import { resolvePublicBase } from './public-url.js';
import { Router } from './router.js';
import { ROUTES } from './routes.js';
import type { SeedCounts } from './store/seed-employers.js';
import { Store } from './store/store.js';
import { withoutTrailingSlashes } from '../core/profile/trailing-slashes.js';

interface ReferenceServerOptions {
  port?: number;
  host?: string;
  /** How long a submitted image task stays `processing` (ms). */
  taskDelayMs?: number;
  basePath?: string;
  /**
   * The API's public base URL, the start of every absolute link (e.g. https://api.example.org/registry/v1;
   * a bare origin gets `basePath`). Default: the listening address. The Host header is never used.
   */
  publicUrl?: string;
  /** How long a finished image task (and the image it made) stays readable; then 404 (ms, default 10 minutes). */
  taskTtlMs?: number;
  /** At most this many tasks, and as many images, are kept; a newer one pushes the oldest out (default 10,000). */
  maxTasks?: number;
  /** How long the request line and headers may take to arrive before a 408 (ms, default 5000). */
  headersTimeoutMs?: number;
  /**
   * How many employers and companies to seed (default 120 and 60, the hand-made data the tests know).
   * Larger counts extend that data deterministically, e.g. for scale tests; at most 5,000,000 each.
   */
  seed?: SeedCounts;
  /** Protected mode: an OAuth2 token endpoint of its own and a Bearer token with the right scope on every operation. */
  auth?: AuthOptions | boolean;
}

export interface ReferenceServer {
  /** API base URL including the base path, without a trailing slash, e.g. http://127.0.0.1:41234/registry/v1 */
  url: string;
  origin: string;
  /** The base URL links are built from: `publicUrl` when given, else `url`. */
  publicUrl: string;
  /** Protected mode only: the token endpoint, the registered clients and a way to mint tokens (tests, the demo run). */
  auth?: ProtectedMode['handle'];
  close(): Promise<void>;
}

const DEFAULT_HEADERS_TIMEOUT_MS = 5000;
/** The whole request (headers and body, at most 64 KiB) must arrive within this, whatever the headers timeout. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Starts a reference server with its own freshly seeded store; nothing listens until this is called. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const host = options.host ?? '127.0.0.1';
  const basePath = withoutTrailingSlashes(options.basePath ?? '/registry/v1');
  const configuredBase = options.publicUrl === undefined ? undefined : resolvePublicBase(options.publicUrl, basePath);
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  if (!Number.isInteger(headersTimeout) || headersTimeout < 1)
    throw new RangeError('headersTimeoutMs must be a positive integer');
  const { operations } = compiledApi();
  let publicBase = configuredBase ?? '';
  let origin = '';
  // The token endpoint is served on the listening origin (protected mode is for tests and demos).
  const secured = options.auth
    ? await protectedMode(options.auth === true ? {} : options.auth, () => origin)
    : undefined;
  const pipeline: PipelineOptions = {
    basePath,
    router: new Router(secured ? secured.routes(ROUTES) : ROUTES),
    operations,
    store: new Store(options.seed, { taskTtlMs: options.taskTtlMs, maxTasks: options.maxTasks }),
    taskDelayMs: options.taskDelayMs ?? 300,
    publicBase: () => publicBase,
    ...(secured ? { authorize: secured.authorize } : {}),
  };
  const server: Server = createServer(
    {
      // Answered by the pipeline as a problem (node's own answer is a bare 400 with no body).
      requireHostHeader: false,
      headersTimeout,
      requestTimeout: Math.max(headersTimeout, REQUEST_TIMEOUT_MS),
      // Node looks for expired requests only this often: a fraction of the timeout keeps the cut near it.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    (req, res) => {
      trackAnswer(req, res);
      if (secured?.isTokenRequest(req)) return void secured.serveToken(req, res);
      void handleRequest(req, res, pipeline);
    },
  );
  // An Expect other than 100-continue: node would answer a bare 417.
  server.on('checkExpectation', (req, res) => {
    trackAnswer(req, res);
    const expect = String(req.headers.expect ?? '').slice(0, 100);
    answerProblem(
      req,
      res,
      new ProblemError('expectationFailed', { expect }, { headers: { Connection: 'close' } }),
      pipeline,
    );
  });
  // This server is no proxy: CONNECT gets 501 (node would drop the connection without a word).
  server.on('connect', (_req, socket) => answerOnSocket(socket, 'notImplemented', publicBase, { method: 'CONNECT' }));
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerClientError(error, socket, publicBase));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${hostPart}:${address.port}`;
  publicBase = configuredBase ?? origin + basePath;
  return {
    url: origin + basePath,
    origin,
    publicUrl: publicBase,
    ...(secured ? { auth: secured.handle } : {}),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
