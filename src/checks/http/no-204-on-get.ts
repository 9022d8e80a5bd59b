import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'http.no-204-on-get',
    rule: 'stat-codes',
    severity: 'error',
    writes: false,
    title: 'GET never answers 204 (an empty collection is 200 with `items: []`)',
    messages: {
      noContent: '{{method}} {{url}} answered 204; GET must answer 200 with a representation.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const urls = [api.health, ...ctx.target.collections.map((c) => c.firstPage())];
    for (const document of ctx.target.documents)
      if (document.sampleIds[0] !== undefined) urls.push(document.url(document.sampleIds[0]));
    for (const controller of ctx.target.controllers)
      if (controller.method === 'GET') urls.push(ctx.url(controller.path, controller.query));
    // An impossible filter value gives an empty result, the case where 204 is most tempting.
    for (const collection of ctx.target.collections) {
      const filter = collection.filters[0];
      if (filter !== undefined) urls.push(collection.firstPage({ query: { [filter]: 'restguideNoSuchValue' } }));
    }
    for (const exchange of await Promise.all(urls.map((url) => ctx.get(url)))) {
      ctx.expect(exchange.response.status !== 204, 'noContent', exchangeData(exchange), exchange);
    }
  },
});
