// The auth checks on an OAuth2 API we did not write (opaque tokens, several challenges per header), and
// no secret of the run in the report even when that API echoes them back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/checks/index.js';
import { defineCheck } from '../../../src/core/engine/define-check.js';
import { runChecks, type RunOptions } from '../../../src/core/engine/runner.js';
import { startForeignApi, type ForeignApi } from '../../helpers/foreign-oauth-api.js';

let api: ForeignApi;
let expired: string;
const profile = { collections: [{ path: '/things' }], api: { openapiJson: '/health', openapiYaml: '/health' } };

beforeAll(async () => {
  api = await startForeignApi({ echo: true });
  // An expired token the way a team keeps one: fetched earlier, now lapsed (here: expired on the server).
  const answer = await fetch(api.tokenUrl, {
    method: 'POST',
    body: 'grant_type=client_credentials',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(api.clientId)}:${encodeURIComponent(api.secret)}`).toString('base64')}`,
    },
  });
  expired = ((await answer.json()) as { access_token: string }).access_token;
  api.expire(expired);
});
afterAll(async () => {
  await api.server.close();
});

const options = (): RunOptions => ({
  baseUrl: `${api.server.origin}/api`,
  timeoutMs: 5000,
  deadlineMs: 20_000,
  auth: {
    oauth2: {
      tokenUrl: api.tokenUrl,
      clientId: api.clientId,
      clientAuth: { method: 'client_secret_basic', secret: api.secret },
      narrowScope: 'things.write',
    },
    expiredToken: expired,
  },
});

describe('auth checks against a foreign OAuth2 API', () => {
  it('all pass: opaque tokens, a string expires_in, Bearer among other challenges', async () => {
    const report = await runChecks(
      CHECKS.filter((c) => c.meta.id.startsWith('auth.')),
      profile,
      options(),
    );
    expect(report.results.map((r) => `${r.status} ${r.id}${r.status === 'pass' ? '' : `: ${r.message}`}`)).toEqual([
      'pass auth.expired-token',
      'pass auth.invalid-token',
      'pass auth.missing-scope',
      'pass auth.no-token',
      'pass auth.open-resources',
    ]);
  });

  it('a fixed Authorization header counts as protected: no narrow token or expired one, so those two are not applicable', async () => {
    const { auth: _oauth, ...rest } = options();
    const answer = await fetch(api.tokenUrl, {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(api.clientId)}:${encodeURIComponent(api.secret)}`).toString('base64')}`,
      },
    });
    const token = ((await answer.json()) as { access_token: string }).access_token;
    const report = await runChecks(
      CHECKS.filter((c) => c.meta.id.startsWith('auth.')),
      profile,
      {
        ...rest,
        headers: { Authorization: `Bearer ${token}` },
        auth: { staticAuthorization: true },
      },
    );
    expect(report.results.map((r) => `${r.status} ${r.id}`)).toEqual([
      'skip auth.expired-token',
      'pass auth.invalid-token',
      'skip auth.missing-scope',
      'pass auth.no-token',
      'pass auth.open-resources',
    ]);
  });

  it('a Basic credential protects the API but is no access token: the token checks are not applicable', async () => {
    const { auth: _oauth, ...rest } = options();
    const { resolveAuth } = await import('../../../src/core/http/auth/settings.js');
    const headers = { Authorization: `Basic ${Buffer.from('AC123:secret').toString('base64')}` };
    const auth = await resolveAuth({}, undefined, headers, {}, process.cwd());
    expect(auth).toEqual({ staticAuthorization: true, staticScheme: 'Basic' });
    const report = await runChecks(
      CHECKS.filter((c) => c.meta.id === 'auth.no-token' || c.meta.id === 'auth.invalid-token'),
      profile,
      { ...rest, headers, ...(auth ? { auth } : {}) },
    );
    expect(report.results.map((r) => `${r.status} ${r.id}: ${r.message}`)).toEqual([
      'skip auth.invalid-token: not applicable: the target has no API protected by Bearer access tokens (--oauth2-token-url, a profile auth: section, or an Authorization: Bearer header)',
      'skip auth.no-token: not applicable: the target has no API protected by Bearer access tokens (--oauth2-token-url, a profile auth: section, or an Authorization: Bearer header)',
    ]);
  });

  it('redacts the token and the client secret wherever the API echoes them, and forgets them after the run', async () => {
    const echoed = defineCheck({
      meta: {
        id: 'http.sample-echo',
        rule: 'stat-codes',
        severity: 'error',
        writes: false,
        title: 'sample that fails with evidence',
        messages: { seen: 'saw {{text}}' },
      },
      appliesTo: 'collection',
      async run(ctx, collection) {
        const page = await ctx.get(collection.firstPage());
        ctx.report('seen', { text: JSON.stringify(page.response.json) }, page);
      },
    });
    const report = await runChecks([echoed], profile, options());
    const text = JSON.stringify(report);
    expect(report.results[0]?.status).toBe('fail');
    expect(text).toContain('[REDACTED]');
    expect(text).not.toContain(api.secret);
    expect(text).not.toMatch(/[0-9a-f]{48}/); // the opaque token
  });
});
