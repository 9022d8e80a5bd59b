import { defineCheck } from '../../core/define-check.js';
import { isObject, jsonTypeOf } from '../../core/json.js';
import { listingOf } from '../../core/list-shape.js';
import { propertyFilters, WITH_PROPERTY_FILTER } from '../support/filtered-page.js';
import { linkOf, NO_MATCH, pageOrSkip, totalOf } from '../support/collection-page.js';

export default defineCheck({
  meta: {
    id: 'collection.empty-result',
    rule: 'col-repres',
    severity: 'error',
    writes: false,
    title: 'A filter that matches nothing gives 200 with `items: []`',
    messages: {
      status:
        'GET {{url}} (a filter that matches nothing) answered {{status}}; an empty result is 200 with `items: []`.',
      notEmptyArray: 'GET {{url}} (a filter that matches nothing) answered `items` as {{items}}, not an empty array.',
      total: 'GET {{url}} (a filter that matches nothing) answered `total` {{total}}, not 0.',
      next: 'GET {{url}} (a filter that matches nothing) has a `next` link although it holds no items.',
    },
  },
  appliesTo: 'collection',
  requires: WITH_PROPERTY_FILTER,
  async run(ctx, collection) {
    const filters = propertyFilters(collection);
    // A typed filter (e.g. a boolean) may refuse the random value with 400 (422 for some frameworks); then the
    // next filter is tried. Refusing a malformed value says nothing of empty results.
    const tried = filters.slice(0, 3);
    for (const filter of tried) {
      const exchange = await ctx.get(collection.firstPage({ query: { [filter]: NO_MATCH } }));
      const { status } = exchange.response;
      const url = exchange.request.url;
      const refused = status === 400 || status === 422;
      if (refused && filter !== tried[tried.length - 1]) continue;
      if (refused) ctx.skip(`every filter refused the value ${NO_MATCH} with ${status}`);
      if (!ctx.expect(status === 200, 'status', { url, status }, exchange)) return;
      const { json } = exchange.response;
      // A bare array or no object at all is the finding of collection.is-object / items-array, not of this check.
      // Items listed under another name (`results`) are collection.items-array's finding: `items` is not verified here.
      const listedElsewhere =
        isObject(json) && json['items'] === undefined && listingOf(json, { knownList: true }) !== undefined;
      const body = isObject(json) && !listedElsewhere ? json : pageOrSkip(ctx, exchange).body;
      const items = body['items'];
      // One answer decides: items, a total or a next link for a value no data holds break the rule whatever a
      // second request would answer (no control request: there is nothing to compare).
      ctx.expect(
        Array.isArray(items) && items.length === 0,
        'notEmptyArray',
        {
          url,
          items:
            items === undefined ? '(absent)' : Array.isArray(items) ? `an array of ${items.length}` : jsonTypeOf(items),
        },
        exchange,
      );
      if (body['total'] !== undefined)
        ctx.expect(totalOf(body) === 0, 'total', { url, total: JSON.stringify(body['total']) }, exchange);
      ctx.expect(linkOf(body, 'next') === undefined, 'next', { url }, exchange);
      return;
    }
  },
});
