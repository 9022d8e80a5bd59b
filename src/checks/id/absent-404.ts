import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { withoutTrailingSlashes } from '../../core/profile/trailing-slashes.js';
import { absentUrl, WITH_ABSENT_ID } from '../support/absent-id.js';
import { ownProblemFaultOrNote, problemResponseFault } from '../support/problem-response.js';
import { problemOf, problemTypeName } from './support/problem-type.js';

export default defineCheck({
  meta: {
    id: 'id.absent-404',
    rule: 'stat-codes',
    severity: 'error',
    writes: false,
    title: 'A well-formed identifier of no resource answers 404 with a resourceNotFound problem',
    messages: {
      not404: '{{method}} {{url}} (absent id {{id}}) answered {{status}} instead of 404.',
      notProblem: '{{method}} {{url}} answered 404 without a problem body (application/problem+json).',
      notResourceNotFound:
        '{{method}} {{url}} answered 404 with problem type {{type}} instead of a resourceNotFound type.',
    },
  },
  appliesTo: 'document',
  requires: WITH_ABSENT_ID,
  async run(ctx, document) {
    const url = await absentUrl(ctx, document);
    const exchange = await ctx.get(url);
    const data = {
      ...exchangeData(exchange),
      id: decodeURIComponent(withoutTrailingSlashes(url).split('/').pop() ?? ''),
    };
    if (!ctx.expect(exchange.response.status === 404, 'not404', data, exchange)) return;
    // A 404 that is not a problem, as every error of the API, is the problem.* checks' finding: the status
    // judged here stands, with a note pointing there.
    const apiWide = problemResponseFault(exchange) !== undefined;
    if (apiWide && (await ownProblemFaultOrNote(ctx, exchange)) === undefined) return;
    const problem = problemOf(exchange);
    if (!ctx.expect(problem !== undefined, 'notProblem', data, exchange)) return;
    ctx.expect(
      /notfound/i.test(problemTypeName(problem) ?? ''),
      'notResourceNotFound',
      { ...data, type: String(problem?.['type']) },
      exchange,
    );
  },
});
