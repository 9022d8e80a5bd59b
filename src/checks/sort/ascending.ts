import { defineCheck } from '../../core/define-check.js';
import { judgeOrders, ORDER_MESSAGES } from './support/order-check.js';

export default defineCheck({
  meta: {
    id: 'sort.ascending', rule: 'col-sort', severity: 'warning', writes: false,
    title: '`sort=<property>` orders the items ascending by that property',
    messages: ORDER_MESSAGES,
  },
  appliesTo: 'collection',
  requires: { what: 'collection with a sortable property', test: (collection) => collection.sorts.length > 0 },
  async run(ctx, collection) {
    await judgeOrders(ctx, collection, collection.sorts.slice(0, 3).map((property) => [{ property, descending: false }]));
  },
});
