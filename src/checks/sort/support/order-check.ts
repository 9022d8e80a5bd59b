// The shared body of sort.ascending, sort.descending and sort.multiple-keys: ask, read, judge neighbours.
import type { CheckContext } from '../../../core/define-check.js';
import type { CollectionTarget } from '../../../core/target.js';
import { firstDisorder, showValues, sortedPage, sortParam, type SortKey } from './sorted-page.js';

export type OrderMessages = 'status' | 'outOfOrder';

/** Judges each key list; skips when no pair of neighbours could be compared in any of them. */
export async function judgeOrders(ctx: CheckContext<OrderMessages>, collection: CollectionTarget, keyLists: SortKey[][]): Promise<void> {
  let judged = 0;
  for (const keys of keyLists) {
    const result = await sortedPage(ctx, collection, keys);
    const sort = sortParam(keys).map((key) => `sort=${key}`).join('&');
    if (!('rows' in result)) {
      ctx.report('status', { url: result.request.url, sort, status: result.response.status }, result);
      continue;
    }
    const disorder = firstDisorder(result, keys);
    if (disorder === 'incomparable') continue;
    judged++;
    if (disorder === 'none') { ctx.pass(); continue; }
    const { index } = disorder;
    ctx.report('outOfOrder', {
      url: result.exchange.request.url, sort, index, next: index + 1,
      href: result.rows[index]?.href ?? '?', nextHref: result.rows[index + 1]?.href ?? '?',
      a: showValues(result.rows[index]?.values), b: showValues(result.rows[index + 1]?.values),
    }, result.exchange, ...result.sources);
  }
  if (judged === 0 && keyLists.length > 0) ctx.skip('no two neighbouring items had comparable sort values');
}

export const ORDER_MESSAGES = {
  status: '{{url}} ({{sort}}) answered {{status}} without a collection page.',
  outOfOrder: '{{url}} ({{sort}}): items[{{index}}] {{href}} ({{a}}) comes before items[{{next}}] {{nextHref}} ({{b}}).',
} as const;
