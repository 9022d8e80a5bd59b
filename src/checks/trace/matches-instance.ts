import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';

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
    const causes = new Causes(ctx, (id, data) => `${id} ${String(data['status'])}`);
    let judged = 0;
    for (const exchange of await errorAnswers(ctx, await provokeErrors(ctx))) {
      const trace = exchange.response.headers[api.traceHeader.toLowerCase()];
      const body = exchange.response.json;
      const instance = isObject(body) ? body['instance'] : undefined;
      // Only a urn:uuid instance carries an id to compare; header-present reports a missing header.
      if (trace === undefined || typeof instance !== 'string' || !/^urn:uuid:/i.test(instance)) continue;
      judged++;
      causes.expect(
        instance.slice('urn:uuid:'.length).toLowerCase() === trace.toLowerCase(),
        'mismatch',
        { ...exchangeData(exchange), header: api.traceHeader, trace, instance },
        exchange,
      );
    }
    causes.flush();
    if (judged === 0) ctx.skip('no problem had both a trace id header and a urn:uuid instance');
  },
});
