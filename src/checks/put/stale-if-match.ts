import { defineCheck } from '../../core/engine/define-check.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { sameJson } from '../support/same-json.js';
import { runStaleIfMatch, withEtag } from '../support/stale-if-match.js';
import { PUT_SUBJECT, putSubject, sendPut, skipUnlessPutSupported } from './support/put-subject.js';

export default defineCheck({
  meta: {
    id: 'put.stale-if-match',
    rule: 'stat-codes',
    severity: 'warning',
    writes: true,
    title:
      'A PUT with the current ETag in If-Match succeeds; one with a stale ETag answers 412 or 409 and changes nothing',
    messages: {
      freshRefused: 'PUT {{url}} with If-Match {{etag}} (the current ETag) answered {{status}}.',
      staleAccepted: 'PUT {{url}} with a stale If-Match {{etag}} answered {{status}} instead of 412 or 409.',
      notProblem: 'PUT {{url}} with a stale If-Match answered {{status}}, but {{reason}}.',
      changed:
        'PUT {{url}} with a stale If-Match was refused, yet `{{property}}` changed from {{before}} to {{actual}}.',
    },
  },
  appliesTo: 'document',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  requires: withEtag(PUT_SUBJECT),
  async run(ctx, document) {
    const subject = await putSubject(ctx, document);
    await runStaleIfMatch(ctx, {
      method: 'PUT',
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
    });
  },
});
