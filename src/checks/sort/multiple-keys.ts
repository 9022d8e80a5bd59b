import { defineCheck } from '../../core/define-check.js';
import { judgeOrders, ORDER_MESSAGES } from './support/order-check.js';

export default defineCheck({
  meta: {
    id: 'sort.multiple-keys', rule: 'col-sort', severity: 'error', writes: false,
    title: '`sort=a&sort=-b` orders the items by a ascending, then by b descending',
    messages: ORDER_MESSAGES,
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const reason = 'the profile lists fewer than two sortable properties for this collection';
    const a = collection.sorts[0] ?? ctx.skip(reason);
    const b = collection.sorts[1] ?? ctx.skip(reason);
    await judgeOrders(ctx, collection, [[{ property: a, descending: false }, { property: b, descending: true }]]);
  },
});
