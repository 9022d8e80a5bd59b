import { createServer, type Server } from 'node:http';
import type { AuthOptions } from './auth/authority.js';
import { protectedMode, type ProtectedMode } from './auth/protected-mode.js';
import { answerClientError } from './client-error.js';
import type { AddressInfo } from 'node:net';
import { compiledApi } from './compiled-api.js';
import { handleRequest } from './pipeline.js';
import { Router } from './router.js';
import { ROUTES } from './routes.js';
import type { SeedCounts } from './store/seed-employers.js';
import { Store } from './store/store.js';

export interface ReferenceServerOptions {
  port?: number;
  host?: string;
  /** How long a submitted image task stays `processing` (ms). */
  taskDelayMs?: number;
  basePath?: string;
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
  /** Protected mode only: the token endpoint, the registered clients and a way to mint tokens (tests, the demo run). */
  auth?: ProtectedMode['handle'];
  close(): Promise<void>;
}

/** Starts a reference server with its own freshly seeded store; nothing listens until this is called. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const host = options.host ?? '127.0.0.1';
  const basePath = (options.basePath ?? '/registry/v1').replace(/\/+$/, '');
  const { operations } = compiledApi();
  let origin = '';
  const secured = options.auth ? await protectedMode(options.auth === true ? {} : options.auth, () => origin) : undefined;
  const router = new Router(secured ? secured.routes(ROUTES) : ROUTES);
  const store = new Store(options.seed);
  const server: Server = createServer((req, res) => {
    if (secured?.isTokenRequest(req)) return void secured.serveToken(req, res);
    void handleRequest(req, res, {
      basePath, router, operations, store, taskDelayMs: options.taskDelayMs ?? 300, fallbackOrigin: () => origin,
      ...(secured ? { authorize: secured.authorize } : {}),
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerClientError(error, socket, origin + basePath));
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
  return {
    url: origin + basePath,
    origin,
    ...(secured ? { auth: secured.handle } : {}),
    close: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }),
  };
}
