import { defineCheck } from '../../core/engine/define-check.js';
import { supportsMethod } from '../../core/profile/target.js';
import { absentUrl, WITH_ABSENT_ID } from '../support/absent-id.js';
import { ownProblemFaultOrNote, PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';

export default defineCheck({
  meta: {
    id: 'delete.absent-404',
    rule: 'stat-codes',
    severity: 'warning',
    writes: true,
    title: 'DELETE of a document that does not exist answers 404 with a problem',
    messages: {
      not404: 'DELETE {{url}} (a document that does not exist) answered {{status}} instead of 404.',
      notProblem: 'DELETE {{url}} (a document that does not exist) answered 404, but {{reason}}.',
    },
  },
  appliesTo: 'document',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  requires: {
    what: 'document with DELETE and an absent id',
    test: (document) => WITH_ABSENT_ID.test(document) && supportsMethod(document, 'DELETE'),
  },
  async run(ctx, document) {
    const url = await absentUrl(ctx, document);
    // Never DELETE something that exists: the absent id is verified first.
    const probe = await ctx.get(url);
    if (probe.response.status !== 404)
      return ctx.skip(`GET ${url} answered ${probe.response.status}, so the absent id is not known to be absent`);
    const exchange = await ctx.request({ method: 'DELETE', url });
    const { status } = exchange.response;
    if (!ctx.expect(status === 404, 'not404', { url, status }, probe, exchange)) return;
    const reason = await ownProblemFaultOrNote(ctx, exchange);
    ctx.expect(reason === undefined, 'notProblem', { url, reason }, exchange);
  },
});
