import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';

// sec-req with hlth-res and doc-refdata: protection stops short of the health resource and the published contract.
export default defineCheck({
  meta: {
    id: 'auth.open-resources',
    rule: 'sec-req',
    severity: 'warning',
    writes: false,
    title: 'A protected API still answers /health and /doc/openapi.json|yaml without a token',
    messages: {
      protectedResource:
        'GET {{url}} without a token answered {{status}}: the health resource and the OpenAPI document stay open to any client.',
    },
  },
  appliesTo: 'api',
  requires: {
    what: 'protected API (--oauth2-token-url, a profile auth: section, or an Authorization header)',
    test: (api) => api.auth !== undefined,
  },
  async run(ctx, api) {
    const answered: Exchange[] = [];
    for (const path of [api.health, api.openapiJson, api.openapiYaml]) {
      const exchange = await ctx.get(path, { credentials: false });
      const { status } = exchange.response;
      if (
        !ctx.expect(
          status !== 401 && status !== 403,
          'protectedResource',
          { url: exchange.request.url, status },
          exchange,
        )
      )
        continue;
      if (status >= 200 && status < 300) answered.push(exchange);
    }
    // Absent (404) everywhere says nothing about protection: no verdict (a 401/403 above still fails).
    if (answered.length === 0) ctx.skip(`none of ${api.health}, ${api.openapiJson}, ${api.openapiYaml} answered 2xx`);
  },
});
