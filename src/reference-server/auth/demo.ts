// `check --auth-demo`: the protected reference server with its own client, and the credentials a run needs to reach it.
import { randomBytes } from 'node:crypto';
import type { RunAuthSettings } from '../../core/http/auth/session.js';
import { startReferenceServer, type ReferenceServer } from '../index.js';

const DEMO_CLIENT = 'restguide-demo';

export async function startProtectedDemo(): Promise<{ server: ReferenceServer; auth: RunAuthSettings }> {
  const secret = randomBytes(24).toString('base64url');
  const server = await startReferenceServer({ port: 0, auth: { clients: [{ id: DEMO_CLIENT, secret }] } });
  const handle = server.auth!;
  return {
    server,
    auth: {
      oauth2: {
        tokenUrl: handle.tokenUrl,
        clientId: DEMO_CLIENT,
        clientAuth: { method: 'client_secret_basic', secret },
        scope: 'registry:read registry:write',
        // A write-only token cannot read: the missing-scope check has something to be refused.
        narrowScope: 'registry:write',
      },
      expiredToken: await handle.issueToken({ clientId: DEMO_CLIENT, lifetimeSec: -60 }),
    },
  };
}
