import { restorePatch } from '../support/same-json.js';
import { defineStaleIfMatchCheck } from '../support/stale-if-match.js';
import { PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';

export default defineStaleIfMatchCheck({
  id: 'patch.stale-if-match',
  method: 'PATCH',
  requires: PATCH_SUBJECT,
  async writes(ctx, document) {
    const subject = await patchSubject(ctx, document);
    return {
      url: subject.url,
      etag: subject.etag,
      update: (etag) => sendPatch(ctx, subject.url, subject.patch, undefined, { 'if-match': etag }),
      undo(updated) {
        const patch = restorePatch(updated, subject.representation);
        return Object.keys(patch).length > 0
          ? { body: patch }
          : { skip: "the profile's patch changed nothing, so a stale write would not show" };
      },
      write: (body, etag) => sendPatch(ctx, subject.url, body, undefined, { 'if-match': etag }),
    };
  },
});
