import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';

export default defineCheck({
  meta: {
    id: 'problem.status-matches',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'The `status` of a problem equals the HTTP status of its response',
    messages: {
      mismatch: '{{method}} {{url}} answered {{status}} with a problem whose `status` is {{bodyStatus}}{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    // One cause per HTTP status, whatever `status` each answer gave.
    const causes = new Causes(ctx, (id, data) => `${id} ${String(data['status'])}`);
    let judged = 0;
    for (const exchange of await errorAnswers(ctx, await provokeErrors(ctx))) {
      const body = exchange.response.json;
      if (!isObject(body) || body['status'] === undefined) continue;
      judged++;
      causes.expect(
        body['status'] === exchange.response.status,
        'mismatch',
        { ...exchangeData(exchange), bodyStatus: JSON.stringify(body['status']) },
        exchange,
      );
    }
    causes.flush();
    if (judged === 0) ctx.skip('no error response carried a problem with a `status` member');
  },
});
