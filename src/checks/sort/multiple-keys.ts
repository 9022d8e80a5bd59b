import { confirming } from '../support/confirm.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { defineCheck } from '../../core/engine/define-check.js';
import { guideSortOrSkip } from './support/guide-sort.js';
import { judgeOrders, ORDER_MESSAGES } from './support/order-check.js';

export default defineCheck({
  meta: {
    id: 'sort.multiple-keys',
    rule: 'col-sort',
    severity: 'warning',
    writes: false,
    title: '`sort=a&sort=-b` orders the items by a ascending, then by b descending',
    messages: ORDER_MESSAGES,
  },
  appliesTo: 'collection',
  requires: {
    what: 'collection with two sortable properties',
    test: (collection) => collection.sorts.length > 1 || collection.foreignSort !== undefined,
  },
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(ORDER_MESSAGES, async (ctx, collection: CollectionTarget) => {
    guideSortOrSkip(ctx, collection);
    const [a, b] = collection.sorts as [string, string];
    await judgeOrders(ctx, collection, [
      [
        { property: a, descending: false },
        { property: b, descending: true },
      ],
    ]);
  }),
});
