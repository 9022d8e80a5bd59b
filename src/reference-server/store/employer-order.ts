import type { EmployerRecord } from './seed-employers.js';
import { reversed, type OrderedView, type SortedIndex } from './sorted-index.js';

const SORT_KEYS = { name: (e: EmployerRecord) => e.name, employerId: (e: EmployerRecord) => e.employerId } as const;
type EmployerSortKey = keyof typeof SORT_KEYS;

/**
 * The sort keys that decide an order: a field already sorted on cannot order ties again, so only its
 * first mention counts; `employerId` is unique, so keys after it never matter and it ends every list
 * (the default order). ['name', '-name', 'employerId', 'name'] → ['name', 'employerId'].
 */
export function effectiveSort(sort: readonly string[]): string[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const key of [...sort, 'employerId']) {
    const field = key.replace(/^-/, '');
    if (seen.has(field)) continue;
    seen.add(field);
    keys.push(key);
    if (field === 'employerId') break;
  }
  return keys;
}

/** Sorted copies kept at once (least recently used dropped first); each is one array of the employers. */
export const MAX_CACHED_ORDERS = 8;

/**
 * Employers in any order the `sort` parameter can ask for. employerId (either direction) reads the
 * index itself (no copy); another order is sorted once, O(n log n), and cached until the next write,
 * at most MAX_CACHED_ORDERS of them (LRU), so no mix of `sort` values can grow memory.
 */
export class EmployerOrders<V extends EmployerRecord> {
  private cache = new Map<string, V[]>();
  private cachedAt = -1;

  constructor(private readonly index: SortedIndex<number, V>) {}

  /** How many sorted copies are held now (at most MAX_CACHED_ORDERS). */
  get cachedOrders(): number {
    return this.cache.size;
  }

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
    if (sorted) {
      this.cache.delete(id); // re-inserted below: Map order is recency order
    } else {
      sorted = [...this.index.values()].sort(comparator(keys));
      if (this.cache.size >= MAX_CACHED_ORDERS) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(id, sorted);
    return sorted;
  }
}

function comparator(keys: string[]): (a: EmployerRecord, b: EmployerRecord) => number {
  const picks = keys.map((key) => ({
    pick: SORT_KEYS[key.replace(/^-/, '') as EmployerSortKey],
    sign: key.startsWith('-') ? -1 : 1,
  }));
  return (a, b) => {
    for (const { pick, sign } of picks) {
      const x = pick(a);
      const y = pick(b);
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return 0;
  };
}
