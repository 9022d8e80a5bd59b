// Before anything else, one GET of the base URL, tried once: a target that accepts connections and never
// answers is one line within the request timeout, not the sum of every discovery request's timeouts and retries.
import type { ProxyEnv, TlsMaterial } from '../core/http/auth/transport.js';
import { UsageError } from '../core/util/errors.js';
import { HttpClient, StalledResponse, TransportError } from '../core/http/http-client.js';
import { redactUrl } from '../core/report/redact.js';

export interface FirstContactOptions {
  url: string;
  timeoutMs: number;
  headers?: Record<string, string>;
  tls?: TlsMaterial;
  proxy?: ProxyEnv;
  /** Called about every second while no answer has come (the progress line of a terminal). */
  onWaiting?: (elapsedMs: number) => void;
}

const PROGRESS_EVERY_MS = 1000;

/**
 * Resolves once the base URL answered anything, or failed in a way the run reports itself (a refused
 * connection, a TLS error); throws a UsageError when no answer came in time.
 */
export async function firstContact(options: FirstContactOptions): Promise<void> {
  const client = new HttpClient({
    baseUrl: options.url,
    allowWrites: false,
    timeoutMs: options.timeoutMs,
    concurrency: 1,
    retries: 0,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });
  const started = performance.now();
  const progress = options.onWaiting
    ? setInterval(() => options.onWaiting?.(performance.now() - started), PROGRESS_EVERY_MS)
    : undefined;
  try {
    await client.request({ url: options.url });
  } catch (error) {
    if (!(error instanceof TransportError) || error instanceof StalledResponse || error.code !== 'TIMEOUT') return;
    const url = redactUrl(options.url);
    throw new UsageError(
      `cannot check ${url}: GET ${url} had no answer within ${options.timeoutMs / 1000} s; the server is stuck or still starting (see --wait), or another program holds that port`,
    );
  } finally {
    clearInterval(progress);
    await client.close();
  }
}
