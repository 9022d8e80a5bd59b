import { defineCheck } from '../../core/engine/define-check.js';
import { exchangeData, provokeErrors } from '../support/provoke-errors.js';

export default defineCheck({
  meta: {
    id: 'http.content-type-on-body',
    rule: 'cnt-negot',
    severity: 'error',
    writes: false,
    title: 'Every response with a body says its media type in Content-Type',
    messages: {
      missing: '{{method}} {{url}} answered {{status}} with a body of {{length}} characters but no Content-Type.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const urls = [api.health, ...ctx.target.collections.map((c) => c.firstPage())];
    for (const document of ctx.target.documents)
      if (document.sampleIds[0] !== undefined) urls.push(document.url(document.sampleIds[0]));
    const exchanges = [...(await Promise.all(urls.map((url) => ctx.get(url)))), ...(await provokeErrors(ctx))];
    let judged = 0;
    for (const exchange of exchanges) {
      if (exchange.response.text === '') continue;
      judged++;
      ctx.expect(
        exchange.response.headers['content-type'] !== undefined,
        'missing',
        { ...exchangeData(exchange), length: exchange.response.text.length },
        exchange,
      );
    }
    if (judged === 0) ctx.skip('no response had a body');
  },
});
