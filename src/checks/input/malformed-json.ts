import { defineCheck } from '../../core/engine/define-check.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { mediaTypeOf, type Exchange } from '../../core/engine/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';
import { VALIDATION_STATUS_ROOT } from '../support/validation-status.js';
import { markReportedServerError } from '../support/reported-server-errors.js';
import { postProbe, updateProbe, writeTargets, WRITE_PROBE_TARGET } from './support/write-probes.js';

/** Cut off mid-object: no JSON parser accepts it. */
const NOT_JSON = '{"restguide": ';

export default defineCheck({
  meta: {
    id: 'input.malformed-json',
    rule: 'req-valid',
    severity: 'error',
    writes: true,
    title: 'A request body that is not JSON answers 400 with a problem, not 500',
    messages: {
      not400: '{{method}} {{url}} with a body that is not JSON answered {{status}} instead of 400{{also}}.',
      notProblem:
        '{{method}} {{url}} answered 400 with {{contentType}} instead of a problem (application/problem+json).',
    },
  },
  appliesTo: 'api',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  // A 422 from the framework's one validation handler is input.declared-params' finding, told once.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT, VALIDATION_STATUS_ROOT],
  requires: WRITE_PROBE_TARGET,
  async run(ctx) {
    const { collection, document } = writeTargets(ctx);
    // One cause, one finding: the writes answered alike with another status than 400 are one finding.
    const refused = new Map<number, Exchange[]>();
    const judge = (exchange: Exchange) => {
      const { status } = exchange.response;
      if (status !== 400) return void refused.set(status, [...(refused.get(status) ?? []), exchange]);
      ctx.pass();
      const contentType = mediaTypeOf(exchange.response) ?? '(none)';
      const data = exchangeData(exchange);
      ctx.expect(contentType === 'application/problem+json', 'notProblem', { ...data, contentType }, exchange);
    };
    if (collection) judge(await postProbe(ctx, collection, { body: NOT_JSON }));
    if (document) judge((await updateProbe(ctx, document, () => ({ body: NOT_JSON }))).exchange);
    for (const [first, ...others] of refused.values()) {
      if (first === undefined) continue;
      const also = others.map((e) => `${e.request.method} ${e.request.url}`).join(', ');
      ctx.report('not400', { ...exchangeData(first), also: also ? ` (and ${also} alike)` : '' }, first, ...others);
      // A 5xx to the run's unreadable body is told here, not again as a status the document does not declare.
      for (const exchange of [first, ...others]) markReportedServerError(ctx, 'input.malformed-json', exchange);
    }
  },
});
