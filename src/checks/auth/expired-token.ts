import { defineCheck } from '../../core/engine/define-check.js';
import { judgeRefusal, REFUSAL_MESSAGES } from './support/challenge.js';
import { readableResource } from './support/protected-resource.js';

// sec-req: an expired token answers 401 expiredAccessToken, Bearer error="invalid_token".
export default defineCheck({
  meta: {
    id: 'auth.expired-token',
    rule: 'sec-req',
    severity: 'error',
    writes: false,
    title: 'An expired access token answers 401 expiredAccessToken with Bearer error="invalid_token"',
    messages: { ...REFUSAL_MESSAGES },
  },
  appliesTo: 'api',
  requires: {
    what: 'expired access token (profile auth.expiredTokenEnv, or RESTGUIDE_EXPIRED_TOKEN)',
    test: (api) => api.auth?.expiredToken !== undefined,
  },
  async run(ctx, api) {
    const { path } = await readableResource(ctx);
    const expired = await ctx.get(path, {
      headers: { accept: 'application/json', authorization: `Bearer ${api.auth!.expiredToken!}` },
    });
    judgeRefusal(ctx, expired, { status: 401, type: 'expiredAccessToken', error: 'invalid_token' }, 'An expired token');
  },
});
