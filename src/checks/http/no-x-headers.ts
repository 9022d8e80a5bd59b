import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { hasSampleResponses, SAMPLE_WHAT, sampleResponses } from '../support/sample-responses.js';
import { judgeableTraffic } from '../support/traffic.js';
import type { CheckResult } from '../../core/report/types.js';

/** The header a finding names: `with header x-powered-by;` here, `with header x-powered-by: Express` in no-leaks. */
const headerIn = (message: string): string | undefined => /with header ([\w-]+)[;:]/i.exec(message)?.[1]?.toLowerCase();

// Security headers that web servers, gateways and frameworks (e.g. helmet) add outside the API's design;
// they predate RFC 6648, have no un-prefixed names to move to, and removing them would weaken browsers' defences.
const TOLERATED = new Set([
  'x-content-type-options',
  'x-frame-options',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
]);

export default defineCheck({
  meta: {
    id: 'http.no-x-headers',
    rule: 'cst-header',
    severity: 'warning',
    writes: false,
    // Every answer of the run (or of a recording, the proxy's traffic), not only the samples: a header one
    // framework route adds is the API's as much as one every answer carries.
    evidence: 'traffic',
    title: 'Responses carry no X- headers (RFC 6648): custom headers use an organization prefix such as BelGov-',
    messages: {
      xHeader:
        '{{method}} {{url}} answered with header {{header}}; the X- prefix is deprecated (RFC 6648), use an organization prefix.',
    },
  },
  appliesTo: 'api',
  requires: { what: SAMPLE_WHAT, test: (_api, target) => hasSampleResponses(target) },
  // One cause, one finding: an X- header that reveals the implementation (X-Powered-By: Express) is problem.no-leaks'
  // finding, its removal the one fix; this check says "see problem.no-leaks" for that header.
  dependsOn: [
    {
      check: 'problem.no-leaks',
      when: ['leakInHeader'],
      findings: ['xHeader'],
      pairs: (failure: CheckResult, finding: { message: string }) =>
        headerIn(failure.message) !== undefined && headerIn(failure.message) === headerIn(finding.message),
    },
  ],
  async run(ctx) {
    const exchanges = await judgeableTraffic(ctx, await sampleResponses(ctx));
    // One finding per header name, with the first response that carried it.
    const seen = new Map<string, Exchange>();
    for (const exchange of exchanges) {
      for (const name of Object.keys(exchange.response.headers)) {
        if (/^x-/i.test(name) && !TOLERATED.has(name.toLowerCase()) && !seen.has(name)) seen.set(name, exchange);
      }
    }
    for (const [header, exchange] of seen) {
      ctx.report('xHeader', { method: exchange.request.method, url: exchange.request.url, header }, exchange);
    }
    if (seen.size === 0) ctx.pass();
  },
});
