import { defineCheck } from '../../core/engine/define-check.js';
import { readCollectionPage } from '../support/traffic.js';
import { isObject, jsonTypeOf } from '../../core/util/json.js';
import { listingOf } from '../../core/profile/list-shape.js';

export default defineCheck({
  meta: {
    id: 'collection.items-array',
    rule: 'col-repres',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'A collection has an `items` array whose elements are JSON objects',
    messages: {
      notCollection: 'GET {{url}} answered {{status}} without a JSON object body.',
      missing: 'The collection {{url}} has no `items` property.',
      listedUnder: 'The collection {{url}} lists its items under `{{name}}`; the guide says `items`.',
      notArray: '`items` of {{url}} is a JSON {{type}}, not an array.',
      notObjectItem: 'items[{{index}}] of {{url}} is a JSON {{type}}, not an object.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const exchange = await readCollectionPage(ctx, collection, collection.firstPage({ pageSize: 3 }));
    const url = exchange.request.url;
    const body = exchange.response.json;
    if (exchange.response.status === 200 && Array.isArray(body))
      return ctx.skip(
        `GET ${url} answered a JSON array, not a collection object: not verified, see collection.is-object`,
      );
    if (
      !ctx.expect(
        exchange.response.status === 200 && isObject(body),
        'notCollection',
        { url, status: exchange.response.status },
        exchange,
      ) ||
      !isObject(body)
    )
      return;
    // Items under another name are still a list: one finding naming it, and the checks that need `items` are not verified.
    const listing = body['items'] === undefined ? listingOf(body, { knownList: true }) : undefined;
    if (listing) return ctx.report('listedUnder', { url, name: listing.under }, exchange);
    if (!ctx.expect(body['items'] !== undefined, 'missing', { url }, exchange)) return;
    const items = body['items'];
    if (
      !ctx.expect(Array.isArray(items), 'notArray', { url, type: jsonTypeOf(items) }, exchange) ||
      !Array.isArray(items)
    )
      return;
    if (items.length === 0) ctx.skip(`${url} has no items to look at`);
    items.forEach((item, index) =>
      ctx.expect(isObject(item), 'notObjectItem', { url, index, type: jsonTypeOf(item) }, exchange),
    );
  },
});
