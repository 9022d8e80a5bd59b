import { defineCheck, type CheckContext } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';
import { judgeableTraffic, judgingRecording } from '../support/traffic.js';

// The '-' cells of the guide's status × method matrix for the safe methods (204 on GET: http.no-204-on-get).
const NOT_FOR: Record<string, number[]> = {
  GET: [201, 202, 409, 412, 413],
  HEAD: [201, 202, 409, 412, 413],
};

export default defineCheck({
  meta: {
    id: 'http.status-matrix',
    rule: 'stat-codes',
    severity: 'warning',
    writes: false,
    title:
      "GET and HEAD answer only statuses the guide's matrix allows; 201/3xx carry Location, 405 and OPTIONS 200 Allow",
    messages: {
      statusNotForMethod: '{{method}} {{url}} answered {{status}}, a status {{method}} should not use.',
      missingLocation: '{{method}} {{url}} answered {{status}} without a Location header.',
      missingAllow: '{{method}} {{url}} answered 405 without an Allow header.',
      optionsWithoutAllow:
        '{{method}} {{url}} answered {{status}} without an Allow header (the methods the resource supports).',
    },
  },
  appliesTo: 'api',
  requires: {
    what: 'collection or document',
    test: (_api, target) => target.collections.length > 0 || target.documents.length > 0,
  },
  async run(ctx) {
    // A recording is judged whole, none sent: every recorded answer against the matrix of its method.
    const exchanges = judgingRecording(ctx) ? await recorded(ctx) : await probe(ctx);
    for (const exchange of exchanges) {
      const { status, headers } = exchange.response;
      const data = exchangeData(exchange);
      ctx.expect(!(NOT_FOR[exchange.request.method] ?? []).includes(status), 'statusNotForMethod', data, exchange);
      if ([201, 301, 302, 303, 307, 308].includes(status))
        ctx.expect(headers['location'] !== undefined, 'missingLocation', data, exchange);
      if (status === 405) ctx.expect(headers['allow'] !== undefined, 'missingAllow', data, exchange);
      // An API need not answer OPTIONS, but a successful answer is there to list the methods.
      if (exchange.request.method === 'OPTIONS' && (status === 200 || status === 204))
        ctx.expect(headers['allow'] !== undefined, 'optionsWithoutAllow', data, exchange);
    }
  },
});

/** Each collection's first page and each document (a sample, absent and malformed id): the URLs a run asks. */
function probedUrls(ctx: CheckContext<string>): string[] {
  const urls = ctx.target.collections.map((c) => c.firstPage());
  for (const document of ctx.target.documents) {
    const ids = [document.sampleIds[0], document.absentId, ...document.malformedIds].filter(
      (id): id is string => id !== undefined,
    );
    urls.push(...ids.map((id) => document.url(id)));
  }
  return urls;
}

/** GET, HEAD and OPTIONS of each URL a run asks. */
async function probe(ctx: CheckContext<string>): Promise<Exchange[]> {
  const options = (url: string) => ctx.request({ method: 'OPTIONS', url });
  return (
    await Promise.all(probedUrls(ctx).map((url) => Promise.all([ctx.get(url), ctx.head(url), options(url)])))
  ).flat();
}

/** Every recorded answer, those to the URLs a run asks first: a fault seen there is told in a run's words. */
async function recorded(ctx: CheckContext<string>): Promise<Exchange[]> {
  const asked = new Set(probedUrls(ctx).map((url) => ctx.url(url)));
  const all = await judgeableTraffic(ctx, []);
  return [...all.filter((e) => asked.has(e.request.url)), ...all.filter((e) => !asked.has(e.request.url))];
}
