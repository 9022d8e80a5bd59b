// Wires protected mode into the reference server: the token endpoint, the per-operation gate, the secured document.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteDef } from '../context.js';
import { Authority, OPEN_ROUTES, requiredScope, SCOPES, type AuthOptions, type Scope } from './authority.js';
import { securedRoutes } from './document.js';
import { TOKEN_PATH, TokenEndpoint } from './token-endpoint.js';

export interface ProtectedMode {
  routes(routes: RouteDef[]): RouteDef[];
  isTokenRequest(req: IncomingMessage): boolean;
  serveToken(req: IncomingMessage, res: ServerResponse): Promise<void>;
  authorize(req: IncomingMessage, method: string, routePath: string): Promise<void> | undefined;
  handle: {
    /** Absolute URL of the token endpoint. */
    readonly tokenUrl: string;
    /** The registered clients (ids and, for secret clients, their secrets). */
    clients: Array<{ id: string; secret?: string; scopes: Scope[] }>;
    scopes: Scope[];
    /** A signed access token for a client; a negative lifetime gives an expired one. */
    issueToken(options: { clientId?: string; scopes?: readonly string[]; lifetimeSec?: number }): Promise<string>;
  };
}

export async function protectedMode(options: AuthOptions, origin: () => string): Promise<ProtectedMode> {
  const authority = await Authority.create(options);
  const endpoint = new TokenEndpoint(authority);
  const clients = [...authority.clients.values()].map((c) => ({
    id: c.id,
    ...(c.secret !== undefined ? { secret: c.secret } : {}),
    scopes: c.scopes,
  }));
  return {
    routes: securedRoutes,
    isTokenRequest: (req) => (req.url ?? '').split('?')[0] === TOKEN_PATH,
    serveToken: (req, res) => endpoint.handle(req, res, origin()),
    authorize: (req, method, routePath) => {
      if (OPEN_ROUTES.has(routePath)) return undefined;
      return authority.authorize(req.headers.authorization, requiredScope(method));
    },
    handle: {
      get tokenUrl() {
        return origin() + TOKEN_PATH;
      },
      clients,
      scopes: Object.keys(SCOPES) as Scope[],
      issueToken: ({ clientId, scopes, lifetimeSec }) =>
        authority.issue(clientId ?? clients[0]?.id ?? 'restguide-demo', scopes ?? Object.keys(SCOPES), lifetimeSec),
    },
  };
}
