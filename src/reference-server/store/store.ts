import {
  seedCompanies, seedEmployerClasses, seedEmployers,
  type CompanyRecord, type EmployerClassRecord, type EmployerRecord,
} from './seed-employers.js';
import {
  seedAccounts, seedAddresses, seedOrders, seedPersons, seedStores,
  type AccountRecord, type AddressRecord, type OrderRecord, type PersonRecord, type StoreRecord,
} from './seed-other.js';

export interface StoredEmployer extends EmployerRecord { etag: string }

export interface ImageTaskInput { name: string; width: number; height: number }
export interface TaskRecord {
  id: number;
  input: ImageTaskInput;
  dueAt: number;
  /** Set once the task is observed past dueAt: the image made, or the failure. */
  outcome?: { completedAt: number; imageId?: number; problemId?: string };
}
export interface ImageRecord extends ImageTaskInput { imageId: number }

const byKey = <K, V>(rows: V[], key: (row: V) => K): Map<K, V> => new Map(rows.map((row) => [key(row), row]));

/** The in-memory data of one server instance, seeded deterministically. */
export class Store {
  readonly companies: Map<string, CompanyRecord>;
  readonly employers: Map<number, StoredEmployer>;
  readonly employerClasses: EmployerClassRecord[] = seedEmployerClasses();
  readonly accounts = byKey<number, AccountRecord>(seedAccounts(), (a) => a.accountId);
  readonly stores = byKey<number, StoreRecord>(seedStores(), (s) => s.id);
  readonly orders = byKey<number, OrderRecord>(seedOrders(), (o) => o.id);
  readonly persons = byKey<string, PersonRecord>(seedPersons(), (p) => p.ssin);
  readonly addresses = byKey<number, AddressRecord>(seedAddresses(), (a) => a.id);
  readonly tasks = new Map<number, TaskRecord>();
  readonly images = new Map<number, ImageRecord>();
  private version = 0;
  private nextTaskId = 1;
  private nextImageId = 1;

  constructor() {
    const companies = seedCompanies();
    this.companies = byKey(companies, (c) => c.enterpriseNumber);
    this.employers = new Map(seedEmployers(companies).map((e) => [e.employerId, { ...e, etag: this.newEtag() }]));
  }

  /** A strong ETag never used before in this store, so every update changes it. */
  newEtag(): string {
    this.version += 1;
    return `"v${this.version}"`;
  }

  /** Stores an employer with a fresh ETag; synchronous, so a check-then-write in one handler is atomic. */
  saveEmployer(record: EmployerRecord): StoredEmployer {
    const stored = { ...record, etag: this.newEtag() };
    this.employers.set(record.employerId, stored);
    return stored;
  }

  taskId(): number { return this.nextTaskId++; }
  imageId(): number { return this.nextImageId++; }
}
