import { parse as parseYaml } from 'yaml';
import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { isOpenApiVersion } from './support/openapi-version.js';

export default defineCheck({
  meta: {
    id: 'doc.openapi-yaml',
    rule: 'oas-yaml',
    severity: 'warning',
    writes: false,
    title: 'The OpenAPI document is published in YAML at /doc/openapi.yaml, open to any client',
    messages: {
      notAvailable: 'GET {{url}} (without credentials) answered {{status}}, not 200.',
      notYaml: 'GET {{url}} answered a body that does not parse as YAML: {{reason}}.',
      notOpenApi: 'GET {{url}} answered YAML whose `openapi` is {{version}}, not an OpenAPI version such as "3.0.3".',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const exchange = await ctx.get(api.openapiYaml, {
      credentials: false,
      headers: { accept: 'application/yaml, text/yaml;q=0.9, */*;q=0.1' },
    });
    const data = { url: exchange.request.url, status: exchange.response.status };
    if (!ctx.expect(exchange.response.status === 200, 'notAvailable', data, exchange)) return;
    if (exchange.response.truncated) return ctx.skip('the document is larger than the body cap');
    let doc: unknown;
    try {
      doc = parseYaml(exchange.response.text);
      ctx.pass();
    } catch (error) {
      return ctx.report('notYaml', { ...data, reason: (error as Error).message.split('\n')[0] }, exchange);
    }
    ctx.expect(
      isObject(doc) && isOpenApiVersion(doc['openapi']),
      'notOpenApi',
      { ...data, version: isObject(doc) ? (JSON.stringify(doc['openapi']) ?? 'absent') : 'absent' },
      exchange,
    );
  },
});
