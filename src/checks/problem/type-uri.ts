import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';

/** RFC 3986 absolute URI: a scheme, a colon, then something. */
export const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:[^\s]+$/i;

export default defineCheck({
  meta: {
    id: 'problem.type-uri',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'Problem `type` values are absolute URIs',
    messages: {
      notAbsolute:
        '{{method}} {{url}} answered {{status}} with problem type "{{type}}", which is not an absolute URI{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const causes = new Causes(
      ctx,
      (id, data) => `${id} ${/^[a-z][a-z0-9+.-]*:/i.exec(String(data['type']))?.[0].toLowerCase() ?? 'relative'}`,
    );
    let judged = 0;
    for (const exchange of await errorAnswers(ctx, await provokeErrors(ctx))) {
      const body = exchange.response.json;
      if (!isObject(body) || typeof body['type'] !== 'string') continue; // problem.members reports it
      judged++;
      causes.expect(
        ABSOLUTE_URI.test(body['type']),
        'notAbsolute',
        { ...exchangeData(exchange), type: body['type'] },
        exchange,
      );
    }
    causes.flush();
    if (judged === 0) ctx.skip('no error response carried a problem with a string `type`');
  },
});
