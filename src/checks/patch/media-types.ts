import { defineCheck } from '../../core/define-check.js';
import { isSuccess } from '../create/support/created-document.js';
import { MERGE_PATCH, PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';

export default defineCheck({
  meta: {
    id: 'patch.media-types', rule: 'doc-patch', severity: 'warning', writes: true,
    title: 'PATCH accepts a merge patch as application/merge-patch+json and as application/json',
    messages: {
      refused: 'PATCH {{url}} with Content-Type {{contentType}} answered {{status}}; a merge patch is accepted as application/merge-patch+json and application/json.',
    },
  },
  appliesTo: 'document',
  requires: PATCH_SUBJECT,
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    // Sequential: the same patch twice is idempotent, and two writes at once could race on an ETag.
    for (const contentType of [MERGE_PATCH, 'application/json']) {
      const patched = await sendPatch(ctx, subject.url, subject.patch, contentType);
      ctx.expect(isSuccess(patched), 'refused', { url: subject.url, contentType, status: patched.response.status }, patched);
    }
  },
});
