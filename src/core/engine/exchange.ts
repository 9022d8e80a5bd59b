import type { Evidence } from '../report/types.js';
import { curlLine, excerpt, redactHeaders, redactUrl } from '../report/redact.js';

export interface SentRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** Header names lower-cased, as sent (credentials included; redacted only in evidence). */
  headers: Record<string, string>;
  body?: string;
}

interface ReceivedResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The body as UTF-8 text, at most the body cap. */
  text: string;
  /** The body parsed as JSON (lazily); undefined when empty, truncated or not JSON. */
  readonly json: unknown;
  /** True when the body was longer than the cap and reading stopped there. */
  truncated: boolean;
}

/** One request and the response it got. */
export interface Exchange {
  request: SentRequest;
  response: ReceivedResponse;
  durationMs: number;
  /** When the request was sent (ms since the epoch), where known: a recording's or the proxy's time span. */
  startedAt?: number;
}

export function makeResponse(
  status: number,
  headers: Record<string, string>,
  text: string,
  truncated: boolean,
): ReceivedResponse {
  let parsed = false;
  let json: unknown;
  return {
    status,
    headers,
    text,
    truncated,
    get json() {
      if (!parsed) {
        parsed = true;
        if (!truncated && text.trim() !== '') {
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
        }
      }
      return json;
    },
  };
}

/** The media type without parameters, lower-cased: `application/problem+json`. */
export const mediaTypeOf = (response: ReceivedResponse): string | undefined =>
  response.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;

/** What a body is, for messages that say what came instead: `a JSON array`, `a text/html body`, `an empty body`. */
export function describeBody(response: ReceivedResponse): string {
  if (response.text.trim() === '') return 'an empty body';
  if (response.truncated) return 'a body too long to read';
  const json = response.json;
  if (json === undefined) return `a non-JSON ${mediaTypeOf(response) ?? 'untyped'} body`;
  if (json === null) return 'JSON null';
  if (Array.isArray(json)) return 'a JSON array';
  return typeof json === 'object' ? 'a JSON object' : `a JSON ${typeof json}`;
}

/** Scrubs known secrets from a body before it is cut to an excerpt (a secret cut in two would slip past a later pass). */
type Scrub = (text: string) => string;
const unchanged: Scrub = (text) => text;

export function requestEvidence(request: SentRequest, scrub: Scrub = unchanged): Evidence {
  const body = request.body === undefined ? undefined : scrub(request.body);
  return {
    request: {
      method: request.method,
      url: redactUrl(request.url),
      headers: redactHeaders(request.headers),
      ...(body !== undefined ? { body: excerpt(body) } : {}),
    },
    curl: curlLine({ ...request, ...(body !== undefined ? { body } : {}) }),
  };
}

/** What a report shows of an exchange: redacted, bodies capped at 2 KiB. */
export function toEvidence(exchange: Exchange, scrub: Scrub = unchanged): Evidence {
  const { response } = exchange;
  return {
    ...requestEvidence(exchange.request, scrub),
    response: {
      status: response.status,
      headers: redactHeaders(response.headers),
      ...(response.text !== ''
        ? { body: excerpt(scrub(response.text)) + (response.truncated ? ' [truncated at the body cap]' : '') }
        : {}),
    },
  };
}
