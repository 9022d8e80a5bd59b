/**
 * Records by id that expire at a time of their own and never exceed `max` entries (the oldest go first),
 * so a flood of submissions cannot grow memory. Ids are handed out in order, so insertion order is age order.
 */
export class BoundedRecords<V> {
  private readonly entries = new Map<number, { value: V; expiresAt: number }>();

  constructor(private readonly max: number, private readonly now: () => number = Date.now) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, not ${String(max)}`);
  }

  get size(): number { return this.entries.size; }

  set(id: number, value: V, expiresAt: number): void {
    this.entries.delete(id);
    this.entries.set(id, { value, expiresAt });
    this.sweep();
  }

  /** The record, or undefined when it never existed, expired or was pushed out by newer ones. */
  get(id: number): V | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.value;
  }

  /** Drops expired records from the old end (amortized O(1) per write), then the oldest beyond `max`. */
  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size <= this.max) break;
      this.entries.delete(id);
    }
  }
}
