// A protected API end to end through the CLI: serve --auth, check with client credentials from the
// environment, the profile's auth: section, --auth-demo, and the usage errors, none of which leak a secret.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runServe } from '../../src/cli/serve.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { captureIo } from '../helpers/io.js';

const SECRET = 'cli-secret-f00dfeedcafe';
let url: string;
let tokenUrl: string;
let stop: () => void;
let serving: Promise<number>;
// A token of this server, fetched first: with 5 s tokens it has lapsed by the time the whole-suite run starts.
let soonExpired: { token: string; expiresAt: number };
const LIFETIME_S = 5;

async function check(args: string[], env: Record<string, string> = {}, cwd?: string) {
  const io = captureIo();
  io.env = env;
  if (cwd) io.cwd = cwd;
  const code = await main(['check', ...args], io);
  return { code, io, report: io.out.startsWith('{') ? (JSON.parse(io.out) as CheckReport) : undefined };
}

beforeAll(async () => {
  // `RESTGUIDE_CLIENT_SECRET=... restguide serve --auth --port 0`, in-process.
  const io = captureIo();
  io.env = { RESTGUIDE_CLIENT_SECRET: SECRET };
  const until = new Promise<void>((resolve) => {
    stop = resolve;
  });
  serving = runServe(
    { port: '0', host: '127.0.0.1', taskDelay: '300', auth: true, tokenLifetime: String(LIFETIME_S) },
    io,
    { until },
  );
  for (let i = 0; i < 200 && !io.out.includes('token endpoint'); i++) await new Promise((r) => setTimeout(r, 10));
  url = /listening on (\S+)/.exec(io.out)![1]!;
  tokenUrl = /token endpoint (\S+),/.exec(io.out)![1]!;
  expect(io.out).toContain('client restguide-demo, scopes registry:read registry:write');
  // The secret came from the environment: it is not printed back.
  expect(io.out).not.toContain(SECRET);
  soonExpired = { token: await fetchToken(), expiresAt: Date.now() + (LIFETIME_S + 1) * 1000 };
});
afterAll(async () => {
  stop();
  await serving;
});

describe('restguide check against serve --auth', () => {
  it('reads the credentials from the profile auth: section, the secret by the env var it names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-auth-'));
    await writeFile(
      join(dir, 'profile.yaml'),
      [
        'collections:',
        '  - path: /employers',
        'auth:',
        `  tokenUrl: ${tokenUrl}`,
        '  clientId: restguide-demo',
        '  clientSecretEnv: REGISTRY_SECRET',
        '  scope: registry:read',
        '  narrowScope: registry:write',
        '',
      ].join('\n'),
    );
    const { code, report } = await check(
      [url, '--profile', 'profile.yaml', '--only', 'auth', '--format', 'json'],
      { REGISTRY_SECRET: SECRET },
      dir,
    );
    expect(report?.results.map((r) => `${r.status} ${r.id}`)).toEqual([
      'skip auth.expired-token',
      'pass auth.invalid-token',
      'pass auth.missing-scope',
      'pass auth.no-token',
      'pass auth.open-resources',
    ]);
    expect(code).toBe(0);
  }, 30_000);

  it('refuses a secret written in the profile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-auth-'));
    await writeFile(
      join(dir, 'profile.yaml'),
      `auth:\n  tokenUrl: ${tokenUrl}\n  clientId: restguide-demo\n  clientSecret: ${SECRET}\n`,
    );
    const { code, io } = await check([url, '--profile', 'profile.yaml'], {}, dir);
    expect(code).toBe(2);
    expect(io.err).toBe(
      'restguide: bad profile profile.yaml: /auth has an unknown key `clientSecret`: did you mean `clientSecretEnv`? Allowed keys there: tokenUrl, clientId, clientSecretEnv, privateKeyFile, privateKeyEnv, scope, narrowScope, expiredTokenEnv, cert, key, ca\n',
    );
  });

  it('a refused client is one line and exit 2, naming the OAuth2 error, never the secret', async () => {
    const { code, io } = await check([url, '--oauth2-token-url', tokenUrl, '--client-id', 'restguide-demo'], {
      RESTGUIDE_CLIENT_SECRET: 'wrong-secret-1234567',
    });
    expect(code).toBe(2);
    expect(io.err).toBe(
      `restguide: cannot obtain an access token: the token endpoint ${tokenUrl} refused client restguide-demo: invalid_client: Client authentication failed\n`,
    );
  });

  it.each([
    [['--client-id', 'x'], {}, 'OAuth2 client credentials need both --oauth2-token-url and --client-id'],
    [
      ['--oauth2-token-url', 'http://127.0.0.1:1/token', '--client-id', 'x'],
      {},
      'no client credentials: set RESTGUIDE_CLIENT_SECRET (client secret) or RESTGUIDE_CLIENT_KEY (PEM key), or give --client-key <file>',
    ],
    [
      ['--oauth2-token-url', 'http://127.0.0.1:1/token', '--client-id', 'x', '-H', 'Authorization: Bearer abc'],
      { RESTGUIDE_CLIENT_SECRET: 's' },
      'give either an Authorization header or OAuth2 client credentials, not both',
    ],
    [['--scope', 'a'], {}, '--scope, --narrow-scope and --client-key need --oauth2-token-url and --client-id'],
    [
      ['--oauth2-token-url', 'ftp://x/token', '--client-id', 'x'],
      { RESTGUIDE_CLIENT_SECRET: 's' },
      '--oauth2-token-url is not an http(s) URL: "ftp://x/token"',
    ],
  ])('usage error %j', async (args, env, message) => {
    const { code, io } = await check(['http://127.0.0.1:1/api', ...args], env);
    expect([code, io.err]).toEqual([2, `restguide: ${message}\n`]);
  });

  it('credentials need a base URL; --auth-demo takes none', async () => {
    expect(
      (await check(['--oauth2-token-url', tokenUrl, '--client-id', 'x'], { RESTGUIDE_CLIENT_SECRET: SECRET })).io.err,
    ).toMatch(/need a base URL/);
    expect((await check([url, '--auth-demo'])).io.err).toMatch(
      /--auth-demo checks the embedded protected reference server: give no base URL/,
    );
  });
});

describe('restguide serve --auth without a secret in the environment', () => {
  it('generates one and prints it once, so a client can use it; a zero token lifetime is a usage error', async () => {
    const io = captureIo();
    let halt!: () => void;
    const until = new Promise<void>((resolve) => {
      halt = resolve;
    });
    const running = runServe({ port: '0', host: '127.0.0.1', auth: true }, io, { until });
    for (let i = 0; i < 200 && !io.out.includes('client secret'); i++) await new Promise((r) => setTimeout(r, 10));
    const secret = /client secret \(generated\): (\S+)\n/.exec(io.out)?.[1];
    const endpoint = /token endpoint (\S+),/.exec(io.out)?.[1];
    const answer = await fetch(endpoint!, {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`restguide-demo:${secret}`).toString('base64')}`,
      },
    });
    expect(answer.status).toBe(200);
    halt();
    expect(await running).toBe(0);
    await expect(runServe({ port: '0', auth: true, tokenLifetime: '0' }, captureIo())).rejects.toThrow(
      '--token-lifetime must be at least 1 second',
    );
  });
});

describe('restguide check --auth-demo', () => {
  it('checks the embedded protected server: every auth check passes', async () => {
    const { code, report } = await check(['--auth-demo', '--only', 'auth,health,doc', '--format', 'json']);
    expect(report?.results.filter((r) => r.status !== 'pass')).toEqual([]);
    expect(report?.results.filter((r) => r.id.startsWith('auth.'))).toHaveLength(5);
    expect(code).toBe(0);
  }, 30_000);
});

describe('restguide check against serve --auth, the whole suite (last: the first token has lapsed by now)', () => {
  it('runs the whole suite with 0 failed and 0 skipped across the expiry of a 5 s token; no secret or token in the report', async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, soonExpired.expiresAt - Date.now())));
    const { code, report, io } = await check(
      [
        url,
        '--oauth2-token-url',
        tokenUrl,
        '--client-id',
        'restguide-demo',
        '--scope',
        'registry:read registry:write',
        '--narrow-scope',
        'registry:write',
        '--allow-writes',
        '--format',
        'json',
      ],
      { RESTGUIDE_CLIENT_SECRET: SECRET, RESTGUIDE_EXPIRED_TOKEN: soonExpired.token },
    );
    expect(report?.results.filter((r) => r.status !== 'pass').map((r) => `${r.status} ${r.id} ${r.message}`)).toEqual(
      [],
    );
    expect(report?.results.filter((r) => r.id.startsWith('auth.')).map((r) => r.id)).toEqual([
      'auth.expired-token',
      'auth.invalid-token',
      'auth.missing-scope',
      'auth.no-token',
      'auth.open-resources',
    ]);
    expect(code).toBe(0);
    expect(io.out + io.err).not.toContain(SECRET);
    expect(io.out).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  }, 60_000);
});

async function fetchToken(): Promise<string> {
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`restguide-demo:${SECRET}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  return String(((await response.json()) as { access_token: string }).access_token);
}
