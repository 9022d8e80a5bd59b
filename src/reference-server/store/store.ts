import {
  seedCompanies,
  seedCounts,
  seedEmployer,
  seedEmployerClasses,
  type CompanyRecord,
  type EmployerClassRecord,
  type EmployerRecord,
  type SeedCounts,
} from './seed-employers.js';
import {
  seedAccounts,
  seedAddresses,
  seedOrders,
  seedPersons,
  seedStores,
  type AccountRecord,
  type AddressRecord,
  type OrderRecord,
  type PersonRecord,
  type StoreRecord,
} from './seed-other.js';
import { BoundedRecords } from './bounded-records.js';
import { EmployerOrders } from './employer-order.js';
import { SortedIndex } from './sorted-index.js';

/** An employer as stored: its ETag follows from a store-wide version number, made into text only when read. */
export class StoredEmployer implements EmployerRecord {
  readonly employerId: number;
  readonly name: string;
  readonly enterpriseNumber: string;
  readonly bankrupt: boolean;
  readonly bankruptDate?: string;

  constructor(
    record: EmployerRecord,
    readonly version: number,
  ) {
    this.employerId = record.employerId;
    this.name = record.name;
    this.enterpriseNumber = record.enterpriseNumber;
    this.bankrupt = record.bankrupt;
    if (record.bankruptDate !== undefined) this.bankruptDate = record.bankruptDate;
  }

  /** When this version was stored, as an HTTP-date (Last-Modified, beside the ETag that tells versions apart). */
  readonly lastModified = new Date().toUTCString();

  /** Strong, and never used before in this store: every update changes it. */
  get etag(): string {
    return `"v${this.version}"`;
  }
}

export interface ImageTaskInput {
  name: string;
  width: number;
  height: number;
}
export interface TaskRecord {
  id: number;
  input: ImageTaskInput;
  dueAt: number;
  /** dueAt + the store's task TTL: when the task stops being readable. */
  expiresAt: number;
  /** Set once the task is observed past dueAt: the image made, or the failure. */
  outcome?: { completedAt: number; imageId?: number; problemId?: string };
}
interface ImageRecord extends ImageTaskInput {
  imageId: number;
  expiresAt: number;
}

/** How long finished tasks and their images are kept, and how many at most (the oldest go first). */
interface TaskLimits {
  taskTtlMs?: number;
  maxTasks?: number;
}
const DEFAULT_TASK_TTL_MS = 10 * 60_000;
const DEFAULT_MAX_TASKS = 10_000;

const byKey = <K, V>(rows: V[], key: (row: V) => K): Map<K, V> => new Map(rows.map((row) => [key(row), row]));

/** The in-memory data of one server instance, seeded deterministically. */
export class Store {
  /** In enterpriseNumber order: cursor pages are a binary search and a slice. */
  readonly companies: SortedIndex<string, CompanyRecord>;
  /** In employerId order, kept so on every write: default pages are a slice. */
  readonly employers: SortedIndex<number, StoredEmployer>;
  /** Employers in the orders `sort` asks for, cached until the next write. */
  readonly employerOrders: EmployerOrders<StoredEmployer>;
  readonly employerClasses: EmployerClassRecord[] = seedEmployerClasses();
  readonly accounts = byKey<number, AccountRecord>(seedAccounts(), (a) => a.accountId);
  readonly stores = byKey<number, StoreRecord>(seedStores(), (s) => s.id);
  readonly orders = byKey<number, OrderRecord>(seedOrders(), (o) => o.id);
  readonly persons = byKey<string, PersonRecord>(seedPersons(), (p) => p.ssin);
  readonly addresses = byKey<number, AddressRecord>(seedAddresses(), (a) => a.id);
  /** Each kept until `taskTtlMs` after it completes; a flood of submissions pushes the oldest out. */
  readonly tasks: BoundedRecords<TaskRecord>;
  /** Each kept until `taskTtlMs` after its task was seen done. */
  readonly images: BoundedRecords<ImageRecord>;
  readonly taskTtlMs: number;
  private version = 0;
  private nextTaskId = 1;
  private nextImageId = 1;

  /** Seeds the default 120 employers and 60 companies, or as many as `seed` asks (a deterministic extension). */
  constructor(seed: SeedCounts = {}, limits: TaskLimits = {}) {
    this.taskTtlMs = limits.taskTtlMs ?? DEFAULT_TASK_TTL_MS;
    if (!Number.isInteger(this.taskTtlMs) || this.taskTtlMs < 1)
      throw new RangeError(`taskTtlMs must be a positive integer, not ${String(this.taskTtlMs)}`);
    this.tasks = new BoundedRecords(limits.maxTasks ?? DEFAULT_MAX_TASKS, (task) => task.expiresAt);
    this.images = new BoundedRecords(limits.maxTasks ?? DEFAULT_MAX_TASKS, (image) => image.expiresAt);
    const counts = seedCounts(seed);
    const companies = seedCompanies(counts.companies);
    const employers = Array.from(
      { length: counts.employers },
      (_, i) => new StoredEmployer(seedEmployer(i, companies), ++this.version),
    );
    this.companies = new SortedIndex((c) => c.enterpriseNumber, companies);
    this.employers = new SortedIndex((e) => e.employerId, employers);
    this.employerOrders = new EmployerOrders(this.employers);
  }

  /** Stores an employer with a fresh ETag; synchronous, so a check-then-write in one handler is atomic. */
  saveEmployer(record: EmployerRecord): StoredEmployer {
    const stored = new StoredEmployer(record, ++this.version);
    this.employers.set(stored);
    return stored;
  }

  taskId(): number {
    return this.nextTaskId++;
  }
  imageId(): number {
    return this.nextImageId++;
  }
}
