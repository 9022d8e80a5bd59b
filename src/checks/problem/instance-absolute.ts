import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';
import { ABSOLUTE_URI } from './type-uri.js';

export default defineCheck({
  meta: {
    id: 'problem.instance-absolute',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'Problem `instance` values are absolute URIs (e.g. urn:uuid:...)',
    messages: {
      notAbsolute:
        '{{method}} {{url}} answered {{status}} with problem instance "{{instance}}", which is not an absolute URI{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const causes = new Causes(ctx, (id, data) => `${id} ${String(data['status'])}`);
    let judged = 0;
    for (const exchange of await errorAnswers(ctx, await provokeErrors(ctx))) {
      const body = exchange.response.json;
      if (!isObject(body) || body['instance'] === undefined) continue;
      judged++;
      const instance = String(body['instance']);
      causes.expect(
        typeof body['instance'] === 'string' && ABSOLUTE_URI.test(instance),
        'notAbsolute',
        { ...exchangeData(exchange), instance },
        exchange,
      );
    }
    causes.flush();
    if (judged === 0) ctx.skip('no error response carried a problem `instance`');
  },
});
