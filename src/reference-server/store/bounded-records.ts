/**
 * Records by id that expire at a time of their own and never exceed `max` entries (the oldest go first),
 * so a flood of submissions cannot grow memory. Ids are handed out in order, so insertion order is age
 * order. The expiry is read from the record itself: no wrapper object per entry for the GC to carry.
 */
export class BoundedRecords<V> {
  private readonly entries = new Map<number, V>();

  constructor(
    private readonly max: number,
    private readonly expiresAt: (record: V) => number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, not ${String(max)}`);
  }

  get size(): number {
    return this.entries.size;
  }

  set(id: number, record: V): void {
    this.entries.delete(id);
    this.entries.set(id, record);
    this.sweep();
  }

  /** The record, or undefined when it never existed, expired or was pushed out by newer ones. */
  get(id: number): V | undefined {
    const record = this.entries.get(id);
    if (record === undefined) return undefined;
    if (this.expiresAt(record) <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return record;
  }

  /** Drops expired records from the old end (amortized O(1) per write), then the oldest beyond `max`. */
  private sweep(): void {
    const now = this.now();
    while (this.entries.size > 0) {
      const oldest = this.entries.keys().next().value as number;
      if (this.entries.size <= this.max && this.expiresAt(this.entries.get(oldest)!) > now) return;
      this.entries.delete(oldest);
    }
  }
}
