import { confirming } from '../support/confirm.js';
import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { redactUrl } from '../../core/report/redact.js';
import { isRecordingTarget, judgingRecording, NEEDS_PROBING, recordedGet, recordedGets } from '../support/traffic.js';
import { holdDocument } from '../support/document-lock.js';
import type { DocumentTarget } from '../../core/profile/target.js';

/** The opaque tag without its weak prefix: If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
const opaque = (etag: string): string => etag.trim().replace(/^W\//, '');

const MESSAGES = {
  noValidator: 'GET {{url}} answered without an ETag and without Cache-Control: clients cannot cache or revalidate it.',
  not304:
    'GET {{url}} with If-None-Match: {{etag}} (the ETag just returned) answered {{status}}, not 304 Not Modified.',
  etagChanged: 'GET {{url}} with If-None-Match: {{etag}} answered 304 with ETag {{returned}}, not the same ETag.',
} as const;

export default defineCheck({
  meta: {
    id: 'http.caching',
    rule: 'prf-cach',
    severity: 'warning',
    writes: false,
    evidence: 'reads',
    title:
      'A document GET carries an ETag or Cache-Control; If-None-Match with its ETag answers 304 with the same ETag',
    messages: MESSAGES,
  },
  appliesTo: 'document',
  requires: {
    what: 'document with a sample id',
    // A recording is judged on the GETs of the document it holds, whichever ids they read.
    test: (document: DocumentTarget, target) => document.sampleIds.length > 0 || isRecordingTarget(target),
  },
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, document: DocumentTarget) => {
    const recorded = judgingRecording(ctx) ? await recordedReads(ctx, document) : undefined;
    const url = recorded?.first.request.url ?? document.url(document.sampleIds[0] ?? '');
    // The two reads are compared: no write of this run may change the document between them.
    if (!recorded) await holdDocument(ctx, url, 'read');
    const first = recorded?.first ?? (await ctx.get(url));
    if (first.response.status !== 200) return ctx.skip(`GET ${url} answered ${first.response.status}, not 200`);
    const etag = first.response.headers['etag'];
    const cacheControl = first.response.headers['cache-control'];
    // Caching is a SHOULD-consider: without headers it is demanded only where the profile declares an ETag.
    if (etag === undefined && cacheControl === undefined && !document.etag) {
      return ctx.skip(
        `GET ${first.request.url} shows neither ETag nor Cache-Control and the profile declares no ETag: caching is optional`,
      );
    }
    if (!ctx.expect(etag !== undefined || cacheControl !== undefined, 'noValidator', { url: first.request.url }, first))
      return;
    // Cache-Control alone (e.g. max-age) is a caching policy without a validator: nothing to revalidate.
    if (etag === undefined) return;
    // A 304 has no body by HTTP framing (RFC 9110 §15.4.5): the client never sees one, so only status and ETag are judged.
    const revalidated = recorded
      ? (recorded.revalidation(etag) ??
        ctx.skip(
          `${NEEDS_PROBING} (its ETag was judged; GET ${redactUrl(url)} with If-None-Match: ${etag} is not in the recording)`,
        ))
      : await ctx.get(url, { headers: { 'If-None-Match': etag } });
    const data = { url: revalidated.request.url, etag, status: revalidated.response.status };
    if (!ctx.expect(revalidated.response.status === 304, 'not304', data, first, revalidated)) return;
    const returned = revalidated.response.headers['etag'];
    ctx.expect(
      returned !== undefined && opaque(returned) === opaque(etag),
      'etagChanged',
      { ...data, returned: returned ?? '(none)' },
      first,
      revalidated,
    );
  }),
});

/**
 * Of a recording: the GET a run would read first (the sample document's, else one of the document's GETs that
 * answered 200, one whose revalidation is recorded first), and the recorded GET of it with If-None-Match, if any.
 */
async function recordedReads(
  ctx: CheckContext<string>,
  document: DocumentTarget,
): Promise<{ first: Exchange; revalidation(etag: string): Exchange | undefined }> {
  const conditional = await recordedGets(ctx, document.path, true);
  const revalidationOf = (first: Exchange, etag: string): Exchange | undefined =>
    recordedGet(ctx, first.request.url, { 'if-none-match': etag }) ??
    conditional.find(
      (e) =>
        e.request.url === first.request.url &&
        (e.request.headers['if-none-match'] ?? '').split(',').some((tag) => opaque(tag) === opaque(etag)),
    );
  const sample = document.sampleIds[0];
  const plain = (await recordedGets(ctx, document.path)).filter((e) => e.response.status === 200);
  const revalidated = plain.find((e) => {
    const etag = e.response.headers['etag'];
    return etag !== undefined && revalidationOf(e, etag) !== undefined;
  });
  const first = (sample === undefined ? undefined : recordedGet(ctx, document.url(sample))) ?? revalidated ?? plain[0];
  if (!first) return ctx.skip(`${NEEDS_PROBING} (no GET of ${document.path} that answered 200 is in the recording)`);
  return { first, revalidation: (etag) => revalidationOf(first, etag) };
}
