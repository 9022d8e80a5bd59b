// What clients write is kept within a budget: the JSON of the records they created or changed counts, and
// past it the records written longest ago go first, so a flood of creates (each up to 64 KiB) cannot grow
// the mock's memory without end. Seeded records are not counted: their number is bounded by the seeding.

/** 32 MiB of written JSON: what the mock's 300 MB memory target leaves room for, with its seeded data. */
export const WRITTEN_BYTES = 32 * 1024 * 1024;

/** What the budget needs of a collection (model.ts's MockCollection, named here without importing it). */
interface MockCollection {
  path: string;
  records: Map<string, Record<string, unknown>>;
}

interface Written {
  collection: MockCollection;
  id: string;
  bytes: number;
}

export class WrittenRecords {
  private total = 0;
  /** In the order written (a record written again moves to the end): the oldest is the first. */
  private readonly written = new Map<string, Written>();

  constructor(private readonly maxBytes: number = WRITTEN_BYTES) {
    if (!(maxBytes > 0)) throw new RangeError(`the written budget must be positive, not ${String(maxBytes)}`);
  }

  /** Stores `record` under `id` in `collection`, then drops the oldest written records while over budget. */
  write(collection: MockCollection, id: string, record: Record<string, unknown>): void {
    collection.records.set(id, record);
    this.forget(collection, id);
    const newest = `${collection.path} ${id}`;
    const bytes = JSON.stringify(record).length;
    this.written.set(newest, { collection, id, bytes });
    this.total += bytes;
    for (const [key, oldest] of this.written) {
      if (this.total <= this.maxBytes || key === newest) break;
      this.written.delete(key);
      this.total -= oldest.bytes;
      oldest.collection.records.delete(oldest.id);
    }
  }

  remove(collection: MockCollection, id: string): void {
    collection.records.delete(id);
    this.forget(collection, id);
  }

  private forget(collection: MockCollection, id: string): void {
    const key = `${collection.path} ${id}`;
    const known = this.written.get(key);
    if (!known) return;
    this.written.delete(key);
    this.total -= known.bytes;
  }
}
