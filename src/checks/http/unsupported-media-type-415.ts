import { defineCheck } from '../../core/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { beginWriting } from '../support/own-writes.js';
import { cleanUpCreated, mustBeAbleToCleanUp, WITH_CREATE_BODY } from '../support/created-document.js';
import { trafficMark } from '../support/own-records.js';

export default defineCheck({
  meta: {
    id: 'http.unsupported-media-type-415',
    rule: 'cnt-negot',
    severity: 'error',
    writes: true,
    title: 'A request body of an unsupported media type answers 415',
    messages: {
      not415: '{{method}} {{url}} with Content-Type: text/plain answered {{status}} instead of 415.',
    },
  },
  appliesTo: 'collection',
  requires: WITH_CREATE_BODY,
  async run(ctx, collection) {
    mustBeAbleToCleanUp(ctx, collection);
    await beginWriting(ctx, collection);
    ctx.judgeLocationsItself();
    const body = collection.createBody();
    const mark = trafficMark(ctx);
    const exchange = await ctx.request({
      method: 'POST',
      url: collection.path,
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body),
    });
    // A server that created something anyway gets it removed again, once proven the run's own.
    if (exchange.response.status >= 200 && exchange.response.status < 300)
      cleanUpCreated(ctx, collection, exchange, body, mark);
    ctx.expect(exchange.response.status === 415, 'not415', exchangeData(exchange), exchange);
  },
});
