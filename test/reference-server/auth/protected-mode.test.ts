// Protected mode of the reference server: its token endpoint, the gate in front of every operation, the secured document.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintObject } from '../../../src/lint/index.js';
import { buildSecuredDocument } from '../../../src/reference-server/auth/document.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/reference-server/index.js';

const SECRET = 'test-secret-0123456789';
let server: ReferenceServer;
let keyClient: { privateKey: CryptoKey };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function token(
  body: Record<string, string>,
  headers: Record<string, string> = { authorization: basic('reader', SECRET) },
) {
  const response = await fetch(server.auth!.tokenUrl, {
    method: 'POST',
    headers: { ...FORM, ...headers },
    body: form(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  };
}

const get = async (path: string, authorization?: string, init: RequestInit = {}) => {
  const response = await fetch(server.url + path, {
    ...init,
    headers: { ...(authorization ? { authorization } : {}), ...(init.headers as Record<string, string>) },
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined,
  };
};

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  keyClient = { privateKey: pair.privateKey };
  server = await startReferenceServer({
    port: 0,
    auth: {
      clients: [
        { id: 'reader', secret: SECRET, scopes: ['registry:read'] },
        { id: 'keyed', publicJwk: { ...(await exportJWK(pair.publicKey)), alg: 'ES256' } },
      ],
    },
  });
});
afterAll(async () => {
  await server.close();
});

describe('token endpoint (client credentials)', () => {
  it('issues a Bearer JWT for client_secret_basic, never cached', async () => {
    const answer = await token({ grant_type: 'client_credentials' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'registry:read' });
    expect(String(answer.json['access_token']).split('.')).toHaveLength(3);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a wrong secret, an unknown grant, a scope the client may not have, and GET', async () => {
    expect(
      (await token({ grant_type: 'client_credentials' }, { authorization: basic('reader', 'wrong-secret') })).json,
    ).toMatchObject({ error: 'invalid_client' });
    expect((await token({ grant_type: 'password' })).json).toMatchObject({ error: 'unsupported_grant_type' });
    const scope = await token({ grant_type: 'client_credentials', scope: 'registry:write' });
    expect([scope.status, scope.json['error']]).toEqual([400, 'invalid_scope']);
    const viaGet = await fetch(server.auth!.tokenUrl);
    expect([viaGet.status, viaGet.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('accepts private_key_jwt once per assertion, and refuses one signed by another key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const assertion = (key: CryptoKey, jti: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer('keyed')
        .setSubject('keyed')
        .setAudience(server.auth!.tokenUrl)
        .setJti(jti)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(key);
    const fields = async (key: CryptoKey, jti: string) => ({
      grant_type: 'client_credentials',
      client_id: 'keyed',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await assertion(key, jti),
    });
    const once = await fields(keyClient.privateKey, 'jti-1');
    expect((await token(once, {})).status).toBe(200);
    expect((await token(once, {})).json).toMatchObject({ error: 'invalid_client' });
    const other = (await generateKeyPair('ES256')).privateKey;
    expect((await token(await fields(other, 'jti-2'), {})).json).toMatchObject({ error: 'invalid_client' });
  });
});

describe('the gate in front of every operation', () => {
  it('answers noAccessToken before reading any input (a malformed id, a bad body)', async () => {
    for (const answer of [
      await get('/employers/abc'),
      await get('/employers', undefined, {
        method: 'POST',
        body: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.json?.['type']).toBe('urn:problem-type:belgif:noAccessToken');
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="registry"');
    }
  });

  it('treats a Basic header as no Bearer token, and a bad one as invalid', async () => {
    expect((await get('/employers', 'Basic dXNlcjpwYXNz')).json?.['type']).toBe(
      'urn:problem-type:belgif:noAccessToken',
    );
    const invalid = await get('/employers', 'Bearer not a token');
    expect(invalid.json?.['type']).toBe('urn:problem-type:belgif:invalidAccessToken');
    expect(invalid.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answers missingScope with requiredScopes to a read-only token that writes', async () => {
    const read = String((await token({ grant_type: 'client_credentials' })).json['access_token']);
    expect((await get('/employers?pageSize=1', `Bearer ${read}`)).status).toBe(200);
    const write = await get('/employers/5000000001', `Bearer ${read}`, { method: 'DELETE' });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({
      type: 'urn:problem-type:belgif:missingScope',
      status: 403,
      requiredScopes: ['registry:write'],
    });
    expect(write.headers.get('www-authenticate')).toBe(
      'Bearer realm="registry", error="insufficient_scope", scope="registry:write"',
    );
  });

  it('answers expiredAccessToken to an expired token', async () => {
    const expired = await server.auth!.issueToken({ clientId: 'reader', lifetimeSec: -5 });
    const answer = await get('/employers', `Bearer ${expired}`);
    expect([answer.status, answer.json?.['type']]).toEqual([401, 'urn:problem-type:belgif:expiredAccessToken']);
    expect(answer.headers.get('www-authenticate')).toContain('error_description="The access token expired"');
  });

  it('keeps /health and /doc/* open, and publishes the secured document there', async () => {
    expect((await get('/health')).status).toBe(200);
    const doc = await get('/doc/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.json?.['components']).toHaveProperty(
      'securitySchemes.OAuth2.flows.clientCredentials.tokenUrl',
      '/oauth2/token',
    );
  });
});

it('the secured document declares a scope on every operation but the open ones, and lints clean (sec-req)', async () => {
  const document = buildSecuredDocument();
  const paths = document['paths'] as Record<string, Record<string, { security?: unknown }>>;
  expect(paths['/employers']?.['post']?.security).toEqual([{ OAuth2: ['registry:write'] }]);
  expect(paths['/employers']?.['get']?.security).toEqual([{ OAuth2: ['registry:read'] }]);
  expect(paths['/health']?.['get']?.security).toEqual([]);
  const report = await lintObject(document, 'secured-openapi.json');
  expect(
    report.findings.filter((f) => f.severity <= 1).map((f) => `${f.code} ${f.path.join('/')}: ${f.message}`),
  ).toEqual([]);
}, 30_000);
