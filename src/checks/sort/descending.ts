import { SORTS } from './support/guide-sort.js';
import { defineOrderCheck } from './support/order-check.js';

export default defineOrderCheck({
  id: 'sort.descending',
  title: '`sort=-<property>` orders the items descending by that property',
  requires: SORTS,
  keyLists: (collection) => collection.sorts.slice(0, 3).map((property) => [{ property, descending: true }]),
});
