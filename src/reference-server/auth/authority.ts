// Protected mode: access tokens are ES256 JWTs signed with a key made at start-up; the guide's 401/403 problems.
import { randomBytes, randomUUID } from 'node:crypto';
import { errors, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { ProblemError } from '../problems.js';

/** The scopes of the reference API: reading needs the first, every write the second. */
export const SCOPES = {
  'registry:read': 'Read employers, companies, tasks and reference data',
  'registry:write': 'Create, change and delete employers, submit tasks, call write controllers',
} as const;
export type Scope = keyof typeof SCOPES;

/** Routes any client may call without a token ([hlth-res]; the published contract). */
export const OPEN_ROUTES = new Set(['/health', '/doc/openapi.json', '/doc/openapi.yaml']);

export const requiredScope = (method: string): Scope =>
  method === 'GET' || method === 'HEAD' ? 'registry:read' : 'registry:write';

interface AuthClient {
  id: string;
  /** client_secret_basic (or client_secret_post). */
  secret?: string;
  /** private_key_jwt: the client's public key as a JWK (with `alg`, or RS256/ES256/EdDSA inferred). */
  publicJwk?: JWK;
  /** Scopes this client may be granted; default all. */
  scopes?: Scope[];
}

export interface AuthOptions {
  /** Registered clients; default one `restguide-demo` client with a random secret and every scope. */
  clients?: AuthClient[];
  /** Access token lifetime in seconds (default 300). */
  tokenLifetimeSec?: number;
}

const REALM = 'registry';
const ISSUER = 'restguide-reference-server';
const AUDIENCE = 'registry';
const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

const challenge = (extra = '') => `Bearer realm="${REALM}"${extra}`;

export class Authority {
  readonly clients: Map<string, Required<Pick<AuthClient, 'scopes'>> & AuthClient>;
  readonly tokenLifetimeSec: number;

  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    options: AuthOptions,
  ) {
    const clients = options.clients ?? [{ id: 'restguide-demo' }];
    // A client registered with neither a secret nor a key gets a random secret (read back from the server handle).
    this.clients = new Map(
      clients.map((c) => [
        c.id,
        {
          ...c,
          scopes: c.scopes ?? (Object.keys(SCOPES) as Scope[]),
          ...(c.secret === undefined && c.publicJwk === undefined
            ? { secret: randomBytes(24).toString('base64url') }
            : {}),
        },
      ]),
    );
    this.tokenLifetimeSec = options.tokenLifetimeSec ?? 300;
  }

  static async create(options: AuthOptions = {}): Promise<Authority> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    return new Authority(privateKey, publicKey, options);
  }

  /** A signed access token; a negative lifetime makes an already expired one (for the expired-token check). */
  issue(clientId: string, scopes: readonly string[], lifetimeSec = this.tokenLifetimeSec): Promise<string> {
    const now = Date.now() / 1000;
    const iat = Math.floor(now);
    // exp has second precision: rounded up, the token lives at least the expires_in the endpoint announced.
    const exp = Math.ceil(now + lifetimeSec);
    return new SignJWT({ scope: scopes.join(' '), client_id: clientId })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(clientId)
      .setJti(randomUUID())
      .setIssuedAt(Math.min(iat, exp))
      .setExpirationTime(exp)
      .sign(this.privateKey);
  }

  /** Resolves when the Authorization header carries a valid token with the scope; otherwise throws the guide's problem. */
  async authorize(authorization: string | undefined, scope: Scope): Promise<void> {
    const token = bearerToken(authorization);
    let granted: string[];
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['ES256'],
      });
      granted = typeof payload['scope'] === 'string' ? payload['scope'].split(' ') : [];
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw new ProblemError(
          'expiredAccessToken',
          {},
          {
            headers: {
              'WWW-Authenticate': challenge(', error="invalid_token", error_description="The access token expired"'),
            },
          },
        );
      }
      throw invalidToken();
    }
    if (!granted.includes(scope)) {
      throw new ProblemError(
        'missingScope',
        { scopes: scope },
        {
          extra: { requiredScopes: [scope] },
          headers: { 'WWW-Authenticate': challenge(`, error="insufficient_scope", scope="${scope}"`) },
        },
      );
    }
  }
}

const invalidToken = () =>
  new ProblemError(
    'invalidAccessToken',
    {},
    {
      headers: {
        'WWW-Authenticate': challenge(', error="invalid_token", error_description="The access token is invalid"'),
      },
    },
  );

/** The token of an `Authorization: Bearer` header; no Bearer credentials at all is noAccessToken, a malformed one invalid. */
function bearerToken(authorization: string | undefined): string {
  const value = authorization?.trim() ?? '';
  if (!/^Bearer(?:[ \t]|$)/i.test(value) || value.slice(6).trim() === '') {
    throw new ProblemError('noAccessToken', {}, { headers: { 'WWW-Authenticate': challenge() } });
  }
  const match = BEARER.exec(value);
  if (!match?.[1]) throw invalidToken();
  return match[1];
}
