import { defineCheck } from '../../core/engine/define-check.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { restorePatch } from '../support/same-json.js';
import { runStaleIfMatch, withEtag } from '../support/stale-if-match.js';
import { PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';

export default defineCheck({
  meta: {
    id: 'patch.stale-if-match',
    rule: 'stat-codes',
    severity: 'warning',
    writes: true,
    title:
      'A PATCH with the current ETag in If-Match succeeds; one with a stale ETag answers 412 or 409 and changes nothing',
    messages: {
      freshRefused: 'PATCH {{url}} with If-Match {{etag}} (the current ETag) answered {{status}}.',
      staleAccepted: 'PATCH {{url}} with a stale If-Match {{etag}} answered {{status}} instead of 412 or 409.',
      notProblem: 'PATCH {{url}} with a stale If-Match answered {{status}}, but {{reason}}.',
      changed:
        'PATCH {{url}} with a stale If-Match was refused, yet `{{property}}` changed from {{before}} to {{actual}}.',
    },
  },
  appliesTo: 'document',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  requires: withEtag(PATCH_SUBJECT),
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    await runStaleIfMatch(ctx, {
      method: 'PATCH',
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
    });
  },
});
