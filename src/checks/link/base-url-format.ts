import { defineCheck } from '../../core/define-check.js';
import { judgeBaseUrl } from './support/base-url-format.js';

export default defineCheck({
  meta: {
    id: 'link.base-url-format',
    rule: 'uri-format',
    severity: 'warning',
    writes: false,
    title:
      'The base URL is https://host[/pathPrefix]/apiName/v{major} with lowerCamelCase segments (http only on loopback)',
    messages: {
      notVersioned: 'The base URL {{url}} does not end in /v<major> (last segment: {{last}}).',
      noApiName: 'The base URL {{url}} has no apiName segment before its version.',
      segmentCase: 'The base URL {{url}} has the segment `{{segment}}`, which is not lowerCamelCase.',
      notHttps: 'The base URL {{url}} uses {{scheme}}, not https (plain http is accepted only on a loopback host).',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    // The URL is the subject; one request shows it is the API's base (and is the evidence of any finding).
    const health = await ctx.get(api.health);
    if (health.response.status === 404)
      return ctx.skip(`GET ${health.request.url} answered 404: ${ctx.baseUrl} may not be the API's base URL`);
    const findings = judgeBaseUrl(ctx.baseUrl);
    for (const finding of findings) ctx.report(finding.id, finding.data, health);
    if (findings.length === 0) ctx.pass();
  },
});
