import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { NEVER_MATCHES } from '../support/own-writes.js';
import { controllerPath } from './support/call-controller.js';

export default defineCheck({
  meta: {
    id: 'controller.method-not-allowed',
    rule: 'meth-http',
    severity: 'error',
    writes: true,
    title:
      "A method other than the controller's (PUT, DELETE) answers 405 with an Allow header listing the controller's method",
    messages: {
      not405: '{{method}} {{url}} (a {{own}} controller) answered {{status}} instead of 405.',
      missingAllow: '{{method}} {{url}} answered 405 without an Allow header.',
      allowLacksMethod: '{{method}} {{url}} answered 405 with Allow: {{allow}}, which does not list {{own}}.',
    },
  },
  appliesTo: 'controller',
  async run(ctx, controller) {
    const own = controller.method;
    // A method the document declares on the path is the API's own, never a probe.
    const probes = (['PUT', 'DELETE'] as const).filter((method) => !controller.methods?.includes(method));
    if (probes.length === 0)
      ctx.skip(
        `not applicable: the document declares PUT and DELETE on ${controller.path}, so no method is left to probe`,
      );
    // Write methods: sent only with --allow-writes, in case a server wrongly honours them.
    const exchanges = await Promise.all(
      probes.map((method) =>
        ctx.request({
          method,
          url: controllerPath(controller),
          ...(method === 'PUT' ? { json: {} } : {}),
          headers: { ...NEVER_MATCHES },
        }),
      ),
    );
    for (const exchange of exchanges) {
      const data = { ...exchangeData(exchange), own };
      if (!ctx.expect(exchange.response.status === 405, 'not405', data, exchange)) continue;
      const allow = exchange.response.headers['allow'];
      if (!ctx.expect(allow !== undefined, 'missingAllow', data, exchange) || allow === undefined) continue;
      const listed = allow.split(',').map((m) => m.trim().toUpperCase());
      ctx.expect(listed.includes(own), 'allowLacksMethod', { ...data, allow }, exchange);
    }
  },
});
