// The judging worker's reading of a forwarded exchange (src/traffic/proxy-worker.ts): judged as the upstream's own.
import { makeResponse, type Exchange } from '../core/engine/exchange.js';
import { asUpstream, ownOrigins } from './own-address.js';
import type { ExchangeCopy } from './proxy-messages.js';

/** Headers that carry links: judged with the proxy's address as the upstream's, as bodies are. */
const LINK_HEADERS = ['location', 'content-location', 'link'];
/** Reads remembered for `read`'s shortcut, at most: a proxy's busy traffic is mostly the same few reads. */
const REMEMBERED = 1000;

/** Raw `name, value, …` headers as one lower-case name each, repeated values joined as HTTP allows. */
function fromRaw(raw: string[]): Record<string, string> {
  const flat: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    flat[name] = flat[name] === undefined ? raw[i + 1]! : `${flat[name]}, ${raw[i + 1]!}`;
  }
  return flat;
}

function fromParsed(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

interface Read {
  copy: ExchangeCopy;
  exchange: Exchange;
  aliases: string[];
}

/**
 * Turns each copy into the exchange the checks judge: its URLs the upstream's, so links it builds from its own
 * address are on its origin; and links to the address the proxy (or a gateway before it) was reached at are the
 * upstream's too. A copy that repeats the last one of its method and target (same request headers and body, same
 * status and body) reuses that one's reading of the body: the same text, read once.
 */
export class ExchangeReader {
  private listening: string[] = [];
  private readonly last = new Map<string, Read>();
  private readonly basePath: string;
  private readonly origin: string;

  constructor(baseUrl: string) {
    this.origin = new URL(baseUrl).origin;
    this.basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  }

  /** Where the proxy listens: its links are the API's too. */
  setListening(origins: string[]): void {
    this.listening = origins;
    this.last.clear();
  }

  read(copy: ExchangeCopy): Exchange {
    const key = `${copy.method} ${copy.target}`;
    const before = this.last.get(key);
    if (
      before &&
      before.copy.status === copy.status &&
      before.copy.truncated === copy.truncated &&
      before.copy.requestBody === copy.requestBody &&
      (before.copy.responseBody === copy.responseBody || before.copy.responseBody.text === copy.responseBody.text) &&
      sameList(before.copy.requestHeaders, copy.requestHeaders)
    )
      return this.exchangeOf(
        copy,
        { ...before.exchange.request.headers },
        before.aliases,
        before.exchange.response.text,
      );
    const requestHeaders = fromRaw(copy.requestHeaders);
    const aliases = ownOrigins(requestHeaders, this.listening, this.origin);
    const exchange = this.exchangeOf(copy, requestHeaders, aliases, this.own(copy.responseBody.text, aliases));
    if (this.last.size >= REMEMBERED) this.last.clear();
    this.last.set(key, { copy, exchange, aliases });
    return exchange;
  }

  private own(text: string, aliases: readonly string[]): string {
    return asUpstream(text, aliases, this.origin, this.basePath);
  }

  private exchangeOf(
    copy: ExchangeCopy,
    requestHeaders: Record<string, string>,
    aliases: readonly string[],
    text: string,
  ): Exchange {
    const responseHeaders = fromParsed(copy.responseHeaders);
    for (const name of LINK_HEADERS) {
      const value = responseHeaders[name];
      if (value !== undefined) responseHeaders[name] = this.own(value, aliases);
    }
    return {
      request: {
        method: copy.method,
        url: `${this.origin}${copy.target}`,
        headers: requestHeaders,
        ...(copy.requestBody !== undefined ? { body: copy.requestBody } : {}),
      },
      response: makeResponse(copy.status, responseHeaders, text, copy.truncated),
      durationMs: copy.durationMs,
      startedAt: copy.startedAt,
    };
  }
}
