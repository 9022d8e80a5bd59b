import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData, UNKNOWN_PATH } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'http.unknown-uri-404',
    rule: 'stat-codes',
    severity: 'error',
    writes: false,
    title: 'A URI that maps to no resource answers 404',
    messages: {
      not404: '{{method}} {{url}} (no such resource) answered {{status}} instead of 404.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    const urls = [UNKNOWN_PATH, `${UNKNOWN_PATH}/restguideChild`];
    // Also below a real document: an unknown child of an existing resource.
    const document = ctx.target.documents.find((d) => d.sampleIds.length > 0);
    if (document) urls.push(`${document.url(document.sampleIds[0] ?? '')}/restguideUnknownChild`);
    for (const exchange of await Promise.all(urls.map((url) => ctx.get(url)))) {
      ctx.expect(exchange.response.status === 404, 'not404', exchangeData(exchange), exchange);
    }
  },
});
