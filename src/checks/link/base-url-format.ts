import { defineCheck } from '../../core/engine/define-check.js';
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
  async run(ctx) {
    // The URL itself is the subject, whatever any path under it answers (many APIs have no /health); the GET of
    // the base URL is the evidence of a finding.
    const base = await ctx.get(ctx.baseUrl);
    const findings = judgeBaseUrl(ctx.baseUrl);
    for (const finding of findings) ctx.report(finding.id, finding.data, base);
    if (findings.length === 0) ctx.pass();
  },
});
