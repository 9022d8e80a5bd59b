import { defineCheck } from '../../core/define-check.js';
import { isObject } from '../../core/json.js';
import { exchangeData, provokeErrorResponses } from '../../core/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'problem.status-matches', rule: 'err-problem', severity: 'error', writes: false,
    title: 'The `status` of a problem equals the HTTP status of its response',
    messages: {
      mismatch: '{{method}} {{url}} answered {{status}} with a problem whose `status` is {{bodyStatus}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    let judged = 0;
    for (const exchange of await provokeErrorResponses(ctx)) {
      const body = exchange.response.json;
      if (!isObject(body) || body['status'] === undefined) continue;
      judged++;
      ctx.expect(body['status'] === exchange.response.status, 'mismatch', { ...exchangeData(exchange), bodyStatus: JSON.stringify(body['status']) }, exchange);
    }
    if (judged === 0) ctx.skip('no error response carried a problem with a `status` member');
  },
});
