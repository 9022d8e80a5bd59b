import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/define-check.js';
import { holdDocument } from '../support/document-lock.js';
import type { DocumentTarget } from '../../core/target.js';

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
    title:
      'A document GET carries an ETag or Cache-Control; If-None-Match with its ETag answers 304 with the same ETag',
    messages: MESSAGES,
  },
  appliesTo: 'document',
  requires: { what: 'document with a sample id', test: (document: DocumentTarget) => document.sampleIds.length > 0 },
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, document: DocumentTarget) => {
    const url = document.url(document.sampleIds[0] ?? '');
    // The two reads are compared: no write of this run may change the document between them.
    await holdDocument(ctx, url, 'read');
    const first = await ctx.get(url);
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
    const revalidated = await ctx.get(url, { headers: { 'If-None-Match': etag } });
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
