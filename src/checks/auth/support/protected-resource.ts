// The resource the auth checks knock on: one the run's own credentials can read.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import type { ApiTarget, Target } from '../../../core/profile/target.js';

/**
 * The token checks' guard: the run sends OAuth 2 Bearer access tokens. A Basic credential protects an API too,
 * but the guide's noAccessToken and invalidAccessToken problems are about access tokens (RFC 6750).
 */
export const BEARER_PROTECTED = {
  what: 'API protected by Bearer access tokens (--oauth2-token-url, a profile auth: section, or an Authorization: Bearer header)',
  test: (api: ApiTarget): boolean => api.auth !== undefined && api.auth.scheme === undefined,
};

/** Paths of the profile's readable resources, first pages and sample documents. */
function protectedPaths(target: Target): string[] {
  const paths = target.collections.map((c) => c.firstPage({ pageSize: 1 }));
  for (const document of target.documents) {
    const id = document.sampleIds[0];
    if (id !== undefined) paths.push(document.url(id));
  }
  return paths;
}

/**
 * A path the run's credentials read with 2xx, and that exchange: a refusal seen there without (or
 * with a bad) token is then about the token, not about the resource. Skips when there is none.
 */
export async function readableResource(ctx: CheckContext, max = 3): Promise<{ path: string; authorized: Exchange }> {
  const paths = protectedPaths(ctx.target).slice(0, max);
  if (paths.length === 0) ctx.skip('the profile lists no collection or document with a sample id to read');
  for (const path of paths) {
    const authorized = await ctx.get(path, { headers: { accept: 'application/json' } });
    if (authorized.response.status >= 200 && authorized.response.status < 300) return { path, authorized };
  }
  return ctx.skip(`with the run's own credentials no resource of the profile answered 2xx (tried ${paths.join(', ')})`);
}
