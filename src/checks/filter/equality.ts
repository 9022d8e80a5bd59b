import { show } from '../support/item-documents.js';
import { valueAtDotted } from '../../core/util/json.js';
import { defineFilterCheck, matches, primitiveAt, readJudgedPage } from '../support/filtered-page.js';

const MESSAGES = {
  status: '{{url}} answered {{status}} without a collection page.',
  noResult: '{{url}} returned no item, though {{href}} has {{filter}} = {{value}}.',
  mismatch: '{{url}} returned {{href}} whose {{filter}} is {{actual}}, not {{value}}.',
} as const;

export default defineFilterCheck({
  meta: {
    id: 'filter.equality',
    rule: 'col-filter',
    severity: 'warning',
    writes: false,
    title: 'A filter parameter named like a property returns only items with that value',
    messages: MESSAGES,
  },
  run: async (ctx, collection, filter, sample) => {
    const source =
      sample.items.find((item) => primitiveAt(item.data, filter) !== undefined) ??
      ctx.skip(`no item of ${sample.exchange.request.url} has a value for ${filter}`);
    const value = String(primitiveAt(source.data, filter));
    // Only other values on the unfiltered page make a server that ignores the filter answer differently.
    if (
      sample.items.every(
        (item) => primitiveAt(item.data, filter) === undefined || String(primitiveAt(item.data, filter)) === value,
      )
    ) {
      return ctx.skip(
        `every item of ${sample.exchange.request.url} has ${filter} = ${value}, so a server ignoring the filter would answer the same`,
      );
    }
    const filtered = await readJudgedPage(ctx, collection, 10, { [filter]: value }, [filter]);
    if (!filtered) return;
    const url = filtered.exchange.request.url;
    if (
      !ctx.expect(
        filtered.items.length > 0,
        'noResult',
        { url, href: source.href ?? '?', filter, value },
        filtered.exchange,
        sample.exchange,
        ...sample.sources,
      )
    )
      return;
    for (const item of filtered.items) {
      ctx.expect(
        matches(item.data, filter, value),
        'mismatch',
        { url, href: item.href ?? '?', filter, value, actual: show(valueAtDotted(item.data, filter)) },
        filtered.exchange,
        ...filtered.sources,
      );
    }
  },
});
