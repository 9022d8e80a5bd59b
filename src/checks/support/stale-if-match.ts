// The run of put.stale-if-match and patch.stale-if-match: an update with the current ETag in If-Match
// must succeed; the write that would undo it, sent with that ETag now stale, must be refused (412 or
// 409, a problem) and change nothing. The two checks differ only in how they write.
import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import type { DocumentTarget } from '../../core/profile/target.js';
import { isSuccess, reread } from './created-document.js';
import { PROBLEM_MEDIA_TYPE_ROOT, problemResponseFault } from './problem-response.js';
import { sameJson, show } from './same-json.js';

/** The message ids both checks declare, each worded for its method. */
type StaleIfMatchMessage = 'freshRefused' | 'staleAccepted' | 'notProblem' | 'changed';

interface StaleIfMatchWrites {
  method: 'PUT' | 'PATCH';
  /** The document the check may change, and its ETag as first read. */
  url: string;
  etag: string | undefined;
  /** Sends the update with `etag` in If-Match. */
  update(etag: string): Promise<Exchange>;
  /** The body that would put back what the update changed, or why such a write would not show. */
  undo(updated: Record<string, unknown>): { body: unknown } | { skip: string };
  /** Sends `body` with `etag` in If-Match. */
  write(body: unknown, etag: string): Promise<Exchange>;
}

/**
 * Optimistic locking is an optional feature: an ETag on GET (for caching, as Express sends one) does not promise
 * that writes honour If-Match, so these checks run only where the profile (or the description's ETag) declares it.
 */
export function withEtag<T extends { etag: boolean }>(guard: {
  what: string;
  test(document: T): boolean;
}): { what: string; test(document: T): boolean } {
  return {
    what: `${guard.what}, declaring ETag (etag: true)`,
    test: (document) => document.etag && guard.test(document),
  };
}

/** The check of one method, worded for it; `writes` finds the document to change and says how to write to it. */
export function defineStaleIfMatchCheck(check: {
  id: string;
  method: 'PUT' | 'PATCH';
  requires: { what: string; test(document: DocumentTarget): boolean };
  writes(ctx: CheckContext<StaleIfMatchMessage>, document: DocumentTarget): Promise<Omit<StaleIfMatchWrites, 'method'>>;
}) {
  const { method } = check;
  return defineCheck({
    meta: {
      id: check.id,
      rule: 'stat-codes',
      severity: 'warning',
      writes: true,
      title: `A ${method} with the current ETag in If-Match succeeds; one with a stale ETag answers 412 or 409 and changes nothing`,
      messages: {
        freshRefused: `${method} {{url}} with If-Match {{etag}} (the current ETag) answered {{status}}.`,
        staleAccepted: `${method} {{url}} with a stale If-Match {{etag}} answered {{status}} instead of 412 or 409.`,
        notProblem: `${method} {{url}} with a stale If-Match answered {{status}}, but {{reason}}.`,
        changed: `${method} {{url}} with a stale If-Match was refused, yet \`{{property}}\` changed from {{before}} to {{actual}}.`,
      },
    },
    appliesTo: 'document',
    // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
    dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
    requires: withEtag(check.requires),
    async run(ctx, document) {
      await runStaleIfMatch(ctx, { method, ...(await check.writes(ctx, document)) });
    },
  });
}

async function runStaleIfMatch(ctx: CheckContext<StaleIfMatchMessage>, writes: StaleIfMatchWrites): Promise<void> {
  const { url, etag: stale } = writes;
  if (stale === undefined) return ctx.skip(`GET ${url} gave no ETag`);
  const fresh = await writes.update(stale);
  if (!ctx.expect(isSuccess(fresh), 'freshRefused', { url, etag: stale, status: fresh.response.status }, fresh)) return;
  const updated = await reread(ctx, url);
  if (!updated.representation)
    return ctx.skip(`GET ${url} after the ${writes.method} answered ${updated.exchange.response.status}`);
  if (updated.exchange.response.headers['etag'] === stale)
    return ctx.skip('the ETag did not change after an update, so no stale ETag is at hand');
  // The stale writer would undo the update; a conforming server refuses and keeps it.
  const undo = writes.undo(updated.representation);
  if ('skip' in undo) return ctx.skip(undo.skip);
  const refused = await writes.write(undo.body, stale);
  const { status } = refused.response;
  const data = { url, etag: stale, status };
  if (!ctx.expect(status === 412 || status === 409, 'staleAccepted', data, refused)) return;
  const reason = problemResponseFault(refused);
  ctx.expect(reason === undefined, 'notProblem', { ...data, reason }, refused);
  const after = await reread(ctx, url);
  for (const [property, value] of Object.entries(updated.representation)) {
    const actual = after.representation?.[property];
    ctx.expect(
      sameJson(actual, value),
      'changed',
      { url, property, before: show(value), actual: show(actual) },
      refused,
      after.exchange,
    );
  }
}
