import type { EmployerRecord } from './seed-employers.js';
import { reversed, type OrderedView, type SortedIndex } from './sorted-index.js';

const SORT_KEYS = { name: (e: EmployerRecord) => e.name, employerId: (e: EmployerRecord) => e.employerId } as const;
export type EmployerSortKey = keyof typeof SORT_KEYS;

/**
 * The sort keys that decide an order: `employerId` is unique, so keys after it never matter and it
 * ends every list (the default order). ['name', 'employerId', 'name'] → ['name', 'employerId'].
 */
export function effectiveSort(sort: readonly string[]): string[] {
  const keys: string[] = [];
  for (const key of [...sort, 'employerId']) {
    keys.push(key);
    if (key.replace(/^-/, '') === 'employerId') break;
  }
  return keys;
}

/**
 * Employers in any order the `sort` parameter can ask for. employerId (either direction) reads the
 * index itself (no copy); another order is sorted once, O(n log n), and cached until the next write.
 */
export class EmployerOrders<V extends EmployerRecord> {
  private cache = new Map<string, V[]>();
  private cachedAt = -1;

  constructor(private readonly index: SortedIndex<number, V>) {}

  view(sort: readonly string[]): OrderedView<V> {
    if (sort.length === 0) return this.index; // the default order, on every unsorted page
    const keys = effectiveSort(sort);
    if (keys.length === 1) return keys[0] === 'employerId' ? this.index : reversed(this.index);
    if (this.cachedAt !== this.index.version) {
      this.cache = new Map();
      this.cachedAt = this.index.version;
    }
    const id = keys.join(',');
    let sorted = this.cache.get(id);
    if (!sorted) {
      sorted = [...this.index.values()].sort(comparator(keys));
      this.cache.set(id, sorted);
    }
    return sorted;
  }
}

function comparator(keys: string[]): (a: EmployerRecord, b: EmployerRecord) => number {
  const picks = keys.map((key) => ({ pick: SORT_KEYS[key.replace(/^-/, '') as EmployerSortKey], sign: key.startsWith('-') ? -1 : 1 }));
  return (a, b) => {
    for (const { pick, sign } of picks) {
      const x = pick(a);
      const y = pick(b);
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}
