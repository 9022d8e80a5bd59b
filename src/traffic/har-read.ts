// Reads HAR 1.2 (browsers, Playwright, `check --record`; Newman and k6 write none) one entry at a time: a file of any size
// is streamed, never held whole in memory.
import { createReadStream } from 'node:fs';
import { makeResponse, type Exchange } from '../core/engine/exchange.js';
import { isObject } from '../core/util/json.js';
import { harEntries } from './har-entries.js';

type Obj = Record<string, unknown>;

/** HTTP/2 pseudo-headers (`:status`) are no headers of the exchange; repeated ones join with ', ' as the client does. */
function headersOf(list: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!Array.isArray(list)) return headers;
  for (const pair of list) {
    if (!isObject(pair) || typeof pair['name'] !== 'string' || pair['name'].startsWith(':')) continue;
    const name = pair['name'].toLowerCase();
    const value = String(pair['value'] ?? '');
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}

/** The body as text; a body the HAR leaves out (browsers omit some) is unknown, not empty: it reads as truncated. */
function bodyOf(content: unknown): { text: string; truncated: boolean } {
  if (!isObject(content)) return { text: '', truncated: false };
  const raw = content['text'];
  const size = typeof content['size'] === 'number' ? content['size'] : 0;
  if (typeof raw !== 'string') return { text: '', truncated: size > 0 };
  const text = content['encoding'] === 'base64' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  return { text, truncated: content['_truncated'] === true };
}

function startedAtOf(value: unknown): { startedAt?: number } {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? { startedAt: at } : {};
}

/** One HAR entry as an exchange; undefined for an entry that is no HTTP exchange (no URL, a failed request with status 0). */
export function exchangeOf(entry: unknown): Exchange | undefined {
  if (!isObject(entry) || !isObject(entry['request']) || !isObject(entry['response'])) return undefined;
  const request = entry['request'] as Obj;
  const response = entry['response'] as Obj;
  const status = Number(response['status']);
  if (typeof request['url'] !== 'string' || !Number.isInteger(status) || status < 100) return undefined;
  let url: string;
  try {
    url = new URL(request['url']).href;
  } catch {
    return undefined;
  }
  const postData =
    isObject(request['postData']) && typeof request['postData']['text'] === 'string'
      ? request['postData']['text']
      : undefined;
  const { text, truncated } = bodyOf(response['content']);
  return {
    request: {
      method: String(request['method'] ?? 'GET').toUpperCase(),
      url,
      headers: headersOf(request['headers']),
      ...(postData === undefined ? {} : { body: postData }),
    },
    response: makeResponse(status, headersOf(response['headers']), text, truncated),
    durationMs: typeof entry['time'] === 'number' ? Math.round(entry['time']) : 0,
    ...startedAtOf(entry['startedDateTime']),
  };
}

/** Every entry of `log.entries`, in order; entries that are no exchange are counted in `skipped`. */
export async function* readHar(path: string, skipped: { count: number } = { count: 0 }): AsyncGenerator<Exchange> {
  // 64 KiB chunks are done with before a scavenge; 1 MiB ones outlived it and piled up until a full GC (up to 17 MB).
  for await (const entry of harEntries(createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>)) {
    const exchange = exchangeOf(entry);
    if (exchange) yield exchange;
    else skipped.count++;
  }
}
