import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import { callController } from './support/call-controller.js';

export default defineCheck({
  meta: {
    id: 'controller.status',
    rule: 'ctl-res',
    severity: 'error',
    writes: false,
    title: 'A controller answers its expected status with a JSON object body (or a problem for an error)',
    messages: {
      wrongStatus: '{{method}} {{url}} answered {{status}} instead of {{expected}}.',
      notJsonObject: '{{method}} {{url}} answered {{status}} with {{contentType}} that is not a JSON object.',
      bodyOn204: '{{method}} {{url}} answered 204 with a body.',
    },
  },
  appliesTo: 'controller',
  async run(ctx, controller) {
    const exchange = await callController(ctx, controller);
    const { status } = exchange.response;
    const data = {
      ...exchangeData(exchange),
      expected: controller.expectedStatus,
      contentType: mediaTypeOf(exchange.response) ?? '(no Content-Type)',
    };
    if (!ctx.expect(status === controller.expectedStatus, 'wrongStatus', data, exchange)) return;
    if (status === 204) return void ctx.expect(exchange.response.text === '', 'bodyOn204', data, exchange);
    // A success body is JSON; an expected error status is a problem (application/problem+json).
    const mediaType = mediaTypeOf(exchange.response) ?? '';
    const json = mediaType === 'application/json' || mediaType.endsWith('+json');
    ctx.expect(
      json && isObject(exchange.response.json) && (status < 400 || mediaType === 'application/problem+json'),
      'notJsonObject',
      data,
      exchange,
    );
  },
});
