import { defineCheck } from '../../core/engine/define-check.js';
import { bodyOptional, exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, errorAnswers } from '../support/traffic.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { isObject, jsonTypeOf } from '../../core/util/json.js';

// The problem members whose JSON type RFC 9457 fixes (type is the only mandatory one).
const MEMBER_TYPES: Record<string, string[]> = {
  type: ['string'],
  title: ['string'],
  status: ['integer'],
  detail: ['string'],
  instance: ['string'],
  href: ['string'],
  issues: ['array'],
};

export default defineCheck({
  meta: {
    id: 'problem.members',
    rule: 'err-problem',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'Problem bodies are JSON objects with a `type` and correctly typed members',
    messages: {
      notObject: '{{method}} {{url}} answered {{status}} with a body that is not a JSON object{{also}}.',
      missingType: '{{method}} {{url}} answered {{status}} with a problem lacking the mandatory `type` member{{also}}.',
      wrongType:
        '{{method}} {{url}} answered {{status}} with a problem whose `{{member}}` is {{actual}}, not {{expected}}{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const causes = new Causes(ctx);
    let offered = 0;
    const answers = await errorAnswers(ctx, await provokeErrors(ctx));
    for (const exchange of answers) {
      if (bodyOptional(exchange)) {
        causes.pass();
        continue;
      }
      // One cause, one finding: a body not served as a problem is problem.media-type's, whatever its members.
      if (mediaTypeOf(exchange.response) !== 'application/problem+json') continue;
      offered++;
      const body = exchange.response.json;
      const data = exchangeData(exchange);
      if (!causes.expect(isObject(body), 'notObject', data, exchange) || !isObject(body)) continue;
      causes.expect(body['type'] !== undefined, 'missingType', data, exchange);
      for (const [member, expected] of Object.entries(MEMBER_TYPES)) {
        if (body[member] === undefined) continue;
        const actual = jsonTypeOf(body[member]);
        causes.expect(
          expected.includes(actual),
          'wrongType',
          { ...data, member, actual, expected: expected.join(' or ') },
          exchange,
        );
      }
    }
    causes.flush();
    if (offered === 0 && answers.some((exchange) => !bodyOptional(exchange))) {
      ctx.skip('not verified: no error answer was served as application/problem+json (see problem.media-type)');
    }
  },
});
