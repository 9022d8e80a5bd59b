import { defineCheck } from '../../core/engine/define-check.js';
import { judgeRefusal, REFUSAL_MESSAGES } from './support/challenge.js';
import { BEARER_PROTECTED, readableResource } from './support/protected-resource.js';

// sec-req: a protected resource asked without a token answers 401 noAccessToken with a bare Bearer challenge.
export default defineCheck({
  meta: {
    id: 'auth.no-token',
    rule: 'sec-req',
    severity: 'error',
    writes: false,
    title: 'A protected resource asked without an access token answers 401 noAccessToken with WWW-Authenticate: Bearer',
    messages: { ...REFUSAL_MESSAGES },
  },
  appliesTo: 'api',
  requires: BEARER_PROTECTED,
  async run(ctx) {
    const { path } = await readableResource(ctx);
    const anonymous = await ctx.get(path, { credentials: false, headers: { accept: 'application/json' } });
    // RFC 6750 §3.1: a request without credentials gets a challenge without an error code.
    judgeRefusal(ctx, anonymous, { status: 401, type: 'noAccessToken', error: null }, 'Without a token');
  },
});
