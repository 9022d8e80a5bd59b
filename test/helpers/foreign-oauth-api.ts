// An API written unlike ours: opaque (non-JWT) tokens from its own /token endpoint, several challenges in one
// WWW-Authenticate header, a scope named `things.read`. The auth checks must hold here too; `echo` makes it
// repeat the Authorization header and the client secret in every answer, to prove the redaction.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFixture, type FixtureServer } from './fixture-server.js';

export interface ForeignApi {
  server: FixtureServer;
  tokenUrl: string;
  clientId: string;
  secret: string;
  expire(token: string): void;
}

export async function startForeignApi(options: { echo?: boolean; lifetimeSec?: number } = {}): Promise<ForeignApi> {
  const clientId = 'partner app'; // a space: the Basic credentials must be form-urlencoded
  const secret = `s3cr&t:${randomBytes(8).toString('hex')}`;
  const tokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const problem = (
    res: ServerResponse,
    status: number,
    type: string,
    challenge: string,
    extra: Record<string, unknown> = {},
  ) => {
    const body = JSON.stringify({ type: `urn:problem-type:belgif:${type}`, title: type, status, ...extra });
    res.writeHead(status, { 'content-type': 'application/problem+json', 'www-authenticate': challenge });
    res.end(body);
  };
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const echo = options.echo ? { echoed: `${req.headers.authorization ?? ''} ${secret}` } : {};
    if (req.url === '/token' && req.method === 'POST') {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      const form = new URLSearchParams(text);
      const [id, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')
        .map(decodeURIComponent);
      if (id !== clientId || pass !== secret) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"error":"invalid_client"}');
        return;
      }
      const token = randomBytes(24).toString('hex');
      const scopes = (form.get('scope') ?? 'things.read things.write').split(' ');
      tokens.set(token, { scopes, expiresAt: Date.now() + (options.lifetimeSec ?? 60) * 1000 });
      // expires_in as a string, and no `scope` in the answer: both seen in the wild.
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(
        JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: String(options.lifetimeSec ?? 60) }),
      );
      return;
    }
    if (req.url === '/api/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'UP', ...echo }));
      return;
    }
    if (!req.url?.startsWith('/api/things')) {
      res.writeHead(404, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ status: 404, ...echo }));
      return;
    }
    const auth = req.headers.authorization ?? '';
    const bearer = /^bearer (\S+)$/i.exec(auth)?.[1];
    const challenges = (extra: string) => `Basic realm="legacy", Bearer realm="things"${extra}, Negotiate`;
    if (!bearer) return problem(res, 401, 'noAccessToken', challenges(''), echo);
    const known = tokens.get(bearer);
    if (!known)
      return problem(
        res,
        401,
        'invalidAccessToken',
        challenges(', error="invalid_token", error_description="The access token is invalid"'),
        echo,
      );
    if (known.expiresAt < Date.now())
      return problem(
        res,
        401,
        'expiredAccessToken',
        challenges(', error="invalid_token", error_description="The access token expired"'),
        echo,
      );
    if (!known.scopes.includes('things.read'))
      return problem(res, 403, 'missingScope', challenges(', error="insufficient_scope", scope="things.read"'), {
        requiredScopes: ['things.read'],
        ...echo,
      });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: [{ id: 1 }], ...echo }));
  };
  const server = await startFixture(handler);
  return {
    server,
    tokenUrl: `${server.origin}/token`,
    clientId,
    secret,
    expire: (token) => {
      const entry = tokens.get(token);
      if (entry) entry.expiresAt = 0;
    },
  };
}
