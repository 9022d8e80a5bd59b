import { defineCheck } from '../../core/engine/define-check.js';
import { ownProblemFault } from '../support/problem-response.js';
import { PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';
import { pointerOf } from '../../openapi/pointer.js';

export default defineCheck({
  meta: {
    id: 'patch.json-patch-415',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'A JSON Patch (application/json-patch+json) is refused with 415',
    messages: {
      not415: 'PATCH {{url}} with a JSON Patch (application/json-patch+json) answered {{status}} instead of 415.',
      notProblem: 'PATCH {{url}} with a JSON Patch answered 415, but {{reason}}.',
    },
  },
  appliesTo: 'document',
  requires: PATCH_SUBJECT,
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    const operations = Object.entries(subject.patch).map(([name, value]) => ({
      op: 'replace',
      path: pointerOf([name]),
      value,
    }));
    const exchange = await sendPatch(ctx, subject.url, operations, 'application/json-patch+json');
    const { status } = exchange.response;
    if (!ctx.expect(status === 415, 'not415', { url: subject.url, status }, exchange)) return;
    const reason = await ownProblemFault(ctx, exchange);
    ctx.expect(reason === undefined, 'notProblem', { url: subject.url, reason }, exchange);
  },
});
