import { defineOrderCheck } from './support/order-check.js';

export default defineOrderCheck({
  id: 'sort.multiple-keys',
  title: '`sort=a&sort=-b` orders the items by a ascending, then by b descending',
  requires: {
    what: 'collection with two sortable properties',
    test: (collection) => collection.sorts.length > 1 || collection.foreignSort !== undefined,
  },
  keyLists: (collection) => {
    const [a, b] = collection.sorts as [string, string];
    return [
      [
        { property: a, descending: false },
        { property: b, descending: true },
      ],
    ];
  },
});
