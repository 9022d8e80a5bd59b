// The reference server in protected mode, with the run options that reach it (client credentials, a narrow scope, an expired token).
import { randomBytes } from 'node:crypto';
import type { RunOptions } from '../../src/core/engine/runner.js';
import type { ServerFactory } from './check-harness.js';
import { startProxy, type Mutator } from './proxy.js';

export interface ProtectedOptions {
  /** Rewrites the API's responses (a proxy in front of the base path; the token endpoint stays direct). */
  mutate?: Mutator;
  /** Default registry:write: a token that cannot read. */
  narrowScope?: string | null;
  /** Default: an expired token minted by the server. */
  expired?: boolean;
  tokenLifetimeSec?: number;
}

export const TEST_CLIENT = 'restguide-test';

export function protectedReference(options: ProtectedOptions = {}): ServerFactory {
  return {
    async start() {
      const { startReferenceServer } = await import('../../src/reference-server/index.js');
      const secret = randomBytes(18).toString('base64url');
      const server = await startReferenceServer({
        port: 0,
        auth: {
          clients: [{ id: TEST_CLIENT, secret }],
          ...(options.tokenLifetimeSec ? { tokenLifetimeSec: options.tokenLifetimeSec } : {}),
        },
      });
      const narrowScope = options.narrowScope === undefined ? 'registry:write' : options.narrowScope;
      const runOptions: Partial<RunOptions> = {
        auth: {
          oauth2: {
            tokenUrl: server.auth!.tokenUrl,
            clientId: TEST_CLIENT,
            clientAuth: { method: 'client_secret_basic', secret },
            scope: 'registry:read registry:write',
            ...(narrowScope ? { narrowScope } : {}),
          },
          ...(options.expired === false
            ? {}
            : { expiredToken: await server.auth!.issueToken({ clientId: TEST_CLIENT, lifetimeSec: -60 }) }),
        },
      };
      if (!options.mutate) return { url: server.url, close: () => server.close(), runOptions };
      const basePath = new URL(server.url).pathname;
      const proxy = await startProxy(server.origin, basePath, options.mutate);
      return {
        url: `${proxy.origin}${basePath}`,
        close: async () => {
          await proxy.close();
          await server.close();
        },
        runOptions,
      };
    },
  };
}
