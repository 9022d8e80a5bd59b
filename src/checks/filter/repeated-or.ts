import { valueAtDotted } from '../../core/util/json.js';
import { show } from '../support/item-documents.js';
import { defineFilterCheck, matches, primitiveAt, propertyFilters, readJudgedPage } from '../support/filtered-page.js';

const MESSAGES = {
  status: '{{url}} answered {{status}} without a collection page.',
  outside: '{{url}} returned {{href}} whose {{filter}} is {{actual}}, neither {{a}} nor {{b}}.',
  missingValue:
    '{{url}} returned no item with {{filter}} = {{value}}, though {{href}} has it: the values are not combined with OR.',
} as const;

export default defineFilterCheck({
  meta: {
    id: 'filter.repeated-or',
    rule: 'col-filter',
    severity: 'warning',
    writes: false,
    title: 'Repeating a filter parameter combines its values with OR',
    messages: MESSAGES,
  },
  // The guide's OR rule is for "a multi-valued filter query parameter": one declared single-valued may refuse a
  // second value or keep one, and without a document nothing says which a filter is.
  filterOf: (ctx, collection) => {
    const declared =
      collection.filterSchemas ??
      ctx.skip('no document declares which filter takes several values (the OR rule is for multi-valued filters)');
    const filters = propertyFilters(collection);
    return (
      filters.find((name) => declared[name]?.multiple === true) ??
      ctx.skip(`no filter is declared multi-valued (an array): ${filters.join(', ')} take one value each`)
    );
  },
  run: async (ctx, collection, filter, sample) => {
    const byValue = new Map<string, string>();
    for (const item of sample.items) {
      const value = primitiveAt(item.data, filter);
      if (value !== undefined && !byValue.has(String(value))) byValue.set(String(value), item.href ?? '?');
    }
    const reason = `the first page has fewer than two distinct values of ${filter}`;
    const a = [...byValue.keys()][0] ?? ctx.skip(reason);
    const b = [...byValue.keys()][1] ?? ctx.skip(reason);
    // Without a third value, a server ignoring the filter answers the same as one combining a and b.
    if (byValue.size < 3)
      ctx.skip(
        `the first page has only two values of ${filter}, so a server ignoring the filter would answer the same`,
      );
    const both = await readJudgedPage(ctx, collection, 10, { [filter]: [a, b] }, [filter]);
    if (!both) return;
    const url = both.exchange.request.url;
    for (const item of both.items) {
      ctx.expect(
        matches(item.data, filter, a) || matches(item.data, filter, b),
        'outside',
        { url, href: item.href ?? '?', filter, a, b, actual: show(valueAtDotted(item.data, filter)) },
        both.exchange,
        ...both.sources,
      );
    }
    // With more pages a value may come later; presence is judged on a complete result only.
    if (both.hasNext) return;
    for (const value of [a, b]) {
      ctx.expect(
        both.items.some((item) => matches(item.data, filter, value)),
        'missingValue',
        { url, filter, value, href: byValue.get(value) ?? '?' },
        both.exchange,
        sample.exchange,
        ...both.sources,
      );
    }
  },
});
