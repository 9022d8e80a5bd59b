import { sameJson } from '../support/same-json.js';
import { defineStaleIfMatchCheck } from '../support/stale-if-match.js';
import { PUT_SUBJECT, putSubject, sendPut, skipUnlessPutSupported } from './support/put-subject.js';

export default defineStaleIfMatchCheck({
  id: 'put.stale-if-match',
  method: 'PUT',
  requires: PUT_SUBJECT,
  async writes(ctx, document) {
    const subject = await putSubject(ctx, document);
    return {
      url: subject.url,
      etag: subject.etag,
      async update(etag) {
        const fresh = await sendPut(ctx, subject.url, subject.changed, { 'if-match': etag });
        skipUnlessPutSupported(ctx, document, fresh);
        return fresh;
      },
      // The stale writer puts the old representation back.
      undo: (updated) =>
        sameJson(updated, subject.representation)
          ? { skip: 'the change made no difference, so a stale write would not show' }
          : { body: subject.original },
      write: (body, etag) => sendPut(ctx, subject.url, body, { 'if-match': etag }),
    };
  },
});
