// The shape of a profile (what --profile reads, --openapi derives and --print-profile writes),
// apart from the code that loads and resolves it (profile.ts), which nested-collections.ts serves.
import type { AuthProfile } from '../http/auth/settings.js';
import type { JsonObject, JsonValue } from '../util/json.js';
import type { ForeignPaging, Paging } from './query-roles.js';
import type { FilterSchema, UniqueValue } from './target.js';

/** Where a nested collection's path parameter gets its values (`{accountId}` of `/accounts/{accountId}/calls`). */
export interface ParameterSource {
  /** The collection listing the parent items (`/accounts`): their `property` (or their URL on `itemPath`) holds the values. */
  collection?: string;
  property?: string;
  itemPath?: string;
  /** Values the document gives as examples: tried only when the API lists none. */
  examples?: string[];
}

export interface CollectionProfile {
  /** The collection's path; a nested one's has parameters (`/accounts/{accountId}/calls`), filled at run time. */
  path: string;
  /** A nested collection: where each of its path parameters gets its values. */
  parameters?: Record<string, ParameterSource>;
  key?: string;
  itemPath?: string;
  paging?: Paging;
  /** The API pages in another scheme than the guide's: its parameters (`offset`, `limit`), and a Link header. */
  foreignPaging?: ForeignPaging;
  /** The API sorts with another parameter than the guide's `sort` (`ordering`, `$orderby`): sort.guide-param reports it. */
  foreignSort?: string;
  pageSizeParam?: string;
  /** The document declares no page size parameter for this list: the run sends none (an API may refuse it). */
  unpaged?: boolean;
  /** The page index parameter of offset paging (default `page`). */
  pageParam?: string;
  /** Query parameters the API requires on every list request, with the value the first page sends (a cursor's start). */
  query?: Record<string, string>;
  filters?: string[];
  /** What the document declares of each filter's value; the run's own values fit it. */
  filterSchemas?: Record<string, FilterSchema>;
  sorts?: string[];
  embed?: string;
  /** The full-text search query parameter (`q`). */
  fullText?: string;
  /**
   * `fromSchema`: the body was made from the request schema (the document gives no example), not given;
   * `optional`: its top-level members the schema does not require (the run sends the required ones first);
   * `refusals`: the statuses besides 400 and 422 the POST declares for a body it refuses (409).
   */
  create?: {
    body: JsonObject;
    unique?: UniqueValue[];
    fromSchema?: boolean;
    optional?: string[];
    refusals?: number[];
  };
  deleteCollection?: boolean;
  /** Supported HTTP methods of the collection path; absent: unknown. */
  methods?: string[];
}

export interface DocumentProfile {
  path: string;
  sampleIds?: string[];
  /** Read sample ids at run time from the first page of a collection (item property, or the href's last segment). */
  sampleIdsFrom?: { collection: string; property?: string };
  absentId?: string;
  malformedIds?: string[];
  update?: 'put' | 'patch';
  patch?: JsonObject;
  etag?: boolean;
  /** GET supports `select` (default false: the select checks do not apply). */
  select?: boolean;
  /** Supported HTTP methods; absent: unknown, every write check is tried. */
  methods?: string[];
  /** Dotted paths of read-only members (`self`, `company.href`) that write bodies leave out; absent: links are left out. */
  readOnly?: string[];
  /** The top-level members the update's body declares (`name`, `district`): write bodies hold no other; absent: any. */
  writable?: string[];
}

export interface Profile {
  api?: { health?: string; openapiJson?: string; openapiYaml?: string; traceHeader?: string };
  collections?: CollectionProfile[];
  documents?: DocumentProfile[];
  /** Languages the API serves; the i18n checks demand them (absent: they are guessed from answers). */
  languages?: string[];
  tasks?: Array<{ path: string; body: JsonValue; failingBody?: JsonValue; maxWait?: number; output?: boolean }>;
  controllers?: Array<{
    path: string;
    method?: 'GET' | 'POST';
    query?: Record<string, string>;
    body?: JsonValue;
    expectedStatus?: number;
    /** Supported HTTP methods of the controller's path; absent: unknown. */
    methods?: string[];
  }>;
  /** A protected API: OAuth2 client credentials and mutual TLS; secrets only by environment variable name. */
  auth?: AuthProfile;
}
