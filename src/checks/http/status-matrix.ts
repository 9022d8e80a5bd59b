import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
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
    // The 405s the write probes draw are judged too, against every Allow the run saw: it runs once they are in.
    evidence: 'traffic',
    title:
      "GET and HEAD answer only statuses the guide's matrix allows; 201/3xx carry Location, 405 and OPTIONS 200 Allow",
    messages: {
      statusNotForMethod: '{{method}} {{url}} answered {{status}}, a status {{method}} should not use.',
      missingLocation: '{{method}} {{url}} answered {{status}} without a Location header.',
      missingAllow: '{{method}} {{url}} answered 405 without an Allow header.',
      optionsWithoutAllow:
        '{{method}} {{url}} answered {{status}} without an Allow header (the methods the resource supports).',
      allowListsRefused:
        '{{url}} answered {{method}} with 405, yet {{where}} lists {{method}} in Allow: {{allow}}{{also}}.',
    },
  },
  appliesTo: 'api',
  requires: {
    what: 'collection or document',
    test: (_api, target) => target.collections.length > 0 || target.documents.length > 0,
  },
  // A 405 without Allow is one cause whatever the method (Feathers' MethodNotAllowed): the 405 check's when it saw it.
  dependsOn: [
    { check: 'http.method-not-allowed-405', when: ['missingAllow'], findings: ['missingAllow'], anyResource: true },
  ],
  async run(ctx) {
    // A recording is judged whole, none sent: every recorded answer against the matrix of its method.
    const exchanges = judgingRecording(ctx) ? await recorded(ctx) : await probe(ctx);
    judgeAllow(ctx, await judgeableTraffic(ctx, exchanges));
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

/** A resource's URL: no query, no fragment, no trailing slash. */
const resourceOf = (url: string): string => url.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? url;

/**
 * meth-http / RFC 9110 §10.2.1: Allow lists the methods the resource supports. A method the same resource answers
 * 405 to is not one: an Allow naming it (on the 405 itself, or on an OPTIONS answer) misleads every client reading it.
 */
function judgeAllow(ctx: CheckContext<'allowListsRefused'>, answers: Exchange[]): void {
  const allowed = new Map<string, Array<{ methods: string[]; allow: string; exchange: Exchange }>>();
  for (const exchange of answers) {
    const allow = exchange.response.headers['allow'];
    if (allow === undefined) continue;
    const methods = allow.split(',').map((method) => method.trim().toUpperCase());
    const resource = resourceOf(exchange.request.url);
    allowed.set(resource, [...(allowed.get(resource) ?? []), { methods, allow, exchange }]);
  }
  // One finding per method and resource, however many answers show it.
  const causes = new Causes(ctx, (id, data) => `${id} ${String(data['method'])} ${String(data['url'])}`);
  for (const refusal of answers.filter((e) => e.response.status === 405)) {
    const { method, url } = refusal.request;
    // The 405's own Allow first: the plainest evidence.
    const candidates = allowed.get(resourceOf(url)) ?? [];
    const lists = [...candidates.filter((c) => c.exchange === refusal), ...candidates].find(({ methods }) =>
      methods.includes(method),
    );
    if (!lists) continue;
    const where = lists.exchange === refusal ? 'the 405 itself' : `the answer to ${lists.exchange.request.method}`;
    const data = { url: resourceOf(url), method, where, allow: lists.allow };
    causes.report('allowListsRefused', data, refusal);
    if (lists.exchange !== refusal) causes.report('allowListsRefused', data, lists.exchange);
  }
  causes.flush();
}

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
