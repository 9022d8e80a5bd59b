import { confirming } from '../support/confirm.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { defineCheck } from '../../core/engine/define-check.js';
import { guideSortOrSkip, SORTS } from './support/guide-sort.js';
import { judgeOrders, ORDER_MESSAGES } from './support/order-check.js';

export default defineCheck({
  meta: {
    id: 'sort.descending',
    rule: 'col-sort',
    severity: 'warning',
    writes: false,
    title: '`sort=-<property>` orders the items descending by that property',
    messages: ORDER_MESSAGES,
  },
  appliesTo: 'collection',
  requires: SORTS,
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(ORDER_MESSAGES, async (ctx, collection: CollectionTarget) => {
    guideSortOrSkip(ctx, collection);
    await judgeOrders(
      ctx,
      collection,
      collection.sorts.slice(0, 3).map((property) => [{ property, descending: true }]),
    );
  }),
});
