import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { isOpenApiVersion } from './support/openapi-version.js';

export default defineCheck({
  meta: {
    id: 'doc.openapi-json',
    rule: 'doc-refdata',
    severity: 'warning',
    writes: false,
    title: 'The OpenAPI document is published as JSON at /doc/openapi.json, open to any client',
    messages: {
      notAvailable: 'GET {{url}} (without credentials) answered {{status}}, not 200.',
      notJson: 'GET {{url}} answered Content-Type {{contentType}} with a body that is not a JSON object.',
      notOpenApi: 'GET {{url}} answered JSON whose `openapi` is {{version}}, not an OpenAPI version such as "3.0.3".',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const exchange = await ctx.get(api.openapiJson, { credentials: false, headers: { accept: 'application/json' } });
    const data = {
      url: exchange.request.url,
      status: exchange.response.status,
      contentType: mediaTypeOf(exchange.response) ?? '(none)',
    };
    if (!ctx.expect(exchange.response.status === 200, 'notAvailable', data, exchange)) return;
    if (exchange.response.truncated) return ctx.skip('the document is larger than the body cap');
    const doc = exchange.response.json;
    if (!ctx.expect(isObject(doc), 'notJson', data, exchange) || !isObject(doc)) return;
    ctx.expect(
      isOpenApiVersion(doc['openapi']),
      'notOpenApi',
      { ...data, version: JSON.stringify(doc['openapi']) ?? 'absent' },
      exchange,
    );
  },
});
