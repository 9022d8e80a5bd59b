import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import { supportsMethod, type CollectionTarget, type DocumentTarget } from '../../core/profile/target.js';
import { writableBody } from '../support/writable-body.js';
import { exchangeData } from '../support/provoke-errors.js';
import { cleanUpCreated, mustBeAbleToCleanUp, unreadBodyProof, WITH_CREATE_BODY } from '../support/created-document.js';
import { trafficMark } from '../support/own-records.js';

/** How the API writes to an item of `collection` (PUT or PATCH), when the profile says it can. */
function itemWrite(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
): { method: 'PUT' | 'PATCH'; document: DocumentTarget } | undefined {
  const document = ctx.target.documents.find((d) => d.path === collection.itemPath);
  if (!document) return undefined;
  const method =
    document.update && supportsMethod(document, document.update)
      ? (document.update.toUpperCase() as 'PUT' | 'PATCH')
      : (['PUT', 'PATCH'] as const).find((m) => document.methods?.includes(m));
  return method ? { method, document } : undefined;
}

export default defineCheck({
  meta: {
    id: 'http.unsupported-media-type-415',
    rule: 'cnt-negot',
    severity: 'error',
    writes: true,
    title: 'A request body of an unsupported media type answers 415',
    messages: {
      not415: '{{method}} {{url}} with Content-Type: text/plain answered {{status}} instead of 415.',
    },
  },
  appliesTo: 'collection',
  requires: WITH_CREATE_BODY,
  async run(ctx, collection) {
    // A lax server stores a body it cannot read as an empty record, which shows nothing the run sent: the probe
    // goes where the run can tell what it made.
    mustBeAbleToCleanUp(ctx, collection);
    const write = itemWrite(ctx, collection);
    const { subject, unread } = await unreadBodyProof(ctx, collection);
    const headers = { 'content-type': 'text/plain' };
    if (write) {
      // Written to a record the run created and proved its own (deleted after the check): a text/plain write
      // there cannot create anyone else's record. Its own representation, so a server that reads it anyway
      // changes nothing (not even the key the cleanup deletes by).
      const exchange = await ctx.request({
        method: write.method,
        url: subject.url,
        headers: { ...headers, ...(subject.etag ? { 'if-match': subject.etag } : {}) },
        body: JSON.stringify(writableBody(subject.representation, write.document)),
      });
      ctx.expect(exchange.response.status === 415, 'not415', exchangeData(exchange), exchange);
      return;
    }
    ctx.judgeLocationsItself();
    const body = collection.createBody();
    const mark = trafficMark(ctx);
    const exchange = await ctx.request({ method: 'POST', url: collection.path, headers, body: JSON.stringify(body) });
    // A record made anyway is removed once proven the run's own: it holds only what the server assigns itself.
    if (exchange.response.status >= 200 && exchange.response.status < 300)
      cleanUpCreated(ctx, collection, exchange, body, mark, unread);
    ctx.expect(exchange.response.status === 415, 'not415', exchangeData(exchange), exchange);
  },
});
