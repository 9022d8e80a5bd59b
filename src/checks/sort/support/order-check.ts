// The shared body of sort.ascending, sort.descending and sort.multiple-keys: ask, read, judge neighbours.
import { defineCheck, type CheckContext } from '../../../core/engine/define-check.js';
import type { CollectionTarget } from '../../../core/profile/target.js';
import { confirming } from '../../support/confirm.js';
import { guideSortOrSkip } from './guide-sort.js';
import { firstDisorder, nextSortedPage, showValues, sortedPage, sortParam, type SortKey } from './sorted-page.js';

type OrderMessages = 'status' | 'outOfOrder' | 'acrossPages';

/**
 * A check of the orders `sort` asks for: each differs only in the key lists it asks of the collection (read once the
 * guide's sort parameter is known to apply), so the guard, the re-reads and the judging are here.
 */
export function defineOrderCheck(check: {
  id: string;
  title: string;
  requires: { what: string; test(collection: CollectionTarget): boolean };
  keyLists(collection: CollectionTarget): SortKey[][];
}) {
  return defineCheck({
    meta: {
      id: check.id,
      rule: 'col-sort',
      severity: 'warning',
      writes: false,
      title: check.title,
      messages: ORDER_MESSAGES,
    },
    appliesTo: 'collection',
    requires: check.requires,
    // Shared data may move under other clients: a fault counts when a re-read repeats it.
    run: confirming(ORDER_MESSAGES, async (ctx, collection: CollectionTarget) => {
      guideSortOrSkip(ctx, collection);
      await judgeOrders(ctx, collection, check.keyLists(collection));
    }),
  });
}

/**
 * Judges each key list; skips when no pair of neighbours could be compared in any of them. A key list whose order
 * the unsorted page already has cannot tell a server ignoring `sort`: it may fail, but alone it never passes.
 */
export async function judgeOrders(
  ctx: CheckContext<OrderMessages>,
  collection: CollectionTarget,
  keyLists: SortKey[][],
): Promise<void> {
  let judged = 0;
  let failed = false;
  const unsorted = await sortedPage(
    ctx,
    collection,
    [...new Set(keyLists.flat().map((key) => key.property))].map((property) => ({ property, descending: false })),
    { unsorted: true },
  );
  const undiscriminating: string[] = [];
  for (const keys of keyLists) {
    if ('rows' in unsorted) {
      const rows = {
        ...unsorted,
        rows: unsorted.rows.map((row) => ({
          href: row.href,
          values: keys.map((key) => row.values[unsortedIndex(keyLists, key.property)]),
        })),
      };
      if (firstDisorder(rows, keys) === 'none' && unsorted.rows.length > 2)
        undiscriminating.push(sortParam(keys).join(','));
    }
    const result = await sortedPage(ctx, collection, keys);
    const sort = sortParam(keys)
      .map((key) => `sort=${key}`)
      .join('&');
    if (!('rows' in result)) {
      ctx.report('status', { url: result.request.url, sort, status: result.response.status }, result);
      failed = true;
      continue;
    }
    let disorder = firstDisorder(result, keys);
    if (disorder === 'incomparable') continue;
    let page = result;
    if (disorder === 'none') {
      // The order must go on past the first page: the next page is in order, and starts where page 1 ended.
      const second = await nextSortedPage(ctx, collection, result, keys);
      const last = result.rows.at(-1);
      const across = second && last ? firstDisorder({ ...second, rows: [last, ...second.rows] }, keys) : 'none';
      if (second && typeof across === 'object' && across.index === 0) {
        judged++;
        failed = true;
        ctx.report(
          'acrossPages',
          {
            url: result.exchange.request.url,
            sort,
            href: last?.href ?? '?',
            a: showValues(last?.values),
            nextUrl: second.exchange.request.url,
            nextHref: second.rows[0]?.href ?? '?',
            b: showValues(second.rows[0]?.values),
          },
          result.exchange,
          second.exchange,
          ...result.sources,
          ...second.sources,
        );
        continue;
      }
      if (second && typeof across === 'object') {
        page = second;
        disorder = { index: across.index - 1 };
      }
    }
    if (disorder === 'none') {
      if (!undiscriminating.includes(sortParam(keys).join(','))) {
        judged++;
        ctx.pass();
      }
      continue;
    }
    judged++;
    failed = true;
    const { index } = disorder;
    ctx.report(
      'outOfOrder',
      {
        url: page.exchange.request.url,
        sort,
        index,
        next: index + 1,
        href: page.rows[index]?.href ?? '?',
        nextHref: page.rows[index + 1]?.href ?? '?',
        a: showValues(page.rows[index]?.values),
        b: showValues(page.rows[index + 1]?.values),
      },
      page.exchange,
      ...page.sources,
    );
  }
  if (failed) return;
  if (judged === 0 && undiscriminating.length > 0)
    ctx.skip(
      `the unsorted first page is already in the order of sort=${undiscriminating.join(' and sort=')}, so a server ignoring sort would pass`,
    );
  if (judged === 0 && keyLists.length > 0) ctx.skip('no two neighbouring items had comparable sort values');
}

/** The position of a property among the values read for the unsorted page (every key list's properties, once). */
const unsortedIndex = (keyLists: SortKey[][], property: string): number =>
  [...new Set(keyLists.flat().map((key) => key.property))].indexOf(property);

export const ORDER_MESSAGES = {
  status: '{{url}} ({{sort}}) answered {{status}} without a collection page.',
  outOfOrder:
    '{{url}} ({{sort}}): items[{{index}}] {{href}} ({{a}}) comes before items[{{next}}] {{nextHref}} ({{b}}).',
  acrossPages:
    '{{url}} ({{sort}}) ends with {{href}} ({{a}}), but its next page {{nextUrl}} starts with {{nextHref}} ({{b}}): the order does not go on across pages.',
} as const;
