// The reference server's own OAuth2 token endpoint: client credentials grant (RFC 6749 §4.4) only.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { importJWK, jwtVerify } from 'jose';
import type { Authority, Scope } from './authority.js';
import { readCapped } from '../json-body.js';

export const TOKEN_PATH = '/oauth2/token';
const BODY_LIMIT = 16 * 1024;
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
// Assertion ids already used, until their expiry: a captured assertion cannot be replayed.
const SEEN_LIMIT = 10_000;

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
  }
}

export class TokenEndpoint {
  private readonly seenAssertions = new Map<string, number>();

  constructor(private readonly authority: Authority) {}

  /** Answers a request to TOKEN_PATH (RFC 6749 §5.1 and §5.2 JSON, never cached). */
  async handle(req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
    let status = 200;
    let body: Record<string, unknown>;
    let headers: Record<string, string> = {};
    try {
      body = await this.grant(req, origin);
    } catch (error) {
      const failure =
        error instanceof OAuthError ? error : new OAuthError(500, 'server_error', 'The token could not be issued');
      status = failure.status;
      headers = failure.headers;
      body = { error: failure.code, error_description: failure.description };
    }
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      'Content-Length': String(Buffer.byteLength(text)),
    });
    res.end(text);
  }

  private async grant(req: IncomingMessage, origin: string): Promise<Record<string, unknown>> {
    if (req.method !== 'POST')
      throw new OAuthError(405, 'invalid_request', 'The token endpoint accepts POST only', { Allow: 'POST' });
    const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded')
      throw new OAuthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded');
    const form = new URLSearchParams(await readForm(req));
    const clientId = await this.authenticate(req, form, origin);
    if (form.get('grant_type') !== 'client_credentials')
      throw new OAuthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported');
    const client = this.authority.clients.get(clientId)!;
    const requested = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const unknown = requested.filter((s) => !client.scopes.includes(s as Scope));
    if (unknown.length > 0)
      throw new OAuthError(400, 'invalid_scope', `Scope ${unknown.join(' ')} is not granted to this client`);
    const scopes = requested.length > 0 ? requested : client.scopes;
    const token = await this.authority.issue(clientId, scopes);
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: this.authority.tokenLifetimeSec,
      scope: scopes.join(' '),
    };
  }

  /** client_secret_basic, client_secret_post or private_key_jwt; returns the authenticated client id. */
  private async authenticate(req: IncomingMessage, form: URLSearchParams, origin: string): Promise<string> {
    const header = req.headers.authorization;
    if (header && /^Basic /i.test(header)) {
      const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const id = safeDecode(decoded.slice(0, Math.max(colon, 0)));
      const secret = safeDecode(decoded.slice(colon + 1));
      if (colon > 0 && this.secretMatches(id, secret)) return id;
      throw new OAuthError(401, 'invalid_client', 'Client authentication failed', {
        'WWW-Authenticate': 'Basic realm="registry"',
      });
    }
    const id = form.get('client_id') ?? '';
    const secret = form.get('client_secret');
    if (secret !== null) {
      if (this.secretMatches(id, secret)) return id;
      throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
    }
    if (form.get('client_assertion_type') === ASSERTION_TYPE) {
      await this.verifyAssertion(id, form.get('client_assertion') ?? '', origin, req.headers.host);
      return id;
    }
    throw new OAuthError(401, 'invalid_client', 'No client authentication: use client_secret_basic or private_key_jwt');
  }

  private secretMatches(id: string, secret: string): boolean {
    const expected = this.authority.clients.get(id)?.secret;
    if (expected === undefined) return false;
    const a = Buffer.from(secret);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private async verifyAssertion(
    id: string,
    assertion: string,
    origin: string,
    host: string | undefined,
  ): Promise<void> {
    const fail = (why: string) => new OAuthError(401, 'invalid_client', `Client assertion refused: ${why}`);
    const jwk = this.authority.clients.get(id)?.publicJwk;
    if (!jwk) throw fail('no public key is registered for this client');
    // RFC 7523 §3: the audience is the token endpoint, as the client reached it.
    const audience = [`${origin}${TOKEN_PATH}`, ...(host ? [`http://${host}${TOKEN_PATH}`] : [])];
    let payload;
    try {
      const key = await importJWK(jwk, jwk.alg ?? defaultAlg(jwk));
      ({ payload } = await jwtVerify(assertion, key, { issuer: id, subject: id, audience, maxTokenAge: '5m' }));
    } catch (error) {
      throw fail((error as Error).message);
    }
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') throw fail('jti and exp are required');
    const now = Date.now() / 1000;
    for (const [jti, exp] of this.seenAssertions) if (exp < now) this.seenAssertions.delete(jti);
    if (this.seenAssertions.has(payload.jti)) throw fail('this assertion was already used');
    if (this.seenAssertions.size >= SEEN_LIMIT) this.seenAssertions.delete(this.seenAssertions.keys().next().value!);
    this.seenAssertions.set(payload.jti, payload.exp);
  }
}

function defaultAlg(jwk: { kty?: string; crv?: string }): string {
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'OKP') return 'EdDSA';
  return jwk.crv === 'P-384' ? 'ES384' : jwk.crv === 'P-521' ? 'ES512' : 'ES256';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

async function readForm(req: IncomingMessage): Promise<string> {
  const tooLarge = () => new OAuthError(413, 'invalid_request', `The request body exceeds ${BODY_LIMIT} bytes`);
  return (await readCapped(req, BODY_LIMIT, BODY_LIMIT, tooLarge)).body.toString('utf8');
}
