// OAuth2 client credentials (RFC 6749 §4.4): one token per scope set, cached, refreshed before it expires.
import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import { request, type Dispatcher } from 'undici';
import { networkReason } from '../network-reason.js';
import type { Redactor } from '../../report/secrets.js';
import { VERSION } from '../../util/version.js';

/** How the client proves who it is: client_secret_basic, or private_key_jwt (RFC 7523) with a PEM PKCS#8 key. */
export type ClientAuth =
  { method: 'client_secret_basic'; secret: string } | { method: 'private_key_jwt'; privateKeyPem: string };

interface TokenProviderOptions {
  tokenUrl: string;
  clientId: string;
  auth: ClientAuth;
  /** Space-separated scopes to ask for; absent: the authorization server's default. */
  scope?: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** Injectable clock (ms), for tests of expiry. */
  now?: () => number;
  /** The run's redactor: learns the client secret or key and every token, so no report carries them. */
  secrets?: Redactor;
}

/** The token endpoint refused or could not be reached; the message never carries a secret. */
class TokenError extends Error {
  override readonly name = 'TokenError';
}

interface Cached {
  value: string;
  refreshAt: number;
  scope?: string;
}

const MAX_MARGIN_MS = 30_000;
const MIN_MARGIN_MS = 1000;
const MAX_ERROR_TEXT = 300;

export class ClientCredentialsTokenProvider {
  private cached: Cached | undefined;
  private inFlight: Promise<Cached> | undefined;
  private signingKey: Promise<{ key: CryptoKey | KeyObject; alg: string }> | undefined;
  /** Tokens fetched so far (tests and the summary of a long run). */
  fetched = 0;

  constructor(private readonly options: TokenProviderOptions) {
    options.secrets?.add(
      options.auth.method === 'client_secret_basic' ? options.auth.secret : options.auth.privateKeyPem,
    );
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** `Bearer <token>`, fetching a new token when none is cached or the cached one is about to expire. */
  async authorization(): Promise<string> {
    return `Bearer ${(await this.current()).value}`;
  }

  /** The scopes the authorization server granted the current token (its `scope` answer), when it said. */
  async grantedScope(): Promise<string | undefined> {
    return (await this.current()).scope;
  }

  private async current(): Promise<Cached> {
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached;
    // Concurrent requests share one token request instead of each asking for a token.
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    this.cached = await this.inFlight;
    return this.cached;
  }

  private async fetchToken(): Promise<Cached> {
    const { tokenUrl, clientId, scope, auth } = this.options;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) form.set('scope', scope);
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': `restguide/${VERSION}`,
    };
    if (auth.method === 'client_secret_basic') {
      // RFC 6749 §2.3.1: both parts form-urlencoded before base64.
      headers['authorization'] =
        `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(auth.secret)}`).toString('base64')}`;
    } else {
      form.set('client_id', clientId);
      form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      form.set('client_assertion', await this.assertion());
    }
    const started = this.now();
    let status: number;
    let text: string;
    try {
      const response = await request(tokenUrl, {
        method: 'POST',
        headers,
        body: form.toString(),
        dispatcher: this.options.dispatcher,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new TokenError(`cannot reach the token endpoint ${tokenUrl}: ${networkReason(error)}`);
    }
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    const token = body?.['access_token'];
    if (status !== 200 || typeof token !== 'string' || token === '') {
      const why =
        typeof body?.['error'] === 'string'
          ? `${String(body['error'])}${typeof body['error_description'] === 'string' ? `: ${String(body['error_description'])}` : ''}`
          : `HTTP ${status}${status === 200 ? ' without an access_token' : ''}`;
      throw new TokenError(
        `the token endpoint ${tokenUrl} refused client ${clientId}: ${(this.options.secrets?.text(why) ?? why).slice(0, MAX_ERROR_TEXT)}`,
      );
    }
    this.options.secrets?.add(token);
    this.fetched++;
    const expiresIn = Number(body?.['expires_in']);
    const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 300_000;
    // Refresh when a fifth of the lifetime is left (1 s to 30 s early): a request never leaves with a token about to
    // lapse, also when the server rounded `exp` down to the second.
    const margin = Math.min(MAX_MARGIN_MS, Math.max(MIN_MARGIN_MS, lifetimeMs / 5), lifetimeMs / 2);
    const granted = typeof body?.['scope'] === 'string' ? body['scope'] : undefined;
    return {
      value: token,
      refreshAt: started + lifetimeMs - margin,
      ...(granted !== undefined ? { scope: granted } : {}),
    };
  }

  /** A short-lived client assertion signed with the client's key: iss = sub = client id, aud = the token endpoint. */
  private async assertion(): Promise<string> {
    const { auth, clientId, tokenUrl } = this.options;
    if (auth.method !== 'private_key_jwt') throw new Error('no private key');
    this.signingKey ??= importKey(auth.privateKeyPem);
    const { key, alg } = await this.signingKey;
    const now = Math.floor(this.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(tokenUrl)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
  }

  /** Drops the cached token at the end of the run (the run's redactor, not this, keeps secrets out of reports). */
  dispose(): void {
    this.cached = undefined;
    this.inFlight = undefined;
  }
}

/** Imports a PKCS#8 PEM key for the algorithm its type implies (RSA → RS256, P-256 → ES256, Ed25519 → EdDSA). */
async function importKey(pem: string): Promise<{ key: CryptoKey | KeyObject; alg: string }> {
  const { createPrivateKey } = await import('node:crypto');
  let keyObject;
  try {
    keyObject = createPrivateKey(pem);
  } catch {
    throw new TokenError('the client private key is not a PEM private key');
  }
  const alg = algorithmOfKeyObject(keyObject);
  const pkcs8 = keyObject.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { key: await importPKCS8(pkcs8, alg), alg };
}

function algorithmOfKeyObject(key: import('node:crypto').KeyObject): string {
  const type = key.asymmetricKeyType;
  if (type === 'rsa') return 'RS256';
  if (type === 'ed25519') return 'EdDSA';
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === 'prime256v1') return 'ES256';
    if (curve === 'secp384r1') return 'ES384';
    if (curve === 'secp521r1') return 'ES512';
  }
  throw new TokenError(
    `the client private key type ${type ?? 'unknown'} is not supported for private_key_jwt (RSA, EC P-256/384/521 or Ed25519)`,
  );
}
