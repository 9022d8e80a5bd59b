import { defineCheck } from '../../core/engine/define-check.js';
import { readCollectionPage } from '../support/traffic.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { jsonTypeOf } from '../../core/util/json.js';

export default defineCheck({
  meta: {
    id: 'collection.is-object',
    rule: 'evo-object',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'A collection is a JSON object (never a bare array) served as JSON',
    messages: {
      status: 'GET {{url}} answered {{status}}, not 200 with the collection.',
      contentType: 'GET {{url}} answered the collection with Content-Type {{contentType}}, not a JSON media type.',
      notJson: 'GET {{url}} answered a body that is not JSON.',
      notObject: 'GET {{url}} answered a JSON {{type}} as the collection; it must be a JSON object.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const exchange = await readCollectionPage(ctx, collection, collection.firstPage({ pageSize: 2 }));
    const { response } = exchange;
    const url = exchange.request.url;
    if (!ctx.expect(response.status === 200, 'status', { url, status: response.status }, exchange)) return;
    const contentType = mediaTypeOf(response);
    ctx.expect(
      contentType !== undefined && /^application\/([\w.-]+\+)?json$/.test(contentType),
      'contentType',
      { url, contentType: contentType ?? '(none)' },
      exchange,
    );
    if (!ctx.expect(response.json !== undefined, 'notJson', { url }, exchange)) return;
    ctx.expect(jsonTypeOf(response.json) === 'object', 'notObject', { url, type: jsonTypeOf(response.json) }, exchange);
  },
});
