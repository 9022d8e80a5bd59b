import { defineCheck } from '../../core/define-check.js';
import { isSuccess, reread } from '../support/created-document.js';
import { problemResponseFault } from '../support/problem-response.js';
import { sameJson, show } from '../support/same-json.js';
import { PUT_SUBJECT, putSubject, sendPut, skipUnlessPutSupported } from './support/put-subject.js';

export default defineCheck({
  meta: {
    id: 'put.stale-if-match', rule: 'stat-codes', severity: 'warning', writes: true,
    title: 'A PUT with the current ETag in If-Match succeeds; one with a stale ETag answers 412 or 409 and changes nothing',
    messages: {
      freshRefused: 'PUT {{url}} with If-Match {{etag}} (the current ETag) answered {{status}}.',
      staleAccepted: 'PUT {{url}} with a stale If-Match {{etag}} answered {{status}} instead of 412 or 409.',
      notProblem: 'PUT {{url}} with a stale If-Match answered {{status}}, but {{reason}}.',
      changed: 'PUT {{url}} with a stale If-Match was refused, yet `{{property}}` changed from {{before}} to {{actual}}.',
    },
  },
  appliesTo: 'document',
  requires: PUT_SUBJECT,
  async run(ctx, document) {
    const subject = await putSubject(ctx, document);
    const stale = subject.etag;
    if (stale === undefined) return ctx.skip(`GET ${subject.url} gave no ETag`);
    const fresh = await sendPut(ctx, subject.url, subject.changed, { 'if-match': stale });
    skipUnlessPutSupported(ctx, document, fresh);
    if (!ctx.expect(isSuccess(fresh), 'freshRefused', { url: subject.url, etag: stale, status: fresh.response.status }, fresh)) return;
    const updated = await reread(ctx, subject.url);
    if (!updated.representation) return ctx.skip(`GET ${subject.url} after the PUT answered ${updated.exchange.response.status}`);
    if (updated.exchange.response.headers['etag'] === stale) return ctx.skip('the ETag did not change after an update, so no stale ETag is at hand');
    if (sameJson(updated.representation, subject.representation)) return ctx.skip('the change made no difference, so a stale write would not show');
    // The stale writer puts the old representation back; a conforming server refuses and keeps the update.
    const refused = await sendPut(ctx, subject.url, subject.original, { 'if-match': stale });
    const { status } = refused.response;
    const data = { url: subject.url, etag: stale, status };
    if (!ctx.expect(status === 412 || status === 409, 'staleAccepted', data, refused)) return;
    const reason = problemResponseFault(refused);
    ctx.expect(reason === undefined, 'notProblem', { ...data, reason }, refused);
    const after = await reread(ctx, subject.url);
    for (const [property, value] of Object.entries(updated.representation)) {
      const actual = after.representation?.[property];
      ctx.expect(sameJson(actual, value), 'changed', { url: subject.url, property, before: show(value), actual: show(actual) }, refused, after.exchange);
    }
  },
});
