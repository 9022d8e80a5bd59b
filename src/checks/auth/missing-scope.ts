import { defineCheck } from '../../core/engine/define-check.js';
import { bearerChallenge, judgeRefusal, REFUSAL_MESSAGES } from './support/challenge.js';
import { readableResource } from './support/protected-resource.js';

// sec-req: a valid token without the operation's scope answers 403 missingScope listing requiredScopes.
export default defineCheck({
  meta: {
    id: 'auth.missing-scope',
    rule: 'sec-req',
    severity: 'error',
    writes: false,
    title:
      'A token lacking the scope of an operation answers 403 missingScope with requiredScopes and Bearer error="insufficient_scope"',
    messages: {
      ...REFUSAL_MESSAGES,
      noRequiredScopes:
        'GET {{url}} answered missingScope with requiredScopes {{actual}}; expected a non-empty array of scope names.',
      grantedRequired:
        'GET {{url}} answered missingScope requiring {{actual}}, which the narrow token was granted ({{granted}}).',
      noChallengeScope: 'The insufficient_scope challenge `{{header}}` names no scope="…" the operation needs.',
    },
  },
  appliesTo: 'api',
  requires: {
    what: 'narrow scope set (--narrow-scope, or profile auth.narrowScope) that lacks what reading the profile needs',
    test: (api) => api.auth?.narrow !== undefined,
  },
  async run(ctx, api) {
    const narrow = api.auth!.narrow!;
    const { path } = await readableResource(ctx);
    const refused = await ctx.get(path, {
      headers: { accept: 'application/json', authorization: await narrow.authorization() },
    });
    const what = `A token with only scope "${narrow.scope}"`;
    const problem = judgeRefusal(
      ctx,
      refused,
      { status: 403, type: 'missingScope', error: 'insufficient_scope' },
      what,
    );
    if (!problem) return;
    const data = { url: refused.request.url, actual: JSON.stringify(problem['requiredScopes']) ?? 'absent' };
    const required = problem['requiredScopes'];
    const names =
      Array.isArray(required) && required.length > 0 && required.every((s) => typeof s === 'string' && s !== '')
        ? (required as string[])
        : undefined;
    if (!ctx.expect(names !== undefined, 'noRequiredScopes', data, refused)) return;
    const granted = ((await narrow.grantedScope()) ?? narrow.scope).split(' ');
    ctx.expect(
      !names!.every((s) => granted.includes(s)),
      'grantedRequired',
      { ...data, granted: granted.join(' ') },
      refused,
    );
    const challenge = bearerChallenge(refused.response.headers['www-authenticate']);
    if (challenge?.['error'] === 'insufficient_scope') {
      ctx.expect(
        (challenge['scope'] ?? '') !== '',
        'noChallengeScope',
        { header: refused.response.headers['www-authenticate'] },
        refused,
      );
    }
  },
});
