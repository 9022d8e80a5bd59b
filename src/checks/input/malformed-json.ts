import { defineCheck } from '../../core/define-check.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { mediaTypeOf, type Exchange } from '../../core/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';
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
      not400: '{{method}} {{url}} with a body that is not JSON answered {{status}} instead of 400.',
      notProblem:
        '{{method}} {{url}} answered 400 with {{contentType}} instead of a problem (application/problem+json).',
    },
  },
  appliesTo: 'api',
  // An error answer that is not problem+json is problem.media-type's finding, reported once for the run.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  requires: WRITE_PROBE_TARGET,
  async run(ctx) {
    const { collection, document } = writeTargets(ctx);
    const judge = (exchange: Exchange) => {
      const data = exchangeData(exchange);
      if (!ctx.expect(exchange.response.status === 400, 'not400', data, exchange)) return;
      const contentType = mediaTypeOf(exchange.response) ?? '(none)';
      ctx.expect(contentType === 'application/problem+json', 'notProblem', { ...data, contentType }, exchange);
    };
    if (collection) judge(await postProbe(ctx, collection, { body: NOT_JSON }));
    if (document) judge((await updateProbe(ctx, document, () => ({ body: NOT_JSON }))).exchange);
  },
});
