import { confirming } from '../support/confirm.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { defineCheck } from '../../core/engine/define-check.js';
import { valueAtDotted } from '../../core/util/json.js';
import { show } from '../support/item-documents.js';
import {
  matches,
  primitiveAt,
  propertyFilters,
  readJudgedPage,
  readPage,
  samplePage,
  WITH_TWO_PROPERTY_FILTERS,
} from '../support/filtered-page.js';

const SIZE = 20;
/**
 * The filters are judged on the list whatever its shape (Flask-RESTful's bare array, `results`): the shape is
 * collection.is-object's or collection.items-array's one finding.
 */
const LISTED = { anyList: true, array: true } as const;
/** Values of the first filter tried before giving up on finding a discriminating pair. */
const CANDIDATES = 3;

/** The distinct primitive values of a property among items, as query values, in order of appearance. */
const distinct = (items: Array<{ data: unknown }>, property: string): string[] => [
  ...new Set(
    items
      .map((item) => primitiveAt(item.data, property))
      .filter((value) => value !== undefined)
      .map(String),
  ),
];

const MESSAGES = {
  status: '{{url}} answered {{status}} without a collection page.',
  notBoth:
    '{{url}} returned {{href}} with {{first}} = {{firstActual}} and {{second}} = {{secondActual}}; both filters must hold.',
  notIntersection:
    '{{url}} returned {{count}} items, but {{expected}} items of {{firstUrl}} have {{second}} = {{secondValue}}.',
} as const;

export default defineCheck({
  meta: {
    id: 'filter.params-and',
    rule: 'col-filter',
    severity: 'warning',
    writes: false,
    title: 'Different filter parameters combine with AND: the result is the intersection',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  requires: WITH_TWO_PROPERTY_FILTERS,
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, collection: CollectionTarget) => {
    const [a, b] = propertyFilters(collection) as [string, string];
    const needs = [a, b];
    const sample = await samplePage(ctx, collection, SIZE, needs, LISTED);
    // The first filter narrows, the second must narrow further: a server ignoring either must answer differently.
    const orders = (
      [
        [a, b],
        [b, a],
      ] as Array<[string, string]>
    ).sort(([x], [y]) => distinct(sample.items, x).length - distinct(sample.items, y).length);
    let chosen: { first: string; second: string; firstValue: string; secondValue: string } | undefined;
    search: for (const [first, second] of orders) {
      for (const firstValue of distinct(sample.items, first).slice(0, CANDIDATES)) {
        const narrowed = await readJudgedPage(ctx, collection, SIZE, { [first]: firstValue }, needs, LISTED);
        if (!narrowed) return;
        const seconds = distinct(narrowed.items, second);
        if (seconds.length < 2) continue;
        chosen = { first, second, firstValue, secondValue: seconds[0] as string };
        break search;
      }
    }
    if (!chosen)
      return ctx.skip(
        `no value of ${a} or ${b} on ${sample.exchange.request.url} leaves items with two values of the other filter, so a server ignoring one filter would answer the same`,
      );
    const { first, second, firstValue, secondValue } = chosen;
    const [one, other, combined] = await Promise.all([
      readPage(ctx, collection, SIZE, { [first]: firstValue }, needs, LISTED),
      readPage(ctx, collection, SIZE, { [second]: secondValue }, needs, LISTED),
      readPage(ctx, collection, SIZE, { [first]: firstValue, [second]: secondValue }, needs, LISTED),
    ]);
    for (const page of [one, other, combined]) {
      if (!('items' in page)) {
        ctx.report('status', { url: page.request.url, status: page.response.status }, page);
        return;
      }
    }
    if (!('items' in one) || !('items' in other) || !('items' in combined)) return;
    const url = combined.exchange.request.url;
    for (const item of combined.items) {
      ctx.expect(
        matches(item.data, first, firstValue) && matches(item.data, second, secondValue),
        'notBoth',
        {
          url,
          href: item.href ?? '?',
          first,
          second,
          firstActual: show(valueAtDotted(item.data, first)),
          secondActual: show(valueAtDotted(item.data, second)),
        },
        combined.exchange,
        ...combined.sources,
      );
    }
    // The intersection computed from one filter alone, when that result and the combined one fit in a page.
    const [single, otherFilter, otherValue] = !one.hasNext ? [one, second, secondValue] : [other, first, firstValue];
    if (single.hasNext || combined.hasNext) return;
    const expected = single.items
      .filter((item) => matches(item.data, otherFilter, otherValue))
      .map((item) => item.href)
      .sort();
    const got = combined.items.map((item) => item.href).sort();
    ctx.expect(
      JSON.stringify(expected) === JSON.stringify(got),
      'notIntersection',
      {
        url,
        count: got.length,
        expected: expected.length,
        firstUrl: single.exchange.request.url,
        second: otherFilter,
        secondValue: otherValue,
      },
      combined.exchange,
      single.exchange,
    );
  }),
});
