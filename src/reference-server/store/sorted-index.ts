/** Keys are compared with `<`: numbers numerically, strings by UTF-16 code units (as Array#sort with `<` did). */
type IndexKey = number | string;

/** Read access to records in a fixed order; a page is `at(start)` … `at(end - 1)`. */
export interface OrderedView<V> {
  readonly length: number;
  at(index: number): V | undefined;
}

/**
 * Records kept in ascending key order as they are written, in one array: a lookup or a cursor is a
 * binary search (O(log n), about 20 steps at a million), a page is a slice (O(page size)). An insert or
 * delete moves the tail of the array (a memmove, about a millisecond at a million records); an update
 * is O(log n). No hash map beside it: seeding a million records stays fast and small.
 */
export class SortedIndex<K extends IndexKey, V> implements OrderedView<V> {
  private readonly ordered: V[];
  private writes = 0;

  /** Takes ownership of `rows` (no copy: a million-record seed is not duplicated). */
  constructor(
    private readonly keyOf: (value: V) => K,
    rows: V[] = [],
  ) {
    this.ordered = rows;
    // Seeds arrive in key order already; sort only when they do not (O(n) check, O(n log n) otherwise).
    if (!this.isOrdered()) {
      this.ordered.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
      if (!this.isOrdered()) throw new Error('duplicate keys in the seed');
    }
  }

  get size(): number {
    return this.ordered.length;
  }
  get length(): number {
    return this.ordered.length;
  }
  /** Grows on every write: a cache built from this index is stale once it differs. */
  get version(): number {
    return this.writes;
  }

  get(key: K): V | undefined {
    const found = this.ordered[this.lowerBound(key)];
    return found !== undefined && this.keyOf(found) === key ? found : undefined;
  }
  has(key: K): boolean {
    return this.get(key) !== undefined;
  }
  at(index: number): V | undefined {
    return index >= 0 ? this.ordered[index] : undefined;
  }
  /** Records in key order from `start` (inclusive) to `end` (exclusive), clamped. */
  slice(start: number, end: number): V[] {
    return this.ordered.slice(Math.max(0, start), Math.max(0, end));
  }
  values(): IterableIterator<V> {
    return this.ordered.values();
  }
  [Symbol.iterator](): IterableIterator<V> {
    return this.ordered.values();
  }

  /** Inserts or replaces the record with this key. */
  set(value: V): void {
    const key = this.keyOf(value);
    const at = this.lowerBound(key);
    const current = this.ordered[at];
    if (current !== undefined && this.keyOf(current) === key) this.ordered[at] = value;
    else this.ordered.splice(at, 0, value);
    this.writes++;
  }

  delete(key: K): boolean {
    const at = this.lowerBound(key);
    const current = this.ordered[at];
    if (current === undefined || this.keyOf(current) !== key) return false;
    this.ordered.splice(at, 1);
    this.writes++;
    return true;
  }

  /** Removes every record `remove` selects in one O(n) pass; returns how many went. */
  deleteWhere(remove: (value: V) => boolean): number {
    let kept = 0;
    for (const row of this.ordered) {
      if (!remove(row)) this.ordered[kept++] = row;
    }
    const removed = this.ordered.length - kept;
    this.ordered.length = kept;
    if (removed > 0) this.writes++;
    return removed;
  }

  /** Index of the first record whose key is ≥ `key` (the size when none is). */
  lowerBound(key: K): number {
    return this.firstNot((at) => at < key);
  }

  /** Index of the first record whose key is > `key`: where a page after the cursor `key` starts. */
  upperBound(key: K): number {
    return this.firstNot((at) => at <= key);
  }

  /** Binary search: index of the first record whose key fails `before` (which holds for a prefix of the order). */
  private firstNot(before: (key: K) => boolean): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.keyOf(this.ordered[mid]!))) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private isOrdered(): boolean {
    for (let i = 1; i < this.ordered.length; i++) {
      if (!(this.keyOf(this.ordered[i - 1]!) < this.keyOf(this.ordered[i]!))) return false;
    }
    return true;
  }
}

/** The same records read back to front, without copying them. */
export function reversed<V>(view: OrderedView<V>): OrderedView<V> {
  return {
    get length() {
      return view.length;
    },
    at: (index) => (index >= 0 ? view.at(view.length - 1 - index) : undefined),
  };
}

/** One page of `view` with the records `keep` selects: O(page) unfiltered, O(n) with a filter (the total needs every match). */
export function pageOf<V>(
  view: OrderedView<V>,
  start: number,
  size: number,
  keep?: (value: V) => boolean,
): { items: V[]; total: number } {
  const items: V[] = [];
  if (!keep) {
    const end = Math.min(view.length, start + size);
    for (let i = Math.max(0, start); i < end; i++) items.push(view.at(i)!);
    return { items, total: view.length };
  }
  let total = 0;
  for (let i = 0; i < view.length; i++) {
    const value = view.at(i)!;
    if (!keep(value)) continue;
    if (total >= start && total < start + size) items.push(value);
    total++;
  }
  return { items, total };
}
