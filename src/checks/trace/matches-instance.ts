import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData, judgeErrorAnswers } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'trace.matches-instance',
    rule: 'trc-header',
    severity: 'warning',
    writes: false,
    evidence: 'traffic',
    title: 'On a problem, the trace id header equals the UUID of the `instance` URN',
    messages: {
      mismatch:
        '{{method}} {{url}} answered {{status}} with {{header}} {{trace}} but problem instance {{instance}}{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    await judgeErrorAnswers(
      ctx,
      'no problem had both a trace id header and a urn:uuid instance',
      (exchange, causes) => {
        const trace = exchange.response.headers[api.traceHeader.toLowerCase()];
        const body = exchange.response.json;
        const instance = isObject(body) ? body['instance'] : undefined;
        // Only a urn:uuid instance carries an id to compare; header-present reports a missing header.
        if (trace === undefined || typeof instance !== 'string' || !/^urn:uuid:/i.test(instance)) return false;
        causes.expect(
          instance.slice('urn:uuid:'.length).toLowerCase() === trace.toLowerCase(),
          'mismatch',
          { ...exchangeData(exchange), header: api.traceHeader, trace, instance },
          exchange,
        );
        return true;
      },
    );
  },
});
