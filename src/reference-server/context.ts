import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from './i18n.js';
import type { ParsedQuery } from './query-string.js';
import type { Store } from './store/store.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler sees: validated, typed input and the means to build absolute links; `S`, the server's records. */
export interface RequestContext<S = Store> {
  method: Method;
  /** The request path relative to the base path, as sent. */
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The query string's name/value pairs, as sent (before validation). */
  parsedQuery: ParsedQuery;
  /** The same as URLSearchParams, made on first use. */
  readonly searchParams: URLSearchParams;
  /** The query string as sent, with its leading `?`, or ''. */
  rawQuery: string;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** The public API base URL (configured, never from the Host header), without a trailing slash. */
  base: string;
  /** The response media type chosen from Accept. */
  mediaType: string;
  lang: Language;
  store: S;
  taskDelayMs: number;
}

export interface Reply {
  status: number;
  /** A JSON body; `text` instead for non-JSON media types. */
  body?: unknown;
  /** A JSON body already serialized (from a cache of representations); sent as is. */
  json?: string;
  /** The length of `json` in UTF-8 bytes, when the handler knows it without scanning the text. */
  jsonBytes?: number;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

type Handler<S> = (ctx: RequestContext<S>) => Reply | Promise<Reply>;

export interface RouteDef<S = Store> {
  /** OpenAPI path template, relative to the base path. */
  path: string;
  methods: Partial<Record<Method, Handler<S>>>;
  /** Media types the GET can produce, first is the default; JSON when absent. */
  produces?: string[];
}
