import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { defineCheck } from '../../core/engine/define-check.js';
import { judgeRefusal, REFUSAL_MESSAGES } from './support/challenge.js';
import { BEARER_PROTECTED, readableResource } from './support/protected-resource.js';

const MALFORMED = 'restguide-malformed-access-token';

/**
 * A token the server did not sign: the run's own JWT claims re-signed with a key made here (so only
 * the signature is wrong), or, for an opaque token, plausible claims under that key.
 */
async function forgedToken(authorization: string | undefined): Promise<string> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  let claims: Record<string, unknown> = {
    sub: 'restguide',
    jti: randomUUID(),
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 300,
  };
  let alg = 'ES256';
  if (token && token.split('.').length === 3) {
    try {
      claims = { ...decodeJwt(token) };
      const own = decodeProtectedHeader(token).alg;
      if (own === 'RS256' || own === 'PS256' || own === 'EdDSA' || own === 'ES384') alg = own;
    } catch {
      /* not a JWT after all: keep the plausible claims */
    }
  }
  const { privateKey } = await generateKeyPair(alg, { extractable: false });
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(privateKey);
}

// sec-req: a malformed or wrongly signed token answers 401 invalidAccessToken, Bearer error="invalid_token".
export default defineCheck({
  meta: {
    id: 'auth.invalid-token',
    rule: 'sec-req',
    severity: 'error',
    writes: false,
    title:
      'A malformed or wrongly signed access token answers 401 invalidAccessToken with Bearer error="invalid_token"',
    messages: { ...REFUSAL_MESSAGES },
  },
  appliesTo: 'api',
  requires: BEARER_PROTECTED,
  async run(ctx) {
    const { path, authorized } = await readableResource(ctx);
    const expected = { status: 401, type: 'invalidAccessToken', error: 'invalid_token' } as const;
    const malformed = await ctx.get(path, {
      headers: { accept: 'application/json', authorization: `Bearer ${MALFORMED}` },
    });
    judgeRefusal(ctx, malformed, expected, 'A malformed token');
    const forged = await forgedToken(authorized.request.headers['authorization']);
    const wronglySigned = await ctx.get(path, {
      headers: { accept: 'application/json', authorization: `Bearer ${forged}` },
    });
    judgeRefusal(ctx, wronglySigned, expected, 'A token with a signature the server did not make');
  },
});
