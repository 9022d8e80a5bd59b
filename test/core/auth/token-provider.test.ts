// The run's token: fetched once for concurrent requests, refreshed before it expires, so a run outlives its tokens.
import { createPrivateKey } from 'node:crypto';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientCredentialsTokenProvider } from '../../../src/core/http/auth/token-provider.js';
import { HttpClient } from '../../../src/core/http/http-client.js';
import { OutsideApiError } from '../../../src/core/http/api-scope.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/reference-server/index.js';

const SECRET = 'refresh-secret-0123456789';
let server: ReferenceServer;
let privateKeyPem: string;
const dispatcher = new Agent();

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKeyPem = await exportPKCS8(pair.privateKey);
  // Two-second tokens: a few seconds of requests cross several expiries.
  server = await startReferenceServer({
    port: 0,
    auth: {
      tokenLifetimeSec: 2,
      clients: [
        { id: 'short', secret: SECRET },
        { id: 'keyed', publicJwk: { ...(await exportJWK(pair.publicKey)), alg: 'ES256' } },
      ],
    },
  });
});
afterAll(async () => {
  await server.close();
  await dispatcher.close();
});

const provider = (options: Partial<ConstructorParameters<typeof ClientCredentialsTokenProvider>[0]> = {}) =>
  new ClientCredentialsTokenProvider({
    tokenUrl: server.auth!.tokenUrl,
    clientId: 'short',
    auth: { method: 'client_secret_basic', secret: SECRET },
    dispatcher,
    timeoutMs: 5000,
    ...options,
  });

describe('ClientCredentialsTokenProvider', () => {
  it('shares one token request among concurrent callers', async () => {
    const tokens = provider();
    const values = await Promise.all(Array.from({ length: 20 }, () => tokens.authorization()));
    expect(new Set(values).size).toBe(1);
    expect(tokens.fetched).toBe(1);
    tokens.dispose();
  });

  it('keeps every request authorized across token expiries (2 s tokens, 3.5 s of requests)', async () => {
    const tokens = provider();
    const client = new HttpClient({
      baseUrl: server.url,
      allowWrites: false,
      timeoutMs: 5000,
      concurrency: 2,
      authorization: () => tokens.authorization(),
    });
    const statuses: number[] = [];
    const seen = new Set<string>();
    try {
      for (let i = 0; i < 8; i++) {
        const exchange = await client.request({ url: '/employers?pageSize=1' });
        statuses.push(exchange.response.status);
        seen.add(exchange.request.headers['authorization'] ?? '');
        await new Promise((resolve) => setTimeout(resolve, 450));
      }
    } finally {
      await client.close();
      tokens.dispose();
    }
    expect(statuses).toEqual(Array(8).fill(200));
    // Refreshed a second before each 2 s token lapses: at least two more tokens than the first.
    expect(tokens.fetched).toBeGreaterThanOrEqual(3);
    expect(seen.size).toBe(tokens.fetched);
  }, 15_000);

  it('refreshes on the clock, not on a failure: an injected clock within a second of expiry asks for a new token', async () => {
    let now = Date.now();
    const tokens = provider({ now: () => now });
    const first = await tokens.authorization();
    now += 900;
    expect(await tokens.authorization()).toBe(first);
    now += 200; // 1.1 s of a 2 s token: less than the 1 s margin left
    await new Promise((resolve) => setTimeout(resolve, 1100)); // iat has second precision: make the next token differ
    const second = await tokens.authorization();
    expect(second).not.toBe(first);
    expect(tokens.fetched).toBe(2);
    now += 100;
    expect(await tokens.authorization()).toBe(second);
    tokens.dispose();
  });

  it('sends nothing, token included, to another origin, and asks for none for requests without credentials', async () => {
    let asked = 0;
    const client = new HttpClient({
      baseUrl: server.url,
      allowWrites: false,
      timeoutMs: 5000,
      concurrency: 1,
      authorization: async () => {
        asked++;
        return 'Bearer must-not-leave';
      },
    });
    try {
      // Another origin (the same server under another host name) is refused before anything is sent.
      const elsewhere = await client
        .request({ url: server.url.replace('127.0.0.1', 'localhost') + '/health' })
        .catch((error: unknown) => error);
      expect(elsewhere).toBeInstanceOf(OutsideApiError);
      expect(client.refused).toBe(1);
      const open = await client.request({ url: '/health', credentials: false });
      expect(open.request.headers['authorization']).toBeUndefined();
      expect(asked).toBe(0);
      await client.request({ url: '/health' });
      expect(asked).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('authenticates with private_key_jwt', async () => {
    const tokens = provider({ clientId: 'keyed', auth: { method: 'private_key_jwt', privateKeyPem } });
    expect(await tokens.authorization()).toMatch(/^Bearer ey/);
    expect(await tokens.grantedScope()).toBe('registry:read registry:write');
    tokens.dispose();
  });

  it('says why the token endpoint refused, without the secret', async () => {
    const tokens = provider({ auth: { method: 'client_secret_basic', secret: 'not-the-secret-at-all' } });
    const error = await tokens.authorization().catch((e: Error) => e);
    expect(String(error)).toMatch(/refused client short: invalid_client/);
    expect(String(error)).not.toContain('not-the-secret-at-all');
    tokens.dispose();
  });

  it('refuses a key it cannot sign with, in one line', async () => {
    const rsaPublic = createPrivateKey(privateKeyPem)
      .export({ type: 'pkcs8', format: 'pem' })
      .toString()
      .replace(/PRIVATE/g, 'PUBLIC');
    const tokens = provider({ clientId: 'keyed', auth: { method: 'private_key_jwt', privateKeyPem: rsaPublic } });
    await expect(tokens.authorization()).rejects.toThrow(/not a PEM private key/);
    tokens.dispose();
  });
});
