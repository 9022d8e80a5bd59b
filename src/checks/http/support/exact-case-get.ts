// A GET whose header names reach the wire exactly as written. The engine's HttpClient lower-cases
// every header name before handing it to undici, so ctx.request cannot ask `ACCEPT-LANGUAGE` of a
// server; node:http keeps the case given to it. Bounded like the engine: same origin only, a
// timeout, the run's deadline, a body cap. It cannot carry the configured credentials (the
// context does not expose them), so the check using it skips when the API refuses it with 401/403.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { CheckContext } from '../../../core/define-check.js';
import { makeResponse, type Exchange } from '../../../core/exchange.js';
import { TransportError } from '../../../core/http-client.js';
import { VERSION } from '../../../core/version.js';

const TIMEOUT_MS = 10_000;
const BODY_CAP = 256 * 1024;

/** GETs `url` (relative to the base URL) with `headers` as named, case kept; rejects with TransportError when no response came. */
export function exactCaseGet(ctx: CheckContext<string>, url: string, headers: Record<string, string>): Promise<Exchange> {
  const target = new URL(ctx.url(url));
  const sent = { method: 'GET', url: target.href, headers: { 'User-Agent': `restguide/${VERSION}`, ...headers } };
  if (target.origin !== new URL(ctx.baseUrl).origin) {
    return Promise.reject(new TransportError(`GET ${target.href}: refusing to leave the target's origin`, sent));
  }
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(TIMEOUT_MS)]);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = performance.now();
  return new Promise<Exchange>((resolve, reject) => {
    const fail = (error: unknown) => reject(new TransportError(`GET ${target.href}: ${signal.aborted ? 'no complete response in time' : (error as Error).message}`, sent));
    const req = send(target, { method: 'GET', headers: sent.headers, signal, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = BODY_CAP - size;
        if (chunk.length > room) { chunks.push(chunk.subarray(0, room)); truncated = true; res.destroy(); finish(); return; }
        chunks.push(chunk);
        size += chunk.length;
      });
      const finish = () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ request: sent, response: makeResponse(res.statusCode ?? 0, flat, text, truncated), durationMs: Math.round(performance.now() - started) });
      };
      res.on('end', finish);
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}
