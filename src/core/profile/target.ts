// What a run checks: the resolved resources of the API, one kind per `appliesTo` value.
import type { Query } from '../http/http-client.js';
import type { JsonObject, JsonValue } from '../util/json.js';
import { PARAMETERS } from './path-templates.js';
import type { ForeignPaging, Paging } from './query-roles.js';

export type TargetKind = 'api' | 'collection' | 'document' | 'task' | 'controller';

/** The API as a whole: reserved resources and headers. */
export interface ApiTarget {
  kind: 'api';
  path: '/';
  health: string;
  openapiJson: string;
  openapiYaml: string;
  traceHeader: string;
  /** The OpenAPI document given with `--openapi`: the contract responses are held to (else the API's own). */
  contract?: Record<string, unknown>;
  /** Languages the API declares it serves (lower case); undefined: not declared, the i18n checks guess. */
  languages?: string[];
  /** Set when the run sends credentials: the API is protected and the auth checks apply. */
  auth?: ApiAuth;
}

/** What the auth checks may use besides the run's own credentials. */
export interface ApiAuth {
  /** A second token whose scopes lack what reading the profile's resources needs. */
  narrow?: { scope: string; authorization(): Promise<string>; grantedScope(): Promise<string | undefined> };
  /** A token the API must refuse as expired. */
  expiredToken?: string;
  /** The run's credential is no Bearer access token but this scheme (e.g. Basic): the token checks do not apply. */
  scheme?: string;
}

/** A filter parameter's declared value: its JSON type, format, length bound, pattern and whether it is an enum. */
export interface FilterSchema {
  type?: string;
  format?: string;
  maxLength?: number;
  pattern?: string;
  enum?: boolean;
  /** Declared an array: the filter takes several values (`status=a&status=b`). */
  multiple?: boolean;
}
export type { ForeignPaging, Paging } from './query-roles.js';

/** A property of a create body that must differ on every POST (a business key). */
export interface UniqueValue {
  /** Dotted path in the create body, e.g. `employerId` or `company.enterpriseNumber`. */
  path: string;
  /**
   * integer: a number in [min, max]; digits: `length` decimal digits; string: the base value plus a random suffix,
   * at most `length` characters when given (the random part kept whole), or with `pattern` the base value's digits
   * and letters varied until it matches.
   */
  kind: 'integer' | 'digits' | 'string';
  min?: number;
  max?: number;
  length?: number;
  /** A string's pattern (the schema's): the value made stays within it. */
  pattern?: string;
}

export interface CollectionTarget {
  kind: 'collection';
  path: string;
  /** The nested collection's template this concrete path was made from (`/accounts/{accountId}/calls`). */
  template?: string;
  /** The business key property of the items (e.g. `employerId`). */
  key?: string;
  /** The document path of an item, e.g. `/employers/{employerId}`. */
  itemPath?: string;
  paging?: Paging;
  /** Paging in another scheme than the guide's (offset/limit, Skip/Take, a Link header): paging.guide-params reports it. */
  foreignPaging?: ForeignPaging;
  /** The API sorts with another parameter than the guide's `sort` (`ordering`, `$orderby`): sort.guide-param reports it. */
  foreignSort?: string;
  pageSizeParam: string;
  /** The list takes no page size parameter (its document declares none): firstPage leaves it out. */
  unpaged?: boolean;
  /** The page index parameter of offset paging (`page` unless the profile renames it). */
  pageParam: string;
  filters: string[];
  /** What the document declares of each filter's value (absent: nothing known); values the run makes fit it. */
  filterSchemas?: Record<string, FilterSchema>;
  sorts: string[];
  /** Value of `embed` that asks for the items' full representations (e.g. `items`). */
  embed?: string;
  /** The name of the full-text search query parameter (the guide reserves `q`). */
  fullText?: string;
  /**
   * `fromSchema`: the body was made from the request schema, so a refusal of it tells about the sample, not the API;
   * `optional`: its top-level members the schema does not require. The write checks settle on the members the API
   * takes (created-document.ts) and may narrow `body` and `unique` to them during the run; `refusals`: the statuses
   * besides 400 and 422 the POST declares for a body it refuses (409), which tell about the sample too.
   */
  create?: { body: JsonObject; unique: UniqueValue[]; fromSchema?: boolean; optional?: string[]; refusals?: number[] };
  /** Whether DELETE on the collection (removing items) is supported. */
  deleteCollection: boolean;
  /** The HTTP methods the collection path supports (upper case); undefined when the profile does not say. */
  methods?: string[];
  /** The path (relative to the base URL) of the first page with the given page size (none when `unpaged`). */
  firstPage(options?: { pageSize?: number; query?: Query }): string;
  /** A create body whose unique values were never used before in this process. */
  createBody(): JsonObject;
}

export interface DocumentTarget {
  kind: 'document';
  /** Path template ending in a parameter: `/employers/{employerId}`. */
  path: string;
  /** The nested document's template this path was made from (`/accounts/{accountId}/calls/{callId}`). */
  template?: string;
  param: string;
  /** Ids that exist (from the profile, or read from a collection at run time); may be empty. */
  sampleIds: string[];
  absentId?: string;
  /** Ids the server must refuse with 400 (wrong syntax, out of range). */
  malformedIds: string[];
  update?: 'put' | 'patch';
  patch?: JsonObject;
  etag: boolean;
  /** Whether GET of the document supports the `select` query parameter (a SHOULD of the guide). */
  select: boolean;
  /** Dotted paths of members the server owns (never sent in a write body); undefined: links are dropped instead. */
  readOnly?: string[];
  /** The top-level members a write body may hold (the update's declared body); undefined: any but readOnly. */
  writable?: string[];
  /** The HTTP methods the document supports (upper case); undefined when the profile does not say (then all are tried). */
  methods?: string[];
  /**
   * The collection whose POST creates documents of this path (it has a create body and this item path);
   * only when the document supports DELETE, so a created one can be removed again.
   */
  creator?: CollectionTarget;
  /** The path of one document: the template with `id` filled in (URI-encoded). */
  url(id: string): string;
}

export interface TaskTarget {
  kind: 'task';
  path: string;
  body: JsonValue;
  failingBody?: JsonValue;
  /** How long the task may stay processing; undefined: derived from the pollAfter it announces. */
  maxWaitMs?: number;
  /** The task has an output: done answers 303 with its Location (200 is only for a task without output). */
  output?: boolean;
}

export interface ControllerTarget {
  kind: 'controller';
  path: string;
  method: 'GET' | 'POST';
  query?: Record<string, string>;
  body?: JsonValue;
  expectedStatus: number;
  /** The HTTP methods the controller's path supports (upper case); undefined when the profile does not say. */
  methods?: string[];
}

export interface TargetOf {
  api: ApiTarget;
  collection: CollectionTarget;
  document: DocumentTarget;
  task: TaskTarget;
  controller: ControllerTarget;
}

export interface Target {
  api: ApiTarget;
  collections: CollectionTarget[];
  documents: DocumentTarget[];
  tasks: TaskTarget[];
  controllers: ControllerTarget[];
  /** Nested paths of the profile the run did not make concrete, and why (said in the coverage per operation). */
  leftOut?: Array<{ path: string; why: string }>;
}

/** Whether the document supports `method`; a profile that lists no methods leaves every method to be tried. */
export function supportsMethod(document: Pick<DocumentTarget, 'methods'>, method: string): boolean {
  return document.methods === undefined || document.methods.includes(method.toUpperCase());
}

/** The resources a check of the given kind runs against. */
export function resourcesOf<K extends TargetKind>(target: Target, kind: K): Array<TargetOf[K]> {
  const all: { [P in TargetKind]: Array<TargetOf[P]> } = {
    api: [target.api],
    collection: target.collections,
    document: target.documents,
    task: target.tasks,
    controller: target.controllers,
  };
  return all[kind];
}

/** Fills `{param}` placeholders of a path template. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(PARAMETERS, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name] ?? '') : whole,
  );
}

/**
 * The page size a request asks of a list, in its parameter; nothing for a list whose document declares no page
 * size, which a validating API refuses with 400 (express-openapi-validator), blamed on the collection.
 */
export function pageSizeQuery(list: { pageSizeParam?: string; unpaged?: boolean }, size: number | undefined): Query {
  return size === undefined || list.unpaged ? {} : { [list.pageSizeParam ?? 'pageSize']: size };
}

export function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}
