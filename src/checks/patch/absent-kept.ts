import { defineCheck } from '../../core/define-check.js';
import { isSuccess, reread } from '../create/support/created-document.js';
import { sameJson, show } from '../create/support/same-json.js';
import { PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';

export default defineCheck({
  meta: {
    id: 'patch.absent-kept', rule: 'doc-patch', severity: 'warning', writes: true,
    title: 'Properties absent from a merge patch keep their values',
    messages: {
      rejected: 'PATCH {{url}} with the profile\'s patch {{patch}} answered {{status}}.',
      notKept: 'After PATCH {{url}} with {{patch}}, `{{property}}` (absent from the patch) changed from {{before}} to {{actual}}.',
    },
  },
  appliesTo: 'document',
  requires: PATCH_SUBJECT,
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    const data = { url: subject.url, patch: show(subject.patch) };
    const patched = await sendPatch(ctx, subject.url, subject.patch);
    if (!ctx.expect(isSuccess(patched), 'rejected', { ...data, status: patched.response.status }, patched)) return;
    const after = await reread(ctx, subject.url);
    for (const [property, value] of Object.entries(subject.representation)) {
      if (property in subject.patch) continue;
      const actual = after.representation?.[property];
      ctx.expect(sameJson(actual, value), 'notKept', { ...data, property, before: show(value), actual: show(actual) }, subject.before, patched, after.exchange);
    }
  },
});
