import { defineCheck } from '../../core/define-check.js';
import { isObject } from '../../core/json.js';
import { exchangeData, provokeErrorResponses } from '../../core/provoke-errors.js';

/** RFC 3986 absolute URI: a scheme, a colon, then something. */
export const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:[^\s]+$/i;

export default defineCheck({
  meta: {
    id: 'problem.type-uri', rule: 'err-problem', severity: 'error', writes: false,
    title: 'Problem `type` values are absolute URIs',
    messages: {
      notAbsolute: '{{method}} {{url}} answered {{status}} with problem type "{{type}}", which is not an absolute URI.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    let judged = 0;
    for (const exchange of await provokeErrorResponses(ctx)) {
      const body = exchange.response.json;
      if (!isObject(body) || typeof body['type'] !== 'string') continue; // problem.members reports it
      judged++;
      ctx.expect(ABSOLUTE_URI.test(body['type']), 'notAbsolute', { ...exchangeData(exchange), type: body['type'] }, exchange);
    }
    if (judged === 0) ctx.skip('no error response carried a problem with a string `type`');
  },
});
