import { defineCheck } from '../../core/define-check.js';
import { valueAt } from '../../core/json.js';
import { show } from '../collection/support/item-documents.js';
import { matches, primitiveAt, propertyFilters, readPage, samplePage, WITH_TWO_PROPERTY_FILTERS } from './support/filtered-page.js';

const SIZE = 20;

export default defineCheck({
  meta: {
    id: 'filter.params-and', rule: 'col-filter', severity: 'warning', writes: false,
    title: 'Different filter parameters combine with AND: the result is the intersection',
    messages: {
      status: '{{url}} answered {{status}} without a collection page.',
      notBoth: '{{url}} returned {{href}} with {{first}} = {{firstActual}} and {{second}} = {{secondActual}}; both filters must hold.',
      notIntersection: '{{url}} returned {{count}} items, but {{expected}} items of {{firstUrl}} have {{second}} = {{secondValue}}.',
    },
  },
  appliesTo: 'collection',
  requires: WITH_TWO_PROPERTY_FILTERS,
  async run(ctx, collection) {
    const [first, second] = propertyFilters(collection) as [string, string];
    const needs = [first, second];
    const sample = await samplePage(ctx, collection, 5, needs);
    const source = sample.items.find((item) => primitiveAt(item.data, first) !== undefined && primitiveAt(item.data, second) !== undefined)
      ?? ctx.skip(`no item of ${sample.exchange.request.url} has values for both ${first} and ${second}`);
    const firstValue = String(primitiveAt(source.data, first));
    const secondValue = String(primitiveAt(source.data, second));
    const [one, combined] = await Promise.all([
      readPage(ctx, collection, SIZE, { [first]: firstValue }, needs),
      readPage(ctx, collection, SIZE, { [first]: firstValue, [second]: secondValue }, needs),
    ]);
    for (const page of [one, combined]) {
      if (!('items' in page)) {
        ctx.report('status', { url: page.request.url, status: page.response.status }, page);
        return;
      }
    }
    if (!('items' in one) || !('items' in combined)) return;
    const url = combined.exchange.request.url;
    for (const item of combined.items) {
      ctx.expect(matches(item.data, first, firstValue) && matches(item.data, second, secondValue), 'notBoth', {
        url, href: item.href ?? '?', first, second, firstActual: show(valueAt(item.data, first)), secondActual: show(valueAt(item.data, second)),
      }, combined.exchange, ...combined.sources);
    }
    // The intersection computed from the first filter alone, when both results fit in one page.
    if (one.hasNext || combined.hasNext) return;
    const expected = one.items.filter((item) => matches(item.data, second, secondValue)).map((item) => item.href).sort();
    const got = combined.items.map((item) => item.href).sort();
    ctx.expect(JSON.stringify(expected) === JSON.stringify(got), 'notIntersection', {
      url, count: got.length, expected: expected.length, firstUrl: one.exchange.request.url, second, secondValue,
    }, combined.exchange, one.exchange);
  },
});
