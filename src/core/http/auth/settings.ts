// Resolves a run's credentials from flags, the profile's `auth:` section and the environment; secrets come only from the environment or files.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../../util/errors.js';
import type { RunAuthSettings } from './session.js';
import type { ClientAuth } from './token-provider.js';
import type { TlsMaterial } from './transport.js';

/** The `auth:` section of a profile: names of environment variables, never their values. */
export interface AuthProfile {
  tokenUrl?: string;
  clientId?: string;
  /** Environment variable holding the client secret (default RESTGUIDE_CLIENT_SECRET). */
  clientSecretEnv?: string;
  /** PEM PKCS#8 private key file for private_key_jwt (relative to the working directory). */
  privateKeyFile?: string;
  /** Environment variable holding that key as PEM text (default RESTGUIDE_CLIENT_KEY). */
  privateKeyEnv?: string;
  scope?: string;
  narrowScope?: string;
  /** Environment variable holding an expired access token (default RESTGUIDE_EXPIRED_TOKEN). */
  expiredTokenEnv?: string;
  /** PEM files for mutual TLS. */
  cert?: string;
  key?: string;
  ca?: string;
}

/** The credential and TLS flags of `check` (each wins over the profile's `auth:` section). */
export interface AuthFlags {
  oauth2TokenUrl?: string;
  clientId?: string;
  clientKey?: string;
  scope?: string;
  narrowScope?: string;
  cert?: string;
  key?: string;
  ca?: string;
}

const DEFAULT_ENV = {
  secret: 'RESTGUIDE_CLIENT_SECRET',
  key: 'RESTGUIDE_CLIENT_KEY',
  expired: 'RESTGUIDE_EXPIRED_TOKEN',
} as const;

async function readPem(file: string, what: string, cwd: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (!/-----BEGIN [A-Z0-9 ]+-----/.test(text))
    throw new UsageError(`${what} ${file} is not PEM (no -----BEGIN ...----- block)`);
  return text;
}

/** Mutual TLS material from --cert/--key/--ca (or the profile); a certificate needs its key. */
export async function resolveTls(
  flags: AuthFlags,
  profile: AuthProfile | undefined,
  cwd: string,
): Promise<TlsMaterial | undefined> {
  const cert = flags.cert ?? profile?.cert;
  const key = flags.key ?? profile?.key;
  const ca = flags.ca ?? profile?.ca;
  if ((cert === undefined) !== (key === undefined)) throw new UsageError('mutual TLS needs both --cert and --key');
  if (cert === undefined && ca === undefined) return undefined;
  return {
    ...(cert !== undefined ? { cert: await readPem(cert, 'client certificate', cwd) } : {}),
    ...(key !== undefined ? { key: await readPem(key, 'client key', cwd) } : {}),
    ...(ca !== undefined ? { ca: await readPem(ca, 'CA certificate', cwd) } : {}),
  };
}

/** OAuth2 client credentials (or a fixed Authorization header) for a run; undefined for an open API. */
export async function resolveAuth(
  flags: AuthFlags,
  profile: AuthProfile | undefined,
  headers: Record<string, string>,
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<RunAuthSettings | undefined> {
  const tokenUrl = flags.oauth2TokenUrl ?? profile?.tokenUrl;
  const clientId = flags.clientId ?? profile?.clientId;
  const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  const expiredToken = env[profile?.expiredTokenEnv ?? DEFAULT_ENV.expired] || undefined;
  if (tokenUrl === undefined && clientId === undefined) {
    if (flags.scope !== undefined || flags.narrowScope !== undefined || flags.clientKey !== undefined) {
      throw new UsageError('--scope, --narrow-scope and --client-key need --oauth2-token-url and --client-id');
    }
    // A Basic (or other non-Bearer) credential protects the API, but carries no access token for the token checks.
    const scheme = /^\s*(\S+)/.exec(
      Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? '',
    )?.[1];
    const otherScheme = scheme !== undefined && !/^bearer$/i.test(scheme) ? { staticScheme: scheme } : {};
    return hasAuthorization
      ? { staticAuthorization: true, ...otherScheme, ...(expiredToken ? { expiredToken } : {}) }
      : undefined;
  }
  if (tokenUrl === undefined || clientId === undefined)
    throw new UsageError('OAuth2 client credentials need both --oauth2-token-url and --client-id');
  if (hasAuthorization)
    throw new UsageError('give either an Authorization header or OAuth2 client credentials, not both');
  let url: URL;
  try {
    url = new URL(tokenUrl);
  } catch {
    throw new UsageError(`--oauth2-token-url is not a URL: "${tokenUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`--oauth2-token-url is not an http(s) URL: "${tokenUrl}"`);

  let clientAuth: ClientAuth;
  const keyFile = flags.clientKey ?? profile?.privateKeyFile;
  const keyEnv = profile?.privateKeyEnv ?? DEFAULT_ENV.key;
  const secretEnv = profile?.clientSecretEnv ?? DEFAULT_ENV.secret;
  if (keyFile !== undefined)
    clientAuth = { method: 'private_key_jwt', privateKeyPem: await readPem(keyFile, 'client private key', cwd) };
  else if (env[keyEnv]) clientAuth = { method: 'private_key_jwt', privateKeyPem: env[keyEnv] };
  else if (env[secretEnv]) clientAuth = { method: 'client_secret_basic', secret: env[secretEnv] };
  else
    throw new UsageError(
      `no client credentials: set ${secretEnv} (client secret) or ${keyEnv} (PEM key), or give --client-key <file>`,
    );

  const scope = flags.scope ?? profile?.scope;
  const narrowScope = flags.narrowScope ?? profile?.narrowScope;
  return {
    oauth2: {
      tokenUrl: url.href,
      clientId,
      clientAuth,
      ...(scope ? { scope } : {}),
      ...(narrowScope ? { narrowScope } : {}),
    },
    ...(expiredToken ? { expiredToken } : {}),
  };
}
