import { defineCheck } from '../../core/define-check.js';
import { isSuccess, reread } from '../support/created-document.js';
import { problemResponseFault } from '../support/problem-response.js';
import { restorePatch, sameJson, show } from '../support/same-json.js';
import { PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';

export default defineCheck({
  meta: {
    id: 'patch.stale-if-match', rule: 'stat-codes', severity: 'warning', writes: true,
    title: 'A PATCH with the current ETag in If-Match succeeds; one with a stale ETag answers 412 or 409 and changes nothing',
    messages: {
      freshRefused: 'PATCH {{url}} with If-Match {{etag}} (the current ETag) answered {{status}}.',
      staleAccepted: 'PATCH {{url}} with a stale If-Match {{etag}} answered {{status}} instead of 412 or 409.',
      notProblem: 'PATCH {{url}} with a stale If-Match answered {{status}}, but {{reason}}.',
      changed: 'PATCH {{url}} with a stale If-Match was refused, yet `{{property}}` changed from {{before}} to {{actual}}.',
    },
  },
  appliesTo: 'document',
  requires: PATCH_SUBJECT,
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    const stale = subject.etag;
    if (stale === undefined) return ctx.skip(`GET ${subject.url} gave no ETag`);
    const fresh = await sendPatch(ctx, subject.url, subject.patch, undefined, { 'if-match': stale });
    if (!ctx.expect(isSuccess(fresh), 'freshRefused', { url: subject.url, etag: stale, status: fresh.response.status }, fresh)) return;
    const updated = await reread(ctx, subject.url);
    if (!updated.representation) return ctx.skip(`GET ${subject.url} after the PATCH answered ${updated.exchange.response.status}`);
    if (updated.exchange.response.headers['etag'] === stale) return ctx.skip('the ETag did not change after an update, so no stale ETag is at hand');
    // The stale writer would undo the update; a conforming server refuses and keeps it.
    const undo = restorePatch(updated.representation, subject.representation);
    if (Object.keys(undo).length === 0) return ctx.skip('the profile\'s patch changed nothing, so a stale write would not show');
    const refused = await sendPatch(ctx, subject.url, undo, undefined, { 'if-match': stale });
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
