import { defineCheck, type CheckContext } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';
import { Causes, judgeableTraffic, judgingRecording } from '../support/traffic.js';

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
    // A recording is judged whole, none sent: every recorded answer against the matrix of its method, one
    // finding per cause however many answers show it.
    const recorded = judgingRecording(ctx);
    const exchanges = recorded ? await judgeableTraffic(ctx, []) : await probe(ctx);
    const judge = recorded ? new Causes(ctx) : ctx;
    for (const exchange of exchanges) {
      const { status, headers } = exchange.response;
      const data = exchangeData(exchange);
      judge.expect(!(NOT_FOR[exchange.request.method] ?? []).includes(status), 'statusNotForMethod', data, exchange);
      if ([201, 301, 302, 303, 307, 308].includes(status))
        judge.expect(headers['location'] !== undefined, 'missingLocation', data, exchange);
      if (status === 405) judge.expect(headers['allow'] !== undefined, 'missingAllow', data, exchange);
      // An API need not answer OPTIONS, but a successful answer is there to list the methods.
      if (exchange.request.method === 'OPTIONS' && (status === 200 || status === 204))
        judge.expect(headers['allow'] !== undefined, 'optionsWithoutAllow', data, exchange);
    }
    if (judge instanceof Causes) judge.flush();
  },
});

/** GET, HEAD and OPTIONS of each collection's first page and of each document (a sample, absent and malformed id). */
async function probe(ctx: CheckContext<string>): Promise<Exchange[]> {
  const urls = ctx.target.collections.map((c) => c.firstPage());
  for (const document of ctx.target.documents) {
    const ids = [document.sampleIds[0], document.absentId, ...document.malformedIds].filter(
      (id): id is string => id !== undefined,
    );
    urls.push(...ids.map((id) => document.url(id)));
  }
  const options = (url: string) => ctx.request({ method: 'OPTIONS', url });
  return (await Promise.all(urls.map((url) => Promise.all([ctx.get(url), ctx.head(url), options(url)])))).flat();
}
