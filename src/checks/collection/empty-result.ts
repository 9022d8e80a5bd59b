import { defineCheck } from '../../core/engine/define-check.js';
import { isObject, jsonTypeOf } from '../../core/util/json.js';
import { listingOf } from '../../core/profile/list-shape.js';
import { propertyFilters, WITH_PROPERTY_FILTER } from '../support/filtered-page.js';
import { linkOf, noMatchValue, pageOrSkip, totalOf } from '../support/collection-page.js';
import { markReportedServerError } from '../support/reported-server-errors.js';

export default defineCheck({
  meta: {
    id: 'collection.empty-result',
    rule: 'col-repres',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'A filter that matches nothing gives 200 with `items: []`',
    messages: {
      status:
        'GET {{url}} (a filter that matches nothing) answered {{status}}; an empty result is 200 with `items: []`.',
      notEmptyArray: 'GET {{url}} (a filter that matches nothing) answered `items` as {{items}}, not an empty array.',
      total: 'GET {{url}} (a filter that matches nothing) answered `total` {{total}}, not 0.',
      next: 'GET {{url}} (a filter that matches nothing) has a `next` link although it holds no items.',
      serverError:
        'GET {{url}} answered {{status}} to the filter value {{value}} restguide made (it fits what the document declares): a server error for input, where a 400 or an empty result was due.',
    },
  },
  appliesTo: 'collection',
  requires: WITH_PROPERTY_FILTER,
  async run(ctx, collection) {
    // Only a value that fits the filter's declaration (no free text into a boolean, a date into a date filter):
    // an API's answer to a value that does not fit says nothing of empty results.
    const fitting = propertyFilters(collection)
      .map((filter) => ({ filter, value: noMatchValue(collection, filter) }))
      .filter((f): f is { filter: string; value: string } => f.value !== undefined);
    if (fitting.length === 0)
      ctx.skip(
        'not applicable: no filter takes a value that matches nothing and fits its declaration (booleans, enums, patterns)',
      );
    // A typed filter may still refuse the value with 400 (422 for some frameworks); then the next filter is tried.
    const tried = fitting.slice(0, 3);
    for (const { filter, value } of tried) {
      const exchange = await ctx.get(collection.firstPage({ query: { [filter]: value } }));
      const { status } = exchange.response;
      const url = exchange.request.url;
      const refused = status === 400 || status === 422;
      if (refused && filter !== tried[tried.length - 1]?.filter) continue;
      if (refused) ctx.skip(`every filter refused its value (${value}) with ${status}`);
      // A 5xx to the run's own value is what it is, a server error for input: not a departure from empty results.
      if (!ctx.expect(status < 500, 'serverError', { url, status, value }, exchange))
        return markReportedServerError(ctx, 'collection.empty-result', exchange, filter);
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
      // A next link beside items is what a page with items has: the items are the finding, said once.
      if (Array.isArray(items) && items.length === 0)
        ctx.expect(linkOf(body, 'next') === undefined, 'next', { url }, exchange);
      return;
    }
  },
});
