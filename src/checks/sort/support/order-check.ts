// The shared body of sort.ascending, sort.descending and sort.multiple-keys: ask, read, judge neighbours.
import type { CheckContext } from '../../../core/define-check.js';
import type { CollectionTarget } from '../../../core/target.js';
import { firstDisorder, showValues, sortedPage, sortParam, type SortKey } from './sorted-page.js';

type OrderMessages = 'status' | 'outOfOrder';

/**
 * Judges each key list; skips when no pair of neighbours could be compared in any of them. A key list whose order
 * the unsorted page already has cannot tell a server ignoring `sort`: it may fail, but alone it never passes.
 */
export async function judgeOrders(ctx: CheckContext<OrderMessages>, collection: CollectionTarget, keyLists: SortKey[][]): Promise<void> {
  let judged = 0;
  let failed = false;
  const unsorted = await sortedPage(ctx, collection, [...new Set(keyLists.flat().map((key) => key.property))].map((property) => ({ property, descending: false })), { unsorted: true });
  const undiscriminating: string[] = [];
  for (const keys of keyLists) {
    if ('rows' in unsorted) {
      const rows = { ...unsorted, rows: unsorted.rows.map((row) => ({ href: row.href, values: keys.map((key) => row.values[unsortedIndex(keyLists, key.property)]) })) };
      if (firstDisorder(rows, keys) === 'none' && unsorted.rows.length > 2) undiscriminating.push(sortParam(keys).join(','));
    }
    const result = await sortedPage(ctx, collection, keys);
    const sort = sortParam(keys).map((key) => `sort=${key}`).join('&');
    if (!('rows' in result)) {
      ctx.report('status', { url: result.request.url, sort, status: result.response.status }, result);
      failed = true;
      continue;
    }
    const disorder = firstDisorder(result, keys);
    if (disorder === 'incomparable') continue;
    if (disorder === 'none') {
      if (!undiscriminating.includes(sortParam(keys).join(','))) { judged++; ctx.pass(); }
      continue;
    }
    judged++;
    failed = true;
    const { index } = disorder;
    ctx.report('outOfOrder', {
      url: result.exchange.request.url, sort, index, next: index + 1,
      href: result.rows[index]?.href ?? '?', nextHref: result.rows[index + 1]?.href ?? '?',
      a: showValues(result.rows[index]?.values), b: showValues(result.rows[index + 1]?.values),
    }, result.exchange, ...result.sources);
  }
  if (failed) return;
  if (judged === 0 && undiscriminating.length > 0) ctx.skip(`the unsorted first page is already in the order of sort=${undiscriminating.join(' and sort=')}, so a server ignoring sort would pass`);
  if (judged === 0 && keyLists.length > 0) ctx.skip('no two neighbouring items had comparable sort values');
}

/** The position of a property among the values read for the unsorted page (every key list's properties, once). */
const unsortedIndex = (keyLists: SortKey[][], property: string): number => [...new Set(keyLists.flat().map((key) => key.property))].indexOf(property);

export const ORDER_MESSAGES = {
  status: '{{url}} ({{sort}}) answered {{status}} without a collection page.',
  outOfOrder: '{{url}} ({{sort}}): items[{{index}}] {{href}} ({{a}}) comes before items[{{next}}] {{nextHref}} ({{b}}).',
} as const;
