import { defineCheck } from '../../core/define-check.js';
import { isObject } from '../../core/json.js';
import { exchangeData, provokeErrorResponses } from '../../core/provoke-errors.js';
import { ABSOLUTE_URI } from './type-uri.js';

export default defineCheck({
  meta: {
    id: 'problem.instance-absolute', rule: 'err-problem', severity: 'error', writes: false,
    title: 'Problem `instance` values are absolute URIs (e.g. urn:uuid:...)',
    messages: {
      notAbsolute: '{{method}} {{url}} answered {{status}} with problem instance "{{instance}}", which is not an absolute URI.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    let judged = 0;
    for (const exchange of await provokeErrorResponses(ctx)) {
      const body = exchange.response.json;
      if (!isObject(body) || body['instance'] === undefined) continue;
      judged++;
      const instance = String(body['instance']);
      ctx.expect(typeof body['instance'] === 'string' && ABSOLUTE_URI.test(instance), 'notAbsolute', { ...exchangeData(exchange), instance }, exchange);
    }
    if (judged === 0) ctx.skip('no error response carried a problem `instance`');
  },
});
