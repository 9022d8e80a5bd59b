import { defineCheck } from '../../core/engine/define-check.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';
import { withQuery } from '../../core/profile/target.js';
import { hasIssue, UNKNOWN_INPUT } from './support/issues.js';
import { VALIDATION_STATUS_ROOT } from '../support/validation-status.js';
import { markReportedAnswer } from '../support/reported-server-errors.js';

const PARAM = 'restguideUnknownParam';

export default defineCheck({
  meta: {
    id: 'input.unknown-query-param',
    rule: 'req-valid',
    severity: 'warning',
    writes: false,
    title: 'An unknown query parameter answers 400 with an unknownInput issue in the query',
    messages: {
      not400: '{{method}} {{url}} (unknown query parameter {{param}}) answered {{status}} instead of 400.',
      notProblem:
        '{{method}} {{url}} (unknown query parameter {{param}}) answered 400 with {{contentType}} instead of a problem (application/problem+json).',
      noUnknownInputIssue:
        '{{method}} {{url}} answered 400 without an issue of type …input-validation:unknownInput, in query, named {{param}}.',
    },
  },
  appliesTo: 'api',
  // A framework's one error format for every bad input is problem.media-type's finding, and a framework's one
  // validation status (Flask's 422) input.declared-params': each told once.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT, VALIDATION_STATUS_ROOT],
  requires: {
    what: 'collection or document with a sample id',
    test: (_api, target) => target.collections.length > 0 || target.documents.some((d) => d.sampleIds.length > 0),
  },
  async run(ctx) {
    const paths = [
      ...ctx.target.collections.slice(0, 3).map((c) => c.path),
      ...ctx.target.documents
        .filter((d) => d.sampleIds.length > 0)
        .slice(0, 2)
        .map((d) => d.url(d.sampleIds[0] ?? '')),
    ];
    const exchanges = await Promise.all(paths.map((path) => ctx.get(withQuery(path, { [PARAM]: '1' }))));
    for (const exchange of exchanges) {
      const data = { ...exchangeData(exchange), param: PARAM };
      // The answer to this probe (CherryPy's 404) is told here, not again as a status the document does not declare.
      if (!ctx.expect(exchange.response.status === 400, 'not400', data, exchange)) {
        markReportedAnswer(ctx, 'input.unknown-query-param', exchange);
        continue;
      }
      const contentType = mediaTypeOf(exchange.response) ?? '(none)';
      if (!ctx.expect(contentType === 'application/problem+json', 'notProblem', { ...data, contentType }, exchange)) {
        markReportedAnswer(ctx, 'input.unknown-query-param', exchange);
        continue;
      }
      ctx.expect(
        hasIssue(exchange, { type: UNKNOWN_INPUT, in: 'query', name: PARAM }),
        'noUnknownInputIssue',
        data,
        exchange,
      );
    }
  },
});
