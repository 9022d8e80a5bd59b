// `check --wait`: a pipeline that starts its API in a previous step checks it once it answers, not
// while it is still starting (Schemathesis' --wait-for-schema). Any HTTP answer but a gateway's
// 502/503/504 means the API is up: a 404 at /health is an API without one, a 401 a protected one.
import { request } from 'undici';
import { createDispatcher, type ProxyEnv, type TlsMaterial } from './auth/transport.js';
import { UsageError } from '../util/errors.js';

export interface WaitOptions {
  /** Tried in order each round; the first that answers ends the wait. */
  urls: readonly string[];
  timeoutMs: number;
  headers?: Record<string, string>;
  tls?: TlsMaterial;
  proxy?: ProxyEnv;
  /** Between rounds. */
  intervalMs?: number;
  /** Each round's outcome, for the progress line. */
  onProgress?: (progress: { elapsedMs: number; url: string; reason: string }) => void;
}

const NOT_UP = new Set([502, 503, 504]);

/** Why a try failed, in a few words: `connection refused`, `HTTP 503`. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code?.startsWith('UND_ERR_') && code.includes('TIMEOUT')) return 'no answer in time';
  return code ?? (error as Error).message;
}

/** Resolves with what answered and when; after timeoutMs, a UsageError saying what the last try met. */
export async function waitForTarget(options: WaitOptions): Promise<{ url: string; status: number; elapsedMs: number }> {
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  const interval = options.intervalMs ?? 500;
  const dispatcher = createDispatcher({
    timeoutMs: Math.min(5000, options.timeoutMs),
    connections: 1,
    ...(options.tls ? { tls: options.tls } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });
  let last = { url: options.urls[0] ?? '', reason: 'not tried' };
  try {
    // Bounded by the deadline: every try has its own timeout within what is left.
    while (Date.now() < deadline) {
      for (const url of options.urls) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        try {
          const response = await request(url, {
            method: 'GET',
            dispatcher,
            headers: options.headers ?? {},
            signal: AbortSignal.timeout(Math.min(5000, left)),
          });
          await response.body.dump().catch(() => undefined);
          if (!NOT_UP.has(response.statusCode))
            return { url, status: response.statusCode, elapsedMs: Date.now() - started };
          last = { url, reason: `HTTP ${response.statusCode}` };
        } catch (error) {
          last = { url, reason: (error as Error).name === 'TimeoutError' ? 'no answer in time' : reasonOf(error) };
        }
      }
      options.onProgress?.({ elapsedMs: Date.now() - started, ...last });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(interval, deadline - Date.now()))));
    }
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
  throw new UsageError(
    `--wait: ${options.urls.join(', ')} did not answer within ${formatSeconds(options.timeoutMs)} (last try: ${last.url}: ${last.reason})`,
  );
}

export const formatSeconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`;

/** What to wait for: /health, the base URL, then the document's first paths without parameters. */
export function waitUrls(baseUrl: string, document?: Record<string, unknown>): string[] {
  const paths =
    document && typeof document['paths'] === 'object' && document['paths'] !== null
      ? Object.keys(document['paths'])
      : [];
  const plain = paths.filter((path) => path.startsWith('/') && !path.includes('{') && path !== '/health').slice(0, 3);
  return [...new Set([`${baseUrl}/health`, baseUrl, ...plain.map((path) => `${baseUrl}${path}`)])];
}
