import { defineCheck } from '../../core/engine/define-check.js';
import { CREATED_BY_A_COLLECTION, createSubject, creatorOf } from '../support/created-document.js';
import { ownProblemFaultOrNote, PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';

export default defineCheck({
  meta: {
    id: 'delete.then-404',
    rule: 'stat-codes',
    severity: 'warning',
    writes: true,
    title: 'DELETE of a document answers 204 (or 200 with a body), after which GET answers 404 with a problem',
    messages: {
      wrongStatus: 'DELETE {{url}} answered {{status}} instead of 204 (or 200 with a body).',
      emptyOk: 'DELETE {{url}} answered 200 without a body; 204 is the status of a success without content.',
      stillThere: 'GET {{url}} after its DELETE answered {{status}} instead of 404.',
      notProblem: 'GET {{url}} after its DELETE answered 404, but {{reason}}.',
    },
  },
  appliesTo: 'document',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  // Only a document the check created is deleted.
  requires: CREATED_BY_A_COLLECTION,
  async run(ctx, document) {
    const subject = await createSubject(ctx, creatorOf(document));
    const removed = await ctx.request({ method: 'DELETE', url: subject.url });
    const { status, text } = removed.response;
    if (!ctx.expect(status === 204 || status === 200, 'wrongStatus', { url: subject.url, status }, removed)) return;
    if (status === 200) ctx.expect(text.trim() !== '', 'emptyOk', { url: subject.url }, removed);
    const gone = await ctx.get(subject.url);
    if (
      !ctx.expect(
        gone.response.status === 404,
        'stillThere',
        { url: subject.url, status: gone.response.status },
        removed,
        gone,
      )
    )
      return;
    const reason = await ownProblemFaultOrNote(ctx, gone);
    ctx.expect(reason === undefined, 'notProblem', { url: subject.url, reason }, gone);
  },
});
